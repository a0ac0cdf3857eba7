import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { openPglite } from '../../db/client.js';
import { dueTimers, gameInstances, instanceEvents, playerStates } from '../../db/schema.js';
import { createTestDatabase, postgresAvailable } from '../../test/database.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { expectEveryInstanceReplays } from '../../test/replay-check.js';
import { createPlayableGame, startedInstance, type PlayableGame } from '../../test/play-factories.js';
import type { AppContext } from '../../context.js';

const MINUTE = 60_000;
const ONE_MINUTE_LIMIT = { mode: 'duration', minutes: 1, endsAt: null, endsGame: true } as const;

/** The ticks in an instance's input log. */
async function ticksOf(ctx: AppContext, instanceId: string): Promise<number> {
  const rows = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(instanceEvents)
    .where(and(eq(instanceEvents.instanceId, instanceId), sql`${instanceEvents.entry}->'event'->>'type' = 'tick'`));
  return rows[0]!.n;
}

async function playerRow(ctx: AppContext, instanceId: string) {
  const [row] = await ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instanceId));
  return row!;
}

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the game clock (issue 28): the server fires due timers', () => {
  let t: TestApp;
  let owner: TestUser;
  let game: PlayableGame;

  beforeAll(async () => {
    // The scheduler runs on its own here, as in `npm start`.
    t = await createTestApp({ env: { LOCI_CLOCK_POLL_MS: '20' } });
    owner = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner, { settings: { timeLimit: ONE_MINUTE_LIMIT } });
  });
  afterAll(async () => {
    expect(await expectEveryInstanceReplays(t.app.ctx)).toBeGreaterThan(0);
    await t.close();
  });

  it('the view carries the deadline and the server’s time; the time-up ends the game with no phone sending anything', async () => {
    const ctx = t.app.ctx;
    const pushed: Array<{ userId: string; event: string; payload: unknown }> = [];
    const realtime = ctx.realtime;
    ctx.realtime = { ...realtime, toUser: (userId, event, payload) => void pushed.push({ userId, event, payload }) };
    try {
      const player = await createUser(ctx);
      const started = await startedInstance(t.app, player, game.gameId);
      const startedAt = t.clock.now.getTime();
      expect(started.view.clock).toEqual({
        deadline: new Date(startedAt + MINUTE).toISOString(),
        paused: false,
        leftMs: null,
        serverNow: new Date(startedAt).toISOString(),
        timers: {},
      });
      const [timer] = await ctx.db.select().from(dueTimers).where(eq(dueTimers.instanceId, started.instanceId));
      expect(timer?.dueAt.toISOString()).toBe(new Date(startedAt + MINUTE).toISOString());

      // Not due yet: nothing happens.
      t.clock.advance(MINUTE - 1000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await playerRow(ctx, started.instanceId)).state.finished).toBeNull();

      // Due: the scheduler steps the tick by itself; the phone is told.
      t.clock.advance(1000);
      await until(async () => (await playerRow(ctx, started.instanceId)).state.finished !== null);
      const row = await playerRow(ctx, started.instanceId);
      expect(row.state.finished).toEqual({ when: new Date(startedAt + MINUTE).toISOString(), completed: false });
      const [instance] = await ctx.db.select().from(gameInstances).where(eq(gameInstances.id, started.instanceId));
      expect(instance!.status).toBe('completed');
      expect(pushed.filter((push) => push.userId === player.user.id).at(-1)?.payload).toMatchObject({
        outputs: [expect.objectContaining({ action: 'endGame', message: 'Time is up' })],
      });
      // Fired once: the timer is gone, one tick in the input log.
      expect(await ctx.db.select().from(dueTimers).where(eq(dueTimers.instanceId, started.instanceId))).toEqual([]);
      expect(await ticksOf(ctx, started.instanceId)).toBe(1);
    } finally {
      ctx.realtime = realtime;
    }
  });

  it('a game without a time limit keeps no timer', async () => {
    const plain = await createPlayableGame(t.app, owner);
    const player = await createUser(t.app.ctx);
    const started = await startedInstance(t.app, player, plain.gameId);
    expect(started.view.clock).toBeUndefined();
    expect(await t.app.ctx.db.select().from(dueTimers).where(eq(dueTimers.instanceId, started.instanceId))).toEqual([]);
  });
});

/** An event of teams on a game with `timeLimit` (its owner made it), and a member of a team joining it. */
async function teamEvent(t: TestApp, timeLimit: Record<string, unknown>, teamNames: string[]) {
  const owner = await createUser(t.app.ctx, { role: 'designer' });
  const game = await createPlayableGame(t.app, owner, {
    settings: { teams: { enabled: true, minSize: 1, maxSize: 6, playersFormTeams: false }, timeLimit } as never,
  });
  const made = await t.app.inject({
    method: 'POST',
    url: `/api/manage/games/${game.gameId}/team-instances`,
    headers: owner.headers,
    payload: { teamNames },
  });
  expect(made.statusCode, made.body).toBe(201);
  const { instanceId, teams } = made.json() as { instanceId: string; teams: Array<{ id: string; code: string }> };
  /** A new member joins `team`: the team's game starts with its first. */
  const join = async (team: { code: string }) => {
    const member = await createUser(t.app.ctx);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/play/team-join',
      headers: member.headers,
      payload: { code: team.code },
    });
    expect(joined.statusCode, joined.body).toBe(200);
  };
  return { instanceId, teams, join };
}

