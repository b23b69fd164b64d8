/** Helpers for end-to-end tests: sign in through the form, call the API as the page's user. */
import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@e2e.local', password: 'e2e-admin-pass' };

export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password, timeout = 20_000) {
  await page.goto('/login');
  await page.locator('input#email').fill(email);
  await page.locator('input#password').fill(password);
  await page.locator('[data-testid=login-form] button[type=submit]').click();
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout });
}

export async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

/** Calls the API with the page's current access token. */
export async function api<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const token = await cookie(page, 'lg_token');
  const res = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status(), body: (await res.json()) as T };
}

/** Registers a fresh affiliate through the public API and returns its credentials. */
export async function newAffiliate(page: Page) {
  const email = `aff.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@e2e.local`;
  const password = 'affiliate-pass';
  const res = await page.request.post('/api/v1/auth/sign-up', { data: { email, password, firstName: 'Alice', lastName: 'Publisher' } });
  expect(res.status()).toBe(200);
  return { email, password };
}
