import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createDesigner, loginToken, signInAs, type Account } from '../support/accounts.js';
import { bearer, designApi } from '../support/design-api.js';
import { ADMIN } from '../support/env.js';
import { buildFountainGame, createPlayer } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

/**
 * Issue 27: axe finds no critical or serious violation on any console page or player screen, on a desktop and
 * on a phone. The other specs visit the pages their stories need; this one visits every console route
 * (packages/domain/src/console-routes.ts) and the dialogs the others leave out, in both sizes, with
 * `keepScreenshot` (which runs axe).
 */
// Two dozen pages each, checked by axe on a shared two-core machine.
test.describe.configure({ timeout: 600_000 });

const SIZES = [
  { label: 'desktop', viewport: { width: 1280, height: 860 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
] as const;

interface World {
  designer: Account;
  player: Account;
  gameId: string;
  instanceId: string;
}

let world: Promise<World> | undefined;

/** A published game with one instance a player started, made once for both sizes. */
async function buildWorld(request: APIRequestContext): Promise<World> {
  const designer = await createDesigner(request, 'Alma Audit');
  const token = await loginToken(request, designer);
  const game = await buildFountainGame(request, token, { publicAccess: 'clone' });
  const { publish, instances } = designApi(request, token);
  await publish(game.id, 'For everyone');
  const player = await createPlayer(request, 'Pavlos Player');
  const started = await request.post(`/api/play/games/${game.id}/instances`, {
    headers: bearer(await loginToken(request, player)),
    data: {},
  });
  expect(started.ok(), await started.text()).toBe(true);
  const [instance] = await instances(game.id);
  return { designer, player, gameId: game.id, instanceId: instance!.id };
}

/** Waits until the page has settled: no request in flight, no loader turning. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // A loader that stays (a map's tiles, a live list) is a part of the page like any other.
  await expect(page.locator('.mantine-Loader-root'))
    .toHaveCount(0, { timeout: 20_000 })
    .catch(() => undefined);
  // Drawers, modals and toasts slide in.
  await page.waitForTimeout(300);
}

async function visit(page: Page, url: string, name: string, ready?: (page: Page) => Promise<unknown>) {
  await page.goto(url);
  if (ready) await ready(page);
  await settled(page);
  await keepScreenshot(page, name);
}

async function signedIn(browser: Browser, viewport: { width: number; height: number }, account: Account | null) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  if (account) {
    await page.goto('/fe/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
  }
  return { context, page };
}

for (const { label, viewport } of SIZES) {
  test(`every page for visitors and players passes axe (${label})`, async ({ browser, request }) => {
    const { player, gameId } = await (world ??= buildWorld(request));
    const visitor = await signedIn(browser, viewport, null);
    const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();
    await visit(visitor.page, '/fe/login', `a11y-${label}-login`, heading(/sign in/i));
    await visit(visitor.page, '/fe/register', `a11y-${label}-register`);
    await visit(visitor.page, '/fe/forgot', `a11y-${label}-forgot`);
    await visit(visitor.page, '/fe/resend', `a11y-${label}-resend`);
    await visit(visitor.page, '/fe/privacy', `a11y-${label}-privacy`);
    await visit(visitor.page, '/fe/no/such/page', `a11y-${label}-not-found`);
    await visit(visitor.page, `/fe/play/${gameId}`, `a11y-${label}-lobby-signed-out`);
    await visitor.context.close();

    const playing = await signedIn(browser, viewport, player);
    await visit(playing.page, '/fe/my-games', `a11y-${label}-my-games`);
    await visit(playing.page, '/fe/account', `a11y-${label}-account-player`, heading('Account'));
    await visit(playing.page, '/fe/', `a11y-${label}-home-player`);
    await playing.context.close();
  });

  test(`every console page and its dialogs pass axe (${label})`, async ({ browser, request }) => {
    const { designer, player, gameId, instanceId } = await (world ??= buildWorld(request));
    const { context, page } = await signedIn(browser, viewport, designer);
    const at = (name: string) => `a11y-${label}-${name}`;

    await visit(page, '/fe/', at('games'), (p) => p.getByRole('heading', { name: 'Games' }).waitFor());
    await visit(page, '/fe/games/new', at('new-game'));
    await visit(page, `/fe/games/edit/${gameId}`, at('game-settings'));
    for (const tab of ['Playground', 'Policies', 'Advanced']) {
      const tabButton = page.getByRole('tab', { name: new RegExp(tab) });
      if (await tabButton.count()) {
        await tabButton.first().click();
        await settled(page);
        await keepScreenshot(page, at(`game-settings-${tab.toLowerCase()}`));
      }
    }
    await visit(page, `/fe/games/${gameId}`, at('design-overview'));
    await visit(page, `/fe/share/${gameId}/print`, at('share-print'));
    await visit(page, '/fe/gallery', at('gallery'));
    await visit(page, `/fe/active-games/${gameId}`, at('gameplay'));
    await visit(page, `/fe/active-games/${gameId}/instance/${instanceId}`, at('instance'));
    await page
      .getByRole('main')
      .getByRole('link', { name: `See as ${player.name}` })
      .click();
    await settled(page);
    await keepScreenshot(page, at('see-as-player'));
    await visit(page, `/fe/analytics/${gameId}`, at('analytics'));
    await visit(page, '/fe/debugging-tools', at('debugging-tools'));
    await visit(page, '/fe/account', at('account'), (p) =>
      p.getByRole('heading', { name: 'Account', exact: true }).waitFor(),
    );

    // The account's dialogs.
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await settled(page);
    await keepScreenshot(page, at('dialog-sign-out-everywhere'));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await context.close();

    // The administrator's pages.
    const admin = await signedIn(browser, viewport, { name: 'Admin', ...ADMIN });
    await visit(admin.page, '/fe/admin', at('admin'));
    await visit(admin.page, '/fe/admin/role-requests', at('admin-role-requests'));
    await admin.context.close();
  });
}

test('the games list’s card menu and its confirmations pass axe', async ({ browser, request }) => {
  const { designer } = await (world ??= buildWorld(request));
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, designer);
  await settled(page);
  // The published game's menu of operations, and the confirmation each irreversible one asks.
  const actions = page.getByRole('button', { name: 'Actions for Fountain Trail' });
  await actions.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await keepScreenshot(page, 'a11y-card-menu');
  await page.keyboard.press('Escape');
  for (const operation of ['Unpublish', 'Archive']) {
    await actions.click();
    await page.getByRole('menuitem', { name: operation }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await settled(page);
    await keepScreenshot(page, `a11y-dialog-${operation.toLowerCase()}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }
  await context.close();
});

test('the player follows the device: its text size and reduced motion', async ({ browser, request }) => {
  const { player, gameId } = await (world ??= buildWorld(request));
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/fe/login');
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/fe/play/${gameId}`);
  const title = page.getByRole('heading', { name: 'Fountain Trail' }).first();
  await expect(title).toBeVisible();
  await settled(page);

  // No style of ours fixes the root's text size in pixels: the device's (the browser's default) stays the base.
  const fixedRoot = await page.evaluate(() =>
    [...document.styleSheets].flatMap((sheet) => {
      try {
        return [...sheet.cssRules]
          .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule)
          .filter((rule) => /(^|,)\s*(html|:root)\s*(,|$)/.test(rule.selectorText) && /px$/.test(rule.style.fontSize))
          .map((rule) => `${rule.selectorText} { font-size: ${rule.style.fontSize} }`);
      } catch {
        return [];
      }
    }),
  );
  expect(fixedRoot).toEqual([]);
  // A larger base (what a phone's larger text setting gives the page) makes the player's texts larger with it.
  const sizeOf = () => title.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  const before = await sizeOf();
  // (`html:root`: a stylesheet the page loads after this one, with a plain `html` rule, does not take it back.)
  await page.addStyleTag({ content: 'html:root { font-size: 125% }' });
  await expect.poll(sizeOf).toBeCloseTo(before * 1.25, 0);

  // With reduce motion, nothing slides or fades: every transition and animation is (nearly) instant.
  const slowest = await page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll('body *')].flatMap((element) => {
        const style = getComputedStyle(element);
        return [...style.transitionDuration.split(','), ...style.animationDuration.split(',')].map(
          (duration) => parseFloat(duration) * (duration.trim().endsWith('ms') ? 1 : 1000),
        );
      }),
    ),
  );
  expect(slowest).toBeLessThan(1);
  await context.close();
});
