import { expect, test } from '@playwright/test';
import { newGameVersionDefaults } from '@loci/domain';
import { createDesigner, loginToken, signInAs, type Account } from '../support/accounts.js';
import { buildFountainGame, CENTRE, createPlayer, FOUNTAIN } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

let designer: Account;
let token: string;

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Petra Playtester');
  token = await loginToken(request, designer);
});

test('a designer playtests the working version: walks into a place, reads the info box, answers the question, gets the item, reads the rule that fired in the trace, resets, drags, is moved by a debug event and looks at an object', async ({
  page,
  request,
}) => {
  const game = await buildFountainGame(request, token);

  // Playtest from the design workspace.
  await signInAs(page, designer);
  await page.goto(`/fe/games/${game.id}`);
  await page.getByRole('link', { name: 'Playtest' }).click();
  await expect(page).toHaveURL(new RegExp(`/fe/play/${game.id}\\?playtest=1`));
  const trace = page.getByRole('region', { name: 'Trace' });
  await expect(trace).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fountain Trail' })).toBeVisible();
  await expect(page.locator('.loci-walker')).toBeVisible();
  await keepScreenshot(page, '60-playtest-start');

  // Walk into the fountain: a click on the map moves the virtual walker there.
  await page.locator('path.loci-location').click();
  const story = page.getByRole('dialog', { name: 'The fountain' });
  await expect(story).toBeVisible();
  await expect(story.getByText('For centuries people threw coins into this fountain.')).toBeVisible();
  await keepScreenshot(page, '61-playtest-info');
  await story.getByRole('button', { name: 'Ok' }).click();

  const asked = page.getByRole('dialog', { name: 'The bottom of the fountain' });
  await expect(asked).toBeVisible();
  await asked.getByRole('radio', { name: 'A coin' }).check();
  await keepScreenshot(page, '62-playtest-question');
  await asked.getByRole('button', { name: 'Ok' }).click();
  await expect(asked).toBeHidden();

  // The backpack holds the coin; the trace names the rule that gave it.
  await page.getByRole('button', { name: 'Backpack' }).click();
  await expect(page.getByTestId('backpack-item').filter({ hasText: 'Old coin' })).toBeVisible();
  const fired = trace.getByTestId('trace-rule').filter({ hasText: 'Reward the coin' }).first();
  await expect(fired).toBeVisible();
  await expect(fired.getByText('fired', { exact: true })).toBeVisible();
  await expect(trace.getByTestId('trace-rule').filter({ hasText: 'Tell the fountain story' }).first()).toBeVisible();
  await page.waitForTimeout(400); // the sheet slides in
  await keepScreenshot(page, '63-playtest-backpack-and-trace');
  await page.keyboard.press('Escape');

  // Reset starts the playtest over: the trace holds only the new start, the backpack is empty.
  await trace.getByRole('button', { name: 'Reset' }).click();
  await expect(trace.getByTestId('trace-entry')).toHaveCount(1);
  await expect(trace.getByTestId('trace-entry').first()).toContainText('restart');
  await expect(trace.getByText('fired', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Backpack' }).click();
  await expect(page.getByText('Your backpack is empty.')).toBeVisible();
  await page.keyboard.press('Escape');
  // The sheet's overlay fades out after its content: wait until the map takes the mouse again.
  await expect(page.locator('.mantine-Drawer-overlay')).toHaveCount(0);

  // The walker can be dragged there too.
  const walker = (await page.locator('.loci-walker').boundingBox())!;
  const place = (await page.locator('path.loci-location').boundingBox())!;
  await page.mouse.move(walker.x + walker.width / 2, walker.y + walker.height / 2);
  await page.mouse.down();
  await page.mouse.move(place.x + place.width / 2, place.y + place.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect(story).toBeVisible();
  await expect(trace.getByTestId('trace-entry').first()).toContainText('location');

  // The trace stays usable while a dialog waits: reset again.
  await trace.getByRole('button', { name: 'Reset' }).click();
  await expect(story).toBeHidden();
  await expect(trace.getByTestId('trace-entry')).toHaveCount(1);

  // The debugging tools move the player: LOCATION_UPDATE pushed to their user room over the socket.
  const headers = { authorization: `Bearer ${token}` };
  const account = (await (await request.get('/api/users/account', { headers })).json()) as { user: { id: string } };
  await expect(async () => {
    const sent = await request.post('/api/users/socketio-test', {
      headers,
      data: {
        room: account.user.id,
        message: 'LOCATION_UPDATE',
        payload: { location: { coords: { latitude: FOUNTAIN.lat, longitude: FOUNTAIN.lng } } },
      },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    await expect(story).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await keepScreenshot(page, '64-playtest-moved-by-debug-event');

  // Objects are markers; a tap opens what the player can do with them.
  await story.getByRole('button', { name: 'Ok' }).click();
  await asked.getByRole('radio', { name: 'A coin' }).check();
  await asked.getByRole('button', { name: 'Ok' }).click();
  await expect(asked).toBeHidden();
  await page.getByRole('button', { name: 'Lantern' }).click();
  const sheet = page.getByRole('dialog').filter({ hasText: 'Lantern' });
  await expect(sheet.getByText('m away')).toBeVisible();
  await page.waitForTimeout(400); // the sheet slides in
  await keepScreenshot(page, '64a-playtest-object-sheet');
  await sheet.getByRole('button', { name: 'Look' }).click();
  await expect(page.getByText('The lantern is still warm.', { exact: true })).toBeVisible();
  await expect(trace.getByTestId('trace-entry').first()).toContainText('contact');

  // On a phone the trace is a drawer behind the Trace button.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(trace).toBeHidden();
  await page.getByRole('button', { name: 'Trace' }).click();
  await expect(trace.getByTestId('trace-rule').filter({ hasText: 'Tell the fountain story' }).first()).toBeVisible();
  await page.waitForTimeout(400); // the drawer slides in
  await keepScreenshot(page, '64b-playtest-trace-on-a-phone');
  await page.keyboard.press('Escape');
  await expect(page.locator('.mantine-Drawer-overlay')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 860 });

  await page.getByRole('link', { name: 'Back to design' }).click();
  await expect(page).toHaveURL(new RegExp(`/fe/games/${game.id}$`));
});

test.describe('on a phone', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    permissions: ['geolocation'],
    geolocation: { latitude: CENTRE.lat, longitude: CENTRE.lng },
  });

  test('a player opens a published game with a passcode, walks to the place with their phone, answers wrong then right, gets the item and leaves', async ({
    page,
    context,
    request,
  }) => {
    const game = await buildFountainGame(request, token, { playPassword: '246810', publicAccess: 'view' });
    const published = await request.post(`/api/design/${game.id}/gameVersions`, {
      headers: { authorization: `Bearer ${token}` },
      data: { ...newGameVersionDefaults(), versionNotes: 'First walk' },
    });
    expect(published.status(), await published.text()).toBe(201);
    const player = await createPlayer(request, 'Pavlos Player');

    await page.goto('/fe/login');
    await page.getByLabel('Email').fill(player.email);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);

    await page.goto(`/fe/play/${game.id}`);
    // The introduction comes first, with the passcode field; nothing starts before Start.
    await expect(page.getByRole('heading', { name: 'Fountain Trail' })).toBeVisible();
    await keepScreenshot(page, '65-play-intro');
    const passcode = page.getByLabel('Passcode');
    await passcode.fill('111111');
    await page.getByRole('button', { name: 'Start playing' }).click();
    await expect(page.getByText('Wrong passcode')).toBeVisible();
    await keepScreenshot(page, '66-play-passcode');
    await passcode.fill('246810');
    await page.getByRole('button', { name: 'Start playing' }).click();
    await expect(page.getByRole('region', { name: 'Trace' })).toHaveCount(0);
    await expect(page.getByText('Drag your marker or click the map to walk.')).toHaveCount(0);

    // The phone reports the player at the fountain.
    await context.setGeolocation({ latitude: FOUNTAIN.lat, longitude: FOUNTAIN.lng });
    const story = page.getByRole('dialog', { name: 'The fountain' });
    await expect(story).toBeVisible();
    await keepScreenshot(page, '67-play-info-phone');
    await story.getByRole('button', { name: 'Ok' }).click();

    const asked = page.getByRole('dialog', { name: 'The bottom of the fountain' });
    await asked.getByRole('radio', { name: 'A lion' }).check();
    await asked.getByRole('button', { name: 'Ok' }).click();
    await expect(asked.getByText('Not quite')).toBeVisible();
    await expect(asked.getByText('1 attempt left')).toBeVisible();
    await keepScreenshot(page, '68-play-wrong-answer-phone');
    await asked.getByRole('radio', { name: 'A coin' }).check();
    await asked.getByRole('button', { name: 'Ok' }).click();
    await expect(asked).toBeHidden();

    await page.getByRole('button', { name: 'Backpack' }).click();
    await expect(page.getByTestId('backpack-item').filter({ hasText: 'Old coin' })).toBeVisible();
    await page.waitForTimeout(400); // the sheet slides in
    await keepScreenshot(page, '69-play-backpack-phone');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('backpack-item')).toBeHidden();

    await page.getByRole('button', { name: 'Game menu' }).click();
    await page.getByRole('menuitem', { name: 'Leave the game' }).click();
    await page.getByRole('dialog', { name: 'Leave the game?' }).getByRole('button', { name: 'Leave' }).click();
    await expect(page.getByRole('heading', { name: 'You left the game' })).toBeVisible();
  });
});
