/** Issue 15: the profile lists the signed-in devices; any other one is signed out alone, or all others at once. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionValue } from '../../../app/session';
import { json, mockApi, type ApiCall } from '../../../test/api';
import { SessionsCard } from './SessionsCard';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SESSIONS = [
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/131.0 Safari/537.36',
    ip: '10.0.0.1',
    createdAt: 1_790_000_000,
    lastUsedAt: 1_790_003_600,
    current: true,
  },
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000002',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Version/17.0 Mobile/15E148 Safari/604.1',
    ip: '203.0.113.9',
    createdAt: 1_789_000_000,
    lastUsedAt: 1_789_500_000,
    current: false,
  },
];
let calls: ApiCall[];
let listAnswer: () => Response;

beforeEach(() => {
  listAnswer = () => json({ data: { items: SESSIONS } });
  calls = mockApi(({ method }) => (method === 'GET' ? listAnswer() : json({ data: { items: [] }, message: 'Session ended' })));
});

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={{ timezone: 'UTC' } as SessionValue}>
        <AntApp>
          <SessionsCard />
        </AntApp>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

describe('the sessions card', () => {
  it('lists each device with its IP and times, this device marked and not endable', async () => {
    renderCard();
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('This device')).toBeTruthy();
    expect(within(rows[0]).queryByTestId('session-end')).toBeNull();
    expect(rows[1].textContent).toContain('IP 203.0.113.9');
    expect(within(rows[1]).getByTestId('session-end')).toBeTruthy();
  });

  it('signs one device out after confirmation, and all others with one button', async () => {
    renderCard();
    const rows = await screen.findAllByTestId('session-row');
    fireEvent.click(within(rows[1]).getByTestId('session-end'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')!.body).toEqual({ data: [SESSIONS[1].id] });
    fireEvent.click(screen.getByTestId('sessions-end-others'));
    const oks = await screen.findAllByRole('button', { name: 'OK' });
    fireEvent.click(oks[oks.length - 1]);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/auth/sessions/revoke-others'))).toBe(true));
  });

  it('says when the list cannot be loaded', async () => {
    listAnswer = () => json({ statusCode: 500, message: 'down' }, 500);
    renderCard();
    expect(await screen.findByText('The sessions could not be loaded')).toBeTruthy();
  });
});
