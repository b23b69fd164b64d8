/** The postback-log list: the tab by permission and the URL filters become the server's query. */
import type { PostbackLog } from '@leadgrid/shared/engine/postback-logs';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryOf, renderPage, stubFetch } from '../../../test/renderPage';
import PostbackLogsPage from './PostbackLogsPage';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const LOG: PostbackLog = {
  id: 9,
  createdAt: 1_795_330_000,
  type: 'postback_in',
  entity: 'advertiser',
  affiliateId: null,
  advertiserId: 1,
  integrationId: 1,
  postbackId: null,
  leadId: null,
  conversionId: 3,
  goalId: 2,
  conversionStatus: 1,
  event: null,
  data: { method: 'GET', url: '/postback/k?status=reg' },
  responseStatus: 200,
  responseBody: '{"status":"ok"}',
  success: true,
  msg: 'Conversion created',
  attempt: 1,
  affiliateName: null,
  affiliateEmail: null,
  goalTitle: 'Deposit',
  postbackTitle: null,
  advertiserTitle: 'Broker One',
  integrationTitle: 'Broker API',
};

let urls: string[];
beforeEach(() => {
  urls = stubFetch((url) =>
    url.startsWith('/api/v1/postback-logs/') ? { data: { items: [LOG], meta: { totalCount: 1 } } } : { data: { items: [] } },
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderAt = (path: string, type: string, permissions: string[]) => renderPage(PostbackLogsPage, path, { type, permissions });
const call = (tab: string) => queryOf(urls, `/api/v1/postback-logs/${tab}`);

describe('PostbackLogsPage', () => {
  it('reads the advertiser log with its filters for staff who may, with both tabs', { timeout: 120_000 }, async () => {
    renderAt('/postback-logs/advertisers?success=1&advertiserId=1&event=event_sent&createdFrom=100&createdTo=200', 'admin', [
      'front.menu.postback_log.read',
      'front.postback_log.affiliate.read',
      'log.postback.advertiser.read',
    ]);
    expect(await screen.findByText('Conversion created', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(call('advertisers')).toEqual({
      success: '1',
      advertiserId: '1',
      createdFrom: '100',
      createdTo: '200',
      orderBy: 'createdAt:desc',
      limit: '25',
      withMeta: '1',
    });
    expect(screen.getByTestId('postback-log-tabs')).toBeTruthy();
    // the names instead of ids: the advertiser (a link) with its integration, the goal under the event
    expect(screen.getByRole('link', { name: 'Broker One' }).getAttribute('href')).toBe('/advertisers/1');
    expect(screen.getByText('Broker API')).toBeTruthy();
    expect(screen.getByText('Goal: Deposit')).toBeTruthy();
  });

  it('falls back to the affiliate log without the advertiser log permission, without tabs', { timeout: 120_000 }, async () => {
    renderAt('/postback-logs/advertisers?event=event_sent', 'employee', [
      'front.menu.postback_log.read',
      'front.postback_log.affiliate.read',
    ]);
    expect(await screen.findByText('Conversion created', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(call('advertisers')).toBeUndefined();
    expect(call('affiliates')).toMatchObject({ event: 'event_sent' });
    expect(screen.queryByTestId('postback-log-tabs')).toBeNull();
  });
});
