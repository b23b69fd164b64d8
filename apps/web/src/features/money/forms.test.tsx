/**
 * The finance forms against a stubbed API: what each sends, and that bad input is stopped with the field named and
 * nothing sent — the invoice drawer (by sum / by period / an advance), marking paid (a partial amount, the payment
 * day in the user's zone), the manual adjustment (mandatory reason) and the affiliate's withdrawal request (between
 * the minimum payout and the approved balance).
 */
import type { Invoice } from '@leadgrid/shared/money/invoices';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { SessionContext, type SessionValue } from '../../app/session';
import { json, mockApi } from '../../test/api';
import { AdjustModal } from './balances/AdjustModal';
import { WithdrawalModal } from './billing/WithdrawalModal';
import { PayModal } from './invoices/PayModal';
import { createItem, InvoiceDrawer } from './InvoiceDrawer';

vi.mock('../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SLOW = { timeout: 30_000 };
let requests: { method: string; path: string; body: unknown }[];
const writes = () => requests.filter((r) => r.method !== 'GET');

const invoice = (extra: Partial<Invoice> = {}): Invoice => ({
  id: 41,
  title: 'INV-000041',
  type: 'affiliate',
  status: 'unpaid',
  affiliateId: 9,
  affiliate: { id: 9, firstName: 'Petra', lastName: 'Pub', email: 'p@x.io' },
  amount: '120.5',
  paidAmount: '20',
  currency: 'USD',
  rate: '1',
  baseCurrency: 'USD',
  baseAmount: '120.5',
  conversionsCount: 3,
  advanceAmount: null,
  advanceAmountHold: null,
  dateFrom: '2026-11-01',
  dateTo: '2026-11-20',
  dueAt: 1_795_000_000,
  overdue: false,
  withdrawalMethodId: null,
  withdrawalMethod: null,
  notes: null,
  privateNotes: null,
  paidAt: null,
  reference: null,
  payments: [],
  origin: 'manual',
  createdAt: 1_794_000_000,
  createdBy: 1,
  updatedAt: 1_794_000_000,
  ...extra,
});

beforeEach(() => {
  requests = [];
  mockApi((call) => {
    const method = call.method;
    const url = new URL(call.url, 'http://localhost');
    requests.push({ method, path: url.pathname, body: call.body });
    if (url.pathname === '/api/v1/withdrawal-methods')
      return json({
        data: {
          items: [{ id: 5, title: 'My IBAN', isDefault: true, paymentMethod: { id: 1, title: 'Wire', status: 'active', fields: [] } }],
          meta: { totalCount: 1 },
        },
      });
    if (url.pathname === '/api/v1/currencies/all' || url.pathname === '/api/v1/currencies/for-invoice')
      return json({
        data: {
          items: [
            { id: 1, code: 'USD', name: 'US dollar', status: 'active' },
            { id: 2, code: 'EUR', name: 'Euro', status: 'active' },
          ],
        },
      });
    if (method === 'PUT' || method === 'POST')
      return json({ data: { items: [invoice({ id: 77, title: 'INV-000077' })] }, message: 'Done' });
    return json({ data: { items: [] } });
  });
});

function wrap(node: ReactNode, timezone = 'UTC') {
  const session = { access: { roleType: 'admin', permissions: [] }, timezone, user: { id: 1 } } as unknown as SessionValue;
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <SessionContext.Provider value={session}>
          <AntApp>{node}</AntApp>
        </SessionContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the invoice drawer', () => {
  it('builds the body of each mode: by period (days only), by sum (the amount), an advance (the amount alone)', () => {
    const period = [dayjs('2026-11-01'), dayjs('2026-11-30')] as [dayjs.Dayjs, dayjs.Dayjs];
    expect(createItem('affiliate', 'period', { partyId: 9, period, amount: '5', notes: ' hi ', privateNotes: '' })).toEqual({
      affiliateId: 9,
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      notes: 'hi',
    });
    expect(createItem('affiliate', 'sum', { partyId: 9, amount: '150,5', currency: 'EUR', withdrawalMethodId: 5 })).toEqual({
      affiliateId: 9,
      amount: '150.5',
      currency: 'EUR',
      withdrawalMethodId: 5,
    });
    expect(createItem('advertiser', 'advance', { partyId: 3, period, amount: '1000', currency: 'USD', withdrawalMethodId: 5 })).toEqual({
      advertiserId: 3,
      advanceAmount: '1000',
      currency: 'USD',
    });
  });

  it('stops an over-precise or negative sum on its field and sends nothing; a good sum is sent', async () => {
    wrap(<InvoiceDrawer open type="affiliate" partyId={9} onClose={() => undefined} />);
    fireEvent.click(await screen.findByText('By sum', undefined, SLOW));
    type('invoice-create-amount', '10.123456789');
    fireEvent.click(screen.getByTestId('invoice-create-submit'));
    expect(await screen.findByText('Too many decimal places', undefined, SLOW)).toBeTruthy();
    type('invoice-create-amount', '-5');
    fireEvent.click(screen.getByTestId('invoice-create-submit'));
    expect(await screen.findByText('The value is too small', undefined, SLOW)).toBeTruthy();
    expect(writes()).toHaveLength(0);

    type('invoice-create-amount', '150');
    fireEvent.click(screen.getByTestId('invoice-create-submit'));
    await waitFor(() => expect(writes()).toHaveLength(1), SLOW);
    expect(writes()[0]).toEqual({ method: 'PUT', path: '/api/v1/invoices', body: { items: [{ affiliateId: 9, amount: '150' }] } });
  });

  it('asks for the period when invoicing by period', async () => {
    wrap(<InvoiceDrawer open type="affiliate" partyId={9} onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('invoice-create-submit', undefined, SLOW));
    expect(await screen.findByText('This field is required', undefined, SLOW)).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it('offers the advance for advertisers only', async () => {
    const { unmount } = wrap(<InvoiceDrawer open type="affiliate" partyId={9} onClose={() => undefined} />);
    await screen.findByText('By sum', undefined, SLOW);
    expect(screen.queryByText('Advance')).toBeNull();
    unmount();
    wrap(<InvoiceDrawer open type="advertiser" partyId={3} onClose={() => undefined} />);
    expect(await screen.findByText('Advance', undefined, SLOW)).toBeTruthy();
  });
});

describe('marking paid', () => {
  it('refuses more than is still due, then records a partial payment with its day in the user’s zone and the reference', async () => {
    wrap(<PayModal invoices={[invoice()]} onClose={() => undefined} />, 'Asia/Tokyo');
    const amount = (await screen.findByTestId('invoice-pay-amount', undefined, SLOW)) as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('100.5'));
    type('invoice-pay-amount', '100.51');
    type('invoice-pay-reference', 'TX-1');
    fireEvent.click(screen.getByTestId('invoice-pay-submit'));
    expect(await screen.findByText(/At most the amount still due/, undefined, SLOW)).toBeTruthy();
    expect(writes()).toHaveLength(0);

    type('invoice-pay-amount', '50');
    fireEvent.click(screen.getByTestId('invoice-pay-submit'));
    await waitFor(() => expect(writes()).toHaveLength(1), SLOW);
    const today = dayjs().tz('Asia/Tokyo').format('YYYY-MM-DD');
    expect(writes()[0]).toEqual({
      method: 'POST',
      path: '/api/v1/invoices/change_status',
      body: { items: [{ id: 41, status: 'paid', paidAt: dayjs.tz(today, 'Asia/Tokyo').unix(), reference: 'TX-1', amount: '50' }] },
    });
  });

  it('pays what is due when the amount is left as it is, and leaves out the invoices that are not unpaid', async () => {
    wrap(<PayModal invoices={[invoice(), invoice({ id: 42, status: 'paid' })]} onClose={() => undefined} />);
    expect(await screen.findByText(/1 selected invoice is not unpaid/, undefined, SLOW)).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('invoice-pay-amount') as HTMLInputElement).value).toBe('100.5'));
    fireEvent.click(screen.getByTestId('invoice-pay-submit'));
    await waitFor(() => expect(writes()).toHaveLength(1), SLOW);
    const items = (writes()[0].body as { items: { id: number; amount?: string }[] }).items;
    expect(items.map((i) => i.id)).toEqual([41]);
    expect(items[0].amount).toBeUndefined();
  });
});

