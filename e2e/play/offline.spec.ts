import { expect, test, type Request } from '@playwright/test';
import { createDesigner, loginToken } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { buildFountainGame, CENTRE, createPlayer, FOUNTAIN } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 150_000 });
test.use({
  actionTimeout: 15_000,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  permissions: ['geolocation'],
  geolocation: { latitude: CENTRE.lat, longitude: CENTRE.lng },
  serviceWorkers: 'allow',
});

interface SentEvent {
  type: string;
  clientEventId: string;
}

test('the player installs the app, walks offline (three moves wait, then go once each, in order), reloads mid-question and opens the game without network', async ({
  page,
  context,
  request,
}) => {
  const designer = await createDesigner(request, 'Olga Offline');
  const token = await loginToken(request, designer);
  const game = await buildFountainGame(request, token);
  await designApi(request, token).publish(game.id, 'Offline walk');
  const player = await createPlayer(request, 'Ostap Offline');

  // Every event that reached the server and was answered (failed attempts without network are not counted).
  const delivered: SentEvent[] = [];
  page.on('requestfinished', (finished: Request) => {
    if (finished.method() === 'POST' && /\/api\/play\/instances\/[^/]+\/events$/.test(finished.url()))
      delivered.push(finished.postDataJSON() as SentEvent);
  });

  await page.goto('/fe/login');
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(`/fe/play/${game.id}`);
  // Installable from the page a share link or a QR code opens: the player's own manifest is linked and served,
  // and the installed app opens on the player's home (My games); the service worker controls the page.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/fe/play.webmanifest');
  const manifestAnswer = await request.get(manifestHref!);
  expect(manifestAnswer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await manifestAnswer.json();
  expect(manifest).toMatchObject({
    short_name: 'Loci Play',
    start_url: '/fe/my-games',
    scope: '/fe/',
    display: 'standalone',
  });
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  const scope = await page.evaluate<string>('navigator.serviceWorker.ready.then((registration) => registration.scope)');
  expect(scope).toMatch(/\/fe\/$/);
  await page.getByRole('button', { name: 'Start playing' }).click();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expect(page.evaluate<boolean>('!!navigator.serviceWorker.controller')).resolves.toBe(true);
  // The game's data is on the device.
  await expect(page.getByTestId('offline-ready')).toContainText('Ready offline');
  await keepScreenshot(page, '80-offline-ready');

  // The device loses the network mid-walk: three moves wait on the device, counted on screen.
  const online = delivered.length;
  await context.setOffline(true);
  await context.setGeolocation({ latitude: FOUNTAIN.lat, longitude: FOUNTAIN.lng });
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveText('Offline — 1 move waiting');
  // A tap on the place (at its edge: the player's dot stands in its middle) contacts it.
  const place = (await page.locator('path.loci-location').boundingBox())!;
  await page.mouse.click(place.x + 4, place.y + place.height / 2);
  await page.getByRole('button', { name: 'Tap this place' }).click();
  await expect(banner).toHaveText('Offline — 2 moves waiting');
  await context.setGeolocation({ latitude: FOUNTAIN.lat + 0.0001, longitude: FOUNTAIN.lng });
  await expect(banner).toHaveText('Offline — 3 moves waiting');
  await keepScreenshot(page, '81-offline-three-moves-waiting');
  expect(delivered).toHaveLength(online);

  // Back online: the moves go in the order they were made, each once, and the game catches up.
  await context.setOffline(false);
  const story = page.getByRole('dialog', { name: 'The fountain' });
  await expect(story).toBeVisible();
  await expect(banner).toBeHidden();
  await expect.poll(() => delivered.length).toBeGreaterThanOrEqual(online + 3);
  await keepScreenshot(page, '82-offline-caught-up');
  const walk = delivered.slice(online, online + 3);
  expect(walk.map((event) => event.type)).toEqual(['location', 'contact', 'location']);
  const ids = delivered.map((event) => event.clientEventId);
  expect(ids.every((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id))).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);

  // A reload mid-question comes back to the question.
  await story.getByRole('button', { name: 'Ok' }).click();
  const asked = page.getByRole('dialog', { name: 'The bottom of the fountain' });
  await expect(asked).toBeVisible();
  await page.reload();
  await expect(asked).toBeVisible();
  await keepScreenshot(page, '83-offline-question-after-reload');
  await asked.getByRole('radio', { name: 'A coin' }).check();
  await asked.getByRole('button', { name: 'Ok' }).click();
  await expect(asked).toBeHidden();

  // The item is given once.
  await page.getByRole('button', { name: 'Backpack' }).click();
  const coin = page.getByTestId('backpack-item').filter({ hasText: 'Old coin' });
  await expect(coin).toBeVisible();
  await expect(coin.getByText('1', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.mantine-Drawer-overlay')).toHaveCount(0);
  expect(new Set(delivered.map((event) => event.clientEventId)).size).toBe(delivered.length);

  // Without any network, the app opens from the device and the game resumes where it was.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Fountain Trail' })).toBeVisible();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await keepScreenshot(page, '84-offline-reload-without-network');
  await context.setOffline(false);

  // Signing out on a shared phone leaves nothing of this player on the device: no saved state, no queue,
  // no cached answer about their instance (the next person finds the game's public lobby).
  // (A string: the e2e workspace has no DOM types.)
  const leftOnDevice = () =>
    page.evaluate<{ events: number; snapshots: number; instanceAnswers: string[] }>(`(async () => {
      const db = await new Promise((resolve, reject) => {
        const opening = indexedDB.open('loci-player');
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      const count = (store) => new Promise((resolve) => {
        const counting = db.transaction(store).objectStore(store).count();
        counting.onsuccess = () => resolve(counting.result);
      });
      const events = await count('events');
      const snapshots = await count('snapshots');
      db.close();
      const cached = [];
      for (const name of await caches.keys()) {
        if (!name.startsWith('loci-')) continue;
        for (const request of await (await caches.open(name)).keys()) cached.push(new URL(request.url).pathname);
      }
      return { events, snapshots, instanceAnswers: cached.filter((path) => path.startsWith('/api/play/instances/')) };
    })()`);
  const before = await leftOnDevice();
  expect(before.snapshots).toBeGreaterThan(0);
  expect(before.instanceAnswers.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Game menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Fountain Trail' })).toBeVisible();
  await expect(page.locator('.leaflet-container')).toHaveCount(0);
  await expect.poll(leftOnDevice).toEqual({ events: 0, snapshots: 0, instanceAnswers: [] });
});
