/**
 * Reports end to end (issue 18 "Done when"): the admin gives an affiliate two manual balance adjustments (ledger
 * entries), runs the affiliate payouts report as XLSX on /reports, sees it on /reports/downloads with its progress
 * and status, downloads the file, and the workbook read back holds the affiliate's row with the ledger's total;
 * a report saved with an e-mail schedule shows its next send.
 */
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { expect, test } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import { api, signIn } from './helpers';

interface Items<T> {
  data: { items: T[] };
}

/** screens on a loaded machine: the first render of a lazy page can take long */
const screenExpect = expect.configure({ timeout: 90_000 });
const run = Date.now().toString(36);

test('run a report, follow it on /reports/downloads, download the XLSX with the ledger’s totals', async ({ page }) => {
  test.setTimeout(400_000);
  await signIn(page);
  const ok = async <T>(method: string, path: string, body?: unknown) => {
    const res = await api<T>(page, method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const affiliate = (
    await ok<Items<{ id: number }>>('PUT', '/affiliates', {
      items: [{ email: `reports.${run}@e2e.local`, password: 'affiliate-pass', firstName: 'Rita', lastName: `Reports${run}` }],
    })
  ).data.items[0];
  await ok('PUT', '/balances/adjustments', {
    items: [
      { affiliateId: affiliate.id, currency: 'USD', amount: '12.5', reason: 'Bonus' },
      { affiliateId: affiliate.id, currency: 'USD', amount: '7.25', reason: 'Correction' },
    ],
  });

  await page.goto('/reports');
  await screenExpect(page.getByTestId('report-run')).toBeVisible();
  await page.getByTestId('report-run').click();
  await page.waitForURL('**/reports/downloads');

  const row = page.locator('[data-testid^=download-]').filter({ hasText: 'affiliate-payouts-' }).first();
  await screenExpect(row).toBeVisible();
  const id = (await row.getAttribute('data-testid'))!.replace('download-', '');
  await screenExpect(page.getByTestId(`download-status-${id}`)).toHaveText('Ready');
  await expect(page.getByTestId(`download-progress-${id}`)).toHaveAttribute('aria-valuenow', '100');
  await expect(row).toContainText('KB');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`download-file-${id}`).click()]);
  expect(download.suggestedFilename()).toMatch(/^affiliate-payouts-\d{14}\.xlsx$/);
  const rows = (await readSheet(Readable.from(await readFile((await download.path())!)))) as unknown as (string | number | null)[][];
  expect(rows[0]).toEqual(['affiliateId', 'affiliate', 'currency', 'hold', 'approved', 'requested', 'paid', 'earned', 'earnedBase']);
  const mine = rows.find((r) => r[0] === affiliate.id);
  expect(mine).toEqual([affiliate.id, `reports.${run}@e2e.local`, 'USD', '0', '19.75', '0', '0', '19.75', '19.75']);

  // save it with a weekly e-mail: the saved report shows its schedule and next send
  await page.goto('/reports');
  await page.getByTestId('report-save').click();
  await page.getByTestId('save-report-title').fill(`Payouts ${run}`);
  await page.getByTestId('save-report-schedule').click();
  await page.getByText('Weekly (Mondays)').click();
  await page.getByTestId('save-report-ok').click();
  const saved = page.locator('tr').filter({ hasText: `Payouts ${run}` });
  await screenExpect(saved).toBeVisible();
  await expect(saved).toContainText('Weekly (Mondays)');
  await expect(saved).toContainText('Next e-mail');
});
