/**
 * Builds the sample games under samples/ (`npm run samples -w @loci/server`):
 * each is designed through the real API on a throw-away database — so every
 * entity passes the same checks as one made in the console — then exported
 * as a bundle. Run it again after a change of the design model.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { games } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createEntity, designValues, sceneValues } from '../../../test/design-factories.js';
import { createGame, createMedia, pngBytes } from '../../../test/game-factories.js';
import { SAMPLES_DIR } from '../samples.js';

type Values = Record<string, unknown>;
const entered = (conditionType: string, elementId: string) => ({
  conditionType,
  verb: 'has_entered',
  elementId,
});
const system = (actionName: string, actionArgs: Values = {}) => ({
  actorId: 'system',
  actionName,
  actionArgs,
  notify: false,
});
const rule = (name: string, sceneId: string, trigger: Values, sideeffects: Values[]) => ({
  name,
  notes: '',
  sceneId,
  trigger,
  triggerPreconditions: [],
  sideeffects,
  sideeffectselse: [],
  fireOnce: true,
});
const info = (name: string, title: string, text: string) => ({
  ...designValues('interaction'),
  name,
  title,
  description: `<p>${text}</p>`,
});
const mc = (title: string, right: string, wrong: string[]) => ({
  title,
  description: `<p>${title}</p>`,
  qType: 'MC',
  hasCorrectAnswer: true,
  allowMultipleAnswers: false,
  attempts: 2,
  options: [
    { description: right, partOfCorrect: true },
    ...wrong.map((description) => ({ description, partOfCorrect: false })),
  ],
});

interface Builder {
  t: TestApp;
  user: TestUser;
  gameId: string;
  logoId: string;
  add: (kind: Parameters<typeof createEntity>[3], values: Values) => Promise<{ id: string }>;
}

/** A place of 30 m in `sceneId`, with the game's cover as its icon. */
const addPlace = (b: Builder, sceneId: string, name: string, title: string, lat: number, lng: number) =>
  b.add('location', {
    ...designValues('location', { mediaId: b.logoId, sceneId }),
    name,
    title,
    lat,
    lng,
    radius: 30,
  });

/** A milestone reached by owning `itemId`. */
const addOwnsMilestone = (b: Builder, name: string, itemId: string) =>
  b.add('milestone', {
    name,
    notes: '',
    condition: [
      {
        conditions: [{ conditionType: 'player-item', verb: 'owns', elementId: itemId }],
        andOrConditions: 'and',
        andOrNextBlock: 'or',
      },
    ],
  });

async function startGame(
  t: TestApp,
  user: TestUser,
  settings: { title: string; description: string; place: { lat: number; lng: number; radius: number }; color: string },
): Promise<Builder> {
  const game = await createGame(t.app.ctx, user, { title: settings.title, description: settings.description });
  const logo = await createMedia(t.app.ctx, game.row.id, {
    title: 'Cover',
    bytes: await pngBytes({ width: 480, height: 270, color: settings.color }),
    width: 480,
    height: 270,
  });
  const base = game.row.settings;
  await t.app.ctx.db
    .update(games)
    .set({
      settings: {
        ...base,
        logoId: logo.id,
        pg: { ...base.pg, title: settings.title, place: settings.place },
        capabilities: { ...base.capabilities, seeBackPack: true, seeTasks: true },
      },
    })
    .where(eq(games.id, game.row.id));
  return {
    t,
    user,
    gameId: game.row.id,
    logoId: logo.id,
    add: (kind, values) => createEntity(t.app, user, game.row.id, kind, values),
  };
}

