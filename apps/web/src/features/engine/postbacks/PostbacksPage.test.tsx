/** The postbacks list and page: the list query, the staff-only owner filters, the create form's payload and rules. */
import type { AffiliatePostback } from '@leadgrid/shared/engine/postbacks';
import type { User } from '@leadgrid/shared/access/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { SessionContext, toAccess, type SessionValue } from '../../../app/session';
import { json, mockApi } from '../../../test/api';
import PostbackPage, { toCreate, toUpdate, valuesOf } from './PostbackPage';
import PostbacksPage from './PostbacksPage';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const POSTBACK: AffiliatePostback = {
  id: 5,
  scope: 'affiliate',
  affiliate: { id: 9, firstName: 'Ada', lastName: 'Aff', email: 'ada@aff.io' },
  team: null,
  title: 'Keitaro',
  url: 'https://tracker.example/pb?cid={click_id}',
  method: 'GET',
  events: ['conversion_approved'],
  goalEvents: [{ goalId: 3, goalTitle: 'Deposit', events: ['conversion_pending'] }],
  status: 'active',
  campaignCount: 2,
  createdAt: 1_790_000_000,
  createdBy: 9,
};

describe('form values -> API items', () => {
  it('creates with the owner for staff only, trimmed, goal rows without a goal dropped', () => {
    const v = {
      ...valuesOf(null),
      title: ' T ',
      url: ' https://x.example/?c={click_id} ',
      events: ['event_sent' as const],
      affiliateId: 9,
    };
    expect(toCreate({ ...v, goalEvents: [{ events: ['conversion_approved'] }] }, true)).toEqual({
      scope: 'affiliate',
      affiliateId: 9,
      title: 'T',
      url: 'https://x.example/?c={click_id}',
      method: 'GET',
      events: ['event_sent'],
      goalEvents: [],
      status: 'active',
    });
    expect(toCreate({ ...v, scope: 'team', teamId: 4 }, true)).toMatchObject({ scope: 'team', teamId: 4 });
    expect(toCreate(v, false)).not.toHaveProperty('affiliateId');
  });

  it('edits only what changed', () => {
    const v = valuesOf(POSTBACK);
    expect(toUpdate(POSTBACK, v)).toEqual({ id: 5 });
    expect(toUpdate(POSTBACK, { ...v, method: 'POST', active: false, events: [] })).toEqual({
      id: 5,
      method: 'POST',
      status: 'inactive',
      events: [],
    });
    expect(toUpdate(POSTBACK, { ...v, goalEvents: [{ goalId: 3, events: ['conversion_approved'] }] })).toEqual({
      id: 5,
      goalEvents: [{ goalId: 3, events: ['conversion_approved'] }],
    });
  });
});

let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  mockApi(({ method, url, body }) => {
    calls.push({ method, url, body });
    if (method === 'PUT' && url === '/api/v1/postbacks')
      return json({ data: { items: [{ ...POSTBACK, id: 77 }] }, message: 'Postback created' });
    if (url.startsWith('/api/v1/postbacks?')) return json({ data: { items: [POSTBACK], meta: { totalCount: 1 } } });
    return json({ data: { items: [], meta: { totalCount: 0 } } });
  });
});

function renderAt(path: string, type: 'admin' | 'affiliate', permissions: string[]) {
  const me = {
    id: 9,
    firstName: 'Ann',
    lastName: 'User',
    email: 'a@x.io',
    role: { id: 1, title: type, type },
    permissions,
  } as unknown as User;
  const session = { user: me, access: toAccess(me), timezone: 'UTC' } as SessionValue;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={[path]}>
          <AntApp>
            <Routes>
              <Route path="/postbacks/new" element={<PostbackPage />} />
              <Route path="/postbacks/:id" element={<PostbackPage />} />
              <Route path="/postbacks/:tab/list" element={<PostbacksPage />} />
              <Route path="/postbacks-list/*" element={<PostbacksPage />} />
            </Routes>
          </AntApp>
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

describe('PostbacksPage', () => {
  it('lists for staff with the owner column and filters, the tab as status', { timeout: 60_000 }, async () => {
    renderAt('/postbacks-list/inactive?event=event_sent', 'admin', ['postback.read', 'postback.update']);
    expect(await screen.findByText('Keitaro')).toBeTruthy();
    expect(screen.getByText('#9 Ada Aff')).toBeTruthy();
    expect(screen.getByText('2 campaigns')).toBeTruthy();
    expect(screen.getByLabelText('Team')).toBeTruthy();
    const list = calls.find((c) => c.url.startsWith('/api/v1/postbacks?'))!;
    const query = new URL(list.url, 'http://x').searchParams;
    expect(query.get('status')).toBe('inactive');
    expect(query.get('event')).toBe('event_sent');
  });

  it('shows an affiliate its own postbacks without owner column or owner filters', { timeout: 60_000 }, async () => {
    renderAt('/postbacks-list/active', 'affiliate', ['postback.own.read', 'postback.own.update']);
    expect(await screen.findByText('Keitaro')).toBeTruthy();
    expect(screen.queryByText('#9 Ada Aff')).toBeNull();
    expect(screen.queryByLabelText('Team')).toBeNull();
    expect(screen.getByTestId('postback-create')).toBeTruthy();
  });
});

describe('PostbackPage', () => {
  it('lets an affiliate build a URL with macro chips, choose events and create its own postback', { timeout: 90_000 }, async () => {
    renderAt('/postbacks/new', 'affiliate', ['postback.own.read', 'postback.own.update']);
    const url = (await screen.findByTestId('postback-url')) as HTMLInputElement;
    // staff-only macros are not offered to affiliate postbacks
    expect(screen.queryByTestId('gp-macro-revenue')).toBeNull();
    fireEvent.change(url, { target: { value: 'https://t.example/pb?x={revenue}' } });
    expect(await screen.findByText('Unknown macro {revenue}', undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(url, { target: { value: 'https://t.example/pb?cid=' } });
    fireEvent.click(screen.getByTestId('gp-macro-click_id'));
    await waitFor(() => expect(url.value).toBe('https://t.example/pb?cid={click_id}'));
    fireEvent.click(screen.getByTestId('postback-save'));
    expect(await screen.findByText('Choose at least one event or goal event', undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByTestId('gp-event-conversion_approved'));
    fireEvent.click(screen.getByTestId('postback-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      items: [
        {
          scope: 'affiliate',
          title: '',
          url: 'https://t.example/pb?cid={click_id}',
          method: 'GET',
          events: ['conversion_approved'],
          goalEvents: [],
          status: 'active',
        },
      ],
    });
  });
});
