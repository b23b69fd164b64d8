/**
 * /affiliates/teams[/{active|inactive|all}] (front.affiliates.teams.read): affiliate teams with filters (search,
 * manager, traffic block, created range), bulk edit and bulk status; writes need team.update and only teams the
 * user reaches are `editable`.
 */
import { EditOutlined, PlusOutlined, StopOutlined, TeamOutlined } from '@ant-design/icons';
import type { Team, TeamDetail } from '@leadgrid/shared/people/people';
import { Button, Card, Flex, Segmented, Select, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDate, formatDateTime } from '../../../components/format';
import { Page } from '../../../components/Page';
import { StatusTag } from '../../../components/StatusTag';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { useTable } from '../../../components/table/useTable';
import { PeopleList, TrafficBadge } from '../../../components/person/parts';
import { ManagerPicker } from '../../../components/pickers/people';
import { SecondsRangeFilter } from '../../../components/period/SecondsRangeFilter';
import { BulkBar, SearchBox, useConfirmStatus } from '../../../components/listing/parts';
import { TEAM_WRITE, teamsApi, useChangeTeamStatus, useTeams } from './api';
import { useTeamsT } from './i18n';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const TeamDrawer = lazyWhenOpen(() => import('./TeamDrawer').then((m) => m.TeamDrawer));
const TeamBulkModal = lazyWhenOpen(() => import('./TeamBulkModal').then((m) => m.TeamBulkModal));

const TABS = ['active', 'inactive', 'all'] as const;
type Tab = (typeof TABS)[number];
const FILTERS = ['search', 'managerId', 'trafficBlocked', 'createdFrom', 'createdTo'] as const;
const idList = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
    : [];

