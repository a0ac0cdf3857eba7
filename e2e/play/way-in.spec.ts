import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { ACCOUNT_PHOTO_SIZE, PLAY_MESSAGES, newGameDefaults, newSceneDefaults } from '@loci/domain';
import { createDesigner, loginToken, signInAs, type Account } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { CENTRE, createPlayer, placeLantern } from '../support/fountain-game.js';
import { linkIn, waitForMail } from '../support/mailbox.js';
import { keepScreenshot } from '../support/screens.js';

/**
 * The players' way in (docs/web-player.md "The way in"): a share link read
 * without an account, sign-up and the mailed confirmation coming back to it,
 * a QR deep link opened by a phone camera, a game that asks for the player's
 * photo, and a designer's deep link that survives sign-in.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

const PASSCODE = '246810';

let designer: Account;
let token: string;
let game: { id: string; sceneId: string; archetypeId: string; objectId: string };
const player: Account = {
  name: 'Vera Visitor',
  email: `vera-visitor-${Date.now().toString(36)}@e2e.test`,
  password: 'visitor-password-1',
};

/** A published game with a passcode, terms and a lantern whose direct contact says something. */
async function buildHarbourGame(request: APIRequestContext) {
  const { create, publish } = designApi(request, token);
  const defaults = newGameDefaults(new Date());
  const created = await create<{ id: string }>('/api/design/games', {
    ...defaults,
    title: 'Harbour Lights',
    description: '<p>Follow the old lamplighter through the harbour at dusk.</p>',
    instructions: '<p>Walk to the lanterns and scan their codes.</p>',
    terms: '<p>Play safely: mind the traffic and the water.</p>',
    playPassword: PASSCODE,
    pg: { ...defaults.pg, place: { ...CENTRE, radius: 1000 } },
  });
  const design = `/api/design/${created.id}`;
  const scene = await create(`${design}/scenes`, {
    ...newSceneDefaults(CENTRE),
    name: 'harbour',
    title: 'The Harbour',
    radius: 600,
    gameId: created.id,
  });
  const { archetypeId, objectId } = await placeLantern(request, token, created.id, scene.id);
  await publish(created.id, 'Opening night');
  return { id: created.id, sceneId: scene.id, archetypeId, objectId };
}

/** A published game with "player photo required" and nothing else to pass. */
async function buildPortraitGame(request: APIRequestContext) {
  const { create, publish } = designApi(request, token);
  const defaults = newGameDefaults(new Date());
  const created = await create<{ id: string }>('/api/design/games', {
    ...defaults,
    title: 'Portrait Walk',
    description: '<p>The operators greet every walker by face.</p>',
    photoRequired: true,
    pg: { ...defaults.pg, place: { ...CENTRE, radius: 1000 } },
  });
  await create(`/api/design/${created.id}/scenes`, {
    ...newSceneDefaults(CENTRE),
    name: 'square',
    title: 'The Square',
    radius: 600,
    gameId: created.id,
  });
  await publish(created.id, 'Faces');
  return { id: created.id };
}

/** An <img> that has loaded the stored account photo: the server's square re-encoding, not the sent file. */
async function expectStoredPhoto(img: Locator): Promise<void> {
  await expect(img).toHaveAttribute('src', /^\/api\/users\/photos\/[0-9a-f-]{36}$/);
  await expect
    .poll(() =>
      img.evaluate((el) => {
        const loaded = el as HTMLImageElement;
        return [loaded.naturalWidth, loaded.naturalHeight];
      }),
    )
    .toEqual([ACCOUNT_PHOTO_SIZE, ACCOUNT_PHOTO_SIZE]);
}

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Sofia Sharer');
  token = await loginToken(request, designer);
  game = await buildHarbourGame(request);
});