describe('the manual adjustment', () => {
  it('needs a reason and a non-zero amount; sends the signed amount with the reason', async () => {
    wrap(<AdjustModal party="affiliate" id={9} currency="USD" open onClose={() => undefined} />);
    await screen.findByTestId('adjust-amount', undefined, SLOW);
    type('adjust-amount', '0');
    fireEvent.click(screen.getByTestId('adjust-submit'));
    await waitFor(() => expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(2), SLOW);
    expect(writes()).toHaveLength(0);

    type('adjust-amount', '-12.5');
    type('adjust-reason', 'Fraud chargeback');
    fireEvent.click(screen.getByTestId('adjust-submit'));
    await waitFor(() => expect(writes()).toHaveLength(1), SLOW);
    expect(writes()[0]).toEqual({
      method: 'PUT',
      path: '/api/v1/balances/adjustments',
      body: { items: [{ affiliateId: 9, currency: 'USD', amount: '-12.5', reason: 'Fraud chargeback' }] },
    });
  });
});

describe('the withdrawal request', () => {
  it('takes an amount between the minimum payout and the approved balance, to the default method', async () => {
    wrap(<WithdrawalModal open approved="300" min="50" currency="USD" onClose={() => undefined} />);
    await screen.findByTestId('withdrawal-amount', undefined, SLOW);
    await waitFor(() => expect(screen.getByText('My IBAN ★')).toBeTruthy(), SLOW);
    type('withdrawal-amount', '300.01');
    fireEvent.click(screen.getByTestId('withdrawal-submit'));
    expect(await screen.findByText(/At most your approved balance/, undefined, SLOW)).toBeTruthy();
    type('withdrawal-amount', '49.99');
    fireEvent.click(screen.getByTestId('withdrawal-submit'));
    expect(await screen.findByText(/At least the minimum payout/, undefined, SLOW)).toBeTruthy();
    expect(writes()).toHaveLength(0);

    type('withdrawal-amount', '120');
    fireEvent.click(screen.getByTestId('withdrawal-submit'));
    await waitFor(() => expect(writes()).toHaveLength(1), SLOW);
    expect(writes()[0]).toEqual({
      method: 'PUT',
      path: '/api/v1/invoices/withdrawals',
      body: { items: [{ currency: 'USD', amount: '120', withdrawalMethodId: 5 }] },
    });
  });
});
