/**
 * The shared offer picker (the campaign form, the integration guide): staff making a campaign for an affiliate see
 * only the offers that affiliate can use (GET /offers/for-campaign?affiliateId=), a chosen offer it cannot use is
 * marked; without an affiliate the picker searches /offers/filters.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../i18n';
import { mockApi } from '../../test/api';
import { OfferPicker } from './OfferPicker';

const SLOW = { timeout: 10_000 };
let calls: string[];

beforeEach(() => {
  calls = [];
  mockApi(({ url }) => {
    calls.push(url);
    const ids = new URL(url, 'http://x').searchParams.get('ids');
    // offer 11 is usable by the affiliate, 12 is not
    if (url.startsWith('/api/v1/offers/for-campaign'))
      return { data: { items: ids === '12' ? [] : [{ id: 11, title: 'Loans DE', status: 'active' }] } };
    return { data: { items: [{ id: 12, title: 'Private UK', status: 'active' }] } };
  });
});

const wrap = (children: ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);

describe('OfferPicker', () => {
  it('asks for the offers the affiliate can use when an affiliate is given', async () => {
    render(wrap(<OfferPicker activeOnly affiliateId={3} value={11} />));
    expect(await screen.findByText('#11 Loans DE', undefined, SLOW)).toBeTruthy();
    const asked = calls.map((c) => new URL(c, 'http://x'));
    expect(asked.every((u) => u.pathname === '/api/v1/offers/for-campaign' && u.searchParams.get('affiliateId') === '3')).toBe(true);
  });

  it('marks a chosen offer the affiliate cannot use', async () => {
    render(wrap(<OfferPicker activeOnly affiliateId={3} value={12} />));
    expect(await screen.findByText('#12 (not available to this affiliate)', undefined, SLOW)).toBeTruthy();
  });

  it('searches every active offer without an affiliate', async () => {
    render(wrap(<OfferPicker activeOnly value={12} />));
    expect(await screen.findByText('#12 Private UK', undefined, SLOW)).toBeTruthy();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls.every((c) => c.startsWith('/api/v1/offers/filters'))).toBe(true);
    expect(calls.some((c) => c.includes('status=active'))).toBe(true);
  });
});
