/**
 * /statistics: the view in the URL becomes the server's query, a row expands into the next level with `parent=`,
 * the column chooser is kept in local storage and synced with GET/PATCH /statistics/metrics, an affiliate sees no revenue column, and the compare switch asks for
 * the previous period and shows each metric's change.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderPage, stubFetch } from '../../../test/renderPage';
import StatisticsPage from './StatisticsPage';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));
// the chart draws on a canvas jsdom lacks; its query and metrics picker are still exercised
vi.mock('../LineChart', () => ({ default: () => <div data-testid="statistics-chart" /> }));

const STAFF_TOTALS = {
  clicks: 300,
  unique_clicks: 250,
  leads: 40,
  leads_sent: 30,
  conversions: 10,
  approved_conversions: 8,
  revenue: '400.00000000',
  payout: '240.00000000',
  profit: '160.00000000',
  cr: '3.33',
  epc: '0.80',
  roi: '66.67',
};
const { revenue: _r, profit: _p, roi: _o, ...AFFILIATE_TOTALS } = STAFF_TOTALS;
const DAY = (day: string, clicks: number, totals: Record<string, unknown>) => ({ day, ...totals, clicks });

let urls: string[];
const calls = (prefix = '/api/v1/statistics?') => urls.filter((u) => u.startsWith(prefix)).map((u) => new URL(u, 'http://x').searchParams);
const first = (match: (q: URLSearchParams) => boolean) => calls().find(match);

function serve(totals: Record<string, unknown>) {
  urls = stubFetch((url) => {
    if (url.startsWith('/api/v1/metrics/active')) return { data: { items: [] } };
    if (!url.startsWith('/api/v1/statistics?')) return { data: { items: [] } };
    const q = new URL(url, 'http://x').searchParams;
    // compare=previous: the server answers each item's metrics over the previous period beside it
    const previous = (items: Record<string, unknown>[], clicks: number[]) =>
      q.get('compare') === 'previous'
        ? {
            previous: {
              from: 0,
              to: 0,
              items: items.map((_, i) => ({ ...totals, clicks: clicks[i] })),
              totals: { ...totals, clicks: 150 },
            },
          }
        : {};
    if (q.getAll('parent').length) {
      const items = [{ offer: { id: 3, title: 'Crypto Trader DE' }, ...totals, clicks: 120 }];
      // a drilled row: 120 clicks against 40 then
      return { data: { items, meta: { totalCount: 1, totals, ...previous(items, [40]) } } };
    }
    const items = [DAY('2026-11-25', 100, totals), DAY('2026-11-26', 200, totals)];
    // the previous period: half the clicks (the day of 2026-11-26 had none then)
    return { data: { items, meta: { totalCount: 2, totals, ...previous(items, [50, 0]) } } };
  });
}

const staff = ['front.menu.statistics.read'];
const renderAt = (path: string, type = 'admin') =>
  renderPage(StatisticsPage, path, { type, permissions: staff, timezone: 'Asia/Kathmandu' });
const RANGE = 'dateFrom=2026-11-12&dateTo=2026-11-26';

describe('StatisticsPage', () => {
  beforeEach(() => serve(STAFF_TOTALS));

  it('asks the server for the view of the URL (grouping, period, zone, date type, filters, order, page)', async () => {
    renderAt(`/statistics?groupBy=offer,day&${RANGE}&dataType=click&offerId=3,4&country=DE&sub1=fb&orderBy=leads:desc&offset=50`);
    await waitFor(() => expect(first((q) => q.get('groupBy') === 'offer' && q.has('offset'))).toBeTruthy());
    const q = first((q) => q.get('groupBy') === 'offer' && q.has('offset'))!;
    expect(Object.fromEntries(q)).toEqual({
      groupBy: 'offer',
      dateFrom: '2026-11-12',
      dateTo: '2026-11-26',
      timezone: 'Asia/Kathmandu',
      dataType: 'click',
      offerId: '3,4',
      country: 'DE',
      sub1: 'fb',
      orderBy: 'leads:desc',
      limit: '50',
      offset: '50',
    });
  });

  it('defaults to days, newest first, 50 a page, the stored date type; a new date type is stored and asked for', async () => {
    localStorage.setItem('lg_statistics_data_type', 'click');
    renderAt(`/statistics?${RANGE}`);
    await waitFor(() => expect(first((q) => q.get('orderBy') === 'day:desc')).toBeTruthy());
    expect(Object.fromEntries(first((q) => q.get('orderBy') === 'day:desc')!)).toMatchObject({
      groupBy: 'day',
      dataType: 'click',
      limit: '50',
    });
    fireEvent.click(await screen.findByText('Event time'));
    await waitFor(() => expect(first((q) => q.get('dataType') === 'actual' && q.get('orderBy') === 'day:desc')).toBeTruthy());
    expect(localStorage.getItem('lg_statistics_data_type')).toBe('actual');
  });

  it('expands a row into the next level with parent=<dimension>:<value>', async () => {
    renderAt(`/statistics?groupBy=day,offer&${RANGE}`);
    const row = (await screen.findByText('2026.11.26', undefined, { timeout: 10_000 })).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('Crypto Trader DE', undefined, { timeout: 10_000 })).toBeTruthy();
    const child = first((q) => q.getAll('parent').length > 0)!;
    expect(child.getAll('parent')).toEqual(['day:2026-11-26']);
    expect(child.get('groupBy')).toBe('offer');
    expect(child.get('dateFrom')).toBe('2026-11-12');
    expect(child.get('orderBy')).toBe('clicks:desc');
  });

  it('keeps the chosen columns per table in local storage', { timeout: 200_000 }, async () => {
    const view = renderAt(`/statistics?${RANGE}`);
    expect(await screen.findByRole('columnheader', { name: /Unique clicks/ }, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const settings = await screen.findByTestId('column-settings');
    fireEvent.click(within(settings).getByRole('checkbox', { name: 'Unique clicks' }));
    expect(JSON.parse(localStorage.getItem('lg_table:statistics')!).hidden).toContain('unique_clicks');
    // a status column waits in the chooser until chosen; the main ones show
    expect(screen.queryByRole('columnheader', { name: /Leads: sent/ })).toBeNull();
    expect((within(settings).getByRole('checkbox', { name: 'Leads: sent' }) as HTMLInputElement).checked).toBe(false);
    expect(JSON.parse(localStorage.getItem('lg_table:statistics')!).hidden).toEqual(
      expect.arrayContaining(['unique_clicks', 'leads_sent']),
    );
    expect(JSON.parse(localStorage.getItem('lg_table:statistics')!).hidden).not.toContain('clicks');
    view.unmount();
    renderAt(`/statistics?${RANGE}`);
    expect(await screen.findByRole('columnheader', { name: /^Leads/ }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /Unique clicks/ })).toBeNull();
  });

  it('compares with the previous period: asks for it and shows each metric change, on drilled rows too', async () => {
    renderAt(`/statistics?groupBy=day,offer&${RANGE}`);
    await screen.findByText('2026.11.26', undefined, { timeout: 10_000 });
    expect(first((q) => q.get('compare') === 'previous')).toBeUndefined();
    await act(async () => fireEvent.click(screen.getByTestId('statistics-compare')));
    await waitFor(() =>
      expect(first((q) => q.get('compare') === 'previous' && q.get('dateFrom') === '2026-11-12' && !q.has('parent'))).toBeTruthy(),
    );
    // totals: 300 clicks against 150; the row of 2026-11-25: 100 against 50; 2026-11-26 had nothing to compare with
    const totals = await screen.findByTestId('table-totals');
    await waitFor(() => expect(within(totals).getAllByText(/\+100\.00%/).length).toBeGreaterThan(0));
    const row = screen.getByText('2026.11.25').closest('tr')!;
    expect(within(row).getAllByText(/\+100\.00%/).length).toBe(1);
    // a day expanded into offers asks for the comparison as well and shows the drilled row's change: 120 against 40
    const expand = within(row).getByRole('button', { name: /expand/i });
    await act(async () => fireEvent.click(expand));
    await waitFor(() => expect(first((q) => q.get('compare') === 'previous' && q.getAll('parent').length > 0)).toBeTruthy());
    const child = (await screen.findByText('Crypto Trader DE', undefined, { timeout: 10_000 })).closest('tr')!;
    expect(within(child).getAllByText(/\+200\.00%/).length).toBe(1);
  });
});

describe('StatisticsPage for an affiliate', () => {
  beforeEach(() => serve(AFFILIATE_TOTALS));

  it('shows the metrics answered and no revenue, profit or ROI column; offers no advertiser grouping', async () => {
    renderAt(`/statistics?groupBy=advertiser&${RANGE}`, 'affiliate');
    expect(await screen.findByRole('columnheader', { name: /Payout/ }, { timeout: 10_000 })).toBeTruthy();
    for (const name of [/Revenue/, /Profit/, /ROI/]) expect(screen.queryByRole('columnheader', { name })).toBeNull();
    // the advertiser grouping of the link is not the affiliate's: the page falls back to days
    expect(first((q) => q.get('groupBy') === 'advertiser')).toBeUndefined();
    expect(first((q) => q.get('groupBy') === 'day')).toBeTruthy();
    expect(screen.queryByTestId('statistics-filter-advertiserId')).toBeNull();
    expect(screen.queryByTestId('statistics-filter-affiliateId')).toBeNull();
  });
});

describe('StatisticsPage column choice kept on the server', () => {
  let writes: { method: string; url: string; body: unknown }[];
  const CHOICE = [
    {
      key: 'clicks',
      title: 'Clicks',
      description: 'All clicks on campaign links',
      outputFormat: 'amount',
      group: 'Traffic',
      enabled: true,
      order: 0,
    },
    {
      key: 'leads_sent',
      title: 'Leads: sent',
      description: 'Leads whose status is sent',
      outputFormat: 'amount',
      group: 'Leads',
      enabled: true,
      order: 1,
    },
    {
      key: 'unique_clicks',
      title: 'Unique clicks',
      description: 'Clicks from distinct visitors',
      outputFormat: 'amount',
      group: 'Traffic',
      enabled: false,
      order: 2,
    },
    { key: 'leads', title: 'Leads', description: 'Leads received', outputFormat: 'amount', group: 'Leads', enabled: true, order: 3 },
  ];

  beforeEach(() => {
    localStorage.clear();
    // a stale cache of this browser: the server's choice wins for the metrics it lists
    localStorage.setItem('lg_table:statistics', JSON.stringify({ hidden: ['leads_sent'] }));
    writes = [];
    urls = [];
    mockApi(({ method, url, body }) => {
      urls.push(url);
      if (method !== 'GET') {
        writes.push({ method, url, body });
        const { items } = body as { items: { key: string }[] };
        return {
          data: { table: 'statistics', items: CHOICE.map((m) => ({ ...m, ...items.find((x) => x.key === m.key) })) },
          message: 'Columns saved',
        };
      }
      if (url.startsWith('/api/v1/statistics/metrics')) return { data: { table: 'statistics', items: CHOICE } };
      if (url.startsWith('/api/v1/statistics?'))
        return { data: { items: [DAY('2026-11-26', 300, STAFF_TOTALS)], meta: { totalCount: 1, totals: STAFF_TOTALS } } };
      return { data: { items: [] } };
    });
  });

  it('shows the columns the server keeps, in its order, and saves a change with one debounced PATCH', { timeout: 200_000 }, async () => {
    renderAt(`/statistics?${RANGE}`);
    expect(await screen.findByRole('columnheader', { name: /Leads: sent/ }, { timeout: 10_000 })).toBeTruthy();
    expect(urls.some((u) => u.startsWith('/api/v1/statistics/metrics?table=statistics'))).toBe(true);
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /Unique clicks/ })).toBeNull());
    // the server's order: clicks, leads: sent, then leads (unique clicks hidden); the cache now says the same
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const at = (name: string) => headers.findIndex((h) => h === name);
    expect(at('Clicks')).toBeLessThan(at('Leads: sent'));
    expect(at('Leads: sent')).toBeLessThan(at('Leads'));
    // the metric's description is its column title's tooltip
    const sent = screen.getByRole('columnheader', { name: /Leads: sent/ });
    fireEvent.mouseEnter(within(sent).getByText('Leads: sent'));
    expect(await screen.findByText('Leads whose status is sent', undefined, { timeout: 5_000 })).toBeTruthy();
    const cached = JSON.parse(localStorage.getItem('lg_table:statistics')!).hidden;
    expect(cached).toContain('unique_clicks');
    expect(cached).not.toContain('leads_sent');

    // two quick changes make one save with the last state
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const settings = await screen.findByTestId('column-settings');
    fireEvent.click(within(settings).getByRole('checkbox', { name: 'Clicks' }));
    fireEvent.click(within(settings).getByRole('checkbox', { name: 'Unique clicks' }));
    expect(screen.queryByRole('columnheader', { name: /^Clicks/ })).toBeNull();
    expect(writes).toEqual([]);
    await waitFor(() => expect(writes).toHaveLength(1), { timeout: 3_000 });
    expect(writes[0]).toMatchObject({ method: 'PATCH', url: '/api/v1/statistics/metrics' });
    expect(writes[0].body).toEqual({
      table: 'statistics',
      items: [
        { key: 'clicks', enabled: false, order: 0 },
        { key: 'leads_sent', enabled: true, order: 1 },
        { key: 'unique_clicks', enabled: true, order: 2 },
        { key: 'leads', enabled: true, order: 3 },
      ],
    });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(writes).toHaveLength(1);
  });
});
