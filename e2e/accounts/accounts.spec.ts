import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from '../support/env.js';
import { linkIn, waitForMail } from '../support/mailbox.js';
import { keepScreenshot } from '../support/screens.js';

const unique = Date.now().toString(36);

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/fe/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a newcomer signs up, confirms by mail, asks to become a designer and an admin approves', async ({
  page,
  browser,
}) => {
  const email = `newcomer-${unique}@e2e.test`;
  const password = 'walk-the-city-1';

  await page.goto('/fe/');
  await keepScreenshot(page, '01-landing');
  await page.getByRole('link', { name: 'Sign up' }).first().click();
  await expect(page).toHaveURL(/\/fe\/register$/);
  await page.getByLabel('Full name').fill('Nora Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill('something-else');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await keepScreenshot(page, '02-register-error');
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/fe\/registersuccess$/);
  await keepScreenshot(page, '03-register-success');

  // Signing in before confirming is refused with a way to get the mail again.
  await signIn(page, email, password);
  await expect(page.getByRole('link', { name: 'Resend confirmation email?' })).toBeVisible();

  const confirmation = await waitForMail(email, /confirm/i);
  await page.goto(linkIn(confirmation, '/fe/confirmemail'));
  await expect(page.getByText(/confirmed/i).first()).toBeVisible();
  await keepScreenshot(page, '04-confirmed');

  await signIn(page, email, password);
  await expect(page.getByText('No game authoring rights. Current role: player')).toBeVisible();
  await keepScreenshot(page, '05-player-warning');
  await page.getByRole('link', { name: 'Upgrade your account' }).click();
  await expect(page).toHaveURL(/\/fe\/account$/);
  await page.getByRole('button', { name: 'Request designer role' }).click();
  await expect(page.getByRole('button', { name: 'Cancel request' })).toBeVisible();
  await keepScreenshot(page, '06-account-pending');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole('heading', { name: 'Games' })).toBeVisible();
  await admin.getByRole('link', { name: 'Admin' }).first().click();
  await expect(admin).toHaveURL(/\/fe\/admin$/);
  await keepScreenshot(admin, '07-admin-dashboard');
  await admin.goto('/fe/admin/role-requests');
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await keepScreenshot(admin, '08-role-requests');
  await row.getByRole('button', { name: 'Approve' }).click();
  await admin.getByLabel('Reason').fill('Welcome aboard');
  await admin.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('Request approved').first()).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await adminContext.close();

  const decision = await waitForMail(email, /designer|request/i);
  expect(decision.text).toContain('Welcome aboard');

  await page.goto('/fe/');
  await expect(page.getByRole('heading', { name: 'Games' })).toBeVisible();
  await expect(page.getByText('No game authoring rights')).toHaveCount(0);
  await keepScreenshot(page, '09-designer-games');
});

test('a forgotten password is reset through the mailed link, once', async ({ page, request }) => {
  const email = `forgetful-${unique}@e2e.test`;
  const res = await request.post('/api/users/register', {
    data: { name: 'Fergus Forgetful', email, password: 'first-password', password2: 'first-password' },
  });
  expect(res.status()).toBe(201);
  await page.goto(linkIn(await waitForMail(email, /confirm/i), '/fe/confirmemail'));
  await expect(page.getByText(/confirmed/i).first()).toBeVisible();

  await page.goto('/fe/login');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/fe\/forgot$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send' }).click();
  await keepScreenshot(page, '10-forgot-sent');
  const resetLink = linkIn(await waitForMail(email, /reset/i), '/fe/forgotchange');

  await page.goto(resetLink);
  await page.getByLabel('New password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm password').fill('second-password');
  await keepScreenshot(page, '11-forgotchange-form');
  await page.getByRole('button', { name: /change password/i }).click();
  await expect(page.getByText(/password has been changed|password changed/i).first()).toBeVisible();

  await signIn(page, email, 'first-password');
  await expect(page.getByText('Password incorrect')).toBeVisible();
  await signIn(page, email, 'second-password');
  await expect(page.getByText('No game authoring rights. Current role: player')).toBeVisible();

  // The same link does not work twice.
  await page.getByRole('button', { name: 'Fergus Forgetful' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.goto(resetLink);
  await page.getByLabel('New password', { exact: true }).fill('third-password');
  await page.getByLabel('Confirm password').fill('third-password');
  await page.getByRole('button', { name: /change password/i }).click();
  await expect(
    page.getByText('The address you used has expired. Please restart the reset password procedure.').first(),
  ).toBeVisible();
});

test('deep links survive a reload and unknown paths say so', async ({ page }) => {
  await page.goto('/fe/privacy');
  await page.reload();
  await expect(page.getByText('July 6, 2021')).toBeVisible();
  await keepScreenshot(page, '12-privacy');

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Games' })).toBeVisible();
  await page.goto('/fe/admin/role-requests');
  await page.reload();
  await expect(page).toHaveURL(/\/fe\/admin\/role-requests$/);
  await expect(page.getByRole('heading', { name: /role requests/i })).toBeVisible();

  await page.goto('/fe/no/such/page');
  await expect(page.getByText('No Route match')).toBeVisible();

  const api = await page.request.get('/api/no/such/route');
  expect(api.status()).toBe(404);
  expect((await api.json()).message).toBeTruthy();
});
