/**
 * /finance (any of the balance and invoice read permissions): what the network owes its affiliates (payable) and
 * is owed by its advertisers (receivable), what it paid and its profit, by month and currency over a range of
 * months counted in the user's zone (the last six by default, bound to the URL as `from`/`to` `yyyy-MM`), with the
 * totals per currency; and the unpaid invoices to act on, oldest due first, for each invoice type the user may read.
 */
import { ROUTE_PERMISSIONS as P } from '@leadgrid/shared/access/permissions';
import { addMoney } from '@leadgrid/shared/money/decimal';
import { Card, Col, DatePicker, Empty, Flex, Result, Button, Row, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { formatDate } from '../../../components/format';
import { Page } from '../../../components/Page';
import { useFinanceOverview, useInvoices } from '../api';
import { useMoneyT } from '../i18n';
import { Amount, InvoiceParty, InvoiceStatus, invoicePath } from '../parts';
import type { FinanceMonth, Invoice, InvoiceType } from '../types';

const MONTH = /^\d{4}-\d{2}$/;
const MEASURES = ['payable', 'receivable', 'paid', 'received', 'profit'] as const;

/** the month range of the URL (or the last six months in the user's zone), earliest first */
export function monthRange(from: string | null, to: string | null, tz: string, now = new Date()): [string, string] {
  const current = dayjs(now).tz(tz).format('YYYY-MM');
  let a = from && MONTH.test(from) ? from : dayjs(`${current}-01`).subtract(5, 'month').format('YYYY-MM');
  let b = to && MONTH.test(to) ? to : current;
  if (a > b) [a, b] = [b, a];
  return [a, b];
}

/** the API query of a month range: its first and last days, read in the user's zone */
export const rangeQuery = ([from, to]: [string, string], tz: string) => ({ monthFrom: from, monthTo: to, timezone: tz });

/** the sums of every measure per currency */
export function totalsByCurrency(rows: readonly FinanceMonth[]): FinanceMonth[] {
  const by = new Map<string, FinanceMonth>();
  for (const r of rows) {
    const sum = by.get(r.currency) ?? {
      month: '',
      currency: r.currency,
      payable: '0',
      receivable: '0',
      paid: '0',
      received: '0',
      profit: '0',
    };
    for (const m of MEASURES) sum[m] = addMoney(sum[m], r[m]);
    by.set(r.currency, sum);
  }
  return [...by.values()];
}

function UnpaidInvoices({ type }: { type: InvoiceType }) {
  const { t } = useMoneyT();
  const { timezone } = useSession();
  const list = useInvoices({ type, status: 'unpaid', orderBy: 'dueAt:asc', limit: 10 });
  const all = type === 'affiliate' ? '/affiliate-billing/invoices?status=unpaid' : '/advertiser-billing/adv-invoices?status=unpaid';
  return (
    <Card
      variant="borderless"
      title={
        <Flex gap={8} align="center">
          {t(type === 'affiliate' ? 'finance.affiliateInvoices' : 'finance.advertiserInvoices')}
          {list.data?.meta ? <Tag color={list.data.meta.totalCount ? 'warning' : 'default'}>{list.data.meta.totalCount}</Tag> : null}
        </Flex>
      }
      extra={<Link to={all}>{t('finance.allInvoices')}</Link>}
      data-testid={`finance-unpaid-${type}`}
    >
      <Table<Invoice>
        size="small"
        rowKey="id"
        pagination={false}
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: list.error ? (
            <Result
              status="warning"
              title={t('common.loadFailed')}
              extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('finance.unpaidEmpty')} />
          ),
        }}
        columns={[
          { key: 'title', title: t('invoices.columns.title'), render: (_v, row) => <Link to={invoicePath(row)}>{row.title}</Link> },
          {
            key: 'party',
            title: t(type === 'affiliate' ? 'common.affiliate' : 'common.advertiser'),
            render: (_v, row) => <InvoiceParty invoice={row} />,
          },
          {
            key: 'amount',
            title: t('common.amount'),
            align: 'right',
            render: (_v, row) => <Amount value={row.amount} currency={row.currency} strong />,
          },
          { key: 'dueAt', title: t('invoices.columns.dueAt'), render: (_v, row) => formatDate(row.dueAt, timezone) },
          { key: 'status', title: t('common.status'), render: (_v, row) => <InvoiceStatus invoice={row} /> },
        ]}
      />
    </Card>
  );
}

