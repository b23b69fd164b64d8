/** The payment rule drawer: a percent payout above 100 is refused before sending; amounts are sent as the strings typed. */
import type { Offer } from '@leadgrid/shared/inventory/offers';
import type { User } from '@leadgrid/shared/access/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../../i18n';
import { SessionContext, toAccess, type SessionValue } from '../../../../app/session';
import './i18n';
import { json, mockApi } from '../../../../test/api';
import { PaymentRuleDrawer } from './PaymentRuleDrawer';

vi.mock('../../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const OFFER = { id: 2, title: 'Loans DE', vertical: { id: 3, title: 'Finance' }, status: 'active' } as unknown as Offer;
let writes: { method: string; url: string; body: { items: Record<string, unknown>[] } }[];

beforeEach(() => {
  writes = [];
  mockApi(({ method, url, body }) => {
    if (method !== 'GET') {
      writes.push({ method, url, body: body as { items: Record<string, unknown>[] } });
      return json({ data: { items: [{ id: 9 }] }, message: 'Payment rule created' });
    }
    if (url.startsWith('/api/v1/currencies/all'))
      return json({
        data: {
          items: [
            { id: 1, code: 'USD', name: 'US Dollar', status: 'active', isBase: true },
            { id: 2, code: 'EUR', name: 'Euro', status: 'active', isBase: false },
          ],
        },
      });
    return json({ data: { items: [], meta: { totalCount: 0 } } });
  });
});

const SLOW = { timeout: 15_000 };
const fieldOf = (form: HTMLElement, id: string) => form.querySelector(`#${id}`)!.closest('.ant-form-item') as HTMLElement;

describe('PaymentRuleDrawer', () => {
  it('keeps a percent payout at most 100 and sends the amounts as typed strings', { timeout: 120_000 }, async () => {
    const onClose = vi.fn();
    const me = {
      id: 1,
      role: { id: 1, title: 'Admin', type: 'admin' },
      permissions: ['front.menu.offers.read', 'offer.update'],
    } as unknown as User;
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SessionContext.Provider value={{ user: me, access: toAccess(me), timezone: 'UTC' } as SessionValue}>
          <MemoryRouter>
            <AntApp>
              <PaymentRuleDrawer open offer={OFFER} rule={null} onClose={onClose} />
            </AntApp>
          </MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>,
    );
    const form = await screen.findByTestId('rule-form', undefined, SLOW);
    // the base currency is chosen for a new rule once the currencies arrive
    await waitFor(() => expect(within(fieldOf(form, 'revenueCurrency')).getByText('USD')).toBeTruthy(), SLOW);
    fireEvent.click(within(screen.getByTestId('rule-payment-type')).getByText('Percent'));
    fireEvent.change(screen.getByTestId('rule-revenue'), { target: { value: '12,5' } });
    fireEvent.change(screen.getByTestId('rule-payout'), { target: { value: '100.00000001' } });
    fireEvent.click(screen.getByTestId('rule-save'));
    expect(await within(fieldOf(form, 'payoutValue')).findByText('A percent payout is at most 100', undefined, SLOW)).toBeTruthy();
    expect(writes).toEqual([]);

    fireEvent.change(screen.getByTestId('rule-payout'), { target: { value: '99.12345678' } });
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(writes).toHaveLength(1), SLOW);
    expect(writes[0].method).toBe('PUT');
    expect(writes[0].url).toBe('/api/v1/payment-rules');
    expect(writes[0].body.items[0]).toMatchObject({
      offerId: 2,
      paymentType: 'percent',
      revenueValue: '12.5',
      revenueCurrency: 'USD',
      payoutValue: '99.12345678',
      payoutCurrency: 'USD',
      targetConversionStatus: 3,
      autoApprovePeriod: null,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
  });
});
