import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubFetch } from '../../../test/renderPage';
import { ConversionDrawer } from './ConversionDrawer';

const conversion = (invoices: unknown[], attributes: Record<string, string> = {}) => ({
  id: 7,
  status: 1,
  createdAt: 1_790_000_000,
  offerId: 3,
  offer: { id: 3, title: 'Loans DE' },
  payout: '12.50',
  payoutCurrency: 'EUR',
  revenue: '20.00',
  revenueCurrency: 'EUR',
  currency: 'EUR',
  baseCurrency: 'USD',
  goalId: null,
  goals: [],
  invoices,
  attributes,
});

const open = (invoices: unknown[], attributes?: Record<string, string>) => {
  stubFetch((url) => (url.includes('/conversions/7') ? { data: { items: [conversion(invoices, attributes)] } } : { data: { items: [] } }));
  renderPage(() => <ConversionDrawer id={7} onClose={() => undefined} />, '/conversions', {
    type: 'admin',
    permissions: ['conversion.update'],
  });
};

afterEach(() => vi.unstubAllGlobals());

describe('the conversion drawer', () => {
  it('names the invoices the conversion is or was in, each linked to its page with its status', async () => {
    open([
      { id: 11, title: 'INV-11', type: 'affiliate', status: 'declined' },
      { id: 12, title: 'INV-12', type: 'affiliate', status: 'paid' },
      { id: 40, title: 'ADV-40', type: 'advertiser', status: 'unpaid' },
    ]);
    const list = await screen.findByTestId('conversion-invoices');
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['INV-11', '/affiliate-billing/invoices/11'],
      ['INV-12', '/affiliate-billing/invoices/12'],
      ['ADV-40', '/advertiser-billing/adv-invoices/40'],
    ]);
    expect(within(list).getByText('Declined')).toBeTruthy();
    expect(within(list).getByText('Unpaid')).toBeTruthy();
  });

  it('says when the conversion is in no invoice', async () => {
    open([]);
    expect(await screen.findByText('Not invoiced yet')).toBeTruthy();
  });

  it('shows the attributes the advertiser sent, by name, or says there are none', async () => {
    open([], { deposit_id: 'D-77', player_level: 'gold' });
    const list = await screen.findByTestId('conversion-attributes');
    expect(list.textContent).toContain('deposit_id:');
    expect(list.textContent).toContain('D-77');
    expect(list.textContent).toContain('player_level:');
  });

  it('says when the advertiser sent no attributes', async () => {
    open([]);
    expect(await screen.findByText('The advertiser sent nothing beyond the known parameters')).toBeTruthy();
  });
});
