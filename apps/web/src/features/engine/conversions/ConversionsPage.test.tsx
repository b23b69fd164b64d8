/**
 * The /conversions screen against a stubbed API: URL filters become the list query (clean values, days in the user's
 * zone, no staff-only filter for an affiliate); what each user sees (revenue, profit and advertiser for staff only;
 * selection, actions and edit only with conversion.update); a mass status change sends only the conversions that may
 * take the status, with the send-postback choice, and shows which changed; the edit drawer sends changed fields only.
 */
import type { ConversionView } from '@leadgrid/shared/engine/conversions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { SessionContext, type SessionValue } from '../../../app/session';
import { formatMoney } from '../../../components/format';
import { json, mockApi } from '../../../test/api';
import ConversionsPage from './ConversionsPage';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SLOW = { timeout: 15_000 };

const conversion = (id: number, status: number, extra: Partial<ConversionView> = {}): ConversionView => ({
  id,
  createdAt: 1_795_000_000 + id,
  status,
  statusChangedAt: null,
  clickId: '0b7c6f1e-3a52-4d1e-9d6a-4c1f2e3d4b5a',
  leadId: 40 + id,
  offerId: 3,
  offer: { id: 3, title: 'Loans DE' },
  campaignId: 7,
  campaign: { id: 7, title: 'Spring push' },
  affiliateId: 9,
  affiliate: { id: 9, firstName: 'Petra', lastName: 'Pub', email: 'p@x.io' },
  goalId: 11,
  goal: { id: 11, title: 'Deposit' },
  country: 'DE',
  payout: '30',
  payoutCurrency: 'USD',
  basePayout: '30',
  baseCurrency: 'USD',
  marks: id === 2 ? ['late_conversion'] : [],
  publicNotes: null,
  autoApproveAt: null,
  advertiserId: 5,
  advertiser: { id: 5, title: 'Broker One' },
  revenue: '50',
  revenueCurrency: 'USD',
  baseRevenue: '50',
  profit: '20',
  isHidden: false,
  goals: [
    { id: 10, title: 'Registration' },
    { id: 11, title: 'Deposit' },
  ],
  ...extra,
});
const ROWS = [conversion(1, 1), conversion(2, 2), conversion(3, 3)];
const TOTALS = { count: 41, currency: 'USD', payout: '1234.5', revenue: '2000', profit: '765.5' };

let requests: { method: string; url: URL; body: unknown }[];

beforeEach(() => {
  requests = [];
  mockApi((call) => {
    const method = call.method;
    const url = new URL(call.url, 'http://localhost');
    requests.push({ method, url, body: call.body });
    if (method === 'POST' && url.pathname === '/api/v1/conversions/change_status')
      return json({
        data: { outcome: 'partial', applied: [1], failed: [{ id: 2, reason: 'Conversion 2 is already approved' }], postbacks: 1 },
        message: 'Changed',
      });
    if (method === 'PATCH') return json({ data: { items: [ROWS[0]] }, message: 'Conversion saved' });
    if (url.pathname === '/api/v1/conversions')
      return json({ data: { items: ROWS, meta: { totalCount: 3, totals: url.searchParams.get('status') ? undefined : TOTALS } } });
    if (url.pathname === '/api/v1/conversions/1') return json({ data: { items: [ROWS[0]] } });
    return json({ data: { items: [] } });
  });
});

function renderPage(url: string, roleType: string, permissions: string[]) {
  const session = { access: { roleType, permissions }, timezone: 'Europe/Berlin' } as unknown as SessionValue;
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <SessionContext.Provider value={session}>
          <AntApp>
            <ConversionsPage />
          </AntApp>
        </SessionContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const STAFF = ['front.menu.conversions.read', 'conversion.read', 'conversion.update'];
const AFFILIATE = ['front.menu.conversions.read', 'conversion.own.read'];
const listCalls = () =>
  requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/v1/conversions').map((r) => r.url.searchParams);
const rowCheckbox = (id: number) => within(document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement).getByRole('checkbox');

describe('filters -> query', () => {
  const URL_FILTERS =
    '/conversions?status=approved,bogus&offerId=3,x&country=de&mark=late_conversion,odd&dateFrom=2026-11-07&dateTo=2026-11-01&search=abc&advertiserId=5&isHidden=1&offset=25';

  it('sends the clean URL filters with the user’s zone', async () => {
    renderPage(URL_FILTERS, 'admin', STAFF);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0), SLOW);
    expect(Object.fromEntries(listCalls()[0])).toEqual({
      orderBy: 'id:desc',
      limit: '25',
      offset: '25',
      status: 'approved',
      offerId: '3',
      advertiserId: '5',
      country: 'DE',
      mark: 'late_conversion',
      isHidden: '1',
      search: 'abc',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-07',
      timezone: 'Europe/Berlin',
      withMeta: '1',
    });
  });

  it('gives an affiliate no advertiser, affiliate or visibility filter', async () => {
    renderPage(URL_FILTERS, 'affiliate', AFFILIATE);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0), SLOW);
    expect(listCalls()[0].get('advertiserId')).toBeNull();
    expect(listCalls()[0].get('isHidden')).toBeNull();
    expect(listCalls()[0].get('offerId')).toBe('3');
    expect(screen.queryByTestId('conversion-filter-advertisers')).toBeNull();
    expect(screen.queryByTestId('conversion-filter-affiliates')).toBeNull();
    expect(screen.queryByTestId('conversion-filter-hidden')).toBeNull();
    expect(screen.getByTestId('conversion-filter-goals')).toBeTruthy();
  });
});

