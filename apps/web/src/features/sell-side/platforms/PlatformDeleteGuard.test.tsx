/** A platform delete the server refuses (409, entities attached) is explained on the page, which stays open. */
import type { Platform } from '@leadgrid/shared/sell-side/platforms';
import type { User } from '@leadgrid/shared/access/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { SessionContext, toAccess, type SessionValue } from '../../../app/session';
import { json, mockApi, type ApiCall } from '../../../test/api';
import { en, ru } from './i18n';
import PlatformDetailPage from './PlatformDetailPage';

configure({ asyncUtilTimeout: 5000 });
vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const PLATFORM: Platform = {
  id: 4,
  title: 'HubSpot',
  description: 'CRM of most EU brokers',
  methods: ['api', 'postback'],
  status: 'active',
  templates: [{ id: 9, title: 'HubSpot finance' }],
  createdAt: 1_790_000_000,
  createdBy: null,
};

let calls: ApiCall[];
let deleteAnswer: () => Response;

beforeEach(() => {
  deleteAnswer = () => json({ statusCode: 409, message: 'The platform cannot be deleted while other entities are attached' }, 409);
  calls = mockApi((call) => {
    if (call.method === 'GET' && call.url === '/api/v1/platforms/4') return json({ data: { items: [PLATFORM] } });
    if (call.method === 'DELETE' && call.url === '/api/v1/platforms') return deleteAnswer();
    return json({ statusCode: 404, message: 'not found' }, 404);
  });
});

function renderPage() {
  const user = {
    id: 1,
    firstName: 'Ann',
    lastName: 'Admin',
    email: 'ann@example.com',
    role: { id: 1, title: 'Settings', type: 'employee' },
    permissions: ['front.settings.platforms.read', 'platform.update'],
  } as unknown as User;
  const session = { user, access: toAccess(user), timezone: 'UTC' } as SessionValue;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={['/settings/platforms/4']}>
          <AntApp>
            <Routes>
              <Route path="/settings/platforms/:id" element={<PlatformDetailPage />} />
              <Route path="/settings/platforms/active" element={<div data-testid="platforms-list">list</div>} />
            </Routes>
          </AntApp>
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

async function deleteFromPage() {
  fireEvent.click(await screen.findByTestId('platform-detail-delete'));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getAllByText('Delete the platform “HubSpot”?').length).toBeGreaterThan(0);
  fireEvent.click(within(dialog).getByTestId('platform-delete-confirm'));
}

describe('platform delete guard', () => {
  it('explains the refusal on the page and stays on it', async () => {
    renderPage();
    expect(await screen.findByTestId('platform-detail-title')).toBeTruthy();
    expect(screen.queryByTestId('platform-delete-refusal')).toBeNull();
    await deleteFromPage();
    const refusal = await screen.findByTestId('platform-delete-refusal');
    expect(refusal.textContent).toContain('“HubSpot” was not deleted');
    expect(refusal.textContent).toContain('A platform cannot be deleted while other entities are attached');
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ data: [4] });
    expect(screen.queryByTestId('platforms-list')).toBeNull();
    // the explanation can be dismissed
    fireEvent.click(within(refusal).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByTestId('platform-delete-refusal')).toBeNull());
  });

  it('a delete the server accepts goes back to the list', async () => {
    deleteAnswer = () => json({ data: { deleted: 1 }, message: 'Platform deleted' });
    renderPage();
    await deleteFromPage();
    expect(await screen.findByTestId('platforms-list')).toBeTruthy();
  });
});

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`.replace(/_(one|few|many|other)$/, '')] : keys(v, `${prefix}${k}.`),
  );

describe('texts', () => {
  it.each([['platforms', en, ru]])('%s: every English text exists in Russian and the other way round', (_name, english, russian) => {
    const a = new Set(keys(english as Tree));
    const b = new Set(keys(russian as Tree));
    expect([...a].filter((k) => !b.has(k))).toEqual([]);
    expect([...b].filter((k) => !a.has(k))).toEqual([]);
  });
});
