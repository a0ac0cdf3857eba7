import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  createPlayableGame,
  PIER,
  PIER_YEAR,
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
