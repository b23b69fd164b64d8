/** The notes panel: staff see and add notes, may remove their own (admins any); affiliates get nothing. */
import type { Note } from '@leadgrid/shared/people/notes';
import type { User } from '@leadgrid/shared/access/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { SessionContext, toAccess, type SessionValue } from '../../app/session';
import { json, mockApi, type ApiCall } from '../../test/api';
import { NotesPanel } from './NotesPanel';

vi.mock('../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const author = (id: number, firstName: string) => ({ id, firstName, lastName: 'Staff', email: `${firstName.toLowerCase()}@example.com` });
const NOTES: Note[] = [
  {
    id: 2,
    targetSlug: 'affiliate:12',
    title: 'Payout',
    content: 'Agreed on 12 USD',
    createdAt: 1_700_000_100,
    createdBy: author(5, 'Ann'),
  },
  { id: 1, targetSlug: 'affiliate:12', title: '', content: 'First call', createdAt: 1_700_000_000, createdBy: author(9, 'Bob') },
];

let calls: ApiCall[];

beforeEach(() => {
  calls = mockApi((call) => {
    if (call.method === 'GET' && call.url.startsWith('/api/v1/notes?')) return { data: { items: NOTES, meta: { totalCount: 2 } } };
    if (call.method === 'PUT') return { data: { items: [{ ...NOTES[0], id: 3 }] }, message: 'Note added' };
    if (call.method === 'POST') return { data: { items: [{ id: 2, status: 'deleted' }] }, message: 'Note removed' };
    return json({ statusCode: 404, message: 'not found' }, 404);
  });
});

function user(id: number, roleType: User['role']['type']): User {
  return {
    id,
    firstName: 'Ann',
    lastName: 'Staff',
    email: 'ann@example.com',
    role: { id: 1, title: 'Role', type: roleType },
    permissions: [],
  } as unknown as User;
}

function renderPanel(me: User) {
  const session = { user: me, access: toAccess(me), timezone: 'UTC' } as SessionValue;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <AntApp>
          <NotesPanel targetSlug="affiliate:12" />
        </AntApp>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

describe('NotesPanel', () => {
  it('lists the notes of the record; only the own note can be removed', async () => {
    renderPanel(user(5, 'affiliate_manager'));
    expect(await screen.findByText('Agreed on 12 USD')).toBeTruthy();
    expect(calls[0].url).toBe('/api/v1/notes?targetSlug=affiliate%3A12&limit=20&withMeta=1');
    const notes = screen.getAllByTestId('note');
    expect(notes).toHaveLength(2);
    expect(within(notes[0]).getByText('Payout')).toBeTruthy();
    expect(within(notes[0]).queryByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(within(notes[1]).queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('lets an admin remove any note after confirming', async () => {
    renderPanel(user(1, 'admin'));
    await screen.findByText('First call');
    const second = screen.getAllByTestId('note')[1];
    fireEvent.click(within(second).getByRole('button', { name: 'Remove' }));
    const confirm = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.ant-popconfirm');
      if (!el) throw new Error('the confirmation is not open');
      return el;
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/v1/notes/change_status',
      body: { items: [{ id: 1, status: 'deleted' }] },
    });
  });

  it('adds a note with the target slug', async () => {
    renderPanel(user(5, 'employee'));
    await screen.findByText('First call');
    fireEvent.click(screen.getByTestId('note-add'));
    // the form loads at the first opening
    fireEvent.change(await screen.findByRole('textbox', { name: 'Note' }), { target: { value: '  Call back on Monday  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      items: [{ targetSlug: 'affiliate:12', title: '', content: 'Call back on Monday' }],
    });
  });

  it('does not send an empty note', async () => {
    renderPanel(user(5, 'employee'));
    await screen.findByText('First call');
    fireEvent.click(screen.getByTestId('note-add'));
    fireEvent.click(await screen.findByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('renders nothing for an affiliate and asks the server nothing', () => {
    renderPanel(user(7, 'affiliate'));
    expect(screen.queryByTestId('notes-panel')).toBeNull();
    expect(calls).toEqual([]);
  });
});
