/**
 * The auth screens on their own form kit (features/access/auth/kit.tsx, docs/decisions/web.md "The login page under 200 KB"):
 * the shared rules' messages in both languages, the server's answer as a toast, the 2FA step, recovery and
 * registration through the form.
 */
import { expect, test } from '@playwright/test';
import { ADMIN } from './helpers';

test('the login form checks its fields by the shared rules, in the language shown', async ({ page }) => {
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await page.locator('input#email').fill('not-an-email');
  await page.locator('input#email').blur();
  await expect(form.getByText('Enter a valid e-mail address')).toBeVisible();
  await form.locator('button[type=submit]').click();
  await expect(form.getByText('This field is required')).toBeVisible();
  // a language switch shows the messages already on the form in the new language
  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: 'Русский' }).click();
  await expect(form.getByText('Введите корректный e-mail')).toBeVisible();
  await expect(form.getByText('Обязательное поле')).toBeVisible();
  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(form.getByText('Enter a valid e-mail address')).toBeVisible();
  // typing clears the e-mail's message until the field is left again (required on change, the format on blur)
  await page.locator('input#email').fill(ADMIN.email);
  await expect(form.getByText('Enter a valid e-mail address')).toHaveCount(0);
  // a wrong password: the server's answer as a toast, loaded on demand
  await page.locator('input#password').fill('wrong-pass-1');
  await form.locator('button[type=submit]').click();
  await expect(page.locator('.ant-notification-notice').getByText('Invalid e-mail or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the two-factor step asks for the code and reads a wrong one as "Invalid code"', async ({ page }) => {
  let calls = 0;
  const bodies: unknown[] = [];
  await page.route('**/api/v1/auth/login', async (route) => {
    calls += 1;
    bodies.push(route.request().postDataJSON());
    if (calls === 1)
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: { twoFactorRequired: true } }) });
    else {
      const error = { loc: ['body', 'code'], msg: 'Invalid code, please try again', type: 'value_error' };
      await route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Invalid code, please try again', errors: [error] }),
      });
    }
  });
  await page.goto('/login');
  await page.locator('input#email').fill(ADMIN.email);
  await page.locator('input#password').fill(ADMIN.password);
  await page.locator('[data-testid=login-form] button[type=submit]').click();
  const step = page.getByTestId('two-factor-form');
  await expect(step).toBeVisible();
  // fewer than six digits: the shared code rule's message, no request
  await page.keyboard.type('123');
  await step.locator('button[type=submit]').click();
  await expect(step.getByText('Invalid code, please try again')).toBeVisible();
  expect(calls).toBe(1);
  await step.getByLabel('OTP Input 4').click();
  await page.keyboard.type('456');
  await step.locator('button[type=submit]').click();
  await expect.poll(() => calls).toBe(2);
  expect(bodies[1]).toEqual({ email: ADMIN.email, password: ADMIN.password, code: '123456' });
  await expect(step.getByText('Invalid code, please try again')).toBeVisible();
  await step.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByTestId('login-form')).toBeVisible();
});

test('recovery sends the link and counts down to a resend', async ({ page }) => {
  await page.goto('/login/recoveryPassword');
  await page.locator('input#email').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await expect(page.getByTestId('resend')).toBeDisabled();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a new affiliate registers through the form and is signed in', async ({ page }) => {
  await page.goto('/registration');
  const form = page.getByTestId('registration-form');
  await form.locator('button[type=submit]').click();
  await expect(form.getByText('This field is required')).toHaveCount(4);
  const email = `reg.${Date.now()}@e2e.local`;
  await page.locator('input#firstName').fill('Rita');
  await page.locator('input#email').fill(email);
  await page.locator('input#password').fill('affiliate-pass');
  await page.locator('input#confirmPassword').fill('affiliate-pas');
  await expect(form.getByText('The passwords do not match')).toBeVisible();
  await page.locator('input#confirmPassword').fill('affiliate-pass');
  await expect(form.getByText('The passwords do not match')).toHaveCount(0);
  // the address is taken: the check on leaving the field says so
  await page.locator('input#email').fill(ADMIN.email);
  await page.locator('input#email').blur();
  await expect(form.getByText('This e-mail is already registered')).toBeVisible();
  await page.locator('input#email').fill(email);
  await form.locator('button[type=submit]').click();
  await expect(page.getByTestId('sidebar')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/statistics/);
});
