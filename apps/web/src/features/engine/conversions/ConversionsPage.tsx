/**
 * /conversions (front.menu.conversions.read; reading needs conversion.read, conversion.assigned.read or
 * conversion.own.read; actions and the edit need conversion.update). Staff see every amount (payout, revenue,
 * profit) and the advertiser; affiliates their own visible conversions with the payout only (the server scopes; the
 * screen hides what does not apply). Filters bound to the URL: creation days with presets in the user's zone, search
 * and the dependent filters. 25 a page, newest first. Selected conversions are approved, rejected or put on hold with
 * the send-postback choice; a row opens the edit drawer (`?conversion=<id>`).
 */
import { CheckOutlined, CloseOutlined, EditOutlined, EyeInvisibleOutlined, PauseOutlined } from '@ant-design/icons';
import type { ConversionFilterSlug, ConversionTotals, ConversionView } from '@leadgrid/shared/engine/conversions';
import { Button, Flex, Select, Tooltip, Typography, type MenuProps } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { allowed, isStaff } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDateTime, formatMoney } from '../../../components/format';
import { ExportButton } from '../../../components/export/ExportButton';
import { actionsColumn, RowMenu } from '../../../components/list/columns';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import { StatusTag } from '../../../components/StatusTag';
import { TotalsCount, type DataColumn, type ListData } from '../../../components/table/DataTable';
import { useIdParam } from '../../../components/table/useIdParam';
import { textValues } from '../../../components/table/urlLists';
import { OutcomeAlert, type OutcomeText } from '../../../components/OutcomeAlert';
import { personName } from '../../../components/format';
import { DateRangeFilter } from '../../../components/period/DateRangeFilter';
import { BulkBar, SearchBox } from '../../../components/listing/parts';
import { PostbackChoice, useStatusActions } from './actions';
import { useConversions } from './api';
import { ConversionFilterSelect, noteLabel } from './ConversionFilterSelect';
import { useConversionsT } from './i18n';
import {
  CONVERSION_FILTERS,
  CONVERSION_UPDATE,
  conversionFiltersQuery,
  conversionListQuery,
  eligibleFor,
  filterValues,
  SLUG_FILTER,
  STAFF_ONLY_FILTERS,
  STATUS_ACTION_LIST,
  statusName,
  type StatusAction,
} from './model';
import { CellLine, CellSecondary, CellStack, CellText, Dash } from '../../../components/table/cells';
import { LightTag } from '../../../components/LightTag';
import { CopyInline } from '../../../components/CopyButton';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const ConversionDrawer = lazyWhenOpen(
  () => import('./ConversionDrawer').then((m) => m.ConversionDrawer),
  (p) => p.id !== undefined,
);

const ACTION_ICONS: Record<StatusAction, React.ReactNode> = {
  approve: <CheckOutlined />,
  reject: <CloseOutlined />,
  hold: <PauseOutlined />,
};

/** the dependent filters in toolbar order, with their widths */
const FILTER_SELECTS: { slug: ConversionFilterSlug; label: string; width: number }[] = [
  { slug: 'statuses', label: 'status', width: 130 },
  { slug: 'offers', label: 'offer', width: 145 },
  { slug: 'affiliates', label: 'affiliate', width: 145 },
  { slug: 'advertisers', label: 'advertiser', width: 145 },
  { slug: 'campaigns', label: 'campaign', width: 140 },
  { slug: 'goals', label: 'goal', width: 120 },
  { slug: 'countries', label: 'country', width: 115 },
  { slug: 'marks', label: 'mark', width: 110 },
];

function Stacked({ top, bottom, width = 180 }: { top: React.ReactNode; bottom?: React.ReactNode; width?: number }) {
  return (
    <CellStack style={{ maxWidth: width, lineHeight: 1.3 }}>
      <CellText>{top}</CellText>
      {bottom ? (
        <CellText type="secondary" small>
          {bottom}
        </CellText>
      ) : null}
    </CellStack>
  );
}

