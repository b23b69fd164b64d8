/** /statistics/leads: the view becomes the lead statistics query; rows show the rates and statuses, or the grades. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubFetch } from '../../../test/renderPage';
import LeadStatisticsPage from './LeadStatisticsPage';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const COUNTERS = {
  leads: 20,
  leads_new: 2,
  leads_trash: 1,
  leads_hold: 0,
  leads_invalid: 1,
  leads_sent: 12,
  leads_unsent: 1,
  leads_failed: 1,
  leads_duplicate: 2,
  leads_test: 3,
  approved: 6,
  grades: { A: 5, '': 15 },
  sent_rate: '60.00',
  approval_rate: '50.00',
  duplicate_rate: '10.00',
};

let urls: string[];
const calls = () => urls.filter((u) => u.startsWith('/api/v1/statistics/leads?')).map((u) => new URL(u, 'http://x').searchParams);
beforeEach(() => {
  urls = stubFetch((url) =>
    url.startsWith('/api/v1/statistics/leads?')
      ? {
          data: {
            items: [{ offer: { id: 3, title: 'Crypto Trader DE' }, ...COUNTERS }],
            meta: { totalCount: 1, totals: COUNTERS, grades: ['A', ''] },
          },
        }
      : { data: { items: [] } },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('LeadStatisticsPage', () => {
  it('asks for the grouping, period and filters of the URL and shows rates and statuses, then grades', async () => {
    renderPage(
      LeadStatisticsPage,
      '/statistics/leads?groupBy=offer,day&dateFrom=2026-11-01&dateTo=2026-11-26&advertiserId=7&sub1=ignored',
      {
        type: 'admin',
        permissions: ['front.statistics.lead.read'],
        timezone: 'Europe/Berlin',
      },
    );
    const row = (await screen.findByText('Crypto Trader DE', undefined, { timeout: 10_000 })).closest('tr')!;
    expect(Object.fromEntries(calls()[0])).toEqual({
      groupBy: 'offer',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-26',
      timezone: 'Europe/Berlin',
      advertiserId: '7',
      orderBy: 'leads:desc',
      limit: '50',
    });
    for (const name of ['Sent rate', 'Approval rate', 'Duplicate rate', 'Duplicate'])
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${name}$`) })).toBeTruthy();
    expect(within(row).getByText('60.00%')).toBeTruthy();
    expect(within(row).getByText('10.00%')).toBeTruthy();

    fireEvent.click(screen.getByText('By grade'));
    expect(await screen.findByRole('columnheader', { name: 'No grade' })).toBeTruthy();
    const graded = screen.getByText('Crypto Trader DE').closest('tr')!;
    await waitFor(() => expect(within(graded).getByText('15')).toBeTruthy());
    expect(screen.queryByRole('columnheader', { name: /^Duplicate$/ })).toBeNull();
  });
});