describe('the game clock of an event in teams (issue 28): one end time for every team', () => {
  it('every team’s time runs out at the same instant: each tick fires once, and the last team’s end completes the event', async () => {
    const t = await createTestApp();
    try {
      const ctx = t.app.ctx;
      const endsAt = new Date(t.clock.now.getTime() + 30 * MINUTE).toISOString();
      const limit = { mode: 'until', minutes: null, endsAt, endsGame: true };
      const { instanceId, teams, join } = await teamEvent(t, limit, ['Owls', 'Foxes', 'Hares']);
      // One member of each team joins: the team's game starts.
      for (const team of teams) await join(team);
      expect(await ctx.db.select().from(dueTimers).where(eq(dueTimers.instanceId, instanceId))).toHaveLength(3);

      t.clock.now = new Date(Date.parse(endsAt) + 1000);
      expect(await t.app.clock.runOnce()).toBe(3);
      expect(await t.app.clock.runOnce()).toBe(0);
      const rows = await ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instanceId));
      expect(rows.map((row) => row.state.finished?.completed)).toEqual([false, false, false]);
      const [instance] = await ctx.db.select().from(gameInstances).where(eq(gameInstances.id, instanceId));
      expect(instance!.status).toBe('completed');
      expect(await ticksOf(ctx, instanceId)).toBe(3);
      expect(await ctx.db.select().from(dueTimers).where(eq(dueTimers.instanceId, instanceId))).toEqual([]);
      expect(await expectEveryInstanceReplays(ctx)).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe('the game clock of an event in teams: each team’s own 10 minutes', () => {
  it('the first team’s time-up ends that team only; the event completes with the last team’s', async () => {
    const t = await createTestApp();
    try {
      const ctx = t.app.ctx;
      const limit = { mode: 'duration', minutes: 10, endsAt: null, endsGame: true };
      const { instanceId, teams, join } = await teamEvent(t, limit, ['Owls', 'Foxes']);
      const start = t.clock.now.getTime();
      // The Owls start now, the Foxes five minutes later.
      for (const [i, team] of teams.entries()) {
        t.clock.now = new Date(start + i * 5 * MINUTE);
        await join(team);
      }
      const finished = async () =>
        (await ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instanceId)))
          .filter((row) => row.state.finished)
          .map((row) => row.state.name);
      const status = async () =>
        (await ctx.db.select().from(gameInstances).where(eq(gameInstances.id, instanceId)))[0]!.status;

      t.clock.now = new Date(start + 10 * MINUTE + 1000);
      expect(await t.app.clock.runOnce()).toBe(1);
      expect(await finished()).toEqual(['Owls']);
      expect(await status()).toBe('active');

      t.clock.now = new Date(start + 15 * MINUTE + 1000);
      expect(await t.app.clock.runOnce()).toBe(1);
      expect((await finished()).sort()).toEqual(['Foxes', 'Owls']);
      expect(await status()).toBe('completed');
      expect(await ticksOf(ctx, instanceId)).toBe(2);
      expect(await expectEveryInstanceReplays(ctx)).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe('the game clock across a restart (PGlite on disk)', () => {
  it('a timer due while the server was down fires once after the start', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'loci-clock-'));
    try {
      const first = await createTestApp({ database: await openPglite(dir) });
      const owner = await createUser(first.app.ctx, { role: 'designer' });
      const game = await createPlayableGame(first.app, owner, { settings: { timeLimit: ONE_MINUTE_LIMIT } });
      const player = await createUser(first.app.ctx);
      const started = await startedInstance(first.app, player, game.gameId);
      const startedAt = first.clock.now.getTime();
      await first.close();

      // Down for ten minutes; the deadline passed meanwhile.
      const second = await createTestApp({ database: await openPglite(dir) });
      try {
        second.clock.now = new Date(startedAt + 10 * MINUTE);
        expect(await second.app.clock.runOnce()).toBe(1);
        expect(await second.app.clock.runOnce()).toBe(0);
        const row = await playerRow(second.app.ctx, started.instanceId);
        // Time was up at the deadline; the game ended when the server could tell.
        expect(row.state.clock?.timeUpWhen).toBe(new Date(startedAt + 10 * MINUTE).toISOString());
        expect(row.state.finished).toMatchObject({ completed: false });
        expect(await ticksOf(second.app.ctx, started.instanceId)).toBe(1);
        expect(await expectEveryInstanceReplays(second.app.ctx)).toBe(1);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Two apps on a disk database (migrations twice): slower than the others.
  }, 120_000);
});

describe.runIf(postgresAvailable())('the game clock on PostgreSQL with two server processes', () => {
  it('fires every due timer exactly once when both schedulers run at once', async () => {
    const database = await createTestDatabase('postgresql');
    const { openPostgres } = await import('../../db/client.js');
    const one = await createTestApp({ database });
    const two = await createTestApp({ database: await openPostgres(database.url!) });
    try {
      const owner = await createUser(one.app.ctx, { role: 'designer' });
      const game = await createPlayableGame(one.app, owner, { settings: { timeLimit: ONE_MINUTE_LIMIT } });
      const instances: string[] = [];
      for (let i = 0; i < 12; i++) {
        const player = await createUser(one.app.ctx);
        instances.push((await startedInstance(one.app, player, game.gameId)).instanceId);
      }
      const later = new Date(one.clock.now.getTime() + 2 * MINUTE);
      one.clock.now = later;
      two.clock.now = later;
      const [a, b] = await Promise.all([one.app.clock.runOnce(), two.app.clock.runOnce()]);
      expect(a + b).toBe(12);
      for (const instanceId of instances) expect(await ticksOf(one.app.ctx, instanceId)).toBe(1);
      expect(await one.app.ctx.db.select().from(dueTimers)).toEqual([]);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
