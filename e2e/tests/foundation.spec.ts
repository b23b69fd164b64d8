/** Foundation flows: sign in, sidebar by role, guards, token refresh, impersonation, theme, language, 404, title. */
import { expect, test } from '@playwright/test';
import { api, cookie, newAffiliate, signIn } from './helpers';

test('admin signs in and sees the staff back office with the page title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle(/ - Leadgrid$/);
  await signIn(page);
  await expect(page).toHaveTitle('Dashboard - Leadgrid');
  const sidebar = page.getByTestId('sidebar');
  for (const item of ['Dashboard', 'Advertisers', 'Employees', 'Settings'])
    await expect(sidebar.getByText(item, { exact: true })).toBeVisible();
  await page.screenshot({ path: 'artifacts/foundation-admin-dashboard.png' });
});

test('an affiliate gets the reduced sidebar and is sent back from a staff page', async ({ page }) => {
  const aff = await newAffiliate(page);
  // the staff notification configuration is not the affiliate's (notification.read is staff-only): nothing calls it
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/v1/') && (r.status() === 403 || /\/notifications\/(rules|channels)/.test(r.url())))
      refused.push(`${r.status()} ${r.url()}`);
  });
  await signIn(page, aff.email, aff.password);
  await expect(page).toHaveURL(/\/statistics/);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByText('Statistics', { exact: true })).toBeVisible();
  await expect(sidebar.getByText('Advertisers', { exact: true })).toHaveCount(0);
  await expect(sidebar.getByText('Employees', { exact: true })).toHaveCount(0);
  await page.goto('/settings/roles');
  await expect(page).toHaveURL(/\/statistics/);
  await expect(page.getByText('You have no access to that page')).toBeVisible();
  await page.screenshot({ path: 'artifacts/foundation-affiliate-guard.png' });
  // the bell and the profile's notification settings work from the affiliate's own endpoints
  await page.getByTestId('notifications-bell').click();
  await expect(page.getByTestId('bell-panel')).toBeVisible();
  await page.screenshot({ path: 'artifacts/foundation-affiliate-bell.png' });
  await page.keyboard.press('Escape');
  await page.goto('/profile/notifications');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByText('Notification preferences')).toBeVisible();
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/foundation-affiliate-profile-notifications.png' });
  expect(refused).toEqual([]);
});

test('an unauthenticated visitor is sent to login', async ({ page }) => {
  await page.goto('/settings/roles');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('login-form')).toBeVisible();
});

test('an expired access token is refreshed once and the request retried', async ({ page }) => {
  await signIn(page);
  // the start page's own calls first: one of them meeting the forged token would refresh, and leaving the page would
  // abort that refresh after the server rotated the token (the browser keeping the old one)
  await page.waitForLoadState('networkidle');
  const before = await cookie(page, 'lg_refresh');
  // replace the access token with a forged, expired one: the API answers 401 and the client refreshes
  const expired = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiZXhwIjoxfQ.c2lnbmF0dXJl';
  const url = new URL(page.url());
  await page.context().addCookies([{ name: 'lg_token', value: expired, domain: url.hostname, path: '/' }]);
  const refreshes: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/auth/refresh')) refreshes.push(r.url());
  });
  await page.goto('/settings/roles');
  // the first load of a chunk on a busy CI machine may take longer than the usual 10 s
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Administrator').first()).toBeVisible();
  expect(refreshes).toHaveLength(1);
  expect(await cookie(page, 'lg_refresh')).not.toBe(before);
  expect(await cookie(page, 'lg_token')).not.toBe(expired);
});

test('an admin impersonates an affiliate and comes back', async ({ page }) => {
  const aff = await newAffiliate(page);
  await signIn(page);
  await page.goto('/settings/roles');
  const users = await api<{ data: { id: number } }>(page, 'POST', '/auth/login', { email: aff.email, password: aff.password });
  expect(users.status).toBe(200);
  // the affiliate's id from its own token
  const affToken = (users.body as unknown as { data: { token: string } }).data.token;
  const affId = Number(JSON.parse(Buffer.from(affToken.split('.')[1], 'base64url').toString()).sub);
  const refresh = await cookie(page, 'lg_refresh');
  const enter = await api<{ data: { token: string; refreshToken: string } }>(page, 'POST', '/auth/impersonate', {
    refreshToken: refresh,
    impersonateAs: affId,
  });
  expect(enter.status).toBe(200);
  const url = new URL(page.url());
  await page.evaluate(() =>
    localStorage.setItem(
      'lg_impersonation',
      JSON.stringify({ adminId: 1, adminName: 'Admin', returnTo: '/settings/roles', startedAt: Date.now() }),
    ),
  );
  await page.context().addCookies([
    { name: 'lg_token', value: enter.body.data.token, domain: url.hostname, path: '/' },
    { name: 'lg_refresh', value: enter.body.data.refreshToken, domain: url.hostname, path: '/' },
  ]);
  await page.goto('/statistics');
  const banner = page.getByTestId('impersonation-banner');
  await expect(banner).toContainText('You’re logged in as Affiliate');
  await page.screenshot({ path: 'artifacts/foundation-impersonating.png' });
  await banner.getByText('Back to Your Account').click();
  await expect(page).toHaveURL(/\/settings\/roles/);
  await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
  await expect(page.getByTestId('sidebar').getByText('Employees', { exact: true })).toBeVisible();
});

test('theme and language switches persist', async ({ page }) => {
  await signIn(page);
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await bg();
  await page.getByTestId('theme-switch').click();
  await expect.poll(bg).not.toBe(light);
  expect(await page.evaluate(() => Object.values(localStorage).join(' '))).toContain('dark');
  await page.reload();
  await expect.poll(bg).not.toBe(light);
  await page.screenshot({ path: 'artifacts/foundation-dark.png' });

  await page.getByTestId('language-switch').click();
  await page.getByText('Русский').click();
  await expect(page.getByTestId('sidebar')).toContainText('Настройки');
  expect(await cookie(page, 'i18n_redirected')).toBe('ru');
  await page.reload();
  await expect(page.getByTestId('sidebar')).toContainText('Настройки');
  // back to English and light for the other tests of this browser context
  await page.getByTestId('language-switch').click();
  await page.getByText('English').click();
  await page.getByTestId('theme-switch').click();
});

test('an unknown page shows the 404 page with a Home button', async ({ page }) => {
  await signIn(page);
  await page.goto('/no-such-page');
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await page.screenshot({ path: 'artifacts/foundation-404.png' });
  await page.getByRole('button', { name: /home/i }).click();
  await expect(page).toHaveURL(/\/$/);
});
