/**
 * /clicks/valid and /clicks/invalid (front.menu.clicks.read; the API needs click.read, click.assigned.read or
 * click.own.read): the clicks of a period (today in the user's zone by default), newest first, 25 a page. Filters live
 * in the URL; their values come from the dependent filters of the period. Staff with click.update edit a click here or
 * on its page.
 */
import { FilterOutlined } from '@ant-design/icons';
import { CLICK_COUNT_LIMIT, CLICK_SUBS, type Click, type ClickFilterSlug, type ClickList } from '@leadgrid/shared/engine/clicks';
import { Alert, Badge, Button, Flex, Input, Popover, Select, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { allowed, isAffiliate } from '../../../app/access';
import { useSession } from '../../../app/session';
import { ExportButton } from '../../../components/export/ExportButton';
import { actionsColumn, dateTimeColumn, EditButton } from '../../../components/list/columns';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { RouteTabs } from '../../../components/list/RouteTabs';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import type { TableState } from '../../../components/table/useTable';
import { SecondsRangeFilter } from '../../../components/period/SecondsRangeFilter';
import { SearchBox } from '../../../components/listing/parts';
import { useClicks } from './api';
import { ClickFilterSelect } from './ClickFilterSelect';
import { useClicksT } from './i18n';
import { clickListQuery, FILTERS, MORE_FILTERS, TABS, tabOf } from './model';
import { ClickIdCell, CountryCell, DeviceCell, MarksCell, RefCell, SubsCell } from './parts';
import { CellSecondary, Dash } from '../../../components/table/cells';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const ClickEditModal = lazyWhenOpen(
  () => import('./ClickEditModal').then((m) => m.ClickEditModal),
  (p) => p.click !== null,
);

const csv = (v: string | undefined) => (v ? v.split(',').filter(Boolean) : []);
const ids = (v: string | undefined) =>
  csv(v)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

/** the secondary filters (source, lander, device, OS, browser, reason, marks) and the subs, behind one button */
function MoreFilters({ table, children, names }: { table: TableState; children: ReactNode; names: readonly string[] }) {
  const { t } = useClicksT();
  const set = names.filter((n) => table.filters[n]).length;
  const content = (
    <Flex vertical gap={12} style={{ width: 540 }} data-testid="click-more-filters">
      <Flex wrap gap={8}>
        {children}
      </Flex>
      <Typography.Text type="secondary">{t('filters.subs')}</Typography.Text>
      <Flex wrap gap={8}>
        {CLICK_SUBS.map((s) => (
          <Input
            key={`${s}:${table.filters[s] ?? ''}`}
            size="small"
            prefix={<Typography.Text type="secondary">{s}</Typography.Text>}
            allowClear
            defaultValue={table.filters[s]}
            onPressEnter={(e) => table.setFilters({ [s]: e.currentTarget.value.trim() || null })}
            onBlur={(e) => e.target.value.trim() !== (table.filters[s] ?? '') && table.setFilters({ [s]: e.target.value.trim() || null })}
            style={{ width: 172 }}
            aria-label={s}
          />
        ))}
      </Flex>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomLeft" content={content}>
      <Badge count={set} size="small">
        <Button icon={<FilterOutlined />} data-testid="click-more-filters-open">
          {t('filters.more')}
        </Button>
      </Badge>
    </Popover>
  );
}

export default function ClicksPage() {
  const { t } = useClicksT();
  const { access, timezone } = useSession();
  const tab = tabOf(useLocation().pathname.split('/')[2]);
  const staff = access ? !isAffiliate(access) : false;
  const canEdit = allowed(access, 'click.update');
  const resource = useResourceList<Click, NonNullable<ClickList['meta']>>({
    defaultOrderBy: 'createdAt:desc',
    filters: FILTERS,
    useList: (q) => useClicks(tab, clickListQuery(tab, q, timezone)),
  });
  const { table, list, filtered } = resource;
  const f = table.filters;
  const query = useMemo(() => clickListQuery(tab, resource.query, timezone), [tab, resource.query, timezone]);
  const [editing, setEditing] = useState<Click | null>(null);
  // the dependent filters read the same period and filters, on this tab
  const context = useMemo(() => {
    const { limit: _l, offset: _o, orderBy: _b, search: _s, ...rest } = query;
    return { ...rest, status: tab };
  }, [query, tab]);
  // the export writes the rows of this tab under the same period, filters and search
  const exportQuery = useMemo(() => {
    const { limit: _l, offset: _o, ...rest } = query;
    return { ...rest, tab };
  }, [query, tab]);

  const pick = (
    slug: ClickFilterSlug,
    name: string,
    placeholder: string,
    numeric: boolean,
    width?: number,
    labelOf?: (v: string | number, l: string) => string,
  ) => (
    <ClickFilterSelect
      slug={slug}
      context={context}
      value={numeric ? ids(f[name]) : csv(f[name])}
      onChange={(v) => table.setFilters({ [name]: v })}
      placeholder={placeholder}
      width={width}
      labelOf={labelOf}
    />
  );
  const flag = (name: 'unique' | 'bot', yes: string, no: string) => (
    <Select
      allowClear
      value={f[name]}
      onChange={(v) => table.setFilters({ [name]: v ?? null })}
      placeholder={t(`filters.${name}`)}
      aria-label={t(`filters.${name}`)}
      options={[
        { value: '1', label: yes },
        { value: '0', label: no },
      ]}
      style={{ width: 172 }}
    />
  );

  const columns: DataColumn<Click>[] = [
    { ...dateTimeColumn<Click>('createdAt', t('columns.createdAt'), timezone), alwaysVisible: true },
    { key: 'id', title: t('columns.id'), alwaysVisible: true, render: (id: string) => <ClickIdCell id={id} /> },
    {
      key: 'offerId',
      title: t('columns.offer'),
      render: (_v, r) => <RefCell title={r.offerTitle} id={r.offerId} to={r.offerId ? `/offers/${r.offerId}` : undefined} />,
    },
  ];
  if (tab === 'invalid')
    columns.push({
      key: 'invalidReason',
      title: t('columns.invalidReason'),
      render: (r: string | null) =>
        r ? (
          <CellSecondary type="danger" nowrap>
            {t(`reasons.${r}`, { defaultValue: r })}
          </CellSecondary>
        ) : (
          <Dash />
        ),
    });
  if (staff)
    columns.push({
      key: 'affiliateId',
      title: t('columns.affiliate'),
      render: (_v, r) => (
        <RefCell title={r.affiliateName} id={r.affiliateId} to={r.affiliateId ? `/affiliates/members/${r.affiliateId}` : undefined} />
      ),
    });
  columns.push(
    {
      key: 'campaignId',
      title: t('columns.campaign'),
      render: (_v, r) => <RefCell title={r.campaignTitle} id={r.campaignId} to={r.campaignId ? `/campaigns/${r.campaignId}` : undefined} />,
    },
    { key: 'country', title: t('columns.country'), render: (c: string | null) => <CountryCell code={c} /> },
    { key: 'device', title: t('columns.device'), render: (_v, r) => <DeviceCell click={r} /> },
    {
      key: 'ip',
      title: t('columns.ip'),
      render: (ip: string | null) => (ip ? <span style={{ whiteSpace: 'nowrap' }}>{ip}</span> : <Dash />),
    },
    { key: 'subs', title: t('columns.subs'), render: (_v, r) => <SubsCell click={r} /> },
    { key: 'marks', title: t('columns.marks'), render: (_v, r) => <MarksCell click={r} /> },
  );
  if (canEdit)
    columns.push(
      actionsColumn(t('columns.actions'), (r) => (
        <EditButton label={t('edit.open')} name={r.id} onClick={() => setEditing(r)} testId={`click-edit-${r.id}`} />
      )),
    );

  const reason = (v: string | number, l: string) => t(`reasons.${v}`, { defaultValue: l });

  return (
    <ResourceListPage<Click>
      title={t('title')}
      subtitle={t('subtitle')}
      actions={<ExportButton type="clicks" query={exportQuery} />}
      tabs={
        <>
          <RouteTabs tabs={TABS} value={tab} base="/clicks" label={(v) => t(`tabs.${v}`)} testId="click-tabs" />
          {list.data?.meta?.totalCapped ? <Alert type="info" showIcon title={t('countCapped', { count: CLICK_COUNT_LIMIT })} /> : null}
        </>
      }
      resource={resource}
      name={staff ? 'clicks' : 'clicks.affiliate'}
      size="middle"
      columns={columns}
      empty={{
        title: t('emptyTitle'),
        description: filtered ? t('emptyFiltered') : t('emptyText'),
        action: filtered ? <Button onClick={table.reset}>{t('filters.reset')}</Button> : undefined,
      }}
      toolbar={
        <>
          <SecondsRangeFilter
            value={{ from: f.from, to: f.to }}
            onChange={(r) => table.setFilters({ from: r.from ?? null, to: r.to ?? null })}
            placeholder={t('filters.period')}
          />
          <SearchBox table={table} placeholder={t('filters.search')} />
          {pick('offer', 'offerId', t('filters.offer'), true, 190)}
          {staff ? pick('affiliate', 'affiliateId', t('filters.affiliate'), true, 190) : null}
          {pick('campaign', 'campaignId', t('filters.campaign'), true, 180)}
          {pick('country', 'country', t('filters.country'), false, 140)}
          <MoreFilters table={table} names={MORE_FILTERS}>
            {pick('trafficSource', 'trafficSourceId', t('filters.trafficSource'), true, 172)}
            {pick('lander', 'landerId', t('filters.lander'), true, 172)}
            {pick('deviceType', 'deviceType', t('filters.deviceType'), false, 172)}
            {pick('os', 'os', t('filters.os'), false, 172)}
            {pick('browser', 'browser', t('filters.browser'), false, 172)}
            {tab === 'invalid' ? pick('invalidReason', 'invalidReason', t('filters.invalidReason'), false, 172, reason) : null}
            {flag('unique', t('filters.uniqueYes'), t('filters.uniqueNo'))}
            {flag('bot', t('filters.botYes'), t('filters.botNo'))}
          </MoreFilters>
          {filtered ? (
            <Button type="link" onClick={table.reset}>
              {t('filters.reset')}
            </Button>
          ) : null}
        </>
      }
    >
      <ClickEditModal click={editing} onClose={() => setEditing(null)} />
    </ResourceListPage>
  );
}
