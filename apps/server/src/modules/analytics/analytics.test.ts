import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createEntity } from '../../test/design-factories.js';
import {
  codeRule,
  createPlayableGame,
  PIER,
  PIER_YEAR,
  publishVersionOf,
  sendEvent,
  startedInstance,
  type PlayableGame,
} from '../../test/play-factories.js';

type Entry = {
  userId: string | null;
  avatar: { name: string };
  playerId: string;
  status: string;
  instanceStatus: string;
  events: Record<string, Array<Record<string, unknown>>>;
};

describe('#analytics', () => {
  let t: TestApp;
  let owner: TestUser;
  let game: PlayableGame;
  let solver: TestUser;
  let quitter: TestUser;
  let idler: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner);
    solver = await createUser(t.app.ctx, { name: 'Sol Solver' });
    quitter = await createUser(t.app.ctx, { name: 'Quinn Quitter' });
    idler = await createUser(t.app.ctx, { name: 'Ida Idler' });

    const solved = await startedInstance(t.app, solver, game.gameId);
    const play = (event: Record<string, unknown>) => sendEvent(t.app, solver, solved.instanceId, event);
    await play({ type: 'seen', interactionId: game.welcome.id });
    await play({ type: 'location', ...PIER });
    await play({ type: 'answer', interactionId: game.question.id, answer: 1900 });
    await play({ type: 'answer', interactionId: game.question.id, answer: PIER_YEAR });

    const quit = await startedInstance(t.app, quitter, game.gameId);
    await sendEvent(t.app, quitter, quit.instanceId, { type: 'leave' });
    await startedInstance(t.app, idler, game.gameId);
  });
  afterAll(async () => t.close());

  const read = (user: TestUser, query = '', versionId = game.versionId) =>
    t.app.inject({ method: 'GET', url: `/api/analytics/${versionId}${query}`, headers: user.headers });

  it('groups each player’s records by name, oldest first, leaving abandoned instances out', async () => {
    const res = await read(owner);
    expect(res.statusCode).toBe(200);
    const analytics = res.json().analytics as Entry[];
    expect(analytics.map((entry) => entry.avatar.name)).toEqual(['Sol Solver', 'Ida Idler']);
    const [solved] = analytics;
    expect(solved).toMatchObject({ userId: solver.user.id, playerId: solver.user.id, status: 'playing' });
    expect(solved!.events['has entered scene']).toEqual([
      expect.objectContaining({ sceneId: game.scene.id, when: expect.any(String) }),
    ]);
    expect(solved!.events['has seen info']).toEqual([expect.objectContaining({ interactionId: game.welcome.id })]);
    expect(solved!.events['has answered question']!.map((record) => record.correct)).toEqual([false, true]);
    expect(solved!.events['has passed question']).toHaveLength(1);
    expect(solved!.events['has picked or redeemed offer']).toEqual([]);
  });

  it('includes players of abandoned instances with includeAbandoned=true', async () => {
    const res = await read(owner, '?includeAbandoned=true');
    const analytics = res.json().analytics as Entry[];
    expect(analytics.map((entry) => entry.avatar.name)).toEqual(['Sol Solver', 'Quinn Quitter', 'Ida Idler']);
    expect(analytics[1]).toMatchObject({ status: 'left game', instanceStatus: 'abandoned' });
    expect((await read(owner, '?includeAbandoned=false')).json().analytics).toHaveLength(2);
  });

  it('is for those who manage the game (403), about a version that exists (404), signed in (401)', async () => {
    expect((await read(solver)).statusCode).toBe(403);
    expect((await read(owner, '', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await read(owner, '', 'nope')).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/analytics/${game.versionId}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('#analytics answers per language', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(async () => t.close());

  it('counts a typed answer in German and one in English to the same question both correct, each with its language', async () => {
    const game = await createPlayableGame(t.app, owner, {
      publish: false,
      settings: { language: 'en-Us', otherLanguages: ['de'] } as never,
    });
    const fountain = await createEntity(t.app, owner, game.gameId, 'interaction', {
      type: 'INTER_ANSWER_QUESTION',
      name: 'fountain',
      notes: '',
      title: 'In the square',
      buttonLabel: 'Answer',
      description: '<p>What stands in the square?</p>',
      mediaId: null,
      direction: { isDirection: false, title: '' },
      questions: [
        {
          title: 'What stands there?',
          description: '<p>Look around.</p>',
          qType: 'openEnded',
          dType: 'stext',
          hasCorrectAnswer: true,
          correctAnswer: 'Fountain',
          attempts: 3,
          hint: '',
        },
      ],
    });
    await createEntity(
      t.app,
      owner,
      game.gameId,
      'rule',
      codeRule(game.scene.id, 'ask', [
        { actorId: 'system', actionName: 'askQuestion', actionArgs: { what: fountain.id }, notify: false },
      ]),
    );
    const questionId = (fountain as unknown as { questions: Array<{ id: string }> }).questions[0]!.id;
    const translated = await t.app.inject({
      method: 'PATCH',
      url: `/api/design/${game.gameId}/translations/de`,
      headers: owner.headers,
      payload: { texts: { [`interaction:${fountain.id}:questions:${questionId}:correctAnswer`]: 'Brunnen' } },
    });
    expect(translated.statusCode, translated.body).toBe(200);
    const versionId = await publishVersionOf(t.app, owner, game.gameId);

    const answerIn = async (name: string, language: string, answer: string) => {
      const player = await createUser(t.app.ctx, { name });
      const headers = { ...player.headers, 'accept-language': language };
      const started = await t.app.inject({
        method: 'POST',
        url: `/api/play/games/${game.gameId}/instances`,
        headers,
        payload: {},
      });
      expect(started.statusCode, started.body).toBe(201);
      const instanceId = started.json().instanceId as string;
      const event = (payload: Record<string, unknown>) =>
        t.app.inject({ method: 'POST', url: `/api/play/instances/${instanceId}/events`, headers, payload });
      await event({ type: 'code', code: 'ask' });
      const answered = await event({ type: 'answer', interactionId: fountain.id, answer });
      expect(answered.statusCode, answered.body).toBe(200);
    };
    await answerIn('Greta', 'de-DE,de;q=0.9', 'brunnen');
    await answerIn('Ann', 'en-GB', 'Fountain');

    const res = await t.app.inject({ method: 'GET', url: `/api/analytics/${versionId}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const answers = (res.json().analytics as Entry[]).flatMap((entry) =>
      entry.events['has answered question']!.filter((record) => record.interactionId === fountain.id).map((record) => [
        entry.avatar.name,
        record.answer,
        record.correct,
        record.language,
      ]),
    );
    expect(answers).toEqual([
      ['Greta', 'brunnen', true, 'de'],
      ['Ann', 'Fountain', true, 'en'],
    ]);
  });
});
