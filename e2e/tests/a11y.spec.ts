/**
 * Accessibility (issue 20, docs/decisions/web.md "Accessibility check"): axe-core runs on every screen of the route
 * table (apps/web/src/app/routes.tsx) that an admin and an affiliate may open, on the `npm run demo` data (a second
 * server with DEMO=1, so every list has rows and every detail route a real id). WCAG 2.0/2.1 A and AA rules; any
 * serious or critical violation fails the test, listed as rule, page and target. The light theme everywhere; the
 * dark theme on each role's start page, one list, one form and one detail page (contrast).
 *
 * The whole walk of the admin's screens takes about 8 minutes on the 2-core CI machine, so CI checks, for the admin,
 * the auth pages, the start page, a list, a form, a statistics screen and the offer page with every tab (both themes
 * where named below), and the affiliate's every screen; `A11Y_FULL=1` walks every admin screen and detail (outside
 * CI, as the benches: README "Tests").
 *
 * One browser context per role, signed in once. A list route's status siblings (`/offers/active`, `/offers/draft`...)
 * are the same screen with another filter: one of them is checked. Every tab of the detail screens is checked.
 *
 * The same demo server serves the walk in Russian (issue 20, "Language leftovers"): every admin and affiliate screen
 * and detail tab, with the interface in Russian, fails on any visible text that comes from the English bundles
 * (english-texts.ts) — data, names, codes and examples in `code` aside.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { englishTexts } from './english-texts';
import { ADMIN, DEMO_AFFILIATE, signIn, startDemoServer } from './helpers';

const PORT = Number(process.env.E2E_A11Y_PORT ?? Number(process.env.E2E_PORT ?? 3111) + 1002);
const BASE = `http://127.0.0.1:${PORT}`;
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** violations still let through, each one reported in issue 20's hand-over: the rule and the pages it is known on */
const KNOWN: { rule: string; page: RegExp; theme?: 'dark'; what: string }[] = [];
/** `A11Y_STRICT=1` lets nothing through (to see the known findings' targets while fixing them) */
const isKnown = (f: { rule: string; page: string; theme: string }) =>
  process.env.A11Y_STRICT !== '1' && KNOWN.some((k) => k.rule === f.rule && k.page.test(f.page) && (!k.theme || k.theme === f.theme));

let stopServer: (() => void) | undefined;
test.use({ baseURL: BASE });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stopServer = await startDemoServer(PORT);
});
test.afterAll(() => stopServer?.());

/** the auth screens, checked before signing in */
const AUTH = ['/login', '/login/recoveryPassword', '/login/newPassword', '/registration'];

const PROFILE = ['/profile/about', '/profile/loginsHistory', '/profile/notifications', '/profile/security', '/profile/tokens'];

const ADMIN_SCREENS = [
  '/',
  '/statistics',
  '/statistics/leads',
  '/leads',
  '/leads/import',
  '/integration-guide',
  '/offers/all',
  '/advertisers/all',
  '/affiliates/members/all',
  '/affiliates/teams/all',
  '/employees/all',
  '/campaigns/all',
  '/conversions',
  '/clicks/valid',
  '/clicks/invalid',
  '/postback-logs/advertisers',
  '/postback-logs/affiliates',
  '/postbacks/all',
  '/postbacks/new',
  '/metrics/active',
  '/landings-api',
  '/reports',
  '/reports/downloads',
  '/finance',
  '/affiliate-billing/balances',
  '/affiliate-billing/invoices',
  '/advertiser-billing/adv-balances',
  '/advertiser-billing/adv-invoices',
  '/settings/general',
  '/settings/domain-parking',
  '/settings/global-postback',
  '/settings/hold-queue',
  '/settings/notifications',
  '/settings/payment-settings',
  '/settings/roles',
  '/settings/currencies/active',
  '/settings/lists/tags',
  '/settings/lists/categories',
  '/settings/lists/traffic-sources',
  '/settings/payment-methods/active',
  '/settings/verticals/active',
  '/settings/platforms/active',
  '/settings/integration-templates/active',
  '/settings/geos',
  ...PROFILE,
];

/** CI's share of the admin's screens (the whole walk with A11Y_FULL=1) */
const FULL = process.env.A11Y_FULL === '1';
const ADMIN_CI_SCREENS = ['/', '/statistics', '/leads', '/offers/all', '/settings/general', '/postbacks/new'];

