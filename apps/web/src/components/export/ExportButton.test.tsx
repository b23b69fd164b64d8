/**
 * The export button (here of the clicks): it starts `POST /exports` with the type and the list's filters, opens the
 * events stream with its token, shows the progress of its type's events (`export_click`; other exports and types
 * ignored) and, once done, fetches the file and saves it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import '../../i18n';
import { notify } from '../../api/notify';
import { json, mockApi } from '../../test/api';
import { ExportButton } from './ExportButton';

vi.mock('../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SLOW = { timeout: 10_000 };
const view = (patch: Record<string, unknown>) => ({
  id: 7,
  type: 'clicks',
  status: 'running',
  progress: 0,
  rowsDone: 0,
  rowsTotal: 10,
  fileName: null,
  error: null,
  createdAt: 1_795_000_000,
  finishedAt: null,
  ...patch,
});
class FakeEventSource {
  static last: FakeEventSource | null = null;
  url: string;
  closed = false;
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
  }
  addEventListener(name: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown) {
    for (const fn of this.listeners.get(name) ?? []) fn(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

let requests: { method: string; path: string; body: unknown }[];
const saved = vi.fn();
const anchorClick = HTMLAnchorElement.prototype.click;

beforeEach(() => {
  requests = [];
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
  mockApi(({ method, url: path, body }) => {
    requests.push({ method, path, body });
    if (path === '/api/v1/exports') return json({ data: { items: [view({ status: 'pending' })] }, message: 'The export has started' });
    if (path === '/api/v1/events/token') return json({ data: { token: 'tok en', expiresIn: 60 } });
    if (path === '/api/v1/exports/7') return json({ data: { items: [view({ progress: 10, rowsDone: 1 })] } });
    if (path === '/api/v1/exports/7/file')
      return new Response('id,status\n1,sent\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    return json({ data: { items: [] } });
  });
  URL.createObjectURL = vi.fn(() => 'blob:clicks');
  URL.revokeObjectURL = vi.fn();
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    saved(this.download);
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  HTMLAnchorElement.prototype.click = anchorClick;
});

it('starts the export with the filters, shows its progress and saves the file when done', async () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ExportButton type="clicks" query={{ tab: 'valid', offerId: '3', orderBy: 'createdAt:desc' }} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByTestId('export-clicks'));
  await waitFor(() => expect(FakeEventSource.last).not.toBeNull(), SLOW);
  expect(requests[0]).toEqual({
    method: 'POST',
    path: '/api/v1/exports',
    body: { type: 'clicks', query: { tab: 'valid', offerId: '3', orderBy: 'createdAt:desc' }, format: 'csv' },
  });
  expect(FakeEventSource.last!.url).toBe('/api/v1/events?token=tok%20en');

  const source = FakeEventSource.last!;
  source.emit('export_click', view({ id: 8, progress: 90, rowsDone: 9 }));
  source.emit('export_lead', view({ progress: 80, rowsDone: 8 }));
  source.emit('export_click', view({ progress: 50, rowsDone: 5 }));
  expect(await screen.findByText('Exporting: 5 of 10 rows', undefined, SLOW)).toBeTruthy();

  source.emit('export_click', view({ status: 'done', progress: 100, rowsDone: 10, fileName: 'clicks-7.csv' }));
  await waitFor(() => expect(saved).toHaveBeenCalledWith('clicks-7.csv'), SLOW);
  expect(source.closed).toBe(true);
  expect(requests.filter((r) => r.path === '/api/v1/exports/7/file')).toHaveLength(1);
  expect(notify.success).toHaveBeenCalledWith('The export is ready: clicks-7.csv');
  await waitFor(() => expect(screen.queryByTestId('export-clicks-progress')).toBeNull(), SLOW);
});

it('offers its formats in a menu and starts the chosen one (statistics to Excel)', async () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ExportButton type="statistics" query={{ groupBy: 'day', dateFrom: '2026-11-01', dateTo: '2026-11-26' }} formats={['csv', 'xlsx']} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByTestId('export-statistics'));
  fireEvent.click(await screen.findByTestId('export-statistics-xlsx', undefined, SLOW));
  await waitFor(() => expect(FakeEventSource.last).not.toBeNull(), SLOW);
  expect(requests[0]).toEqual({
    method: 'POST',
    path: '/api/v1/exports',
    body: { type: 'statistics', query: { groupBy: 'day', dateFrom: '2026-11-01', dateTo: '2026-11-26' }, format: 'xlsx' },
  });
  FakeEventSource.last!.emit(
    'export_statistics',
    view({ type: 'statistics', status: 'done', progress: 100, rowsDone: 10, fileName: 'statistics-7.xlsx' }),
  );
  await waitFor(() => expect(saved).toHaveBeenCalledWith('statistics-7.xlsx'), SLOW);
});
