/**
 * Pieces the finance screens share: the balance figure cards and the per-currency breakdown, an invoice's status
 * (overdue, partly paid), the payee or payer's name and link, and the invoice PDF download.
 */
import { FilePdfOutlined } from '@ant-design/icons';
import { toDecimal } from '@leadgrid/shared/money/decimal';
import { Button, Card, Col, Flex, Row, Skeleton, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { notify } from '../../api/notify';
import { saveBlob } from '../../components/export/ExportButton';
import { formatMoney } from '../../components/format';
import { StatusTag } from '../../components/StatusTag';
import { personName } from '@leadgrid/shared/people/names';
import { moneyApi } from './api';
import { useMoneyT } from './i18n';
import {
  ADVANCE_FIGURES,
  BALANCE_FIGURES,
  FIGURE_BUCKET,
  figureOf,
  type Balance,
  type BalanceFigure,
  type Invoice,
  type Party,
} from './types';

export const figuresOf = (party: Party): readonly BalanceFigure[] =>
  party === 'advertiser' ? [...BALANCE_FIGURES, ...ADVANCE_FIGURES] : BALANCE_FIGURES;

export const isNegative = (value: string | null | undefined) => {
  try {
    return Boolean(value) && toDecimal(value!).isNegative();
  } catch {
    return false;
  }
};

/** an amount that turns red below zero (a clawback not yet carried) */
export function Amount({ value, currency, strong }: { value: string | null | undefined; currency: string; strong?: boolean }) {
  return (
    <Typography.Text strong={strong} type={isNegative(value) ? 'danger' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(value ?? '0', currency)}
    </Typography.Text>
  );
}

/** the figures of a balance as cards; a click on one selects it (the ledger below filters by it) */
export function FigureCards({
  balance,
  party,
  loading,
  selected,
  onSelect,
}: {
  balance: Balance | undefined;
  party: Party;
  loading?: boolean;
  selected?: BalanceFigure | null;
  onSelect?: (figure: BalanceFigure | null) => void;
}) {
  const { t } = useMoneyT();
  const figures = figuresOf(party);
  return (
    <Row gutter={[16, 16]} data-testid="balance-figures">
      {figures.map((figure) => {
        const active = selected === figure;
        const selectable = Boolean(onSelect) && FIGURE_BUCKET[figure] !== null;
        const value = balance ? figureOf(balance, figure) : '0';
        return (
          <Col key={figure} xs={24} sm={12} lg={figures.length > 4 ? 8 : 6} xxl={figures.length > 4 ? 4 : 6}>
            <Card
              variant="borderless"
              hoverable={selectable}
              onClick={selectable ? () => onSelect!(active ? null : figure) : undefined}
              style={active ? { outline: '2px solid var(--ant-color-primary)', outlineOffset: -2 } : undefined}
              data-testid={`figure-${figure}`}
            >
              {loading && !balance ? (
                <Skeleton active paragraph={false} />
              ) : (
                <Tooltip title={t(`figures.${figure}Hint`)}>
                  <Statistic
                    title={t(`figures.${figure}`)}
                    value={formatMoney(value, balance?.baseCurrency)}
                    valueStyle={{ fontSize: 22, fontWeight: 600, color: isNegative(value) ? 'var(--ant-color-error)' : undefined }}
                  />
                </Tooltip>
              )}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

/** the balance per currency, one row a currency */
export function BreakdownTable({ balance, party, loading }: { balance: Balance | undefined; party: Party; loading?: boolean }) {
  const { t } = useMoneyT();
  const figures = figuresOf(party);
  return (
    <Table
      size="small"
      rowKey="currency"
      loading={loading}
      pagination={false}
      dataSource={balance?.breakdown ?? []}
      locale={{ emptyText: t('common.noBreakdown') }}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'currency',
          dataIndex: 'currency',
          title: t('common.currency'),
          render: (c: string) => <Tag style={{ marginInlineEnd: 0 }}>{c}</Tag>,
        },
        ...figures.map((figure) => ({
          key: figure,
          dataIndex: figure,
          title: t(`figures.${figure}`),
          align: 'right' as const,
          render: (_v: unknown, row: { currency: string }) => <Amount value={figureOf(row, figure)} currency={row.currency} />,
        })),
      ]}
      data-testid="balance-breakdown"
    />
  );
}

/** unpaid / paid / declined, with the overdue marker and what a partial payment covered */
export function InvoiceStatus({
  invoice,
}: {
  invoice: Pick<Invoice, 'status' | 'paidAmount' | 'overdue' | 'advanceAmount' | 'conversionsCount' | 'amount' | 'currency'>;
}) {
  const { t } = useMoneyT();
  const partly = invoice.status === 'unpaid' && invoice.paidAmount && !toDecimal(invoice.paidAmount).isZero();
  return (
    <Flex vertical gap={2} align="flex-start" data-testid="invoice-status">
      <Flex gap={4} wrap={false} align="center">
        <StatusTag status={invoice.status} />
        {invoice.status === 'unpaid' && invoice.overdue ? (
          <Tooltip title={t('invoices.overdueHint')}>
            <Tag color="error" style={{ marginInlineEnd: 0 }} data-testid="invoice-overdue">
              {t('invoices.overdue')}
            </Tag>
          </Tooltip>
        ) : null}
        {invoice.advanceAmount && !invoice.conversionsCount ? (
          <Tag color="purple" style={{ marginInlineEnd: 0 }}>
            {t('invoices.advance')}
          </Tag>
        ) : null}
      </Flex>
      {partly ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }} data-testid="invoice-partly-paid">
          {t('invoices.partlyPaid', {
            paid: formatMoney(invoice.paidAmount, invoice.currency),
            amount: formatMoney(invoice.amount, invoice.currency),
          })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** who the invoice is for, linked to its balance when the user may open it */
export function InvoiceParty({ invoice, link = true }: { invoice: Invoice; link?: boolean }) {
  const name = invoice.affiliate
    ? personName(invoice.affiliate)
    : invoice.advertiser
      ? invoice.advertiser.title
      : `#${invoice.affiliateId ?? invoice.advertiserId}`;
  const id = invoice.affiliateId ?? invoice.advertiserId;
  const to = invoice.type === 'affiliate' ? `/affiliate-billing/balances/${id}` : `/advertiser-billing/adv-balances/${id}`;
  return link && id ? <Link to={to}>{name}</Link> : <span>{name}</span>;
}

export { invoicePath } from '../../components/entityPaths';

/** downloads the invoice's PDF (the white label's name and logo, the network's and the payee's details) */
export function PdfButton({ invoice, size }: { invoice: Pick<Invoice, 'id' | 'title'>; size?: 'small' | 'middle' }) {
  const { t } = useMoneyT();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await moneyApi.pdf(invoice.id), `${invoice.title || `invoice-${invoice.id}`}.pdf`);
    } catch {
      notify.error(t('invoices.pdfFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size={size} icon={<FilePdfOutlined />} loading={busy} onClick={() => void download()} data-testid={`invoice-pdf-${invoice.id}`}>
      {t('invoices.pdf')}
    </Button>
  );
}

/** an invoice's period as yyyy.MM.dd – yyyy.MM.dd (or a dash for an invoice by sum) */
export function PeriodCell({ invoice }: { invoice: Pick<Invoice, 'dateFrom' | 'dateTo'> }) {
  if (!invoice.dateFrom && !invoice.dateTo) return <Typography.Text type="secondary">—</Typography.Text>;
  const day = (d?: string | null) => (d ? d.replace(/-/g, '.') : '…');
  return <span style={{ whiteSpace: 'nowrap' }}>{`${day(invoice.dateFrom)} – ${day(invoice.dateTo)}`}</span>;
}

/** a balance row's party: the affiliate's name or the advertiser's title, else its id */
export const balanceName = (b: Balance) =>
  'affiliateId' in b
    ? b.affiliate
      ? personName(b.affiliate)
      : `#${b.affiliateId}`
    : b.advertiser
      ? b.advertiser.title
      : `#${b.advertiserId}`;