const AFFILIATE_SCREENS = [
  '/statistics',
  '/offers/all',
  '/campaigns/all',
  '/clicks/valid',
  '/clicks/invalid',
  '/conversions',
  '/postback-logs/affiliates',
  '/postbacks/all',
  '/postbacks/new',
  '/billing',
  '/settings/global-postback',
  '/settings/payment-methods/active',
  ...PROFILE,
];

/** a detail route: the list its first id is taken from, the detail path's prefix and its tabs */
interface Detail {
  list: string;
  base: string;
  tabs?: string[];
  /** the id is a UUID (clicks) */
  uuid?: boolean;
}

const ADMIN_DETAILS: Detail[] = [
  { list: '/offers/all', base: '/offers', tabs: ['general', 'affiliates', 'caps', 'landings', 'payment-rules', 'targeting'] },
  {
    list: '/advertisers/all',
    base: '/advertisers',
    tabs: ['general', 'goals', 'status-mapping', 'api-params', 'outbound-settings', 'inbound-settings'],
  },
  { list: '/affiliates/members/all', base: '/affiliates/members' },
  { list: '/affiliates/teams/all', base: '/affiliates/teams' },
  { list: '/employees/all', base: '/employees' },
  { list: '/campaigns/all', base: '/campaigns' },
  { list: '/clicks/valid', base: '/clicks', uuid: true },
  { list: '/postback-logs/affiliates', base: '/postback-logs' },
  { list: '/postbacks/all', base: '/postbacks' },
  { list: '/metrics/active', base: '/metrics' },
  { list: '/landings-api', base: '/landings-api' },
  { list: '/affiliate-billing/balances', base: '/affiliate-billing/balances' },
  { list: '/affiliate-billing/invoices', base: '/affiliate-billing/invoices' },
  { list: '/advertiser-billing/adv-balances', base: '/advertiser-billing/adv-balances' },
  { list: '/advertiser-billing/adv-invoices', base: '/advertiser-billing/adv-invoices' },
  { list: '/settings/currencies/active', base: '/settings/currencies' },
  { list: '/settings/lists/tags', base: '/settings/tags' },
  { list: '/settings/lists/categories', base: '/settings/lists' },
  { list: '/settings/lists/traffic-sources', base: '/settings/lists/traffic-sources' },
  { list: '/settings/payment-methods/active', base: '/settings/payment-methods' },
  {
    list: '/settings/verticals/active',
    base: '/settings/verticals',
    tabs: ['general', 'goals', 'inbound-rules', 'lead-parameters', 'lead-categories', 'metrics', 'redirect'],
  },
  { list: '/settings/platforms/active', base: '/settings/platforms' },
  {
    list: '/settings/integration-templates/active',
    base: '/settings/integration-templates',
    tabs: ['general', 'goals', 'status-mapping', 'isp', 'outbound-settings', 'inbound-settings'],
  },
];

const AFFILIATE_DETAILS: Detail[] = [
  { list: '/offers/all', base: '/offers' },
  { list: '/campaigns/all', base: '/campaigns' },
  { list: '/clicks/valid', base: '/clicks', uuid: true },
  { list: '/postback-logs/affiliates', base: '/postback-logs' },
  { list: '/postbacks/all', base: '/postbacks' },
  { list: '/billing', base: '/billing/invoices' },
  { list: '/settings/payment-methods/active', base: '/settings/payment-methods' },
];

interface Finding {
  rule: string;
  impact: string;
  page: string;
  theme: string;
  targets: string[];
  help: string;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.lg-line-loader')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('.ant-skeleton-active')).toHaveCount(0, { timeout: 20_000 });
  // antd's enter animations (fade, slide) end within 0.3 s; contrast read mid-fade would be wrong
  await page.waitForTimeout(350);
}

async function scan(page: Page, path: string, theme: string, findings: Finding[], shot?: string) {
  await page.goto(path);
  await settle(page);
  // the pages checked in both themes are kept as pictures of both (e2e/artifacts/a11y/)
  if (shot) await page.screenshot({ path: `artifacts/a11y/${shot}-${theme}.png`, fullPage: true });
  const result = await new AxeBuilder({ page })
    // only the violations are read, so axe builds no selector for each node that passed (its documented performance
    // option; 3.5 → 2.6 min for the admin's walk). Before `withTags`: `options` replaces the options object
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG)
    // antd's Table (rc-table) adds an aria-hidden, zero-height copy of the header cells to measure column widths when
    // it scrolls sideways; a header's sort or select-all control inside it is never shown nor reached in practice
    // (docs/decisions/web.md "Accessibility check")
    .exclude('.ant-table-measure-row')
    .analyze();
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    findings.push({
      rule: v.id,
      impact: v.impact,
      page: path,
      theme,
      targets: v.nodes.map((n) => `${n.target.join(' ')}${v.id === 'color-contrast' ? '' : `  ${n.html.slice(0, 160)}`}`),
      help: v.help,
    });
  }
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('lg_theme', t), theme);
}

