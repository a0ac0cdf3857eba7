import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dueTimers, playerStates } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, startedInstance, type PlayableGame } from '../../test/play-factories.js';

const MINUTE = 60_000;

/** The operators' controls of the game clock (issue 28): rights, validation, the audit, the due timers, the push. */
describe('operators control the game clock', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let game: PlayableGame;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    stranger = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner, {
      settings: { timeLimit: { mode: 'duration', minutes: 30, endsAt: null, endsGame: true } },
    });
  });
  afterAll(async () => t.close());

  const control = (user: TestUser, instanceId: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/manage/instances/${instanceId}/clock`,
      headers: user.headers,
      payload: body,
    });

  async function dueOf(instanceId: string) {
    const rows = await t.app.ctx.db.select().from(dueTimers).where(eq(dueTimers.instanceId, instanceId));
    return rows.map((row) => row.dueAt.toISOString());
  }

  it('adds time for a latecomer: the deadline and the due timer move, audited, pushed to the phone', async () => {
    const ctx = t.app.ctx;
    const pushed: Array<{ userId: string; payload: unknown }> = [];
    const realtime = ctx.realtime;
    ctx.realtime = { ...realtime, toUser: (userId, _event, payload) => void pushed.push({ userId, payload }) };
    try {
      const player = await createUser(ctx);
      const { instanceId } = await startedInstance(t.app, player, game.gameId);
      const start = t.clock.now.getTime();
      const res = await control(owner, instanceId, {
        control: 'addTime',
        playerId: player.user.id,
        minutes: 10,
        reason: 'Came late',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().entry).toMatchObject({
        kind: 'clock',
        reason: 'Came late',
        what: { control: 'addTime', minutes: 10 },
      });
      const deadline = new Date(start + 40 * MINUTE).toISOString();
      const [row] = await ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instanceId));
      expect(row!.state.clock?.deadline).toBe(deadline);
      expect(await dueOf(instanceId)).toEqual([deadline]);
      expect(pushed.at(-1)).toMatchObject({ userId: player.user.id, payload: { view: { clock: { deadline } } } });
      // The Gameplay page's list shows the player's deadline.
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/manage/gameInstances/${game.gameId}/thin-list`,
        headers: owner.headers,
      });
      const listed = (list.json() as Array<{ id: string; players: Array<{ clock?: unknown }> }>).find(
        (item) => item.id === instanceId,
      );
      expect(listed?.players[0]?.clock).toEqual({ deadline, paused: false, leftMs: null, timeUp: false });
    } finally {
      ctx.realtime = realtime;
    }
  });

  it('pauses and resumes everyone: nothing is due while paused, deadlines move on by the pause', async () => {
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    const start = t.clock.now.getTime();
    expect((await control(owner, instanceId, { control: 'pause', reason: 'Lunch' })).statusCode).toBe(200);
    expect(await dueOf(instanceId)).toEqual([]);
    t.clock.advance(45 * MINUTE);
    await t.app.clock.runOnce();
    const [paused] = await t.app.ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instanceId));
    expect(paused!.state.finished).toBeNull();
    expect((await control(owner, instanceId, { control: 'resume', reason: 'Back' })).statusCode).toBe(200);
    expect(await dueOf(instanceId)).toEqual([new Date(start + 75 * MINUTE).toISOString()]);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/manage/instances/${instanceId}/audit`,
      headers: owner.headers,
    });
    expect(audit.json().entries.map((entry: { what: { control: string } }) => entry.what.control)).toEqual([
      'pause',
      'resume',
    ]);
  });

  it('refuses without the manage right, and with field errors', async () => {
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    expect((await control(stranger, instanceId, { control: 'pause', reason: 'x' })).statusCode).toBe(403);
    const missing = await control(owner, instanceId, { control: 'addTime', reason: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['minutes', 'playerId']);
    expect((await control(owner, instanceId, { control: 'pause', reason: '' })).statusCode).toBe(400);
    const nobody = await control(owner, instanceId, {
      control: 'addTime',
      playerId: 'nobody',
      minutes: 5,
      reason: 'x',
    });
    expect(nobody.statusCode).toBe(404);
  });

  it('runs a playtest’s clock fast (1–20×): its deadline and due timer come 20 times sooner; nowhere else', async () => {
    // The owner playtests the working version.
    const playtest = await startedInstance(t.app, owner, game.gameId, { versionId: 'current' });
    const start = t.clock.now.getTime();
    expect(await dueOf(playtest.instanceId)).toEqual([new Date(start + 30 * MINUTE).toISOString()]);
    const fast = await control(owner, playtest.instanceId, { control: 'rate', rate: 20, reason: 'Playtest speed' });
    expect(fast.statusCode, fast.body).toBe(200);
    expect(fast.json().entry).toMatchObject({ kind: 'clock', what: { control: 'rate', rate: 20 } });
    // 30 game minutes are 90 seconds at 20×.
    expect(await dueOf(playtest.instanceId)).toEqual([new Date(start + 90_000).toISOString()]);
    const [row] = await t.app.ctx.db
      .select()
      .from(playerStates)
      .where(eq(playerStates.instanceId, playtest.instanceId));
    expect(row!.state.clock?.deadline).toBe(new Date(start + 90_000).toISOString());
    // A speed out of range is a field error; a stranger may not.
    const tooFast = await control(owner, playtest.instanceId, { control: 'rate', rate: 50, reason: 'x' });
    expect(tooFast.statusCode).toBe(400);
    expect(Object.keys(tooFast.json().errors)).toEqual(['rate']);
    expect((await control(stranger, playtest.instanceId, { control: 'rate', rate: 2, reason: 'x' })).statusCode).toBe(
      403,
    );
    // A real game's clock is real time.
    const player = await createUser(t.app.ctx);
    const real = await startedInstance(t.app, player, game.gameId);
    const refused = await control(owner, real.instanceId, { control: 'rate', rate: 20, reason: 'x' });
    expect(refused.statusCode).toBe(409);
    expect((await control(stranger, real.instanceId, { control: 'rate', rate: 20, reason: 'x' })).statusCode).toBe(403);
  });
});
