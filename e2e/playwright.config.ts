import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 3111);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const ADMIN = { email: 'admin@e2e.local', password: 'e2e-admin-pass' };
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'leadgrid-e2e-'));

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/playwright.json' }]],
  use: {
    baseURL: BASE_URL,
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: 'npx tsx ../apps/server/src/main.ts',
    url: `${BASE_URL}/api/v1/public/api-settings`,
    reuseExistingServer: false,
    timeout: Number(process.env.E2E_SERVER_TIMEOUT ?? 120_000),
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ACCESS_TOKEN_TTL: '60',
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      ALLOW_PRIVATE_CALLBACKS: '1',
    },
  },
});
