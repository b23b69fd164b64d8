/**
 * /billing, the affiliate's own money (no permission needed): its balance figures and their breakdown per
 * currency, its invoices (URL-bound paging, newest first) with their PDF, and "request withdrawal" — enabled when
 * the approved balance reaches the minimum payout and no earlier request is waiting (unless the network allows it).
 */
import { WalletOutlined } from '@ant-design/icons';
import { toDecimal } from '@leadgrid/shared/money/decimal';
import { Button, Card, Flex, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../app/session';
import { formatDate, formatMoney } from '../../../components/format';
import { Page } from '../../../components/Page';
import { ResourceListTable } from '../../../components/list/ResourceListPage';
import { useResourceList } from '../../../components/list/useResourceList';
import type { DataColumn } from '../../../components/table/DataTable';
import { useInvoices, useOwnBalance } from '../api';
import { useMoneyT } from '../i18n';
import { BreakdownTable, FigureCards, InvoiceStatus, invoicePath, PdfButton, PeriodCell } from '../parts';
import type { Invoice, OwnBalance } from '../types';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const WithdrawalModal = lazyWhenOpen(() => import('./WithdrawalModal').then((m) => m.WithdrawalModal));

const gte = (a: string, b: string) => {
  try {
    return toDecimal(a).gte(toDecimal(b));
  } catch {
    return false;
  }
};

/** why "request withdrawal" is disabled (null: it is not): a request waiting (unless a second is allowed), or the
 * approved balance below the minimum payout */
export function withdrawalBlock(b: OwnBalance | undefined, t: TFunction): string | null {
  if (!b) return t('common.loadFailed');
  if (!b.allowSecondWithdrawal && toDecimal(b.withdrawalPending).gt(0))
    return t('billing.requestPending', { amount: formatMoney(b.withdrawalPending, b.baseCurrency) });
  if (!toDecimal(b.approved).gt(0) || !gte(b.approved, b.minPayoutAmount))
    return t('billing.requestBelowMin', {
      min: formatMoney(b.minPayoutAmount, b.baseCurrency),
      approved: formatMoney(b.approved, b.baseCurrency),
    });
  return null;
}

export default function BillingPage() {
  const { t } = useMoneyT();
  const { timezone } = useSession();
  const navigate = useNavigate();
  const balance = useOwnBalance();
  const invoices = useResourceList({ defaultOrderBy: 'id:desc', scope: { type: 'affiliate' }, useList: useInvoices });
  const [requesting, setRequesting] = useState(false);
  const b = balance.data;
  const min = b?.minPayoutAmount ?? '0';
  const approved = b?.approved ?? '0';
  const pending = b?.withdrawalPending ?? '0';
  const blocked = withdrawalBlock(b, t);

  const columns: DataColumn<Invoice>[] = [
    {
      key: 'title',
      title: t('invoices.columns.title'),
      alwaysVisible: true,
      sortable: true,
      render: (_v, row) => (
        <Link to={invoicePath(row, true)} data-testid={`billing-invoice-${row.id}`}>
          {row.title}
        </Link>
      ),
    },
    {
      key: 'amount',
      title: t('common.amount'),
      sortable: true,
      align: 'right',
      render: (_v, row) => <Typography.Text strong>{formatMoney(row.amount, row.currency)}</Typography.Text>,
    },
    { key: 'status', title: t('common.status'), sortable: true, render: (_v, row) => <InvoiceStatus invoice={row} /> },
    { key: 'period', title: t('invoices.columns.period'), render: (_v, row) => <PeriodCell invoice={row} /> },
    { key: 'createdAt', title: t('invoices.columns.createdAt'), sortable: true, render: (v: number) => formatDate(v, timezone) },
    { key: 'paidAt', title: t('detail.paidAt'), render: (v: number | null) => formatDate(v, timezone) },
    { key: 'pdf', title: '', alwaysVisible: true, align: 'right', render: (_v, row) => <PdfButton invoice={row} size="small" /> },
  ];

  return (
    <Page
      title={t('billing.title')}
      subtitle={t('billing.subtitle')}
      extra={
        <Tooltip title={blocked ?? undefined}>
          <Button
            type="primary"
            icon={<WalletOutlined />}
            disabled={Boolean(blocked)}
            onClick={() => setRequesting(true)}
            data-testid="billing-request"
          >
            {t('billing.request')}
          </Button>
        </Tooltip>
      }
    >
      {balance.error && !b ? (
        <Card variant="borderless">
          <Flex justify="space-between" align="center">
            <Typography.Text type="warning">{t('common.loadFailed')}</Typography.Text>
            <Button onClick={() => void balance.refetch()}>{t('common.retry')}</Button>
          </Flex>
        </Card>
      ) : (
        <FigureCards balance={b} party="affiliate" loading={balance.isLoading} />
      )}
      {b ? (
        <Card variant="borderless" size="small" data-testid="billing-withdrawal-terms">
          <Flex gap={24} wrap align="center">
            <span>
              <Typography.Text type="secondary">{t('billing.minPayout')}: </Typography.Text>
              <Typography.Text strong data-testid="billing-min-payout">
                {formatMoney(min, b.baseCurrency)}
              </Typography.Text>
            </span>
            <span>
              <Typography.Text type="secondary">{t('billing.pending')}: </Typography.Text>
              <Typography.Text strong data-testid="billing-pending">
                {formatMoney(pending, b.baseCurrency)}
              </Typography.Text>
            </span>
            {blocked ? (
              <Typography.Text type="warning" data-testid="billing-request-blocked">
                {blocked}
              </Typography.Text>
            ) : null}
          </Flex>
        </Card>
      ) : null}
      {b && b.breakdown.length > 1 ? (
        <Card variant="borderless" title={t('common.breakdown')}>
          <BreakdownTable balance={b} party="affiliate" />
        </Card>
      ) : null}
      <Card variant="borderless" title={t('billing.invoices')}>
        <ResourceListTable<Invoice>
          resource={invoices}
          name="billing.invoices"
          size="middle"
          columns={columns}
          onRow={(row) => ({ onDoubleClick: () => navigate(invoicePath(row, true)) })}
          empty={{ title: t('billing.invoicesEmpty'), description: t('billing.invoicesEmptyText') }}
        />
      </Card>
      {b ? (
        <WithdrawalModal
          open={requesting}
          approved={approved}
          min={min}
          currency={b.baseCurrency}
          onClose={() => setRequesting(false)}
          onDone={(inv) => navigate(invoicePath(inv, true))}
        />
      ) : null}
    </Page>
  );
}
