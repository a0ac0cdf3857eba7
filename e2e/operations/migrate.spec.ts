import { expect, test } from '@playwright/test';
import { createDesigner, loginToken, signInAs } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { buildFountainGame, createPlayer, FOUNTAIN, startOnPhone } from '../support/fountain-game.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 20_000 });

const NEW_STORY = 'Rebuilt in 1900, the fountain still keeps its coins.';

test('an operator migrates a live game to version 2 while a player plays: the player’s next event runs on version 2', async ({
  browser,
  request,
}) => {
  const designer = await createDesigner(request, 'Mara Migrate');
  const token = await loginToken(request, designer);
  const { headers, publish: publishVersion, instances } = designApi(request, token);
  const game = await buildFountainGame(request, token, { publicAccess: 'view' });
  const design = `/api/design/${game.id}`;
  const publish = (versionNotes: string) => publishVersion(game.id, versionNotes);
  await publish('First walk');

  // The player's phone, at the square's centre, playing version 1.
  const player = await createPlayer(request, 'Pavlos Walker');
  const { context: phoneContext, phone } = await startOnPhone(browser, player, game.id);

  // The designer changes the fountain's story and publishes version 2.
  const interactions = (await (await request.get(`${design}/interactions`, { headers })).json()) as Array<
    { id: string; name: string } & Record<string, unknown>
  >;
  const story = interactions.find((interaction) => interaction.name === 'fountain-story')!;
  const changed = await request.patch(`${design}/interactions/${story.id}`, {
    headers,
    data: { ...story, description: `<p>${NEW_STORY}</p>` },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await publish('The fountain rebuilt');

  // The operator migrates the live game from the Gameplay page.
  const consoleContext = await browser.newContext();
  const operator = await consoleContext.newPage();
  await signInAs(operator, designer);
  await operator.goto(`/fe/active-games/${game.id}`);
  const main = operator.getByRole('main');
  await expect(main.getByText('1 running instance plays an older version.')).toBeVisible();
  await main.getByRole('button', { name: 'Migrate to version 2' }).click();
  const dialog = operator.getByRole('dialog', { name: 'Migrate live games to version 2' });
  await expect(dialog.getByText(/Instance of version 1 \(Pavlos Walker\)/)).toBeVisible();
  await keepScreenshot(operator, '92-migrate-live-game-preview');
  await dialog.getByRole('button', { name: 'Migrate', exact: true }).click();
  await expect(operator.getByText('1 live game(s) migrated to this version.')).toBeVisible();
  await expect(dialog.getByText('No running game plays an older version.')).toBeVisible();

  // The player walks to the fountain: the story they read is version 2's.
  await phoneContext.setGeolocation({ latitude: FOUNTAIN.lat, longitude: FOUNTAIN.lng });
  const told = phone.getByRole('dialog', { name: 'The fountain' });
  await expect(told).toBeVisible();
  await expect(told.getByText(NEW_STORY)).toBeVisible();
  await expect(told.getByText('For centuries people threw coins into this fountain.')).toHaveCount(0);
  await phone.waitForTimeout(400); // the dialog slides in
  await keepScreenshot(phone, '93-migrated-player-reads-version-2');

  // The instance page lists the migration; undoing it is refused now that the player played on.
  await operator.keyboard.press('Escape');
  const [instance] = await instances(game.id);
  await operator.goto(`/fe/active-games/${game.id}/instance/${instance!.id}`);
  await main.getByRole('button', { name: 'Migrations' }).click();
  const migrations = main.getByRole('table', { name: 'Migrations of this instance' });
  await expect(migrations.getByRole('row').nth(1)).toContainText('Mara Migrate');
  await expect(migrations.getByRole('row').nth(1)).toContainText('Version 1 → version 2');
  await migrations.getByRole('button', { name: 'Undo' }).click();
  await operator.getByRole('dialog', { name: 'Undo this migration?' }).getByRole('button', { name: 'Undo' }).click();
  await expect(main.getByRole('alert')).toContainText('Something happened in this instance since the migration');
  await keepScreenshot(operator, '94-instance-migrations-undo-refused');

  await phoneContext.close();
  await consoleContext.close();
});
