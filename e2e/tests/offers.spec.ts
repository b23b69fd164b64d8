/**
 * Offers and campaigns (issue 6) end to end: an admin builds a private offer in the offers screen, assigns it to an
 * affiliate on its affiliates tab and adds a lander, a cap and a payment rule on its landings, caps and payment-rules
 * tabs; signs in as that affiliate (impersonation); the affiliate finds the offer in
 * /offers/all, opens it, creates a campaign from it, copies the tracking link, and the link answers a click with a
 * 302 to the lander.
 */
import { expect, test } from '@playwright/test';
import { api, signIn } from './helpers';

interface Items<T> {
  data: { items: T[] };
}

/** a browser's user agent: the tracker treats the headless one as a bot and refuses its clicks */
const VISITOR_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test('an affiliate creates a campaign for a private offer assigned to them and its link redirects to the lander', async ({
  page,
  context,
}) => {
  // many screens and writes: room for a slow machine
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  const offerTitle = `Loans private ${run}`;
  const landerUrl = `https://lander-${run}.example.com/form`;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);

  // ---- what the offer needs: a vertical and an affiliate (their own screens are covered by other specs)
  const vertical = await api<Items<{ id: number }>>(page, 'PUT', '/verticals', { items: [{ title: `Finance ${run}` }] });
  expect(vertical.status).toBe(200);
  const affiliateEmail = `pub.${run}@e2e.local`;
  const affiliate = await api<Items<{ id: number }>>(page, 'PUT', '/affiliates', {
    items: [{ email: affiliateEmail, password: 'affiliate-pass', firstName: 'Petra', lastName: `Publisher${run}` }],
  });
  expect(affiliate.status).toBe(200);
  const affiliateId = affiliate.body.data.items[0].id;

  // ---- the admin creates a private, active offer in the offers screen
  await page.goto('/offers/active');
  await page.getByTestId('offer-create').click();
  const offerDrawer = page.locator('.ant-drawer').filter({ has: page.getByTestId('offer-create-form') });
  await offerDrawer.getByTestId('offer-title').fill(offerTitle);
  await offerDrawer.getByTestId('offer-vertical').click();
  await page.keyboard.type(`Finance ${run}`);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `Finance ${run}` })
    .click();
  await offerDrawer.getByTestId('offer-access').getByText('Private', { exact: true }).click();
  await offerDrawer.getByTestId('offer-status').getByText('Active', { exact: true }).click();
  await page.getByTestId('offer-create-submit').click();
  await expect(page.getByText('Offer created')).toBeVisible();
  await expect(page).toHaveURL(/\/offers\/\d+\/general$/);
  const offerId = Number(/\/offers\/(\d+)\//.exec(page.url())?.[1]);
  await expect(page.getByTestId('offer-heading')).toHaveText(offerTitle);

  // ---- assigns it to the affiliate on its affiliates tab
  await page.goto(`/offers/${offerId}/affiliates`);
  // the card's button; an empty list shows a second one in its empty state once the list has answered (the tab loads
  // at its first opening, so the list may have answered by the time the button shows)
  await page.getByTestId('add-affiliates').first().click();
  await page.getByTestId('add-affiliates-picker').click();
  await page.keyboard.type(affiliateEmail);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: affiliateEmail }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('add-affiliates-submit').click();
  await expect(page.getByTestId('offer-affiliates')).toContainText(`Petra Publisher${run}`);

  // ---- a lander on the landings tab, a cap on the caps tab, a payment rule on the payment rules tab
  await page.goto(`/offers/${offerId}/landings`);
  await page.getByTestId('lander-create').click();
  const landerDrawer = page.locator('.ant-drawer').filter({ has: page.getByTestId('lander-form') });
  await landerDrawer.getByTestId('lander-title').fill(`Form ${run}`);
  await landerDrawer.getByTestId('lander-target-url').fill(`${landerUrl}?cid={click_id}`);
  await landerDrawer.getByTestId('lander-save').click();
  await expect(page.getByTestId('landers-card')).toContainText(`Form ${run}`);

  await page.goto(`/offers/${offerId}/caps`);
  await page.getByTestId('cap-create').click();
  const capDrawer = page.locator('.ant-drawer').filter({ has: page.getByTestId('cap-form') });
  await capDrawer.getByTestId('cap-title').fill('Daily leads');
  await capDrawer.getByTestId('cap-value').fill('100');
  await capDrawer.getByTestId('cap-informational').fill('50');
  await capDrawer.getByTestId('cap-save').click();
  await expect(page.getByTestId('offer-caps-tab')).toContainText('Daily leads');
  await expect(page.getByTestId('cap-counter').first()).toContainText('100');

  await page.goto(`/offers/${offerId}/payment-rules`);
  await page.getByTestId('rule-create').click();
  const ruleDrawer = page.locator('.ant-drawer').filter({ has: page.getByTestId('rule-form') });
  await ruleDrawer.getByTestId('rule-title').fill('Base payout');
  await ruleDrawer.getByTestId('rule-revenue').fill('30');
  await ruleDrawer.getByTestId('rule-payout').fill('20');
  await ruleDrawer.getByTestId('rule-save').click();
  await expect(page.getByTestId('rule-payout-cell').first()).toContainText('20');
  await expect(page.getByTestId('rule-revenue-cell').first()).toContainText('30');

  // ---- sign in as the affiliate from its page
  await page.goto(`/affiliates/members/${affiliateId}`);
  await page.getByTestId('login-as').click();
  await page.locator('.ant-modal-confirm-btns').getByRole('button', { name: 'Login as affiliate' }).click();
  // the app starts again as the affiliate, on their statistics: once over 10 s on a loaded CI machine (session 20)
  await expect(page.getByTestId('impersonation-banner')).toBeVisible({ timeout: 30_000 });

  // ---- the affiliate finds the private offer among theirs and opens it
  await page.goto('/offers/all');
  const card = page.getByTestId(`affiliate-offer-${offerId}`);
  await expect(card).toBeVisible();
  await card.getByTestId('affiliate-offer-link').click();
  await expect(page).toHaveURL(new RegExp(`/offers/${offerId}$`));
  await expect(page.getByTestId('affiliate-offer-heading')).toHaveText(offerTitle);

  // ---- creates a campaign from the offer page
  await page.getByTestId(`create-campaign-${offerId}`).first().click();
  await expect(page).toHaveURL(/\/campaigns\/active/);
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByTestId('campaign-offer')).toContainText(offerTitle);
  await drawer.getByTestId('campaign-title').fill(`My campaign ${run}`);
  await expect(drawer.getByTestId('campaign-method')).toContainText('API');
  await page.getByTestId('campaign-save').click();
  await expect(page.getByText('Campaign created')).toBeVisible();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  await expect(page.getByTestId('campaign-detail-title')).toHaveText(`My campaign ${run}`);
  await expect(page.getByTestId('campaign-notices')).toHaveCount(0);

  // ---- copies the tracking link
  const shown = (await page.getByTestId('tracking-url').textContent()) ?? '';
  expect(shown).toMatch(/\/c\/[A-Za-z0-9_-]{12,32}\?sub1=\{sub1\}/);
  await page.getByTestId('tracking-url-copy').click();
  await expect(page.getByTestId('tracking-url-copied')).toHaveText(/copied to the clipboard/);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  await page.screenshot({ path: 'artifacts/offers-campaign-link.png', fullPage: true });

  // ---- the link sends a visitor to the lander, with the click id and the sub value
  const link = copied.replace('{sub1}', `e2e${run}`).replace(/&sub\d=\{sub\d\}/g, '');
  const click = await page.request.get(link, { maxRedirects: 0, headers: { 'user-agent': VISITOR_UA } });
  expect(click.status()).toBe(302);
  const location = click.headers()['location'];
  expect(location.startsWith(`${landerUrl}?cid=`)).toBe(true);
  expect(location).toContain(`sub1=e2e${run}`);

  // ---- the campaign is in the affiliate's list
  await page.goto('/campaigns/active');
  await expect(page.getByTestId('campaign-title-link').filter({ hasText: `My campaign ${run}` })).toBeVisible();
});
