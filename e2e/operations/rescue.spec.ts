import { expect, test } from '@playwright/test';
import {
  newGameDefaults,
  newItemDefaults,
  newMilestoneDefaults,
  newRuleDefaults,
  newSceneDefaults,
} from '@loci/domain';
import { createDesigner, loginToken, signInAs } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { CENTRE, createPlayer } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

// The player must make no progress for a minute to be flagged stuck.
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 15_000 });

test('an operator replays a finished game, sees a stuck player, gives them the item they need with a reason, and the player’s phone shows it', async ({
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
  const key = await create(`${design}/items`, {
    ...newItemDefaults(),
    name: 'key',
    title: 'Brass key',
    notifyOnChange: true,
    gameId: game.id,
  });
  const rule = (name: string, trigger: Record<string, unknown>, actionName: string, actionArgs: object) =>
    create(`${design}/rules`, {
      ...newRuleDefaults(scene.id),
      name,
      trigger,
      sideeffects: [{ actorId: 'system', actionName, actionArgs, notify: false }],
      gameId: game.id,
    });
  await rule(
    'Greet',
    { conditionType: 'player-code', verb: 'has_typedscannedcode', designerInputString: 'hello' },
    'showNotification',
    { msg: 'Hello there' },
  );
  // The key is what a player needs: owning it reaches a milestone, whose rule opens the lighthouse.
  const holdsKey = await create(`${design}/milestones`, {
    ...newMilestoneDefaults(),
    name: 'holds-the-key',
    condition: [{ conditions: [{ conditionType: 'player-item', verb: 'owns', elementId: key.id }] }],
    gameId: game.id,
  });
  await rule(
    'Open the lighthouse',
    { conditionType: 'milestone', verb: 'has_reached', elementId: holdsKey.id },
    'showNotification',
    { msg: 'The lighthouse door opens' },
  );
  // The code 'lighthouse' ends the game, completed.
  await rule(
    'Finish',
    { conditionType: 'player-code', verb: 'has_typedscannedcode', designerInputString: 'lighthouse' },
    'completeGame',
    {},
  );
  await api.publish(game.id, 'Rescue day');

  // A player who finished: started, greeted, and typed the closing code (through the player API).
  const finisher = await createPlayer(request, 'Finn Finished');
  const finisherHeaders = { authorization: `Bearer ${await loginToken(request, finisher)}` };
  const started = await request.post(`/api/play/games/${game.id}/instances`, { headers: finisherHeaders, data: {} });
  expect(started.status(), await started.text()).toBe(201);
  const { instanceId: finishedInstance } = (await started.json()) as { instanceId: string };
  for (const event of [
    { type: 'location', latitude: CENTRE.lat, longitude: CENTRE.lng, accuracy: 5 },
    { type: 'code', code: 'hello' },
    { type: 'code', code: 'lighthouse' },
  ]) {
    const sent = await request.post(`/api/play/instances/${finishedInstance}/events`, {
      headers: finisherHeaders,
      data: event,
    });
    expect(sent.status(), await sent.text()).toBe(200);
  }

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

  // The operator first replays the finished game: it ends on the closing code, whose rule fired.
  await signInAs(page, designer);
  await page.goto(`/fe/active-games/${game.id}/instance/${finishedInstance}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Replay Finn Finished’s game' }).click();
  const replay = page.getByRole('dialog', { name: 'Replay of Finn Finished’s game' });
  const steps = replay.getByTestId('replay-step');
  const ruleOfStep = (name: string) => replay.getByTestId('trace-rule').filter({ hasText: name });
  await expect(steps).toContainText(/Step (\d+) of \1 · code "lighthouse"/);
  await expect(ruleOfStep('Finish').getByText('fired', { exact: true })).toBeVisible();
  await expect(replay.getByText(/^Last position:/)).toContainText(`${CENTRE.lat.toFixed(5)}, ${CENTRE.lng.toFixed(5)}`);
  // One step back: before the closing code, the greeting fired and the game was still on.
  await replay.getByRole('slider', { name: 'Step of the replay' }).press('ArrowLeft');
  await expect(steps).toContainText('code "hello"');
  await expect(ruleOfStep('Greet').getByText('fired', { exact: true })).toBeVisible();
  await expect(ruleOfStep('Finish').getByText('not fired', { exact: true })).toBeVisible();
  await keepScreenshot(page, '84-rescue-replay-finished');
  await page.keyboard.press('Escape');
  await expect(replay).toBeHidden();

  // Then flags players without progress for a minute: the stuck one, not the one who finished.
  await page.goto(`/fe/active-games/${game.id}`);
  await main.getByRole('textbox', { name: 'No progress for (minutes)' }).fill('1');
  const stuck = main.getByRole('table', { name: 'Stuck players' });
  await expect(stuck.getByRole('link', { name: 'Stella Stuck' })).toBeVisible({ timeout: 30_000 });
  await expect(stuck.getByText('No progress')).toBeVisible();
  await expect(stuck.getByRole('link', { name: 'Finn Finished' })).toHaveCount(0);
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
  // And the rules react to the gift as to any event: the key opens the lighthouse.
  await expect(phone.getByText('The lighthouse door opens')).toBeVisible();
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
