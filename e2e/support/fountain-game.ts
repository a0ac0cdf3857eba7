import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import {
  newArchetypeDefaults,
  newGameDefaults,
  newInteractionDefaults,
  newItemDefaults,
  newLocationDefaults,
  newMilestoneDefaults,
  newQuestion,
  newRuleDefaults,
  newSceneDefaults,
} from '@loci/domain';
import type { Account } from './accounts.js';
import { designApi } from './design-api.js';
import { linkIn, waitForMail } from './mailbox.js';

// The small map game the player's browser tests play (built through the design API), and a player account.

export const CENTRE = { lat: 37.9715, lng: 23.7257 };
// About 220 m north of the centre: on screen at the player's first zoom, and outside the place's reach at start.
export const FOUNTAIN = { lat: CENTRE.lat + 0.002, lng: CENTRE.lng };
export const LANTERN = { lat: CENTRE.lat, lng: CENTRE.lng + 0.0007 };

/**
 * A small map game built through the design API (the workspace's own browser
 * test builds one through the forms): a scene, a place 220 m from its centre,
 * an item, an info box, a question, a milestone for passing it, and three
 * rules — entering the place shows the info box, seeing it asks the question,
 * passing it gives the item.
 */
export async function buildFountainGame(
  request: APIRequestContext,
  token: string,
  settings: Record<string, unknown> = {},
  /** `dwell`: seconds the player must stay at the fountain before it counts as entered (0: at once). */
  options: { dwell?: number } = {},
) {
  const { create } = designApi(request, token);
  const defaults = newGameDefaults(new Date());
  const game = await create<{ id: string }>('/api/design/games', {
    ...defaults,
    title: 'Fountain Trail',
    pg: { ...defaults.pg, place: { ...CENTRE, radius: 1000 } },
    ...settings,
  });
  const design = `/api/design/${game.id}`;
  const scene = await create(`${design}/scenes`, {
    ...newSceneDefaults(CENTRE),
    name: 'square',
    title: 'The Square',
    radius: 600,
    gameId: game.id,
  });
  const fountain = await create(`${design}/locations`, {
    ...newLocationDefaults(scene.id, FOUNTAIN),
    name: 'fountain',
    title: 'The Fountain',
    radius: 40,
    dwell: options.dwell ?? 0,
    gameId: game.id,
  });
  const coin = await create(`${design}/items`, {
    ...newItemDefaults(),
    name: 'old-coin',
    title: 'Old coin',
    gameId: game.id,
  });
  const info = await create(`${design}/interactions`, {
    ...newInteractionDefaults('INTER_INSPECT_INFO'),
    name: 'fountain-story',
    title: 'The fountain',
    description: '<p>For centuries people threw coins into this fountain.</p>',
    gameId: game.id,
  });
  const question = {
    ...newQuestion('MC'),
    title: 'What lies at the bottom of the fountain?',
    description: '<p>Look closely.</p>',
    hasCorrectAnswer: true,
    attempts: 2,
  };
  question.options = [
    { ...question.options[0]!, description: '<p>A lion</p>', partOfCorrect: false },
    { ...question.options[1]!, description: '<p>A coin</p>', partOfCorrect: true },
  ];
  const ask = await create(`${design}/interactions`, {
    ...newInteractionDefaults('INTER_ANSWER_QUESTION'),
    name: 'coin-question',
    title: 'The bottom of the fountain',
    questions: [question],
    gameId: game.id,
  });
  // Passing a question is no trigger verb: a milestone reached by passing it triggers the reward.
  const passed = await create(`${design}/milestones`, {
    ...newMilestoneDefaults(),
    name: 'coin-question-passed',
    condition: [{ conditions: [{ conditionType: 'player-question', verb: 'has_passed', elementId: ask.id }] }],
    gameId: game.id,
  });
  const rule = (name: string, trigger: Record<string, unknown>, actionName: string, args: Record<string, unknown>) =>
    create(`${design}/rules`, {
      ...newRuleDefaults(scene.id),
      name,
      trigger,
      sideeffects: [{ actorId: 'system', actionName, actionArgs: args, notify: true }],
      gameId: game.id,
    });
  await rule(
    'Tell the fountain story',
    { conditionType: 'player-location', verb: 'has_entered', elementId: fountain.id },
    'showInfo',
    { what: info.id },
  );
  await rule(
    'Ask about the coin',
    { conditionType: 'player-info', verb: 'has_seen', elementId: info.id },
    'askQuestion',
    {
      what: ask.id,
    },
  );
  await rule(
    'Reward the coin',
    { conditionType: 'milestone', verb: 'has_reached', elementId: passed.id },
    'giveToPlayer',
    {
      what: coin.id,
      value: 1,
    },
  );

  await placeLantern(request, token, game.id, scene.id);
  return game;
}