function Money({ amount, currency, base, baseCurrency }: { amount: string; currency: string; base?: string; baseCurrency?: string }) {
  const { t } = useConversionsT();
  return (
    <CellStack style={{ lineHeight: 1.3, whiteSpace: 'nowrap' }}>
      <span>{formatMoney(amount, currency)}</span>
      {base !== undefined && baseCurrency && baseCurrency !== currency ? (
        <CellSecondary small>{t('list.base', { amount: formatMoney(base, baseCurrency) })}</CellSecondary>
      ) : null}
    </CellStack>
  );
}

export default function ConversionsPage() {
  const { t } = useConversionsT();
  const { access, timezone } = useSession();
  const staff = access ? isStaff(access) : false;
  const canUpdate = staff && allowed(access, CONVERSION_UPDATE);
  const resource = useResourceList<ConversionView, NonNullable<ListData<ConversionView, ConversionTotals>['meta']>>({
    defaultOrderBy: 'id:desc',
    filters: CONVERSION_FILTERS,
    useList: (q) => useConversions(conversionListQuery(q, textValues(q), timezone, staff)),
  });
  const { table, list, filtered, selectedRows, clearSelection } = resource;
  const f = table.filters;
  const filtersQuery = useMemo(() => conversionFiltersQuery(f, timezone, staff), [f, timezone, staff]);
  const [sendPostback, setSendPostback] = useState(true);
  const [outcome, setOutcome] = useState<OutcomeText | null>(null);
  const actions = useStatusActions(setOutcome);
  const [openId, setOpen] = useIdParam('conversion');

  for (const row of list.data?.items ?? []) {
    if (row.offer) noteLabel('offers', row.offer.id, row.offer.title);
    if (row.affiliate) noteLabel('affiliates', row.affiliate.id, personName(row.affiliate));
    if (row.campaign) noteLabel('campaigns', row.campaign.id, row.campaign.title);
    if (row.goal) noteLabel('goals', row.goal.id, row.goal.title);
    if (row.advertiser) noteLabel('advertisers', row.advertiser.id, row.advertiser.title);
  }

  const labelOf = useCallback(
    (slug: ConversionFilterSlug) => (value: string | number, label: string) =>
      slug === 'statuses' ? t(`status.${value}`) : slug === 'marks' ? t(`marks.${value}`) : label,
    [t],
  );

  const columns: DataColumn<ConversionView>[] = [
    {
      key: 'id',
      title: `${t('columns.id')} · ${t('columns.createdAt')}`,
      sortable: true,
      alwaysVisible: true,
      render: (id: number, row) => (
        <Stacked
          width={120}
          top={
            canUpdate ? (
              <Link
                to={{ search: `?conversion=${id}` }}
                onClick={(e) => (e.preventDefault(), setOpen(id))}
                aria-label={t('list.open', { id })}
              >
                #{id}
              </Link>
            ) : (
              <span>#{id}</span>
            )
          }
          bottom={formatDateTime(row.createdAt, timezone)}
        />
      ),
    },
    {
      key: 'status',
      title: `${t('columns.status')} / ${t('columns.marks')}`,
      settingsLabel: t('columns.status'),
      sortable: true,
      render: (_v, row) => (
        <CellLine style={{ gap: 4 }} testId="conversion-status">
          <StatusTag status={statusName(row.status)} />
          {row.marks.map((m) => (
            <LightTag key={m} color="orange" title={t(`marks.${m}Hint`, { defaultValue: m })} testId="conversion-mark">
              {t(`marks.${m}`, { defaultValue: m })}
            </LightTag>
          ))}
          {row.isHidden ? (
            <span title={t('list.hiddenHint')} className="lg-cell-secondary" style={{ display: 'inline-flex' }}>
              <EyeInvisibleOutlined aria-label={t('list.hidden')} data-testid="conversion-hidden-mark" />
            </span>
          ) : null}
        </CellLine>
      ),
    },
    {
      key: 'offer',
      title: staff ? (
        <span style={{ whiteSpace: 'nowrap' }}>
          {t('columns.offer')} / {t('columns.goal')} · <br />
          {t('columns.advertiser')}
        </span>
      ) : (
        `${t('columns.offer')} / ${t('columns.goal')}`
      ),
      settingsLabel: t('columns.offer'),
      render: (_v, row) => (
        <Stacked
          width={160}
          top={row.offer?.title ?? `#${row.offerId}`}
          bottom={[row.goal?.title, staff ? row.advertiser?.title : undefined].filter(Boolean).join(' · ') || undefined}
        />
      ),
    },
  ];
  if (staff)
    columns.push({
      key: 'affiliate',
      title: `${t('columns.affiliate')} / ${t('columns.campaign')}`,
      settingsLabel: t('columns.affiliate'),
      render: (_v, row) => (
        <Stacked
          width={140}
          top={
            row.affiliate ? <Link to={`/affiliates/members/${row.affiliateId}`}>{personName(row.affiliate)}</Link> : `#${row.affiliateId}`
          }
          bottom={row.campaign?.title}
        />
      ),
    });
  else
    columns.push({
      key: 'campaign',
      title: t('columns.campaign'),
      render: (_v, row) => (row.campaign ? <Stacked top={row.campaign.title} width={160} /> : <Dash />),
    });
  columns.push({
    key: 'payout',
    title: t('columns.payout'),
    sortable: true,
    align: 'right',
    render: (_v, row) => <Money amount={row.payout} currency={row.payoutCurrency} base={row.basePayout} baseCurrency={row.baseCurrency} />,
  });
  if (staff)
    columns.push({
      key: 'revenue',
      title: `${t('columns.revenue')} / ${t('columns.profit')}`,
      settingsLabel: t('columns.revenue'),
      align: 'right',
      render: (_v, row) => (
        <CellStack style={{ lineHeight: 1.3, whiteSpace: 'nowrap' }}>
          <span>{formatMoney(row.revenue ?? '0', row.revenueCurrency)}</span>
          <CellSecondary small type={row.profit?.startsWith('-') ? 'danger' : 'success'}>
            {t('list.profit', { amount: formatMoney(row.profit ?? '0', row.baseCurrency) })}
          </CellSecondary>
        </CellStack>
      ),
    });
  columns.push(
    {
      key: 'clickId',
      title: t('columns.clickLead'),
      settingsLabel: t('columns.clickId'),
      render: (_v, row) => (
        <CellStack style={{ lineHeight: 1.3 }}>
          {row.clickId ? (
            <span style={{ fontFamily: 'monospace', fontSize: 12, whiteSpace: 'nowrap' }}>
              <Link to={`/clicks/${row.clickId}`}>{row.clickId.slice(0, 8)}…</Link>
              <CopyInline text={row.clickId} copiedTitle={t('list.copied')} />
            </span>
          ) : (
            <Dash />
          )}
          {row.leadId ? (
            <Link to={`/leads?lead=${row.leadId}`} style={{ fontSize: 12 }}>
              {t('columns.leadId')} #{row.leadId}
            </Link>
          ) : null}
        </CellStack>
      ),
    },
    {
      key: 'publicNotes',
      title: <Tooltip title={t('columns.publicNotes')}>{t('columns.notes')}</Tooltip>,
      settingsLabel: t('columns.publicNotes'),
      render: (v: string | null) => (v ? <CellText style={{ maxWidth: 80 }}>{v}</CellText> : <Dash />),
    },
  );
  if (canUpdate)
    columns.push(
      actionsColumn(
        t('columns.actions'),
        (row) => {
          const items: MenuProps['items'] = [
            ...STATUS_ACTION_LIST.filter((a) => eligibleFor(a, [row]).length).map((a) => ({
              key: a,
              icon: ACTION_ICONS[a],
              label: t(`actions.${a}`),
              danger: a === 'reject',
            })),
            { type: 'divider' as const },
            { key: 'edit', icon: <EditOutlined />, label: t('actions.edit') },
          ];
          return (
            <RowMenu
              label={t('actions.more')}
              name={`#${row.id}`}
              testId={`conversion-actions-${row.id}`}
              menu={{
                items,
                onClick: ({ key }) => (key === 'edit' ? setOpen(row.id) : actions.run(key as StatusAction, [row], sendPostback)),
              }}
            />
          );
        },
        48,
      ),
    );

  const totals = list.data?.meta?.totals;
  /** the totals row: every conversion of the filter (the server's meta.totals), in the base currency */
  const summaryCells = (sums: ConversionTotals) => ({
    id: <TotalsCount label={t('list.total', { count: sums.count })} hint={t('list.totalHint')} testId="conversions-total-count" />,
    payout: (
      <Typography.Text strong data-testid="conversions-total-payout" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(sums.payout, sums.currency)}
      </Typography.Text>
    ),
    ...(sums.revenue !== undefined
      ? {
          revenue: (
            <Flex vertical style={{ lineHeight: 1.3, whiteSpace: 'nowrap' }} data-testid="conversions-total-revenue">
              <Typography.Text strong>{formatMoney(sums.revenue, sums.currency)}</Typography.Text>
              <Typography.Text type={sums.profit?.startsWith('-') ? 'danger' : 'success'} style={{ fontSize: 12 }}>
                {t('list.profit', { amount: formatMoney(sums.profit ?? '0', sums.currency) })}
              </Typography.Text>
            </Flex>
          ),
        }
      : {}),
  });

  return (
    <ResourceListPage<ConversionView>
      title={t('title')}
      subtitle={staff ? t('subtitle') : t('subtitleAffiliate')}
      actions={<ExportButton type="conversions" query={filtersQuery} />}
      tabs={<OutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />}
      resource={resource}
      name={staff ? 'conversions' : 'conversions.affiliate'}
      size="middle"
      columns={columns}
      totalsCells={totals ? summaryCells(totals) : undefined}
      onRow={canUpdate ? (row) => ({ onDoubleClick: () => setOpen(row.id) }) : undefined}
      selectable={canUpdate}
      empty={{
        title: filtered ? t('emptyFilteredTitle') : t('emptyTitle'),
        description: filtered ? t('emptyFiltered') : staff ? t('emptyText') : t('emptyTextAffiliate'),
        action: filtered ? <Button onClick={table.reset}>{t('filters.reset')}</Button> : undefined,
      }}
      toolbar={
        <>
          <SearchBox table={table} placeholder={staff ? t('filters.search') : t('filters.searchAffiliate')} />
          <DateRangeFilter from={f.dateFrom} to={f.dateTo} tz={timezone} onChange={(range) => table.setFilters(range)} />
          {FILTER_SELECTS.filter((s) => staff || !STAFF_ONLY_FILTERS.includes(SLUG_FILTER[s.slug])).map((s) => {
            const name = SLUG_FILTER[s.slug];
            return (
              <ConversionFilterSelect
                key={s.slug}
                slug={s.slug}
                context={filtersQuery}
                value={filterValues(name, f[name])}
                onChange={(v) => table.setFilters({ [name]: v })}
                placeholder={t(`filters.${s.label}`)}
                width={s.width}
                labelOf={s.slug === 'statuses' || s.slug === 'marks' ? labelOf(s.slug) : undefined}
              />
            );
          })}
          {staff ? (
            <Select
              allowClear
              value={f.isHidden === '0' || f.isHidden === '1' ? f.isHidden : undefined}
              onChange={(v) => table.setFilters({ isHidden: v ?? null })}
              placeholder={t('filters.visibility')}
              aria-label={t('filters.visibility')}
              style={{ width: 130 }}
              popupMatchSelectWidth={220}
              options={[
                { value: '0', label: t('filters.visible') },
                { value: '1', label: t('filters.hidden') },
              ]}
              data-testid="conversion-filter-hidden"
            />
          ) : null}
          {filtered ? (
            <Button type="link" onClick={table.reset} data-testid="conversion-filters-reset">
              {t('filters.reset')}
            </Button>
          ) : null}
        </>
      }
      bulk={(ids) => (
        <BulkBar
          count={ids.length}
          onClear={clearSelection}
          busy={actions.busy}
          extra={
            <>
              {STATUS_ACTION_LIST.map((a) => (
                <Button
                  key={a}
                  size="small"
                  icon={ACTION_ICONS[a]}
                  danger={a === 'reject'}
                  disabled={!eligibleFor(a, selectedRows).length || actions.busy}
                  onClick={() => actions.run(a, selectedRows, sendPostback, clearSelection)}
                  data-testid={`conversion-bulk-${a}`}
                >
                  {t(`actions.${a}`)}
                </Button>
              ))}
              <PostbackChoice checked={sendPostback} onChange={setSendPostback} />
            </>
          }
        />
      )}
    >
      {canUpdate ? <ConversionDrawer id={openId} onClose={() => setOpen(null)} /> : null}
    </ResourceListPage>
  );
}
