import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  MAX_OPEN_TRADES_PER_PLAYER,
  TRADE_MESSAGES,
  newGameDefaults,
  newInteractionDefaults,
  newItemDefaults,
  newMilestoneDefaults,
  newRuleDefaults,
  newSceneDefaults,
} from '@loci/domain';
import { createDesigner, loginToken, type Account } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { CENTRE, createPlayer } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';
import { openTool } from '../support/player-tools.js';

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

/**
 * A published multiplayer game with a market that allows trading: code "earn" gives 5 drachmas, a gem and 2
 * shells. Owning two gems is the milestone "Gem collector", and reaching it shows the info "The gem dealer".
 */
async function buildTradingGame(request: Parameters<typeof designApi>[0], token: string) {
  const api = designApi(request, token);
  const { create, uploadPng } = api;
  const defaults = newGameDefaults(new Date());
  const game = await create<{ id: string }>('/api/design/games', {
    ...defaults,
    title: 'Harbour Bazaar',
    publicAccess: 'view',
    multiplayer: true,
    pg: { ...defaults.pg, place: { ...CENTRE, radius: 1000 } },
  });
  const design = `/api/design/${game.id}`;
  const logoId = await uploadPng(game.id, 'logo.png', '#1c7ed6');
  const iconId = await uploadPng(game.id, 'drachma.png', '#f59f00');
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
  await api.patchGame(game.id, {
    logoId,
    market: true,
    currencyName: 'Drachma',
    currencyIcon: iconId,
    currencyItemId: drachma.id,
    endPolicies: { ...defaults.endPolicies, tradeAssets: true },
  });
  const gem = await create(`${design}/items`, {
    ...newItemDefaults(),
    name: 'gem',
    title: 'Sea gem',
    tradable: true,
    gameId: game.id,
  });
  const shell = await create(`${design}/items`, {
    ...newItemDefaults(),
    name: 'shell',
    title: 'Conch shell',
    tradable: true,
    gameId: game.id,
  });
  await create(`${design}/rules`, {
    ...newRuleDefaults(scene.id),
    name: 'Pay the sailor',
    fireOnce: false,
    trigger: { conditionType: 'player-code', verb: 'has_typedscannedcode', designerInputString: 'earn' },
    sideeffects: [
      { actorId: 'system', actionName: 'giveToPlayer', actionArgs: { what: drachma.id, value: 5 } },
      { actorId: 'system', actionName: 'giveToPlayer', actionArgs: { what: gem.id, value: 1 } },
      { actorId: 'system', actionName: 'giveToPlayer', actionArgs: { what: shell.id, value: 2 } },
    ],
    gameId: game.id,
  });
  // Only a trade can give a player a second gem: the rule on reaching the milestone fires within the trade.
  const collector = await create(`${design}/milestones`, {
    ...newMilestoneDefaults(),
    name: 'gem-collector',
    condition: [
      {
        conditions: [
          { conditionType: 'player-some-item', verb: 'owns', elementId: gem.id, some: 'at_least', someNumber: 2 },
        ],
      },
    ],
    gameId: game.id,
  });
  const dealer = await create(`${design}/interactions`, {
    ...newInteractionDefaults('INTER_INSPECT_INFO'),
    name: 'gem-dealer',
    title: 'The gem dealer',
    description: '<p>Two sea gems! The dealer by the lighthouse wants to see you.</p>',
    gameId: game.id,
  });
  await create(`${design}/rules`, {
    ...newRuleDefaults(scene.id),
    name: 'Send collectors to the dealer',
    trigger: { conditionType: 'milestone', verb: 'has_reached', elementId: collector.id },
    sideeffects: [{ actorId: 'system', actionName: 'showInfo', actionArgs: { what: dealer.id }, notify: true }],
    gameId: game.id,
  });
  await api.publish(game.id, 'Market day');
  return { id: game.id };
}

