import { expect, test, type Browser, type APIRequestContext } from '@playwright/test';
import { createDesigner, loginToken, signInAs, type Account } from '../support/accounts.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

const TITLE = 'Secrets of the Old Harbour';

/** The author makes a game from the harbour sample and opens it to cloning, so that it shows in the gallery. */
async function shareSample(request: APIRequestContext, author: Account): Promise<string> {
  const headers = { authorization: `Bearer ${await loginToken(request, author)}` };
  const created = await request.post('/api/design/samples/secrets-of-the-old-harbour', { headers, data: {} });
  expect(created.status(), await created.text()).toBe(201);
  const gameId = ((await created.json()) as { id: string }).id;
  const game = (await (await request.get(`/api/design/games/${gameId}`, { headers })).json()) as Record<
    string,
    unknown
  >;
  const opened = await request.patch(`/api/design/games/${gameId}`, {
    headers,
    data: { ...game, publicAccess: 'clone' },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  return gameId;
}

/** A new designer, on a page of `size`, clones the shared sample from the gallery to where they click on the map. */
async function cloneFromGallery(
  browser: Browser,
  request: APIRequestContext,
  sourceId: string,
  size: { width: number; height: number },
  screen: string,
) {
  const designer = await createDesigner(request, `Nina Newcomer ${screen}`);
  const page = await browser.newPage({ viewport: size });
  await signInAs(page, designer);
  await page.goto('/fe/gallery');
  const card = page.getByRole('article', { name: TITLE }).first();
  await expect(card).toBeVisible();
  await expect(page.getByRole('region', { name: /map/i }).first()).toBeVisible();
  // The cover is shown (naturalWidth is 0 until the image has loaded).
  await expect
    .poll(() =>
      card
        .locator('img')
        .first()
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  await keepScreenshot(page, `85-gallery-${screen}`);

  await card.getByRole('button', { name: 'Clone to another place…' }).click();
  const dialog = page.getByRole('dialog', { name: `Clone ${TITLE} to another place` });
  await expect(dialog).toBeVisible();
  const latitude = dialog.getByLabel('Latitude');
  const before = Number(await latitude.inputValue());
  // Place it on the map: a click above the marker moves the new centre north.
  const map = dialog.getByRole('region', { name: 'New centre' });
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2, y: box.height / 4 } });
  await expect.poll(async () => Number(await latitude.inputValue())).toBeGreaterThan(before);
  const chosen = {
    lat: Number(await latitude.inputValue()),
    lng: Number(await dialog.getByLabel('Longitude').inputValue()),
  };
  await keepScreenshot(page, `86-gallery-clone-to-${screen}`);
  await dialog.getByRole('button', { name: 'Clone here' }).click();

  // Their own copy opens in the workspace.
  await expect(page).toHaveURL(/\/fe\/games\/[0-9a-f-]{36}$/);
  const copyId = /\/fe\/games\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  expect(copyId).not.toBe(sourceId);
  await expect(page.getByText('Loading game…')).toHaveCount(0);
  // The workspace's breadcrumb (the navbar names the open game too, but not on a phone).
  await expect(page.getByRole('main').getByText(`Copy of ${TITLE}`).first()).toBeVisible();
  await keepScreenshot(page, `87-gallery-copy-workspace-${screen}`);

  const headers = { authorization: `Bearer ${await loginToken(request, designer)}` };
  const copy = (await (await request.get(`/api/design/games/${copyId}`, { headers })).json()) as {
    title: string;
    userId: { name: string };
    publicAccess: string;
    pg: { place: { lat: number; lng: number } };
  };
  expect(copy).toMatchObject({ title: `Copy of ${TITLE}`, userId: { name: designer.name }, publicAccess: 'no' });
  expect(copy.pg.place.lat).toBeCloseTo(chosen.lat, 4);
  expect(copy.pg.place.lng).toBeCloseTo(chosen.lng, 4);
  const workspace = (await (await request.get(`/api/design/${copyId}/workspace`, { headers })).json()) as {
    scenes: Array<{ name: string }>;
  };
  expect(workspace.scenes.map((scene) => scene.name)).toEqual(['Harbour']);
  await page.close();
}

test('a newcomer clones a sample game from the gallery to a place they pick on the map, on a phone and a desktop', async ({
  browser,
  request,
}) => {
  const author = await createDesigner(request, 'Sofia Sharer');
  const sourceId = await shareSample(request, author);
  await cloneFromGallery(browser, request, sourceId, { width: 1280, height: 800 }, 'desktop');
  await cloneFromGallery(browser, request, sourceId, { width: 390, height: 844 }, 'phone');
});
