import { expect, test } from '@playwright/test';
import { newGameVersionDefaults } from '@loci/domain';
import { createDesigner, loginToken } from '../support/accounts.js';
import { buildFountainGame, CENTRE, createPlayer, FOUNTAIN } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 120_000 });
test.use({
  actionTimeout: 15_000,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  permissions: ['geolocation'],
  geolocation: { latitude: CENTRE.lat, longitude: CENTRE.lng, accuracy: 5 },
});

test('a place with "stay 6 s": the player sees the countdown, walks out and sees it reset, comes back and is let in when it ends', async ({
  page,
  context,
  request,
}) => {
  const designer = await createDesigner(request, 'Dora Dwell');
  const token = await loginToken(request, designer);
  const game = await buildFountainGame(request, token, {}, { dwell: 6 });
  const published = await request.post(`/api/design/${game.id}/gameVersions`, {
    headers: { authorization: `Bearer ${token}` },
    data: { ...newGameVersionDefaults(), versionNotes: 'Stay at the fountain' },
  });
  expect(published.status(), await published.text()).toBe(201);
  const player = await createPlayer(request, 'Dimos Dwell');

  await page.goto('/fe/login');
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/fe/play/${game.id}`);
  await page.getByRole('button', { name: 'Start playing' }).click();
  await expect(page.locator('.leaflet-container')).toBeVisible();

  // At the fountain: not entered yet, a countdown instead.
  const timer = page.getByRole('timer');
  const story = page.getByRole('dialog', { name: 'The fountain' });
  await context.setGeolocation({ latitude: FOUNTAIN.lat, longitude: FOUNTAIN.lng, accuracy: 5 });
  await expect(timer).toHaveText(/^Stay here 0:0[1-6]$/);
  await keepScreenshot(page, '85-dwell-countdown');
  await expect(story).toBeHidden();

  // Walking away before the end: the countdown goes, and the player is told it starts again.
  await context.setGeolocation({ latitude: CENTRE.lat, longitude: CENTRE.lng, accuracy: 5 });
  await expect(timer).toBeHidden();
  await expect(page.getByText('You left The Fountain: the timer starts again when you are back.')).toBeVisible();
  await keepScreenshot(page, '86-dwell-reset');

  // Back, and standing still: the whole time again, then the place is entered (its story shows) with no move.
  await context.setGeolocation({ latitude: FOUNTAIN.lat, longitude: FOUNTAIN.lng, accuracy: 5 });
  await expect(timer).toHaveText(/^Stay here 0:0[4-6]$/);
  await expect(story).toBeVisible({ timeout: 20_000 });
  await expect(timer).toBeHidden();
});
