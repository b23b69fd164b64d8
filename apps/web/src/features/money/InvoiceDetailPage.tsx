/**
 * One invoice: /affiliate-billing/invoices/:id, /advertiser-billing/adv-invoices/:id (staff) and
 * /billing/invoices/:id (the affiliate, its own only: the server answers 404 otherwise and never sends private
 * notes). Its figures, payee or payer and withdrawal details, payments, the conversions it holds with the rate each
 * used, the PDF; staff mark it paid or declined and edit its notes while it is unpaid.
 */
import { ArrowLeftOutlined, CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Result, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { allowed } from '../../app/access';
import { useSession } from '../../app/session';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../components/format';
import { Page } from '../../components/Page';
import { StatusTag } from '../../components/StatusTag';
import { CONVERSION_STATUS_NAMES } from '@leadgrid/shared/engine/conversions';
import { useInvoice } from './api';
import { useMoneyT } from './i18n';
import { Amount, InvoiceParty, InvoiceStatus, PdfButton, PeriodCell } from './parts';
import type { InvoiceAdjustment } from '@leadgrid/shared/money/invoices';
import type { Invoice, InvoiceConversion, InvoicePayment } from './types';
import { useInvoiceActions } from './invoices/actions';
import { dueOf } from './invoiceModel';
import { lazyWhenOpen } from '../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const PayModal = lazyWhenOpen(
  () => import('./invoices/PayModal').then((m) => m.PayModal),
  (p) => p.invoices !== null,
);
const NotesModal = lazyWhenOpen(() => import('./invoices/NotesModal').then((m) => m.NotesModal));

