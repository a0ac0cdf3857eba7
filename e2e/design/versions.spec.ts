import { expect, test } from '@playwright/test';
import { newGameDefaults, newGameVersionDefaults, newItemDefaults, newSceneDefaults } from '@loci/domain';
import { createDesigner, loginToken, signInAs } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 20_000 });

const HARBOUR = { lat: 35.517, lng: 24.018 };

test('a designer compares a version with the working copy in words, rolls back and undoes it', async ({
  page,
  request,
}) => {
  const designer = await createDesigner(request, 'Vera Versions');
  const token = await loginToken(request, designer);
  const { headers, create } = designApi(request, token);
  const defaults = newGameDefaults(new Date());
  const game = await create('/api/design/games', {
    ...defaults,
    title: 'Harbour versions',
    pg: { ...defaults.pg, place: { ...HARBOUR, radius: 1000 } },
  });
  const design = `/api/design/${game.id}`;
  const scene = await create<{ id: string } & Record<string, unknown>>(`${design}/scenes`, {
    ...newSceneDefaults(HARBOUR),
    name: 'Harbour',
    title: 'The Harbour',
    radius: 600,
    gameId: game.id,
  });
  const published = await request.post(`${design}/gameVersions`, {
    headers,
    data: { ...newGameVersionDefaults(), versionNotes: 'First' },
  });
  expect(published.status(), await published.text()).toBe(201);
  const v1 = (await published.json()) as { id: string };
  // The working copy moves on: the scene renamed, an item added.
  const renamed = await request.patch(`${design}/scenes/${scene.id}`, {
    headers,
    data: { ...scene, name: 'Old port' },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await create(`${design}/items`, { ...newItemDefaults(), name: 'Brass key', title: 'Brass key', gameId: game.id });

  await signInAs(page, designer);
  await page.goto(`/fe/games/${game.id}/gameVersions/edit/${v1.id}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Compare' }).click();
  await expect(page).toHaveURL(new RegExp(`/gameVersions/compare/${v1.id}$`));
  const changes = main.getByRole('list', { name: 'Compare' });
  await expect(changes.getByRole('listitem')).toHaveText([
    "Scene 'Old port': name changed from 'Harbour' to 'Old port'",
    "Item 'Brass key' added",
  ]);
  await keepScreenshot(page, '90-versions-compare');

  await main.getByRole('button', { name: 'Roll back to this version' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Roll back to this version' }).click();
  await expect(main.getByText('No changes: the two are the same.')).toBeVisible();
  const scenes = async () =>
    ((await (await request.get(`${design}/scenes`, { headers })).json()) as { name: string }[]).map((s) => s.name);
  expect(await scenes()).toEqual(['Harbour']);

  await main.getByRole('button', { name: 'Undo roll back' }).click();
  await expect(changes.getByRole('listitem')).toHaveCount(2);
  expect(await scenes()).toEqual(['Old port']);
});
