/**
 * One party's balance: /affiliate-billing/balances/:id and /advertiser-billing/adv-balances/:id. The figures in the
 * base currency (a click on one filters the ledger by it), the breakdown per currency, the ledger entries behind
 * them (append-only: a correction is a new entry), the party's latest invoices, a manual adjustment with a
 * mandatory reason, and "create invoice" for this party.
 */
import { ArrowLeftOutlined, DiffOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Result, Select, Skeleton, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDate, formatDateTime, formatMoney } from '../../../components/format';
import { Page } from '../../../components/Page';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { useTable } from '../../../components/table/useTable';
import { useBalance, useInvoices, useLedgerEntries } from '../api';
import { useMoneyT } from '../i18n';
import { Amount, balanceName, BreakdownTable, FigureCards, figuresOf, InvoiceStatus, invoicePath } from '../parts';
import { FIGURE_BUCKET, type BalanceFigure, type Invoice, type LedgerEntry, type Party } from '../types';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const InvoiceDrawer = lazyWhenOpen(() => import('../InvoiceDrawer').then((m) => m.InvoiceDrawer));
const AdjustModal = lazyWhenOpen(() => import('./AdjustModal').then((m) => m.AdjustModal));

const ENTRY_FILTERS = ['figure', 'currency'] as const;

