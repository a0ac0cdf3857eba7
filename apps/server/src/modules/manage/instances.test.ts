import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  GAME_MESSAGES,
  OPERATION_MESSAGES,
  type FullInstance,
  type InstanceListItem,
  type PlayerStateItem,
} from '@loci/domain';
import { games, gameVersions, playerStates, users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame } from '../../test/game-factories.js';
import { createInstance, publishWorkingVersion } from '../../test/instance-factories.js';
import { runEvent } from '../runtime/locked-step.js';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('operating instances', () => {
  let t: TestApp;
  let owner: TestUser;
  let coDesigner: TestUser;
  let outsider: TestUser;
  let admin: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
    coDesigner = await createUser(t.app.ctx, { role: 'designer', name: 'Cleo Co' });
    outsider = await createUser(t.app.ctx, { role: 'designer', name: 'Otto Outsider' });
    admin = await createUser(t.app.ctx, { role: 'admin' });
    bob = await createUser(t.app.ctx, { name: 'Bob Player' });
    carol = await createUser(t.app.ctx, { name: 'Carol Player' });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    user: TestUser | null = owner,
    body?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: user ? user.headers : {},
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    });

  /** A game with a working-version instance (bob, on the map) and a published one (carol), plus an old terminated one. */
  async function gameWithInstances() {
    const game = await createGame(t.app.ctx, owner, { additionalDesignersEmailsText: coDesigner.user.email });
    const gameId = game.row.id;
    const publishedId = await publishWorkingVersion(t.app.ctx, owner, gameId);
    const old = await createInstance(t.app.ctx, { gameId, status: 'terminated' });
    const working = await createInstance(t.app.ctx, {
      gameId,
      players: [bob],
      at: { latitude: 35.51, longitude: 24.02 },
    });
    const published = await createInstance(t.app.ctx, { gameId, versionId: publishedId, players: [carol] });
    return { gameId, publishedId, old: old.instance, working: working.instance, published: published.instance };
  }

  describe('player statuses (one definition, docs/operations.md)', () => {
    /** Every status the three calls show for the game's players: thin-list, playerStates and the instance. */
    async function statusesOf(gameId: string, instanceId: string) {
      const list = (await call('GET', `/api/manage/gameInstances/${gameId}/thin-list`)).json() as InstanceListItem[];
      const states = (
        await call('GET', `/api/manage/gameInstances/${gameId}/playerStates`)
      ).json() as PlayerStateItem[];
      const full = await call('GET', `/api/instances/${instanceId}?fullState=true`);
      const instance = full.statusCode === 200 ? (full.json() as FullInstance) : null;
      return {
        list: list.flatMap((item) => item.players.map((player) => player.status)),
        states: states.map((player) => player.status),
        stateStatuses: states.map((player) => player.state.status),
        instance: instance?.players.map((player) => player.status) ?? null,
        usersState: instance ? Object.values(instance.state.usersState ?? {}).map((player) => player.status) : null,
      };
    }
    const everywhere = (status: string, count = 1) => {
      const all = Array<string>(count).fill(status);
      return { list: all, states: all, stateStatuses: all, instance: all, usersState: all };
    };

    async function playingGame() {
      const game = await createGame(t.app.ctx, owner);
      const { instance } = await createInstance(t.app.ctx, { gameId: game.row.id, players: [bob] });
      return { gameId: game.row.id, instanceId: instance.id };
    }

    it('start: a player who starts is playing', async () => {
      const { gameId, instanceId } = await playingGame();
      await runEvent(t.app.ctx, { instanceId, event: { type: 'start', playerId: bob.user.id } });
      expect(await statusesOf(gameId, instanceId)).toEqual(everywhere('playing'));
    });

    it('leave: a player who leaves is no longer playing', async () => {
      const { gameId, instanceId } = await playingGame();
      await runEvent(t.app.ctx, { instanceId, event: { type: 'start', playerId: bob.user.id } });
      await runEvent(t.app.ctx, { instanceId, event: { type: 'leave', playerId: bob.user.id } });
      expect(await statusesOf(gameId, instanceId)).toEqual(everywhere('left game'));
    });

    it('terminate: the players of a terminated instance are not playing', async () => {
      const { gameId, instanceId } = await playingGame();
      await runEvent(t.app.ctx, { instanceId, event: { type: 'start', playerId: bob.user.id } });
      expect((await call('POST', `/api/instances/${instanceId}/terminate`)).statusCode).toBe(200);
      expect(await statusesOf(gameId, instanceId)).toEqual(everywhere('terminated'));
    });

    it('expire: the players of an expired instance are not playing', async () => {
      const { gameId, instanceId } = await playingGame();
      await runEvent(t.app.ctx, { instanceId, event: { type: 'expire' } });
      expect(await statusesOf(gameId, instanceId)).toEqual(everywhere('expired'));
    });

    it('complete: the players of a completed playtest are not playing; one who left stays left', async () => {
      const game = await createGame(t.app.ctx, owner);
      const gameId = game.row.id;
      const { instance } = await createInstance(t.app.ctx, { gameId, players: [bob, carol], status: 'completed' });
      await t.app.ctx.db
        .update(playerStates)
        .set({ status: 'left game' })
        .where(eq(playerStates.playerId, carol.user.id));
      const statuses = await statusesOf(gameId, instance.id);
      expect([...statuses.list].sort()).toEqual(['completed', 'left game']);
      expect([...statuses.instance!].sort()).toEqual(['completed', 'left game']);
      expect([...statuses.states].sort()).toEqual(['completed', 'left game']);
    });

    it('delete: a deleted instance’s players are counted nowhere', async () => {
      const { gameId, instanceId } = await playingGame();
      expect((await call('DELETE', `/api/instances/${instanceId}`)).statusCode).toBe(200);
      expect(await statusesOf(gameId, instanceId)).toEqual({
        list: [],
        states: [],
        stateStatuses: [],
        instance: null,
        usersState: null,
      });
    });
  });

  describe('#thin-list', () => {
    it('lists every instance, active ones first, with version, players and world status', async () => {
      const { gameId, old, working, published } = await gameWithInstances();
      const res = await call('GET', `/api/manage/gameInstances/${gameId}/thin-list`);
      expect(res.statusCode).toBe(200);
      const list = res.json() as InstanceListItem[];
      expect(list.map((item) => item.id).slice(-1)).toEqual([old.id]);
      expect(new Set(list.slice(0, 2).map((item) => item.id))).toEqual(new Set([working.id, published.id]));
      const item = list.find((entry) => entry.id === working.id)!;
      expect(item).toMatchObject({
        _id: working.id,
        gameVersion: { isLiveSpec: true, version: 0, game: { id: gameId } },
        players: [{ id: bob.user.id, name: 'Bob Player', status: 'playing' }],
        state: { worldState: { status: 'active' } },
      });
      expect(item.gameVersion.game.playingPeriod.timezone).toBe('Europe/Athens');
      expect(list.find((entry) => entry.id === published.id)!.gameVersion).toMatchObject({
        isLiveSpec: false,
        version: 1,
      });
    });

    it('filters by world status', async () => {
      const { gameId, old } = await gameWithInstances();
      const res = await call('GET', `/api/manage/gameInstances/${gameId}/thin-list?status=terminated`);
      expect((res.json() as InstanceListItem[]).map((item) => item.id)).toEqual([old.id]);
      expect((await call('GET', `/api/manage/gameInstances/${gameId}/thin-list?status=nope`)).statusCode).toBe(400);
    });

    it('is for managers only', async () => {
      const { gameId } = await gameWithInstances();
      expect((await call('GET', `/api/manage/gameInstances/${gameId}/thin-list`, coDesigner)).statusCode).toBe(200);
      expect((await call('GET', `/api/manage/gameInstances/${gameId}/thin-list`, admin)).statusCode).toBe(200);
      expect((await call('GET', `/api/manage/gameInstances/${gameId}/thin-list`, outsider)).statusCode).toBe(403);
      expect((await call('GET', `/api/manage/gameInstances/${gameId}/thin-list`, null)).statusCode).toBe(401);
      expect((await call('GET', `/api/manage/gameInstances/${MISSING}/thin-list`)).statusCode).toBe(404);
      expect((await call('GET', `/api/manage/gameInstances/not-an-id/thin-list`)).statusCode).toBe(404);
    });
  });

  describe('#playerStates', () => {
    it('lists the players with their location, world status and state', async () => {
      const { gameId, working } = await gameWithInstances();
      const res = await call('GET', `/api/manage/gameInstances/${gameId}/playerStates`);
      expect(res.statusCode).toBe(200);
      const players = res.json() as PlayerStateItem[];
      expect(players.map((player) => player.name).sort()).toEqual(['Bob Player', 'Carol Player']);
      const bobState = players.find((player) => player.id === bob.user.id)!;
      expect(bobState).toMatchObject({
        userId: bob.user.id,
        email: bob.user.email,
        status: 'playing',
        currentLocation: { latitude: 35.51, longitude: 24.02 },
        worldStatus: 'active',
        instanceId: working.id,
        isLiveSpec: true,
        avatar: { name: 'Bob Player', photo: null },
        state: { status: 'playing', owns: { item: {}, object: {} }, is: { attributed: {} } },
      });
      expect(bobState.state.has.started.game.when).toEqual(expect.any(String));
      expect(bobState.state.has.left.game.when).toBeNull();
    });

    it('shows the working version, the published ones or both', async () => {
      const { gameId } = await gameWithInstances();
      const names = async (showType: string) =>
        (
          (
            await call('GET', `/api/manage/gameInstances/${gameId}/playerStates?showType=${showType}`)
          ).json() as PlayerStateItem[]
        ).map((player) => player.name);
      expect(await names('live-only')).toEqual(['Bob Player']);
      expect(await names('published-only')).toEqual(['Carol Player']);
      expect((await names('both')).sort()).toEqual(['Bob Player', 'Carol Player']);
      expect((await call('GET', `/api/manage/gameInstances/${gameId}/playerStates?showType=x`)).statusCode).toBe(400);
    });

    it('shows no email once the account is deleted', async () => {
      const { gameId } = await gameWithInstances();
      const dan = await createUser(t.app.ctx, { name: 'Dan' });
      await createInstance(t.app.ctx, { gameId, players: [dan] });
      await t.app.ctx.db.delete(users).where(eq(users.id, dan.user.id));
      const players = (
        await call('GET', `/api/manage/gameInstances/${gameId}/playerStates`)
      ).json() as PlayerStateItem[];
      expect(players.find((player) => player.id === dan.user.id)).toMatchObject({ email: null, userId: null });
    });

    it('is for managers only', async () => {
      const { gameId } = await gameWithInstances();
      expect((await call('GET', `/api/manage/gameInstances/${gameId}/playerStates`, outsider)).statusCode).toBe(403);
      expect((await call('GET', `/api/manage/gameInstances/${MISSING}/playerStates`)).statusCode).toBe(404);
    });
  });

  describe('#instances/{id}', () => {
    it('answers the instance with its world, and every player’s state with fullState', async () => {
      const { working } = await gameWithInstances();
      const res = await call('GET', `/api/instances/${working.id}?fullState=true`);
      expect(res.statusCode).toBe(200);
      const instance = res.json() as FullInstance;
      expect(instance).toMatchObject({
        id: working.id,
        _id: working.id,
        notes: '',
        players: [{ id: bob.user.id, name: 'Bob Player', status: 'playing' }],
        state: { worldState: { status: 'active', objects: {}, offers: {} } },
        market: { available: false, currency: null },
      });
      expect(instance.state.usersState?.[bob.user.id]).toMatchObject({
        status: 'playing',
        avatar: { name: 'Bob Player', photo: null },
        location: { latitude: 35.51, longitude: 24.02 },
        lastPlayed: expect.any(String),
      });
      const thin = (await call('GET', `/api/instances/${working.id}`)).json() as FullInstance;
      expect(thin.state.usersState).toBeUndefined();
    });

    it('is for managers only', async () => {
      const { working } = await gameWithInstances();
      expect((await call('GET', `/api/instances/${working.id}`, outsider)).statusCode).toBe(403);
      expect((await call('GET', `/api/instances/${working.id}`, bob)).statusCode).toBe(403);
      expect((await call('GET', `/api/instances/${MISSING}`)).statusCode).toBe(404);
      expect((await call('GET', `/api/instances/nope`)).json()).toMatchObject({
        message: OPERATION_MESSAGES.instanceNotFound,
      });
    });
  });

  describe('#terminate', () => {
    it('terminates an instance once', async () => {
      const { working } = await gameWithInstances();
      const res = await call('POST', `/api/instances/${working.id}/terminate`);
      expect(res.statusCode).toBe(200);
      expect((res.json() as FullInstance).state.worldState.status).toBe('terminated');
      const again = await call('POST', `/api/instances/${working.id}/terminate`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: OPERATION_MESSAGES.alreadyTerminated });
    });

    it('is for managers only', async () => {
      const { working } = await gameWithInstances();
      expect((await call('POST', `/api/instances/${working.id}/terminate`, outsider)).statusCode).toBe(403);
      expect((await call('POST', `/api/instances/${MISSING}/terminate`)).statusCode).toBe(404);
    });
  });

  describe('#delete', () => {
    it('deletes an instance with its players', async () => {
      const { gameId, working } = await gameWithInstances();
      expect((await call('DELETE', `/api/instances/${working.id}`, outsider)).statusCode).toBe(403);
      const res = await call('DELETE', `/api/instances/${working.id}`, coDesigner);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deleted: true });
      expect((await call('GET', `/api/instances/${working.id}`)).statusCode).toBe(404);
      const players = (
        await call('GET', `/api/manage/gameInstances/${gameId}/playerStates`)
      ).json() as PlayerStateItem[];
      expect(players.map((player) => player.name)).toEqual(['Carol Player']);
      expect((await call('DELETE', `/api/instances/${working.id}`)).statusCode).toBe(404);
    });
  });

  describe('#terminateAllInstances', () => {
    it('deletes every instance of the game (edit right)', async () => {
      const { gameId } = await gameWithInstances();
      expect((await call('POST', `/api/design/games/${gameId}/terminateAllInstances`, outsider)).statusCode).toBe(403);
      const res = await call('POST', `/api/design/games/${gameId}/terminateAllInstances`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deleted: 3 });
      expect((await call('GET', `/api/manage/gameInstances/${gameId}/thin-list`)).json()).toEqual([]);
      expect((await call('POST', `/api/design/games/${MISSING}/terminateAllInstances`)).statusCode).toBe(404);
    });
  });

  describe('#applyExpiration', () => {
    /** Ends the game's playing period an hour ago (through the game's published version). */
    const endPeriod = async (gameId: string, versionId: string) => {
      const now = t.clock.now.getTime();
      const playingPeriod = {
        start: new Date(now - 3 * 3600_000).toISOString(),
        end: new Date(now - 3600_000).toISOString(),
        timezone: 'Europe/Athens',
      };
      const res = await call('PATCH', `/api/game-versions/${versionId}/playingPeriod`, owner, { playingPeriod });
      expect(res.statusCode).toBe(200);
    };

    it('refuses while the playing period has not ended', async () => {
      const { gameId } = await gameWithInstances();
      const res = await call('GET', `/api/manage/games/${gameId}/applyExpiration`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: OPERATION_MESSAGES.periodNotEnded });
    });

    it('expires every active instance once the period has ended, counted by version', async () => {
      const { gameId, old, working, published } = await gameWithInstances();
      const now = t.clock.now.getTime();
      const period = {
        start: new Date(now - 3 * 3600_000).toISOString(),
        end: new Date(now - 3600_000).toISOString(),
        timezone: 'Europe/Athens',
      };
      expect(
        (await call('PATCH', `/api/manage/gameInstances/${working.id}/playingPeriod`, owner, { playingPeriod: period }))
          .statusCode,
      ).toBe(200);
      expect((await call('GET', `/api/manage/games/${gameId}/applyExpiration`, outsider)).statusCode).toBe(403);
      const res = await call('GET', `/api/manage/games/${gameId}/applyExpiration`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ expiredInstances: { workingVersion: 1, publicVersion: 1 } });
      const statuses = Object.fromEntries(
        ((await call('GET', `/api/manage/gameInstances/${gameId}/thin-list`)).json() as InstanceListItem[]).map(
          (item) => [item.id, item.state.worldState.status],
        ),
      );
      expect(statuses).toEqual({ [old.id]: 'terminated', [working.id]: 'expired', [published.id]: 'expired' });
      // Nothing is left to expire.
      expect((await call('GET', `/api/manage/games/${gameId}/applyExpiration`)).json()).toEqual({
        expiredInstances: { workingVersion: 0, publicVersion: 0 },
      });
    });
    it('expires many instances at once and leaves the ended ones as they were', async () => {
      const game = await createGame(t.app.ctx, owner);
      const gameId = game.row.id;
      const publishedId = await publishWorkingVersion(t.app.ctx, owner, gameId);
      const players = await Promise.all(
        Array.from({ length: 24 }, (_, i) => createUser(t.app.ctx, { name: `Walker ${i}` })),
      );
      const active = await Promise.all(
        players.map((player, i) =>
          createInstance(t.app.ctx, { gameId, versionId: i % 3 === 0 ? undefined : publishedId, players: [player] }),
        ),
      );
      const ended = await Promise.all(
        (['completed', 'terminated'] as const).map((status) => createInstance(t.app.ctx, { gameId, status })),
      );
      await endPeriod(gameId, publishedId);
      const res = await call('GET', `/api/manage/games/${gameId}/applyExpiration`);
      expect(res.json()).toEqual({ expiredInstances: { workingVersion: 8, publicVersion: 16 } });
      const list = (await call('GET', `/api/manage/gameInstances/${gameId}/thin-list`)).json() as InstanceListItem[];
      const statuses = Object.fromEntries(list.map((item) => [item.id, item.state.worldState.status]));
      for (const { instance } of active) expect(statuses[instance.id]).toBe('expired');
      expect(statuses[ended[0]!.instance.id]).toBe('completed');
      expect(statuses[ended[1]!.instance.id]).toBe('terminated');
      // Each world took the engine's change: its revision moved on, so a player event read before retries.
      const detail = (await call('GET', `/api/instances/${active[0]!.instance.id}`)).json() as FullInstance;
      expect(detail.state.worldState).toMatchObject({
        status: 'expired',
        revision: active[0]!.instance.world.revision + 1,
      });
    });
  });

  describe('#playingPeriod', () => {
    const period = { start: '2030-01-01T08:00:00.000Z', end: '2030-01-02T08:00:00.000Z', timezone: 'Europe/Athens' };

    it('sets the game’s period from a version and from an instance', async () => {
      const { gameId, publishedId, published } = await gameWithInstances();
      const res = await call('PATCH', `/api/game-versions/${publishedId}/playingPeriod`, owner, {
        playingPeriod: period,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ playingPeriod: period, instances: 3 });
      const [game] = await t.app.ctx.db.select().from(games).where(eq(games.id, gameId));
      expect(game!.settings.playingPeriod).toEqual(period);
      // The published snapshot keeps what was published.
      const [version] = await t.app.ctx.db.select().from(gameVersions).where(eq(gameVersions.id, publishedId));
      expect((version!.spec as { game: { playingPeriod: unknown } }).game.playingPeriod).not.toEqual(period);

      const open = { start: '2031-05-05T10:00:00+03:00', end: '', timezone: 'UTC' };
      const byInstance = await call('PATCH', `/api/manage/gameInstances/${published.id}/playingPeriod`, coDesigner, {
        playingPeriod: open,
      });
      expect(byInstance.statusCode).toBe(200);
      expect(byInstance.json()).toMatchObject({
        playingPeriod: { start: '2031-05-05T07:00:00.000Z', end: null, timezone: 'UTC' },
      });
      const item = (
        (await call('GET', `/api/manage/gameInstances/${gameId}/thin-list`)).json() as InstanceListItem[]
      )[0]!;
      expect(item.gameVersion.game.playingPeriod).toEqual({
        start: '2031-05-05T07:00:00.000Z',
        end: null,
        timezone: 'UTC',
      });
    });

    it('checks the period like the settings form does', async () => {
      const { publishedId } = await gameWithInstances();
      const patch = (playingPeriod: unknown) =>
        call('PATCH', `/api/game-versions/${publishedId}/playingPeriod`, owner, { playingPeriod });
      const noStart = await patch({ start: '', end: null, timezone: 'Europe/Athens' });
      expect(noStart.statusCode).toBe(400);
      expect(noStart.json().errors).toMatchObject({ playingPeriod: GAME_MESSAGES.playingPeriodStart });
      const backwards = await patch({ ...period, end: '2029-12-31T00:00:00Z' });
      expect(backwards.json().errors).toMatchObject({ 'playingPeriod.end': GAME_MESSAGES.playingPeriodEnd });
      const badZone = await patch({ ...period, timezone: 'Mars/Olympus' });
      expect(badZone.json().errors).toMatchObject({ 'playingPeriod.timezone': GAME_MESSAGES.unknownTimezone });
      const badDate = await patch({ ...period, start: 'someday' });
      expect(badDate.json().errors).toMatchObject({ 'playingPeriod.start': GAME_MESSAGES.invalidDate });
      expect((await call('PATCH', `/api/game-versions/${publishedId}/playingPeriod`, owner, {})).statusCode).toBe(400);
    });

    it('is for managers only', async () => {
      const { publishedId, working } = await gameWithInstances();
      const body = { playingPeriod: period };
      expect((await call('PATCH', `/api/game-versions/${publishedId}/playingPeriod`, outsider, body)).statusCode).toBe(
        403,
      );
      expect((await call('PATCH', `/api/manage/gameInstances/${working.id}/playingPeriod`, bob, body)).statusCode).toBe(
        403,
      );
      expect((await call('PATCH', `/api/game-versions/${MISSING}/playingPeriod`, owner, body)).statusCode).toBe(404);
      expect((await call('PATCH', `/api/manage/gameInstances/${MISSING}/playingPeriod`, owner, body)).statusCode).toBe(
        404,
      );
    });

    it('refuses an archived game', async () => {
      const { gameId, publishedId } = await gameWithInstances();
      await t.app.ctx.db.update(games).set({ isArchived: true }).where(eq(games.id, gameId));
      const res = await call('PATCH', `/api/game-versions/${publishedId}/playingPeriod`, owner, {
        playingPeriod: period,
      });
      expect(res.statusCode).toBe(409);
    });
  });
});
