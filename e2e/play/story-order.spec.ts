import { expect, test } from '@playwright/test';
import { newGameDefaults, newInteractionDefaults, newRuleDefaults, newSceneDefaults } from '@loci/domain';
import { createDesigner, loginToken, signInAs, type Account } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 15_000, viewport: { width: 390, height: 844 } });

const CENTRE = { lat: 37.9715, lng: 23.7257 };

let designer: Account;
let token: string;

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Stella Storyteller');
  token = await loginToken(request, designer);
});

/** A map game with the given scenes (made in this order), each a 600 m circle at the centre. */
async function gameWithScenes(request: Parameters<typeof designApi>[0], title: string, scenes: string[]) {
  const { create } = designApi(request, token);
  const defaults = newGameDefaults(new Date());
  const game = await create('/api/design/games', {
    ...defaults,
    title,
    pg: { ...defaults.pg, place: { ...CENTRE, radius: 1000 } },
  });
  const made: Record<string, { id: string }> = {};
  for (const name of scenes) {
    made[name] = await create(`/api/design/${game.id}/scenes`, {
      ...newSceneDefaults(CENTRE),
      name,
      title: `The ${name}`,
      radius: 600,
      gameId: game.id,
    });
  }
  return { game, scenes: made, create };
}

test('"show info, then complete game": the last story text is shown before the end screen', async ({
  page,
  request,
}) => {
  const { game, scenes, create } = await gameWithScenes(request, 'Last Words', ['finale']);
  const design = `/api/design/${game.id}`;
  const epilogue = await create(`${design}/interactions`, {
    ...newInteractionDefaults('INTER_INSPECT_INFO'),
    name: 'epilogue',
    title: 'Epilogue',
    description: '<p>And so the <strong>lantern</strong> went out.</p>',
    gameId: game.id,
  });
  await create(`${design}/rules`, {
    ...newRuleDefaults(scenes.finale!.id),
    name: 'Tell the end, then end',
    trigger: { conditionType: 'player-scene', verb: 'has_entered', elementId: scenes.finale!.id },
    sideeffects: [
      { actorId: 'system', actionName: 'showInfo', actionArgs: { what: epilogue.id }, notify: false },
      { actorId: 'system', actionName: 'completeGame', actionArgs: {}, notify: false },
    ],
    gameId: game.id,
  });

  await signInAs(page, designer);
  await page.goto(`/fe/play/${game.id}?playtest=1`);
  const story = page.getByRole('dialog', { name: 'Epilogue' });
  await expect(story).toBeVisible();
  // Rich text, rendered as such.
  await expect(story.locator('strong', { hasText: 'lantern' })).toBeVisible();
  await expect(page.getByText('Game completed!')).toBeHidden();
  await keepScreenshot(page, '70-story-epilogue-before-the-end');
  await story.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByText('Game completed!')).toBeVisible();
  await keepScreenshot(page, '71-story-end-after-the-epilogue');
});

test('the game starts in the first scene of the order the designer dragged in the sidebar', async ({
  page,
  request,
}) => {
  // Made in this order, and by name "aftermath" would come first too.
  const { game } = await gameWithScenes(request, 'Two Acts', ['aftermath', 'prologue']);

  await signInAs(page, designer);
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(`/fe/games/${game.id}`);
  const sidebar = page.getByRole('navigation', { name: 'Design elements' });
  const start = sidebar.getByText('Start', { exact: true });
  await expect(sidebar.getByRole('link', { name: /^The aftermath/ })).toBeVisible();
  await expect(start).toHaveCount(1);
  const rowOf = (name: string) =>
    sidebar
      .getByRole('link', { name: new RegExp(`^The ${name}`) })
      .locator('xpath=ancestor::div[contains(@class, "mantine-Group-root")][1]');
  await expect(rowOf('aftermath').getByText('Start', { exact: true })).toBeVisible();

  // Drag "prologue" above "aftermath" by its handle.
  const handle = sidebar.getByRole('button', { name: /Move scene (The )?prologue/ });
  const target = sidebar.getByRole('link', { name: /^The aftermath/ });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + 2, { steps: 12 });
  await page.mouse.move(from.x + from.width / 2, to.y + 1, { steps: 2 });
  await page.mouse.up();
  await expect(rowOf('prologue').getByText('Start', { exact: true })).toBeVisible();
  await keepScreenshot(page, '72-scene-order-dragged');

  // The order is stored: the API lists the scenes in it.
  const listed = await request.get(`/api/design/${game.id}/scenes`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await listed.json()) as { name: string }[]).map((scene) => scene.name)).toEqual(['prologue', 'aftermath']);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/fe/play/${game.id}?playtest=1`);
  // The header names the current scene (visually only on wider screens).
  await expect(page.locator('.loci-walker')).toBeVisible();
  await expect(page.getByText('The prologue')).toBeAttached();
  await expect(page.getByText('The aftermath')).toHaveCount(0);
  await keepScreenshot(page, '73-playtest-starts-in-the-prologue');
});
