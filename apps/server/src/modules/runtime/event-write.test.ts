import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { recordingRandom, step, type PlayerEvent } from '@loci/engine';
import { instanceEvents, playerEventAnswers, playerStates } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  createPlayableGame,
  FAR_AWAY,
  PIER,
  sendEvent,
  startedInstance,
  type PlayableGame,
} from '../../test/play-factories.js';
import { expectEveryInstanceReplays } from '../../test/replay-check.js';
import { stepEntry } from './event-log.js';
import { writeStats, writePlayerEvent, type PlayerEventWrite } from './event-write.js';
import { loadInstanceState } from './instance-rows.js';
import { mutateWorld } from './locked-step.js';

/**
 * Player events written together (event-write.ts): the events that become
 * ready while a write is in flight go in one statement, each applied only if
 * its own conditions hold. On PostgreSQL (TEST_DATABASE_URL) the requests
 * really run side by side; on PGlite (one connection) a batch is whatever
 * waited for the write before it.
 */
describe('player events written together', () => {
  const PLAYERS = 12;
  let t: TestApp;
  let multi: PlayableGame;
  let solo: PlayableGame;
  let players: TestUser[];
  let shared: string;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.app.ctx, { role: 'designer' });
    multi = await createPlayableGame(t.app, owner, { settings: { multiplayer: true } });
    solo = await createPlayableGame(t.app, owner);
    players = await Promise.all(Array.from({ length: PLAYERS }, (_, i) => createUser(t.app.ctx, { name: `P${i}` })));
    const started = [];
    for (const player of players) started.push(await startedInstance(t.app, player, multi.gameId));
    shared = started[0]!.instanceId;
    expect(new Set(started.map((answer) => answer.instanceId))).toEqual(new Set([shared]));
  });
  afterAll(async () => {
    // Every instance played here replays, entry by entry in the log's order, to the state it left.
    expect(await expectEveryInstanceReplays(t.app.ctx)).toBeGreaterThan(0);
    await t.close();
  });

  const rowOf = async (instanceId: string, playerId: string) =>
    (
      await t.app.ctx.db
        .select()
        .from(playerStates)
        .where(and(eq(playerStates.instanceId, instanceId), eq(playerStates.playerId, playerId)))
    )[0]!;
  const logOf = async (instanceId: string, playerId: string) =>
    t.app.ctx.db
      .select()
      .from(instanceEvents)
      .where(and(eq(instanceEvents.instanceId, instanceId), eq(instanceEvents.playerId, playerId)));

  it("applies every player's walk of one instance once, each with its own answer", async () => {
    const before = await Promise.all(players.map(async (player) => (await logOf(shared, player.user.id)).length));
    // Every player walks three steps, one after the other; the players all at once.
    const walks = await Promise.all(
      players.map(async (player, i) => {
        const answers = [];
        for (const [n, at] of [PIER, FAR_AWAY, i % 2 ? PIER : FAR_AWAY].entries())
          answers.push(await sendEvent(t.app, player, shared, { type: 'location', ...at, clientEventId: `walk-${n}` }));
        return answers;
      }),
    );
    for (const [i, player] of players.entries()) {
      expect(walks[i]!.map((res) => res.statusCode)).toEqual([200, 200, 200]);
      const row = await rowOf(shared, player.user.id);
      expect(row.latitude).toBe((i % 2 ? PIER : FAR_AWAY).latitude);
      expect((await logOf(shared, player.user.id)).length).toBe(before[i]! + 3);
      // Each answer stored is the one its caller got.
      const stored = await t.app.ctx.db
        .select()
        .from(playerEventAnswers)
        .where(and(eq(playerEventAnswers.instanceId, shared), eq(playerEventAnswers.playerId, player.user.id)));
      for (const [n, res] of walks[i]!.entries())
        expect(stored.find((answer) => answer.clientEventId === `walk-${n}`)?.answer).toEqual(res.json());
    }
  });

  it("applies one player's two different events sent at once in sequence, beside the others'", async () => {
    const [first, ...others] = players;
    const answers = await Promise.all([
      sendEvent(t.app, first!, shared, { type: 'code', code: 'one' }),
      sendEvent(t.app, first!, shared, { type: 'code', code: 'two' }),
      ...others.map((player) => sendEvent(t.app, player, shared, { type: 'code', code: `c${player.user.name}` })),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    expect(Object.keys((await rowOf(shared, first!.user.id)).state.codes)).toEqual(
      expect.arrayContaining(['one', 'two']),
    );
    for (const player of others)
      expect(Object.keys((await rowOf(shared, player.user.id)).state.codes)).toContain(
        `c${player.user.name}`.toLowerCase(),
      );
  });

  it('applies a duplicate sent at once beside other players once, and answers both alike', async () => {
    const [first, ...others] = players;
    const before = (await logOf(shared, first!.user.id)).length;
    const event = { type: 'code', code: 'twice', clientEventId: 'same-code' };
    const [a, b] = await Promise.all([
      sendEvent(t.app, first!, shared, event),
      sendEvent(t.app, first!, shared, event),
      ...others.map((player) => sendEvent(t.app, player, shared, { type: 'location', ...PIER })),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(b!.json()).toEqual(a!.json());
    expect((await logOf(shared, first!.user.id)).length).toBe(before + 1);
  });

  /**
   * One player's event stepped here as `runPlayerEvent` steps it (the player as read, with its row's version),
   * but not written yet: what the writer is handed.
   */
  async function stepped(
    instanceId: string,
    playerId: string,
    event: Record<string, unknown>,
    clientEventId: string | null = null,
  ): Promise<PlayerEventWrite> {
    const ctx = t.app.ctx;
    const loaded = (await loadInstanceState(ctx, instanceId))!;
    const [version] = await ctx.database.query<{ rev: string }>(
      'test_player_rev',
      'select xmin::text as rev from player_states where instance_id = $1 and player_id = $2',
      [instanceId, playerId],
    );
    const state = { ...loaded.state, players: { [playerId]: loaded.state.players[playerId]! } };
    const now = ctx.now();
    const drawn = recordingRandom();
    const full = { ...event, playerId } as PlayerEvent;
    const result = step(loaded.spec, state, full, now, drawn.random);
    return {
      instanceId,
      // The common lane, whatever the instance: these cases group events of several instances in one statement.
      shared: false,
      playerId,
      revision: loaded.instance.world.revision,
      playerRev: version!.rev,
      player: result.state.players[playerId]!,
      deviceId: null,
      gameId: loaded.instance.gameId,
      versionId: loaded.instance.versionId,
      at: now.toISOString(),
      entry: stepEntry(full, now, drawn.drawn, null),
      records: result.records.map((record) => ({
        playerId: record.playerId,
        name: record.name,
        at: new Date(record.when).toISOString(),
        record,
      })),
      messages: false,
      clientEventId,
      answer: { outputs: result.outputs },
    };
  }

  /**
   * Writes `first` alone (nothing else is in flight, so it goes at once) and `batch` while it is in flight: they
   * wait for it and go together in one statement. Returns what each write of `batch` resolved to.
   */
  async function writtenAfter(first: PlayerEventWrite, batch: PlayerEventWrite[]) {
    const database = t.app.ctx.database;
    const sizes = new Map(writeStats(database).sizes);
    const lone = writePlayerEvent(database, first);
    const together = batch.map((write) => writePlayerEvent(database, write));
    expect(await lone).not.toBeNull();
    const results = await Promise.all(together);
    // The batch was one statement (and, when it failed, its events one by one after it).
    expect((writeStats(database).sizes.get(batch.length) ?? 0) - (sizes.get(batch.length) ?? 0)).toBe(1);
    return results;
  }

  const applied = (written: readonly unknown[]) => written.map((one) => one !== null);

  it('applies the others of a batch when one event lost its race for the player row', async () => {
    const [a, b, c, d] = players.map((player) => player.user.id);
    const codes = async (playerId: string) => Object.keys((await rowOf(shared, playerId)).state.codes);
    // a's two events stepped on the same read: the first written wins, the second finds the row changed.
    const early = await stepped(shared, a!, { type: 'code', code: 'early' });
    const late = await stepped(shared, a!, { type: 'code', code: 'late' });
    expect(await writePlayerEvent(t.app.ctx.database, early)).not.toBeNull();
    const batch = [
      late,
      await stepped(shared, b!, { type: 'code', code: 'bee' }),
      await stepped(shared, c!, { type: 'code', code: 'sea' }),
    ];
    const written = await writtenAfter(await stepped(shared, d!, { type: 'code', code: 'dee' }), batch);
    expect(applied(written)).toEqual([false, true, true]);
    expect(await codes(a!)).toContain('early');
    expect(await codes(a!)).not.toContain('late');
    expect(await codes(b!)).toContain('bee');
    expect(await codes(c!)).toContain('sea');
  });

  it("fails only its own event when its answer is stored already, and writes the others' answers", async () => {
    const [a, b, c, d] = players.map((player) => player.user.id);
    // As the locking path stores an answer: with the player row left as it was (its step changed nothing).
    await t.app.ctx.db
      .insert(playerEventAnswers)
      .values({ instanceId: shared, playerId: a!, clientEventId: 'taken', answer: { first: true } });
    const batch = [
      await stepped(shared, a!, { type: 'code', code: 'again' }, 'taken'),
      await stepped(shared, b!, { type: 'code', code: 'bees' }, 'b-answer'),
      await stepped(shared, c!, { type: 'code', code: 'seas' }),
    ];
    const written = await writtenAfter(await stepped(shared, d!, { type: 'code', code: 'dees' }), batch);
    expect(applied(written)).toEqual([false, true, true]);
    expect(Object.keys((await rowOf(shared, a!)).state.codes)).not.toContain('again');
    expect(Object.keys((await rowOf(shared, b!)).state.codes)).toContain('bees');
    expect(Object.keys((await rowOf(shared, c!)).state.codes)).toContain('seas');
    const stored = await t.app.ctx.db
      .select()
      .from(playerEventAnswers)
      .where(eq(playerEventAnswers.instanceId, shared));
    expect(stored.find((row) => row.clientEventId === 'taken')?.answer).toEqual({ first: true });
    expect(stored.find((row) => row.clientEventId === 'b-answer')?.answer).toEqual(batch[1]!.answer);
  });

  it('checks a refusal without writing its row, so a step read with it still applies', async () => {
    const a = players[2]!.user.id;
    const version = async () =>
      (
        await t.app.ctx.database.query<{ rev: string }>(
          'test_player_rev',
          'select xmin::text as rev from player_states where instance_id = $1 and player_id = $2',
          [shared, a],
        )
      )[0]!.rev;
    const logged = (await logOf(shared, a)).length;
    // Two of a's events stepped on the same read: an answer to a question nobody asked (refused), and a code.
    const refusal = await stepped(shared, a, { type: 'answer', interactionId: 'never-asked', answer: 'x' }, 'no');
    expect((refusal.answer as { outputs: Array<{ action: string }> }).outputs.map((o) => o.action)).toEqual(['error']);
    const code = await stepped(shared, a, { type: 'code', code: 'after-the-refusal' });
    const read = await version();
    expect(await writePlayerEvent(t.app.ctx.database, { ...refusal, unchanged: true })).not.toBeNull();
    // Logged and answered, the row as it was: the code stepped on the same version still applies.
    expect(await version()).toBe(read);
    expect(await writePlayerEvent(t.app.ctx.database, code)).not.toBeNull();
    expect(Object.keys((await rowOf(shared, a)).state.codes)).toContain('after-the-refusal');
    expect((await logOf(shared, a)).length).toBe(logged + 2);
    const stored = await t.app.ctx.db
      .select()
      .from(playerEventAnswers)
      .where(and(eq(playerEventAnswers.instanceId, shared), eq(playerEventAnswers.playerId, a)));
    expect(stored.find((row) => row.clientEventId === 'no')?.answer).toEqual(refusal.answer);
    // A refusal stepped on a version the code has replaced is not logged: it reads and steps again.
    expect(
      await writePlayerEvent(t.app.ctx.database, { ...refusal, clientEventId: 'no-2', unchanged: true }),
    ).toBeNull();
    expect((await logOf(shared, a)).length).toBe(logged + 2);
  });

  it('applies the events of other instances in a batch when one instance changed its world', async () => {
    const [x, y, z] = await Promise.all(['X', 'Y', 'Z'].map((name) => createUser(t.app.ctx, { name })));
    const instances = [];
    for (const player of [x!, y!, z!]) instances.push((await startedInstance(t.app, player, solo.gameId)).instanceId);
    const [ix, iy, iz] = instances;
    const batch = [
      await stepped(ix!, x!.user.id, { type: 'location', ...PIER }),
      await stepped(iy!, y!.user.id, { type: 'location', ...PIER }),
    ];
    // An operator's edit of x's world after x's event was stepped.
    await mutateWorld(t.app.ctx, ix!, (world) => ({ ...world }));
    const written = await writtenAfter(await stepped(iz!, z!.user.id, { type: 'location', ...PIER }), batch);
    expect(applied(written)).toEqual([false, true]);
    expect((await rowOf(ix!, x!.user.id)).latitude).not.toBe(PIER.latitude);
    expect((await rowOf(iy!, y!.user.id)).latitude).toBe(PIER.latitude);
  });
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "does not hold a player's event up behind a shared instance's row lock (on PostgreSQL)",
    async () => {
      const ctx = t.app.ctx;
      const [sharer, soloist] = [players[0]!, players[1]!];
      const { instanceId: own } = await startedInstance(t.app, soloist, solo.gameId);
      const walk = { ...(await stepped(shared, sharer.user.id, { type: 'location', ...PIER })), shared: true };
      const alone = await stepped(own, soloist.user.id, { type: 'location', ...PIER });
      let sharedWritten: Promise<unknown> | null = null;
      // The locking path holds the shared instance (as a pick does) while both events are written.
      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select id from game_instances where id = ${shared} for update`);
        sharedWritten = writePlayerEvent(ctx.database, walk);
        const soloWritten = await Promise.race([
          writePlayerEvent(ctx.database, alone),
          new Promise((resolve) => setTimeout(() => resolve('waited'), 5000)),
        ]);
        expect(soloWritten).not.toBe('waited');
        expect(soloWritten).not.toBeNull();
      });
      // Once the lock is let go, the shared instance's event applies too.
      expect(await sharedWritten).not.toBeNull();
    },
  );
});
