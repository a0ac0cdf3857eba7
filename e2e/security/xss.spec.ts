import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  RICH_TEXT_ATTACKS,
  newArchetypeDefaults,
  newAttributeDefaults,
  newGameDefaults,
  newInteractionDefaults,
  newItemDefaults,
  newLocationDefaults,
  newMilestoneDefaults,
  newMissionAction,
  newMissionDefaults,
  newQuestion,
  newRuleDefaults,
  newSceneDefaults,
  newStatement,
  newStatementOption,
} from '@loci/domain';
import { createDesigner, loginToken, signInAs, type Account } from '../support/accounts.js';
import { designApi } from '../support/design-api.js';
import { keepScreenshot } from '../support/screens.js';
import { CENTRE, FOUNTAIN, LANTERN } from '../support/fountain-game.js';

/**
 * Stored cross-site scripting: a designer (or anyone who can write a game's
 * texts) stores every attack of the domain's corpus in every rich-text field
 * and in the plain-text fields the player and the console show, publishes,
 * and the console and the player open every screen that shows them. Each
 * attack sets window.__xss or opens a dialog if it ever runs.
 */

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

/** Every attack at once, after a line of ordinary formatted text that must still show. */
const RICH = `<p><strong>Ordinary text</strong> with <a href="https://example.org/">a link</a></p>${Object.values(
  RICH_TEXT_ATTACKS,
).join('')}`;
/** A plain-text field's attack: shown as text, it is harmless characters. */
const PLAIN = '<img src=x onerror="window.__xss=1">';
const named = (name: string) => `${name} ${PLAIN}`;

let designer: Account;
let token: string;

test.beforeAll(async ({ request }) => {
  designer = await createDesigner(request, 'Xavier Scripter');
  token = await loginToken(request, designer);
});

/** Records every dialog (alert, confirm, prompt) the page opens, and dismisses it. */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return opened;
}

/** Waits for failed images to have fired their onerror (they would have by now), then checks the marker. */
async function expectNothingRan(page: Page, opened: string[], where: string) {
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (globalThis as { __xss?: unknown }).__xss), where).toBeUndefined();
  expect(opened, where).toEqual([]);
  // Nothing from the corpus made it into the page as an element.
  expect(
    await page.locator('img[onerror], svg [onload], noscript img, iframe[srcdoc], a[href^="javascript" i]').count(),
    where,
  ).toBe(0);
}

interface AttackGame {
  id: string;
  ids: Record<string, string>;
}

/**
 * A map game whose every text is an attack: settings texts, scene, location,
 * item, attribute, info box, question and options, conversation, mission,
 * object type and offer. Entering the scene assigns the mission; walking to
 * the fountain shows the info box, then the question; passing it gives the
 * item and starts the conversation.
 */