describe('what each user sees', () => {
  it('staff with conversion.update: revenue, profit and advertiser, row actions and selection', async () => {
    renderPage('/conversions', 'admin', STAFF);
    expect((await screen.findAllByText('Deposit · Broker One', undefined, SLOW)).length).toBe(3);
    for (const name of ['Revenue / Profit', 'Offer / Goal · Advertiser']) expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    expect(screen.getByTestId('conversion-actions-1')).toBeTruthy();
    expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(3);
    expect(screen.getByText('Late')).toBeTruthy();
    // the totals row: the server's sums of the whole filter, in the base currency
    expect(screen.getByTestId('conversions-total-count').textContent).toBe('Total: 41');
    expect(screen.getByTestId('conversions-total-payout').textContent).toBe(formatMoney('1234.5', 'USD'));
    expect(screen.getByTestId('conversions-total-revenue').textContent).toContain(formatMoney('2000', 'USD'));
  });

  it('staff without conversion.update: no actions and no selection', async () => {
    renderPage('/conversions', 'affiliate_manager', ['front.menu.conversions.read', 'conversion.assigned.read']);
    expect((await screen.findAllByText('Deposit · Broker One', undefined, SLOW)).length).toBe(3);
    expect(screen.queryByTestId('conversion-actions-1')).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('an affiliate: payout only, no advertiser or affiliate, no actions', async () => {
    renderPage('/conversions', 'affiliate', AFFILIATE);
    expect((await screen.findAllByText('Spring push', undefined, SLOW)).length).toBe(3);
    for (const name of ['Revenue / Profit', 'Offer / Goal · Advertiser']) expect(screen.queryByRole('columnheader', { name })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Offer / Goal' })).toBeTruthy();
    expect(screen.queryByTestId('conversions-total-revenue')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Payout' })).toBeTruthy();
    expect(screen.queryByText(/Broker One/)).toBeNull();
    expect(screen.queryByText('Petra Pub')).toBeNull();
    expect(screen.queryByTestId('conversion-actions-1')).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});

describe('status changes and edit', () => {
  it('approves the selected conversions that may be approved, with the send-postback choice, and shows the outcome', async () => {
    renderPage('/conversions', 'admin', STAFF);
    await screen.findAllByText('Deposit · Broker One', undefined, SLOW);
    fireEvent.click(rowCheckbox(1));
    fireEvent.click(rowCheckbox(3));
    const hold = () => screen.getByTestId('conversion-bulk-hold') as HTMLButtonElement;
    // an approved conversion is not put on hold, a pending one is
    await waitFor(() => expect(hold().disabled).toBe(false), SLOW);
    fireEvent.click(rowCheckbox(2));
    fireEvent.click(screen.getByTestId('conversion-bulk-approve'));
    const ok = await screen.findByTestId('conversion-confirm-approve', undefined, SLOW);
    expect(screen.getAllByText('Approve 2 conversions?').length).toBeGreaterThan(0);
    expect(screen.getByText('1 selected conversion cannot take this status and stays as it is.')).toBeTruthy();
    const dialog = document.querySelector('.ant-modal-confirm') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(ok);
    const outcome = await screen.findByTestId('lead-outcome', undefined, SLOW);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      items: [
        { id: 1, status: 3 },
        { id: 2, status: 3 },
      ],
      sendPostback: false,
    });
    expect(within(outcome).getByText('The status was changed for some conversions')).toBeTruthy();
    expect(within(outcome).getByText('Not changed: #2 (Conversion 2 is already approved)')).toBeTruthy();
  });

  it('edits a conversion in the drawer and sends only what changed', async () => {
    renderPage('/conversions?conversion=1', 'admin', STAFF);
    const payout = (await screen.findByTestId('conversion-payout', undefined, SLOW)) as HTMLInputElement;
    await waitFor(() => expect(payout.value).toBe('30'), SLOW);
    fireEvent.change(payout, { target: { value: '12,5' } });
    fireEvent.change(screen.getByTestId('conversion-notes'), { target: { value: ' checked ' } });
    fireEvent.click(screen.getByTestId('conversion-save'));
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')).toBeTruthy(), SLOW);
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ items: [{ id: 1, payout: '12,5', publicNotes: 'checked' }] });
  });
});
