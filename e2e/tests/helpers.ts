/** Helpers for end-to-end tests: sign in through the form, call the API as the page's user, start a demo server. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** the DEMO=1 data's affiliates (apps/server/src/db/seed/demo.ts) */
export const DEMO_AFFILIATE = { email: 'demo-affiliate1@leadgrid.local', password: 'demo-pass-1' };

/**
 * Starts a second server with the `npm run demo` data (DEMO=1) on its own port and data folder, waits until it
 * answers and returns how to stop it (the server and its tsx children run in their own process group).
 */
export async function startDemoServer(port: number, timeoutMs = 220_000): Promise<() => void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'leadgrid-e2e-demo-'));
  const server = spawn('npx', ['tsx', '../apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ACCESS_TOKEN_TTL: '600',
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      DEMO: '1',
    },
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/public/api-settings`);
      if (res.ok) return stop;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error('the demo server did not start');
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}
