import { expect, test } from '@playwright/test';
import { newGameDefaults, newItemDefaults, newRuleDefaults, newSceneDefaults } from '@loci/domain';
import { createDesigner, loginToken, signInAs, type Account } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { keepScreenshot } from '../support/screens.js';
import { CENTRE } from '../support/fountain-game.js';

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

let designer: Account;
let token: string;

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Markos Marketeer');
  token = await loginToken(request, designer);
});

test('a designer turns the market on, picks the currency and prices an item; a player earns coins, buys it and sees the leaderboard', async ({
  page,
  request,
}) => {
  // The game through the API: a scene, a drachma item, a map item, and the code "earn" giving 5 drachmas;
  // its logo is set, the market is still off.
  const api = designApi(request, token);
  const { create, uploadPng } = api;
  const defaults = newGameDefaults(new Date());
  const game = await create<{ id: string }>('/api/design/games', {
    ...defaults,
    title: 'Harbour Market',
    pg: { ...defaults.pg, place: { ...CENTRE, radius: 1000 } },
    rankings: { available: true, showBeforeComplete: true },
  });
  const design = `/api/design/${game.id}`;
  const logoId = await uploadPng(game.id, 'logo.png', '#1c7ed6');
  // The currency's icon waits in the media library.
  await uploadPng(game.id, 'drachma.png', '#f59f00');
  await api.patchGame(game.id, { logoId });
  const scene = await create(`${design}/scenes`, {
    ...newSceneDefaults(CENTRE),
    name: 'harbour',
    title: 'The Harbour',
    radius: 600,
    gameId: game.id,
  });
  const drachma = await create(`${design}/items`, {
    ...newItemDefaults(),
    name: 'drachma',
    title: 'Drachma',
    gameId: game.id,
  });
  const map = await create(`${design}/items`, { ...newItemDefaults(), name: 'map', title: 'Old map', gameId: game.id });
  await create(`${design}/rules`, {
    ...newRuleDefaults(scene.id),
    name: 'Pay the sailor',
    fireOnce: false,
    trigger: { conditionType: 'player-code', verb: 'has_typedscannedcode', designerInputString: 'earn' },
    sideeffects: [{ actorId: 'system', actionName: 'giveToPlayer', actionArgs: { what: drachma.id, value: 5 } }],
    gameId: game.id,
  });

  // The designer turns the market on and picks the drachma as its currency.
  await signInAs(page, designer);
  await page.goto(`/fe/games/edit/${game.id}`);
  await page.getByRole('switch', { name: 'Market' }).check();
  // The currency's name and icon show with the market (the API refuses them while it is off).
  await page.getByLabel('Currency name').fill('Drachma');
  await page.getByRole('button', { name: 'Choose Currency icon' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Select drachma' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Choose' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('combobox', { name: 'Currency item' }).click();
  await page.getByRole('option', { name: 'Drachma' }).click();
  await keepScreenshot(page, '70-market-settings');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Game Harbour Market saved')).toBeVisible();

  // The currency is listed with the other items; the map gets a price.
  await page.goto(`/fe/games/${game.id}/items/edit/${drachma.id}`);
  await expect(page.getByText("This item is the market's currency")).toBeVisible();
  await page.goto(`/fe/games/${game.id}/items/edit/${map.id}`);
  await page.getByRole('switch', { name: 'Redeemable' }).check();
  await page.getByRole('textbox', { name: 'Price (in Drachma)' }).fill('3');
  await keepScreenshot(page, '71-market-priced-item');
  await page.getByRole('button', { name: 'Save' }).click();
  // Saved, the workspace opens its overview; the currency is listed with the other items.
  await expect(page.getByRole('textbox', { name: 'Price (in Drachma)' })).toBeHidden();
  const sidebar = page.getByRole('navigation', { name: 'Design elements' });
  await expect(sidebar.getByRole('link', { name: /Drachma/ })).toBeVisible();

  // A player (the designer playtesting) earns 5 drachmas with a code and buys the map.
  await page.goto(`/fe/play/${game.id}?playtest=1`);
  await expect(page.getByRole('heading', { name: 'Harbour Market' })).toBeVisible();
  await page.getByRole('button', { name: 'Codes' }).click();
  await page.getByRole('textbox', { name: 'Type a code' }).fill('earn');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.mantine-Drawer-overlay')).toHaveCount(0);

  await page.getByRole('button', { name: 'Market' }).click();
  await expect(page.getByTestId('market-currency')).toHaveText('5');
  await page.getByRole('button', { name: 'Buy Old map for 3 Drachma' }).click();
  await expect(page.getByTestId('market-currency')).toHaveText('2');
  await expect(page.getByTestId('market-asset').filter({ hasText: 'you have 1' })).toBeVisible();
  await page.waitForTimeout(400); // the sheet slides in
  await keepScreenshot(page, '72-market-bought');
  await page.keyboard.press('Escape');
  await expect(page.locator('.mantine-Drawer-overlay')).toHaveCount(0);

  await page.getByRole('button', { name: 'Backpack' }).click();
  await expect(page.getByTestId('backpack-item').filter({ hasText: 'Old map' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.mantine-Drawer-overlay')).toHaveCount(0);

  // The leaderboard shows during play (showBeforeComplete): the player first, with 2 drachmas.
  await page.getByRole('button', { name: 'Leaderboard' }).click();
  const board = page.getByRole('table', { name: 'Leaderboard' });
  await expect(board.getByRole('columnheader', { name: 'Drachma' })).toBeVisible();
  await expect(board.getByTestId('ranking-row').first()).toContainText('(you)');
  await expect(board.getByTestId('ranking-row').first()).toContainText('2');
  await page.waitForTimeout(400);
  await keepScreenshot(page, '73-market-leaderboard');
});
