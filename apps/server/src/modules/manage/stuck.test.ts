import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { StuckList } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame } from '../../test/game-factories.js';
import { createInstance } from '../../test/instance-factories.js';
import { gameplayRecords, playerStates } from '../../db/schema.js';
import { stuckOf, type StuckCandidate } from './stuck.js';

const NOW = new Date('2026-05-01T12:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const candidate = (fields: Partial<StuckCandidate> = {}): StuckCandidate => ({
  instanceId: 'i',
  playerId: 'p',
  name: 'Ann',
  updatedAt: ago(1),
  startedWhen: ago(60).toISOString(),
  currentSceneId: 's1',
  pending: 0,
  lastMilestone: null,
  lastRecord: 'has entered scene',
  lastRecordAt: ago(2),
  ...fields,
});

describe('stuckOf', () => {
  it('flags no progress for longer than the limit, counting records, milestones and the start', () => {
    expect(stuckOf(candidate(), NOW, 15)).toBeNull();
    expect(stuckOf(candidate({ lastRecordAt: ago(20) }), NOW, 15)).toMatchObject({
      reasons: ['noProgress'],
      lastProgressAt: ago(20).toISOString(),
      lastRecord: 'has entered scene',
    });
    expect(stuckOf(candidate({ lastRecordAt: ago(20), lastMilestone: ago(5).toISOString() }), NOW, 15)).toBeNull();
    expect(
      stuckOf(candidate({ lastRecordAt: null, lastRecord: null, startedWhen: ago(3).toISOString() }), NOW, 15),
    ).toBeNull();
    expect(stuckOf(candidate({ lastRecordAt: ago(20) }), NOW, 30)).toBeNull();
  });

  it('flags a dialog open with no event for longer than the limit, and a player in no scene', () => {
    expect(stuckOf(candidate({ pending: 1, updatedAt: ago(16) }), NOW, 15)).toMatchObject({
      reasons: ['dialogOpen'],
      dialogSince: ago(16).toISOString(),
    });
    expect(stuckOf(candidate({ pending: 1, updatedAt: ago(2) }), NOW, 15)).toBeNull();
    expect(stuckOf(candidate({ currentSceneId: null }), NOW, 15)?.reasons).toEqual(['outOfScenes']);
  });
});

describe('GET /manage/games/:gameId/stuck-players', () => {
  let t: TestApp;
  let owner: TestUser;
  let ann: TestUser;
  let ben: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    ann = await createUser(t.app.ctx, { name: 'Ann' });
    ben = await createUser(t.app.ctx, { name: 'Ben' });
  });
  afterAll(() => t.close());

  it('lists the players without progress for the chosen time, with their last record, in one call', async () => {
    const game = await createGame(t.app.ctx, owner);
    const gameId = game.row.id;
    const { instance: first } = await createInstance(t.app.ctx, { gameId, players: [ann], sceneId: 'harbour' });
    const { instance: second } = await createInstance(t.app.ctx, { gameId, players: [ben], sceneId: 'harbour' });
    // Ann entered a scene 40 minutes ago and did nothing since; Ben entered one a minute ago.
    const now = t.app.ctx.now().getTime();
    const record = (instanceId: string, versionId: string, playerId: string, minutes: number) => ({
      instanceId,
      gameId,
      versionId,
      playerId,
      name: 'has entered scene' as const,
      when: new Date(now - minutes * 60_000),
      record: { name: 'has entered scene' as const, playerId, when: new Date(now - minutes * 60_000).toISOString() },
    });
    await t.app.ctx.db
      .insert(gameplayRecords)
      .values([
        record(first.id, first.versionId, ann.user.id, 40),
        record(second.id, second.versionId, ben.user.id, 1),
      ]);
    // Both started an hour ago.
    for (const [instanceId, user] of [
      [first.id, ann],
      [second.id, ben],
    ] as const) {
      const where = and(eq(playerStates.instanceId, instanceId), eq(playerStates.playerId, user.user.id));
      const [row] = await t.app.ctx.db.select().from(playerStates).where(where);
      const state = { ...row!.state, startedWhen: new Date(now - 3600_000).toISOString() };
      await t.app.ctx.db.update(playerStates).set({ state }).where(where);
    }

    const get = (query = '') =>
      t.app.inject({ method: 'GET', url: `/api/manage/games/${gameId}/stuck-players${query}`, headers: owner.headers });
    const answer = await get();
    expect(answer.statusCode).toBe(200);
    const list = answer.json() as StuckList;
    expect(list.minutes).toBe(15);
    expect(list.players).toEqual([
      expect.objectContaining({
        instanceId: first.id,
        playerId: ann.user.id,
        name: 'Ann',
        reasons: ['noProgress'],
        lastRecord: 'has entered scene',
        currentSceneId: 'harbour',
      }),
    ]);
    expect(((await get('?minutes=60')).json() as StuckList).players).toEqual([]);
    expect((await get('?minutes=0')).statusCode).toBe(400);
    const stranger = await createUser(t.app.ctx, { role: 'designer' });
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/manage/games/${gameId}/stuck-players`,
      headers: stranger.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
