/**
 * /offers/{active|inactive|draft|all} for staff (front.menu.offers.read): the offers with their counts per status,
 * filters (vertical, advertiser, tags, categories, geos, hot, access type, manager, search by title or id), hot offers
 * first by default, the create drawer, bulk edit of the selected rows and status changes with a confirmation.
 * Writes need offer.update.
 */
import { AppstoreOutlined, CheckCircleOutlined, EditOutlined, FileOutlined, PauseCircleOutlined } from '@ant-design/icons';
import type { Offer } from '@leadgrid/shared/inventory/offers';
import type { OfferStatus } from '@leadgrid/shared/inventory/sieves';
import { Badge, Button, Flex, Select, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { idsFilter } from '../../../components/list/idsFilter';
import { CountrySelect } from '../../../components/sieve/pickers';
import { StatusTag } from '../../../components/StatusTag';
import { actionsColumn, idColumn, RowMenu } from '../../../components/list/columns';
import { CreateButton } from '../../../components/list/CreateButton';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { RouteTabs } from '../../../components/list/RouteTabs';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { RefCell, TagsCell } from '../../../components/table/cells';
import { VerticalPicker } from '../../../components/pickers/sellSide';
import { PeopleList } from '../../../components/person/parts';
import { SearchBox } from '../../../components/listing/parts';
import { CategoryPicker, TagPicker } from '../../../components/pickers/lists';
import { useOfferCounts, useOffers } from './api';
import { geoList, OFFER_FILTERS, OFFER_TABS, offerCountsQuery, offerListQuery, tabOf } from './filters';
import { useOffersT } from './i18n';
import { AccessTag, GeosCell, HotTag, OFFER_WRITE, OfferThumb, useOfferStatus } from './parts';
import { AdvertiserFilterPicker, OfferManagerPicker } from './pickers';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const OfferDrawer = lazyWhenOpen(() => import('./OfferDrawer').then((m) => m.OfferDrawer));
const BulkEditModal = lazyWhenOpen(() => import('./BulkEditModal').then((m) => m.BulkEditModal));

const STATUS_ACTIONS: { status: OfferStatus; icon: React.ReactNode; key: string }[] = [
  { status: 'active', icon: <CheckCircleOutlined />, key: 'activate' },
  { status: 'inactive', icon: <PauseCircleOutlined />, key: 'deactivate' },
  { status: 'draft', icon: <FileOutlined />, key: 'toDraft' },
];

export function StaffOffersList() {
  const { t } = useOffersT();
  const { token } = theme.useToken();
  const { access } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const canWrite = allowed(access, OFFER_WRITE);
  const tab = tabOf(location.pathname);
  const resource = useResourceList<Offer>({ filters: OFFER_FILTERS, useList: (q) => useOffers(offerListQuery(tab, q)) });
  const { table, filtered, selected, clearSelection } = resource;
  const counts = useOfferCounts(offerCountsQuery(offerListQuery(tab, resource.query)));
  const changeStatus = useOfferStatus();
  const [creating, setCreating] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);
  const f = table.filters;
  /** the selected offers with their titles (for the confirmation of one) */
  const selectedOffers = () => selected.map((id) => ({ id, title: resource.titleOf(id, (o) => o.title) }));

  const columns: DataColumn<Offer>[] = [
    idColumn(t('columns.id'), 72),
    {
      key: 'title',
      title: t('columns.title'),
      sortable: true,
      alwaysVisible: true,
      render: (_v, row) => (
        <Flex gap={10} align="center" style={{ minWidth: 220, maxWidth: 320 }}>
          <OfferThumb url={row.imageUrl} title={row.title} />
          <Flex vertical style={{ minWidth: 0, lineHeight: 1.3 }}>
            <Flex gap={6} align="center">
              <Link
                to={`/offers/${row.id}/general`}
                style={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                data-testid="offer-title-link"
              >
                {row.title}
              </Link>
              {row.isHot ? <HotTag /> : null}
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`methods.${row.integrationMethod}`)}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    { key: 'vertical', title: t('columns.vertical'), render: (_v, row) => <RefCell value={row.vertical} icon={<AppstoreOutlined />} /> },
    { key: 'accessType', title: t('columns.accessType'), sortable: true, render: (_v, row) => <AccessTag accessType={row.accessType} /> },
    { key: 'geos', title: t('columns.geos'), render: (_v, row) => <GeosCell geos={row.geos} /> },
    { key: 'tags', title: t('columns.tags'), render: (_v, row) => <TagsCell tags={row.tags} /> },
    { key: 'managers', title: t('columns.managers'), render: (_v, row) => <PeopleList people={row.managers} max={1} /> },
    { key: 'status', title: t('columns.status'), sortable: true, render: (_v, row) => <StatusTag status={row.status} /> },
  ];
  if (canWrite)
    columns.push(
      actionsColumn(t('columns.actions'), (row) => (
        <RowMenu
          label={t('actions.more')}
          name={row.title}
          testId={`offer-actions-${row.id}`}
          menu={{
            items: [
              { key: 'edit', icon: <EditOutlined />, label: t('actions.edit') },
              { type: 'divider' as const },
              ...STATUS_ACTIONS.filter((a) => a.status !== row.status).map((a) => ({
                key: a.status,
                icon: a.icon,
                label: t(`actions.${a.key}`),
                danger: a.status === 'inactive',
              })),
            ],
            onClick: ({ key }) => {
              if (key === 'edit') navigate(`/offers/${row.id}/general`);
              else changeStatus([row], key as OfferStatus);
            },
          }}
        />
      )),
    );

  const create = canWrite ? (
    <CreateButton onClick={() => setCreating(true)} testId="offer-create">
      {t('actions.create')}
    </CreateButton>
  ) : null;

  const countOf = (s: (typeof OFFER_TABS)[number]) => counts.data?.[s];
  const bulkBar = (ids: number[]) => (
    <Flex
      align="center"
      gap={8}
      wrap
      style={{
        padding: '8px 12px',
        borderRadius: token.borderRadiusLG,
        background: token.colorPrimaryBg,
        border: `1px solid ${token.colorPrimaryBorder}`,
      }}
      data-testid="offer-bulk-bar"
    >
      <Typography.Text strong>{t('selected', { count: ids.length })}</Typography.Text>
      <Button size="small" type="primary" icon={<EditOutlined />} onClick={() => setBulkOpen(true)} data-testid="offer-bulk-edit">
        {t('actions.bulkEdit')}
      </Button>
      {STATUS_ACTIONS.map((a) => (
        <Button key={a.status} size="small" icon={a.icon} onClick={() => changeStatus(selectedOffers(), a.status, clearSelection)}>
          {t(`actions.${a.key}`)}
        </Button>
      ))}
      <Button size="small" type="text" onClick={clearSelection} style={{ marginInlineStart: 'auto' }}>
        {t('actions.clear')}
      </Button>
    </Flex>
  );

  return (
    <ResourceListPage<Offer>
      title={t('title')}
      subtitle={t('subtitle')}
      actions={create}
      tabs={
        <RouteTabs
          tabs={OFFER_TABS}
          value={tab}
          base="/offers"
          label={(value) => (
            <Flex gap={6} align="center">
              {t(`tabs.${value}`)}
              {countOf(value) !== undefined ? (
                <Badge
                  count={countOf(value)}
                  showZero
                  overflowCount={9999}
                  color={value === tab ? token.colorPrimary : token.colorTextQuaternary}
                  size="small"
                />
              ) : null}
            </Flex>
          )}
          testId="offer-tabs"
        />
      }
      resource={resource}
      name="offers"
      size="middle"
      columns={columns}
      selectable={canWrite}
      bulk={bulkBar}
      empty={{
        title: filtered ? t('empty.filteredTitle') : tab === 'all' ? t('empty.title') : t('empty.filteredTitle'),
        description: filtered ? t('empty.filtered') : tab === 'all' ? t('empty.text') : t('empty.tab'),
        action: filtered ? (
          <Button onClick={table.reset}>{t('filters.reset')}</Button>
        ) : tab === 'all' || tab === 'draft' ? (
          create
        ) : undefined,
      }}
      toolbar={
        <>
          <SearchBox table={table} placeholder={t('filters.search')} />
          <VerticalPicker multiple {...idsFilter(table, 'verticalId', t('filters.vertical'), 160)} data-testid="filter-vertical" />
          <AdvertiserFilterPicker {...idsFilter(table, 'advertiserId', t('filters.advertiser'), 170)} data-testid="filter-advertiser" />
          <TagPicker type="offer" {...idsFilter(table, 'tagIds', t('filters.tags'), 140)} />
          <CategoryPicker {...idsFilter(table, 'categoryIds', t('filters.categories'), 150)} />
          <CountrySelect
            value={geoList(f.geos)}
            onChange={(v) => table.setFilters({ geos: v })}
            placeholder={t('filters.geos')}
            maxTagCount="responsive"
            style={{ width: 140 }}
            aria-label={t('filters.geos')}
            data-testid="filter-geos"
          />
          <Select
            allowClear
            value={f.isHot}
            onChange={(v?: string) => table.setFilters({ isHot: v ?? null })}
            placeholder={t('filters.hot')}
            options={[
              { value: '1', label: t('hotOnly') },
              { value: '0', label: t('notHot') },
            ]}
            style={{ width: 130 }}
            aria-label={t('filters.hot')}
            data-testid="filter-hot"
          />
          <Select
            allowClear
            value={f.accessType}
            onChange={(v?: string) => table.setFilters({ accessType: v ?? null })}
            placeholder={t('filters.access')}
            options={[
              { value: '1', label: t('access.public') },
              { value: '3', label: t('access.private') },
            ]}
            style={{ width: 120 }}
            aria-label={t('filters.access')}
            data-testid="filter-access"
          />
          <OfferManagerPicker {...idsFilter(table, 'managerId', t('filters.manager'), 160)} />
          {filtered ? (
            <Button type="link" onClick={table.reset} style={{ paddingInline: 4 }}>
              {t('filters.reset')}
            </Button>
          ) : null}
        </>
      }
    >
      <OfferDrawer open={creating} onClose={() => setCreating(false)} onCreated={(o) => navigate(`/offers/${o.id}/general`)} />
      <BulkEditModal ids={selected} open={bulkOpen} onClose={() => setBulkOpen(false)} onDone={clearSelection} />
    </ResourceListPage>
  );
}
