/**
 * The sell side end to end: a vertical with a goal and an inbound rule, a platform, an integration template, an
 * advertiser with an integration made from the template; its status mapping edited, its outbound URL pointed at a
 * local advertiser API started here, and a test lead sent from the screen: the request and the response are shown.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { api, signIn } from './helpers';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** An advertiser API that accepts every lead with an id and an autologin URL. */
function advertiserApi(received: Received[]): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(201, { 'content-type': 'application/json', 'x-partner': 'e2e' });
      res.end(JSON.stringify({ status: 'ok', data: { id: 'ADV-777', login: 'https://brand.example.com/a/777' } }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Picks an option of an antd Select found by its test id, typing to narrow the list first. */
async function pick(
  page: Page,
  testId: string,
  option: string | RegExp,
  scope = page.locator('body'),
  typed = typeof option === 'string' ? option : '',
) {
  await scope.getByTestId(testId).click();
  if (typed) await page.keyboard.type(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

/** five screens on a machine shared with other work: each screen gets time to arrive */
const expect = baseExpect.configure({ timeout: 45_000 });

const idIn = (url: string, re: RegExp) => Number(re.exec(url)?.[1]);

test('an operator configures an advertiser’s API end to end and sends a test lead', async ({ page }) => {
  // five screens and many form fields: room for a slow machine
  test.setTimeout(600_000);
  const received: Received[] = [];
  const partner = await advertiserApi(received);
  const port = (partner.address() as AddressInfo).port;
  const run = Date.now().toString(36);
  try {
    await signIn(page);

    // a vertical with a goal and an inbound rule
    await page.goto('/settings/verticals/active');
    await page.getByTestId('vertical-create').click();
    await page.getByTestId('vertical-title').fill(`Finance ${run}`);
    await page.getByTestId('vertical-save').click();
    await expect(page).toHaveURL(/\/settings\/verticals\/\d+\/general$/);
    const verticalId = idIn(page.url(), /verticals\/(\d+)/);
    await page.goto(`/settings/verticals/${verticalId}/goals`);
    await page.getByTestId('goal-add').click();
    await page.getByTestId('goal-title').last().fill('First deposit');
    await page.getByTestId('section-save').click();
    await expect(page.getByText('Vertical saved').first()).toBeVisible();
    await page.goto(`/settings/verticals/${verticalId}/inbound-rules`);
    await page.getByTestId('rule-add').click();
    await pick(page, 'rule-values-countries', /^US · /, page.getByTestId('rule-row').last(), 'United States');
    await page.keyboard.press('Escape');
    await page.getByTestId('section-save').click();
    await expect(page.getByText('Vertical saved').first()).toBeVisible();
    const vertical = await api<{ data: { items: { goals: { title: string }[]; inboundRules: { type: string; values: string[] }[] }[] } }>(
      page,
      'GET',
      `/verticals/${verticalId}`,
    );
    expect(vertical.body.data.items[0].goals.map((g) => g.title)).toEqual(['First deposit']);
    expect(vertical.body.data.items[0].inboundRules).toEqual([expect.objectContaining({ type: 'allowed_countries', values: ['US'] })]);

    // a platform
    await page.goto('/settings/platforms/active');
    await page.getByTestId('platform-create').click();
    await page.getByTestId('platform-title').fill(`Trackbox ${run}`);
    await page.getByTestId('platform-method-api').check();
    await page.getByTestId('platform-method-postback').check();
    await page.getByTestId('platform-save').click();
    await expect(page).toHaveURL(/\/settings\/platforms\/\d+$/);

    // an integration template for them
    const templateTitle = `Trackbox · Finance ${run}`;
    await page.goto('/settings/integration-templates/active');
    await page.getByTestId('template-create').click();
    await page.getByTestId('template-title').fill(templateTitle);
    await pick(page, 'template-platform', `Trackbox ${run}`);
    await pick(page, 'template-vertical', `Finance ${run}`);
    await page.getByTestId('method-api').check();
    await page.getByTestId('method-postback').check();
    await page.getByTestId('template-save').click();
    await expect(page.getByText('Template created')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/integration-templates\/\d+\/general$/);
    await expect(page.getByTestId('template-detail-title')).toHaveText(templateTitle);

    // an advertiser of that platform and vertical, with an integration made from the template
    const advertiserTitle = `Alpha Brokers ${run}`;
    await page.goto('/advertisers/active');
    // the page's button; an empty list shows a second one in its empty state once the list has answered
    await page.getByTestId('advertiser-create').first().click();
    await page.getByTestId('advertiser-title').fill(advertiserTitle);
    await pick(page, 'advertiser-platform', `Trackbox ${run}`);
    await pick(page, 'advertiser-vertical', `Finance ${run}`);
    await page.getByTestId('advertiser-save').click();
    await expect(page).toHaveURL(/\/advertisers\/\d+\/general$/);
    const advertiserId = idIn(page.url(), /advertisers\/(\d+)/);
    await page.getByTestId('integration-add').click();
    await pick(page, 'integration-template', templateTitle);
    await page.getByTestId('integration-method-api').check();
    await page.getByTestId('integration-create-confirm').click();
    await expect(page.getByText('Integration created')).toBeVisible();
    const made = await api<{ data: { items: { id: number; template: { title: string } }[] } }>(
      page,
      'GET',
      `/integrations?advertiserId=${advertiserId}`,
    );
    expect(made.body.data.items.map((x) => x.template.title)).toEqual([templateTitle]);
    const integrationId = made.body.data.items[0].id;

    // its status mapping: two advertiser statuses
    await page.goto(`/advertisers/${advertiserId}/status-mapping?integration=${integrationId}`);
    // the section form starts again from the record whenever a refetch changes it: type only once the reads are over
    await page.waitForLoadState('networkidle');
    const mapping = page.getByTestId('section-status-mapping');
    await expect(mapping.getByText('No statuses mapped yet')).toBeVisible();
    await mapping.getByTestId('mapping-add').click();
    await mapping.getByTestId('mapping-add').click();
    const rows = [mapping.getByTestId('mapping-row-0'), mapping.getByTestId('mapping-row-1')];
    await rows[0].getByTestId('mapping-advertiser-status').fill('deposited');
    await pick(page, 'mapping-lead-status', 'Sent', rows[0]);
    await pick(page, 'mapping-conversion-status', 'Approved', rows[0]);
    // a duplicate, ignoring case, is refused on its row before anything is sent
    await rows[1].getByTestId('mapping-advertiser-status').fill('Deposited');
    await pick(page, 'mapping-lead-status', 'Trash', rows[1]);
    await pick(page, 'mapping-conversion-status', 'Rejected', rows[1]);
    await mapping.getByTestId('section-save').click();
    await expect(rows[1].getByText('This value is already in use')).toBeVisible();
    await rows[1].getByTestId('mapping-advertiser-status').fill('wrong_number');
    await mapping.getByTestId('section-save').click();
    await expect(page.getByText('Integration saved').first()).toBeVisible();
    await expect(mapping.getByTestId('section-dirty')).toHaveCount(0);
    const saved = await api<{ data: { items: { leadStatusMappings: unknown[] }[] } }>(page, 'GET', `/integrations/${integrationId}`);
    expect(saved.body.data.items[0].leadStatusMappings).toEqual([
      { advertiserStatus: 'deposited', leadStatus: 'sent', conversionStatus: 3, leadGrade: null },
      { advertiserStatus: 'wrong_number', leadStatus: 'trash', conversionStatus: 4, leadGrade: null },
    ]);

    // the outbound API: the local advertiser server, two mapped fields, where the answer keeps the id and the login
    await page.goto(`/advertisers/${advertiserId}/outbound-settings?integration=${integrationId}`);
    await page.waitForLoadState('networkidle');
    const out = page.getByTestId('section-out-api');
    await out.getByTestId('out-url').fill(`http://127.0.0.1:${port}/leads`);
    await out.getByTestId('field-mapping-add').click();
    const first = out.getByTestId('field-mapping-row-0');
    await first.getByTestId('mapping-target').fill('email');
    await pick(page, 'mapping-value', 'E-mail', first);
    await out.getByTestId('field-mapping-add').click();
    const second = out.getByTestId('field-mapping-row-1');
    await second.getByTestId('mapping-target').fill('first_name');
    await pick(page, 'mapping-value', 'First name', second);
    await out.getByTestId('out-lead-id-path').fill('data.id');
    await out.getByTestId('out-redirect-path').fill('data.login');
    await out.getByTestId('section-save').click();
    await expect(page.getByText('Integration saved').first()).toBeVisible();
    await expect(out.getByTestId('section-dirty')).toHaveCount(0);

    // send a test lead and read the exchange on the screen
    const testSend = page.getByTestId('test-send');
    await expect(testSend.getByTestId('test-lead-email')).toHaveValue('test.lead@example.com');
    await testSend.getByTestId('test-lead-firstName').fill('Ada');
    await testSend.getByTestId('test-send-submit').click();
    const result = testSend.getByTestId('test-send-result');
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(result.getByText('The advertiser accepted the test lead')).toBeVisible();
    await expect(result.getByTestId('request-method')).toHaveText('POST');
    await expect(result.getByTestId('request-url')).toContainText(`http://127.0.0.1:${port}/leads`);
    await expect(result.getByTestId('request-headers')).toContainText('application/json');
    await expect(result.getByTestId('request-body')).toHaveText(
      JSON.stringify({ email: 'test.lead@example.com', first_name: 'Ada' }, null, 2),
    );
    await expect(result.getByTestId('response-status')).toHaveText('HTTP 201');
    await expect(result.getByTestId('response-time')).toHaveText(/^\d+ ms$/);
    await expect(result.getByTestId('response-headers')).toContainText('x-partner');
    await expect(result.getByTestId('response-body')).toContainText('"id": "ADV-777"');
    await expect(result.getByTestId('result-lead-id')).toHaveText('ADV-777');
    await expect(result.getByTestId('result-redirect-url')).toHaveText('https://brand.example.com/a/777');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'artifacts/advertisers-test-send.png', fullPage: true });

    // the advertiser's server received exactly that request
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/leads' });
    expect(received[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(received[0].body)).toEqual({ email: 'test.lead@example.com', first_name: 'Ada' });
  } finally {
    partner.close();
  }
});
