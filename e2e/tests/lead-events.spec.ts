/**
 * Lead events end to end (issue 19 "Done when"): an affiliate's postback listens to "Lead received" and "Lead sent"
 * and points at a local receiver (this test's HTTP server); the affiliate posts a lead through the lead API, a local
 * advertiser takes it — and both events arrive at the receiver with the lead's id, status and the advertiser's
 * redirect. The setup goes through the API like statistics.spec.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { api, signIn } from './helpers';

interface Items<T> {
  data: { items: T[] };
}

const run = Date.now().toString(36);
let server: Server;
let base = '';
/** what the affiliate's tracker received */
const tracker: URL[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/advertiser/leads') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, id: `EV-${run}`, login: `https://brand.example/welcome?run=${run}` }));
      } else if (req.url?.startsWith('/tracker')) {
        tracker.push(new URL(req.url, base));
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('OK');
      } else {
        res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
});

test('posts a lead and sees "Lead received" and "Lead sent" arrive at a local affiliate receiver', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const ok = async <T>(method: string, path: string, body?: unknown) => {
    const res = await api<T>(page, method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const first = async <T>(method: string, path: string, body?: unknown) => (await ok<Items<T>>(method, path, body)).data.items[0];

  // ---- an offer whose advertiser takes every lead
  const vertical = await first<{ id: number }>('PUT', '/verticals', { items: [{ title: `Events ${run}` }] });
  const platform = await first<{ id: number }>('PUT', '/platforms', { items: [{ title: `Events platform ${run}`, methods: ['api'] }] });
  const template = await first<{ id: number }>('PUT', '/integration-templates', {
    items: [{ title: `Events template ${run}`, platformId: platform.id, verticalId: vertical.id }],
  });
  const adv = await first<{ id: number }>('PUT', '/advertisers', {
    items: [{ title: `Events brand ${run}`, platformId: platform.id, verticalId: vertical.id }],
  });
  const integration = await first<{ id: number }>('PUT', '/integrations', {
    items: [{ advertiserId: adv.id, templateId: template.id, outApiEnabled: true }],
  });
  await ok('POST', `/integrations/${integration.id}/edit_out_api_mappings`, {
    data: {
      method: 'POST',
      url: `${base}/advertiser/leads`,
      bodyFormat: 'json',
      fieldMappings: [{ target: 'phone', source: 'lead', value: 'phone' }],
      timeoutMs: 5000,
      response: { successStatuses: [200], successPath: 'ok', successValue: 'true', leadIdPath: 'id', redirectUrlPath: 'login' },
    },
  });
  const offer = await first<{ id: number }>('PUT', '/offers', {
    items: [{ title: `Events offer ${run}`, verticalId: vertical.id, status: 'active', accessType: 1, integrationMethod: 'api' }],
  });
  await ok('PUT', '/offer-advertisers', { items: [{ offerId: offer.id, integrationId: integration.id }] });
  const affiliate = await first<{ id: number }>('PUT', '/affiliates', {
    items: [{ email: `events.${run}@e2e.local`, password: 'affiliate-pass', firstName: 'Eve', lastName: `Events${run}` }],
  });
  const { apiToken } = (await ok<{ data: { apiToken: string } }>('POST', `/users/${affiliate.id}/regenerate-api-token`)).data;
  const campaign = await first<{ id: number }>('PUT', '/campaigns', {
    items: [{ title: `Events campaign ${run}`, affiliateId: affiliate.id, offerId: offer.id }],
  });

  // ---- the affiliate's tracker: one postback on "Lead received" and "Lead sent"
  await ok('PUT', '/postbacks', {
    items: [
      {
        scope: 'affiliate',
        affiliateId: affiliate.id,
        title: 'My tracker',
        url: `${base}/tracker?event={event}&lead={lead_id}&status={lead_status}&sub1={sub1}&redirect={redirect_url}`,
        events: ['event_received', 'event_sent'],
      },
    ],
  });

  // ---- the lead, through the lead API
  const lead = await page.request.post('/api/v1/leads', {
    headers: { 'x-api-key': apiToken },
    data: {
      campaignId: campaign.id,
      firstName: 'Eva',
      phone: `+48603${String(Date.now()).slice(-6)}`,
      country: 'PL',
      sub1: `click-${run}`,
    },
  });
  expect(lead.status(), await lead.text()).toBe(200);
  const { data } = (await lead.json()) as { data: { id: number; status: string } };
  expect(data.status).toBe('sent');

  // ---- both events reach the tracker (the delivery queue polls every second)
  const mine = () => tracker.filter((u) => u.searchParams.get('lead') === String(data.id));
  await expect
    .poll(
      () =>
        mine()
          .map((u) => u.searchParams.get('event'))
          .sort(),
      { timeout: 30_000 },
    )
    .toEqual(['event_received', 'event_sent']);
  const received = mine().find((u) => u.searchParams.get('event') === 'event_received')!;
  const sent = mine().find((u) => u.searchParams.get('event') === 'event_sent')!;
  expect(received.searchParams.get('status')).toBe('new');
  expect(received.searchParams.get('sub1')).toBe(`click-${run}`);
  expect(sent.searchParams.get('status')).toBe('sent');
  expect(sent.searchParams.get('redirect')).toBe(`https://brand.example/welcome?run=${run}`);
  // once each: a lead whose status does not change fires nothing again
  await page.waitForTimeout(2000);
  expect(mine()).toHaveLength(2);
});
