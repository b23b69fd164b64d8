/**
 * /affiliates/members/{active|inactive|blocked|all} (front.menu.affiliates.read): the affiliates with filters
 * (manager, team, tags, traffic block, search by name, e-mail or id, created range), bulk edit and bulk status,
 * and the create drawer. Writes need user.update; an affiliate manager sees only the affiliates they manage
 * (the server decides, and `editable` says which rows the user may change).
 */
import { EditOutlined, PoweroffOutlined, StopOutlined, TeamOutlined } from '@ant-design/icons';
import type { Affiliate, AffiliateDetail } from '@leadgrid/shared/people/people';
import { Button, Flex, Select, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { actionsColumn, dateColumn, idColumn, RowMenu } from '../../../components/list/columns';
import { CreatedRangeFilter } from '../../../components/list/filters';
import { idsFilter } from '../../../components/list/idsFilter';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { RouteTabs, useRouteTab } from '../../../components/list/RouteTabs';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { TagPicker } from '../../../components/pickers/lists';
import { BulkBar, SearchBox, useConfirmStatus } from '../../../components/listing/parts';
import { affiliatesApi, useAffiliates, useChangeAffiliateBlock, useChangeAffiliateStatus } from '../../../api/affiliates';
import { useAffiliatesT } from './i18n';
import { ManagerPicker, TeamPicker } from '../../../components/pickers/people';
import { personName } from '@leadgrid/shared/people/names';
import { AFFILIATE_WRITE, PeopleList, peopleListEmpty, StatusCell, TrafficBadge } from '../../../components/person/parts';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const AffiliateDrawer = lazyWhenOpen(() => import('./AffiliateDrawer').then((m) => m.AffiliateDrawer));
const BlockModal = lazyWhenOpen(() => import('../BlockModal').then((m) => m.BlockModal));
const BulkEditModal = lazyWhenOpen(() => import('./BulkEditModal').then((m) => m.BulkEditModal));

const TABS = ['active', 'inactive', 'blocked', 'all'] as const;
const FILTERS = ['search', 'managerId', 'teamId', 'tagIds', 'trafficBlocked', 'createdFrom', 'createdTo'] as const;

export default function AffiliatesPage() {
  const { t } = useAffiliatesT();
  const { access, timezone } = useSession();
  const navigate = useNavigate();
  const canWrite = allowed(access, AFFILIATE_WRITE);
  const tab = useRouteTab(TABS, 3, 'all');
  const resource = useResourceList({
    defaultOrderBy: 'id:desc',
    filters: FILTERS,
    scope: { status: tab === 'all' ? undefined : tab },
    useList: useAffiliates,
  });
  const { table, filtered, selected, clearSelection } = resource;
  const changeStatus = useChangeAffiliateStatus();
  const block = useChangeAffiliateBlock();
  const confirmStatus = useConfirmStatus();
  const [drawer, setDrawer] = useState<{ affiliate: AffiliateDetail | null } | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [blocking, setBlocking] = useState<number[] | null>(null);
  const f = table.filters;

  const openEdit = async (row: Affiliate) => {
    try {
      const detail = await affiliatesApi.get(row.id);
      if (detail) setDrawer({ affiliate: detail });
    } catch {
      navigate(`/affiliates/members/${row.id}`);
    }
  };

  const columns: DataColumn<Affiliate>[] = [
    idColumn(t('columns.id'), 72),
    {
      key: 'name',
      title: t('columns.name'),
      sortable: true,
      alwaysVisible: true,
      render: (_v, row) => (
        <Flex vertical style={{ minWidth: 180, lineHeight: 1.3 }}>
          <Link to={`/affiliates/members/${row.id}`} style={{ fontWeight: 600 }} data-testid="affiliate-name">
            {personName(row)}
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.email}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('columns.status'),
      sortable: true,
      render: (_v, row) => <StatusCell status={row.status} reason={row.blockReason} teamAccess={row.teamAccessBlocked} />,
    },
    {
      key: 'trafficBlocked',
      title: t('columns.traffic'),
      render: (_v, row) => <TrafficBadge blocked={row.trafficBlocked} byTeam={row.teamTrafficBlocked && !row.ownTrafficBlocked} />,
    },
    {
      key: 'team',
      title: t('columns.team'),
      render: (_v, row) =>
        row.team ? (
          <Link
            to={`/affiliates/teams/${row.team.id}`}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 6, maxWidth: 140 }}
            title={row.team.title}
          >
            <TeamOutlined style={{ opacity: 0.6 }} />
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{row.team.title}</span>
          </Link>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { key: 'managers', title: t('columns.managers'), render: (_v, row) => <PeopleList people={row.managers} max={1} /> },
    {
      key: 'tags',
      title: t('columns.tags'),
      render: (_v, row) =>
        row.tags.length ? (
          <Flex gap={4} wrap={false} style={{ maxWidth: 140 }}>
            {row.tags.slice(0, 1).map((tag) => (
              <Tag
                key={tag.id}
                style={{ marginInlineEnd: 0, maxWidth: 100, overflow: 'hidden', textOverflow: 'ellipsis' }}
                title={tag.title}
              >
                {tag.title}
              </Tag>
            ))}
            {row.tags.length > 1 ? (
              <Tooltip
                title={row.tags
                  .slice(1)
                  .map((x) => x.title)
                  .join(', ')}
              >
                <Tag style={{ marginInlineEnd: 0 }}>+{row.tags.length - 1}</Tag>
              </Tooltip>
            ) : null}
          </Flex>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    dateColumn('createdAt', t('columns.createdAt'), timezone),
  ];
  if (canWrite) {
    columns.push(
      actionsColumn(t('columns.actions'), (row) =>
        row.editable ? (
          <RowMenu
            label={t('actions.more')}
            name={personName(row)}
            testId={`affiliate-actions-${row.id}`}
            menu={{
              items: [
                { key: 'edit', icon: <EditOutlined />, label: t('actions.edit') },
                ...(row.status !== 'blocked'
                  ? [
                      {
                        key: 'status',
                        icon: <PoweroffOutlined />,
                        label: row.status === 'active' ? t('actions.deactivate') : t('actions.activate'),
                      },
                    ]
                  : []),
                { type: 'divider' as const },
                { key: 'block', icon: <StopOutlined />, label: t('block.action'), danger: true },
              ],
              onClick: ({ key }) => {
                if (key === 'edit') void openEdit(row);
                if (key === 'status') {
                  const next = row.status === 'active' ? 'inactive' : 'active';
                  confirmStatus(1, next, () => changeStatus.mutateAsync([{ id: row.id, status: next }]));
                }
                if (key === 'block') setBlocking([row.id]);
              },
            }}
          />
        ) : null,
      ),
    );
  }

  const bulkStatus = (status: 'active' | 'inactive') =>
    confirmStatus(selected.length, status, async () => {
      await changeStatus.mutateAsync(selected.map((id) => ({ id, status })));
      clearSelection();
    });

  return (
    <ResourceListPage<Affiliate>
      title={t('title')}
      subtitle={t('subtitle')}
      create={canWrite && { label: t('actions.create'), onClick: () => setDrawer({ affiliate: null }), testId: 'affiliate-create' }}
      tabs={<RouteTabs tabs={TABS} value={tab} base="/affiliates/members" label={(v) => t(`tabs.${v}`)} testId="affiliate-tabs" />}
      resource={resource}
      name="affiliates.members"
      size="middle"
      columns={columns}
      selectable={canWrite && { getCheckboxProps: (row) => ({ disabled: !row.editable }) }}
      empty={peopleListEmpty(t, {
        filtered,
        tab,
        reset: table.reset,
        create: canWrite ? () => setDrawer({ affiliate: null }) : undefined,
      })}
      toolbar={
        <>
          <SearchBox table={table} placeholder={t('filters.search')} />
          <ManagerPicker {...idsFilter(table, 'managerId', t('filters.manager'), 200)} />
          <TeamPicker {...idsFilter(table, 'teamId', t('filters.team'), 180)} />
          <TagPicker type="affiliate" {...idsFilter(table, 'tagIds', t('filters.tags'), 180)} />
          <Select
            allowClear
            value={f.trafficBlocked}
            onChange={(v?: string) => table.setFilters({ trafficBlocked: v ?? null })}
            placeholder={t('filters.traffic')}
            options={[
              { value: '1', label: t('traffic.blocked') },
              { value: '0', label: t('traffic.open') },
            ]}
            style={{ width: 160 }}
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
          onStatus={bulkStatus}
          extra={
            <>
              <Button size="small" icon={<EditOutlined />} onClick={() => setBulkOpen(true)} data-testid="bulk-edit">
                {t('bulk.open')}
              </Button>
              <Button size="small" danger icon={<StopOutlined />} onClick={() => setBlocking(ids)}>
                {t('block.action')}
              </Button>
            </>
          }
        />
      )}
    >
      <AffiliateDrawer
        open={drawer !== null}
        affiliate={drawer?.affiliate ?? null}
        onClose={() => setDrawer(null)}
        onSaved={(saved) => {
          if (!drawer?.affiliate) navigate(`/affiliates/members/${saved.id}`);
        }}
      />
      <BulkEditModal ids={selected} open={bulkOpen} onClose={() => setBulkOpen(false)} onDone={clearSelection} />
      <BlockModal
        open={blocking !== null}
        title={t('block.titleMany', { count: blocking?.length ?? 0 })}
        onClose={() => setBlocking(null)}
        onSubmit={async ({ blockType, reason }) => {
          await block.mutateAsync((blocking ?? []).map((id) => ({ id, action: 'block' as const, blockType, reason })));
          clearSelection();
        }}
      />
    </ResourceListPage>
  );
}
