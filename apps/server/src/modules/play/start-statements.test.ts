import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createTestDatabase, postgresAvailable } from '../../test/database.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, startPlay, type PlayableGame } from '../../test/play-factories.js';

// How fast a start storm is served is measured by bench/start-storm; here, what a start costs the database
// (issue 25 §3): its statements, counted on the pool's connections (BEGIN and COMMIT included). The statements
// are the same on PGlite; only PostgreSQL's driver is counted here.
describe.skipIf(!postgresAvailable())('the statements of a start', () => {
  let t: TestApp;
  let owner: TestUser;
  let single: PlayableGame;
  let shared: PlayableGame;

  beforeAll(async () => {
    t = await createTestApp({ database: await createTestDatabase('postgresql') });
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
    single = await createPlayableGame(t.app, owner);
    shared = await createPlayableGame(t.app, owner, { settings: { multiplayer: true } });
    // The process's caches (the published spec, the game's play settings) are filled by the first starts: the
    // shared world's opener, then a first joiner.
    for (const game of [single, shared, shared]) {
      const first = await createUser(t.app.ctx, { name: 'Fay First' });
      expect((await startPlay(t.app, first, game.gameId)).statusCode).toBe(201);
    }
  });
  afterAll(async () => t.close());

  /** The statements sent to PostgreSQL while `call` runs. */
  async function statementsOf<T>(call: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const statements: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      statements.push(typeof first === 'string' ? first : (first?.text ?? ''));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      return { result: await call(), statements };
    } finally {
      pg.Client.prototype.query = query;
    }
  }
  const reading = (statements: string[], pattern: RegExp) => statements.filter((text) => pattern.test(text));

  it('opens a single-player instance in 15 statements, writing it once and never reading the version’s spec', async () => {
    const player = await createUser(t.app.ctx, { name: 'Sam Single' });
    const { result, statements } = await statementsOf(() => startPlay(t.app, player, single.gameId));
    expect(result.statusCode).toBe(201);
    expect(result.json().view).toMatchObject({ playerId: player.user.id, currentSceneId: single.scene.id });
    expect(statements.length).toBeLessThanOrEqual(15);
    // The published spec comes from the process's cache: a start does not read its 140 KB (bench/city's game).
    const specReads = (list: string[]) => reading(list, /^select .*"spec".* from "game_versions"/);
    expect(specReads(statements)).toEqual([]);
    // The instance is inserted as its first step left it: not read back, locked or updated after.
    expect(reading(statements, /^insert into "game_instances"/)).toHaveLength(1);
    expect(reading(statements, /^update "game_instances"|for update/)).toEqual([]);
    // Its creation and the start are logged in one statement, in that order (a replay runs them).
    const logged = await t.app.ctx.db.query.instanceEvents.findMany({
      where: (events, { eq }) => eq(events.instanceId, result.json().instanceId),
      orderBy: (events, { asc }) => asc(events.seq),
    });
    expect(logged.map((row) => (row.entry as { kind: string }).kind)).toEqual(['create', 'step']);
    expect(reading(statements, /^insert into "instance_events"/)).toHaveLength(1);
  });

  it('joins a shared world reading its world once, under its lock', async () => {
    const player = await createUser(t.app.ctx, { name: 'Jo Joiner' });
    const { result, statements } = await statementsOf(() => startPlay(t.app, player, shared.gameId));
    expect(result.statusCode).toBe(201);
    expect(result.json().view).toMatchObject({ playerId: player.user.id });
    expect(statements.length).toBeLessThanOrEqual(19);
    expect(reading(statements, /^select .*"spec".* from "game_versions"/)).toEqual([]);
    // The shared world is looked up by its id alone, and its row (the world) read once, under its lock; the other
    // reads of instances are the caller's own (they have none, so no row comes back).
    expect(reading(statements, /^select "id" from "game_instances"/)).toHaveLength(1);
    const instanceReads = reading(statements, /^select .*"world".* from "game_instances"/);
    expect(instanceReads.filter((text) => !/"player_states"\."user_id" = /.test(text))).toEqual([
      expect.stringMatching(/for update/),
    ]);
  });
});
