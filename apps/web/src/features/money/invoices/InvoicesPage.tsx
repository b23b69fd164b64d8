/**
 * /affiliate-billing/invoices (invoice.affiliate.read) and /advertiser-billing/adv-invoices (invoice.advertiser.read):
 * the invoices of one type, filtered by status, payee or payer, currency, period and title (bound to the URL), newest
 * first. Selected unpaid invoices are marked paid or declined together, and affiliate ones exported as the payout
 * CSV; each row has its PDF. "Create invoice" opens the drawer (by period, by sum, or an advertiser's advance).
 */
import { CheckOutlined, CloseOutlined, DownloadOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Dropdown, Flex, Select, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDate, formatMoney } from '../../../components/format';
import { Page } from '../../../components/Page';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { useTable } from '../../../components/table/useTable';
import { AdvertiserPicker } from '../../../components/pickers/sellSide';
import { AffiliatePicker } from '../../../components/pickers/people';
import { useAllCurrencies } from '../../../api/currencies';
import { DateRangeFilter } from '../../../components/period/DateRangeFilter';
import { idList, textList } from '../../../components/table/urlLists';
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

/** the period an invoice covers (by-period invoices), or a dash */
export function InvoicesPage({ type }: { type: InvoiceType }) {
  const { t } = useMoneyT();
  const { timezone, access } = useSession();
  const canUpdate = allowed(access, `invoice.${type}.update`);
  const navigate = useNavigate();
  const table = useTable({ defaultOrderBy: 'id:desc', filters: INVOICE_FILTERS });
  const f = table.filters;
  const { orderBy, limit, offset } = table.query;
  const list = useInvoices({ orderBy, limit, offset, ...invoiceFiltersQuery(type, f, timezone) });
  const currencies = useAllCurrencies();
  const [selected, setSelected] = useState<Invoice[]>([]);
  const [paying, setPaying] = useState<Invoice[] | null>(null);
  const [creating, setCreating] = useState(false);
  const actions = useInvoiceActions();
  const party = type === 'affiliate' ? 'affiliateId' : 'advertiserId';
  const clear = () => setSelected([]);

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
      key: 'actions',
      title: '',
      settingsLabel: t('invoices.columns.actions'),
      alwaysVisible: true,
      align: 'right',
      fixed: 'right',
      render: (_v, row) => (
        <Flex gap={4} justify="flex-end" wrap={false}>
          <PdfButton invoice={row} size="small" />
          {canUpdate && row.status === 'unpaid' ? (
            <Dropdown
              trigger={['click']}
              placement="bottomRight"
              menu={{
                items: [
                  { key: 'paid', icon: <CheckOutlined />, label: t('invoices.markPaid') },
                  { key: 'declined', icon: <CloseOutlined />, label: t('invoices.decline'), danger: true },
                ],
                onClick: ({ key }) => (key === 'paid' ? setPaying([row]) : actions.decline([row])),
              }}
            >
              <Button
                size="small"
                type="text"
                icon={<MoreOutlined />}
                aria-label={`${t('invoices.more')}: ${row.title}`}
                data-testid={`invoice-actions-${row.id}`}
              />
            </Dropdown>
          ) : (
            <span style={{ display: 'inline-block', width: 24 }} />
          )}
        </Flex>
      ),
    },
  ];

  const filtered = hasInvoiceFilters(f);
  const unpaidSelected = unpaidOf(selected);

  return (
    <Page
      title={t(type === 'affiliate' ? 'invoices.affiliateTitle' : 'invoices.advertiserTitle')}
      subtitle={t(type === 'affiliate' ? 'invoices.affiliateSubtitle' : 'invoices.advertiserSubtitle')}
      extra={
        canUpdate ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="invoice-create">
            {t('invoices.create')}
          </Button>
        ) : undefined
      }
    >
      <Card variant="borderless">
        <DataTable<Invoice>
          name={`invoices.${type}`}
          size="middle"
          columns={columns}
          table={table}
          data={list.data}
          loading={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          onRow={(row) => ({ onDoubleClick: () => navigate(invoicePath(row)) })}
          rowSelection={
            canUpdate
              ? {
                  selectedRowKeys: selected.map((r) => r.id),
                  onChange: (_k, rows) => setSelected(rows.filter(Boolean)),
                  preserveSelectedRowKeys: true,
                }
              : undefined
          }
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
                <AffiliatePicker
                  value={idList(f[party])}
                  onChange={(v) => table.setFilters({ [party]: v as number[] })}
                  placeholder={t('invoices.filters.affiliate')}
                  style={{ width: 200 }}
                  maxTagCount="responsive"
                />
              ) : (
                <AdvertiserPicker
                  multiple
                  value={idList(f[party])}
                  onChange={(v) => table.setFilters({ [party]: v as number[] })}
                  placeholder={t('invoices.filters.advertiser')}
                  style={{ width: 200 }}
                  maxTagCount="responsive"
                />
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
          title={
            selected.length
              ? () => (
                  <BulkBar
                    count={selected.length}
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
                )
              : undefined
          }
        />
      </Card>
      {canUpdate ? (
        <>
          <PayModal invoices={paying} onClose={() => setPaying(null)} onDone={clear} />
          <InvoiceDrawer open={creating} type={type} onClose={() => setCreating(false)} onCreated={(inv) => navigate(invoicePath(inv))} />
        </>
      ) : null}
    </Page>
  );
}

export const AffiliateInvoicesPage = () => <InvoicesPage type="affiliate" />;
export const AdvertiserInvoicesPage = () => <InvoicesPage type="advertiser" />;
