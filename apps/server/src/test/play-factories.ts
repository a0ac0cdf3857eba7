import type { DesignEntity, GameValuesInput, GameVersionFormInput, StartPlayBody } from '@loci/domain';
import type { App } from '../app.js';
import type { TestUser } from './factories.js';
import { createEntity, designRequest, designValues, sceneValues } from './design-factories.js';
import { createGame } from './game-factories.js';

/** Where the harbour scene's pier location lies (the location of `createPlayableGame`). */
export const PIER = { latitude: 35.5171, longitude: 24.0182 };
/** A point 500 m from the pier: outside every circle of the game. */
export const FAR_AWAY = { latitude: 35.5216, longitude: 24.0182 };
/** The correct answer of the pier question. */
export const PIER_YEAR = 1890;

/** A playable game built through the API, with the ids a test needs. */
export interface PlayableGame {
  gameId: string;
  /** The published version (absent when `publish: false`). */
  versionId: string | null;
  scene: DesignEntity;
  pier: DesignEntity;
  welcome: DesignEntity;
  question: DesignEntity;
  lantern: DesignEntity;
  offer: DesignEntity;
  /** The id of the offer placed in the initial world (quantity `offerQuantity`). */
  worldOfferId: string;
}

const block = (conditions: Array<Record<string, unknown>>) => [
  { conditions, andOrConditions: 'and', andOrNextBlock: 'or' },
];
const action = (actionName: string, actionArgs: Record<string, unknown>, notify = false) => ({
  actorId: 'system',
  actionName,
  actionArgs,
  notify,
});

/**
 * The harbour game, designed and published through the API:
 * - scene "harbour" (first, map game) whose entry rule shows the info box "welcome";
 * - location "pier" whose entry rule asks the open question "pier year" (1890, two attempts);
 * - milestone "knows the year" (the question passed) whose rule gives one Lantern (notify);
 * - offer "coffee" placed in the initial world on the pier with `offerQuantity` (default 1), takeable from anywhere.
 */
export async function createPlayableGame(
  app: App,
  owner: TestUser,
  options: {
    settings?: Partial<GameValuesInput>;
    version?: Partial<GameVersionFormInput>;
    publish?: boolean;
    offerQuantity?: number;
  } = {},
): Promise<PlayableGame> {
  const game = await createGame(app.ctx, owner, options.settings ?? {});
  const gameId = game.row.id;
  const scene = await createEntity(app, owner, gameId, 'scene', sceneValues({ name: 'harbour' }));
  const pier = await createEntity(
    app,
    owner,
    gameId,
    'location',
    designValues('location', { sceneId: scene.id }, { name: 'pier', ...{ lat: PIER.latitude, lng: PIER.longitude } }),
  );
  const welcome = await createEntity(
    app,
    owner,
    gameId,
    'interaction',
    designValues('interaction', {}, { name: 'welcome' }),
  );
  const question = await createEntity(app, owner, gameId, 'interaction', {
    type: 'INTER_ANSWER_QUESTION',
    name: 'pier year',
    notes: '',
    title: 'The pier',
    buttonLabel: 'Answer',
    description: '<p>When was the pier built?</p>',
    mediaId: null,
    direction: { isDirection: false, title: '' },
    questions: [
      {
        title: 'Which year?',
        description: '<p>The year the pier was built</p>',
        qType: 'openEnded',
        dType: 'number',
        hasCorrectAnswer: true,
        correctAnswer: PIER_YEAR,
        attempts: 2,
        hint: 'Read the plaque',
      },
    ],
  });
  const lantern = await createEntity(
    app,
    owner,
    gameId,
    'item',
    designValues('item', {}, { name: 'lantern', title: 'Lantern' }),
  );
  const milestone = await createEntity(app, owner, gameId, 'milestone', {
    name: 'knows the year',
    notes: '',
    condition: block([{ conditionType: 'player-question', verb: 'has_passed', elementId: question.id }]),
  });
  const offer = await createEntity(
    app,
    owner,
    gameId,
    'offer',
    designValues('offer', {}, { name: 'coffee', inRangeOnlyAct: false, inRangeOnlyContact: false }),
  );
  const rule = (name: string, trigger: Record<string, unknown>, sideeffects: unknown[]) =>
    createEntity(app, owner, gameId, 'rule', {
      name,
      notes: '',
      sceneId: scene.id,
      trigger,
      triggerPreconditions: [],
      sideeffects,
      sideeffectselse: [],
      fireOnce: true,
    });
  await rule('greet', { conditionType: 'player-scene', verb: 'has_entered', elementId: scene.id }, [
    action('showInfo', { what: welcome.id }),
  ]);
  await rule('ask at the pier', { conditionType: 'player-location', verb: 'has_entered', elementId: pier.id }, [
    action('askQuestion', { what: question.id }),
  ]);
  await rule('reward', { conditionType: 'milestone', verb: 'has_reached', elementId: milestone.id }, [
    action('giveToPlayer', { what: lantern.id, value: 1 }, true),
  ]);

  const placed = await designRequest(app, owner, 'POST', `/api/design/${gameId}/initialStates/current`, {
    name: 'coffee-on-the-pier',
    sceneId: scene.id,
    offerId: offer.id,
    payload: { label: 'Coffee' },
    location: PIER,
    type: 'offer',
    quantity: options.offerQuantity ?? 1,
  });
  if (placed.statusCode >= 300) throw new Error(`placing the offer answered ${placed.statusCode}: ${placed.body}`);
  const worldOfferId = findWorldOfferId(placed.json(), scene.id);

  let versionId: string | null = null;
  if (options.publish !== false) versionId = await publishVersionOf(app, owner, gameId, options.version);
  return { gameId, versionId, scene, pier, welcome, question, lantern, offer, worldOfferId };
}

