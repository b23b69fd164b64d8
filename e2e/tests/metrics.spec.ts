/** Metrics: build a formula that breaks a product §5 rule and see its message, then a valid one and save it. */
import { expect, test } from '@playwright/test';
import { api, signIn } from './helpers';

test('an admin builds a metric formula, sees the spec message for an error, fixes it and saves', async ({ page }) => {
  // many clicks, each a re-render of the builder: room for a slow machine
  test.setTimeout(150_000);
  await signIn(page);
  await page.goto('/metrics/active');
  await expect(page.getByRole('heading', { name: 'Metrics' })).toBeVisible();
  await page.getByTestId('metric-create').click();
  const form = page.getByTestId('metric-form');
  await expect(form).toBeVisible();

  const title = `Approval rate ${Date.now()}`;
  await page.getByTestId('metric-title').fill(title);

  // {approved_conversions} ÷ × 100: two binary operators side by side
  await page.getByTestId('formula-metric-approved_conversions').click();
  await page.getByTestId('formula-op-divide').click();
  await page.getByTestId('formula-op-times').click();
  await page.getByTestId('formula-number-input').fill('100');
  await page.getByTestId('formula-number-add').click();
  await expect(page.getByTestId('formula-token')).toHaveCount(4);
  await expect(form.getByText('Two binary operators cannot stand next to each other')).toBeVisible();

  // saving is refused while the formula is broken
  await page.getByTestId('metric-save').click();
  await expect(form.getByText('Two binary operators cannot stand next to each other')).toBeVisible();
  await page.screenshot({ path: 'artifacts/metrics-formula-error.png' });

  // an unbalanced bracket is its own rule
  await page.getByTestId('formula-clear').click();
  await page.getByTestId('formula-op-open').click();
  await page.getByTestId('formula-metric-approved_conversions').click();
  await page.getByTestId('formula-op-divide').click();
  await page.getByTestId('formula-metric-leads').click();
  await expect(form.getByText('The number of opening and closing brackets is not equal')).toBeVisible();

  // close the bracket and finish: ( {approved_conversions} ÷ {leads} ) × 100
  await page.getByTestId('formula-op-close').click();
  await page.getByTestId('formula-op-times').click();
  await page.getByTestId('formula-number-input').fill('100');
  await page.getByTestId('formula-number-input').press('Enter');
  await expect(page.getByTestId('formula-valid')).toBeVisible();
  await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(0);
  // backspace removes the last element, and it can be put back
  await page.getByTestId('formula-backspace').click();
  await expect(page.getByTestId('formula-token')).toHaveCount(6);
  await expect(form.getByText('A formula cannot start or end with a binary operator')).toBeVisible();
  await page.getByTestId('formula-number-input').fill('100');
  await page.getByTestId('formula-number-add').click();
  await expect(page.getByTestId('formula-valid')).toBeVisible();

  await page.getByTestId('metric-save').click();
  await expect(page.getByText('Metric created')).toBeVisible();
  await expect(page).toHaveURL(/\/metrics\/\d+$/);
  await expect(page.getByTestId('metric-detail-title')).toHaveText(title);
  await expect(page.getByText('( {approved_conversions} / {leads} ) * 100')).toBeVisible();
  await page.screenshot({ path: 'artifacts/metrics-saved.png' });

  // the server holds the same formula, and the metric is offered to statistics
  const id = Number(page.url().split('/').pop());
  const saved = await api<{ data: { items: { title: string; value: string; status: string }[] } }>(page, 'GET', `/metrics/${id}`);
  expect(saved.body.data.items[0]).toMatchObject({ title, value: '( {approved_conversions} / {leads} ) * 100', status: 'active' });
  const active = await api<{ data: { items: { key: string }[] } }>(page, 'GET', '/metrics/active');
  expect(active.body.data.items.map((m) => m.key)).toContain(`custom_${id}`);

  // and the list shows it
  await page.goto('/metrics/active');
  await expect(page.getByTestId('metric-row-title').filter({ hasText: title })).toBeVisible();
});

test('the server refuses a broken formula with the rule code on the formula field', async ({ page }) => {
  await signIn(page);
  const res = await api<{ errors: { msg: string; loc: (string | number)[] }[] }>(page, 'PUT', '/metrics', {
    items: [
      {
        title: 'Broken',
        outputFormat: 'amount',
        formula: [
          { type: 'metric', value: 'clicks' },
          { type: 'operator', value: '+' },
          { type: 'operator', value: '*' },
          { type: 'number', value: '2' },
        ],
      },
    ],
  });
  expect(res.status).toBe(400);
  expect(res.body.errors).toEqual([expect.objectContaining({ msg: 'adjacentOperators', loc: ['body', 'items', 0, 'formula'] })]);
});