export function InvoiceDetail({ affiliateView = false }: { affiliateView?: boolean }) {
  const { t } = useMoneyT();
  const { timezone } = useSession();
  const params = useParams();
  const id = Number(params.id);
  const query = useInvoice(Number.isInteger(id) && id > 0 ? id : undefined);
  const invoice = query.data;
  const [paying, setPaying] = useState<Invoice[] | null>(null);
  const [editing, setEditing] = useState(false);
  const actions = useInvoiceActions();
  const { access } = useSession();
  const staff = !affiliateView;
  const canUpdate = staff && Boolean(invoice) && allowed(access, `invoice.${invoice!.type}.update`);
  const backTo = affiliateView
    ? '/billing'
    : invoice?.type === 'advertiser'
      ? '/advertiser-billing/adv-invoices'
      : '/affiliate-billing/invoices';
  const back = (
    <Link to={backTo}>
      <ArrowLeftOutlined /> {t('common.back')}
    </Link>
  );

  if (query.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (!invoice)
    return (
      <Card variant="borderless">
        <Result
          status={query.error && (query.error as { status?: number }).status !== 404 ? 'warning' : '404'}
          title={query.error && (query.error as { status?: number }).status !== 404 ? t('common.loadFailed') : t('common.notFound')}
          extra={
            <Flex gap={8} justify="center">
              {back}
              {query.error ? <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button> : null}
            </Flex>
          }
        />
      </Card>
    );

  const unpaid = invoice.status === 'unpaid';
  const paidSoFar = invoice.paidAmount ?? (invoice.status === 'paid' ? invoice.amount : '0');
  const conversionColumns = [
    {
      key: 'id',
      dataIndex: 'id',
      title: 'ID',
      render: (v: number) => (staff ? <Link to={`/conversions?search=${v}`}>#{v}</Link> : `#${v}`),
    },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('common.created'), render: (v: number) => formatDateTime(v, timezone) },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('common.status'),
      render: (v: number) => <StatusTag status={CONVERSION_STATUS_NAMES[v - 1]} />,
    },
    {
      key: 'offer',
      title: t('detail.offer'),
      render: (_v: unknown, row: InvoiceConversion) => [row.offer?.title, row.goal?.title].filter(Boolean).join(' · ') || '—',
    },
    {
      key: 'amount',
      title: t('detail.original'),
      align: 'right' as const,
      render: (_v: unknown, row: InvoiceConversion) => formatMoney(row.amount, row.currency),
    },
    {
      key: 'invoiceAmount',
      dataIndex: 'invoiceAmount',
      title: t('detail.inInvoice'),
      align: 'right' as const,
      render: (v: string) => <Typography.Text strong>{formatMoney(v, invoice.currency)}</Typography.Text>,
    },
  ];

  return (
    <Page
      title={
        <Flex gap={12} align="center" wrap>
          {t('detail.title', { title: invoice.title })}
          <InvoiceStatus invoice={invoice} />
        </Flex>
      }
      subtitle={back}
      extra={
        <>
          <PdfButton invoice={invoice} />
          {canUpdate && unpaid ? (
            <>
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('detail.editNotes')}
              </Button>
              <Button danger icon={<CloseOutlined />} onClick={() => actions.decline([invoice])} data-testid="invoice-decline">
                {t('invoices.decline')}
              </Button>
              <Button type="primary" icon={<CheckOutlined />} onClick={() => setPaying([invoice])} data-testid="invoice-mark-paid">
                {t('invoices.markPaid')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <Card variant="borderless" title={t('detail.summary')}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" data-testid="invoice-summary">
          <Descriptions.Item label={t('common.amount')}>
            <Typography.Text strong style={{ fontSize: 16 }} data-testid="invoice-amount">
              {formatMoney(invoice.amount, invoice.currency)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('common.status')}>
            <StatusTag status={invoice.status} />
          </Descriptions.Item>
          {staff ? (
            <Descriptions.Item label={t(invoice.type === 'affiliate' ? 'detail.payee' : 'detail.payer')}>
              <InvoiceParty invoice={invoice} />
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('common.period')}>
            <PeriodCell invoice={invoice} />
          </Descriptions.Item>
          <Descriptions.Item label={t('common.created')}>{formatDateTime(invoice.createdAt, timezone)}</Descriptions.Item>
          <Descriptions.Item label={t('detail.dueAt')}>
            <Typography.Text type={unpaid && invoice.overdue ? 'danger' : undefined}>{formatDate(invoice.dueAt, timezone)}</Typography.Text>
          </Descriptions.Item>
          {invoice.advanceAmount ? (
            <Descriptions.Item label={t('create.advanceAmount')}>{formatMoney(invoice.advanceAmount, invoice.currency)}</Descriptions.Item>
          ) : null}
          {invoice.currency !== invoice.baseCurrency ? (
            <Descriptions.Item label={t('detail.rate')}>
              {t('detail.rateText', {
                rate: formatNumber(invoice.rate, 6),
                currency: invoice.currency,
                base: invoice.baseCurrency,
                amount: formatMoney(invoice.baseAmount, invoice.baseCurrency),
              })}
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('detail.paidSoFar')}>{formatMoney(paidSoFar, invoice.currency)}</Descriptions.Item>
          {unpaid ? <Descriptions.Item label={t('detail.due')}>{formatMoney(dueOf(invoice), invoice.currency)}</Descriptions.Item> : null}
          {invoice.paidAt ? <Descriptions.Item label={t('detail.paidAt')}>{formatDate(invoice.paidAt, timezone)}</Descriptions.Item> : null}
          {invoice.reference ? <Descriptions.Item label={t('detail.reference')}>{invoice.reference}</Descriptions.Item> : null}
          {invoice.withdrawalMethod ? (
            <Descriptions.Item label={t('detail.withdrawal')}>
              <Flex vertical>
                <span>{invoice.withdrawalMethod.title || invoice.withdrawalMethod.paymentMethod?.title}</span>
                {Object.entries(invoice.withdrawalMethod.values ?? {}).map(([k, v]) => (
                  <Typography.Text key={k} type="secondary" style={{ fontSize: 12 }}>
                    {k}: {v}
                  </Typography.Text>
                ))}
              </Flex>
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('detail.notes')} span="filled">
            {invoice.notes ? <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{invoice.notes}</Typography.Text> : '—'}
          </Descriptions.Item>
          {staff && invoice.privateNotes !== undefined ? (
            <Descriptions.Item label={t('detail.privateNotes')} span="filled">
              {invoice.privateNotes ? (
                <Typography.Text style={{ whiteSpace: 'pre-wrap' }} data-testid="invoice-private-notes">
                  {invoice.privateNotes}
                </Typography.Text>
              ) : (
                '—'
              )}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      {invoice.payments?.length ? (
        <Card variant="borderless" title={t('detail.payments')}>
          <Table<InvoicePayment>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={invoice.payments}
            columns={[
              { key: 'paidAt', dataIndex: 'paidAt', title: t('pay.paidAt'), render: (v: number) => formatDate(v, timezone) },
              {
                key: 'amount',
                dataIndex: 'amount',
                title: t('common.amount'),
                align: 'right',
                render: (v: string) => formatMoney(v, invoice.currency),
              },
              { key: 'reference', dataIndex: 'reference', title: t('pay.reference'), render: (v: string | null) => v || '—' },
              {
                key: 'source',
                dataIndex: 'source',
                title: t('detail.source'),
                render: (v: string) => t(`detail.sources.${v}`, { defaultValue: v }),
              },
            ]}
          />
        </Card>
      ) : null}
      {invoice.adjustments?.length ? (
        <Card variant="borderless" title={t('detail.adjustments')}>
          <Table<InvoiceAdjustment>
            size="small"
            rowKey={(r) => `${r.kind}-${r.conversionId ?? r.adjustmentId}`}
            pagination={false}
            dataSource={invoice.adjustments}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                key: 'kind',
                dataIndex: 'kind',
                title: t('balances.kind'),
                render: (v: string) => t(`detail.adjustmentKinds.${v}`, { defaultValue: v }),
              },
              {
                key: 'ref',
                title: t('balances.reference'),
                render: (_v, r) =>
                  r.conversionId
                    ? t('balances.conversion', { id: r.conversionId })
                    : r.adjustmentId
                      ? t('balances.adjustmentRef', { id: r.adjustmentId })
                      : '—',
              },
              { key: 'reason', dataIndex: 'reason', title: t('balances.reason'), render: (v: string | null) => v || '—' },
              {
                key: 'amount',
                title: t('detail.original'),
                align: 'right',
                render: (_v, r) => <Amount value={r.amount} currency={r.currency} />,
              },
              {
                key: 'invoiceAmount',
                title: t('detail.inInvoice'),
                align: 'right',
                render: (_v, r) => <Amount value={r.invoiceAmount} currency={invoice.currency} strong />,
              },
            ]}
          />
        </Card>
      ) : null}
      <Card variant="borderless" title={`${t('detail.conversions')} · ${invoice.conversionsCount}`}>
        <Table<InvoiceConversion>
          size="small"
          rowKey="id"
          dataSource={invoice.conversions ?? []}
          columns={conversionColumns}
          pagination={(invoice.conversions?.length ?? 0) > 25 ? { pageSize: 25, showSizeChanger: false } : false}
          locale={{ emptyText: t('detail.conversionsEmpty') }}
          scroll={{ x: 'max-content' }}
          data-testid="invoice-conversions"
        />
      </Card>
      {canUpdate ? (
        <>
          <PayModal invoices={paying} onClose={() => setPaying(null)} />
          <NotesModal invoice={invoice} open={editing} onClose={() => setEditing(false)} />
        </>
      ) : null}
    </Page>
  );
}

export default function InvoiceDetailPage() {
  return <InvoiceDetail />;
}
