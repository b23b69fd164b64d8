/**
 * The campaign page's test link (staff: a dialog that asks the server for a signed link with the subs typed, then
 * shows it with copy and open; affiliates keep the plain "open the link") and its link to the campaign's invalid clicks.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { SessionContext, type SessionValue } from '../../../app/session';
import { json, mockApi } from '../../../test/api';
import CampaignDetailPage from './CampaignDetailPage';
import { CAMPAIGN } from './campaign.fixture';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SLOW = { timeout: 10_000 };
const TEST_URL = 'https://t.example.com/c/AbCdEfGhIjKl?lg_test=abc.def&sub1=try';

let writes: { method: string; path: string; body: unknown }[];
let answer: () => Response;

beforeEach(() => {
  writes = [];
  answer = () => json({ data: { url: TEST_URL, expiresAt: 1_790_003_600 } });
  mockApi(({ method, url: path, body }) => {
    if (method !== 'GET') {
      writes.push({ method, path, body });
      return answer();
    }
    if (path.startsWith('/api/v1/campaigns/7')) return json({ data: { items: [CAMPAIGN] } });
    return json({ data: { items: [], meta: { totalCount: 0 } } });
  });
});

function renderPage(roleType: string, permissions: string[]) {
  const session = { access: { roleType, permissions }, timezone: 'UTC' } as unknown as SessionValue;
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/campaigns/7']}>
        <SessionContext.Provider value={session}>
          <AntApp>
            <Routes>
              <Route path="/campaigns/:id" element={<CampaignDetailPage />} />
            </Routes>
          </AntApp>
        </SessionContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('campaign page: test link and invalid clicks', () => {
  it('lets staff make a signed test link with the subs typed, and links to the invalid clicks', async () => {
    renderPage('admin', ['front.menu.campaigns.read', 'campaign.update', 'front.menu.clicks.read']);
    const invalid = await screen.findByTestId('campaign-invalid-clicks', undefined, SLOW);
    expect(invalid.getAttribute('href')).toBe('/clicks/invalid?campaignId=7');
    expect(invalid.textContent).toContain('Invalid clicks');
    expect(screen.queryByTestId('tracking-url-test')).toBeNull();

    fireEvent.click(screen.getByTestId('campaign-test-link'));
    fireEvent.change(await screen.findByTestId('test-link-sub1'), { target: { value: ' try ' } });
    fireEvent.click(screen.getByTestId('test-link-make'));
    const result = await screen.findByTestId('test-link-result', undefined, SLOW);
    expect(within(result).getByTestId('test-link-url').textContent).toBe(TEST_URL);
    expect(within(result).getByTestId('test-link-open').getAttribute('href')).toBe(TEST_URL);
    expect(within(result).getByText(/Valid until/)).toBeTruthy();
    expect(writes).toEqual([{ method: 'POST', path: '/api/v1/campaigns/7/test-link', body: { subs: { sub1: 'try' } } }]);
  });

  it('shows the server’s refusal in the dialog', async () => {
    answer = () => json({ statusCode: 403, message: 'Test links are made by staff only', errors: [] }, 403);
    renderPage('admin', ['front.menu.campaigns.read', 'campaign.update']);
    fireEvent.click(await screen.findByTestId('campaign-test-link', undefined, SLOW));
    fireEvent.click(await screen.findByTestId('test-link-make'));
    expect(await screen.findByText('Test links are made by staff only', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('test-link-result')).toBeNull();
    // without the clicks menu, no link to them
    expect(screen.queryByTestId('campaign-invalid-clicks')).toBeNull();
  });

  it('gives an affiliate the plain link to open, no signed test link', async () => {
    renderPage('affiliate', ['front.menu.campaigns.read', 'campaign.update', 'front.menu.clicks.read']);
    expect((await screen.findByTestId('tracking-url-test', undefined, SLOW)).getAttribute('href')).toBe(
      'https://t.example.com/c/AbCdEfGhIjKl',
    );
    expect(screen.queryByTestId('campaign-test-link')).toBeNull();
    expect(screen.getByTestId('campaign-invalid-clicks')).toBeTruthy();
  });
});