test.describe('on a phone', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    permissions: ['geolocation'],
    geolocation: { latitude: CENTRE.lat, longitude: CENTRE.lng },
  });

  test('an anonymous visitor opens a share link, reads the lobby, signs up, confirms by the mailed link, comes back to the lobby and plays', async ({
    page,
  }) => {
    await page.goto(`/fe/play/${game.id}`);
    await expect(page.getByRole('heading', { name: 'Harbour Lights' })).toBeVisible();
    await expect(page.getByText('Follow the old lamplighter through the harbour at dusk.')).toBeVisible();
    await expect(page.getByText('Play safely: mind the traffic and the water.')).toBeVisible();
    await expect(page.getByText('Passcode needed')).toBeVisible();
    await expect(page.getByText('Playing period:')).toBeVisible();
    // Not the designers' landing page.
    await expect(page.getByRole('heading', { name: 'Stories that happen in real places' })).toHaveCount(0);
    await keepScreenshot(page, 'way-in-01-public-lobby-phone');

    await page.getByRole('link', { name: 'Sign up to play' }).click();
    await expect(page).toHaveURL(/\/fe\/register\?next=/);
    await page.getByLabel('Full name').fill(player.name);
    await page.getByLabel('Email').fill(player.email);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByLabel('Confirm password').fill(player.password);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page).toHaveURL(/\/fe\/registersuccess/);

    // The mailed link carries the way back to the game.
    const link = linkIn(await waitForMail(player.email, /confirm/i), '/fe/confirmemail');
    expect(new URL(link).searchParams.get('next')).toBe(`/play/${game.id}`);
    await page.goto(link);
    await expect(page.getByText('Email confirmed')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/fe\/login\?next=/);
    await page.getByLabel('Email').fill(player.email);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    // Back at the share link: the game's introduction, never the "no authoring rights" warning.
    await expect(page).toHaveURL(new RegExp(`/fe/play/${game.id}$`));
    await expect(page.getByRole('heading', { name: 'Harbour Lights' })).toBeVisible();
    await expect(page.getByText(/No game authoring rights/)).toHaveCount(0);
    await page.getByLabel('Passcode').fill(PASSCODE);
    // The game has terms: the first start waits for "I accept the terms".
    await expect(page.getByText('Play safely: mind the traffic and the water.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start playing' })).toBeDisabled();
    await page.getByRole('checkbox', { name: 'I accept the terms' }).check();
    await keepScreenshot(page, 'way-in-02-back-at-the-lobby-phone');
    await page.getByRole('button', { name: 'Start playing' }).click();
    await expect(page.getByRole('button', { name: 'Lantern' })).toBeVisible();
    await keepScreenshot(page, 'way-in-03-playing-phone');

    // Their home lists the game, with Resume.
    await page.goto('/fe/my-games');
    await expect(page.getByRole('heading', { name: 'Join with a code' })).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: 'Harbour Lights' });
    await expect(row.getByText('Playing')).toBeVisible();
    await keepScreenshot(page, 'way-in-04-my-games-phone');
    await row.getByRole('link', { name: /Resume/ }).click();
    await expect(page.getByRole('button', { name: 'Lantern' })).toBeVisible();
  });

  test('a QR deep link opened by the phone camera opens the player, which contacts the object', async ({ page }) => {
    const deepLink = `/fe/gameplay/${game.id}/${game.sceneId}/de/Contact_${game.archetypeId}/${game.objectId}`;
    // Signed out: the lobby first, and signing in comes back to the link.
    await page.goto(deepLink);
    await expect(page).toHaveURL(new RegExp(`/fe/play/${game.id}\\?code=`));
    await expect(page.getByRole('heading', { name: 'Harbour Lights' })).toBeVisible();
    await page.getByRole('link', { name: 'I have an account: sign in' }).click();
    await page.getByLabel('Email').fill(player.email);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    // The player already plays the game: it resumes, and the scanned link contacts the lantern (once: it
    // leaves the address).
    await expect(page.getByText('The lantern is still warm.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/fe/play/${game.id}$`));
    await keepScreenshot(page, 'way-in-05-qr-deep-link-phone');
  });

  test('a game that asks for a photo refuses a player without one; they add it on the account page, come back, see it and play; operators see it', async ({
    page,
    browser,
    request,
  }) => {
    const portrait = await buildPortraitGame(request);
    const pia = await createPlayer(request, 'Pia Portrait');
    await page.goto('/fe/login');
    await page.getByLabel('Email').fill(pia.email);
    await page.getByLabel('Password', { exact: true }).fill(pia.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);

    await page.goto(`/fe/play/${portrait.id}`);
    const refusal = page.getByRole('alert');
    await expect(refusal).toContainText(PLAY_MESSAGES.photoRequired);
    await expect(page.getByRole('button', { name: 'Start playing' })).toBeDisabled();
    // The lobby says who is about to play: her initials, no photo yet.
    const identity = page.getByTestId('player-identity');
    await expect(identity).toContainText('Playing as Pia Portrait');
    await expect(identity.getByRole('img')).toHaveCount(0);
    await keepScreenshot(page, 'way-in-08-photo-required-phone');

    await refusal.getByRole('link', { name: 'Add your photo' }).click();
    await expect(page).toHaveURL(new RegExp(`/fe/account\\?next=${encodeURIComponent(`/play/${portrait.id}`)}$`));
    // A landscape PNG made here: the server keeps a square JPEG of it.
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2f9e44' } })
      .png()
      .toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('main').getByRole('button', { name: 'Add your photo' }).click();
    await (await chooser).setFiles({ name: 'pia.png', mimeType: 'image/png', buffer: png });

    // Saved, she is back at the game's lobby, with her photo, and may start.
    await expect(page).toHaveURL(new RegExp(`/fe/play/${portrait.id}$`));
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectStoredPhoto(identity.getByRole('img', { name: 'Your photo' }));
    await keepScreenshot(page, 'way-in-09-photo-back-at-the-lobby-phone');
    await page.getByRole('button', { name: 'Start playing' }).click();
    await expect(page.getByRole('button', { name: 'Start playing' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Game menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByTestId('player-identity')).toContainText('Playing as Pia Portrait');
    await expectStoredPhoto(menu.getByRole('img', { name: 'Your photo' }));
    await keepScreenshot(page, 'way-in-10-photo-in-the-game-menu-phone');

    // The game's operators see her photo beside her name: the player modal and the instance's players.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const operator = await desk.newPage();
    await signInAs(operator, designer);
    await operator.goto(`/fe/active-games/${portrait.id}`);
    await operator
      .getByRole('table', { name: 'Game instances' })
      .getByRole('button', { name: 'Pia Portrait', exact: true })
      .click();
    const modal = operator.getByRole('dialog', { name: 'Player' });
    await expect(modal.getByText('Pia Portrait', { exact: true })).toBeVisible();
    await expectStoredPhoto(modal.locator('img'));
    await keepScreenshot(operator, 'way-in-11-photo-player-modal');
    await operator.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    await operator.getByRole('link', { name: /Manage the game of/ }).click();
    const listed = operator.getByRole('listitem').filter({ hasText: 'Pia Portrait' });
    await expectStoredPhoto(listed.locator('img'));
    await keepScreenshot(operator, 'way-in-12-photo-instance-players');
    await desk.close();
  });
});

test("a signed-out designer's deep link to analytics survives sign-in, and the Share panel gives the link, QR code, passcode and state", async ({
  page,
}) => {
  // The public lobby on a desktop, as a visitor reads it.
  await page.goto(`/fe/play/${game.id}`);
  await expect(page.getByRole('heading', { name: 'Harbour Lights' })).toBeVisible();
  await keepScreenshot(page, 'way-in-00-public-lobby-desktop');

  await page.goto(`/fe/analytics/${game.id}`);
  await expect(page.getByRole('heading', { name: 'Stories that happen in real places' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(designer.email);
  await page.getByLabel('Password', { exact: true }).fill(designer.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/fe/analytics/${game.id}$`));
  await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Share with players' });
  const base = new URL(page.url()).origin;
  await expect(panel.getByLabel('Play link')).toHaveValue(`${base}/fe/play/${game.id}`);
  await expect(panel.getByText('Players can join now')).toBeVisible();
  await expect(panel.getByLabel('Passcode')).toHaveText(PASSCODE);
  await expect(panel.getByRole('img', { name: 'QR code of the play link' })).toBeVisible();
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'SVG' }).click();
  expect((await download).suggestedFilename()).toBe('QRCode-Harbour-Lights.svg');
  await keepScreenshot(page, 'way-in-06-share-panel-desktop');

  // The print-ready page: the title, the QR code and the link.
  const [print] = await Promise.all([
    page.context().waitForEvent('page'),
    panel.getByRole('link', { name: 'Print' }).click(),
  ]);
  await expect(print.getByRole('heading', { name: 'Harbour Lights' })).toBeVisible();
  await expect(print.getByRole('img', { name: 'QR code of the play link' })).toBeVisible();
  await keepScreenshot(print, 'way-in-07-share-print');
});