export function BalanceDetail({ party }: { party: Party }) {
  const { t } = useMoneyT();
  const { timezone, access } = useSession();
  const canAdjust = allowed(access, `balance.${party}.update`);
  const canInvoice = allowed(access, `invoice.${party}.update`);
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const balance = useBalance(party, Number.isInteger(id) && id > 0 ? id : undefined);
  const table = useTable({ defaultOrderBy: 'id:desc', filters: ENTRY_FILTERS });
  const figures = figuresOf(party);
  const figure = (figures as readonly string[]).includes(table.filters.figure ?? '') ? (table.filters.figure as BalanceFigure) : null;
  const currency = table.filters.currency && /^[A-Z]{3}$/.test(table.filters.currency) ? table.filters.currency : undefined;
  const { orderBy, limit, offset } = table.query;
  const entries = useLedgerEntries(party, id, {
    orderBy,
    limit,
    offset,
    bucket: figure ? (FIGURE_BUCKET[figure] ?? undefined) : undefined,
    currency,
  });
  const invoiceParty = party === 'affiliate' ? 'affiliateId' : 'advertiserId';
  const invoices = useInvoices({ type: party, [invoiceParty]: id, limit: 5, orderBy: 'id:desc' }, Boolean(balance.data));
  const [adjusting, setAdjusting] = useState(false);
  const [creating, setCreating] = useState(false);
  const listPath = party === 'affiliate' ? '/affiliate-billing/balances' : '/advertiser-billing/adv-balances';
  const back = (
    <Link to={listPath}>
      <ArrowLeftOutlined /> {t('common.back')}
    </Link>
  );

  if (balance.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  if (!balance.data) {
    const failed = balance.error && (balance.error as { status?: number }).status !== 404;
    return (
      <Card variant="borderless">
        <Result
          status={failed ? 'warning' : '404'}
          title={failed ? t('common.loadFailed') : t('common.notFound')}
          extra={
            <Flex gap={8} justify="center">
              {back}
              {failed ? <Button onClick={() => void balance.refetch()}>{t('common.retry')}</Button> : null}
            </Flex>
          }
        />
      </Card>
    );
  }
  const b = balance.data;

  const entryColumns: DataColumn<LedgerEntry>[] = [
    { key: 'id', title: 'ID', sortable: true, alwaysVisible: true, render: (v: number) => `#${v}` },
    { key: 'createdAt', title: t('common.created'), render: (v: number) => formatDateTime(v, timezone) },
    {
      key: 'bucket',
      title: t('balances.figure'),
      render: (v: string) => <Tag style={{ marginInlineEnd: 0 }}>{t(`figures.${v}`, { defaultValue: v })}</Tag>,
    },
    {
      key: 'amount',
      title: t('common.amount'),
      align: 'right',
      render: (_v, row) => (
        <Typography.Text type={row.amount.startsWith('-') ? 'danger' : 'success'} style={{ whiteSpace: 'nowrap' }}>
          {row.amount.startsWith('-') ? '' : '+'}
          {formatMoney(row.amount, row.currency)}
        </Typography.Text>
      ),
    },
    { key: 'kind', title: t('balances.kind'), render: (v: string) => t(`balances.kinds.${v.replace('.', '_')}`, { defaultValue: v }) },
    {
      key: 'source',
      title: t('balances.reference'),
      render: (_v, row) =>
        row.invoiceId ? (
          <Link to={invoicePath({ id: row.invoiceId, type: party })}>{t('balances.invoice', { id: row.invoiceId })}</Link>
        ) : row.conversionId ? (
          <Link to={`/conversions?search=${row.conversionId}`}>{t('balances.conversion', { id: row.conversionId })}</Link>
        ) : row.adjustmentId ? (
          t('balances.adjustmentRef', { id: row.adjustmentId })
        ) : (
          '—'
        ),
    },
    {
      key: 'reason',
      title: t('balances.reason'),
      render: (v: string | null) =>
        v ? (
          <Typography.Text style={{ maxWidth: 280 }} ellipsis={{ tooltip: v }}>
            {v}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'user',
      title: t('balances.byWhom'),
      render: (_v, row) =>
        row.user ? (
          <Typography.Text title={row.user.email}>{`${row.user.firstName} ${row.user.lastName}`.trim() || row.user.email}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('balances.bySystem')}</Typography.Text>
        ),
    },
    {
      key: 'baseAmount',
      title: t('figures.inBase', { currency: b.baseCurrency }),
      align: 'right',
      render: (_v, row) => <Amount value={row.baseAmount} currency={b.baseCurrency} />,
    },
  ];

  return (
    <Page
      title={t('balances.detailTitle', { name: balanceName(b) })}
      subtitle={
        <Flex gap={12} wrap>
          {back}
          <Typography.Text type="secondary">{t('figures.base', { currency: b.baseCurrency })}</Typography.Text>
        </Flex>
      }
      extra={
        <>
          {canAdjust ? (
            <Button icon={<DiffOutlined />} onClick={() => setAdjusting(true)} data-testid="balance-adjust">
              {t('balances.adjust')}
            </Button>
          ) : null}
          {canInvoice ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="balance-create-invoice">
              {t('balances.createInvoice')}
            </Button>
          ) : null}
        </>
      }
    >
      <FigureCards balance={b} party={party} selected={figure} onSelect={(f) => table.setFilters({ figure: f })} />
      <Card variant="borderless" title={t('common.breakdown')}>
        <BreakdownTable balance={b} party={party} />
      </Card>
      <Card
        variant="borderless"
        title={t('balances.entries')}
        extra={
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('balances.entriesHint')}
          </Typography.Text>
        }
      >
        <DataTable<LedgerEntry>
          name="balance.entries"
          size="small"
          columns={entryColumns}
          table={table}
          data={entries.data}
          loading={entries.isFetching}
          error={entries.error}
          onRetry={() => void entries.refetch()}
          empty={{ title: t('balances.entriesEmpty'), description: ' ' }}
          toolbar={
            <>
              <Select
                allowClear
                value={figure ?? undefined}
                onChange={(v) => table.setFilters({ figure: v ?? null })}
                placeholder={t('balances.allFigures')}
                aria-label={t('balances.figure')}
                options={figures.map((f) => ({ value: f, label: t(`figures.${f}`) }))}
                style={{ width: 180 }}
                data-testid="entries-filter-figure"
              />
              <Select
                allowClear
                value={currency}
                onChange={(v) => table.setFilters({ currency: v ?? null })}
                placeholder={t('common.currency')}
                aria-label={t('common.currency')}
                options={b.breakdown.map((r) => ({ value: r.currency, label: r.currency }))}
                style={{ width: 120 }}
              />
            </>
          }
        />
      </Card>
      <Card
        variant="borderless"
        title={t('balances.invoices')}
        extra={
          <Link to={`${party === 'affiliate' ? '/affiliate-billing/invoices' : '/advertiser-billing/adv-invoices'}?${invoiceParty}=${id}`}>
            {t('finance.allInvoices')}
          </Link>
        }
      >
        <Table<Invoice>
          size="small"
          rowKey="id"
          pagination={false}
          loading={invoices.isLoading}
          dataSource={invoices.data?.items ?? []}
          locale={{ emptyText: t('invoices.emptyTitle') }}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'title', title: t('invoices.columns.title'), render: (_v, row) => <Link to={invoicePath(row)}>{row.title}</Link> },
            {
              key: 'amount',
              title: t('common.amount'),
              align: 'right',
              render: (_v, row) => <Amount value={row.amount} currency={row.currency} />,
            },
            { key: 'status', title: t('common.status'), render: (_v, row) => <InvoiceStatus invoice={row} /> },
            { key: 'createdAt', title: t('common.created'), render: (_v, row) => formatDate(row.createdAt, timezone) },
          ]}
        />
      </Card>
      {canAdjust ? (
        <AdjustModal party={party} id={id} currency={b.baseCurrency} open={adjusting} onClose={() => setAdjusting(false)} />
      ) : null}
      {canInvoice ? (
        <InvoiceDrawer
          open={creating}
          type={party}
          partyId={id}
          onClose={() => setCreating(false)}
          onCreated={(inv) => navigate(invoicePath(inv))}
        />
      ) : null}
    </Page>
  );
}

export const AffiliateBalancePage = () => <BalanceDetail party="affiliate" />;
export const AdvertiserBalancePage = () => <BalanceDetail party="advertiser" />;
