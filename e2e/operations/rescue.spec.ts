import { expect, test } from '@playwright/test';
import { newGameDefaults, newItemDefaults, newRuleDefaults, newSceneDefaults } from '@loci/domain';
import { createDesigner, loginToken, signInAs } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { CENTRE, createPlayer } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

// The player must make no progress for a minute to be flagged stuck.
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 15_000 });

test('an operator sees a stuck player, gives them an item with a reason, and the player’s phone shows it', async ({
  browser,
  page,
  request,
}) => {
  const designer = await createDesigner(request, 'Rhea Rescuer');
  const token = await loginToken(request, designer);
  const api = designApi(request, token);
  const { create, uploadPng } = api;
  const defaults = newGameDefaults(new Date());
  const game = await create<{ id: string }>('/api/design/games', {
    ...defaults,
    title: 'Lost Lighthouse',
    publicAccess: 'view',
    pg: { ...defaults.pg, place: { ...CENTRE, radius: 1000 } },
  });
  const design = `/api/design/${game.id}`;
  const logoId = await uploadPng(game.id, 'logo.png', '#1c7ed6');
  await api.patchGame(game.id, { logoId });
  const scene = await create(`${design}/scenes`, {
    ...newSceneDefaults(CENTRE),
    name: 'pier',
    title: 'The Pier',
    radius: 600,
    gameId: game.id,
  });
  await create(`${design}/items`, {
    ...newItemDefaults(),
    name: 'key',
    title: 'Brass key',
    notifyOnChange: true,
    gameId: game.id,
  });
  await create(`${design}/rules`, {
    ...newRuleDefaults(scene.id),
    name: 'Greet',
    trigger: { conditionType: 'player-code', verb: 'has_typedscannedcode', designerInputString: 'hello' },
    sideeffects: [{ actorId: 'system', actionName: 'showNotification', actionArgs: { msg: 'Hello there' } }],
    gameId: game.id,
  });
  await api.publish(game.id, 'Rescue day');

  // The player's phone: started, then nothing for a minute.
  const player = await createPlayer(request, 'Stella Stuck');
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    permissions: ['geolocation'],
    geolocation: { latitude: CENTRE.lat, longitude: CENTRE.lng },
  });
  const phone = await phoneContext.newPage();
  await signInAs(phone, player);
  await phone.goto(`/fe/play/${game.id}`);
  await phone.getByRole('button', { name: 'Start playing' }).click();
  await expect(phone.getByRole('button', { name: 'Codes' })).toBeVisible();
  await phone.waitForTimeout(62_000);

  // The operator flags players without progress for a minute.
  await signInAs(page, designer);
  await page.goto(`/fe/active-games/${game.id}`);
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'No progress for (minutes)' }).fill('1');
  const stuck = main.getByRole('table', { name: 'Stuck players' });
  await expect(stuck.getByRole('link', { name: 'Stella Stuck' })).toBeVisible({ timeout: 30_000 });
  await expect(stuck.getByText('No progress')).toBeVisible();
  await keepScreenshot(page, '85-rescue-stuck-players');

  // The row opens the player's panel on the instance page, with the rescue form.
  await stuck.getByRole('link', { name: 'Stella Stuck' }).click();
  const panel = page.getByRole('dialog', { name: 'State of Stella Stuck' });
  await expect(panel.getByRole('form', { name: 'Rescue this player' })).toBeVisible();
  await panel.getByRole('combobox', { name: 'Item or attribute' }).click();
  await page.getByRole('option', { name: 'Brass key' }).click();
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByText('Give a reason')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Reason' }).fill('Her GPS froze at the pier gate');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await keepScreenshot(page, '86-rescue-form');

  // The phone shows the gift at once, without a reload: the key is in the backpack.
  await expect(panel.getByRole('table', { name: 'Items' })).toContainText('Brass key');
  await phone.getByRole('button', { name: 'Backpack' }).click();
  await expect(phone.getByTestId('backpack-item').getByText('Brass key')).toBeVisible();
  await expect(phone.getByText('+1 Brass key')).toBeVisible();
  await keepScreenshot(phone, '87-rescue-phone');

  // The audit log has it, with the reason.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await main.getByRole('button', { name: 'Audit log' }).click();
  const audit = main.getByRole('table', { name: 'Audit log' });
  await expect(audit).toContainText('Her GPS froze at the pier gate');
  await expect(audit).toContainText('Rhea Rescuer');
  await keepScreenshot(page, '88-rescue-audit');
  await phoneContext.close();
});
