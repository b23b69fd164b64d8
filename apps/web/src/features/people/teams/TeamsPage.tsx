/**
 * /affiliates/teams[/{active|inactive|all}] (front.affiliates.teams.read): affiliate teams with filters (search,
 * manager, traffic block, created range), bulk edit and bulk status; writes need team.update and only teams the
 * user reaches are `editable`.
 */
import { EditOutlined, StopOutlined, TeamOutlined } from '@ant-design/icons';
import type { Team, TeamDetail } from '@leadgrid/shared/people/people';
import { Button, Flex, Select, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { actionsColumn, dateColumn, EditButton, idColumn } from '../../../components/list/columns';
import { CreatedRangeFilter } from '../../../components/list/filters';
import { idsFilter } from '../../../components/list/idsFilter';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { RouteTabs, useRouteTab } from '../../../components/list/RouteTabs';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { PeopleList, peopleListEmpty, TrafficBadge } from '../../../components/person/parts';
import { ManagerPicker } from '../../../components/pickers/people';
import { StatusTag } from '../../../components/StatusTag';
import { BulkBar, SearchBox, useBulkStatus } from '../../../components/listing/parts';
import { TEAM_WRITE, teamsApi, useChangeTeamStatus, useTeams } from './api';
import { useTeamsT } from './i18n';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const TeamDrawer = lazyWhenOpen(() => import('./TeamDrawer').then((m) => m.TeamDrawer));
const TeamBulkModal = lazyWhenOpen(() => import('./TeamBulkModal').then((m) => m.TeamBulkModal));

const TABS = ['active', 'inactive', 'all'] as const;
const FILTERS = ['search', 'managerId', 'trafficBlocked', 'createdFrom', 'createdTo'] as const;

export default function TeamsPage() {
  const { t } = useTeamsT();
  const { access, timezone } = useSession();
  const navigate = useNavigate();
  const canWrite = allowed(access, TEAM_WRITE);
  const tab = useRouteTab(TABS, 3, 'all');
  const resource = useResourceList({
    defaultOrderBy: 'id:desc',
    filters: FILTERS,
    scope: { status: tab === 'all' ? undefined : tab },
    useList: useTeams,
  });
  const { table, filtered, selected, clearSelection } = resource;
  const changeStatus = useChangeTeamStatus();
  const bulkStatus = useBulkStatus(changeStatus, clearSelection);
  const [drawer, setDrawer] = useState<{ team: TeamDetail | null } | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const f = table.filters;

  const openEdit = async (row: Team) => {
    const detail = await teamsApi.get(row.id).catch(() => undefined);
    if (detail) setDrawer({ team: detail });
  };

  const columns: DataColumn<Team>[] = [
    idColumn(t('columns.id')),
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
    dateColumn('createdAt', t('columns.createdAt'), timezone),
  ];
  if (canWrite) {
    columns.push(
      actionsColumn(t('columns.actions'), (row) =>
        row.editable ? <EditButton label={t('actions.edit')} name={row.title} onClick={() => void openEdit(row)} /> : null,
      ),
    );
  }

  return (
    <ResourceListPage<Team>
      title={t('title')}
      subtitle={t('subtitle')}
      create={canWrite && { label: t('actions.create'), onClick: () => setDrawer({ team: null }), testId: 'team-create' }}
      tabs={<RouteTabs tabs={TABS} value={tab} base="/affiliates/teams" label={(v) => t(`tabs.${v}`)} />}
      resource={resource}
      name="affiliates.teams"
      size="middle"
      columns={columns}
      selectable={canWrite && { getCheckboxProps: (row) => ({ disabled: !row.editable }) }}
      empty={peopleListEmpty(t, {
        filtered,
        tab,
        reset: table.reset,
        create: canWrite ? () => setDrawer({ team: null }) : undefined,
      })}
      toolbar={
        <>
          <SearchBox table={table} placeholder={t('filters.search')} />
          <ManagerPicker {...idsFilter(table, 'managerId', t('filters.manager'), 200)} />
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
          <CreatedRangeFilter table={table} />
        </>
      }
      bulk={(ids) => (
        <BulkBar
          count={ids.length}
          onClear={clearSelection}
          busy={changeStatus.isPending}
          onStatus={(status) => bulkStatus(ids, status)}
          extra={
            <Button size="small" icon={<EditOutlined />} onClick={() => setBulkOpen(true)} data-testid="team-bulk-edit">
              {t('bulk.open')}
            </Button>
          }
        />
      )}
    >
      <TeamDrawer
        open={drawer !== null}
        team={drawer?.team ?? null}
        onClose={() => setDrawer(null)}
        onSaved={(saved) => {
          if (!drawer?.team) navigate(`/affiliates/teams/${saved.id}`);
        }}
      />
      <TeamBulkModal ids={selected} open={bulkOpen} onClose={() => setBulkOpen(false)} onDone={clearSelection} />
    </ResourceListPage>
  );
}