export default function FinancePage() {
  const { t } = useMoneyT();
  const { timezone, access } = useSession();
  const [params, setParams] = useSearchParams();
  const range = monthRange(params.get('from'), params.get('to'), timezone);
  const overview = useFinanceOverview(rangeQuery(range, timezone));
  const rows = useMemo(
    () => [...(overview.data?.items ?? [])].sort((a, b) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency)),
    [overview.data],
  );
  const totals = useMemo(() => totalsByCurrency(rows), [rows]);
  const types = (['affiliate', 'advertiser'] as const).filter((type) =>
    allowed(access, type === 'affiliate' ? P.affiliateInvoices : P.advertiserInvoices),
  );

  const measureColumn = (m: (typeof MEASURES)[number]) => ({
    key: m,
    dataIndex: m,
    align: 'right' as const,
    title: <Tooltip title={t(`finance.${m}Hint`)}>{t(`finance.${m}`)}</Tooltip>,
    render: (v: string, row: FinanceMonth) => <Amount value={v} currency={row.currency} strong={m === 'profit'} />,
  });

  return (
    <Page
      title={t('finance.title')}
      subtitle={t('finance.subtitle')}
      extra={
        <DatePicker.RangePicker
          picker="month"
          allowClear={false}
          value={[dayjs(`${range[0]}-01`), dayjs(`${range[1]}-01`)]}
          format="YYYY.MM"
          onChange={(v) => {
            if (!v?.[0] || !v[1]) return;
            setParams((prev) => {
              const next = new URLSearchParams(prev);
              next.set('from', v[0]!.format('YYYY-MM'));
              next.set('to', v[1]!.format('YYYY-MM'));
              return next;
            });
          }}
          data-testid="finance-months"
        />
      }
    >
      {totals.length ? (
        <Row gutter={[16, 16]}>
          {totals.map((total) => (
            <Col key={total.currency} span={24}>
              <Card
                variant="borderless"
                size="small"
                title={<Tag style={{ marginInlineEnd: 0 }}>{total.currency}</Tag>}
                data-testid={`finance-total-${total.currency}`}
              >
                <Row gutter={[16, 8]}>
                  {MEASURES.map((m) => (
                    <Col key={m} xs={12} md={8} lg={{ flex: '1 1 0' }}>
                      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                        {t(`finance.${m}`)}
                      </Typography.Text>
                      <span style={{ fontSize: 18, fontWeight: 600 }}>
                        <Amount value={total[m]} currency={total.currency} />
                      </span>
                    </Col>
                  ))}
                </Row>
              </Card>
            </Col>
          ))}
        </Row>
      ) : null}
      <Card variant="borderless" title={t('finance.byMonth')}>
        <Table<FinanceMonth>
          size="middle"
          rowKey={(r) => `${r.month}-${r.currency}`}
          loading={overview.isFetching}
          dataSource={overview.error ? [] : rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: overview.error ? (
              <Result
                status="warning"
                title={t('common.loadFailed')}
                extra={<Button onClick={() => void overview.refetch()}>{t('common.retry')}</Button>}
              />
            ) : overview.isLoading ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('finance.empty')} />
            ),
          }}
          columns={[
            {
              key: 'month',
              dataIndex: 'month',
              title: t('finance.month'),
              render: (v: string) => <Typography.Text strong>{v.replace('-', '.')}</Typography.Text>,
            },
            {
              key: 'currency',
              dataIndex: 'currency',
              title: t('common.currency'),
              render: (v: string) => <Tag style={{ marginInlineEnd: 0 }}>{v}</Tag>,
            },
            ...MEASURES.map(measureColumn),
          ]}
          data-testid="finance-months-table"
        />
      </Card>
      {types.length ? (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('finance.unpaid')}{' '}
            <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400 }}>
              · {t('finance.unpaidHint')}
            </Typography.Text>
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {types.map((type) => (
              <Col key={type} xs={24} xxl={types.length > 1 ? 12 : 24}>
                <UnpaidInvoices type={type} />
              </Col>
            ))}
          </Row>
        </>
      ) : null}
    </Page>
  );
}
