/** The clicks list: the tab and the URL filters become the server's query; the edit button only for click.update. */
import type { Click } from '@leadgrid/shared/engine/clicks';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryOf, renderPage, stubFetch } from '../../../test/renderPage';
import ClicksPage from './ClicksPage';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const CLICK: Click = {
  id: '01a20209-27a1-77ef-b1dc-ca774bb3dcce',
  createdAt: 1_795_330_000,
  status: 2,
  invalidReason: 'bot',
  isUnique: true,
  isBot: true,
  isTest: false,
  campaignId: 4,
  campaignTitle: 'FB DE spring',
  offerId: 3,
  offerTitle: 'Crypto Trader DE',
  affiliateId: 2,
  affiliateName: 'Petra Novak',
  landerId: 1,
  landerTitle: 'Landing',
  trafficSourceId: null,
  trafficSourceTitle: null,
  country: 'DE',
  language: 'de',
  ip: '5.9.0.1',
  userAgent: 'Googlebot',
  referrer: null,
  browser: null,
  browserVersion: null,
  os: null,
  osVersion: null,
  deviceType: 'desktop',
  deviceBrand: null,
  deviceModel: null,
  sub1: 'fb',
  sub2: null,
  sub3: null,
  sub4: null,
  sub5: null,
  sub6: null,
  sub7: null,
  sub8: null,
  sub9: null,
  params: null,
};

let urls: string[];
beforeEach(() => {
  urls = stubFetch((url) =>
    url.startsWith('/api/v1/clicks/') ? { data: { items: [CLICK], meta: { totalCount: 1, totalCapped: false } } } : { data: { items: [] } },
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderAt = (path: string, type: string, permissions: string[]) =>
  renderPage(ClicksPage, path, { type, permissions, timezone: 'Europe/Berlin' });
const listCall = (tab: string) => queryOf(urls, `/api/v1/clicks/${tab}?`)!;

describe('ClicksPage', () => {
  it(
    'asks for the tab with the URL filters, the user zone and an exclusive end; staff editors get the edit button',
    { timeout: 120_000 },
    async () => {
      renderAt(
        '/clicks/invalid?from=1795305600&to=1795391999&offerId=3&country=DE&invalidReason=bot&unique=1&sub1=fb&search=5.9.0.1&offset=25',
        'admin',
        ['front.menu.clicks.read', 'click.read', 'click.update'],
      );
      expect(await screen.findByText('Crypto Trader DE', undefined, { timeout: 10_000 })).toBeTruthy();
      expect(listCall('invalid')).toEqual({
        timezone: 'Europe/Berlin',
        from: '1795305600',
        to: '1795392000',
        offerId: '3',
        country: 'DE',
        invalidReason: 'bot',
        unique: '1',
        sub1: 'fb',
        search: '5.9.0.1',
        orderBy: 'createdAt:desc',
        limit: '25',
        offset: '25',
        withMeta: '1',
      });
      expect(screen.getByText('Petra Novak')).toBeTruthy();
      expect(screen.getByTestId(`click-edit-${CLICK.id}`)).toBeTruthy();
      expect(screen.getByTestId('export-clicks')).toBeTruthy();
    },
  );

  it('shows affiliates no affiliate column and no edit, and drops the reason filter on the valid tab', { timeout: 120_000 }, async () => {
    renderAt('/clicks/valid?invalidReason=bot', 'affiliate', ['front.menu.clicks.read', 'click.own.read']);
    expect(await screen.findByText('Crypto Trader DE', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(listCall('valid')).not.toHaveProperty('invalidReason');
    expect(screen.queryByText('Petra Novak')).toBeNull();
    expect(screen.queryByTestId(`click-edit-${CLICK.id}`)).toBeNull();
    // affiliates export their own clicks too
    expect(screen.getByTestId('export-clicks')).toBeTruthy();
  });
});
