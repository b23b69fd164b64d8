/**
 * The /leads screen against a stubbed API: the URL filters become the list query (clean values, days in the user's
 * zone, no staff-only filter for an affiliate) and a new search starts from the first page; what each user sees
 * (advertiser column and filters for staff, actions and selection only with lead.update); a mass grade change is
 * offered only within one vertical, sends the chosen grade for every selected lead and shows the product §8 outcome.
 */
import type { LeadDetail, LeadListItem } from '@leadgrid/shared/engine/leads';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { SessionContext, type SessionValue } from '../../../app/session';
import { json, mockApi } from '../../../test/api';
import LeadsPage from './LeadsPage';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SLOW = { timeout: 20_000 };
// several antd tables and selects per test: room for a busy machine
vi.setConfig({ testTimeout: 120_000 });
const FINANCE = { id: 1, title: 'Finance' };
const DATING = { id: 2, title: 'Dating' };

const lead = (id: number, status: LeadListItem['status'], vertical = FINANCE): LeadListItem => ({
  id,
  createdAt: 1_795_000_000 + id,
  updatedAt: 1_795_000_000 + id,
  status,
  statusReason: null,
  firstName: 'Ann',
  lastName: `Lee${id}`,
  phone: '+4915112345678',
  email: `ann${id}@example.com`,
  country: 'DE',
  language: 'de',
  ip: '1.2.3.4',
  offer: { id: 3, title: 'Loans DE' },
  vertical,
  campaign: null,
  affiliate: { id: 9, firstName: 'Petra', lastName: 'Pub', email: 'p@x.io' },
  leadGrade: null,
  leadGradeTitle: null,
  redirectStatus: null,
  clickId: null,
  isTest: false,
  sentAt: null,
  sub1: 'fb',
  sub2: null,
  sub3: null,
  sub4: null,
  sub5: null,
  sub6: null,
  sub7: null,
  sub8: null,
  sub9: null,
  advertiser: { id: 5, title: 'Broker One' },
});
const LEADS = [lead(1, 'sent'), lead(2, 'failed'), lead(3, 'sent', DATING)];
const DETAIL: LeadDetail = {
  ...LEADS[0],
  landing: null,
  sourceUrl: null,
  userAgent: null,
  fields: {},
  lander: null,
  redirectUrl: null,
  holdUntil: null,
  leadGrades: [
    { key: 'a', title: 'Grade A' },
    { key: 'b', title: 'Grade B' },
  ],
  actions: ['trash', 'grade'],
};

let requests: { method: string; url: URL; body: unknown }[];

beforeEach(() => {
  requests = [];
  mockApi((call) => {
    const method = call.method;
    const url = new URL(call.url, 'http://localhost');
    requests.push({ method, url, body: call.body });
    if (method === 'PATCH')
      return json({
        data: { outcome: 'partial', applied: [1], failed: [{ id: 2, reason: 'Not in the vertical’s grades' }] },
        message: 'Changed',
      });
    if (url.pathname === '/api/v1/leads')
      return json({ data: { items: LEADS, meta: { totalCount: 3, totals: { count: 57, byStatus: { sent: 40, unsent: 17 } } } } });
    if (url.pathname === '/api/v1/leads/1') return json({ data: { items: [DETAIL] } });
    if (url.pathname === '/api/v1/leads/filters')
      return json({
        data: {
          items: [
            { value: 4, label: 'Loans PL', count: 12 },
            { value: 3, label: 'Loans DE', count: 7 },
          ],
        },
      });
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
            <LeadsPage />
          </AntApp>
        </SessionContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const STAFF = ['front.menu.statistics.read', 'lead.read', 'lead.update'];
const listCalls = () => requests.filter((r) => r.method === 'GET' && r.url.pathname === '/api/v1/leads').map((r) => r.url.searchParams);

describe('filters -> query', () => {
  const URL_FILTERS =
    '/leads?status=sent,bogus&offerId=3,x&country=de&dateFrom=2026-11-01&dateTo=2026-11-07&search=ann&advertiserId=5&offset=25';

  it('sends the clean URL filters with the user’s zone; a new search starts from the first page', async () => {
    renderPage(URL_FILTERS, 'admin', STAFF);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0), SLOW);
    const first = listCalls()[0];
    expect(Object.fromEntries(first)).toEqual({
      orderBy: 'createdAt:desc',
      limit: '25',
      offset: '25',
      status: 'sent',
      offerId: '3',
      advertiserId: '5',
      country: 'DE',
      search: 'ann',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-07',
      timezone: 'Europe/Berlin',
      withMeta: '1',
    });
    const search = within(screen.getByTestId('list-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'bob@example.com' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listCalls().at(-1)?.get('search')).toBe('bob@example.com'), SLOW);
    expect(listCalls().at(-1)?.get('offset')).toBeNull();
    expect(listCalls().at(-1)?.get('status')).toBe('sent');
  });

  it('asks the dependent offer filter with the other filters and the typed text; a choice filters the list', async () => {
    renderPage('/leads?status=sent&dateFrom=2026-11-01', 'admin', STAFF);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0), SLOW);
    const combobox = within(screen.getByTestId('lead-filter-offers')).getByRole('combobox');
    fireEvent.mouseDown(combobox);
    fireEvent.change(combobox, { target: { value: 'Loa' } });
    const filterCall = () => requests.filter((r) => r.url.pathname === '/api/v1/leads/filters').at(-1)?.url.searchParams;
    await waitFor(() => expect(filterCall()?.get('search')).toBe('Loa'), SLOW);
    expect(Object.fromEntries(filterCall()!)).toMatchObject({
      filterSlug: 'offers',
      status: 'sent',
      dateFrom: '2026-11-01',
      timezone: 'Europe/Berlin',
    });
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (o) => o.getAttribute('title') === 'Loans PL',
      );
      if (!found) throw new Error('no option Loans PL');
      return found;
    }, SLOW);
    expect(option.textContent).toContain('12');
    fireEvent.click(option);
    await waitFor(() => expect(listCalls().at(-1)?.get('offerId')).toBe('4'), SLOW);
    expect(listCalls().at(-1)?.get('status')).toBe('sent');
  });

  it('gives an affiliate no advertiser or affiliate filter', async () => {
    renderPage(URL_FILTERS, 'affiliate', ['front.menu.statistics.read', 'lead.own.read']);
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0), SLOW);
    expect(listCalls()[0].get('advertiserId')).toBeNull();
    expect(listCalls()[0].get('offerId')).toBe('3');
    expect(screen.queryByTestId('lead-filter-advertisers')).toBeNull();
    expect(screen.queryByTestId('lead-filter-affiliates')).toBeNull();
    expect(screen.getByTestId('lead-filter-offers')).toBeTruthy();
  });
});

