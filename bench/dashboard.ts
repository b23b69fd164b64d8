/// <reference lib="dom" />
/**
 * Dashboard first paint (issue 18; outside CI): `npm run build -w @leadgrid/web && npx tsx bench/dashboard.ts [--runs 10]`
 * starts the app with the demo data (DEMO=1, embedded PGlite unless DATABASE_URL is set) on BENCH_PORT (3910), signs
 * the admin in with headless Chromium (/usr/bin/chromium), gives them a dashboard of six widgets (four KPI cards, the
 * line chart, a top-5 table), then loads `/` `runs` times and reads, from the browser's own clock (`performance.now()`
 * since navigation start, and the `first-contentful-paint` entry), the moment every widget shows its figures and the
 * chart's canvas is drawn. Prints p50 / p95 / max; the target is < 1 s (bench/RESULTS.md). `--shots <dir>` also
 * writes screenshots of the dashboard in the light and the dark theme there, in English and in Russian.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const { values } = parseArgs({
  options: { runs: { type: 'string' }, shots: { type: 'string' }, timings: { type: 'boolean' }, profile: { type: 'boolean' } },
});
const runs = Number(values.runs ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3910);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'admin@bench.local', password: 'bench-admin-pass' };
const at = (x: number, y: number, w: number, h: number) => ({ position: { x, y }, size: { w, h } });
const SIX = [
  { type: 'kpi', settings: { metrics: ['clicks'], ...at(0, 0, 3, 3) } },
  { type: 'kpi', settings: { metrics: ['leads'], ...at(3, 0, 3, 3) } },
  { type: 'kpi', settings: { metrics: ['conversions'], ...at(6, 0, 3, 3) } },
  { type: 'kpi', settings: { metrics: ['profit'], ...at(9, 0, 3, 3) } },
  { type: 'line', settings: { metrics: ['clicks', 'leads', 'conversions'], ...at(0, 3, 8, 8) } },
  { type: 'top', settings: { metrics: ['clicks'], groupBy: 'offer', limit: 5, ...at(8, 3, 4, 8) } },
];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

async function waitUp(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${BASE}/api/v1/public/api-settings`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the app did not start');
}

async function main() {
  const app = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'leadgrid-bench-dash-')),
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      DEMO: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    // its own process group: stopping npx alone would leave the server holding the port
    detached: true,
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    await waitUp(300_000);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${BASE}/login`);
    await page.locator('input#email').fill(ADMIN.email);
    await page.locator('input#password').fill(ADMIN.password);
    await page.locator('[data-testid=login-form] button[type=submit]').click();
    await page
      .getByTestId('sidebar')
      .waitFor({ timeout: 120_000 })
      .catch(async (err: unknown) => {
        if (values.shots) await page.screenshot({ path: join(values.shots, 'sign-in-failed.png') });
        throw err;
      });
    const token = (await page.context().cookies()).find((c) => c.name === 'lg_token')?.value;
    const put = await page.request.put(`${BASE}/api/v1/dashboard`, {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      data: JSON.stringify({ widgets: SIX }),
    });
    if (!put.ok()) throw new Error(`PUT /dashboard: ${put.status()} ${await put.text()}`);
    const totals = (await (
      await page.request.get(`${BASE}/api/v1/statistics?groupBy=day&limit=1`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      data: { meta: { totals: Record<string, unknown> } };
    };

    const ready: number[] = [];
    const fcp: number[] = [];
    // one warm-up load (the server's first statistics reads, the browser's cache of the shell), then the measured ones
    const cdp = values.profile ? await page.context().newCDPSession(page) : null;
    for (let i = 0; i <= runs; i++) {
      if (cdp && i === runs) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await page.goto(`${BASE}/`, { waitUntil: 'commit' });
      const at = await page.waitForFunction(
        () => {
          const widgets = Array.from(document.querySelectorAll('[data-widget-id]'));
          const chart = document.querySelector('[data-testid=widget-line] canvas');
          if (widgets.length !== 6 || !chart || widgets.some((w) => w.getAttribute('data-loaded') !== 'true')) return false;
          performance.mark('dashboard:figures');
          return performance.now();
        },
        undefined,
        { polling: 'raf', timeout: 60_000 },
      );
      const ms = (await at.jsonValue()) as number;
      const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
      if (i > 0) {
        ready.push(ms);
        fcp.push(paint);
      }
      if (cdp && i === runs) {
        // the main thread's time of the last load by script (self time of the sampled functions), the largest first
        const { profile } = await cdp.send('Profiler.stop');
        const byUrl = new Map<string, number>();
        const dt = profile.timeDeltas ?? [];
        const selfOf = new Map<number, number>();
        (profile.samples ?? []).forEach((id, k) => selfOf.set(id, (selfOf.get(id) ?? 0) + (dt[k] ?? 0) / 1000));
        for (const n of profile.nodes) {
          const url = n.callFrame.url.replace(BASE, '') || `(${n.callFrame.functionName || 'native'})`;
          byUrl.set(url, (byUrl.get(url) ?? 0) + (selfOf.get(n.id) ?? 0));
        }
        for (const [url, ms] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 15))
          console.log(`  ${String(Math.round(ms)).padStart(6)} ms  ${url}`);
      }
      if (values.timings && i === runs) {
        // where the time of the last load went: each request's start and end since navigation start
        const entries = await page.evaluate(() =>
          performance.getEntriesByType('resource').map((e) => ({
            name: e.name.replace(location.origin, ''),
            start: Math.round(e.startTime),
            end: Math.round((e as PerformanceResourceTiming).responseEnd),
          })),
        );
        for (const e of entries) console.log(`  ${String(e.start).padStart(5)} → ${String(e.end).padStart(5)} ms  ${e.name.slice(0, 110)}`);
        console.log(`  ${String(Math.round(ms)).padStart(13)} ms  every widget shows its figures`);
      }
    }
    if (values.shots) {
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(values.shots, 'dashboard-light.png'), fullPage: true });
      await page.evaluate(() => localStorage.setItem('lg_theme', 'dark'));
      await page.reload();
      await page.waitForSelector('[data-testid=widget-line] canvas');
      await page.waitForTimeout(2500);
      await page.screenshot({ path: join(values.shots, 'dashboard-dark.png'), fullPage: true });
      // and in Russian (the language cookie of the web app's i18n), both themes
      await page.context().addCookies([{ name: 'i18n_redirected', value: 'ru', url: BASE }]);
      for (const theme of ['dark', 'light']) {
        await page.evaluate((t) => localStorage.setItem('lg_theme', t), theme);
        await page.reload();
        await page.waitForSelector('[data-testid=widget-line] canvas');
        await page.waitForTimeout(2500);
        await page.screenshot({ path: join(values.shots, `dashboard-ru-${theme}.png`), fullPage: true });
      }
      await page.context().addCookies([{ name: 'i18n_redirected', value: 'en', url: BASE }]);
    }
    const fmt = (xs: number[]) =>
      `p50 ${Math.round(pct(xs, 50))} ms, p95 ${Math.round(pct(xs, 95))} ms, max ${Math.round(Math.max(...xs))} ms`;
    console.log(`demo data: today's totals ${JSON.stringify(totals.data.meta.totals).slice(0, 200)}`);
    console.log(`first contentful paint (${runs} loads): ${fmt(fcp)}`);
    console.log(
      `six widgets with their figures (${runs} loads): ${fmt(ready)} — target < 1000 ms: ${pct(ready, 95) < 1000 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await browser.close();
    process.kill(-app.pid!, 'SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
