/**
 * Table render bench (issue 20): how long after the API's answer a list page shows its rows, for 25 and 100 rows.
 *   npm run demo                                   (or any server with the demo data; PORT 3000 by default)
 *   BASE_URL=http://127.0.0.1:3000 npx tsx bench/table-render.ts [--runs 5] [--pages /leads,/conversions]
 * Headless Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH) signs in as ADMIN_EMAIL / ADMIN_PASSWORD and
 * opens each list page `runs` times with `?limit=25` and `?limit=100`. The app marks the moment it has read a GET
 * answer (`lg:api:<path>`, api/client.ts) and the moment the shared list table committed its rows
 * (`lg:rows:<table>`) and the next frame after it (`lg:rows-painted:<table>`, components/table/DataTable.tsx); the
 * figure is painted − answer of the page's list endpoint, median and worst of the runs. Figures for
 * bench/RESULTS.md, not a test: nothing here passes or fails.
 */
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';

const { values } = parseArgs({ options: { runs: { type: 'string' }, pages: { type: 'string' } } });
const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const RUNS = Number(values.runs ?? 5);
const EMAIL = process.env.ADMIN_EMAIL ?? 'admin@leadgrid.local';
const PASSWORD = process.env.ADMIN_PASSWORD ?? 'admin';

/** the list pages (staff view) and the API path of their list call */
const PAGES: { path: string; api: string }[] = [
  { path: '/leads', api: '/leads' },
  { path: '/conversions', api: '/conversions' },
  // a tab of clicks or postback logs is its own list path (features/engine/clicks/api.ts, postback-logs/api.ts)
  { path: '/clicks/valid', api: '/clicks/valid' },
  { path: '/postback-logs/affiliates', api: '/postback-logs/affiliates' },
  { path: '/offers/all', api: '/offers' },
  { path: '/affiliates/members/all', api: '/affiliates' },
  { path: '/campaigns/all', api: '/campaigns' },
  { path: '/advertisers/all', api: '/advertisers' },
];

interface Sample {
  rows: number;
  committed: number;
  painted: number;
}

async function measure(page: Page, path: string, api: string, limit: number): Promise<Sample | null> {
  await page.goto(`${BASE_URL}${path}${path.includes('?') ? '&' : '?'}limit=${limit}`);
  const handle = await page.waitForFunction(
    (apiPath) => {
      const marks = performance.getEntriesByType('mark') as PerformanceMark[];
      const painted = marks.filter((m) => m.name.startsWith('lg:rows-painted:'));
      const answer = marks.filter((m) => m.name === `lg:api:${apiPath}`).at(-1);
      const last = painted.at(-1);
      if (!answer || !last || last.startTime < answer.startTime) return null;
      const committed = marks.filter((m) => m.name === last.name.replace('rows-painted', 'rows')).at(-1);
      return {
        rows: (last.detail as { rows: number }).rows,
        committed: (committed?.startTime ?? last.startTime) - answer.startTime,
        painted: last.startTime - answer.startTime,
      };
    },
    api,
    { timeout: 30_000, polling: 50 },
  );
  return (await handle.jsonValue()) as Sample | null;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${BASE_URL}/login`);
  await page.locator('input#email').fill(EMAIL);
  await page.locator('input#password').fill(PASSWORD);
  await page.locator('[data-testid=login-form] button[type=submit]').click();
  await page.getByTestId('sidebar').waitFor();
  const only = values.pages?.split(',');
  console.log(`table render after the API answer, ${RUNS} runs each, median / worst (ms): ${BASE_URL}\n`);
  console.log('| page | rows | committed | painted (median) | painted (worst) |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const { path, api } of PAGES.filter((p) => !only || only.includes(p.path))) {
    for (const limit of [25, 100]) {
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++) {
        const s = await measure(page, path, api, limit).catch(() => null);
        if (s) samples.push(s);
      }
      if (!samples.length) {
        console.log(`| ${path} | ${limit} | — | no rows mark | — |`);
        continue;
      }
      const f = (n: number) => n.toFixed(0);
      console.log(
        `| ${path}?limit=${limit} | ${samples[0].rows} | ${f(median(samples.map((s) => s.committed)))} | ${f(median(samples.map((s) => s.painted)))} | ${f(Math.max(...samples.map((s) => s.painted)))} |`,
      );
    }
  }
  await browser.close();
}

await main();
