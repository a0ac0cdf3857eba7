import { expect, test } from '@playwright/test';
import { createDesigner, loginToken, signInAs } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { buildFountainGame, createPlayer, FOUNTAIN, startOnPhone } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

// The operator opens the screen before the player's step, and their socket joins the player's room only a
// moment after the page (realtime.ts): the step in between must still show (the view is read again on join).
test('an operator sees a player’s screen live and read-only: the dialog the walk opens, then the item they get', async ({
  browser,
  request,
}) => {
  const designer = await createDesigner(request, 'Olga Operator');
  const token = await loginToken(request, designer);
  const game = await buildFountainGame(request, token, { publicAccess: 'view' });
  const { publish, instances } = designApi(request, token);
  await publish(game.id, 'Walk');

  // The player's phone, at the square's centre.
  const player = await createPlayer(request, 'Petra Walker');
  const { context: phoneContext, phone } = await startOnPhone(browser, player, game.id);

  // The operator opens the instance, then the player's screen from the player's row.
  const [instance] = await instances(game.id);
  const consoleContext = await browser.newContext();
  const operator = await consoleContext.newPage();
  await signInAs(operator, designer);
  await operator.goto(`/fe/active-games/${game.id}/instance/${instance!.id}`);
  await operator.getByRole('main').getByRole('link', { name: 'See as Petra Walker' }).click();
  const screen = operator.getByRole('region', { name: 'See as the player' });
  await expect(screen.getByText('Viewing as Petra Walker — read only')).toBeVisible();
  await expect(screen.getByRole('button', { name: 'Game menu' })).toBeDisabled();

  // The player walks to the fountain: the story opens on their phone, and on the operator's screen, live.
  await phoneContext.setGeolocation({ latitude: FOUNTAIN.lat, longitude: FOUNTAIN.lng });
  await expect(phone.getByRole('dialog', { name: 'The fountain' })).toBeVisible();
  const story = screen.getByRole('dialog', { name: 'The fountain' });
  await expect(story).toBeVisible();
  await expect(story.getByRole('button', { name: 'Ok' })).toBeDisabled();
  await operator.waitForTimeout(400); // the dialog slides in
  await keepScreenshot(operator, '85-see-as-player-dialog');

  // The player reads it and answers the question: the operator's screen follows, and shows the coin they got.
  await phone.getByRole('dialog', { name: 'The fountain' }).getByRole('button', { name: 'Ok' }).click();
  const asked = phone.getByRole('dialog', { name: 'The bottom of the fountain' });
  await expect(screen.getByRole('dialog', { name: 'The bottom of the fountain' })).toBeVisible();
  await expect(screen.getByRole('radio', { name: 'A coin' })).toBeDisabled();
  await asked.getByRole('radio', { name: 'A coin' }).check();
  await asked.getByRole('button', { name: 'Ok' }).click();
  await expect(asked).toBeHidden();
  await expect(screen.getByRole('dialog', { name: 'The bottom of the fountain' })).toBeHidden();
  await screen.getByRole('button', { name: 'Backpack' }).click();
  await expect(screen.getByTestId('backpack-item').filter({ hasText: 'Old coin' })).toBeVisible();
  await operator.waitForTimeout(400); // the sheet slides in
  await keepScreenshot(operator, '86-see-as-player-backpack');

  await phoneContext.close();
  await consoleContext.close();
});
