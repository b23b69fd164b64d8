/**
 * The past imports of the lead import screen (`GET /lead-imports`: the imports the user may see, newest first, paged
 * by the URL like every list): when (the user's zone), who, the file, offer, affiliate and mode, the state — with the
 * progress of a running import, the list re-read every few seconds while one runs — the counts of accepted, duplicate
 * and invalid rows, and the report of a finished one.
 */
import { DownloadOutlined } from '@ant-design/icons';
import type { LeadImportListItem } from '@leadgrid/shared/engine/lead-edit-import';
import { Button, Flex, Progress, Tag, Tooltip, Typography } from 'antd';
import { useSession } from '../../../app/session';
import { saveBlob } from '../../../components/export/ExportButton';
import { EMPTY_VALUE, formatDateTime } from '../../../components/format';
import { ResourceListTable } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { leadImportApi, useImportList } from './api';
import { useLeadImportT } from './i18n';

const STATUS_COLOR: Record<LeadImportListItem['status'], string> = {
  draft: 'default',
  pending: 'processing',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

function State({ item }: { item: LeadImportListItem }) {
  const { t } = useLeadImportT();
  const tag = <Tag color={STATUS_COLOR[item.status]}>{t(`history.status.${item.status}`)}</Tag>;
  if (item.status !== 'pending' && item.status !== 'running')
    return item.status === 'failed' && item.error ? <Tooltip title={item.error}>{tag}</Tooltip> : tag;
  return (
    <Flex vertical gap={2} style={{ minWidth: 140 }} data-testid={`import-history-progress-${item.id}`}>
      {tag}
      <Progress percent={item.progress} size="small" status="active" />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('history.rows', { done: item.rowsDone, total: item.rowsTotal })}
      </Typography.Text>
    </Flex>
  );
}

export function ImportHistory() {
  const { t } = useLeadImportT();
  const { timezone } = useSession();
  // the history is newest first and unsorted: only the page goes to the server
  const resource = useResourceList({ useList: (q) => useImportList({ limit: Number(q.limit), offset: Number(q.offset ?? 0) }) });
  const { list } = resource;
  const finished = (i: LeadImportListItem) => i.status === 'done' || i.status === 'failed';
  const download = async (i: LeadImportListItem) => saveBlob(await leadImportApi.report(i.id), `lead-import-${i.id}-report.csv`);

  const columns: DataColumn<LeadImportListItem>[] = [
    { key: 'createdAt', title: t('history.columns.when'), alwaysVisible: true, render: (v: number) => formatDateTime(v, timezone) },
    { key: 'userName', title: t('history.columns.who') },
    {
      key: 'fileName',
      title: t('history.columns.file'),
      render: (v: string, i) => (
        <Flex vertical>
          <Typography.Text>{v}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('upload.rows', { count: i.rowsTotal })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'offerTitle',
      title: t('history.columns.offer'),
      render: (v: string | null, i) => (v ? `${v} (#${i.offerId})` : EMPTY_VALUE),
    },
    { key: 'affiliateName', title: t('history.columns.affiliate'), render: (v: string | null) => v ?? EMPTY_VALUE },
    {
      key: 'distribute',
      title: t('history.columns.mode'),
      render: (v: boolean, i) => (i.status === 'draft' ? EMPTY_VALUE : v ? t('history.mode.distribute') : t('history.mode.store')),
    },
    { key: 'status', title: t('history.columns.state'), alwaysVisible: true, render: (_v, i) => <State item={i} /> },
    {
      key: 'counts',
      title: t('history.columns.counts'),
      settingsLabel: t('history.columns.countsLabel'),
      render: (_v, i) =>
        i.status === 'draft' ? (
          EMPTY_VALUE
        ) : (
          <Flex gap={6} wrap data-testid={`import-history-counts-${i.id}`}>
            <Tooltip title={t('progress.accepted')}>
              <Typography.Text style={{ color: 'var(--ant-color-success)' }}>{i.accepted}</Typography.Text>
            </Tooltip>
            <Typography.Text type="secondary">/</Typography.Text>
            <Tooltip title={t('progress.duplicates')}>
              <Typography.Text style={{ color: 'var(--ant-color-warning)' }}>{i.duplicates}</Typography.Text>
            </Tooltip>
            <Typography.Text type="secondary">/</Typography.Text>
            <Tooltip title={t('progress.invalid')}>
              <Typography.Text style={{ color: 'var(--ant-color-error)' }}>{i.invalid}</Typography.Text>
            </Tooltip>
          </Flex>
        ),
    },
    {
      key: 'report',
      title: t('history.columns.report'),
      alwaysVisible: true,
      render: (_v, i) =>
        finished(i) ? (
          <Button size="small" icon={<DownloadOutlined />} onClick={() => void download(i)} data-testid={`import-history-report-${i.id}`}>
            {t('history.report')}
          </Button>
        ) : null,
    },
  ];

  return (
    <ResourceListTable<LeadImportListItem>
      resource={resource}
      name="lead-imports"
      columns={columns}
      loading={list.isFetching && !list.data}
      empty={{ title: t('history.emptyTitle'), description: t('history.emptyText') }}
      toolbar={
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('history.title')}
        </Typography.Title>
      }
      data-testid="import-history"
    />
  );
}
