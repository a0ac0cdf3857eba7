import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { newAttributeDefaults, newRuleDefaults, type TeamInstance } from '@loci/domain';
import sharp from 'sharp';
import { bearer, designApi } from './design-api.js';
import { buildFountainGame } from './fountain-game.js';
import { openTool } from './player-tools.js';
import { TEAM_SETTINGS } from './team-phones.js';

// An outing (issue 29) as the browser tests stage it: a team game whose photo mission waits for the organiser's
// verdict, approvals scoring on the wall; the phones' photo submissions, the review queue's keys, the projector.

/** What the wall must show within: the 2 seconds. */
export const LIVE_MS = 2000;

/** A small PNG of one colour, as a phone's photo. */
export const photo = (background: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .png()
    .toBuffer();

/**
 * The fountain game's scene and a new `Points` attribute (with its logo) that a wall scores by: what every outing
 * game of these specs starts from.
 */
export async function withPointsAttribute(request: APIRequestContext, token: string, gameId: string) {
  const { create, uploadPng } = designApi(request, token);
  const design = `/api/design/${gameId}`;
  const [scene] = (await (await request.get(`${design}/scenes`, { headers: bearer(token) })).json()) as Array<{
    id: string;
  }>;
  const logoId = await uploadPng(gameId, 'points.png', '#1c6bb0');
  const points = await create(`${design}/attributes`, {
    ...newAttributeDefaults(),
    name: 'points',
    title: 'Points',
    logoId,
    gameId,
  });
  return { scene: scene!, points, logoId };
}

/**
 * The fountain game played in teams with a photo mission judged *Wait for the organiser*, given on entering the
 * square; an approval gives the organiser's points to the `Points` attribute, which scores on the wall (the feed
 * shown in the player too, with likes). Published.
 */
export async function publishedJudgedOuting(request: APIRequestContext, token: string, title: string) {
  const game = await buildFountainGame(request, token, { title, publicAccess: 'view', teams: TEAM_SETTINGS });
  const { create, patchGame, publish } = designApi(request, token);
  const design = `/api/design/${game.id}`;
  const { scene, points, logoId } = await withPointsAttribute(request, token, game.id);
  const mission = await create(`${design}/missions`, {
    name: 'fountain-photo',
    title: 'A photo of the fountain',
    description: '<p>Take a photo of your team at the fountain.</p>',
    notes: '',
    judging: 'wait',
    accomplishment: {
      accomplishmentType: 'action',
      action: { type: 'ACTION_TYPE_CAPTURE', mediatypemediaRequired: true, mediatypeimage: true },
      condition: [],
      submissions: [],
      ordered: false,
      notifyPlayer: true,
    },
    gameId: game.id,
  });
  const rule = (name: string, trigger: Record<string, unknown>, actionName: string, what: string) =>
    create(`${design}/rules`, {
      ...newRuleDefaults(scene.id),
      name,
      trigger,
      sideeffects: [{ actorId: 'system', actionName, actionArgs: { what }, notify: true }],
      gameId: game.id,
    });
  await rule(
    'Give the photo mission',
    { conditionType: 'player-scene', verb: 'has_entered', elementId: scene.id },
    'assignMission',
    mission.id,
  );
  await rule(
    'Score the approved photo',
    { conditionType: 'player-mission', verb: 'has_been_approved', elementId: mission.id },
    'awardJudgedPoints',
    points.id,
  );
  await patchGame(game.id, {
    logoId,
    wall: { feedInPlayer: true, scoreSource: 'attribute', scoreAttributeId: points.id, likes: true },
  });
  await publish(game.id, 'Judged photos');
  return game;
}

/** An instance of the game with these teams (no class list: members join with the team's link). */
export async function teamInstance(
  request: APIRequestContext,
  token: string,
  gameId: string,
  teamNames: string[],
): Promise<TeamInstance> {
  const made = await request.post(`/api/manage/games/${gameId}/team-instances`, {
    headers: bearer(token),
    data: { teamNames },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()) as TeamInstance;
}

/** A phone sends a photo to the open mission (Tasks, opened unless it is open): it waits for the organiser. */
export async function submitPhoto(phone: Page, colour: string, name = 'fountain.png') {
  if (!(await phone.getByRole('dialog', { name: 'Tasks' }).isVisible())) await openTool(phone, 'Tasks');
  await phone.locator('input[type="file"]').setInputFiles({ name, mimeType: 'image/png', buffer: await photo(colour) });
  await phone.getByRole('button', { name: 'Submit' }).click();
  await expect(phone.getByText('Waiting for the organiser')).toBeVisible({ timeout: 30_000 });
}

/** Closes the phone's Tasks sheet (Escape), back to the map. */
export async function closeTasks(phone: Page) {
  const sheet = phone.getByRole('dialog', { name: 'Tasks' });
  if (!(await sheet.isVisible())) return;
  await phone.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
}

/**
 * The shortcuts of the review queue act on the page, not in a field: a click on the page's empty corner takes
 * the focus out of any field first, then the key. Answers when the key was pressed (Date.now()).
 */
export async function pressInQueue(page: Page, key: string): Promise<number> {
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  const pressedAt = Date.now();
  await page.keyboard.press(key);
  return pressedAt;
}

/** The projector link of an instance (made through the API), opened by nobody signed in at 1920 × 1080. */
export async function openProjector(browser: Browser, request: APIRequestContext, token: string, instanceId: string) {
  const made = await request.post(`/api/manage/instances/${instanceId}/wall-link`, {
    headers: bearer(token),
    data: { showMap: false, layout: 'grid' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { token: wallToken } = (await made.json()) as { token: string };
  const projector = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const wall = await projector.newPage();
  await wall.goto(`/fe/wall/${wallToken}`);
  return { projector, wall, scoreboard: wall.getByRole('table', { name: 'Scoreboard' }) };
}
