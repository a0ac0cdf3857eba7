import { expect, test } from '@playwright/test';
import { newGameVersionDefaults } from '@loci/domain';
import { createDesigner, loginToken, signInAs } from '../support/accounts.js';
import { buildFountainGame, CENTRE, createPlayer } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

// The game clock (issue 28): a one-minute limit, the countdown on the phone, and the time up that ends the
// game with the phone idle — the server's scheduler fires it, no event is sent.
test.describe.configure({ timeout: 240_000 });

test('a one-minute game: the phone counts down, and the server ends it when time is up with the phone idle', async ({
  browser,
  request,
}) => {
  const designer = await createDesigner(request, 'Clara Clock');
  const token = await loginToken(request, designer);
  const game = await buildFountainGame(request, token, {
    timeLimit: { mode: 'duration', minutes: 1, endsAt: null, endsGame: true },
  });
  const published = await request.post(`/api/design/${game.id}/gameVersions`, {
    headers: { authorization: `Bearer ${token}` },
    data: { ...newGameVersionDefaults(), versionNotes: 'One minute' },
  });
  expect(published.status(), await published.text()).toBe(201);

  // The designer's settings: the clock (desktop).
  const desk = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const settings = await desk.newPage();
  await signInAs(settings, designer);
  await settings.goto(`/fe/games/edit/${game.id}`);
  await settings.getByRole('tab', { name: 'Policies' }).click();
  await expect(settings.getByRole('group', { name: 'Clock' })).toBeVisible();
  await expect(settings.getByRole('textbox', { name: /^Minutes/ })).toHaveValue('1');
  await settings.getByRole('group', { name: 'Clock' }).scrollIntoViewIfNeeded();
  await keepScreenshot(settings, '95-clock-settings');
  await desk.close();

  // The player's phone: the countdown from the server's time.
  const player = await createPlayer(request, 'Pavlos Clock');
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    permissions: ['geolocation'],
    geolocation: { latitude: CENTRE.lat, longitude: CENTRE.lng, accuracy: 5 },
  });
  const phone = await context.newPage();
  await signInAs(phone, player);
  await phone.goto(`/fe/play/${game.id}`);
  await phone.getByRole('button', { name: 'Start playing' }).click();
  await expect(phone.locator('.leaflet-container')).toBeVisible();
  const timer = phone.getByRole('timer', { name: /^Time left/ });
  await expect(timer).toHaveText(/^(1:00|0:[0-5]\d)$/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first!, { timeout: 5000 });
  await keepScreenshot(phone, '96-clock-countdown');

  // Idle: no event leaves the phone from here on; the server's clock ends the game.
  const sent: string[] = [];
  phone.on('request', (req) => {
    if (req.method() === 'POST' && req.url().includes('/events')) sent.push(req.url());
  });
  const end = phone.getByRole('dialog').filter({ hasText: 'Time is up' });
  await expect(end).toBeVisible({ timeout: 90_000 });
  expect(sent).toEqual([]);
  await keepScreenshot(phone, '97-clock-time-up');
  await context.close();
});