describe('what each user sees', () => {
  it('staff with lead.update: advertiser column and filter, row actions and selection', async () => {
    renderPage('/leads', 'admin', STAFF);
    expect((await screen.findAllByText('Broker One', undefined, SLOW)).length).toBe(3);
    expect(screen.getByRole('columnheader', { name: 'Advertiser' })).toBeTruthy();
    expect(screen.getByTestId('lead-filter-advertisers')).toBeTruthy();
    expect(screen.getByTestId('lead-actions-1')).toBeTruthy();
    expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(3);
    // the totals row: the server's counts of the whole filter, by status
    expect(screen.getByTestId('leads-total-count').textContent).toBe('Total: 57');
    expect(screen.getByTestId('leads-total-statuses').textContent).toBe('Sent40Unsent17');
  });

  it('staff without lead.update: no row actions and no selection', async () => {
    renderPage('/leads', 'affiliate_manager', ['front.menu.statistics.read', 'lead.assigned.read']);
    expect((await screen.findAllByText('Broker One', undefined, SLOW)).length).toBe(3);
    expect(screen.queryByTestId('lead-actions-1')).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('an affiliate: no advertiser or affiliate column, no actions', async () => {
    renderPage('/leads', 'affiliate', ['front.menu.statistics.read', 'lead.own.read']);
    expect(await screen.findByText('+4915112345678 · ann1@example.com', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Advertiser' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Affiliate' })).toBeNull();
    expect(screen.queryByText('Broker One')).toBeNull();
    expect(screen.queryByTestId('lead-actions-1')).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});

describe('mass grade', () => {
  const rowCheckbox = (id: number) => {
    const row = document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
    return within(row).getByRole('checkbox');
  };

  it('needs one vertical, sends the grade for every selected lead and shows the outcome', async () => {
    renderPage('/leads', 'admin', STAFF);
    await screen.findAllByText('Broker One', undefined, SLOW);
    fireEvent.click(rowCheckbox(1));
    fireEvent.click(rowCheckbox(3));
    const grade = () => screen.getByTestId('lead-bulk-grade') as HTMLButtonElement;
    await waitFor(() => expect(grade().disabled).toBe(true), SLOW);
    fireEvent.click(rowCheckbox(3));
    fireEvent.click(rowCheckbox(2));
    await waitFor(() => expect(grade().disabled).toBe(false), SLOW);
    fireEvent.click(grade());

    const select = await screen.findByTestId('lead-grade-select', undefined, SLOW);
    await waitFor(() => expect(within(select).getByRole('combobox').hasAttribute('disabled')).toBe(false), SLOW);
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (o) => o.getAttribute('title') === 'Grade B',
      );
      if (!found) throw new Error('no option Grade B');
      return found;
    }, SLOW);
    fireEvent.click(option);
    fireEvent.click(screen.getByTestId('lead-grade-apply'));

    const outcome = await screen.findByTestId('lead-outcome', undefined, SLOW);
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      items: [
        { id: 1, action: 'grade', leadGrade: 'b' },
        { id: 2, action: 'grade', leadGrade: 'b' },
      ],
    });
    expect(within(outcome).getByText('The lead grade was changed for some leads')).toBeTruthy();
    expect(within(outcome).getByText('Applied: #1')).toBeTruthy();
    expect(within(outcome).getByText('Failed: #2 (Not in the vertical’s grades)')).toBeTruthy();
  });
});
