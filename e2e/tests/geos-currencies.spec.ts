/**
 * Settings issue, part 2: a geo is created and its duplicate shows the field error; a currency is added with a rate
 * and deactivated.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test('geos: create a geo, then its duplicate shows the unique error on the title', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings/geos');
  const title = `E2E DACH ${suffix()}`;

  await page.getByTestId('geo-create').click();
  const form = page.getByTestId('geo-form');
  await expect(form).toBeVisible();
  await page.getByTestId('geo-title').fill(title);
  const countries = page.getByTestId('geo-countries').locator('input');
  for (const country of ['Germany', 'Austria']) {
    await countries.fill(country);
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: `${country} (` })
      .first()
      .click();
  }
  const aliases = page.getByTestId('geo-aliases').locator('input');
  await aliases.fill('Deutschland');
  await aliases.press('Enter');
  // the drawer shows how a lead's value would match the geo being edited
  await page.getByTestId('geo-tester').fill('deutschland');
  await expect(page.getByTestId('geo-tester-result')).toContainText('belongs to this geo');
  await page.getByTestId('geo-save').click();
  await expect(form).toBeHidden();
  const row = page.locator('tr', { has: page.getByTestId('geo-row-title').filter({ hasText: title }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('DE');
  await expect(row).toContainText('Deutschland');

  // the same title in other letter case is a duplicate: the server's 'unique' error lands on the title field
  await page.getByTestId('geo-create').click();
  await expect(form).toBeVisible();
  await page.getByTestId('geo-title').fill(title.toUpperCase());
  await page.getByTestId('geo-save').click();
  const titleItem = form.locator('.ant-form-item', { has: page.getByTestId('geo-title') });
  await expect(titleItem.locator('.ant-form-item-explain-error')).toHaveText('This value is already in use');
  await expect(form).toBeVisible();
  await page.screenshot({ path: 'artifacts/geo-duplicate.png' });
});

test('currencies: add a currency with a rate, then deactivate it', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings/currencies/active');
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const code = `Q${letters[Math.floor(Math.random() * 26)]}${letters[Math.floor(Math.random() * 26)]}`;

  await page.getByTestId('currency-create').click();
  const form = page.getByTestId('currency-form');
  await expect(form).toBeVisible();
  // a rate with too many decimals is refused on its field before anything is sent
  await page.getByTestId('currency-code').fill(code.toLowerCase());
  await page.getByTestId('currency-name').fill(`E2E ${code}`);
  await page.getByTestId('currency-title').fill(`E2E currency ${code}`);
  await page.getByTestId('currency-symbol').fill('¤');
  await page.getByTestId('currency-rate').fill('1.123456789');
  await page.getByTestId('currency-save').click();
  const rateItem = form.locator('.ant-form-item', { has: page.getByTestId('currency-rate') });
  await expect(rateItem.locator('.ant-form-item-explain-error')).toHaveText('Too many decimal places');
  await page.getByTestId('currency-rate').fill('1,23456789');
  await page.getByTestId('currency-save').click();
  await expect(form).toBeHidden();

  const link = page.getByTestId('currency-code-cell').filter({ hasText: code });
  await expect(link).toBeVisible();
  const row = page.locator('tr', { has: link });
  await expect(row.getByTestId('currency-rate-cell')).toHaveText('1.23456789');

  await link.click();
  await expect(page).toHaveURL(/\/settings\/currencies\/\d+$/);
  await expect(page.getByTestId('currency-detail-rate')).toHaveText(`1 USD = 1.23456789 ${code}`);
  await page.getByTestId('currency-status').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page.locator('.ant-descriptions').getByText('Inactive')).toBeVisible();
  await page.screenshot({ path: 'artifacts/currency-deactivated.png' });

  // it has left the active list and shows under inactive
  await page.goto('/settings/currencies/active');
  await expect(page.getByTestId('currency-code-cell').first()).toBeVisible();
  await expect(page.getByTestId('currency-code-cell').filter({ hasText: code })).toHaveCount(0);
  await page.goto('/settings/currencies/inactive');
  await expect(page.getByTestId('currency-code-cell').filter({ hasText: code })).toBeVisible();
});
