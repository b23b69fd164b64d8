/** The cap drawer: the shared cross-field rules on their fields before sending, and decimals sent as the strings typed. */
import type { Offer } from '@leadgrid/shared/inventory/offers';
import type { User } from '@leadgrid/shared/access/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../../i18n';
import { SessionContext, toAccess, type SessionValue } from '../../../../app/session';
import { json, mockApi } from '../../../../test/api';
import { CapDrawer } from './CapDrawer';
import './i18n';

vi.mock('../../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const OFFER = { id: 2, title: 'Loans DE', vertical: { id: 3, title: 'Finance' }, status: 'active' } as unknown as Offer;
let writes: { method: string; url: string; body: { items: Record<string, unknown>[] } }[];

beforeEach(() => {
  writes = [];
  mockApi(({ method, url, body }) => {
    if (method !== 'GET') {
      writes.push({ method, url, body: body as { items: Record<string, unknown>[] } });
      return json({ data: { items: [{ id: 9 }] }, message: 'Cap created' });
    }
    if (url.startsWith('/api/v1/timezones'))
      return json({ data: { items: [{ name: 'Europe/Berlin', offset: '+01:00', title: 'Europe/Berlin (+01:00)' }] } });
    return json({ data: { items: [], meta: { totalCount: 0 } } });
  });
});

const SLOW = { timeout: 15_000 };
const fieldOf = (form: HTMLElement, id: string) => form.querySelector(`#${id}`)!.closest('.ant-form-item') as HTMLElement;

describe('CapDrawer', () => {
  it(
    'refuses a guarantee above the value of a funnel and a money cap without currency, then sends strings',
    { timeout: 120_000 },
    async () => {
      const me = {
        id: 1,
        role: { id: 1, title: 'Admin', type: 'admin' },
        permissions: ['front.menu.offers.read', 'offer.update'],
      } as unknown as User;
      const onClose = vi.fn();
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <SessionContext.Provider value={{ user: me, access: toAccess(me), timezone: 'Europe/Berlin' } as SessionValue}>
            <MemoryRouter>
              <AntApp>
                <CapDrawer open offer={OFFER} cap={null} onClose={onClose} />
              </AntApp>
            </MemoryRouter>
          </SessionContext.Provider>
        </QueryClientProvider>,
      );
      const form = await screen.findByTestId('cap-form', undefined, SLOW);
      fireEvent.click(within(screen.getByTestId('cap-type')).getByText('Funnel'));
      fireEvent.click(within(screen.getByTestId('cap-measure')).getByText('Money'));
      fireEvent.change(screen.getByTestId('cap-value'), { target: { value: '100,5' } });
      fireEvent.change(await screen.findByTestId('cap-guarantee', undefined, SLOW), { target: { value: '100.50000001' } });
      fireEvent.click(screen.getByTestId('cap-save'));
      expect(await within(fieldOf(form, 'guarantee')).findByText('The value is too large', undefined, SLOW)).toBeTruthy();
      expect(within(fieldOf(form, 'currency')).getByText('This field is required')).toBeTruthy();
      expect(writes).toEqual([]);

      // a count cap needs no currency; the guarantee may equal the value
      fireEvent.click(within(screen.getByTestId('cap-measure')).getByText('Count'));
      fireEvent.change(screen.getByTestId('cap-guarantee'), { target: { value: '100.5' } });
      fireEvent.click(screen.getByTestId('cap-save'));
      await waitFor(() => expect(writes).toHaveLength(1), SLOW);
      expect(writes[0]).toMatchObject({ method: 'PUT', url: '/api/v1/caps' });
      expect(writes[0].body.items[0]).toMatchObject({
        offerId: 2,
        type: 'funnel',
        value: '100.5',
        guarantee: '100.5',
        currency: null,
        timezone: 'Europe/Berlin',
        period: 'day',
      });
      await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    },
  );
});
