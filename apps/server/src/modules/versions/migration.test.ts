import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameInstances, instanceMigrations, playerStates } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectEveryInstanceReplays } from '../../test/replay-check.js';
import { instanceEvents } from '../../db/schema.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createEntity, designRequest, designValues } from '../../test/design-factories.js';
import {
  codeRule,
  createPlayableGame,
  giveToPlayer as give,
  publishVersionOf,
  sendEvent,
  startedInstance,
} from '../../test/play-factories.js';

describe('migrating live instances to a newer version', () => {
  let t: TestApp;
  let owner: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
    outsider = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(() => t.close());

  /**
   * Version 1: code 'earn' gives a gem, code 'tick' a coin. Version 2: the gem is
   * gone and 'earn' gives a coin. Two players play version 1 (two instances), each holding a gem.
   */
  async function twoVersions(settings: object = {}) {
    const game = await createPlayableGame(t.app, owner, { publish: false, settings: settings as never });
    const item = (name: string) =>
      createEntity(t.app, owner, game.gameId, 'item', designValues('item', {}, { name, title: name }));
    const gem = await item('gem');
    const coin = await item('coin');
    const earn = await createEntity(
      t.app,
      owner,
      game.gameId,
      'rule',
      codeRule(game.scene.id, 'earn', [give(gem.id, 1)]),
    );
    await createEntity(t.app, owner, game.gameId, 'rule', codeRule(game.scene.id, 'tick', [give(coin.id, 1)]));
    const v1 = await publishVersionOf(t.app, owner, game.gameId);
    const players = await Promise.all(['Ann', 'Ben'].map((name) => createUser(t.app.ctx, { name })));
    const instances: string[] = [];
    for (const player of players) {
      const { instanceId } = await startedInstance(t.app, player, game.gameId);
      await sendEvent(t.app, player, instanceId, { type: 'seen', interactionId: game.welcome.id });
      expect((await sendEvent(t.app, player, instanceId, { type: 'code', code: 'earn' })).statusCode).toBe(200);
      instances.push(instanceId);
    }
    const patched = await designRequest(t.app, owner, 'PATCH', `/api/design/${game.gameId}/rules/${earn.id}`, {
      ...earn,
      sideeffects: [give(coin.id, 1)],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await designRequest(t.app, owner, 'DELETE', `/api/design/${game.gameId}/items/${gem.id}`)).statusCode).toBe(
      200,
    );
    const v2 = await publishVersionOf(t.app, owner, game.gameId);
    return { ...game, gem, coin, v1, v2, players, instances };
  }

  const url = (gameId: string, versionId: string) => `/api/design/${gameId}/gameVersions/${versionId}/migration`;
  async function playerRow(instanceId: string) {
    const [row] = await t.app.ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instanceId));
    return row!;
  }
  async function instanceRow(instanceId: string) {
    const [row] = await t.app.ctx.db.select().from(gameInstances).where(eq(gameInstances.id, instanceId));
    return row!;
  }

  it('previews what changes for each player of each running instance', async () => {
    const game = await twoVersions();
    const res = await designRequest(t.app, owner, 'GET', url(game.gameId, game.v2));
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as Array<{
      instanceId: string;
      fromVersion: number;
      players: Array<{ name: string; impacts: unknown[] }>;
    }>;
    expect(preview.map((entry) => entry.instanceId)).toEqual(game.instances);
    expect(preview[0]).toMatchObject({
      fromVersion: 1,
      players: [{ name: 'Ann', impacts: [{ subject: 'item', id: game.gem.id, name: 'gem', decision: 'drop' }] }],
    });
    expect((await designRequest(t.app, outsider, 'GET', url(game.gameId, game.v2))).statusCode).toBe(403);
    expect((await designRequest(t.app, owner, 'GET', url(game.gameId, 'current'))).statusCode).toBe(409);
  });

  it('migrates a canary first, then the rest; the player’s next event runs on the new version', async () => {
    const game = await twoVersions();
    const canary = await designRequest(t.app, owner, 'POST', url(game.gameId, game.v2), { canary: 1 });
    expect(canary.statusCode, canary.body).toBe(200);
    const canaries = (canary.json() as { migrated: Array<{ instanceId: string }> }).migrated.map((m) => m.instanceId);
    expect(canaries).toHaveLength(1);
    const first = canaries[0]!;
    const second = game.instances.find((id) => id !== first)!;
    const player = game.players[game.instances.indexOf(first)]!;
    expect((await instanceRow(first)).versionId).toBe(game.v2);
    expect((await instanceRow(second)).versionId).toBe(game.v1);
    // The gem is dropped; 'earn' now gives a coin (version 2's rule).
    expect((await playerRow(first)).state.items).toEqual({});
    const next = await sendEvent(t.app, player, first, { type: 'code', code: 'earn' });
    expect(next.statusCode).toBe(200);
    // The answer names the version it ran on: the player's app reads the game again.
    expect(next.json().versionId).toBe(game.v2);
    expect((await playerRow(first)).state.items).toEqual({ [game.coin.id]: 1 });
    expect((await playerRow(first)).versionId).toBe(game.v2);

    const rest = await designRequest(t.app, owner, 'POST', url(game.gameId, game.v2), {});
    expect((rest.json() as { migrated: Array<{ instanceId: string }> }).migrated.map((m) => m.instanceId)).toEqual([
      second,
    ]);
    const records = await t.app.ctx.db
      .select()
      .from(instanceMigrations)
      .where(eq(instanceMigrations.gameId, game.gameId));
    expect(records).toHaveLength(2);
    expect(await designRequest(t.app, owner, 'GET', url(game.gameId, game.v2)).then((r) => r.json())).toEqual([]);
  });

  it('keeps each player’s language through a migration and its undo', async () => {
    const game = await twoVersions({ language: 'en-Us', otherLanguages: ['de'] });
    const [first, second] = game.instances as [string, string];
    // Ann reads German (her app says so with an event); Ben names no language.
    const german = await t.app.inject({
      method: 'POST',
      url: `/api/play/instances/${first}/events`,
      headers: { ...game.players[0]!.headers, 'accept-language': 'de-DE' },
      payload: { type: 'code', code: 'tick' },
    });
    expect(german.statusCode, german.body).toBe(200);
    expect((await playerRow(first)).language).toBe('de');
    const res = await designRequest(t.app, owner, 'POST', url(game.gameId, game.v2), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await playerRow(first)).toMatchObject({ versionId: game.v2, language: 'de' });
    expect(await playerRow(second)).toMatchObject({ versionId: game.v2, language: null });
    const [m1] = (res.json() as { migrated: Array<{ instanceId: string; migrationId: string }> }).migrated.filter(
      (migrated) => migrated.instanceId === first,
    );
    const undone = await designRequest(
      t.app,
      owner,
      'POST',
      `/api/design/${game.gameId}/migrations/${m1!.migrationId}/undo`,
    );
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await playerRow(first)).toMatchObject({ versionId: game.v1, language: 'de' });
  });

  it('undoes a migration while nothing happened since, and refuses once a player played', async () => {
    const game = await twoVersions();
    const [first, second] = game.instances as [string, string];
    const res = await designRequest(t.app, owner, 'POST', url(game.gameId, game.v2), {});
    const [m1, m2] = (res.json() as { migrated: Array<{ migrationId: string }> }).migrated;
    const revision = (await instanceRow(second)).world.revision;

    expect((await sendEvent(t.app, game.players[0]!, first, { type: 'code', code: 'tick' })).statusCode).toBe(200);
    const refused = await designRequest(
      t.app,
      owner,
      'POST',
      `/api/design/${game.gameId}/migrations/${m1!.migrationId}/undo`,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/since the migration/);

    const undone = await designRequest(
      t.app,
      owner,
      'POST',
      `/api/design/${game.gameId}/migrations/${m2!.migrationId}/undo`,
    );
    expect(undone.statusCode, undone.body).toBe(200);
    const instance = await instanceRow(second);
    expect(instance.versionId).toBe(game.v1);
    expect(instance.world.revision).toBe(revision + 1);
    expect((await playerRow(second)).state.items).toEqual({ [game.gem.id]: 1 });
    // On version 1 again: 'earn' gives a gem.
    await sendEvent(t.app, game.players[1]!, second, { type: 'code', code: 'earn' });
    expect((await playerRow(second)).state.items).toEqual({ [game.gem.id]: 2 });
    expect(
      (await designRequest(t.app, owner, 'POST', `/api/design/${game.gameId}/migrations/${m2!.migrationId}/undo`))
        .statusCode,
    ).toBe(409);
  });

  it('loses no event that races the migration: the event runs before it or retries on the new version', async () => {
    const game = await twoVersions();
    const first = game.instances[0]!;
    const [event, migration] = await Promise.all([
      sendEvent(t.app, game.players[0]!, first, { type: 'code', code: 'tick' }),
      designRequest(t.app, owner, 'POST', url(game.gameId, game.v2), { instanceIds: [first] }),
    ]);
    expect(event.statusCode, event.body).toBe(200);
    expect(migration.statusCode, migration.body).toBe(200);
    const row = await playerRow(first);
    expect(row.versionId).toBe(game.v2);
    // The coin of 'tick' (in both versions) is there whichever came first.
    expect(row.state.items[game.coin.id]).toBe(1);
    const [record] = await t.app.ctx.db
      .select()
      .from(instanceMigrations)
      .where(and(eq(instanceMigrations.instanceId, first), eq(instanceMigrations.toVersionId, game.v2)));
    expect(record).toBeDefined();
  });

  it('is an entry of the instance’s history: a replay across a migration and its undo ends on the stored state', async () => {
    const game = await twoVersions();
    const [first, second] = game.instances as [string, string];
    const [ann, ben] = game.players as [TestUser, TestUser];
    const res = await designRequest(t.app, owner, 'POST', url(game.gameId, game.v2), {});
    const [, m2] = (res.json() as { migrated: Array<{ migrationId: string }> }).migrated;
    // Ann plays on, on version 2: 'earn' now gives a coin.
    expect((await sendEvent(t.app, ann, first, { type: 'code', code: 'earn' })).statusCode).toBe(200);
    expect((await playerRow(first)).state.items).toEqual({ [game.coin.id]: 1 });
    // Ben's migration is undone; he plays on, on version 1 again: 'earn' gives a gem.
    const undo = `/api/design/${game.gameId}/migrations/${m2!.migrationId}/undo`;
    expect((await designRequest(t.app, owner, 'POST', undo)).statusCode).toBe(200);
    await sendEvent(t.app, ben, second, { type: 'code', code: 'earn' });
    expect((await playerRow(second)).state.items).toEqual({ [game.gem.id]: 2 });

    expect(await expectEveryInstanceReplays(t.app.ctx, [first, second])).toBe(2);
    const log = await t.app.ctx.db.select().from(instanceEvents).where(eq(instanceEvents.instanceId, second));
    const causes = log.flatMap((row) => (row.entry.kind === 'players' ? [[row.entry.cause, row.versionId]] : []));
    expect(causes).toEqual([
      ['migration', game.v2],
      ['migrationUndo', game.v1],
    ]);
    // The replay shows the player the migration as one step of their game.
    const replay = await designRequest(
      t.app,
      owner,
      'GET',
      `/api/instances/${first}/players/${(await playerRow(first)).playerId}/replay`,
    );
    expect(replay.statusCode, replay.body).toBe(200);
    const kinds = (replay.json() as { matchesStored: boolean; steps: Array<{ kind: string }> }).steps.map(
      (step) => step.kind,
    );
    expect(kinds.slice(-2)).toEqual(['migration', 'event']);
  });

  it('lists an instance’s migrations, newest first, with who made them and whether they were undone', async () => {
    const game = await twoVersions();
    const second = game.instances[1]!;
    const res = await designRequest(t.app, owner, 'POST', url(game.gameId, game.v2), { instanceIds: [second] });
    const [m] = (res.json() as { migrated: Array<{ migrationId: string }> }).migrated;
    await designRequest(t.app, owner, 'POST', `/api/design/${game.gameId}/migrations/${m!.migrationId}/undo`);
    const list = `/api/design/${game.gameId}/instances/${second}/migrations`;
    const listed = await designRequest(t.app, owner, 'GET', list);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({
      migrations: [
        {
          id: m!.migrationId,
          fromVersionId: game.v1,
          fromVersion: 1,
          toVersionId: game.v2,
          toVersion: 2,
          createdAt: expect.any(String),
          createdBy: 'Olga Owner',
          undoneAt: expect.any(String),
        },
      ],
    });
    expect((await designRequest(t.app, outsider, 'GET', list)).statusCode).toBe(403);
    const other = await createPlayableGame(t.app, owner);
    expect(
      (await designRequest(t.app, owner, 'GET', `/api/design/${other.gameId}/instances/${second}/migrations`))
        .statusCode,
    ).toBe(404);
  });
});
