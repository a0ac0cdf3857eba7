import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createDesigner, signInAs, type Account } from '../support/accounts.js';
import { checkAccessibility } from '../support/axe.js';
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
  // A phone photo, far over the 0.5 MB limit: the browser offers to shrink it, then uploads the smaller copy.
  const logo = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#0ca678',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(1.5)
    .jpeg({ quality: 95 })
    .toBuffer();
  expect(logo.length).toBeGreaterThan(2_000_000);
  await page.getByLabel('Upload media files').setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: logo });
  const offer = page.getByRole('dialog', { name: 'Shrink the image?' });
  await expect(offer.getByText(/^logo\.jpg — \d+(\.\d)? MB$/)).toBeVisible();
  await checkAccessibility(page, 'shrink-image-offer');
  await offer.getByRole('button', { name: 'Shrink and upload' }).click();
  await expect(page.getByText('Media uploaded').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^\d+ KB · logo\.jpg$/)).toBeVisible();
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
  const searched = page.waitForResponse((answer) => /\/api\/design\/games\?.*\bq=/.test(answer.url()));
  await page.getByLabel('Search games').fill(title.slice(0, 12));
  await searched;
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: `Logo of ${title}` })).toBeVisible();
  // The search's answer is in (the list is dimmed while it is read).
  await expect(page.getByTestId('games-grid')).toHaveAttribute('aria-busy', 'false');
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