/** the first link on the page to a detail screen under `base` (`base/:id`, with or without a tab) */
async function firstDetail(page: Page, d: Detail): Promise<string | undefined> {
  const id = d.uuid ? '[0-9a-f-]{36}' : '\\d+';
  return page.evaluate(
    ({ base, id }) => {
      const re = new RegExp(`^${base}/${id}(?=/[a-z-]+$|$)`);
      for (const a of Array.from(document.querySelectorAll('a[href]'))) {
        const m = re.exec(new URL((a as HTMLAnchorElement).href).pathname);
        if (m) return m[0];
      }
      return undefined;
    },
    { base: d.base, id },
  );
}

function report(role: string, findings: Finding[], missing: string[]) {
  const failing = findings.filter((f) => !isKnown(f));
  const known = findings.filter(isKnown);
  if (known.length)
    console.log(
      `[a11y] ${role}: known, let through:`,
      known.map((f) => `${f.rule} ${f.page} (${f.theme})`),
    );
  const perRule = new Map<string, number>();
  for (const f of findings) perRule.set(f.rule, (perRule.get(f.rule) ?? 0) + 1);
  console.log(`[a11y] ${role}: ${findings.length} serious/critical findings`, Object.fromEntries(perRule));
  // the demo data has no row for these (no invoices, say): reported, not failed
  if (missing.length) console.log(`[a11y] ${role}: detail routes not reached`, missing);
  const lines = failing.map(
    (f) => `${f.impact} ${f.rule} on ${f.page} (${f.theme}): ${f.help}\n    ${f.targets.slice(0, 5).join('\n    ')}`,
  );
  expect(lines, `${role}: serious or critical axe violations`).toEqual([]);
}

/** screens whose path matches A11Y_ONLY (a regular expression; for a quick look at a few screens) */
const only = (paths: string[]) =>
  process.env.A11Y_ONLY ? paths.filter((p) => new RegExp(process.env.A11Y_ONLY as string).test(p)) : paths;

/** scans every screen; a detail route's first id is read from its list screen (each list is one of the screens) */
async function walk(
  page: Page,
  role: string,
  screens: string[],
  details: Detail[],
  dark: string[],
  findings: Finding[],
  missing: string[],
) {
  const detailPaths: string[] = [];
  const shot = (path: string) => `${role}${path.replace(/\//g, '_')}`;
  for (const path of only(screens)) {
    await scan(page, path, 'light', findings, dark.includes(path) ? shot(path) : undefined);
    for (const d of details.filter((x) => x.list === path)) {
      const first = await firstDetail(page, d);
      if (first) detailPaths.push(first, ...(d.tabs ?? []).slice(1).map((tab) => `${first}/${tab}`));
      else missing.push(`${d.base}/:id (no row link on ${d.list})`);
    }
  }
  for (const path of only(detailPaths)) await scan(page, path, 'light', findings, path === detailPaths[0] ? shot('_detail') : undefined);
  await setTheme(page, 'dark');
  for (const path of only(dark.map((p) => (p === 'detail' ? detailPaths[0] : p)).filter(Boolean))) {
    await scan(page, path, 'dark', findings, shot(path === detailPaths[0] ? '_detail' : path));
  }
  await setTheme(page, 'light');
}

test('an admin’s screens have no serious or critical axe violation, in both themes', async ({ page }) => {
  test.setTimeout(480_000);
  const findings: Finding[] = [];
  const missing: string[] = [];
  await page.goto('/login');
  await settle(page);
  for (const path of AUTH) await scan(page, path, 'light', findings, path === '/login' ? 'login' : undefined);
  await setTheme(page, 'dark');
  await scan(page, '/login', 'dark', findings, 'login');
  await setTheme(page, 'light');

  await signIn(page, ADMIN.email, ADMIN.password, 60_000);
  await walk(
    page,
    'admin',
    FULL ? ADMIN_SCREENS : ADMIN_CI_SCREENS,
    FULL ? ADMIN_DETAILS : ADMIN_DETAILS.filter((d) => d.base === '/offers'),
    ['/', '/offers/all', '/settings/general', 'detail'],
    findings,
    missing,
  );
  report('admin', findings, missing);
});

