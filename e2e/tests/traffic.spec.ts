/**
 * The traffic engine's demo flow (issue 7 "Done when") end to end, with two local HTTP servers inside the test: an
 * advertiser (its lander page, a lead API that accepts leads and answers an id) and an affiliate's postback receiver
 * recording every call. Setup through the API: a vertical with goals, a platform and a template, an advertiser with an
 * integration (out-API to the local advertiser, inbound postbacks with a status mapping), an offer with its advertiser
 * target, a lander and a payment rule, an affiliate with a lead API token and a postback, a campaign. Then a browser
 * visits the campaign link (302 to the lander, click id in the URL), a lead is posted with that click id through the
 * affiliate's API, it reaches the local advertiser, the advertiser calls the postback URL, the conversion is priced by
 * the payment rule, the affiliate receiver gets the outbound postback with its macros filled, and the conversion and
 * the affiliate postback log are on their screens.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { api, signIn } from './helpers';

interface Items<T> {
  data: { items: T[] };
}
interface Call {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** a browser's user agent: the tracker treats the headless one as a bot and refuses its clicks */
const VISITOR_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** one local HTTP server recording its calls; `answer` decides the response */
async function localServer(answer: (call: Call) => { status: number; type: string; body: string }) {
  const calls: Call[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const call = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body };
      calls.push(call);
      const out = answer(call);
      res.writeHead(out.status, { 'content-type': out.type });
      res.end(out.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return { base, calls, close };
}

const run = Date.now().toString(36);
const ADVERTISER_LEAD_ID = `ADV-${run}`;

type Local = Awaited<ReturnType<typeof localServer>>;
let advertiser: Local;
let receiver: Local;

test.beforeAll(async () => {
  advertiser = await localServer((call) =>
    call.url.startsWith('/lander')
      ? { status: 200, type: 'text/html', body: '<!doctype html><title>Lander</title><h1 data-testid="lander">Get your loan</h1>' }
      : call.method === 'POST' && call.url === '/leads'
        ? {
            status: 200,
            type: 'application/json',
            body: JSON.stringify({ ok: true, id: ADVERTISER_LEAD_ID, login: 'https://brand.example/login' }),
          }
        : { status: 404, type: 'application/json', body: '{"ok":false}' },
  );
  receiver = await localServer(() => ({ status: 200, type: 'text/plain', body: 'OK' }));
});

test.afterAll(async () => {
  await advertiser.close();
  await receiver.close();
});

test('click → lead with its click id → delivered to the advertiser → advertiser postback → priced conversion → affiliate postback delivered and logged', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const ok = async <T>(method: string, path: string, body?: unknown) => {
    const res = await api<T>(page, method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const first = async <T>(method: string, path: string, body?: unknown) => (await ok<Items<T>>(method, path, body)).data.items[0];

  // ---- the sell side: a vertical with goals, a platform, a template, an advertiser and its integration
  const vertical = await first<{ id: number }>('PUT', '/verticals', { items: [{ title: `Loans ${run}` }] });
  const withGoals = await first<{ goals: { id: number; title: string }[] }>('POST', `/verticals/${vertical.id}/edit_goals`, {
    data: [{ title: 'Registration' }, { title: 'Deposit' }],
  });
  const deposit = withGoals.goals.find((g) => g.title === 'Deposit')!;
  const platform = await first<{ id: number }>('PUT', '/platforms', {
    items: [{ title: `Platform ${run}`, methods: ['api', 'postback'] }],
  });
  const template = await first<{ id: number }>('PUT', '/integration-templates', {
    items: [{ title: `Template ${run}`, platformId: platform.id, verticalId: vertical.id }],
  });
  const adv = await first<{ id: number }>('PUT', '/advertisers', {
    items: [{ title: `Brand ${run}`, platformId: platform.id, verticalId: vertical.id }],
  });
  const integration = await first<{ id: number; postbackKey: string }>('PUT', '/integrations', {
    items: [{ advertiserId: adv.id, templateId: template.id, outApiEnabled: true, postbackEnabled: true }],
  });
  await ok('POST', `/integrations/${integration.id}/edit_out_api_mappings`, {
    data: {
      method: 'POST',
      url: `${advertiser.base}/leads`,
      bodyFormat: 'json',
      fieldMappings: [
        { target: 'name', source: 'lead', value: 'firstName' },
        { target: 'phone', source: 'lead', value: 'phone' },
        { target: 'ref', source: 'macro', value: 'leadId' },
      ],
      timeoutMs: 5000,
      response: { successStatuses: [200], successPath: 'ok', successValue: 'true', leadIdPath: 'id', redirectUrlPath: 'login' },
    },
  });
  await ok('POST', `/integrations/${integration.id}/edit_postback`, { data: {} });
  await ok('POST', `/integrations/${integration.id}/edit_lead_status_mappings`, {
    data: [{ advertiserStatus: 'deposit', leadStatus: 'sent', conversionStatus: 3, leadGrade: null }],
  });

  // ---- the offer: public, active, the advertiser as its target, a lander on the local server, a payment rule
  const offer = await first<{ id: number }>('PUT', '/offers', {
    items: [{ title: `Loans PL ${run}`, verticalId: vertical.id, status: 'active', accessType: 1, integrationMethod: 'api' }],
  });
  await ok('PUT', '/offer-advertisers', { items: [{ offerId: offer.id, integrationId: integration.id }] });
  await ok('PUT', '/landers', {
    items: [{ offerId: offer.id, title: `Form ${run}`, targetUrl: `${advertiser.base}/lander?cid={click_id}&s1={sub1}` }],
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

  // ---- the buy side: an affiliate with a lead API token and a postback on approved conversions, and a campaign
  const affiliate = await first<{ id: number }>('PUT', '/affiliates', {
    items: [{ email: `traffic.${run}@e2e.local`, password: 'affiliate-pass', firstName: 'Tom', lastName: `Traffic${run}` }],
  });
  const { apiToken } = (await ok<{ data: { apiToken: string } }>('POST', `/users/${affiliate.id}/regenerate-api-token`)).data;
  const receiverUrl =
    `${receiver.base}/pb?click={click_id}&lead={lead_id}&sub1={sub1}&payout={payout}&currency={currency}` +
    `&status={status}&goal={goal}&event={event}`;
  await ok('PUT', '/postbacks', {
    items: [{ scope: 'affiliate', affiliateId: affiliate.id, title: 'Tracker', url: receiverUrl, events: ['conversion_approved'] }],
  });
  const campaign = await first<{ id: number; trackingUrl: string }>('PUT', '/campaigns', {
    items: [{ title: `Demo ${run}`, affiliateId: affiliate.id, offerId: offer.id }],
  });

  // ---- a visitor clicks the campaign link in a browser: 302 to the lander with the click id and the sub
  const link = campaign.trackingUrl.replace('{sub1}', `fb${run}`).replace(/&sub\d=\{sub\d\}/g, '');
  const click = await page.request.get(link, { maxRedirects: 0, headers: { 'user-agent': VISITOR_UA } });
  expect(click.status()).toBe(302);
  const visitor = await browser.newContext({ userAgent: VISITOR_UA });
  const tab = await visitor.newPage();
  await tab.goto(link);
  await expect(tab.getByTestId('lander')).toHaveText('Get your loan');
  const landed = new URL(tab.url());
  expect(`${landed.origin}${landed.pathname}`).toBe(`${advertiser.base}/lander`);
  expect(landed.searchParams.get('s1')).toBe(`fb${run}`);
  const clickId = landed.searchParams.get('cid') ?? '';
  expect(clickId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  await visitor.close();

  // ---- the affiliate posts the lead with that click id; it is delivered to the local advertiser
  const phone = `+48601${String(Date.now()).slice(-6)}`;
  const leadAnswer = await page.request.post('/api/v1/leads', {
    headers: { 'x-api-key': apiToken },
    data: { clickId, firstName: 'Anna', phone, country: 'PL', email: `anna.${run}@example.com` },
  });
  expect(leadAnswer.status(), await leadAnswer.text()).toBe(200);
  const lead = ((await leadAnswer.json()) as { data: { id: number; status: string; redirectUrl: string | null } }).data;
  expect(lead).toMatchObject({ status: 'sent', redirectUrl: 'https://brand.example/login' });
  const delivered = advertiser.calls.filter((c) => c.url === '/leads');
  expect(delivered).toHaveLength(1);
  expect(delivered[0].headers['content-type']).toContain('application/json');
  expect(JSON.parse(delivered[0].body)).toEqual({ name: 'Anna', phone, ref: String(lead.id) });
  const stored = await first<{ campaign: { id: number } | null; clickId: string | null; sub1: string | null }>('GET', `/leads/${lead.id}`);
  expect(stored).toMatchObject({ clickId, sub1: `fb${run}` });

  // ---- the advertiser reports the deposit on the integration's postback URL
  const eventId = `E-${run}`;
  const postback = await page.request.get(
    `/postback/${integration.postbackKey}?lead_id=${ADVERTISER_LEAD_ID}&status=deposit&goal=Deposit&payout=50&currency=USD&event_id=${eventId}`,
  );
  expect(postback.status(), await postback.text()).toBe(200);
  const { conversionId } = (await postback.json()) as { status: string; conversionId: number };

  // ---- the conversion exists, approved and priced by the payment rule
  const conversion = await first<{ id: number; status: number; payout: string; revenue: string; currency: string; leadId: number }>(
    'GET',
    `/conversions?search=${conversionId}`,
  );
  expect(conversion).toMatchObject({ id: conversionId, leadId: lead.id, status: 3 });
  expect(Number(conversion.payout)).toBe(30);
  expect(Number(conversion.revenue)).toBe(50);

  // ---- the affiliate's receiver gets the outbound postback with the macros filled (delivered by a queued job)
  await expect.poll(() => receiver.calls.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(receiver.calls).toHaveLength(1);
  const sent = new URL(receiver.calls[0].url, receiver.base);
  expect(sent.pathname).toBe('/pb');
  expect(Object.fromEntries(sent.searchParams)).toMatchObject({
    click: clickId,
    lead: String(lead.id),
    sub1: `fb${run}`,
    currency: 'USD',
    status: 'approved',
    goal: 'Deposit',
    event: 'conversion_approved',
  });
  expect(Number(sent.searchParams.get('payout'))).toBe(30);

  // ---- and logged as an affiliate postback
  const logs = await ok<Items<{ id: number; success: boolean; responseStatus: number | null; conversionId: number | null }>>(
    'GET',
    `/postback-logs/affiliates?leadId=${lead.id}`,
  );
  expect(logs.data.items).toHaveLength(1);
  expect(logs.data.items[0]).toMatchObject({ success: true, responseStatus: 200, conversionId });

  // ---- in the browser: the conversion on /conversions and the delivery on /postback-logs/affiliates
  await page.goto(`/conversions?search=${conversionId}`);
  const row = page.locator(`tr[data-row-key="${conversionId}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Approved');
  await expect(row).toContainText(`Loans PL ${run}`);
  await expect(row).toContainText('30.00 USD');
  await page.screenshot({ path: 'artifacts/traffic-conversion.png', fullPage: true });

  await page.goto(`/postback-logs/affiliates?leadId=${lead.id}`);
  const logRow = page.locator(`tr[data-row-key="${logs.data.items[0].id}"]`);
  await expect(logRow).toBeVisible();
  await expect(logRow).toContainText('Conversion approved');
  await expect(logRow).toContainText('Success');
  await expect(logRow).toContainText('200');
  await page.screenshot({ path: 'artifacts/traffic-postback-log.png', fullPage: true });
});
