/**
 * The sidebar's unpaid-invoice counts: fetched for staff (each type only with its read permission) from
 * `meta.totalCount`, shown on the two invoice items with an indicator on the finance group, refreshed on a click of
 * the finance menu, fetched again for the admin after leaving impersonation (a new signed-in user), never fetched for
 * an affiliate.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Sidebar } from '../../app/layouts/Sidebar';
import { SessionContext, type SessionValue } from '../../app/session';
import { mockApi } from '../../test/api';

const SLOW = { timeout: 30_000 };
let counts: Record<string, number>;
let calls: URLSearchParams[];

beforeEach(() => {
  // jsdom has no scrolling; the sidebar keeps the current item in view
  Element.prototype.scrollIntoView = vi.fn();
  calls = [];
  counts = { affiliate: 3, advertiser: 0 };
  mockApi((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/v1/invoices') {
      calls.push(url.searchParams);
      return { data: { items: [], meta: { totalCount: counts[url.searchParams.get('type') ?? ''] ?? 0 } } };
    }
    return { data: { items: [] } };
  });
});

const FINANCE = ['balance.affiliate.read', 'invoice.affiliate.read', 'balance.advertiser.read', 'invoice.advertiser.read'];
const session = (id: number, roleType: string, permissions: string[]) =>
  ({ user: { id }, access: { roleType, permissions }, timezone: 'UTC' }) as unknown as SessionValue;

function ui(value: SessionValue, client: QueryClient) {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/affiliate-billing/invoices']}>
        <SessionContext.Provider value={value}>
          <AntApp>
            <Sidebar subject={value.access!} collapsed={false} profileMode={false} />
          </AntApp>
        </SessionContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}
const typesOf = (list: URLSearchParams[]) => list.map((q) => q.get('type')).sort();

describe('unpaid-invoice counts in the sidebar', () => {
  it('shows the counts of staff from meta.totalCount with the indicator, and refreshes them on a click of the finance menu', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(ui(session(1, 'admin', FINANCE), client));
    expect((await screen.findByTestId('unpaid-count-affiliateInvoices', undefined, SLOW)).textContent).toBe('3');
    expect(screen.queryByTestId('unpaid-count-advertiserInvoices')).toBeNull();
    expect(screen.getByTestId('unpaid-indicator')).toBeTruthy();
    expect(typesOf(calls)).toEqual(['advertiser', 'affiliate']);
    expect(Object.fromEntries(calls[0])).toMatchObject({ status: 'unpaid', limit: '1', withMeta: '1' });

    counts = { affiliate: 0, advertiser: 7 };
    fireEvent.click(screen.getByText('Affiliate invoices'));
    await waitFor(() => expect(calls).toHaveLength(4), SLOW);
    expect((await screen.findByTestId('unpaid-count-advertiserInvoices', undefined, SLOW)).textContent).toBe('7');
    expect(screen.queryByTestId('unpaid-count-affiliateInvoices')).toBeNull();
  });

  it('asks only for the types the user may read', async () => {
    render(ui(session(1, 'affiliate_manager', ['invoice.affiliate.read']), new QueryClient()));
    await waitFor(() => expect(calls).toHaveLength(1), SLOW);
    expect(calls[0].get('type')).toBe('affiliate');
  });

  it('fetches them again for the admin after leaving impersonation, and never for an affiliate', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(ui(session(9, 'affiliate', []), client));
    await screen.findByText('Billing', undefined, SLOW);
    expect(calls).toHaveLength(0);
    view.rerender(ui(session(1, 'admin', FINANCE), client));
    await waitFor(() => expect(typesOf(calls)).toEqual(['advertiser', 'affiliate']), SLOW);
    expect((await screen.findByTestId('unpaid-count-affiliateInvoices', undefined, SLOW)).textContent).toBe('3');
  });
});
