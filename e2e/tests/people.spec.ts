/**
 * People (issue 4): an affiliate is created, its traffic blocked with a reason, put in a team; the team is blocked,
 * unblocking the member is refused on screen; the team is unblocked, then the member. An affiliate manager's list
 * shows only the affiliates they manage.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, signIn } from './helpers';

const run = Date.now().toString(36);

async function unblock(page: Page, kind: 'Unblock traffic' | 'Unblock access' | 'Unblock fully') {
  await page.getByTestId('block-panel').getByRole('button', { name: kind }).click();
  // the confirmation of this click (an earlier one may still be closing): wait for it, confirm, wait until it is gone
  const dialog = page
    .locator('.ant-modal-confirm')
    .filter({ has: page.locator('.ant-modal-confirm-btns') })
    .last();
  await expect(dialog).toBeVisible();
  await dialog.locator('.ant-modal-confirm-btns').getByRole('button', { name: kind }).click();
  await expect(dialog).toBeHidden();
}

async function block(page: Page, reason: string) {
  await page.getByTestId('block-open').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.ant-radio-button-wrapper-checked')).toHaveText('Traffic');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await page.getByTestId('block-confirm').click();
  await expect(dialog).toBeHidden();
}

test('affiliate: block traffic, join a team, team block refuses the member unblock until the team is unblocked', async ({ page }) => {
  const email = `pub.${run}@e2e.local`;
  const first = `Paula${run}`;
  const teamTitle = `Team ${run}`;
  // a long flow through three screens
  test.setTimeout(180_000);
  await signIn(page);

  // create the affiliate in the drawer
  await page.goto('/affiliates/members/active');
  await expect(page.getByRole('heading', { name: 'Affiliates' })).toBeVisible();
  await page.getByTestId('affiliate-create').click();
  const drawer = page.locator('.ant-drawer');
  await drawer.getByRole('textbox', { name: 'First name' }).fill(first);
  await drawer.getByRole('textbox', { name: 'Last name' }).fill('Publisher');
  await drawer.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
  await drawer.getByRole('textbox', { name: 'Last name' }).click();
  await expect(
    drawer.locator('.ant-form-item', { has: page.getByRole('textbox', { name: 'E-mail' }) }).locator('.ant-form-item-explain-error'),
  ).toHaveText('Enter a valid e-mail address');
  await drawer.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await drawer.locator('label', { hasText: 'Set a password' }).click();
  await drawer.getByLabel('New password').fill('publisher-pass');
  await page.getByTestId('affiliate-save').click();
  await expect(page.getByText('Affiliate created')).toBeVisible();
  await expect(page).toHaveURL(/\/affiliates\/members\/\d+$/);
  await expect(page.getByRole('heading', { name: `${first} Publisher` })).toBeVisible();
  const affiliateUrl = page.url();

  // block its traffic with a reason
  const reason = `Bot traffic from one source ${run}`;
  await block(page, reason);
  await expect(page.getByTestId('traffic-state')).toHaveText('Blocked');
  await expect(page.getByTestId('block-reason')).toHaveText(reason);
  await expect(page.getByTestId('block-history').getByTestId('history-reason').first()).toHaveText(reason);

  // a team, and the affiliate in it
  await page.goto('/affiliates/teams');
  await page.getByTestId('team-create').click();
  await page.locator('.ant-drawer').getByRole('textbox', { name: 'Title' }).fill(teamTitle);
  await page.getByTestId('team-save').click();
  await expect(page.getByText('Team created')).toBeVisible();
  await expect(page.getByRole('heading', { name: teamTitle })).toBeVisible();
  const teamUrl = page.url();
  await page.getByTestId('member-picker').click();
  await page.keyboard.type(email);
  await page.locator('.ant-select-item-option').filter({ hasText: email }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('member-add').click();
  await expect(page.getByText('Member added')).toBeVisible();
  await expect(page.getByTestId('team-members').getByRole('link', { name: `${first} Publisher` })).toBeVisible();

  // block the team
  await block(page, `Team under review ${run}`);
  await expect(page.getByTestId('traffic-state')).toHaveText('Blocked');

  // the member cannot be unblocked while the team is blocked: the refusal is shown with the way to the team
  await page.goto(affiliateUrl);
  await expect(page.getByTestId('block-panel')).toContainText('by the team');
  await unblock(page, 'Unblock traffic');
  await expect(page.getByTestId('unblock-refused')).toBeVisible();
  await expect(page.getByTestId('unblock-refusal')).toContainText(`blocked team "${teamTitle}"`);
  await expect(page.getByTestId('traffic-state')).toHaveText('Blocked');
  await page.screenshot({ path: 'artifacts/people-unblock-refused.png', fullPage: true });

  // unblock the team, then the member
  await page.getByTestId('refusal-team-link').click();
  await expect(page).toHaveURL(teamUrl);
  await expect(page.getByTestId('traffic-state')).toHaveText('Blocked');
  await unblock(page, 'Unblock traffic');
  await expect(page.getByTestId('traffic-state')).toHaveText('Open');

  await page.goto(affiliateUrl);
  // its own block is still there
  await expect(page.getByTestId('traffic-state')).toHaveText('Blocked');
  await unblock(page, 'Unblock traffic');
  await expect(page.getByText('Affiliate unblocked')).toBeVisible();
  await expect(page.getByTestId('traffic-state')).toHaveText('Open');
  const history = page.getByTestId('block-history');
  // newest first: its own unblock, the team's unblock and block (written on the member too), its own block
  await expect(history.getByTestId('history-action')).toHaveText(['Unblocked', 'Unblocked', 'Blocked', 'Blocked']);
  await expect(history.getByText('through the team')).toHaveCount(2);
  await page.screenshot({ path: 'artifacts/people-affiliate-unblocked.png', fullPage: true });
});

test("an affiliate manager's list shows only the affiliates they manage", async ({ page }) => {
  await signIn(page);
  const roles = await api<{ data: { items: { id: number; type: string; system: boolean }[] } }>(
    page,
    'GET',
    '/roles?type=affiliate_manager&limit=100',
  );
  const role = roles.body.data.items.find((r) => r.system) ?? roles.body.data.items[0];
  const manager = { email: `am.${run}@e2e.local`, password: 'manager-pass' };
  const created = await api<{ data: { items: { id: number }[] } }>(page, 'PUT', '/employees', {
    items: [{ email: manager.email, password: manager.password, firstName: 'Mona', lastName: `Manager${run}`, roleId: role.id }],
  });
  expect(created.status).toBe(200);
  const managerId = created.body.data.items[0].id;
  const mine = `mine.${run}@e2e.local`;
  const other = `other.${run}@e2e.local`;
  const affiliates = await api(page, 'PUT', '/affiliates', {
    items: [
      { email: mine, password: 'affiliate-pass', firstName: 'Mina', lastName: `Assigned${run}`, managerIds: [managerId] },
      { email: other, password: 'affiliate-pass', firstName: 'Otto', lastName: `Unassigned${run}` },
    ],
  });
  expect(affiliates.status).toBe(200);

  // the manager signs in in the browser
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, manager.email, manager.password);
  await page.goto('/affiliates/members/all');
  await expect(page.getByRole('heading', { name: 'Affiliates' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Mina Assigned${run}` })).toBeVisible();
  await expect(page.getByTestId('affiliate-name')).toHaveCount(1);
  await expect(page.getByText(other)).toHaveCount(0);

  // searching for the other affiliate finds nothing
  const search = page.getByPlaceholder('Name, e-mail or ID');
  await search.fill(other);
  await search.press('Enter');
  await expect(page.getByText('No affiliates found')).toBeVisible();
  await page.screenshot({ path: 'artifacts/people-manager-scope.png' });
});
