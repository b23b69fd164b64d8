/**
 * Statistics end to end (issue 16 "Done when"): on a fresh offer, /statistics and /statistics/leads show nothing; then a
 * visitor clicks the campaign link twice, the affiliate posts a lead with the click id (delivered to a local
 * advertiser) and a duplicate of it, the advertiser's postback approves a deposit — and the totals on both screens
 * change to exactly that: 2 clicks, 2 leads (1 sent, 1 duplicate), 1 approved conversion, payout 30, revenue 50; the
 * export of the view writes the same figures to CSV.
 * The setup goes through the API like traffic.spec.ts; one local HTTP server plays the advertiser.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { api, signIn } from './helpers';

interface Items<T> {
  data: { items: T[] };
}
interface Totals {
  data: { items: unknown[]; meta: { totalCount: number; totals: Record<string, number | string> } };
}

/** screens on a loaded machine: the first render of a lazy page with a wide table can take more than the default 10 s */
const screenExpect = expect.configure({ timeout: 30_000 });

/** the tracker refuses the headless browser's own user agent as a bot */
const VISITOR_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const run = Date.now().toString(36);
const ADVERTISER_LEAD_ID = `STAT-${run}`;

let server: Server;
let advertiserBase = '';

test.beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/lander')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><title>Lander</title><h1>Lander</h1>');
      } else if (req.method === 'POST' && req.url === '/leads') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, id: ADVERTISER_LEAD_ID }));
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"ok":false}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  advertiserBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
});