/** The harbour: places, an info box, a question, a conversation with a character, an item, a milestone, a mission, an offer. */
async function buildHarbour(t: TestApp, user: TestUser): Promise<string> {
  const centre = { lat: 35.5175, lng: 24.0175 };
  const b = await startGame(t, user, {
    title: 'Secrets of the Old Harbour',
    description:
      '<p>A short walk around an old Venetian harbour: meet the fisherman, find the lighthouse key and earn a coffee.</p>',
    place: { ...centre, radius: 800 },
    color: '#1c7ed6',
  });
  const refs = { mediaId: b.logoId };
  const scene = await b.add(
    'scene',
    sceneValues({ name: 'Harbour', title: 'The old harbour', ...centre, radius: 400 }),
  );
  const place = (name: string, title: string, lat: number, lng: number) => addPlace(b, scene.id, name, title, lat, lng);
  const lighthouse = await place('Lighthouse', 'The lighthouse', 35.5197, 24.0171);
  const market = await place('Fish market', 'The fish market', 35.5166, 24.0186);
  const mosque = await place('Mosque', 'The mosque of the Janissaries', 35.5171, 24.0163);
  const welcome = await b.add('interaction', info('Welcome', 'Welcome to the harbour', 'Walk to the lighthouse.'));
  const key = await b.add('item', {
    ...designValues('item', refs),
    name: 'Lighthouse key',
    title: 'A brass key',
    description: '<p>It opens the lighthouse door.</p>',
  });
  const question = await b.add('interaction', {
    ...designValues('interaction'),
    type: 'INTER_ANSWER_QUESTION',
    name: 'Market question',
    title: 'At the market',
    questions: [mc('Which fish do they sell most here?', 'Sardines', ['Salmon', 'Cod'])],
  });
  const fisherman = await b.add('character', {
    ...designValues('character', refs),
    name: 'Fisherman',
    title: 'Old Manolis',
  });
  const conversation = await b.add('interaction', {
    ...designValues('interaction'),
    type: 'INTER_CONVERSATION',
    name: 'Talk with Manolis',
    title: 'Old Manolis',
    conversation: {
      resumable: true,
      statements: [
        {
          body: '<p>The lighthouse? My grandfather kept it. The key is under the third stone.</p>',
          spokenBy: fisherman.id,
          repliedWith: '',
          direction: { isDirection: false, title: '' },
          options: [{ actionLabel: 'Thank you!', condition: [], actions: [] }],
        },
      ],
    },
  });
  const mission = await b.add('mission', {
    ...designValues('mission', { sceneId: scene.id }),
    name: 'Reach the lighthouse',
    accomplishment: {
      accomplishmentType: 'condition',
      action: null,
      condition: [
        { conditions: [entered('player-location', lighthouse.id)], andOrConditions: 'and', andOrNextBlock: 'or' },
      ],
      submissions: [],
      ordered: false,
      notifyPlayer: true,
    },
  });
  await addOwnsMilestone(b, 'Has the key', key.id);
  const coffee = await b.add('offer', { ...designValues('offer', refs), name: 'Free coffee', title: 'A coffee on us' });
  await b.add(
    'rule',
    rule('Arrive', scene.id, entered('player-scene', scene.id), [
      system('showInfo', { what: welcome.id }),
      system('assignMission', { what: mission.id }),
    ]),
  );
  await b.add(
    'rule',
    rule('Lighthouse', scene.id, entered('player-location', lighthouse.id), [
      system('giveToPlayer', { what: key.id, value: 1 }),
    ]),
  );
  await b.add(
    'rule',
    rule('Market', scene.id, entered('player-location', market.id), [system('askQuestion', { what: question.id })]),
  );
  await b.add(
    'rule',
    rule('Mosque', scene.id, entered('player-location', mosque.id), [
      system('startConversation', { what: conversation.id }),
    ]),
  );
  await b.add(
    'rule',
    rule('The end', scene.id, { conditionType: 'player-mission', verb: 'has_completed', elementId: mission.id }, [
      system('completeGame', { message: 'The lighthouse is yours: well walked!' }),
    ]),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/design/${b.gameId}/initialStates/current`,
    headers: user.headers,
    payload: {
      name: 'Harbour café',
      sceneId: scene.id,
      offerId: coffee.id,
      payload: { label: 'Harbour café' },
      location: { latitude: 35.5168, longitude: 24.0179 },
      type: 'offer',
      quantity: 20,
    },
  });
  if (res.statusCode !== 200) throw new Error(`placing the offer answered ${res.statusCode}: ${res.body}`);
  return b.gameId;
}

/** A quiz walk: two places, an info box, a quiz, a badge and a milestone. */
async function buildQuizWalk(t: TestApp, user: TestUser): Promise<string> {
  const centre = { lat: 37.9715, lng: 23.7257 };
  const b = await startGame(t, user, {
    title: 'Acropolis Quiz Walk',
    description: '<p>Two stops below the Acropolis and a quiz: win the owl badge.</p>',
    place: { ...centre, radius: 700 },
    color: '#f08c00',
  });
  const refs = { mediaId: b.logoId };
  const scene = await b.add('scene', sceneValues({ name: 'Plaka', title: 'Plaka', ...centre, radius: 500 }));
  const place = (name: string, title: string, lat: number, lng: number) => addPlace(b, scene.id, name, title, lat, lng);
  const gate = await place('Gate', 'Hadrian’s gate', 37.9711, 23.7301);
  const theatre = await place('Theatre', 'The theatre of Dionysus', 37.9703, 23.7278);
  const intro = await b.add('interaction', info('Intro', 'Hadrian’s gate', 'Walk west to the theatre for the quiz.'));
  const quiz = await b.add('interaction', {
    ...designValues('interaction'),
    type: 'INTER_QUIZ',
    name: 'Theatre quiz',
    title: 'The theatre quiz',
    questions: [
      mc('Who was the theatre dedicated to?', 'Dionysus', ['Athena', 'Zeus']),
      mc('What bird stands for Athens?', 'The owl', ['The eagle', 'The dove']),
    ],
  });
  const badge = await b.add('item', {
    ...designValues('item', refs),
    name: 'Owl badge',
    title: 'The owl badge',
    description: '<p>For a wise walker.</p>',
  });
  await addOwnsMilestone(b, 'Wise walker', badge.id);
  await b.add(
    'rule',
    rule('At the gate', scene.id, entered('player-location', gate.id), [system('showInfo', { what: intro.id })]),
  );
  await b.add(
    'rule',
    rule('At the theatre', scene.id, entered('player-location', theatre.id), [system('askQuiz', { what: quiz.id })]),
  );
  await b.add(
    'rule',
    rule('Quiz done', scene.id, { conditionType: 'player-quiz', verb: 'has_completed', elementId: quiz.id }, [
      system('giveToPlayer', { what: badge.id, value: 1 }),
      system('completeGame', { message: 'The owl badge is yours.' }),
    ]),
  );
  return b.gameId;
}

async function main() {
  const t = await createTestApp();
  try {
    const user = await createUser(t.app.ctx, { role: 'designer', name: 'Loci samples' });
    for (const [file, build] of [
      ['secrets-of-the-old-harbour.loci.zip', buildHarbour],
      ['acropolis-quiz-walk.loci.zip', buildQuizWalk],
    ] as const) {
      const gameId = await build(t, user);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/design/games/${gameId}/bundle`,
        headers: user.headers,
      });
      if (res.statusCode !== 200) throw new Error(`exporting ${file} answered ${res.statusCode}: ${res.body}`);
      await writeFile(path.join(SAMPLES_DIR, file), res.rawPayload);
      console.log(`samples/${file}: ${res.rawPayload.length} bytes`);
    }
  } finally {
    await t.close();
  }
}

await main();
