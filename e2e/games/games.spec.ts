import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createDesigner, signInAs, type Account } from '../support/accounts.js';
import { keepScreenshot } from '../support/screens.js';

let owner: Account;
let coDesigner: Account;
let cloner: Account;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ request }) => {
  owner = await createDesigner(request, 'Olga Owner');
  coDesigner = await createDesigner(request, 'Costas Codesigner');
  cloner = await createDesigner(request, 'Chloe Cloner');
});

test('a designer creates a game, fixes a validation error, sets its logo, shares it, and finds it again', async ({
  page: ownerPage,
  browser,
}) => {
  let page = ownerPage;
  const title = `Harbour Secrets ${Date.now().toString(36)}`;
  await signInAs(page, owner);
  await expect(page.getByText('Nothing to see here...')).toBeVisible();
  await keepScreenshot(page, '20-games-empty');

  await page.getByRole('link', { name: 'New Game' }).click();
  await expect(page).toHaveURL(/\/fe\/games\/new$/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please correct the errors in the form').first()).toBeVisible();
  await keepScreenshot(page, '21-settings-errors');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('tab', { name: /Access/ }).click();
  await page.getByLabel('Co-designers').fill(coDesigner.email);
  await page.getByRole('radiogroup', { name: 'Public access' }).getByText('View and clone').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Game ${title} created`).first()).toBeVisible();
  await expect(page).toHaveURL(/\/fe\/games\/edit\/[0-9a-f-]+$/);
  const gameId = page.url().split('/').pop()!;

  // The logo, through the media library.
  await page.getByRole('tab', { name: /General/ }).click();
  await page.getByRole('button', { name: 'Choose' }).first().click();
  const logo = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#0ca678' } })
    .png()
    .toBuffer();
  await page.getByLabel('Upload media files').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByText('Media uploaded').first()).toBeVisible();
  await keepScreenshot(page, '22-media-library');
  // A fresh upload is selected at once, titled after its file name.
  await expect(page.getByRole('button', { name: 'Select logo' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('dialog').getByRole('button', { name: 'Choose' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Game ${title} saved`).first()).toBeVisible();
  await keepScreenshot(page, '23-settings-saved');

  // While the owner edits, the co-designer sees the lock banner and cannot save.
  const other = await browser.newContext();
  const coPage = await other.newPage();
  await signInAs(coPage, coDesigner);
  await coPage.goto(`/fe/games/edit/${gameId}`);
  await expect(
    coPage.getByText(
      'This resource is currently being edited by another user. Please wait until they are done before making any changes',
    ),
  ).toBeVisible();
  await expect(coPage.getByRole('button', { name: 'Save' })).toBeDisabled();
  await keepScreenshot(coPage, '24-lock-banner');
  await other.close();

  // The games list finds it by a search of more than 3 characters.
  await page.goto('/fe/');
  await page.getByLabel('Search games').fill(title.slice(0, 12));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: `Logo of ${title}` })).toBeVisible();
  await keepScreenshot(page, '25-games-search');

  // Another designer clones it from the Public tab.
  const clonerContext = await browser.newContext();
  page = await clonerContext.newPage();
  await signInAs(page, cloner);
  await page.getByRole('tab', { name: 'Public' }).click();
  await page.getByLabel('Search games').fill(title.slice(0, 12));
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Clone', exact: true }).click();
  await expect(page.getByText('Operation cannot be Undone. Do you want to proceed?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByText('Game cloned').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Mine' }).click();
  await page.getByLabel('Search games').fill('');
  await expect(page.getByRole('heading', { name: new RegExp(`Copy of ${title}`) })).toBeVisible();
  await keepScreenshot(page, '26-cloned');
  await clonerContext.close();
});
