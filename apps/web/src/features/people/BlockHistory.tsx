/**
 * The block history of an affiliate or a team (product §4: every block and unblock is recorded — who, when, type,
 * reason), newest first, a page at a time. Entries a team's block wrote on a member link to that team.
 */
import { LockOutlined, ReloadOutlined, UnlockOutlined } from '@ant-design/icons';
import type { BlockEvent } from '@leadgrid/shared/people/people';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Result, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { useSession } from '../../app/session';
import { formatDateTime } from '../../components/format';
import type { ListData } from '../../components/table/DataTable';
import { useAffiliatesT } from './affiliates/i18n';
import { PersonCell } from '../../components/person/parts';

const PAGE = 10;

export function BlockHistory({
  keyBase,
  path,
  id,
  teams,
}: {
  keyBase: readonly string[];
  path: string;
  id: number;
  /** titles of teams the entries may name (an affiliate's current team) */
  teams?: Record<number, string>;
}) {
  const { t } = useAffiliatesT();
  const { timezone } = useSession();
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: [...keyBase, 'history', id, page],
    queryFn: ({ signal }) => api.get<ListData<BlockEvent>>(path, { limit: PAGE, offset: (page - 1) * PAGE, withMeta: 1 }, { signal }),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<BlockEvent> = [
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('history.when'),
      render: (s: number) => <Typography.Text style={{ whiteSpace: 'nowrap' }}>{formatDateTime(s, timezone)}</Typography.Text>,
    },
    {
      key: 'action',
      title: t('history.action'),
      render: (_v, e) => (
        <Tag
          color={e.action === 'block' ? 'error' : 'success'}
          icon={e.action === 'block' ? <LockOutlined /> : <UnlockOutlined />}
          style={{ marginInlineEnd: 0 }}
          data-testid="history-action"
        >
          {t(`history.actions.${e.action}`)}
        </Tag>
      ),
    },
    { key: 'blockType', dataIndex: 'blockType', title: t('history.type'), render: (_v, e) => t(`history.types.${e.blockType}`) },
    {
      key: 'reason',
      title: t('history.reason'),
      render: (_v, e) => (
        <Flex vertical gap={2} style={{ maxWidth: 420 }}>
          {e.reason ? (
            <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="history-reason">
              {e.reason}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          )}
          {e.teamId ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('history.viaTeam')} <Link to={`/affiliates/teams/${e.teamId}`}>{teams?.[e.teamId] ?? `#${e.teamId}`}</Link>
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'createdBy', title: t('history.who'), render: (_v, e) => <PersonCell person={e.createdBy} /> },
  ];

  return (
    <Card variant="borderless" title={t('history.title')} data-testid="block-history">
      {history.error ? (
        <Result
          status="warning"
          title={t('history.loadFailed')}
          style={{ padding: '16px 0' }}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void history.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      ) : (
        <Table<BlockEvent>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={history.data?.items ?? []}
          loading={history.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize: PAGE,
            total: history.data?.meta?.totalCount ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: setPage,
          }}
          locale={{
            emptyText: history.isPending ? (
              ' '
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                style={{ margin: '8px 0' }}
                description={
                  <Flex vertical gap={2}>
                    <Typography.Text strong>{t('history.emptyTitle')}</Typography.Text>
                    <Typography.Text type="secondary">{t('history.emptyText')}</Typography.Text>
                  </Flex>
                }
              />
            ),
          }}
        />
      )}
    </Card>
  );
}
