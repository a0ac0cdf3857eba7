import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newGameVersionDefaults } from '@loci/domain';
import { createDesigner, loginToken, signInAs, type Account } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { buildFountainGame, CENTRE, FOUNTAIN } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

let designer: Account;
let token: string;

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Mara Mapper');
  token = await loginToken(request, designer);
});

test('the designer reads where players went on the map and exports the locations as CSV', async ({ page, request }) => {
  const { headers } = designApi(request, token);
  const game = await buildFountainGame(request, token);
  const published = await request.post(`/api/design/${game.id}/gameVersions`, {
    headers,
    data: { ...newGameVersionDefaults(), versionNotes: 'First' },
  });
  expect(published.status(), await published.text()).toBe(201);

  // Two players walk: one to the fountain and back, one only around the square.
  for (const [name, walk] of [
    ['Walker One', [CENTRE, FOUNTAIN, CENTRE]],
    ['Walker Two', [CENTRE, { lat: CENTRE.lat, lng: CENTRE.lng + 0.001 }]],
  ] as const) {
    const player = await createDesigner(request, name);
    const playerHeaders = { authorization: `Bearer ${await loginToken(request, player)}` };
    const started = await request.post(`/api/play/games/${game.id}/instances`, { headers: playerHeaders, data: {} });
    expect(started.status(), await started.text()).toBe(201);
    const { instanceId } = (await started.json()) as { instanceId: string };
    for (const place of walk) {
      const moved = await request.post(`/api/play/instances/${instanceId}/events`, {
        headers: playerHeaders,
        data: { type: 'location', latitude: place.lat, longitude: place.lng },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
  }

  await signInAs(page, designer);
  await page.goto(`/fe/analytics/${game.id}`);
  const main = page.getByRole('main');
  await main.getByRole('tab', { name: 'Map' }).click();
  const locations = main.getByRole('region', { name: 'Locations' });
  const fountain = locations.getByRole('row', { name: /The Fountain/ });
  // One visit by one player, who reached no milestone afterwards.
  await expect(fountain.getByRole('cell')).toHaveText(['The Fountainfountain', '1', '1', /^0:00:\d\d$/, '1']);
  const heat = main.getByRole('region', { name: 'Where players went' });
  await expect(heat.getByText('Players', { exact: true }).locator('..')).toContainText('2');
  await expect(heat.getByText('Positions', { exact: true }).locator('..')).toContainText('5');
  await expect(
    main.getByRole('region', { name: 'Map of player positions' }).locator('canvas.leaflet-heatmap-layer'),
  ).toHaveCount(1);

  // The track of the first walker.
  await main.getByPlaceholder('Choose players').click();
  await page.getByRole('option', { name: 'Walker One' }).click();
  await page.keyboard.press('Escape');
  await expect(main.locator('path.leaflet-interactive')).not.toHaveCount(0);
  // The picture of docs/analytics.md: the window as tall as the page, so the fixed footer sits below it.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: viewport.width, height: 2000 });
  await keepScreenshot(page, '90-map-analytics');
  await page.setViewportSize(viewport);

  const download = page.waitForEvent('download');
  await locations.getByRole('button', { name: 'Export MapGeofences.csv' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('MapGeofences.csv');
  const text = await readFile((await file.path())!, 'utf8');
  expect(text).toContain('Location,System name,Visits,Unique players,Median seconds inside,No milestone after');
  expect(text).toMatch(/The Fountain,fountain,1,1,\d+,1/);
});
