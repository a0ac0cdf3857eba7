import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEveryInstanceReplays } from '../../test/replay-check.js';
import { strFromU8, unzipSync } from 'fflate';
import { BUNDLE_EXTENSION, BUNDLE_SCHEMA_VERSION, migrateGameSpec } from '@loci/domain';
import { checkGame } from '@loci/engine/problems';
import { gameVersions } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { publishVersionOf, sendEvent, startedInstance } from '../../test/play-factories.js';
import { SAMPLES_DIR } from './samples.js';

type Output = Record<string, unknown> & { action: string };
type EventAnswer = { outputs: Output[]; view: { finished: { completed: boolean } | null } & Record<string, unknown> };
type Place = { name: string; lat: number; lng: number };

/**
 * The sample games as fixtures: each is created from its bundle as a
 * newcomer would, published through the publish gate (so it must be free of
 * checker errors), and played to its end through the player API.
 */
describe('sample games, played through', () => {
  let t: TestApp;
  let designer: TestUser;
  let player: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    designer = await createUser(t.app.ctx, { role: 'designer' });
    player = await createUser(t.app.ctx, { role: 'player' });
  });
  afterAll(async () => {
    // Every game played here replays, step by step, to the state it left (modules/replay).
    expect(await expectEveryInstanceReplays(t.app.ctx)).toBeGreaterThan(0);
    await t.close();
  });

  /** Creates a game from the sample, publishes it and starts playing it: the places by name and a way to walk and act. */
  async function publishedSample(name: string) {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/design/samples/${name}`,
      headers: designer.headers,
      payload: {},
    });
    expect(created.statusCode).toBe(201);
    const gameId = created.json().id as string;
    const versionId = await publishVersionOf(t.app, designer, gameId, { versionNotes: 'Sample' });
    const [row] = await t.app.ctx.db.select().from(gameVersions).where(eq(gameVersions.id, versionId));
    const spec = migrateGameSpec(row!.spec);
    const problems = checkGame(spec);
    // The gate let it through: no errors. Warnings are listed so that a new one is noticed.
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const places = new Map<string, Place>(spec.entities.location.map((location) => [location.name, location]));
    const { instanceId } = await startedInstance(t.app, player, gameId);
    const send = async (event: Record<string, unknown>): Promise<EventAnswer> => {
      const res = await sendEvent(t.app, player, instanceId, event);
      expect(res.statusCode).toBe(200);
      return res.json() as EventAnswer;
    };
    const walkTo = (placeName: string) => {
      const place = places.get(placeName)!;
      return send({ type: 'location', latitude: place.lat, longitude: place.lng, accuracy: 5 });
    };
    return { spec, warnings: problems.map((problem) => problem.message), send, walkTo };
  }

  const find = (answer: EventAnswer, action: string) => answer.outputs.find((output) => output.action === action);

  it('ships every sample as a bundle of the current schema (rebuilt by npm run samples -w @loci/server)', async () => {
    const files = (await readdir(SAMPLES_DIR)).filter((file) => file.endsWith(BUNDLE_EXTENSION));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      const manifest = JSON.parse(strFromU8(unzipSync(await readFile(path.join(SAMPLES_DIR, file)))['manifest.json']!));
      expect(manifest).toMatchObject({ format: 'loci-game-bundle', schemaVersion: BUNDLE_SCHEMA_VERSION });
    }
  });

  it('Secrets of the Old Harbour: the market question, the fisherman, the key, the end at the lighthouse', async () => {
    const { warnings, send, walkTo } = await publishedSample('secrets-of-the-old-harbour');
    expect(warnings).toEqual([]);

    const atMarket = await walkTo('Fish market');
    const question = find(atMarket, 'askQuestion')!;
    expect(question).toBeDefined();
    expect(atMarket.view.finished).toBeNull();
    const answered = await send({ type: 'answer', interactionId: question.interactionId, answer: 0 });
    expect(find(answered, 'answerResult')).toMatchObject({ correct: true });

    const atMosque = await walkTo('Mosque');
    expect(find(atMosque, 'startConversation')).toBeDefined();
    const said = atMosque.outputs.find((output) => output.statementId && Array.isArray(output.options))!;
    const options = said.options as Array<{ id: string; actionLabel: string }>;
    expect(options.map((option) => option.actionLabel)).toEqual(['Thank you!']);
    const thanked = await send({
      type: 'option',
      interactionId: said.interactionId,
      statementId: said.statementId,
      optionId: options[0]!.id,
    });
    expect(thanked.outputs.map((output) => output.action)).toEqual(['exitConversation']);

    const atLighthouse = await walkTo('Lighthouse');
    expect(atLighthouse.view.finished).toMatchObject({ completed: true });
    expect(find(atLighthouse, 'completeGame')).toBeDefined();
  });

  it('Acropolis Quiz Walk: the gate, the theatre quiz answered right, the owl badge and the end', async () => {
    const { spec, warnings, send, walkTo } = await publishedSample('acropolis-quiz-walk');
    expect(warnings).toEqual([]);
    const badge = spec.entities.item.find((item) => item.name === 'Owl badge')!;

    const atGate = await walkTo('Gate');
    expect(find(atGate, 'showInfo')).toBeDefined();
    const atTheatre = await walkTo('Theatre');
    const quiz = find(atTheatre, 'askQuiz')!;
    expect(quiz).toBeDefined();
    let last = atTheatre;
    for (const questionId of [0, 1]) {
      last = await send({ type: 'answer', interactionId: quiz.interactionId, questionId, answer: 0 });
    }
    expect(last.view.finished).toMatchObject({ completed: true });
    expect(last.view.items).toEqual({ [badge.id]: 1 });
  });
});