async function buildAttackGame(request: APIRequestContext): Promise<AttackGame> {
  const api = designApi(request, token);
  const { headers, create, uploadPng } = api;
  const defaults = newGameDefaults(new Date());
  const game = await create('/api/design/games', {
    ...defaults,
    title: named('XSS Trail'),
    description: RICH,
    instructions: RICH,
    terms: RICH,
    pg: { ...defaults.pg, place: { ...CENTRE, radius: 1000 } },
  });
  const design = `/api/design/${game.id}`;
  const logoId = await uploadPng(game.id, 'lantern.png', '#c92a2a');
  const scene = await create(`${design}/scenes`, {
    ...newSceneDefaults(CENTRE),
    name: 'square',
    title: named('The Square'),
    radius: 600,
  });
  const fountain = await create(`${design}/locations`, {
    ...newLocationDefaults(scene.id, FOUNTAIN),
    name: 'fountain',
    title: named('The Fountain'),
    radius: 40,
  });
  const coin = await create(`${design}/items`, {
    ...newItemDefaults(),
    name: 'old-coin',
    title: named('Old coin'),
    description: RICH,
  });
  const attribute = await create(`${design}/attributes`, {
    ...newAttributeDefaults(),
    name: 'courage',
    title: named('Courage'),
    logoId,
    description: RICH,
  });
  const info = await create(`${design}/interactions`, {
    ...newInteractionDefaults('INTER_INSPECT_INFO'),
    name: 'fountain-story',
    title: named('Fountain story'),
    description: RICH,
    buttonLabel: 'Ok',
  });
  const question = { ...newQuestion('MC'), title: named('Which?'), description: RICH, hasCorrectAnswer: true };
  question.options = [
    { ...question.options[0]!, description: `<p>Lion</p>${RICH}`, partOfCorrect: false },
    { ...question.options[1]!, description: `<p>Coin</p>${RICH}`, partOfCorrect: true },
  ];
  const ask = await create(`${design}/interactions`, {
    ...newInteractionDefaults('INTER_ANSWER_QUESTION'),
    name: 'coin-question',
    title: named('Bottom of the fountain'),
    questions: [question],
  });
  const conversation = await create(`${design}/interactions`, {
    ...newInteractionDefaults('INTER_CONVERSATION'),
    name: 'chat',
    title: named('A chat'),
    conversation: {
      resumable: false,
      statements: [
        {
          ...newStatement(),
          body: RICH,
          options: [
            {
              ...newStatementOption(),
              actionLabel: named('Bye'),
              actions: [{ actorId: 'system', actionName: 'exitConversation', actionArgs: {} }],
            },
          ],
        },
      ],
    },
  });
  const mission = await create(`${design}/missions`, {
    ...newMissionDefaults(),
    name: 'find-coin',
    title: named('Find the coin'),
    description: RICH,
    accomplishment: {
      ...newMissionDefaults().accomplishment,
      accomplishmentType: 'action',
      action: { ...newMissionAction(), mediatypetext: true, mediatypetextRequired: true },
    },
  });
  const passed = await create(`${design}/milestones`, {
    ...newMilestoneDefaults(),
    name: 'coin-question-passed',
    condition: [{ conditions: [{ conditionType: 'player-question', verb: 'has_passed', elementId: ask.id }] }],
  });
  const rule = (
    name: string,
    trigger: Record<string, unknown>,
    sideeffects: Array<[string, Record<string, unknown>]>,
  ) =>
    create(`${design}/rules`, {
      ...newRuleDefaults(scene.id),
      name,
      trigger,
      sideeffects: sideeffects.map(([actionName, actionArgs]) => ({ actorId: 'system', actionName, actionArgs })),
    });
  await rule('assign', { conditionType: 'player-scene', verb: 'has_entered', elementId: scene.id }, [
    ['assignMission', { what: mission.id }],
  ]);
  await rule('story', { conditionType: 'player-location', verb: 'has_entered', elementId: fountain.id }, [
    ['showInfo', { what: info.id }],
  ]);
  await rule('ask', { conditionType: 'player-info', verb: 'has_seen', elementId: info.id }, [
    ['askQuestion', { what: ask.id }],
  ]);
  await rule('reward', { conditionType: 'milestone', verb: 'has_reached', elementId: passed.id }, [
    ['giveToPlayer', { what: coin.id, value: 1 }],
    ['startConversation', { what: conversation.id }],
  ]);

  const lantern = await create(`${design}/archetypes`, {
    ...newArchetypeDefaults(),
    logoId,
    name: 'lantern',
    title: named('Lantern'),
    description: RICH,
    actionLabelContact: named('Look'),
    sideeffectsContact: [{ actorId: 'system', actionName: 'showNotification', actionArgs: { msg: named('Warm') } }],
  });
  const placed = await request.post(`${design}/initialStates/current`, {
    headers,
    data: {
      type: 'object',
      name: 'lantern-1',
      sceneId: scene.id,
      archetypeId: lantern.id,
      payload: {},
      location: { latitude: LANTERN.lat, longitude: LANTERN.lng },
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  await api.publish(game.id, named('First'));
  return {
    id: game.id,
    ids: {
      scene: scene.id,
      location: fountain.id,
      item: coin.id,
      attribute: attribute.id,
      info: info.id,
      question: ask.id,
      conversation: conversation.id,
      mission: mission.id,
      archetype: lantern.id,
    },
  };
}

test('no stored attack runs in the console or the player, from the design forms to the backpack', async ({
  page,
  request,
}) => {
  const game = await buildAttackGame(request);
  const opened = watchDialogs(page);
  await signInAs(page, designer);

  // The console: the games list, the settings' text tabs, every design form that holds an attack.
  await page.goto('/fe/');
  await expect(page.getByText(/XSS Trail/).first()).toBeVisible();
  await expectNothingRan(page, opened, 'games list');
  await page.goto(`/fe/games/edit/${game.id}`);
  for (const tab of ['Description', 'Terms', 'Instructions']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByText('Ordinary text').first()).toBeVisible();
    await expectNothingRan(page, opened, `settings ${tab}`);
  }
  await keepScreenshot(page, 'xss-01-settings-instructions');

  const forms: Array<[string, string]> = [
    ['interactions', game.ids.info!],
    ['interactions', game.ids.question!],
    ['interactions', game.ids.conversation!],
    ['items', game.ids.item!],
    ['attributes', game.ids.attribute!],
    ['missions', game.ids.mission!],
    ['archetypes', game.ids.archetype!],
    ['locations', game.ids.location!],
    ['scenes', game.ids.scene!],
  ];
  for (const [segment, id] of forms) {
    await page.goto(`/fe/games/${game.id}/${segment}/edit/${id}`);
    await expect(page.getByRole('button', { name: /save/i }).first()).toBeVisible();
    await page.waitForTimeout(300);
    await expectNothingRan(page, opened, `${segment} form`);
    await keepScreenshot(page, `xss-02-form-${segment}-${id.slice(0, 6)}`);
  }
  await page.goto(`/fe/games/${game.id}/scenes/show/${game.ids.scene}`);
  await expectNothingRan(page, opened, 'scene page');

  // The player's introduction: the game's description and instructions.
  await page.goto(`/fe/play/${game.id}`);
  await expect(page.getByRole('heading', { name: /XSS Trail/ })).toBeVisible();
  await expect(page.getByText('Ordinary text').first()).toBeVisible();
  // A plain-text field shows its attack as the characters it is.
  await expect(page.getByRole('heading', { name: /XSS Trail/ })).toContainText('<img src=x');
  await expectNothingRan(page, opened, 'play intro');
  await keepScreenshot(page, 'xss-03-play-intro');

  // The playtest: the tasks, the info box, the question, the backpack, an object.
  await page.goto(`/fe/play/${game.id}?playtest=1`);
  await expect(page.locator('.loci-walker')).toBeVisible();
  await expectNothingRan(page, opened, 'playtest start');
  await page.getByRole('button', { name: 'Tasks' }).click();
  await expect(page.getByText(/Find the coin/).first()).toBeVisible();
  await page.waitForTimeout(400);
  await expectNothingRan(page, opened, 'tasks panel');
  await keepScreenshot(page, 'xss-04-tasks');
  await page.keyboard.press('Escape');
  await expect(page.locator('.mantine-Drawer-overlay')).toHaveCount(0);

  await page.locator('path.loci-location').click();
  const story = page.getByRole('dialog', { name: /Fountain story/ });
  await expect(story).toBeVisible();
  await expect(story.getByText('Ordinary text')).toBeVisible();
  await expectNothingRan(page, opened, 'info dialog');
  await keepScreenshot(page, 'xss-05-info');
  await story.getByRole('button', { name: 'Ok' }).click();

  const asked = page.getByRole('dialog', { name: /Bottom of the fountain/ });
  await expect(asked).toBeVisible();
  await expectNothingRan(page, opened, 'question dialog');
  await keepScreenshot(page, 'xss-06-question');
  await asked.getByRole('radio', { name: /^Coin/ }).check();
  await asked.getByRole('button', { name: 'Ok' }).click();
  await expect(asked).toBeHidden();

  const chat = page.getByRole('dialog', { name: /A chat/ });
  await expect(chat.getByText('Ordinary text')).toBeVisible();
  await expectNothingRan(page, opened, 'conversation');
  await keepScreenshot(page, 'xss-06b-conversation');
  await chat.getByRole('button', { name: /Bye/ }).click();
  await expect(chat).toBeHidden();

  await page.getByRole('button', { name: 'Backpack' }).click();
  await expect(page.getByTestId('backpack-item').filter({ hasText: 'Old coin' })).toBeVisible();
  await page.waitForTimeout(400);
  await expectNothingRan(page, opened, 'backpack');
  await keepScreenshot(page, 'xss-07-backpack');
  await page.keyboard.press('Escape');
  await expect(page.locator('.mantine-Drawer-overlay')).toHaveCount(0);

  await page.getByRole('button', { name: /Lantern/ }).click();
  const sheet = page.getByRole('dialog').filter({ hasText: 'Lantern' });
  await expect(sheet.getByText('Ordinary text')).toBeVisible();
  await expectNothingRan(page, opened, 'object sheet');
  await keepScreenshot(page, 'xss-08-object-sheet');
  await sheet.getByRole('button', { name: /Look/ }).click();
  await expect(page.getByText(/Warm <img/).first()).toBeVisible();
  await expectNothingRan(page, opened, 'notification');

  // An operator's message is plain text: its attack shows as characters in the toast.
  const sent = await request.post(`/api/games/${game.id}/send-message`, {
    headers: { authorization: `Bearer ${token}` },
    data: { message: named('Hurry'), asynchronous: false },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  if ((await sent.json()).delivered > 0) await expect(page.getByText(/Hurry <img/).first()).toBeVisible();
  await expectNothingRan(page, opened, 'operator message');
  await keepScreenshot(page, 'xss-09-message');

  // Analytics of the played version.
  await page.goto(`/fe/analytics/${game.id}`);
  await page.waitForLoadState('networkidle');
  await expectNothingRan(page, opened, 'analytics');
  await keepScreenshot(page, 'xss-10-analytics');
});