/** a cell of the totals row under the column header named `column` */
async function totalUnder(page: Page, column: string) {
  const headers = page.locator('[data-testid=statistics-table] thead th');
  const names = await headers.allInnerTexts();
  const index = names.findIndex((n) => n.trim() === column);
  expect(index, `column ${column} in ${names.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return page.getByTestId('table-totals').locator('td').nth(index);
}

test('a click, leads and a postback change the totals on /statistics and /statistics/leads', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  const ok = async <T>(method: string, path: string, body?: unknown) => {
    const res = await api<T>(page, method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const first = async <T>(method: string, path: string, body?: unknown) => (await ok<Items<T>>(method, path, body)).data.items[0];

  // ---- the sell side and the offer (as in traffic.spec.ts): a deposit paid 50 by the advertiser, 30 to the affiliate
  const vertical = await first<{ id: number }>('PUT', '/verticals', { items: [{ title: `Stats ${run}` }] });
  const withGoals = await first<{ goals: { id: number; title: string }[] }>('POST', `/verticals/${vertical.id}/edit_goals`, {
    data: [{ title: 'Deposit' }],
  });
  const deposit = withGoals.goals.find((g) => g.title === 'Deposit')!;
  const platform = await first<{ id: number }>('PUT', '/platforms', {
    items: [{ title: `Stats platform ${run}`, methods: ['api', 'postback'] }],
  });
  const template = await first<{ id: number }>('PUT', '/integration-templates', {
    items: [{ title: `Stats template ${run}`, platformId: platform.id, verticalId: vertical.id }],
  });
  const adv = await first<{ id: number }>('PUT', '/advertisers', {
    items: [{ title: `Stats brand ${run}`, platformId: platform.id, verticalId: vertical.id }],
  });
  const integration = await first<{ id: number; postbackKey: string }>('PUT', '/integrations', {
    items: [{ advertiserId: adv.id, templateId: template.id, outApiEnabled: true, postbackEnabled: true }],
  });
  await ok('POST', `/integrations/${integration.id}/edit_out_api_mappings`, {
    data: {
      method: 'POST',
      url: `${advertiserBase}/leads`,
      bodyFormat: 'json',
      fieldMappings: [{ target: 'phone', source: 'lead', value: 'phone' }],
      timeoutMs: 5000,
      response: { successStatuses: [200], successPath: 'ok', successValue: 'true', leadIdPath: 'id' },
    },
  });
  await ok('POST', `/integrations/${integration.id}/edit_postback`, { data: {} });
  await ok('POST', `/integrations/${integration.id}/edit_lead_status_mappings`, {
    data: [{ advertiserStatus: 'deposit', leadStatus: 'sent', conversionStatus: 3, leadGrade: null }],
  });
  const offerTitle = `Stats offer ${run}`;
  const offer = await first<{ id: number }>('PUT', '/offers', {
    items: [{ title: offerTitle, verticalId: vertical.id, status: 'active', accessType: 1, integrationMethod: 'api' }],
  });
  await ok('PUT', '/offer-advertisers', { items: [{ offerId: offer.id, integrationId: integration.id }] });
  await ok('PUT', '/landers', {
    items: [{ offerId: offer.id, title: `Form ${run}`, targetUrl: `${advertiserBase}/lander?cid={click_id}` }],
  });
  await ok('PUT', '/payment-rules', {
    items: [
      {
        offerId: offer.id,
        title: 'Deposit',
        goalId: deposit.id,
        revenueValue: '50',
        revenueCurrency: 'USD',
        payoutValue: '30',
        payoutCurrency: 'USD',
      },
    ],
  });
  const affiliate = await first<{ id: number }>('PUT', '/affiliates', {
    items: [{ email: `stats.${run}@e2e.local`, password: 'affiliate-pass', firstName: 'Sam', lastName: `Stats${run}` }],
  });
  const { apiToken } = (await ok<{ data: { apiToken: string } }>('POST', `/users/${affiliate.id}/regenerate-api-token`)).data;
  const campaign = await first<{ id: number; trackingUrl: string }>('PUT', '/campaigns', {
    items: [{ title: `Stats campaign ${run}`, affiliateId: affiliate.id, offerId: offer.id }],
  });

  // ---- before any traffic: the offer's statistics are empty on both screens
  await page.goto(`/statistics?groupBy=offer&offerId=${offer.id}`);
  await screenExpect(page.getByText('Nothing matches these filters in this period.')).toBeVisible();
  await page.goto(`/statistics/leads?groupBy=offer&offerId=${offer.id}`);
  await screenExpect(page.getByText('Nothing matches these filters in this period.')).toBeVisible();

  // ---- two clicks on the campaign link, a lead with the first click's id, its duplicate, the advertiser's deposit
  const link = campaign.trackingUrl.replace(/[?&]sub\d=\{sub\d\}/g, '');
  const clickIds: string[] = [];
  for (let i = 0; i < 2; i++) {
    const click = await page.request.get(link, { maxRedirects: 0, headers: { 'user-agent': VISITOR_UA } });
    expect(click.status()).toBe(302);
    clickIds.push(new URL(click.headers().location).searchParams.get('cid') ?? '');
  }
  // clicks are written in batches (every 50 ms): a visitor's form is posted long after, this test right away, so it
  // waits until both clicks are stored before posting a lead that names one
  for (const id of clickIds) await expect.poll(async () => (await api(page, 'GET', `/clicks/${id}`)).status, { timeout: 30_000 }).toBe(200);
  const phone = `+48602${String(Date.now()).slice(-6)}`;
  const lead = await page.request.post('/api/v1/leads', {
    headers: { 'x-api-key': apiToken },
    data: { clickId: clickIds[0], firstName: 'Ola', phone, country: 'PL' },
  });
  expect(lead.status(), await lead.text()).toBe(200);
  expect(((await lead.json()) as { data: { status: string } }).data.status).toBe('sent');
  const duplicate = await page.request.post('/api/v1/leads', {
    headers: { 'x-api-key': apiToken },
    data: { clickId: clickIds[1], firstName: 'Ola', phone, country: 'PL' },
  });
  expect(duplicate.status(), await duplicate.text()).toBe(200);
  expect(((await duplicate.json()) as { data: { status: string } }).data.status).toBe('duplicate');
  const postback = await page.request.get(
    `/postback/${integration.postbackKey}?lead_id=${ADVERTISER_LEAD_ID}&status=deposit&goal=Deposit&event_id=E-${run}`,
  );
  expect(postback.status(), await postback.text()).toBe(200);

  // ---- the API's totals are exactly that traffic (roll-ups are visible within seconds)
  const totals = async () => (await ok<Totals>('GET', `/statistics?groupBy=offer&offerId=${offer.id}`)).data.meta.totals;
  await expect.poll(async () => (await totals()).conversions, { timeout: 15_000 }).toBe(1);
  const t = await totals();
  expect(t).toMatchObject({ clicks: 2, leads: 2, leads_sent: 1, leads_duplicate: 1, conversions: 1, approved_conversions: 1 });
  expect(Number(t.payout)).toBe(30);
  expect(Number(t.revenue)).toBe(50);

  // ---- /statistics: the offer's row and the totals row
  await page.goto(`/statistics?groupBy=offer&offerId=${offer.id}`);
  const table = page.getByTestId('statistics-table');
  await screenExpect(table.getByText(offerTitle)).toBeVisible();
  await screenExpect(await totalUnder(page, 'Clicks')).toHaveText('2');
  await screenExpect(await totalUnder(page, 'Leads')).toHaveText('2');
  await screenExpect(await totalUnder(page, 'Approved conversions')).toHaveText('1');
  await screenExpect(await totalUnder(page, 'Payout')).toHaveText(/30\.00/);
  await screenExpect(await totalUnder(page, 'Revenue')).toHaveText(/50\.00/);
  await page.screenshot({ path: 'artifacts/statistics.png', fullPage: true });

  // ---- the export job writes the same view to CSV (progress over the events stream, then the file)
  const download = page.waitForEvent('download');
  await page.getByTestId('export-statistics').click();
  await page.getByTestId('export-statistics-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^statistics-\d{14}\.csv$/);
  const csv = (await readFile((await file.path())!, 'utf8')).split('\r\n');
  const header = csv[0].split(',');
  expect(header.slice(0, 2)).toEqual(['offer', 'clicks']);
  expect(csv[1].startsWith(`${offerTitle},2,`)).toBe(true);
  expect(csv[1].split(',')[header.indexOf('payout')]).toMatch(/^30(\.0+)?$/);

  // ---- /statistics/leads: 2 leads, one sent and one duplicate: sent rate and duplicate rate 50%
  await page.goto(`/statistics/leads?groupBy=offer&offerId=${offer.id}`);
  await screenExpect(table.getByText(offerTitle)).toBeVisible();
  await screenExpect(await totalUnder(page, 'Leads')).toHaveText('2');
  await screenExpect(await totalUnder(page, 'Sent')).toHaveText('1');
  await screenExpect(await totalUnder(page, 'Duplicate')).toHaveText('1');
  await screenExpect(await totalUnder(page, 'Sent rate')).toHaveText('50.00%');
  await screenExpect(await totalUnder(page, 'Duplicate rate')).toHaveText('50.00%');
  await page.screenshot({ path: 'artifacts/statistics-leads.png', fullPage: true });
});