/** The id of the one offer placed in the scene, from the initial-state answer. */
function findWorldOfferId(answer: unknown, sceneId: string): string {
  const { state } = answer as { state?: { has?: { offer?: Record<string, Record<string, { id: string }>> } } };
  const placed = Object.values(state?.has?.offer?.[sceneId] ?? {})[0];
  if (!placed) throw new Error(`no offer placed in the initial state: ${JSON.stringify(answer)}`);
  return placed.id;
}

/** Publishes the working version through the API; returns the new version's id. */
export async function publishVersionOf(
  app: App,
  owner: TestUser,
  gameId: string,
  values: Partial<GameVersionFormInput> = {},
): Promise<string> {
  const res = await designRequest(app, owner, 'POST', `/api/design/${gameId}/gameVersions`, {
    versionNotes: 'Published by a test',
    ...values,
  });
  if (res.statusCode !== 201) throw new Error(`publishing answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { id: string }).id;
}

/** POST /api/play/games/{gameId}/instances as `user`. */
export function startPlay(app: App, user: TestUser, gameId: string, body: StartPlayBody = {}, device?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/play/games/${gameId}/instances`,
    headers: { ...user.headers, ...(device ? { 'x-loci-device': device } : {}) },
    payload: body,
  });
}

/** POST /api/play/instances/{instanceId}/events as `user`. */
export function sendEvent(app: App, user: TestUser, instanceId: string, event: unknown, device?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/play/instances/${instanceId}/events`,
    headers: { ...user.headers, ...(device ? { 'x-loci-device': device } : {}) },
    payload: event as Record<string, unknown>,
  });
}

/** Starts `game` as `user` and returns the answer's body; throws unless it answers 200 or 201. */
export async function startedInstance(app: App, user: TestUser, gameId: string, body = {}) {
  const res = await startPlay(app, user, gameId, body);
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`start answered ${res.statusCode}: ${res.body}`);
  return res.json() as { instanceId: string; outputs: Array<Record<string, unknown>>; view: Record<string, unknown> };
}

/** A rule's values: in `sceneId`, when the player types or scans `code`, run `sideeffects`. */
export const codeRule = (sceneId: string, code: string, sideeffects: unknown[]) => ({
  name: `on ${code}`,
  notes: '',
  sceneId,
  trigger: { conditionType: 'player-code', verb: 'has_typedscannedcode', designerInputString: code },
  triggerPreconditions: [],
  sideeffects,
  sideeffectselse: [],
  fireOnce: false,
});

/** A mission accomplished by sending a text (the team motto), judged by an organiser unless `judging` says otherwise. */
export const textMissionValues = (name: string, title: string, judging = 'wait') => ({
  name,
  title,
  description: '<p>Write your motto.</p>',
  notes: '',
  judging,
  accomplishment: {
    accomplishmentType: 'action',
    action: { type: 'ACTION_TYPE_SHARE', mediatypetextRequired: true, mediatypetext: true },
    condition: [],
    submissions: [],
    ordered: false,
    notifyPlayer: true,
  },
});

/** A rule's values: in `sceneId`, the mission `missionId` is assigned once, as the player enters the scene. */
export const assignOnEntryRule = (sceneId: string, missionId: string, name = 'assign the motto') => ({
  name,
  notes: '',
  sceneId,
  trigger: { conditionType: 'player-scene', verb: 'has_entered', elementId: sceneId },
  triggerPreconditions: [],
  sideeffects: [{ actorId: 'system', actionName: 'assignMission', actionArgs: { what: missionId } }],
  sideeffectselse: [],
  fireOnce: true,
});

/** A side effect that gives the player `value` units of item or attribute `what`, silently. */
export const giveToPlayer = (what: string, value: number) => ({
  actorId: 'system',
  actionName: 'giveToPlayer',
  actionArgs: { what, value },
  notify: false,
});
