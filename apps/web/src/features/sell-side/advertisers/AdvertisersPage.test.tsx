/** The advertisers list: the status tab and the URL filters become the server's list query. */
import type { User } from '@leadgrid/shared/access/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { SessionContext, toAccess, type SessionValue } from '../../../app/session';
import { json, mockApi } from '../../../test/api';
import AdvertisersPage from './AdvertisersPage';
import { advertiserListQuery, idList, tabOf } from './filters';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

describe('filters -> list query', () => {
  it('reads the tab from the path: active, blocked, or every advertiser', () => {
    expect(tabOf('/advertisers/active')).toBe('active');
    expect(tabOf('/advertisers/blocked')).toBe('blocked');
    expect(tabOf('/advertisers/all')).toBe('all');
    expect(tabOf('/advertisers')).toBe('all');
    expect(tabOf('/advertisers/whatever')).toBe('all');
  });

  it('sends the tab as status (none for all) next to the table query', () => {
    const table = { search: 'acme', verticalId: '3,4', orderBy: 'title:asc', limit: 25, offset: 50 };
    expect(advertiserListQuery('blocked', table)).toEqual({ ...table, status: 'blocked' });
    expect(advertiserListQuery('all', table)).toEqual({ ...table, status: undefined });
  });

  it('keeps only positive whole ids of an id filter', () => {
    expect(idList('3,x,0,-2,7,2.5')).toEqual([3, 7]);
    expect(idList(undefined)).toEqual([]);
  });
});

let urls: string[];

beforeEach(() => {
  urls = [];
  mockApi(({ url }) => {
    urls.push(url);
    if (url.startsWith('/api/v1/advertisers?'))
      return json({
        data: {
          items: [
            {
              id: 7,
              secureId: 'abcd1234abcd1234',
              title: 'Acme Loans',
              description: '',
              status: 'blocked',
              statusChangedAt: 1_790_000_000,
              statusChangedBy: null,
              blockReason: 'Unpaid invoices',
              contacts: [],
              platform: { id: 2, title: 'LeadCRM' },
              vertical: { id: 3, title: 'Finance' },
              tags: [
                { id: 7, title: 'VIP' },
                { id: 8, title: 'EU' },
              ],
              managers: [],
              defaultCurrency: 'EUR',
              apiToken: null,
              redirectTemplateEnabled: false,
              redirectTemplate: null,
              integrationsCount: 0,
              createdAt: 1_790_000_000,
              createdBy: null,
            },
          ],
          meta: { totalCount: 1 },
        },
      });
    return json({ data: { items: [], meta: { totalCount: 0 } } });
  });
});

function renderAt(path: string, permissions: string[]) {
  const me = {
    id: 1,
    firstName: 'Ann',
    lastName: 'Admin',
    email: 'a@x.io',
    role: { id: 1, title: 'Admin', type: 'admin' },
    permissions,
  } as unknown as User;
  const session = { user: me, access: toAccess(me), timezone: 'UTC' } as SessionValue;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={[path]}>
          <AntApp>
            <AdvertisersPage />
          </AntApp>
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

describe('AdvertisersPage', () => {
  it('asks the server for the tab, the filters, the page and the order of the URL', { timeout: 120_000 }, async () => {
    renderAt('/advertisers/blocked?search=acme&verticalId=3,4&platformId=2&tagId=7&managerId=5&orderBy=title:asc&offset=25', [
      'front.menu.advertisers.read',
      'advertiser.update',
    ]);
    expect(await screen.findByText('Acme Loans', undefined, { timeout: 10_000 })).toBeTruthy();
    const call = new URL(
      urls.find((u) => u.startsWith('/api/v1/advertisers?'))!,
      'http://x',
    );
    expect(Object.fromEntries(call.searchParams)).toEqual({
      search: 'acme',
      verticalId: '3,4',
      platformId: '2',
      tagId: '7',
      managerId: '5',
      orderBy: 'title:asc',
      limit: '25',
      offset: '25',
      status: 'blocked',
      withMeta: '1',
    });
    // the row: one tag shown and the rest counted, the create button for writers
    expect(screen.getByText('VIP')).toBeTruthy();
    expect(screen.getByText('+1')).toBeTruthy();
    expect(screen.getByTestId('advertiser-create')).toBeTruthy();
  });

  it('lists every advertiser without a status under "all", and offers no writes to readers', { timeout: 120_000 }, async () => {
    renderAt('/advertisers/all', ['front.menu.advertisers.read']);
    await waitFor(() => expect(urls.some((u) => u.startsWith('/api/v1/advertisers?'))).toBe(true), { timeout: 10_000 });
    const call = new URL(
      urls.find((u) => u.startsWith('/api/v1/advertisers?'))!,
      'http://x',
    );
    expect(call.searchParams.has('status')).toBe(false);
    expect(call.searchParams.get('orderBy')).toBe('id:desc');
    expect(await screen.findByText('Acme Loans', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('advertiser-create')).toBeNull();
    expect(screen.queryByTestId('advertiser-actions-7')).toBeNull();
  });
});
