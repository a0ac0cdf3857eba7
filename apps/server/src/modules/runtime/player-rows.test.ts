import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { gameInstances, instanceEvents, playerStates } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, sendEvent, startPlay } from '../../test/play-factories.js';

/**
 * The writers of player rows outside a step (player-event.ts's rule: a player row is written only under its
 * instance's row lock, through instance-rows.ts). Each test races what the old writers let through.
 */
describe('player rows written outside a step', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(async () => t.close());

  const deviceOf = async (instanceId: string, playerId: string) => {
    const [row] = await t.app.ctx.db
      .select({ deviceId: playerStates.deviceId })
      .from(playerStates)
      .where(and(eq(playerStates.instanceId, instanceId), eq(playerStates.playerId, playerId)));
    return row?.deviceId;
  };

  it('lets exactly one of two phones coming back at once take a single-device player (the other: 409)', async () => {
    const game = await createPlayableGame(t.app, owner, { settings: { enforceSingleDevice: true } });
    for (let round = 0; round < 5; round += 1) {
      const player = await createUser(t.app.ctx);
      // Started without a device: the row is bound by the first phone that comes back.
      const started = await startPlay(t.app, player, game.gameId);
      expect(started.statusCode).toBe(201);
      const instanceId = started.json().instanceId as string;
      const answers = await Promise.all([
        startPlay(t.app, player, game.gameId, {}, 'phone-a'),
        startPlay(t.app, player, game.gameId, {}, 'phone-b'),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const winner = answers[0]!.statusCode === 200 ? 'phone-a' : 'phone-b';
      expect(answers.find((res) => res.statusCode === 409)!.json()).toMatchObject({ errorCode: 'OTHER_DEVICE' });
      expect(await deviceOf(instanceId, player.user.id)).toBe(winner);
    }
  });

  it("binds the phone of a player's event and refuses another phone's start sent with it", async () => {
    const game = await createPlayableGame(t.app, owner, { settings: { enforceSingleDevice: true } });
    for (let round = 0; round < 5; round += 1) {
      const player = await createUser(t.app.ctx);
      const instanceId = (await startPlay(t.app, player, game.gameId)).json().instanceId as string;
      const [event, start] = await Promise.all([
        sendEvent(t.app, player, instanceId, { type: 'pause' }, 'phone-a'),
        startPlay(t.app, player, game.gameId, {}, 'phone-b'),
      ]);
      // Whichever came first holds the player; the other is told the player plays on another device.
      expect([event.statusCode, start.statusCode].sort()).toEqual([200, 409]);
      expect(await deviceOf(instanceId, player.user.id)).toBe(event.statusCode === 200 ? 'phone-a' : 'phone-b');
    }
  });
});

/**
 * Joins into an open shared world (issue 25): each join steps `start` under the instance's row lock
 * (`SELECT … FOR UPDATE`, locked-step.ts), so players joining at once are served one after the other and none
 * is lost — every one has their row, their start in the input log and the same instance. On PostgreSQL the
 * joins are held at that lock first, so they really arrive together.
 */
describe('joins into an open shared world at once', () => {
  // Five: with the test transaction, within the test pool's ten connections however each join uses its own.
  const JOINERS = 5;
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('keeps every joiner: a row, a logged start and the one instance each', { timeout: 90_000 }, async () => {
    const owner = await createUser(t.app.ctx, { role: 'designer' });
    const game = await createPlayableGame(t.app, owner, { settings: { multiplayer: true } });
    const opened = await startPlay(t.app, owner, game.gameId);
    expect(opened.statusCode).toBe(201);
    const instanceId = opened.json().instanceId as string;
    const joiners = await Promise.all(
      Array.from({ length: JOINERS }, (_, i) => createUser(t.app.ctx, { name: `Joiner ${i}` })),
    );
    let answers: Array<Awaited<ReturnType<typeof startPlay>>> = [];
    if (process.env.TEST_DATABASE_URL) {
      await t.app.ctx.db.transaction(async (tx) => {
        await tx.select().from(gameInstances).where(eq(gameInstances.id, instanceId)).for('update');
        const pending = Promise.all(joiners.map((joiner) => startPlay(t.app, joiner, game.gameId)));
        // The joins wait at the instance's row lock this transaction holds (given a moment, on a loaded machine).
        await expect
          .poll(
            async () => {
              const [row] = await tx
                .select({ count: sql<number>`count(*)::int` })
                .from(sql`pg_stat_activity`)
                .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
              return row?.count;
            },
            { timeout: 30_000, interval: 200 },
          )
          .toBeGreaterThan(0);
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        void pending.then((done) => (answers = done));
      });
      await expect.poll(() => answers.length, { timeout: 30_000 }).toBe(JOINERS);
    } else {
      answers = await Promise.all(joiners.map((joiner) => startPlay(t.app, joiner, game.gameId)));
    }
    expect(answers.map((res) => res.statusCode)).toEqual(joiners.map(() => 201));
    expect(answers.map((res) => res.json().instanceId)).toEqual(joiners.map(() => instanceId));
    const rows = await t.app.ctx.db
      .select({ playerId: playerStates.playerId })
      .from(playerStates)
      .where(eq(playerStates.instanceId, instanceId));
    expect(rows.map((row) => row.playerId).sort()).toEqual([owner, ...joiners].map((player) => player.user.id).sort());
    const starts = await t.app.ctx.db
      .select({ playerId: instanceEvents.playerId })
      .from(instanceEvents)
      .where(and(eq(instanceEvents.instanceId, instanceId), sql`${instanceEvents.entry}->'event'->>'type' = 'start'`));
    expect(new Set(starts.map((row) => row.playerId)).size).toBe(JOINERS + 1);
  });
});
