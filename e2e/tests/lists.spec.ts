/** Settings lists and domain parking: a tag and its refused duplicate, a category, a tracking domain. */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

const run = Date.now().toString(36);

/** The open modal form (antd renders it in a portal). */
const dialog = (page: Page) => page.getByRole('dialog');

test('admin creates a tag, and a duplicate of the same type is refused on the title field', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings/lists');
  await expect(page).toHaveURL(/\/settings\/lists\/tags$/);
  await expect(page.getByRole('heading', { name: 'Lists' })).toBeVisible();

  const title = `Hot ${run}`;
  await page.getByTestId('create-tag').click();
  await dialog(page).getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog(page).getByTestId('item-form-type').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Offer' }).click();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tag created')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  const row = page.locator('tr', { has: page.getByRole('link', { name: title }) });
  await expect(row).toContainText('Offer');
  await expect(row).toContainText('Active');

  // the same title in another case, same type: the server refuses it and the form shows it on the field
  await page.getByTestId('create-tag').click();
  await dialog(page).getByRole('textbox', { name: 'Title' }).fill(title.toUpperCase());
  await dialog(page).getByTestId('item-form-type').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Offer' }).click();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  const field = dialog(page).locator('.ant-form-item', { has: page.getByRole('textbox', { name: 'Title' }) });
  await expect(field.locator('.ant-form-item-explain-error')).toHaveText('This value is already in use');
  await expect(dialog(page)).toBeVisible();
  await page.screenshot({ path: 'artifacts/lists-tag-duplicate.png' });
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(1);

  // the tag's own page
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/settings\/tags\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

test('admin creates a category and deactivates it after confirming', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings/lists/categories');
  const title = `Nutra ${run}`;
  await page.getByTestId('create-categories').click();
  await dialog(page).getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Category created')).toBeVisible();
  const row = page.locator('tr', { has: page.getByRole('link', { name: title }) });
  await expect(row).toContainText('Active');

  await row.locator('.ant-table-selection-column .ant-checkbox').click();
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('Change the status to “Inactive”?');
  await page.getByRole('button', { name: 'Change' }).click();
  await expect(row).toContainText('Inactive');
  await page.screenshot({ path: 'artifacts/lists-category.png' });
});

test('admin parks a tracking domain: a bad host is refused on the field, a good one gets its DNS record', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings/domain-parking');
  await expect(page.getByRole('heading', { name: 'Domain parking' })).toBeVisible();

  await page.getByTestId('park-domain').click();
  const host = dialog(page).getByRole('textbox', { name: 'Domain' });
  await host.fill('http://not a host');
  await dialog(page).getByRole('radio', { name: 'Tracking' }).check();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  const field = dialog(page).locator('.ant-form-item', { has: page.getByRole('textbox', { name: 'Domain' }) });
  await expect(field.locator('.ant-form-item-explain-error')).toHaveText('Enter a valid host name');
  await page.screenshot({ path: 'artifacts/lists-domain-bad-host.png' });

  const good = `track-${run}.example.com`;
  await host.fill(good.toUpperCase());
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Domain parked', { exact: true })).toBeVisible({ timeout: 20_000 });
  const instruction = page.getByTestId('dns-instruction');
  await expect(instruction).toContainText(good);
  await expect(instruction).toContainText(new URL(page.url()).hostname);
  await expect(page.getByTestId('domain-form')).toBeHidden();
  await page.screenshot({ path: 'artifacts/lists-domain-dns.png' });
  await page.getByRole('button', { name: 'OK' }).click();

  const row = page.locator('tr', { has: page.getByText(good, { exact: true }) });
  await expect(row).toContainText('Tracking');
  await expect(row).toContainText('Active');
});