/** A phone of `player` in the game, started, with 5 drachmas, a gem and 2 shells. */
async function playerPage(browser: Browser, player: Account, gameId: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    permissions: ['geolocation'],
    geolocation: { latitude: CENTRE.lat, longitude: CENTRE.lng },
  });
  const page = await context.newPage();
  await page.goto('/fe/login');
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/fe/play/${gameId}`);
  await page.getByRole('button', { name: 'Start playing' }).click();
  await page.getByRole('button', { name: 'Codes' }).click();
  await page.getByRole('textbox', { name: 'Type a code' }).fill('earn');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.mantine-Drawer-overlay')).toHaveCount(0);
  return page;
}

test('two players of a multiplayer game trade: one proposes, the other sees it live and accepts, both backpacks change', async ({
  browser,
  request,
}) => {
  const designer = await createDesigner(request, 'Basil Bazaar');
  const game = await buildTradingGame(request, await loginToken(request, designer));
  const ann = await playerPage(browser, await createPlayer(request, 'Ann Trader'), game.id);
  const ben = await playerPage(browser, await createPlayer(request, 'Ben Trader'), game.id);

  // Ben opens his trade sheet first: Ann's offer must arrive while it is open.
  await openTool(ben, 'Trade');
  await expect(ben.getByText('Nobody has offered you a trade.')).toBeVisible();

  await openTool(ann, 'Trade');
  await ann.getByRole('combobox', { name: 'With' }).click();
  await ann.getByRole('option', { name: 'Ben Trader' }).click();
  await ann.getByRole('combobox', { name: 'You give' }).click();
  await ann.getByRole('option', { name: 'Sea gem (1)' }).click();
  await ann.getByRole('combobox', { name: 'You ask for' }).click();
  await ann.getByRole('option', { name: 'Conch shell' }).click();
  await ann.getByRole('textbox', { name: 'How many' }).nth(1).fill('2');
  await ann.getByRole('button', { name: 'Propose' }).click();
  await expect(ann.getByTestId('trade-outgoing')).toContainText('You offer Ben Trader 1 × Sea gem for 2 × Conch shell');
  await ann.waitForTimeout(400); // the sheet slides in
  await keepScreenshot(ann, '74-trade-proposed');

  const offer = ben.getByTestId('trade-incoming');
  await expect(offer).toContainText('Ann Trader offers 1 × Sea gem for 2 × Conch shell');
  await keepScreenshot(ben, '75-trade-incoming');
  await offer.getByRole('button', { name: 'Accept' }).click();
  await expect(ben.getByTestId('trade-incoming')).toHaveCount(0);
  // Ann's sheet learns it live: her offer is gone.
  await expect(ann.getByTestId('trade-outgoing')).toHaveCount(0);

  // The trade is a step of the game for both players: Ben now owns two gems, reaches "Gem collector", and
  // the rule on it shows him the dealer's info (over the map: he closes his trade sheet to read it); Ann,
  // who gave her gem away, reaches nothing.
  const dealer = ben.getByRole('dialog', { name: 'The gem dealer' });
  await expect(dealer).toBeAttached();
  await ben.keyboard.press('Escape');
  await expect(ben.locator('.mantine-Drawer-overlay')).toHaveCount(0);
  await expect(dealer.getByText('Two sea gems! The dealer by the lighthouse wants to see you.')).toBeVisible();
  await keepScreenshot(ben, '77-trade-rule-fired');
  await dealer.getByRole('button', { name: 'Ok' }).click();
  await expect(dealer).toHaveCount(0);
  await expect(ann.getByRole('dialog', { name: 'The gem dealer' })).toHaveCount(0);

  await ben.getByRole('button', { name: 'Backpack' }).click();
  await expect(ben.getByTestId('backpack-item').filter({ hasText: 'Sea gem' })).toContainText('2');
  await expect(ben.getByTestId('backpack-item').filter({ hasText: 'Conch shell' })).toHaveCount(0);
  await ben.waitForTimeout(400);
  await keepScreenshot(ben, '76-trade-backpack');
  await ann.keyboard.press('Escape');
  await ann.getByRole('button', { name: 'Backpack' }).click();
  await expect(ann.getByTestId('backpack-item').filter({ hasText: 'Sea gem' })).toHaveCount(0);
  await expect(ann.getByTestId('backpack-item').filter({ hasText: 'Conch shell' })).toContainText('4');

  // Ann offers Ben a shell again and again: ten open proposals are the most; the eleventh is refused, and
  // the sheet says why.
  await ann.keyboard.press('Escape');
  await openTool(ann, 'Trade');
  await ann.getByRole('combobox', { name: 'With' }).click();
  await ann.getByRole('option', { name: 'Ben Trader' }).click();
  const propose = async () => {
    await ann.getByRole('combobox', { name: 'You give' }).click();
    await ann.getByRole('option', { name: 'Conch shell (4)' }).click();
    await ann.getByRole('button', { name: 'Propose' }).click();
  };
  for (let open = 1; open <= MAX_OPEN_TRADES_PER_PLAYER; open += 1) {
    await propose();
    await expect(ann.getByTestId('trade-outgoing')).toHaveCount(open);
  }
  await propose();
  await expect(ann.getByRole('alert').filter({ hasText: TRADE_MESSAGES.TOO_MANY_OPEN_TRADES })).toBeInViewport();
  await expect(ann.getByTestId('trade-outgoing')).toHaveCount(MAX_OPEN_TRADES_PER_PLAYER);
  await keepScreenshot(ann, '78-trade-too-many-open');
  // Ben was offered each of them, live.
  await ben.keyboard.press('Escape');
  await openTool(ben, 'Trade');
  await expect(ben.getByTestId('trade-incoming')).toHaveCount(MAX_OPEN_TRADES_PER_PLAYER);
  await ann.context().close();
  await ben.context().close();
});
