/**
 * The landings tab: activating a lander whose advertiser is blocked is refused by the product §4 guard (409), and the
 * screen says so in place, naming the lander; nothing else is changed.
 */
import type { Lander } from '@leadgrid/shared/inventory/landers';
import type { Offer } from '@leadgrid/shared/inventory/offers';
import { EMPTY_SIEVE } from '@leadgrid/shared/inventory/sieves';
import type { User } from '@leadgrid/shared/access/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../../i18n';
import { ApiError } from '../../../../api/client';
import { SessionContext, toAccess, type SessionValue } from '../../../../app/session';
import { json, mockApi } from '../../../../test/api';
import { OfferLandingsTab } from './index';
import { GUARD_TYPE, statusFailure } from './landerForm';

vi.mock('../../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const GUARD = 'A landing cannot be activated while its advertiser is inactive';
const OFFER = { id: 2, title: 'Loans DE', vertical: { id: 3, title: 'Finance' }, status: 'active' } as unknown as Offer;
const LANDER: Lander = {
  id: 11,
  offerId: 2,
  title: 'Lander One',
  pageType: 'landing',
  targetUrl: 'https://brand.test/l?click={click_id}&s={sub1}',
  previewUrl: 'https://brand.test/l',
  advertiser: { id: 7, title: 'Acme Loans', status: 'blocked' },
  weight: 100,
  additionalParameters: [],
  landerApiLanguage: null,
  language: 'de',
  status: 'inactive',
  statusChangedAt: null,
  sieve: EMPTY_SIEVE,
  createdAt: 1_790_000_000,
  createdBy: null,
};

describe('statusFailure', () => {
  it('tells the guard (409 with advertiser_inactive items) from other failures, with the refused ids', () => {
    const guard = new ApiError(409, GUARD, [{ msg: GUARD, type: GUARD_TYPE, loc: ['body', 'items', 1, 'status'] }]);
    expect(statusFailure(guard, [4, 9])).toEqual({ kind: 'guard', ids: [9] });
    expect(statusFailure(new ApiError(404, 'Lander not found'), [4])).toEqual({ kind: 'other', message: 'Lander not found' });
  });
});

let writes: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  writes = [];
  mockApi(({ method, url, body }) => {
    if (method !== 'GET') {
      writes.push({ method, url, body });
      return json(
        {
          statusCode: 409,
          message: GUARD,
          errors: [{ msg: GUARD, type: GUARD_TYPE, loc: ['body', 'items', 0, 'status'] }],
        },
        409,
      );
    }
    if (url.startsWith('/api/v1/landers?')) return json({ data: { items: [LANDER], meta: { totalCount: 1 } } });
    if (url.startsWith('/api/v1/offers/sieve-display-settings')) return json({ data: {} });
    return json({ data: { items: [], meta: { totalCount: 0 } } });
  });
});

function renderTab() {
  const me = {
    id: 1,
    firstName: 'Ann',
    lastName: 'Admin',
    email: 'a@x.io',
    role: { id: 1, title: 'Admin', type: 'admin' },
    permissions: ['front.menu.offers.read', 'offer.update'],
  } as unknown as User;
  const session = { user: me, access: toAccess(me), timezone: 'UTC' } as SessionValue;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={['/offers/2/landings']}>
          <AntApp>
            <OfferLandingsTab offer={OFFER} />
          </AntApp>
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

const SLOW = { timeout: 15_000 };

describe('OfferLandingsTab', () => {
  it('says the activation guard in place when the advertiser is inactive', { timeout: 120_000 }, async () => {
    renderTab();
    expect(await screen.findByText('Lander One', undefined, SLOW)).toBeTruthy();
    // the URL's macros are shown, the advertiser is marked blocked
    expect(screen.getByTestId('url-with-macros').textContent).toBe(LANDER.targetUrl);
    fireEvent.click(screen.getByTestId('lander-more'));
    fireEvent.click(await screen.findByText('Activate', undefined, SLOW));
    const confirm = (await screen.findAllByText('Activate 1 lander?', undefined, SLOW))[0].closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Activate' }));
    const alert = await screen.findByTestId('lander-guard', undefined, SLOW);
    expect(alert.textContent).toContain(GUARD);
    expect(alert.textContent).toContain('Lander One');
    expect(writes).toEqual([{ method: 'POST', url: '/api/v1/landers/change_status', body: { items: [{ id: 11, status: 'active' }] } }]);
    await waitFor(() => expect(screen.queryAllByText('Activate 1 lander?')).toEqual([]), SLOW);
  });
});
