/**
 * The demo data works on every tab (issue 19 "Onboarding without traps"): a second server started with DEMO=1 (the
 * `npm run demo` data, apps/server/src/db/seed/demo.ts) on E2E_DEMO_PORT (default E2E_PORT + 1000, clear of the
 * neighbouring ports other runs use); the admin opens every tab of every demo
 * offer, advertiser, affiliate and campaign. Any error page ("An error occurred", the server-error page), any 5xx
 * answer and any console error fails the walk, naming the page and tab.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, signIn, startDemoServer } from './helpers';

const PORT = Number(process.env.E2E_DEMO_PORT ?? Number(process.env.E2E_PORT ?? 3111) + 1000);
const BASE = `http://127.0.0.1:${PORT}`;
let stopServer: (() => void) | undefined;

test.use({ baseURL: BASE });
test.setTimeout(600_000);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stopServer = await startDemoServer(PORT);
});

test.afterAll(() => stopServer?.());

interface Items {
  data: { items: { id: number }[] };
}

/** problems seen on the page since the last call (5xx answers, console errors, uncaught exceptions) */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return () => problems.splice(0);
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
}

async function expectHealthy(page: Page, where: string, take: () => string[]) {
  await settle(page);
  await expect(page.getByText('An error occurred', { exact: false }), where).toHaveCount(0);
  await expect(page.getByText(/Server error|Internal server error/i), where).toHaveCount(0);
  expect(take(), where).toEqual([]);
}

test('every tab of every demo offer, advertiser, affiliate and campaign opens without an error', async ({ page }) => {
  const take = watch(page);
  // the first load of the built app on a busy machine can take longer than the default 10 s
  await signIn(page, undefined, undefined, 60_000);
  const ids = async (path: string) => ((await api<Items>(page, 'GET', `${path}?limit=100`)).body.data.items ?? []).map((x) => x.id);
  const pages: { base: string; ids: number[] }[] = [
    { base: '/offers', ids: await ids('/offers') },
    { base: '/advertisers', ids: await ids('/advertisers') },
    { base: '/affiliates/members', ids: await ids('/affiliates') },
    { base: '/campaigns', ids: await ids('/campaigns') },
  ];
  // the demo has 3 offers, 2 advertisers, 3 affiliates and 3 campaigns: an empty list would walk nothing
  for (const p of pages) expect(p.ids.length, p.base).toBeGreaterThan(0);
  take();

  for (const p of pages) {
    for (const id of p.ids) {
      const url = `${p.base}/${id}`;
      await page.goto(url);
      await expectHealthy(page, url, take);
      const tabs = page.locator('.ant-tabs-nav-list > .ant-tabs-tab:not(.ant-tabs-tab-disabled)');
      const n = await tabs.count();
      for (let i = 0; i < n; i++) {
        const label = ((await tabs.nth(i).textContent()) ?? '').trim();
        await tabs.nth(i).click();
        await expectHealthy(page, `${url} tab "${label}"`, take);
      }
    }
  }
});
