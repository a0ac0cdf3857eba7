import { expect, test } from '@playwright/test';
import { createDesigner, signInAs } from '../support/accounts.js';
import { keepScreenshot } from '../support/screens.js';

test('signing out everywhere and changing the password send the other devices back to sign-in', async ({
  browser,
  page,
  request,
}) => {
  const sam = await createDesigner(request, 'Sam Sessions');
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await signInAs(page, sam);
  await signInAs(phone, sam);

  await page.goto('/fe/account');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await keepScreenshot(page, '30-sign-out-everywhere');
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByText('Every other device was signed out.')).toBeVisible();

  // The other device is sent to sign-in at its next call; this one stays signed in.
  await phone.goto('/fe/');
  await expect(phone).toHaveURL(/\/fe\/login$/);
  await expect(phone.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();

  await signInAs(phone, sam);
  await page.getByLabel('Current password').fill(sam.password);
  await page.getByLabel('New password', { exact: true }).fill('a-new-password-2');
  await page.getByLabel('Confirm new password').fill('a-new-password-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed. Every other device was signed out.')).toBeVisible();
  await keepScreenshot(page, '31-password-changed');

  await phone.goto('/fe/');
  await expect(phone).toHaveURL(/\/fe\/login$/);
  await signInAs(phone, { email: sam.email, password: 'a-new-password-2' });
  await phoneContext.close();
});
