import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { dueTimers, instanceEvents, playerStates } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { designRequest } from '../../test/design-factories.js';
import { createUser } from '../../test/factories.js';
import { expectEveryInstanceReplays } from '../../test/replay-check.js';
import {
  createPlayableGame,
  PIER,
  PIER_YEAR,
  publishVersionOf,
  sendEvent,
  startedInstance,
  type PlayableGame,
} from '../../test/play-factories.js';
import type { AppContext } from '../../context.js';
import { writeStats } from './event-write.js';

const SECOND = 1000;

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

describe('time limits on tasks (issue 28): the server times a question out with the phone idle', () => {
  let t: TestApp;
  let game: PlayableGame;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner, { publish: false });
    // The pier's question gets 30 seconds to be answered.
    const patched = await designRequest(
      t.app,
      owner,
      'PATCH',
      `/api/design/${game.gameId}/interactions/${game.question.id}`,
      {
        ...game.question,
        timeLimitSeconds: 30,
      },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ timeLimitSeconds: 30 });
    await publishVersionOf(t.app, owner, game.gameId);
  });
  afterAll(async () => {
    expect(await expectEveryInstanceReplays(t.app.ctx)).toBeGreaterThan(0);
    await t.close();
  });

  it('the view carries when the question runs out; its due timer fires once, with no phone event, and the phone is told', async () => {
    const ctx = t.app.ctx;
    const pushed: Array<{ userId: string; payload: unknown }> = [];
    const realtime = ctx.realtime;
    ctx.realtime = { ...realtime, toUser: (userId, _event, payload) => void pushed.push({ userId, payload }) };
    try {
      const player = await createUser(ctx);
      const started = await startedInstance(t.app, player, game.gameId);
      const walked = await sendEvent(t.app, player, started.instanceId, { type: 'location', ...PIER });
      expect(walked.statusCode, walked.body).toBe(200);
      const askedAt = t.clock.now.getTime();
      const due = new Date(askedAt + 30 * SECOND).toISOString();
      const answer = walked.json() as { view: { clock?: { tasks?: Record<string, string> } } };
      expect(answer.view.clock?.tasks).toEqual({ [`interaction:${game.question.id}`]: due });
      const [timer] = await ctx.db.select().from(dueTimers).where(eq(dueTimers.instanceId, started.instanceId));
      expect(timer?.dueAt.toISOString()).toBe(due);

      // Not due yet: nothing fires.
      t.clock.advance(29 * SECOND);
      expect(await t.app.clock.runOnce()).toBe(0);
      // Due: the scheduler steps the tick by itself, once.
      t.clock.advance(SECOND);
      expect(await t.app.clock.runOnce()).toBe(1);
      expect(await t.app.clock.runOnce()).toBe(0);
      const row = await playerRow(ctx, started.instanceId);
      expect(row.state.questions[game.question.id]).toMatchObject({ open: false, answered: false, timedOutWhen: due });
      // The question's dialog leaves the phone (the welcome info box, never closed, waits still).
      expect(row.state.pending.map((output) => output.action)).toEqual(['showInfo']);
      expect(pushed.filter((push) => push.userId === player.user.id).at(-1)?.payload).toMatchObject({
        outputs: [expect.objectContaining({ action: 'showNotification', message: 'Time is up: The pier' })],
      });
      expect(await ticksOf(ctx, started.instanceId)).toBe(1);
      expect(await ctx.db.select().from(dueTimers).where(eq(dueTimers.instanceId, started.instanceId))).toEqual([]);

      // An answer now is too late.
      const late = await sendEvent(t.app, player, started.instanceId, {
        type: 'answer',
        interactionId: game.question.id,
        answer: PIER_YEAR,
      });
      expect(late.json()).toMatchObject({ outputs: [expect.objectContaining({ errorCode: 'NOT_ASKED' })] });
    } finally {
      ctx.realtime = realtime;
    }
  });

  it('an answer in time stops it: no timer is left', async () => {
    const ctx = t.app.ctx;
    const player = await createUser(ctx);
    const started = await startedInstance(t.app, player, game.gameId);
    // The grouped write of the optimistic path (event-write.ts): statements it ran so far.
    const grouped = () => [...writeStats(ctx.database).sizes.values()].reduce((sum, count) => sum + count, 0);
    const before = grouped();
    await sendEvent(t.app, player, started.instanceId, { type: 'location', ...PIER });
    const [timer] = await ctx.db.select().from(dueTimers).where(eq(dueTimers.instanceId, started.instanceId));
    expect(timer?.dueAt.toISOString()).toBe(new Date(t.clock.now.getTime() + 30 * SECOND).toISOString());
    t.clock.advance(10 * SECOND);
    const answered = await sendEvent(t.app, player, started.instanceId, {
      type: 'answer',
      interactionId: game.question.id,
      answer: PIER_YEAR,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await ctx.db.select().from(dueTimers).where(eq(dueTimers.instanceId, started.instanceId))).toEqual([]);
    // Both moved the due time (the question's limit began, then ended) and both went the optimistic way, the due
    // timer written with the event: a timed game's answers do not queue at the instance's lock.
    expect(grouped() - before).toBe(2);
    t.clock.advance(60 * SECOND);
    expect(await t.app.clock.runOnce()).toBe(0);
    expect((await playerRow(ctx, started.instanceId)).state.questions[game.question.id]?.passed).toBe(true);
  });

  it('refuses a time limit out of range with a field error', async () => {
    const owner = await createUser(t.app.ctx, { role: 'designer' });
    const mine = await createPlayableGame(t.app, owner, { publish: false });
    const res = await designRequest(
      t.app,
      owner,
      'PATCH',
      `/api/design/${mine.gameId}/interactions/${mine.question.id}`,
      {
        ...mine.question,
        timeLimitSeconds: 2,
      },
    );
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('timeLimitSeconds');
  });
});