export default function TeamsPage() {
  const { t } = useTeamsT();
  const { access, timezone } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const canWrite = allowed(access, TEAM_WRITE);
  const segment = location.pathname.split('/')[3] as Tab | undefined;
  const tab: Tab = segment && (TABS as readonly string[]).includes(segment) ? segment : 'all';
  const table = useTable({ defaultOrderBy: 'id:desc', filters: FILTERS });
  const list = useTeams({ ...table.query, status: tab === 'all' ? undefined : tab });
  const changeStatus = useChangeTeamStatus();
  const confirmStatus = useConfirmStatus();
  const [selected, setSelected] = useState<number[]>([]);
  const [drawer, setDrawer] = useState<{ team: TeamDetail | null } | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const f = table.filters;
  const filtered = FILTERS.some((k) => f[k]);

  const openEdit = async (row: Team) => {
    const detail = await teamsApi.get(row.id).catch(() => undefined);
    if (detail) setDrawer({ team: detail });
  };

  const columns: DataColumn<Team>[] = [
    {
      key: 'id',
      title: t('columns.id'),
      sortable: true,
      width: 80,
      render: (id: number) => <Typography.Text type="secondary">#{id}</Typography.Text>,
    },
    {
      key: 'title',
      title: t('columns.title'),
      sortable: true,
      alwaysVisible: true,
      render: (_v, row) => (
        <Flex vertical style={{ minWidth: 180, lineHeight: 1.3 }}>
          <Link to={`/affiliates/teams/${row.id}`} style={{ fontWeight: 600 }} data-testid="team-title">
            {row.title}
          </Link>
          {row.description ? (
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 280 }}>
              {row.description}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'status', title: t('columns.status'), sortable: true, render: (_v, row) => <StatusTag status={row.status} /> },
    {
      key: 'trafficBlocked',
      title: t('columns.blocks'),
      render: (_v, row) =>
        row.trafficBlocked || row.accessBlocked ? (
          <Tooltip title={row.blockReason ?? undefined}>
            <Flex gap={4} wrap>
              {row.trafficBlocked ? <TrafficBadge blocked /> : null}
              {row.accessBlocked ? (
                <Tag color="error" icon={<StopOutlined />} style={{ marginInlineEnd: 0 }}>
                  {t('access.blocked')}
                </Tag>
              ) : null}
            </Flex>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('access.none')}</Typography.Text>
        ),
    },
    {
      key: 'membersCount',
      title: t('columns.members'),
      sortable: true,
      align: 'right',
      render: (n: number) => (
        <Flex gap={6} justify="flex-end" align="center" style={{ fontVariantNumeric: 'tabular-nums' }}>
          <TeamOutlined style={{ opacity: 0.45 }} />
          {n}
        </Flex>
      ),
    },
    { key: 'managers', title: t('columns.managers'), render: (_v, row) => <PeopleList people={row.managers} /> },
    {
      key: 'createdAt',
      title: t('columns.createdAt'),
      sortable: true,
      render: (s: number) => (
        <Tooltip title={formatDateTime(s, timezone)}>
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>{formatDate(s, timezone)}</Typography.Text>
        </Tooltip>
      ),
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: '',
      settingsLabel: t('columns.actions'),
      alwaysVisible: true,
      width: 56,
      align: 'right',
      fixed: 'right',
      render: (_v, row) =>
        row.editable ? (
          <Tooltip title={t('actions.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`${t('actions.edit')}: ${row.title}`}
              onClick={() => void openEdit(row)}
            />
          </Tooltip>
        ) : null,
    });
  }

  return (
    <Page
      title={t('title')}
      subtitle={t('subtitle')}
      extra={
        canWrite ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ team: null })} data-testid="team-create">
            {t('actions.create')}
          </Button>
        ) : null
      }
    >
      <Card variant="borderless">
        <Flex vertical gap={12}>
          <Segmented
            value={tab}
            onChange={(v) => {
              setSelected([]);
              navigate({ pathname: `/affiliates/teams/${v}`, search: location.search.replace(/([?&])offset=\d+&?/, '$1') });
            }}
            options={TABS.map((value) => ({ value, label: t(`tabs.${value}`) }))}
            style={{ alignSelf: 'flex-start' }}
          />
          <DataTable<Team>
            name="affiliates.teams"
            size="middle"
            columns={columns}
            table={table}
            data={list.data}
            loading={list.isFetching}
            error={list.error}
            onRetry={() => void list.refetch()}
            rowSelection={
              canWrite
                ? {
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys as number[]),
                    preserveSelectedRowKeys: true,
                    getCheckboxProps: (row) => ({ disabled: !row.editable }),
                  }
                : undefined
            }
            empty={{
              title: filtered || tab !== 'all' ? t('emptyFilteredTitle') : t('emptyTitle'),
              description: filtered ? t('emptyFiltered') : t('emptyText'),
              action: filtered ? (
                <Button onClick={table.reset}>{t('filters.reset')}</Button>
              ) : canWrite ? (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ team: null })}>
                  {t('actions.create')}
                </Button>
              ) : undefined,
            }}
            toolbar={
              <>
                <SearchBox table={table} placeholder={t('filters.search')} />
                <ManagerPicker
                  value={idList(f.managerId)}
                  onChange={(v) => table.setFilters({ managerId: v as number[] })}
                  placeholder={t('filters.manager')}
                  maxTagCount="responsive"
                  style={{ width: 200 }}
                  aria-label={t('filters.manager')}
                />
                <Select
                  allowClear
                  value={f.trafficBlocked}
                  onChange={(v?: string) => table.setFilters({ trafficBlocked: v ?? null })}
                  placeholder={t('filters.traffic')}
                  options={[
                    { value: '1', label: t('filters.trafficBlocked') },
                    { value: '0', label: t('filters.trafficOpen') },
                  ]}
                  style={{ width: 170 }}
                  aria-label={t('filters.traffic')}
                />
                <SecondsRangeFilter
                  value={{ from: f.createdFrom, to: f.createdTo }}
                  onChange={(r) => table.setFilters({ createdFrom: r.from ?? null, createdTo: r.to ?? null })}
                />
              </>
            }
            title={
              selected.length
                ? () => (
                    <BulkBar
                      count={selected.length}
                      onClear={() => setSelected([])}
                      busy={changeStatus.isPending}
                      onStatus={(status) =>
                        confirmStatus(selected.length, status, async () => {
                          await changeStatus.mutateAsync(selected.map((id) => ({ id, status })));
                          setSelected([]);
                        })
                      }
                      extra={
                        <Button size="small" icon={<EditOutlined />} onClick={() => setBulkOpen(true)} data-testid="team-bulk-edit">
                          {t('bulk.open')}
                        </Button>
                      }
                    />
                  )
                : undefined
            }
          />
        </Flex>
      </Card>
      <TeamDrawer
        open={drawer !== null}
        team={drawer?.team ?? null}
        onClose={() => setDrawer(null)}
        onSaved={(saved) => {
          if (!drawer?.team) navigate(`/affiliates/teams/${saved.id}`);
        }}
      />
      <TeamBulkModal ids={selected} open={bulkOpen} onClose={() => setBulkOpen(false)} onDone={() => setSelected([])} />
    </Page>
  );
}
