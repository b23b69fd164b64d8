/**
 * /affiliate-billing/invoices (invoice.affiliate.read) and /advertiser-billing/adv-invoices (invoice.advertiser.read):
 * the invoices of one type, filtered by status, payee or payer, currency, period and title (bound to the URL), newest
 * first. Selected unpaid invoices are marked paid or declined together, and affiliate ones exported as the payout
 * CSV; each row has its PDF. "Create invoice" opens the drawer (by period, by sum, or an advertiser's advance).
 */
import { CheckOutlined, CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Select, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDate, formatMoney } from '../../../components/format';
import { actionsColumn, RowMenu } from '../../../components/list/columns';
import { idsFilter } from '../../../components/list/idsFilter';
import { ResourceListPage } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { AdvertiserPicker } from '../../../components/pickers/sellSide';
import { AffiliatePicker } from '../../../components/pickers/people';
import { useAllCurrencies } from '../../../api/currencies';
import { DateRangeFilter } from '../../../components/period/DateRangeFilter';
import { textList } from '../../../components/table/urlLists';
import { BulkBar, SearchBox } from '../../../components/listing/parts';
import { useInvoices } from '../api';
import { useMoneyT } from '../i18n';
import { InvoiceParty, InvoiceStatus, invoicePath, PdfButton, PeriodCell } from '../parts';
import { INVOICE_STATUSES, type Invoice, type InvoiceType } from '../types';
import { useInvoiceActions } from './actions';
import { hasInvoiceFilters, INVOICE_FILTERS, invoiceFiltersQuery, unpaidOf } from '../invoiceModel';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const PayModal = lazyWhenOpen(
  () => import('./PayModal').then((m) => m.PayModal),
  (p) => p.invoices !== null,
);
const InvoiceDrawer = lazyWhenOpen(() => import('../InvoiceDrawer').then((m) => m.InvoiceDrawer));

