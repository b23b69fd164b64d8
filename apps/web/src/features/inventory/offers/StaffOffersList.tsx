/**
 * /offers/{active|inactive|draft|all} for staff (front.menu.offers.read): the offers with their counts per status,
 * filters (vertical, advertiser, tags, categories, geos, hot, access type, manager, search by title or id), hot offers
 * first by default, the create drawer, bulk edit of the selected rows and status changes with a confirmation.
 * Writes need offer.update.
 */
import { AppstoreOutlined, CheckCircleOutlined, EditOutlined, FileOutlined, PauseCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { Offer } from '@leadgrid/shared/inventory/offers';
import type { OfferStatus } from '@leadgrid/shared/inventory/sieves';
import { Badge, Button, Card, Flex, Segmented, Select, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { idsFilter } from '../../../components/list/idsFilter';
import { Page } from '../../../components/Page';
import { CountrySelect } from '../../../components/sieve/pickers';
import { StatusTag } from '../../../components/StatusTag';
import { actionsColumn, RowMenu } from '../../../components/list/columns';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { useTable } from '../../../components/table/useTable';
import { RefCell, TagsCell } from '../../../components/cells';
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
  const table = useTable({ filters: OFFER_FILTERS });
  const query = offerListQuery(tab, table.query);
  const list = useOffers(query);
  const counts = useOfferCounts(offerCountsQuery(query));
  const changeStatus = useOfferStatus();
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<Offer[]>([]);
  const [bulkOpen, setBulkOpen] = useState(false);
  const f = table.filters;
  const filtered = OFFER_FILTERS.some((k) => f[k]);

  const columns: DataColumn<Offer>[] = [
    {
      key: 'id',
      title: t('columns.id'),
      sortable: true,
      width: 72,
      render: (id: number) => <Typography.Text type="secondary">#{id}</Typography.Text>,
    },
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
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="offer-create">
      {t('actions.create')}
    </Button>
  ) : null;

  const countOf = (s: (typeof OFFER_TABS)[number]) => counts.data?.[s];
  const bulkBar = selected.length ? (
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
      <Typography.Text strong>{t('selected', { count: selected.length })}</Typography.Text>
      <Button size="small" type="primary" icon={<EditOutlined />} onClick={() => setBulkOpen(true)} data-testid="offer-bulk-edit">
        {t('actions.bulkEdit')}
      </Button>
      {STATUS_ACTIONS.map((a) => (
        <Button key={a.status} size="small" icon={a.icon} onClick={() => changeStatus(selected, a.status, () => setSelected([]))}>
          {t(`actions.${a.key}`)}
        </Button>
      ))}
      <Button size="small" type="text" onClick={() => setSelected([])} style={{ marginInlineStart: 'auto' }}>
        {t('actions.clear')}
      </Button>
    </Flex>
  ) : null;

  return (
    <Page title={t('title')} subtitle={t('subtitle')} extra={create}>
      <Card variant="borderless">
        <Flex vertical gap={12}>
          <Segmented
            value={tab}
            onChange={(v) => {
              setSelected([]);
              navigate({ pathname: `/offers/${v}`, search: location.search.replace(/([?&])offset=\d+&?/, '$1') });
            }}
            options={OFFER_TABS.map((value) => ({
              value,
              label: (
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
              ),
            }))}
            style={{ alignSelf: 'flex-start' }}
            data-testid="offer-tabs"
          />
          {bulkBar}
          <DataTable<Offer>
            name="offers"
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
                    selectedRowKeys: selected.map((o) => o.id),
                    onChange: (_keys, rows) =>
                      setSelected((prev) => {
                        const onPage = new Set((list.data?.items ?? []).map((o) => o.id));
                        return [...prev.filter((o) => !onPage.has(o.id)), ...rows];
                      }),
                    preserveSelectedRowKeys: true,
                  }
                : undefined
            }
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
                <AdvertiserFilterPicker
                  {...idsFilter(table, 'advertiserId', t('filters.advertiser'), 170)}
                  data-testid="filter-advertiser"
                />
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
          />
        </Flex>
      </Card>
      <OfferDrawer open={creating} onClose={() => setCreating(false)} onCreated={(o) => navigate(`/offers/${o.id}/general`)} />
      <BulkEditModal ids={selected.map((o) => o.id)} open={bulkOpen} onClose={() => setBulkOpen(false)} onDone={() => setSelected([])} />
    </Page>
  );
}
