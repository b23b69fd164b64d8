/**
 * Issue 17 "Done when", end to end: an affiliate earns an approved conversion through the real traffic path (an
 * advertiser integration on a local HTTP server, a click, a lead through the affiliate's API, the advertiser's
 * postback); the admin opens /finance and the affiliate's balance (the payout in the approved figure), creates its
 * invoice by sum, downloads the PDF, marks it paid with a transaction reference; the affiliate sees the invoice paid on
 * /billing, its paid figure, and the invoice page without the private notes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { api, signIn } from './helpers';

interface Items<T> {
  data: { items: T[] };
}

const VISITOR_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const run = Date.now().toString(36);
const ADVERTISER_LEAD_ID = `FIN-${run}`;
const AFFILIATE = { email: `finance.${run}@e2e.local`, password: 'affiliate-pass' };

/** the advertiser: its lander and a lead API that accepts every lead with the same id */
let server: Server;
let base = '';
test.beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/lander')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><title>Lander</title><h1 data-testid="lander">Lander</h1>');
      } else if (req.method === 'POST' && req.url === '/leads') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, id: ADVERTISER_LEAD_ID }));
      } else {
        res.writeHead(404);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
});

test('an approved conversion → the admin invoices the affiliate by sum, downloads the PDF, marks it paid → the affiliate sees it paid on /billing', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  const ok = async <T>(method: string, path: string, body?: unknown) => {
    const res = await api<T>(page, method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const first = async <T>(method: string, path: string, body?: unknown) => (await ok<Items<T>>(method, path, body)).data.items[0];

  // ---- the sell side and the offer (as traffic.spec.ts builds them), paying 30 USD for an approved deposit
  const vertical = await first<{ id: number }>('PUT', '/verticals', { items: [{ title: `Finance ${run}` }] });
  const { goals } = await first<{ goals: { id: number; title: string }[] }>('POST', `/verticals/${vertical.id}/edit_goals`, {
    data: [{ title: 'Deposit' }],
  });
  const platform = await first<{ id: number }>('PUT', '/platforms', {
    items: [{ title: `Platform F ${run}`, methods: ['api', 'postback'] }],
  });
  const template = await first<{ id: number }>('PUT', '/integration-templates', {
    items: [{ title: `Template F ${run}`, platformId: platform.id, verticalId: vertical.id }],
  });
  const adv = await first<{ id: number }>('PUT', '/advertisers', {
    items: [{ title: `Payer ${run}`, platformId: platform.id, verticalId: vertical.id }],
  });
  const integration = await first<{ id: number; postbackKey: string }>('PUT', '/integrations', {
    items: [{ advertiserId: adv.id, templateId: template.id, outApiEnabled: true, postbackEnabled: true }],
  });
  await ok('POST', `/integrations/${integration.id}/edit_out_api_mappings`, {
    data: {
      method: 'POST',
      url: `${base}/leads`,
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
  const offer = await first<{ id: number }>('PUT', '/offers', {
    items: [{ title: `Finance offer ${run}`, verticalId: vertical.id, status: 'active', accessType: 1, integrationMethod: 'api' }],
  });
  await ok('PUT', '/offer-advertisers', { items: [{ offerId: offer.id, integrationId: integration.id }] });
  await ok('PUT', '/landers', { items: [{ offerId: offer.id, title: `Form F ${run}`, targetUrl: `${base}/lander?cid={click_id}` }] });
  await ok('PUT', '/payment-rules', {
    items: [
      {
        offerId: offer.id,
        title: 'Deposit',
        goalId: goals[0].id,
        revenueValue: '50',
        revenueCurrency: 'USD',
        payoutValue: '30',
        payoutCurrency: 'USD',
      },
    ],
  });

  // ---- the affiliate: a click on its campaign, a lead through its API, the advertiser's postback approves it
  const affiliate = await first<{ id: number }>('PUT', '/affiliates', {
    items: [{ ...AFFILIATE, firstName: 'Fay', lastName: `Finance${run}` }],
  });
  const { apiToken } = (await ok<{ data: { apiToken: string } }>('POST', `/users/${affiliate.id}/regenerate-api-token`)).data;
  const campaign = await first<{ trackingUrl: string }>('PUT', '/campaigns', {
    items: [{ title: `Finance ${run}`, affiliateId: affiliate.id, offerId: offer.id }],
  });
  const visitor = await browser.newContext({ userAgent: VISITOR_UA });
  const tab = await visitor.newPage();
  await tab.goto(campaign.trackingUrl.replace(/[?&]sub\d=\{sub\d\}/g, ''));
  await expect(tab.getByTestId('lander')).toBeVisible();
  const clickId = new URL(tab.url()).searchParams.get('cid') ?? '';
  await visitor.close();
  const lead = await page.request.post('/api/v1/leads', {
    headers: { 'x-api-key': apiToken },
    data: { clickId, firstName: 'Fin', phone: `+48602${String(Date.now()).slice(-6)}`, country: 'PL' },
  });
  expect(lead.status(), await lead.text()).toBe(200);
  const postback = await page.request.get(
    `/postback/${integration.postbackKey}?lead_id=${ADVERTISER_LEAD_ID}&status=deposit&goal=Deposit&event_id=E-${run}`,
  );
  expect(postback.status(), await postback.text()).toBe(200);

  // ---- the admin: /finance, then the affiliate's balance with the payout approved
  await page.goto('/finance');
  // a busy machine may take a while to load a screen's code the first time
  const SLOW = { timeout: 30_000 };
  await expect(page.getByRole('heading', { name: 'Finance' })).toBeVisible(SLOW);
  await expect(page.getByTestId('finance-months-table')).toBeVisible(SLOW);
  await page.screenshot({ path: 'artifacts/finance-overview.png', fullPage: true });

  await page.goto(`/affiliate-billing/balances/${affiliate.id}`);
  await expect(page.getByTestId('figure-approved')).toContainText('30.00 USD', SLOW);
  await page.screenshot({ path: 'artifacts/finance-balance.png', fullPage: true });

  // ---- creates its invoice by sum (with a private note the affiliate must never see)
  await page.getByTestId('balance-create-invoice').click();
  await page.getByTestId('invoice-create-mode').getByText('By sum').click();
  await page.getByTestId('invoice-create-amount').fill('30');
  await page.getByTestId('invoice-create-form').locator('textarea').nth(1).fill(`Staff only ${run}`);
  await page.getByTestId('invoice-create-submit').click();
  await expect(page).toHaveURL(/\/affiliate-billing\/invoices\/\d+$/, SLOW);
  const invoiceId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByTestId('invoice-amount')).toHaveText('30.00 USD', SLOW);
  await expect(page.getByTestId('invoice-conversions').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.getByTestId('invoice-private-notes')).toHaveText(`Staff only ${run}`);

  // ---- downloads the PDF
  const download = page.waitForEvent('download');
  await page.getByTestId(`invoice-pdf-${invoiceId}`).click();
  const file = await (await download).path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  // ---- marks it paid with the transaction reference
  await page.getByTestId('invoice-mark-paid').click();
  await page.getByTestId('invoice-pay-reference').fill(`TX-${run}`);
  await page.getByTestId('invoice-pay-submit').click();
  await expect(page.getByTestId('invoice-status').first()).toContainText('Paid', SLOW);
  await expect(page.getByTestId('invoice-summary')).toContainText(`TX-${run}`);
  await page.screenshot({ path: 'artifacts/finance-invoice-paid.png', fullPage: true });

  // ---- the affiliate sees it paid on /billing, and the invoice without the private notes
  const affiliateContext = await browser.newContext();
  const own = await affiliateContext.newPage();
  await signIn(own, AFFILIATE.email, AFFILIATE.password);
  await own.goto('/billing');
  await expect(own.getByTestId('figure-paid')).toContainText('30.00 USD', SLOW);
  const row = own.locator(`tr[data-row-key="${invoiceId}"]`);
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('30.00 USD');
  await own.screenshot({ path: 'artifacts/finance-billing.png', fullPage: true });
  await own.getByTestId(`billing-invoice-${invoiceId}`).click();
  await expect(own.getByTestId('invoice-amount')).toHaveText('30.00 USD', SLOW);
  await expect(own.getByText(`Staff only ${run}`)).toHaveCount(0);
  await expect(own.getByTestId('invoice-private-notes')).toHaveCount(0);
  await affiliateContext.close();
});
