/**
 * /settings/verticals[/active|/inactive] (vertical.read; writes vertical.update): the markets leads are bought for,
 * with their goals, advertisers and the platforms of their integration templates. Deactivating asks first and says
 * how many advertisers it also stops. A row opens /settings/verticals/{id}/general.
 */
import { CheckCircleOutlined, CloseCircleOutlined, RightOutlined } from '@ant-design/icons';
import type { IntegrationTemplate } from '@leadgrid/shared/sell-side/integration-templates';
import { SELL_SIDE_STATUSES } from '@leadgrid/shared/sell-side/sell-side';
import type { Vertical } from '@leadgrid/shared/sell-side/verticals';
import { Button, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { actionsColumn, dateColumn, EditButton } from '../../../components/list/columns';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { statusScope, StatusTabs, useStatusTab } from '../../../components/list/RouteTabs';
import { useResourceList } from '../../../components/list/useResourceList';
import { StatusTag } from '../../../components/StatusTag';
import type { DataColumn } from '../../../components/table/DataTable';
import { statusListEmpty } from '../parts';
import { BulkBar, SearchBox, useStatusFilters } from '../../../components/listing/parts';
import { useConfirmVerticalStatus } from './actions';
import {
  ADVERTISERS_READ,
  PLATFORMS_READ,
  TEMPLATES_READ,
  useVerticalAdvertisers,
  useVerticals,
  useVerticalTemplates,
  VERTICAL_WRITE,
} from './api';
import { NS } from './i18n';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const VerticalDrawer = lazyWhenOpen(() => import('./VerticalDrawer').then((m) => m.VerticalDrawer));

/** How many advertisers buy in this vertical (a count look-up: limit 1). */
function AdvertisersCell({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const count = useVerticalAdvertisers(id, 1, true);
  if (count.isPending) return <Typography.Text type="secondary">…</Typography.Text>;
  if (count.isError) return <Typography.Text type="secondary">—</Typography.Text>;
  const n = count.data.meta?.totalCount ?? count.data.items.length;
  return n ? (
    <Link to={`/settings/verticals/${id}/general`} data-testid="vertical-advertisers-count">
      {t('counts.advertisers', { count: n })}
    </Link>
  ) : (
    <Typography.Text type="secondary" data-testid="vertical-advertisers-count">
      {t('counts.none')}
    </Typography.Text>
  );
}

/** The distinct platforms of the templates, first one shown, the rest as +N. */
export function PlatformTags({ templates, linkPlatforms }: { templates: IntegrationTemplate[]; linkPlatforms: boolean }) {
  const { t } = useTranslation(NS);
  const platforms = [...new Map(templates.map((x) => [x.platform.id, x.platform])).values()].sort((a, b) => a.title.localeCompare(b.title));
  if (!platforms.length) return <Typography.Text type="secondary">{t('counts.none')}</Typography.Text>;
  const [first, ...rest] = platforms;
  return (
    <Flex gap={4} wrap={false} align="center">
      <Tag style={{ marginInlineEnd: 0, maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {linkPlatforms ? <Link to={`/settings/platforms/${first.id}`}>{first.title}</Link> : first.title}
      </Tag>
      {rest.length ? (
        <Tooltip title={rest.map((p) => p.title).join(', ')}>
          <Tag style={{ marginInlineEnd: 0 }}>+{rest.length}</Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

export default function VerticalsPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { access, timezone } = useSession();
  const canWrite = allowed(access, VERTICAL_WRITE);
  const canSeeAdvertisers = allowed(access, ADVERTISERS_READ);
  const canSeeTemplates = allowed(access, TEMPLATES_READ);
  const tab = useStatusTab();
  const resource = useResourceList({
    defaultOrderBy: 'title:asc',
    filters: ['search', 'status'],
    scope: statusScope(tab),
    useList: useVerticals,
  });
  const { table, list, filtered, clearSelection } = resource;
  const ids = useMemo(() => (list.data?.items ?? []).map((v) => v.id), [list.data]);
  const templates = useVerticalTemplates(ids, canSeeTemplates);
  const byVertical = useMemo(() => {
    const map = new Map<number, IntegrationTemplate[]>();
    for (const x of templates.data ?? []) map.set(x.vertical.id, [...(map.get(x.vertical.id) ?? []), x]);
    return map;
  }, [templates.data]);
  const statusFilters = useStatusFilters(SELL_SIDE_STATUSES);
  const status = useConfirmVerticalStatus();
  const [editing, setEditing] = useState<Vertical | 'new' | null>(null);
  const open = (row: Vertical) => navigate(`/settings/verticals/${row.id}/general`);

  const columns: DataColumn<Vertical>[] = [
    { key: 'id', title: t('fields.id'), sortable: true, width: 72 },
    {
      key: 'title',
      title: t('fields.title'),
      sortable: true,
      alwaysVisible: true,
      render: (title: string, row) => (
        <Flex vertical style={{ maxWidth: 280 }}>
          <Link to={`/settings/verticals/${row.id}/general`} style={{ fontWeight: 600 }} data-testid="vertical-row-title">
            {title}
          </Link>
          {row.description ? (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.description }} style={{ fontSize: 12, maxWidth: 280 }}>
              {row.description}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('fields.status'),
      sortable: true,
      filters: tab === 'all' ? statusFilters : undefined,
      render: (s: string) => <StatusTag status={s} />,
    },
    {
      key: 'goals',
      title: t('fields.goals'),
      render: (goals: Vertical['goals'], row) =>
        goals.length ? (
          <Tooltip title={goals.map((g) => g.title).join(', ')}>
            <Link to={`/settings/verticals/${row.id}/goals`} data-testid="vertical-goals-count">
              {t('counts.goals', { count: goals.length })}
            </Link>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('counts.none')}</Typography.Text>
        ),
    },
    ...(canSeeAdvertisers
      ? [{ key: 'advertisers', title: t('fields.advertisers'), render: (_: unknown, row: Vertical) => <AdvertisersCell id={row.id} /> }]
      : []),
    ...(canSeeTemplates
      ? [
          {
            key: 'platforms',
            title: t('fields.platforms'),
            render: (_: unknown, row: Vertical) =>
              templates.isPending ? (
                <Typography.Text type="secondary">…</Typography.Text>
              ) : (
                <PlatformTags templates={byVertical.get(row.id) ?? []} linkPlatforms={allowed(access, PLATFORMS_READ)} />
              ),
          },
        ]
      : []),
    dateColumn('createdAt', t('fields.createdAt'), timezone),
    actionsColumn(
      t('actions.actions'),
      (row) => (
        <Space size={0}>
          {canWrite ? (
            <>
              <EditButton label={t('actions.edit')} onClick={() => setEditing(row)} testId="vertical-edit" />
              <Tooltip title={row.status === 'active' ? t('actions.deactivate') : t('actions.activate')}>
                <Button
                  type="text"
                  icon={row.status === 'active' ? <CloseCircleOutlined /> : <CheckCircleOutlined />}
                  aria-label={row.status === 'active' ? t('actions.deactivate') : t('actions.activate')}
                  onClick={() => void status.run([row.id], row.status === 'active' ? 'inactive' : 'active')}
                  data-testid="vertical-toggle-status"
                />
              </Tooltip>
            </>
          ) : null}
          <Tooltip title={t('actions.open')}>
            <Button type="text" icon={<RightOutlined />} aria-label={t('actions.open')} onClick={() => open(row)} />
          </Tooltip>
        </Space>
      ),
      120,
    ),
  ];

  return (
    <ResourceListPage<Vertical>
      title={t('title')}
      subtitle={t('subtitle')}
      create={canWrite && { label: t('create'), onClick: () => setEditing('new'), testId: 'vertical-create' }}
      resource={resource}
      name="settings.verticals"
      columns={columns}
      onRow={(row) => ({ onDoubleClick: () => open(row) })}
      selectable={canWrite}
      empty={statusListEmpty(t, { filtered, tab, create: canWrite ? () => setEditing('new') : undefined })}
      toolbar={
        <>
          <StatusTabs value={tab} base="/settings/verticals" allLabel={t('tabs.all')} testId="vertical-tabs" />
          <SearchBox table={table} placeholder={t('search')} />
        </>
      }
      bulk={(ids) => (
        <BulkBar
          count={ids.length}
          onClear={clearSelection}
          busy={status.busy}
          onStatus={(next) => void status.run(ids, next, clearSelection)}
        />
      )}
    >
      <VerticalDrawer
        open={editing !== null}
        initial={editing && editing !== 'new' ? editing : null}
        onClose={() => setEditing(null)}
        onSaved={(v) => (editing === 'new' ? navigate(`/settings/verticals/${v.id}/general`) : undefined)}
      />
    </ResourceListPage>
  );
}
