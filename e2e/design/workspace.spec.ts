import { expect, test } from '@playwright/test';
import { newArchetypeDefaults, newGameDefaults } from '@loci/domain';
import { type Account, createDesigner, loginToken, signInAs } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { keepScreenshot } from '../support/screens.js';

test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 15_000 });

let designer: Account;
let token: string;

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Dora Designer');
  token = await loginToken(request, designer);
});

test('a designer builds two scenes, a place, an item, an info box, a question and two rules, places an object by dropping its marker, and publishes', async ({
  page,
  request,
}) => {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/design/games', {
    headers,
    data: { ...newGameDefaults(new Date()), title: 'Old Harbour Walk' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const gameId = ((await created.json()) as { id: string }).id;

  await signInAs(page, designer);
  await page.goto(`/fe/games/${gameId}`);
  await expect(page.getByText('Old Harbour Walk').first()).toBeVisible();
  await keepScreenshot(page, '30-workspace-overview');

  // Two scenes, through the scene form.
  for (const [name, title] of [
    ['harbour', 'The Harbour'],
    ['lighthouse', 'The Lighthouse'],
  ] as const) {
    await page.getByRole('main').getByRole('link', { name: 'New Scene' }).last().click();
    await page.getByRole('button', { name: 'Advanced' }).click();
    await page.getByRole('textbox', { name: /^(System name|Name)$/ }).fill(name);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${title} created`).first()).toBeVisible();
  }
  await keepScreenshot(page, '31-scenes');

  const workspace = await (await request.get(`/api/design/${gameId}/workspace`, { headers })).json();
  const harbour = (workspace.scenes as { id: string; name: string }[]).find((scene) => scene.name === 'harbour')!;

  // An item.
  await page.goto(`/fe/games/${gameId}/items/create/0`);
  await page.getByRole('button', { name: 'Advanced' }).click();
  await page.getByRole('textbox', { name: /^(System name|Name)$/ }).fill('brass-key');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Brass key');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Brass key created').first()).toBeVisible();

  // An info box.
  await page.goto(`/fe/games/${gameId}/interactions/create/0/INTER_INSPECT_INFO`);
  await page.getByRole('button', { name: 'Advanced' }).click();
  await page.getByRole('textbox', { name: /^(System name|Name)$/ }).fill('welcome-info');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Welcome to the harbour');
  await page.locator('.ProseMirror').first().click();
  await page.keyboard.type('The fishermen left you a note.');
  await keepScreenshot(page, '32-info-box');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Welcome to the harbour created').first()).toBeVisible();

  // A question.
  await page.goto(`/fe/games/${gameId}/interactions/create/0/INTER_ANSWER_QUESTION`);
  await page.getByRole('button', { name: 'Advanced' }).click();
  await page.getByRole('textbox', { name: /^(System name|Name)$/ }).fill('boat-question');
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill('What is the boat called?');
  await page.locator('.ProseMirror').last().click();
  await page.keyboard.type('Look at its bow.');
  await keepScreenshot(page, '32b-question');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('boat-question created').first()).toBeVisible();

  // A place in the harbour scene.
  await page.goto(`/fe/games/${gameId}/locations/create/0/${harbour.id}`);
  await page.getByRole('button', { name: 'Advanced' }).click();
  await page.getByRole('textbox', { name: /^(System name|Name)$/ }).fill('old-pier');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Old pier');
  await keepScreenshot(page, '33-place');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Location Old pier created').first()).toBeVisible();

  // A rule: entering the pier shows the info box.
  await page.goto(`/fe/games/${gameId}/rules/create/0/${harbour.id}`);
  await page.getByRole('textbox', { name: /^(System name|Name)$/ }).fill('welcome-at-pier');
  const trigger = page.getByRole('group', { name: 'Trigger' });
  await trigger.getByRole('combobox', { name: 'Condition type' }).click();
  await page.getByRole('option', { name: 'Player at a place' }).click();
  await trigger.getByRole('combobox', { name: 'Place' }).click();
  await page
    .getByRole('option', { name: /Old pier|old-pier/ })
    .first()
    .click();
  await trigger.getByRole('combobox', { name: 'Verb' }).click();
  await page.getByRole('option', { name: 'has entered', exact: true }).click();
  await page.getByRole('button', { name: 'Add action' }).first().click();
  await page.getByRole('combobox', { name: 'Action', exact: true }).first().click();
  await page.getByRole('option', { name: 'Show info' }).click();
  await page.getByRole('group', { name: 'Then' }).getByRole('combobox', { name: 'Interaction' }).click();
  await page
    .getByRole('option', { name: /Welcome to the harbour|welcome-info/ })
    .first()
    .click();
  await keepScreenshot(page, '34-rule');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/welcome-at-pier (created|saved)/).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/fe/games/${gameId}/scenes/show/${harbour.id}`));
  await expect(page.getByText('welcome-at-pier').first()).toBeVisible();
  await keepScreenshot(page, '35-scene-script');

  // A second rule: having seen the info asks the question.
  await page.goto(`/fe/games/${gameId}/rules/create/0/${harbour.id}`);
  await page.getByRole('textbox', { name: /^(System name|Name)$/ }).fill('ask-about-boat');
  const seen = page.getByRole('group', { name: 'Trigger' });
  await seen.getByRole('combobox', { name: 'Condition type' }).click();
  await page.getByRole('option', { name: 'Player and an info box' }).click();
  await seen.getByRole('combobox', { name: 'Interaction' }).click();
  await page
    .getByRole('option', { name: /Welcome to the harbour|welcome-info/ })
    .first()
    .click();
  await seen.getByRole('combobox', { name: 'Verb' }).click();
  await page.getByRole('option', { name: 'has seen', exact: true }).click();
  await page.getByRole('button', { name: 'Add action' }).first().click();
  await page.getByRole('combobox', { name: 'Action', exact: true }).first().click();
  await page.getByRole('option', { name: 'Ask question' }).click();
  await page.getByRole('group', { name: 'Then' }).getByRole('combobox', { name: 'Interaction' }).click();
  await page
    .getByRole('option', { name: /What is the boat called|boat-question/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/fe/games/${gameId}/scenes/show/${harbour.id}`));
  await expect(page.getByText('ask-about-boat').first()).toBeVisible();
  const rules = await (await request.get(`/api/design/${gameId}/rules`, { headers })).json();
  expect((rules as { name: string; idx: number }[]).map((rule) => [rule.name, rule.idx])).toEqual([
    ['welcome-at-pier', 1],
    ['ask-about-boat', 2],
  ]);

  // An object type (made through the API: its forms are covered by unit tests) and one lantern placed
  // in the initial world by dropping the marker on the map.
  const api = designApi(request, token);
  const logoId = await api.uploadPng(gameId, 'lantern.png', '#f59f00');
  const { id: archetypeId } = await api.create(`/api/design/${gameId}/archetypes`, {
    ...newArchetypeDefaults(),
    name: 'lantern',
    title: 'Lantern',
    logoId,
    actionLabelContact: 'Look',
  });

  await page.goto(`/fe/games/${gameId}/initialState/create/${archetypeId}/objects`);
  await page.getByRole('textbox', { name: 'System name', exact: true }).fill('lantern-1');
  const marker = page.locator('.leaflet-marker-icon').first();
  await marker.scrollIntoViewIfNeeded();
  const box = (await marker.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height - 2, { steps: 8 });
  await page.mouse.up();
  // Dropping the marker inside a scene's circle picks that scene.
  await expect(page.getByRole('combobox', { name: 'Scene', exact: true })).toHaveValue(/The Harbour|The Lighthouse/);
  await keepScreenshot(page, '35b-world-object');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Initial state updated').first()).toBeVisible();
  const world = await (await request.get(`/api/design/${gameId}/initialStates/current`, { headers })).json();
  const placed = Object.values(world.state.has.object as Record<string, Record<string, { name: string }>>).flatMap(
    (byId) => Object.values(byId),
  );
  expect(placed.map((entry) => entry.name)).toEqual(['lantern-1']);

  // Publish, and find the version listed.
  await page.goto(`/fe/games/${gameId}`);
  await page.getByRole('button', { name: 'Publish' }).click();
  // The checker warns (nothing completes this game yet): the warnings are confirmed before publishing.
  await page
    .getByRole('dialog')
    .getByRole('checkbox', { name: /publish anyway/ })
    .check();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/Version 1/).first()).toBeVisible();
  await keepScreenshot(page, '36-published');
  const versions = await (await request.get(`/api/design/${gameId}/gameVersions`, { headers })).json();
  expect((versions as { isLiveSpec: boolean }[]).filter((v) => !v.isLiveSpec)).toHaveLength(1);
});