export function InvoicesPage({ type }: { type: InvoiceType }) {
  const { t } = useMoneyT();
  const { timezone, access } = useSession();
  const canUpdate = allowed(access, `invoice.${type}.update`);
  const navigate = useNavigate();
  // the URL's filters are read into the API's query (malformed values dropped, days in the user's zone)
  const resource = useResourceList({
    defaultOrderBy: 'id:desc',
    filters: INVOICE_FILTERS,
    // the table's filters are the URL's strings
    useList: ({ orderBy, limit, offset, ...f }) =>
      useInvoices({ orderBy, limit, offset, ...invoiceFiltersQuery(type, f as Record<string, string | undefined>, timezone) }),
  });
  const { table, selectedRows: selected, clearSelection: clear } = resource;
  const f = table.filters;
  const currencies = useAllCurrencies();
  const [paying, setPaying] = useState<Invoice[] | null>(null);
  const [creating, setCreating] = useState(false);
  const actions = useInvoiceActions();
  const party = type === 'affiliate' ? 'affiliateId' : 'advertiserId';

  const columns: DataColumn<Invoice>[] = [
    {
      key: 'title',
      title: t('invoices.columns.title'),
      sortable: true,
      alwaysVisible: true,
      render: (_v, row) => (
        <Flex vertical style={{ lineHeight: 1.3 }}>
          <Link to={invoicePath(row)} data-testid={`invoice-link-${row.id}`}>
            {row.title}
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            #{row.id}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'party',
      title: t(type === 'affiliate' ? 'common.affiliate' : 'common.advertiser'),
      render: (_v, row) => <InvoiceParty invoice={row} />,
    },
    {
      key: 'amount',
      title: t('invoices.columns.amount'),
      sortable: true,
      align: 'right',
      render: (_v, row) => (
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(row.amount, row.currency)}
        </Typography.Text>
      ),
    },
    { key: 'status', title: t('invoices.columns.status'), sortable: true, render: (_v, row) => <InvoiceStatus invoice={row} /> },
    { key: 'period', title: t('invoices.columns.period'), render: (_v, row) => <PeriodCell invoice={row} /> },
    { key: 'conversionsCount', title: t('invoices.columns.conversions'), align: 'right' },
    { key: 'dueAt', title: t('invoices.columns.dueAt'), sortable: true, render: (v: number | null) => formatDate(v, timezone) },
    { key: 'createdAt', title: t('invoices.columns.createdAt'), sortable: true, render: (v: number) => formatDate(v, timezone) },
    {
      ...actionsColumn<Invoice>(t('invoices.columns.actions'), (row) => (
        <Flex gap={4} justify="flex-end" wrap={false}>
          <PdfButton invoice={row} size="small" />
          {canUpdate && row.status === 'unpaid' ? (
            <RowMenu
              label={t('invoices.more')}
              name={row.title}
              testId={`invoice-actions-${row.id}`}
              size="small"
              menu={{
                items: [
                  { key: 'paid', icon: <CheckOutlined />, label: t('invoices.markPaid') },
                  { key: 'declined', icon: <CloseOutlined />, label: t('invoices.decline'), danger: true },
                ],
                onClick: ({ key }) => (key === 'paid' ? setPaying([row]) : actions.decline([row])),
              }}
            />
          ) : (
            <span style={{ display: 'inline-block', width: 24 }} />
          )}
        </Flex>
      )),
      // as wide as the PDF button and the menu
      width: undefined,
    },
  ];

  const filtered = hasInvoiceFilters(f);
  const unpaidSelected = unpaidOf(selected);

  return (
    <ResourceListPage<Invoice>
      title={t(type === 'affiliate' ? 'invoices.affiliateTitle' : 'invoices.advertiserTitle')}
      subtitle={t(type === 'affiliate' ? 'invoices.affiliateSubtitle' : 'invoices.advertiserSubtitle')}
      create={canUpdate && { label: t('invoices.create'), onClick: () => setCreating(true), testId: 'invoice-create' }}
      resource={resource}
      name={`invoices.${type}`}
      size="middle"
      columns={columns}
      onRow={(row) => ({ onDoubleClick: () => navigate(invoicePath(row)) })}
      selectable={canUpdate}
      empty={{
        title: filtered ? t('invoices.emptyFilteredTitle') : t('invoices.emptyTitle'),
        description: filtered ? t('invoices.emptyFiltered') : t('invoices.emptyText'),
        action: filtered ? <Button onClick={table.reset}>{t('common.resetFilters')}</Button> : undefined,
      }}
      toolbar={
        <>
          <SearchBox table={table} placeholder={t('invoices.filters.search')} />
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            value={textList(f.status).filter((s) => (INVOICE_STATUSES as readonly string[]).includes(s))}
            onChange={(v) => table.setFilters({ status: v })}
            placeholder={t('invoices.filters.status')}
            aria-label={t('invoices.filters.status')}
            options={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            style={{ width: 160 }}
            data-testid="invoice-filter-status"
          />
          {type === 'affiliate' ? (
            <AffiliatePicker {...idsFilter(table, party, t('invoices.filters.affiliate'), 200)} />
          ) : (
            <AdvertiserPicker multiple {...idsFilter(table, party, t('invoices.filters.advertiser'), 200)} />
          )}
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={f.currency && /^[A-Z]{3}$/.test(f.currency) ? f.currency : undefined}
            onChange={(v) => table.setFilters({ currency: v ?? null })}
            placeholder={t('invoices.filters.currency')}
            aria-label={t('invoices.filters.currency')}
            options={(currencies.data ?? []).map((c) => ({ value: c.code, label: c.code }))}
            style={{ width: 130 }}
            data-testid="invoice-filter-currency"
          />
          <DateRangeFilter from={f.dateFrom} to={f.dateTo} tz={timezone} onChange={(range) => table.setFilters(range)} />
          <Checkbox
            checked={f.overdue === '1'}
            onChange={(e) => table.setFilters({ overdue: e.target.checked ? '1' : null })}
            data-testid="invoice-filter-overdue"
          >
            {t('invoices.filters.overdue')}
          </Checkbox>
          {filtered ? (
            <Button type="link" onClick={table.reset}>
              {t('common.resetFilters')}
            </Button>
          ) : null}
        </>
      }
      bulk={(ids) => (
        <BulkBar
          count={ids.length}
          onClear={clear}
          busy={actions.busy}
          extra={
            <>
              <Button
                size="small"
                icon={<CheckOutlined />}
                disabled={!unpaidSelected.length}
                onClick={() => setPaying(selected)}
                data-testid="invoice-bulk-paid"
              >
                {t('invoices.markPaid')}
              </Button>
              <Button
                size="small"
                danger
                icon={<CloseOutlined />}
                disabled={!unpaidSelected.length}
                onClick={() => actions.decline(selected, clear)}
                data-testid="invoice-bulk-declined"
              >
                {t('invoices.decline')}
              </Button>
              {type === 'affiliate' ? (
                <Tooltip title={t('invoices.csvHint')}>
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    disabled={!unpaidSelected.length}
                    onClick={() => void actions.exportCsv(selected)}
                    data-testid="invoice-bulk-csv"
                  >
                    {t('invoices.csv')}
                  </Button>
                </Tooltip>
              ) : null}
            </>
          }
        />
      )}
    >
      {canUpdate ? (
        <>
          <PayModal invoices={paying} onClose={() => setPaying(null)} onDone={clear} />
          <InvoiceDrawer open={creating} type={type} onClose={() => setCreating(false)} onCreated={(inv) => navigate(invoicePath(inv))} />
        </>
      ) : null}
    </ResourceListPage>
  );
}

export const AffiliateInvoicesPage = () => <InvoicesPage type="affiliate" />;
export const AdvertiserInvoicesPage = () => <InvoicesPage type="advertiser" />;
