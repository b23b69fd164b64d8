/**
 * The lead import screen's past imports: newest first with when (the user's zone), who, file, offer, affiliate, mode,
 * state, counts and the report; a running import's progress re-read until it ends; paging by the URL; the empty state.
 */
import type { LeadImportListItem } from '@leadgrid/shared/engine/lead-edit-import';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryOf, renderPage, stubFetch } from '../../../test/renderPage';
import LeadImportPage from './LeadImportPage';

const SLOW = { timeout: 10_000 };
const STAFF = { type: 'admin', permissions: ['lead.update', 'lead.read'], timezone: 'Europe/Moscow' };

const item = (over: Partial<LeadImportListItem>): LeadImportListItem => ({
  id: 1,
  status: 'done',
  fileName: 'leads.csv',
  columns: ['Phone'],
  rowsTotal: 120,
  rowsDone: 120,
  accepted: 100,
  duplicates: 15,
  invalid: 5,
  progress: 100,
  userId: 1,
  userName: 'Olga Importer',
  offerId: 7,
  offerTitle: 'Quick loan',
  affiliateId: 9,
  affiliateName: 'Max Affiliate',
  mapping: { phone: 0 },
  distribute: true,
  firePostbacks: false,
  error: null,
  // 2026-11-26 21:30:00 UTC = 2026-11-27 00:30:00 in Moscow
  createdAt: 1795728600,
  finishedAt: 1795728660,
  ...over,
});
const list = (items: LeadImportListItem[], totalCount = items.length) => ({ data: { items, meta: { totalCount } } });
const listCalls = (urls: string[]) => urls.filter((u) => u.startsWith('/api/v1/lead-imports?') || u === '/api/v1/lead-imports');

afterEach(() => vi.unstubAllGlobals());

describe('the lead import screen: past imports', () => {
  it('lists the imports with when in the user’s zone, who, file, offer, affiliate, mode, state and counts, and downloads a report', async () => {
    const urls = stubFetch((url) =>
      url.includes('/report')
        ? 'row,outcome\r\n'
        : list(
            [
              item({ id: 3, status: 'failed', distribute: false, fileName: 'broken.csv', error: 'The file cannot be read' }),
              item({ id: 2 }),
              item({ id: 1, status: 'draft', offerId: null, offerTitle: null, affiliateId: null, affiliateName: null, accepted: 0 }),
            ],
            43,
          ),
    );
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    renderPage(LeadImportPage, '/leads/import', STAFF);
    const table = await screen.findByTestId('import-history', undefined, SLOW);
    await within(table).findByText('broken.csv', undefined, SLOW);
    expect(queryOf(urls, '/api/v1/lead-imports')).toEqual({ limit: '25' });
    const rows = [...table.querySelectorAll('tbody tr.ant-table-row')];
    expect(rows.map((r) => r.getAttribute('data-row-key'))).toEqual(['3', '2', '1']);
    const done = within(rows[1] as HTMLElement);
    expect(done.getByText('2026.11.27 00:30:00')).toBeTruthy();
    expect(done.getByText('Olga Importer')).toBeTruthy();
    expect(done.getByText('Quick loan (#7)')).toBeTruthy();
    expect(done.getByText('Max Affiliate')).toBeTruthy();
    expect(done.getByText('Distribute')).toBeTruthy();
    expect(done.getByText('Done')).toBeTruthy();
    expect(screen.getByTestId('import-history-counts-2').textContent).toBe('100/15/5');
    expect(within(rows[0] as HTMLElement).getByText('Store only')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Failed')).toBeTruthy();
    // a draft has no mode, counts nor report
    expect(within(rows[2] as HTMLElement).getByText('Not started')).toBeTruthy();
    expect(screen.queryByTestId('import-history-report-1')).toBeNull();
    // the report of a finished import: the existing binary GET
    fireEvent.click(screen.getByTestId('import-history-report-2'));
    await waitFor(() => expect(urls).toContain('/api/v1/lead-imports/2/report'), SLOW);
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled(), SLOW);
    // pages by the server's total
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listCalls(urls).some((u) => u.includes('offset=25'))).toBe(true), SLOW);
  });

  it('shows a running import’s progress and reads the list again until it ends', async () => {
    let calls = 0;
    const urls = stubFetch(() =>
      ++calls === 1
        ? list([
            item({ id: 5, status: 'running', rowsDone: 600, rowsTotal: 1200, progress: 50, accepted: 590, duplicates: 10, invalid: 0 }),
          ])
        : list([item({ id: 5 })]),
    );
    renderPage(LeadImportPage, '/leads/import', STAFF);
    const progress = await screen.findByTestId('import-history-progress-5', undefined, SLOW);
    expect(progress.textContent).toContain('Importing');
    expect(progress.textContent).toContain('600 of 1200 rows');
    expect(progress.querySelector('.ant-progress')).toBeTruthy();
    // re-read while it runs, then the finished state with its report
    expect(await screen.findByTestId('import-history-report-5', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('import-history-progress-5')).toBeNull();
    expect(listCalls(urls).length).toBe(2);
  });

  it('says what to do when there is no import yet', async () => {
    stubFetch(() => list([]));
    renderPage(LeadImportPage, '/leads/import', STAFF);
    expect(await screen.findByText('No imports yet', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText(/each import you start is listed here/)).toBeTruthy();
  });
});
