/**
 * /advertisers/{active|blocked|all} (front.menu.advertisers.read): the advertisers with filters (vertical, platform,
 * tags, managers, search by title, secure id or id), the create drawer, and per row edit and block / unblock.
 * Writes need advertiser.update.
 */
import { ApiOutlined, AppstoreOutlined, CheckCircleOutlined, EditOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import type { Advertiser } from '@leadgrid/shared/sell-side/advertisers';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { idsFilter } from '../../../components/list/idsFilter';
import { actionsColumn, dateColumn, idColumn, RowMenu } from '../../../components/list/columns';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { RouteTabs } from '../../../components/list/RouteTabs';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { PeopleList } from '../../../components/person/parts';
import { SearchBox } from '../../../components/listing/parts';
import { TagPicker } from '../../../components/pickers/lists';
import { useAdvertisers } from '../../../api/advertisers';
import { useAdvertiserBlock } from './BlockAdvertiser';
import { ADVERTISER_FILTERS, ADVERTISER_TABS, advertiserListQuery, tabOf } from './filters';
import { useAdvertisersT } from './i18n';
import { ADVERTISER_WRITE, AdvertiserStatusCell, RefCell, TagsCell } from './parts';
import { AdvertiserManagerPicker, PlatformPicker, VerticalPicker } from '../../../components/pickers/sellSide';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const AdvertiserDrawer = lazyWhenOpen(() => import('./AdvertiserDrawer').then((m) => m.AdvertiserDrawer));

export default function AdvertisersPage() {
  const { t } = useAdvertisersT();
  const { access, timezone } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const canWrite = allowed(access, ADVERTISER_WRITE);
  const tab = tabOf(location.pathname);
  const resource = useResourceList({
    defaultOrderBy: 'id:desc',
    filters: ADVERTISER_FILTERS,
    scope: advertiserListQuery(tab, {}),
    useList: useAdvertisers,
  });
  const { table, filtered } = resource;
  const blocking = useAdvertiserBlock();
  const [drawer, setDrawer] = useState<{ advertiser: Advertiser | null } | null>(null);

  const columns: DataColumn<Advertiser>[] = [
    idColumn(t('columns.id'), 72),
    {
      key: 'title',
      title: t('columns.title'),
      sortable: true,
      alwaysVisible: true,
      render: (_v, row) => (
        <Flex vertical style={{ minWidth: 180, maxWidth: 280, lineHeight: 1.3 }}>
          <Link to={`/advertisers/${row.id}/general`} style={{ fontWeight: 600 }} data-testid="advertiser-title-link">
            {row.title}
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontFamily: 'var(--ant-font-family-code)' }}>
            {row.secureId}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('columns.status'),
      sortable: true,
      render: (_v, row) => <AdvertiserStatusCell status={row.status} reason={row.blockReason} />,
    },
    { key: 'vertical', title: t('columns.vertical'), render: (_v, row) => <RefCell value={row.vertical} icon={<AppstoreOutlined />} /> },
    { key: 'platform', title: t('columns.platform'), render: (_v, row) => <RefCell value={row.platform} icon={<ApiOutlined />} /> },
    { key: 'tags', title: t('columns.tags'), render: (_v, row) => <TagsCell tags={row.tags} /> },
    { key: 'managers', title: t('columns.managers'), render: (_v, row) => <PeopleList people={row.managers} max={1} /> },
    {
      key: 'defaultCurrency',
      title: t('columns.currency'),
      render: (code: string) => <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>{code}</Typography.Text>,
    },
    dateColumn('createdAt', t('columns.createdAt'), timezone),
  ];
  if (canWrite) {
    columns.push(
      actionsColumn(t('columns.actions'), (row) => (
        <RowMenu
          label={t('actions.more')}
          name={row.title}
          testId={`advertiser-actions-${row.id}`}
          menu={{
            items: [
              { key: 'edit', icon: <EditOutlined />, label: t('actions.edit') },
              { type: 'divider' as const },
              row.status === 'blocked'
                ? { key: 'unblock', icon: <CheckCircleOutlined />, label: t('unblock.action') }
                : { key: 'block', icon: <StopOutlined />, label: t('block.action'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'edit') setDrawer({ advertiser: row });
              if (key === 'block') blocking.block(row);
              if (key === 'unblock') blocking.unblock(row);
            },
          }}
        />
      )),
    );
  }

  const create = canWrite ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ advertiser: null })} data-testid="advertiser-create">
      {t('actions.create')}
    </Button>
  ) : null;

  return (
    <ResourceListPage<Advertiser>
      title={t('title')}
      subtitle={t('subtitle')}
      actions={create}
      tabs={<RouteTabs tabs={ADVERTISER_TABS} value={tab} base="/advertisers" label={(v) => t(`tabs.${v}`)} testId="advertiser-tabs" />}
      resource={resource}
      name="advertisers"
      size="middle"
      columns={columns}
      empty={{
        title: filtered || tab !== 'all' ? t('emptyFilteredTitle') : t('emptyTitle'),
        description: filtered ? t('emptyFiltered') : tab === 'blocked' ? t('emptyBlocked') : t('emptyText'),
        action: filtered ? <Button onClick={table.reset}>{t('filters.reset')}</Button> : tab === 'blocked' ? undefined : create,
      }}
      toolbar={
        <>
          <SearchBox table={table} placeholder={t('filters.search')} />
          <VerticalPicker multiple {...idsFilter(table, 'verticalId', t('filters.vertical'), 170)} data-testid="filter-vertical" />
          <PlatformPicker multiple {...idsFilter(table, 'platformId', t('filters.platform'), 170)} data-testid="filter-platform" />
          <TagPicker type="advertiser" {...idsFilter(table, 'tagId', t('filters.tags'), 160)} />
          <AdvertiserManagerPicker {...idsFilter(table, 'managerId', t('filters.manager'), 180)} />
        </>
      }
    >
      <AdvertiserDrawer
        open={drawer !== null}
        advertiser={drawer?.advertiser ?? null}
        onClose={() => setDrawer(null)}
        onSaved={(saved) => {
          if (!drawer?.advertiser) navigate(`/advertisers/${saved.id}/general`);
        }}
      />
      {blocking.popup}
    </ResourceListPage>
  );
}
