/**
 * Phones (issue 20, docs/decisions/web.md): the affiliate's screens at 390×844 and 1280×720 — no horizontal page
 * scroll, no word broken across lines (text squeezed narrower than a word), the menu behind a button on a phone —
 * with a screenshot of each screen at both sizes (and the phone's in the dark theme) in e2e/artifacts/phones/.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, signIn } from './helpers';

const SCREENS = [
  { name: 'statistics', path: '/statistics' },
  { name: 'offers', path: '/offers' },
  { name: 'campaigns', path: '/campaigns' },
  { name: 'clicks', path: '/clicks/valid' },
  { name: 'conversions', path: '/conversions' },
  { name: 'postback-logs', path: '/postback-logs/affiliates' },
  { name: 'billing', path: '/billing' },
  { name: 'profile', path: '/profile/about' },
];
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 720 },
];

/** what a screen breaks: page wider than the window, and words split over lines (URLs and tokens aside) */
async function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 1) problems.push(`the page scrolls sideways by ${overflow}px`);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || !text.trim() || parent.closest('[aria-hidden="true"], script, style, .ant-tooltip, .ant-popover')) continue;
      const box = parent.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.bottom < 0 || box.top > window.innerHeight * 3) continue;
      for (const match of text.matchAll(/[\p{L}\p{N}]{3,24}/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(
          Array.from(range.getClientRects())
            .filter((r) => r.width > 0)
            .map((r) => Math.round(r.top)),
        );
        if (lines.size > 1) {
          problems.push(`"${match[0]}" breaks over ${lines.size} lines in <${parent.tagName.toLowerCase()} class="${parent.className}">`);
          break;
        }
      }
    }
    return problems.slice(0, 10);
  });
}

test('the affiliate’s screens fit a phone and a laptop', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  const run = Date.now();
  const email = `phone.${run}@e2e.local`;
  const created = await api<{ data: { items: { id: number }[] } }>(page, 'PUT', '/affiliates', {
    items: [{ email, password: 'affiliate-pass', firstName: 'Pat', lastName: `Phone${run}` }],
  });
  expect(created.status).toBe(200);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, email, 'affiliate-pass');

  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.locator('.lg-line-loader')).toHaveCount(0, { timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `artifacts/phones/${screen.name}-${size.name}.png`, fullPage: true });
      expect(await layoutProblems(page), `${screen.path} at ${size.width}×${size.height}`).toEqual([]);
    }
  }

  // on a phone the sidebar is a drawer behind the menu button
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/statistics');
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.screenshot({ path: 'artifacts/phones/menu-phone.png' });
  // a top-level item (Conversions sits inside the "Traffic data" group)
  await page
    .getByTestId('sidebar')
    .getByRole('link', { name: /Billing/ })
    .click();
  await expect(page).toHaveURL(/\/billing/);
  await expect(page.getByTestId('sidebar')).toBeHidden();

  // the dark theme on a phone
  await page.getByTestId('theme-switch').click();
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await expect(page.locator('.lg-line-loader')).toHaveCount(0, { timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `artifacts/phones/${screen.name}-phone-dark.png`, fullPage: true });
  }
  await page.getByTestId('theme-switch').click();
});