test('an affiliate’s screens have no serious or critical axe violation, in both themes', async ({ page }) => {
  test.setTimeout(240_000);
  const findings: Finding[] = [];
  const missing: string[] = [];
  await signIn(page, DEMO_AFFILIATE.email, DEMO_AFFILIATE.password, 60_000);
  await walk(
    page,
    'affiliate',
    AFFILIATE_SCREENS,
    AFFILIATE_DETAILS,
    ['/statistics', '/offers/all', '/profile/about', 'detail'],
    findings,
    missing,
  );
  report('affiliate', findings, missing);
});

/**
 * The English texts on the page: each visible text node (outside code, inputs and the language switch's own names)
 * that is one of the English pieces (a one-word piece: the whole text; a longer one: anywhere in it).
 */
async function englishOn(page: Page, pieces: string[]): Promise<string[]> {
  return page.evaluate((pieces) => {
    const words = new Set(pieces.filter((p) => !p.includes(' ')));
    const phrases = pieces.filter((p) => p.includes(' '));
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.nodeValue ?? '').trim();
      if (text.length < 4) continue;
      const el = node.parentElement;
      if (!el || el.closest('code, pre, kbd, samp, textarea, script, style, [translate="no"], [data-lang-name]')) continue;
      if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
      if (words.has(text)) found.add(text);
      for (const p of phrases) if (text.includes(p)) found.add(p);
    }
    return [...found];
  }, pieces);
}

/**
 * English still shown on Russian screens, each a known debt of issue 20 with its cause (a new one fails the walk;
 * `RU_STRICT=1` lets none through).
 */
const RU_KNOWN: { text: RegExp; page: RegExp; why: string }[] = [
  { text: /^Admin$/, page: /./, why: "the demo admin's name (data)" },
  { text: /^Default$/, page: /\/payment-rules$/, why: "the demo payment rule's title (data)" },
];
const ruKnown = (line: string) => {
  if (process.env.RU_STRICT === '1') return false;
  const [where, text] = line.split(': ');
  return RU_KNOWN.some((k) => k.page.test(where) && k.text.test(text));
};

async function walkInRussian(page: Page, role: string, screens: string[], details: Detail[], pieces: string[], leftovers: string[]) {
  const detailPaths: string[] = [];
  const check = async (path: string) => {
    await page.goto(path);
    await settle(page);
    for (const text of await englishOn(page, pieces)) leftovers.push(`${role} ${path}: ${text}`);
  };
  for (const path of only(screens)) {
    await check(path);
    for (const d of details.filter((x) => x.list === path)) {
      const first = await firstDetail(page, d);
      if (first) detailPaths.push(first, ...(d.tabs ?? []).slice(1).map((tab) => `${first}/${tab}`));
    }
  }
  for (const path of only(detailPaths)) await check(path);
}

test('every screen in Russian shows no text of the English bundles, for an admin and an affiliate', async ({ page, context, browser }) => {
  test.setTimeout(480_000);
  const pieces = englishTexts();
  const leftovers: string[] = [];
  const russian = { name: 'i18n_redirected', value: 'ru', url: BASE };
  await context.addCookies([russian]);
  for (const path of AUTH) {
    await page.goto(path);
    await settle(page);
    for (const text of await englishOn(page, pieces)) leftovers.push(`guest ${path}: ${text}`);
  }
  await signIn(page, ADMIN.email, ADMIN.password, 60_000);
  await walkInRussian(page, 'admin', ADMIN_SCREENS, ADMIN_DETAILS, pieces, leftovers);
  const affiliate = await browser.newContext({ baseURL: BASE });
  await affiliate.addCookies([russian]);
  const affiliatePage = await affiliate.newPage();
  await signIn(affiliatePage, DEMO_AFFILIATE.email, DEMO_AFFILIATE.password, 60_000);
  await walkInRussian(affiliatePage, 'affiliate', AFFILIATE_SCREENS, AFFILIATE_DETAILS, pieces, leftovers);
  await affiliate.close();
  const known = leftovers.filter(ruKnown);
  console.log(`[ru] ${leftovers.length} English texts on Russian screens, ${known.length} of them known:`, [
    ...new Set(known.map((l) => l.split(': ')[1])),
  ]);
  expect(
    leftovers.filter((l) => !ruKnown(l)),
    'English texts on Russian screens',
  ).toEqual([]);
});
