/**
 * Leads (issue 7) end to end: an affiliate posts two leads to a public offer through the lead API; the admin opens
 * /leads, narrows the list to that offer with the dependent offer filter (the URL keeps it), opens a lead in the drawer
 * and changes its grade; the outcome says so and the lead shows the new grade.
 */
import { expect, test } from '@playwright/test';
import { api, signIn } from './helpers';

interface Items<T> {
  data: { items: T[] };
}

test('an admin filters the leads by offer, opens a lead and changes its grade', async ({ page }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const offerTitle = `Leads offer ${run}`;
  await signIn(page);

  // ---- a vertical with grades, a public active offer and an affiliate (their own screens are covered elsewhere)
  const vertical = await api<Items<{ id: number }>>(page, 'PUT', '/verticals', { items: [{ title: `Leads vertical ${run}` }] });
  expect(vertical.status).toBe(200);
  const verticalId = vertical.body.data.items[0].id;
  const grades = await api(page, 'POST', `/verticals/${verticalId}/edit_lead_grades`, {
    data: [
      { key: 'hot', title: 'Hot' },
      { key: 'cold', title: 'Cold' },
    ],
  });
  expect(grades.status).toBe(200);
  const offer = await api<Items<{ id: number }>>(page, 'PUT', '/offers', {
    items: [{ title: offerTitle, verticalId, status: 'active', accessType: 1 }],
  });
  expect(offer.status).toBe(200);
  const offerId = offer.body.data.items[0].id;
  const email = `leads.${run}@e2e.local`;
  const affiliate = await api(page, 'PUT', '/affiliates', {
    items: [{ email, password: 'affiliate-pass', firstName: 'Lena', lastName: `Leads${run}` }],
  });
  expect(affiliate.status).toBe(200);

  // ---- the affiliate posts two leads through the lead API with its session
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password: 'affiliate-pass' } });
  const { token } = (await login.json()).data as { token: string };
  const ids: number[] = [];
  for (const [firstName, phone] of [
    ['Anna', '+48 601 111 222'],
    ['Boris', '+48 601 333 444'],
  ]) {
    const res = await page.request.post('/api/v1/leads', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        offerId,
        firstName,
        lastName: `E2E${run}`,
        phone,
        email: `${firstName.toLowerCase()}.${run}@mail.example`,
        country: 'PL',
        sub1: 'fb',
      },
    });
    expect(res.status()).toBe(200);
    ids.push((await res.json()).data.id);
  }

  // ---- the admin narrows /leads to the offer with the dependent filter
  await page.goto('/leads');
  await expect(page.locator('tr[data-row-key]').first()).toBeVisible();
  await page.getByTestId('lead-filter-offers').click();
  await page.keyboard.type(offerTitle);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: offerTitle }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`offerId=${offerId}`));
  await expect(page.locator('tr[data-row-key]')).toHaveCount(2);
  for (const id of ids) await expect(page.locator(`tr[data-row-key="${id}"]`)).toBeVisible();

  // ---- opens the first lead and changes its grade
  await page.locator(`tr[data-row-key="${ids[0]}"]`).getByTestId('lead-open').click();
  await expect(page).toHaveURL(new RegExp(`lead=${ids[0]}`));
  await expect(page.getByTestId('lead-drawer-title')).toHaveText(`Lead #${ids[0]}`);
  await page.getByTestId('lead-action-grade').click();
  await page.getByTestId('lead-grade-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Hot' }).click();
  await page.getByTestId('lead-grade-apply').click();
  await expect(page.locator('.ant-drawer').getByTestId('lead-outcome')).toContainText(`Lead grade changed: #${ids[0]}`);
  await expect(page.locator('.ant-drawer').getByText('Hot', { exact: true })).toBeVisible();
  await page.locator('.ant-drawer').getByRole('tab', { name: 'History' }).click();
  await expect(page.locator('.ant-drawer').getByTestId('lead-history-item').filter({ hasText: 'Grade changed' })).toBeVisible();

  // ---- the list shows the grade once the drawer is closed
  await page.locator('.ant-drawer-close').click();
  await expect(page.locator(`tr[data-row-key="${ids[0]}"]`)).toContainText('Hot');
});
