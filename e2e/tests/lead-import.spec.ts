/**
 * Lead import (issue 19) end to end: the admin uploads a small CSV on /leads/import, checks the guessed mapping in the
 * preview, chooses the affiliate and the offer, stores the leads, follows the progress to the end and downloads the
 * report (2 accepted, 1 duplicate, 1 invalid); the import then shows among the past imports with its counts, and on
 * the integration guide staff pick the offer to see its examples. Screenshots of both screens, light and dark, in
 * e2e/artifacts/lead-import/.
 */
import { expect, test } from '@playwright/test';
import { api, signIn } from './helpers';

interface Items<T> {
  data: { items: T[] };
}

test('an admin imports a small CSV: mapping, options, progress and the report', async ({ page }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  await signIn(page);
  const vertical = await api<Items<{ id: number }>>(page, 'PUT', '/verticals', { items: [{ title: `Import vertical ${run}` }] });
  const verticalId = vertical.body.data.items[0].id;
  const offerTitle = `Import offer ${run}`;
  const offer = await api<Items<{ id: number }>>(page, 'PUT', '/offers', {
    items: [{ title: offerTitle, verticalId, status: 'active', accessType: 1 }],
  });
  expect(offer.status).toBe(200);
  const email = `import.${run}@e2e.local`;
  const affiliate = await api(page, 'PUT', '/affiliates', {
    items: [{ email, password: 'affiliate-pass', firstName: 'Ivo', lastName: `Import${run}` }],
  });
  expect(affiliate.status).toBe(200);

  const n = Number.parseInt(run.slice(-5), 36) % 900000;
  const phone = (k: number) => `+48602${String(100000 + ((n + k) % 900000)).slice(-6)}`;
  const csv = [
    'Name,Phone,Email,Country,Date',
    `Anna,${phone(1)},anna.${run}@mail.example,PL,2025-05-01 09:30`,
    `Boris,${phone(2)},boris.${run}@mail.example,PL,2025-05-02 10:00`,
    `Anna again,${phone(1)},,PL,2025-05-03 11:00`,
    `Broken,${phone(3)},not-an-email,PL,2025-05-04 12:00`,
  ].join('\n');

  await page.goto('/leads/import');
  await page.locator('input[type=file]').setInputFiles({ name: `leads-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('import-preview')).toContainText('Boris');

  await page.getByTestId('import-affiliate').click();
  await page.keyboard.type(email);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: email }).click();
  await page.getByTestId('import-offer').click();
  await page.keyboard.type(offerTitle);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: offerTitle }).click();
  await page.getByTestId('import-start').click();

  await expect(page.getByTestId('import-result')).toHaveText('The import is finished', { timeout: 60_000 });
  const download = page.waitForEvent('download');
  await page.getByTestId('import-report').click();
  const file = await download;
  const report = (await (await file.createReadStream()).toArray()).join('');
  const lines = report.trim().split(/\r?\n/);
  expect(lines[0]).toBe('row,outcome,leadId,reason');
  expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual(['1,accepted', '2,accepted', '3,duplicate', '4,invalid']);
  expect(lines[4]).toContain('email: email');

  // the past imports: this one first, done, with its counts and report
  await page.getByRole('button', { name: 'Another file' }).click();
  const history = page.getByTestId('import-history');
  const row = history.locator('tbody tr.ant-table-row').first();
  await expect(row).toContainText(`leads-${run}.csv`);
  await expect(row).toContainText('Done');
  await expect(row).toContainText(offerTitle);
  await expect(row).toContainText('Store only');
  await expect(row.locator('[data-testid^="import-history-counts-"]')).toHaveText('2/1/1');
  await expect(row.locator('[data-testid^="import-history-report-"]')).toBeVisible();

  // the integration guide: staff pick the offer of the examples
  await page.goto('/integration-guide');
  await page.getByTestId('guide-offer-select').click();
  await page.keyboard.type(offerTitle);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: offerTitle }).click();
  await expect(page).toHaveURL(new RegExp(`offerId=${offer.body.data.items[0].id}`));
  await expect(page.getByTestId('guide-offer')).toBeVisible();
  await expect(page.getByTestId('guide-responses')).toContainText('Refused by a rule');

  for (const theme of ['light', 'dark']) {
    if (theme === 'dark') await page.getByTestId('theme-switch').click();
    for (const [name, path, ready] of [
      ['import', '/leads/import', 'import-history'],
      ['guide', `/integration-guide?offerId=${offer.body.data.items[0].id}`, 'guide-offer'],
    ]) {
      await page.goto(path);
      await expect(page.locator('.lg-line-loader')).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByTestId(ready)).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `artifacts/lead-import/${name}-${theme}.png`, fullPage: true });
    }
  }
});
