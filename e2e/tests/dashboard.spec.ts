/**
 * Dashboard end to end (issue 18 "Done when"): the admin lands on `/`, sees the KPI card of the period's clicks equal
 * to the statistics' total after real clicks on a campaign link; adds a line chart, drags it to the top, removes a
 * KPI card; after a reload the chart is still there at its new place and the card is still gone.
 */
import { expect, test } from '@playwright/test';
import { api, signIn } from './helpers';

interface Items<T> {
  data: { items: T[] };
}
interface DashboardAnswer {
  data: { widgets: { id: number; type: string; order: number; settings: { metrics: string[]; position: { x: number; y: number } } }[] };
}

const screenExpect = expect.configure({ timeout: 30_000 });
const VISITOR_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const run = Date.now().toString(36);

test('the admin lands on the dashboard, sees real figures, adds, moves and removes widgets, and the change survives a reload', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  await expect(page).toHaveURL(/\/$/);
  const ok = async <T>(method: string, path: string, body?: unknown) => {
    const res = await api<T>(page, method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const first = async <T>(method: string, path: string, body?: unknown) => (await ok<Items<T>>(method, path, body)).data.items[0];

  // ---- three clicks on a campaign link
  const vertical = await first<{ id: number }>('PUT', '/verticals', { items: [{ title: `Dash ${run}` }] });
  const offer = await first<{ id: number }>('PUT', '/offers', {
    items: [{ title: `Dash offer ${run}`, verticalId: vertical.id, status: 'active', accessType: 1, integrationMethod: 'api' }],
  });
  await ok('PUT', '/landers', {
    items: [{ offerId: offer.id, title: `Form ${run}`, targetUrl: 'http://127.0.0.1:9/lander?cid={click_id}' }],
  });
  const affiliate = await first<{ id: number }>('PUT', '/affiliates', {
    items: [{ email: `dash.${run}@e2e.local`, password: 'affiliate-pass', firstName: 'Dana', lastName: `Dash${run}` }],
  });
  const campaign = await first<{ trackingUrl: string }>('PUT', '/campaigns', {
    items: [{ title: `Dash campaign ${run}`, affiliateId: affiliate.id, offerId: offer.id }],
  });
  const link = campaign.trackingUrl.replace(/[?&]sub\d=\{sub\d\}/g, '');
  for (let i = 0; i < 3; i++)
    expect((await page.request.get(link, { maxRedirects: 0, headers: { 'user-agent': VISITOR_UA } })).status()).toBe(302);
  const offerClicks = async () =>
    (await ok<{ data: { meta: { totals: { clicks: number } } } }>('GET', `/statistics?offerId=${offer.id}`)).data.meta.totals.clicks;
  await expect.poll(offerClicks, { timeout: 30_000 }).toBe(3);

  // ---- the dashboard's clicks card shows the statistics' total of the same period
  const dashboard = async () => (await ok<DashboardAnswer>('GET', '/dashboard')).data;
  const before = await dashboard();
  const clicksCard = before.widgets.find((w) => w.type === 'kpi' && w.settings.metrics[0] === 'clicks')!;
  const figures = (await ok<{ data: { value: number } }>('GET', `/statistics/dashboard?widgetId=${clicksCard.id}`)).data;
  await page.reload();
  const card = page.locator(`[data-widget-id="${clicksCard.id}"]`);
  expect(figures.value).toBeGreaterThanOrEqual(3);
  await screenExpect(card.getByTestId('kpi-value')).toHaveText(figures.value.toLocaleString('en-US'));
  await screenExpect(page.locator('[data-testid=widget-funnel] [data-testid=funnel-steps]')).toBeVisible();
  await screenExpect(page.locator('[data-testid=widget-line] canvas').first()).toBeVisible();

  // ---- add a line chart of leads
  const lines = await page.getByTestId('widget-line').count();
  await page.getByTestId('dashboard-add').click();
  await page.getByTestId('widget-form').getByText('Line chart', { exact: true }).click();
  // antd's Select is a virtual list: its accessible listbox holds only the active option, so pick the visible item;
  // a click while the list still opens may be lost, so it is picked again until the choice shows
  const metrics = page.getByTestId('widget-metrics');
  const chosen = metrics.locator('.ant-select-selection-item[title="Leads"]');
  await expect(async () => {
    if (await chosen.count()) return;
    await metrics.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Leads"]').click({ timeout: 3_000 });
    await expect(chosen).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await page.getByTestId('widget-save').click();
  await screenExpect(page.getByTestId('widget-line')).toHaveCount(lines + 1);
  const added = (await dashboard()).widgets.find((w) => !before.widgets.some((b) => b.id === w.id))!;
  expect(added).toMatchObject({ type: 'line', settings: { metrics: ['leads'] } });
  expect(added.settings.position.y).toBeGreaterThan(10);

  // ---- drag it by its title to the top of the grid (again if a drag began while the grid still laid out the new
  // widget and was lost: the layout is saved only by a drag that moved something)
  const handle = page.locator(`[data-widget-id="${added.id}"] [data-testid=widget-drag]`);
  await expect(async () => {
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    const grid = (await page.getByTestId('dashboard-grid').boundingBox())!;
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/dashboard') && r.request().method() === 'PATCH', {
      timeout: 5_000,
    });
    await page.mouse.move(from.x + 20, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y - 40, { steps: 5 });
    await page.mouse.move(grid.x + 40, grid.y + 10, { steps: 20 });
    await page.mouse.up();
    expect((await saved).status()).toBe(200);
  }).toPass({ timeout: 60_000 });
  const moved = (await dashboard()).widgets.find((w) => w.id === added.id)!;
  expect(moved.settings.position.y).toBeLessThan(added.settings.position.y);

  // ---- remove the clicks card
  await card.getByTestId('widget-remove').click();
  // the confirmation's own button (every widget's icon button is also named "Remove")
  await page
    .locator('.ant-popconfirm')
    .filter({ hasText: 'Remove this widget?' })
    .getByRole('button', { name: 'Remove', exact: true })
    .click();
  await screenExpect(card).toHaveCount(0);

  // ---- the changes survived a reload
  await page.reload();
  await screenExpect(page.getByTestId('widget-line')).toHaveCount(lines + 1);
  await expect(page.locator(`[data-widget-id="${clicksCard.id}"]`)).toHaveCount(0);
  await expect(page.locator(`[data-widget-id="${added.id}"]`)).toBeVisible();
  const after = (await dashboard()).widgets.find((w) => w.id === added.id)!;
  expect(after.settings.position).toEqual(moved.settings.position);
  expect((await dashboard()).widgets.some((w) => w.id === clicksCard.id)).toBe(false);
});
