import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubFetch } from '../../../test/renderPage';
import { ReadinessCard } from './ReadinessCard';

const item = (key: string, ok: boolean, tab: string, count: number | null = null, required = true) => ({ key, ok, required, tab, count });

const open = (ready: boolean, items: unknown[]) => {
  const urls = stubFetch(() => ({ data: { ready, items } }));
  renderPage(() => <ReadinessCard offerId={5} />, '/offers/5/general', { type: 'admin', permissions: ['front.menu.offers.read'] });
  return urls;
};

afterEach(() => vi.unstubAllGlobals());

describe('the offer readiness checklist', () => {
  it('says the offer cannot take traffic yet and links each missing item to the tab that fixes it', async () => {
    const urls = open(false, [
      item('status', true, 'general'),
      item('advertiser', false, 'targeting', 0),
      item('paymentRule', false, 'payment-rules', 0),
      item('geos', false, 'general', 0, false),
    ]);
    expect(await screen.findByText('The offer cannot take traffic yet: fix the items marked below.')).toBeTruthy();
    expect(urls.some((u) => u.includes('/offers/5/readiness'))).toBe(true);
    expect(screen.getByTestId('readiness-fix-advertiser').getAttribute('href')).toBe('/offers/5/targeting');
    expect(screen.getByTestId('readiness-fix-paymentRule').getAttribute('href')).toBe('/offers/5/payment-rules');
    expect(screen.queryByTestId('readiness-fix-status')).toBeNull();
    expect(within(screen.getByTestId('readiness-geos')).getByText('advice')).toBeTruthy();
    expect(within(screen.getByTestId('readiness-advertiser')).getByText('0 now')).toBeTruthy();
  });

  it('says when the offer is ready', async () => {
    open(true, [item('status', true, 'general'), item('caps', false, 'caps', 0, false)]);
    expect(await screen.findByText('The offer can take traffic.')).toBeTruthy();
    expect(screen.getByTestId('readiness-fix-caps').getAttribute('href')).toBe('/offers/5/caps');
  });
});
