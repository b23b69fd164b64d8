/** /: the dashboard asks each widget's figures on its own, for the current period in the user's zone; a failing widget stays in place. */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/api';
import { renderPage } from '../../../test/renderPage';
import { presetRange } from '../model';
import DashboardPage from './DashboardPage';

// the chart is a lazy chunk: a real one could finish loading after the file's jsdom is gone (see app/guards.test.tsx)
vi.mock('../LineChart', () => ({ default: () => <div data-testid="chart" /> }));
vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const at = (x: number, y: number, w: number, h: number) => ({ position: { x, y }, size: { w, h }, filters: {} });
const DASHBOARD = {
  id: 1,
  parent: null,
  type: 'grid',
  settings: {},
  widgets: [
    { id: 11, type: 'kpi', order: 0, settings: { metrics: ['clicks'], ...at(0, 0, 3, 3) } },
    { id: 12, type: 'funnel', order: 1, settings: { metrics: [], ...at(3, 0, 4, 5) } },
    { id: 13, type: 'top', order: 2, settings: { metrics: ['leads'], groupBy: 'offer', limit: 5, ...at(7, 0, 5, 5) } },
  ],
};
const DATA: Record<string, unknown> = {
  11: { type: 'kpi', metric: 'clicks', value: 1234, previous: 1000, change: '23.40', sparkline: [1, 5, 3] },
  13: { type: 'top', groupBy: 'offer', metric: 'leads', rows: [{ key: { id: 3, title: 'Crypto Trader DE' }, value: 42 }] },
};

let urls: string[];
beforeEach(() => {
  urls = [];
  mockApi(({ url }) => {
    urls.push(url);
    if (url.startsWith('/api/v1/dashboard')) return { data: DASHBOARD };
    if (url.startsWith('/api/v1/statistics/dashboard?')) {
      const id = new URL(url, 'http://x').searchParams.get('widgetId')!;
      // the funnel's figures fail: the others must still show
      return DATA[id] ? { data: DATA[id] } : json({ statusCode: 500, message: 'Internal error' }, 500);
    }
    return { data: { items: [] } };
  });
});

describe('DashboardPage', () => {
  it('shows each widget from its own query for the current period; a failed widget does not hold the others', async () => {
    renderPage(DashboardPage, '/', { type: 'admin', permissions: ['front.dashboard.read'], timezone: 'Asia/Tokyo' });
    expect(await screen.findByText('1,234', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('▲ 23.40%')).toBeTruthy();
    expect(await screen.findByText('Crypto Trader DE')).toBeTruthy();
    const funnel = document.querySelector('[data-widget-id="12"]') as HTMLElement;
    await waitFor(() => expect(within(funnel).getByText('These figures could not be loaded.')).toBeTruthy());

    const calls = urls
      .filter((u) => u.startsWith('/api/v1/statistics/dashboard?'))
      .map((u) => Object.fromEntries(new URL(u, 'http://x').searchParams));
    const expected = presetRange('monthStart', 'Asia/Tokyo');
    expect(calls.map((c) => c.widgetId).sort()).toEqual(['11', '12', '13']);
    for (const c of calls) expect(c).toMatchObject({ ...expected, timezone: 'Asia/Tokyo' });
  });
});