/**
 * A lantern lying 60 m east of the centre (LANTERN), with its icon: contacting it says "The lantern is still
 * warm.". Its object type and the placed object's id.
 */
export async function placeLantern(
  request: APIRequestContext,
  token: string,
  gameId: string,
  sceneId: string,
): Promise<{ archetypeId: string; objectId: string }> {
  const { headers, create, uploadPng } = designApi(request, token);
  const design = `/api/design/${gameId}`;
  const logoId = await uploadPng(gameId, 'lantern.png', '#f59f00');
  const lantern = await create(`${design}/archetypes`, {
    ...newArchetypeDefaults(),
    logoId,
    name: 'lantern',
    title: 'Lantern',
    actionLabelContact: 'Look',
    sideeffectsContact: [
      { actorId: 'system', actionName: 'showNotification', actionArgs: { msg: 'The lantern is still warm.' } },
    ],
    gameId,
  });
  const placed = await request.post(`${design}/initialStates/current`, {
    headers,
    data: {
      type: 'object',
      name: 'lantern-1',
      sceneId,
      archetypeId: lantern.id,
      payload: {},
      location: { latitude: LANTERN.lat, longitude: LANTERN.lng },
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  // The initial world answers `state.has.object[sceneId][objectId]`.
  const { state } = (await placed.json()) as {
    state: { has: { object: Record<string, Record<string, { name?: string }>> } };
  };
  const objectId = Object.entries(state.has.object[sceneId] ?? {}).find(([, o]) => o.name === 'lantern-1')?.[0];
  expect(objectId, JSON.stringify(state)).toBeTruthy();
  return { archetypeId: lantern.id, objectId: objectId! };
}

/**
 * A player's phone (390 × 844) standing at `at` (the square's centre): signed in through the form, on the
 * game's play page, the game started and its tool bar showing.
 */
export async function startOnPhone(
  browser: Browser,
  player: Pick<Account, 'email' | 'password'>,
  gameId: string,
  at: { lat: number; lng: number } = CENTRE,
) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    permissions: ['geolocation'],
    geolocation: { latitude: at.lat, longitude: at.lng },
  });
  const phone = await context.newPage();
  await phone.goto('/fe/login');
  await phone.getByLabel('Email').fill(player.email);
  await phone.getByLabel('Password', { exact: true }).fill(player.password);
  await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(phone).not.toHaveURL(/\/login/);
  await phone.goto(`/fe/play/${gameId}`);
  await phone.getByRole('button', { name: 'Start playing' }).click();
  await expect(phone.getByRole('toolbar')).toBeVisible();
  return { context, phone };
}

/** A player account: registered and confirmed from the mailed link, no role asked. */
export async function createPlayer(request: APIRequestContext, name: string): Promise<Account> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}@e2e.test`;
  const password = 'play-password-1';
  const registered = await request.post('/api/users/register', {
    data: { name, email, password, password2: password },
  });
  expect(registered.status()).toBe(201);
  const link = new URL(linkIn(await waitForMail(email, /confirm/i), '/fe/confirmemail'));
  const confirmed = await request.post('/api/users/confirm', {
    data: { msg: link.searchParams.get('msg'), mac: link.searchParams.get('mac') },
  });
  expect(confirmed.ok()).toBe(true);
  return { name, email, password };
}
