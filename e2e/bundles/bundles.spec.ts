import { expect, test } from '@playwright/test';
import { createDesigner, loginToken, signInAs } from '../support/accounts.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 150_000 });
test.use({ actionTimeout: 15_000 });

const HELSINKI = { lat: 60.1699, lng: 24.9384 };

test('a game travels: made from a sample, exported, imported by another designer in another city, and playtested there', async ({
  browser,
  request,
}) => {
  const author = await createDesigner(request, 'Anna Author');
  const traveller = await createDesigner(request, 'Tomas Traveller');

  // The author starts from a sample on their empty games list.
  const authorPage = await browser.newPage();
  await signInAs(authorPage, author);
  await authorPage.goto('/fe/');
  const sample = authorPage.getByRole('article', { name: 'Acropolis Quiz Walk' });
  await expect(sample).toBeVisible();
  await keepScreenshot(authorPage, '80-samples-on-empty-list');
  await sample.getByRole('button', { name: 'Create from this sample' }).click();
  await authorPage
    .getByRole('dialog', { name: 'Create Acropolis Quiz Walk' })
    .getByRole('button', { name: 'Create it here' })
    .click();
  await expect(authorPage).toHaveURL(/\/fe\/games\/[0-9a-f-]{36}/);

  // … and exports it from the card's menu.
  await authorPage.goto('/fe/');
  await authorPage.getByRole('button', { name: 'Actions for Acropolis Quiz Walk' }).click();
  const downloading = authorPage.waitForEvent('download');
  await authorPage.getByRole('menuitem', { name: 'Export bundle' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('acropolis-quiz-walk.loci.zip');
  const bundlePath = await download.path();

  // Another designer imports it, moved to Helsinki.
  const page = await browser.newPage();
  await signInAs(page, traveller);
  await page.goto('/fe/');
  await page.getByRole('button', { name: 'Import a game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a game bundle' });
  await dialog.locator('input[type="file"]').setInputFiles(bundlePath);
  await dialog.getByRole('switch', { name: 'Move it to another place' }).check();
  await dialog.getByLabel('Latitude').fill(String(HELSINKI.lat));
  await dialog.getByLabel('Longitude').fill(String(HELSINKI.lng));
  await keepScreenshot(page, '81-import-with-relocation');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(page).toHaveURL(/\/fe\/games\/[0-9a-f-]{36}/);
  const gameId = /\/fe\/games\/([0-9a-f-]{36})/.exec(page.url())![1]!;

  const headers = { authorization: `Bearer ${await loginToken(request, traveller)}` };
  const imported = (await (await request.get(`/api/design/games/${gameId}`, { headers })).json()) as {
    title: string;
    userId: { name: string };
    pg: { place: { lat: number; lng: number } };
  };
  expect(imported.title).toBe('Acropolis Quiz Walk');
  expect(imported.userId.name).toBe('Tomas Traveller');
  expect(imported.pg.place.lat).toBeCloseTo(HELSINKI.lat, 4);
  expect(imported.pg.place.lng).toBeCloseTo(HELSINKI.lng, 4);

  // The traveller playtests it in Helsinki: walking into the gate shows its info box.
  await page.getByRole('link', { name: 'Playtest' }).click();
  await expect(page.getByRole('heading', { name: 'Acropolis Quiz Walk' })).toBeVisible();
  await expect(page.locator('.loci-walker')).toBeVisible();
  const places = page.locator('path.loci-location');
  await expect(places).toHaveCount(2);
  // The map opens on the playground's centre: walk into whichever place is on screen (the other lies beyond the edge).
  const viewport = page.viewportSize()!;
  const boxes = await Promise.all((await places.all()).map((place) => place.boundingBox()));
  const onScreen = boxes.find(
    (box) =>
      box &&
      box.x > 0 &&
      box.y > 60 &&
      box.x + box.width < viewport.width * 0.65 &&
      box.y + box.height < viewport.height - 60,
  );
  expect(onScreen).toBeTruthy();
  await page.mouse.click(onScreen!.x + onScreen!.width / 2, onScreen!.y + onScreen!.height / 2);
  const shown = page.getByRole('dialog', { name: /Hadrian’s gate|The theatre quiz/ });
  await expect(shown).toBeVisible();
  await keepScreenshot(page, '82-imported-game-playtested');
});
