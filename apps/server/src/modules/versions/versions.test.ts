import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_SPEC_SCHEMA_VERSION, type DesignGameVersion, type GameSpec } from '@loci/domain';
import { games } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame, createMedia, workingVersionOf } from '../../test/game-factories.js';
import {
  createBasicDesign,
  createEntity,
  designRequest,
  designValues,
  worldObjectValues,
} from '../../test/design-factories.js';

describe('game versions', () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    viewer = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(() => t.close());

  const request = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, user = owner) =>
    designRequest(t.app, user, method, url, body);

  async function publish(gameId: string, body: Record<string, unknown> = {}) {
    const res = await request('POST', `/api/design/${gameId}/gameVersions`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as DesignGameVersion;
  }
  async function publicVersionOf(gameId: string) {
    const [row] = await t.app.ctx.db.select().from(games).where(eq(games.id, gameId));
    return row!.publicVersionId;
  }
  async function versions(gameId: string) {
    return (await request('GET', `/api/design/${gameId}/gameVersions`)).json() as DesignGameVersion[];
  }

  describe('#gameVersions.list', () => {
    it('lists the working version first, with publishDue, then the newest (view right)', async () => {
      const game = await createGame(t.app.ctx, owner, { publicAccess: 'view' });
      const res = await request('GET', `/api/design/${game.row.id}/gameVersions`);
      expect(res.statusCode).toBe(200);
      const [working] = res.json();
      expect(res.json()).toHaveLength(1);
      expect(working).toMatchObject({
        gameId: game.row.id,
        isLiveSpec: true,
        isArchived: false,
        versionNotes: '',
        version: 0,
        publishDue: true,
      });
      expect(Object.keys(working).sort()).toEqual(
        [
          'createdAt',
          'gameId',
          'id',
          'isArchived',
          'isLiveSpec',
          'multipleInstances',
          'newInstancesAllowed',
          'publishDue',
          'restrictAccessToDesigner',
          'updatedAt',
          'version',
          'versionNotes',
        ].sort(),
      );
      expect((await request('GET', `/api/design/${game.row.id}/gameVersions`, undefined, viewer)).statusCode).toBe(200);
      const outsider = await createUser(t.app.ctx, { role: 'designer' });
      const privateGame = await createGame(t.app.ctx, owner);
      expect(
        (await request('GET', `/api/design/${privateGame.row.id}/gameVersions`, undefined, outsider)).statusCode,
      ).toBe(403);
    });

    it('says publish is due until published, and again after the next design change', async () => {
      const game = await createGame(t.app.ctx, owner);
      const gameId = game.row.id;
      expect((await versions(gameId))[0]!.publishDue).toBe(true);
      t.clock.advance(60_000);
      const v1 = await publish(gameId, { versionNotes: 'First' });
      expect(v1).toMatchObject({ version: 1, isLiveSpec: false, versionNotes: 'First' });
      const list = await versions(gameId);
      expect(list.map((version) => version.version)).toEqual([0, 1]);
      expect(list[0]!.publishDue).toBe(false);
      expect(list[1]).not.toHaveProperty('publishDue');

      t.clock.advance(60_000);
      await createEntity(t.app, owner, gameId, 'item', designValues('item'));
      expect((await versions(gameId))[0]!.publishDue).toBe(true);
      t.clock.advance(60_000);
      const v2 = await publish(gameId);
      expect(v2.version).toBe(2);
      expect((await versions(gameId)).map((version) => version.version)).toEqual([0, 2, 1]);
      expect((await versions(gameId))[0]!.publishDue).toBe(false);
    });
  });

  describe('#gameVersions.publish', () => {
    it('snapshots the whole game; later changes leave the published spec as it was', async () => {
      const game = await createGame(t.app.ctx, owner);
      const gameId = game.row.id;
      const { scene, rule, interaction } = await createBasicDesign(t.app, owner, gameId);
      const archetype = await createEntity(t.app, owner, gameId, 'archetype', designValues('archetype'));
      await request(
        'POST',
        `/api/design/${gameId}/initialStates/current`,
        worldObjectValues({ sceneId: scene.id, archetypeId: archetype.id }, { name: 'crate-1' }),
      );
      const published = await publish(gameId, {
        versionNotes: 'Opening day',
        multipleInstances: true,
        newInstancesAllowed: false,
      });
      expect(published).toMatchObject({
        versionNotes: 'Opening day',
        multipleInstances: true,
        newInstancesAllowed: false,
        restrictAccessToDesigner: false,
      });

      const read = await request('GET', `/api/design/${gameId}/gameVersions/${published.id}`);
      expect(read.statusCode).toBe(200);
      const spec = read.json().spec as GameSpec;
      expect(spec.schemaVersion).toBe(GAME_SPEC_SCHEMA_VERSION);
      expect(spec.game).toMatchObject({ id: gameId, title: game.row.title });
      expect(spec.entities.rule).toEqual([rule]);
      expect(spec.entities.interaction).toEqual([interaction]);
      expect(spec.entities.item).toEqual([]);
      expect(Object.keys(spec.entities).sort()).toEqual([
        'archetype',
        'attribute',
        'character',
        'interaction',
        'item',
        'location',
        'milestone',
        'mission',
        'offer',
        'rule',
        'scene',
      ]);
      expect(Object.values(spec.initialState.has.object[scene.id]!).map((entry) => entry.name)).toEqual(['crate-1']);
      const before = JSON.stringify(spec);

      // Change everything the snapshot holds.
      await request('PATCH', `/api/design/${gameId}/rules/${rule.id}`, { ...rule, name: 'Renamed rule' });
      await request('PATCH', `/api/design/${gameId}/interactions/${interaction.id}`, {
        ...interaction,
        title: 'Changed',
      });
      await createEntity(t.app, owner, gameId, 'item', designValues('item'));
      await request(
        'POST',
        `/api/design/${gameId}/initialStates/current`,
        worldObjectValues({ sceneId: scene.id, archetypeId: archetype.id }, { name: 'crate-2' }),
      );
      const logo = await createMedia(t.app.ctx, gameId);
      const renamed = await request('PATCH', `/api/design/games/${gameId}`, {
        ...game.row.settings,
        logoId: logo.id,
        title: 'A new title',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);

      const again = (await request('GET', `/api/design/${gameId}/gameVersions/${published.id}`)).json();
      expect(JSON.stringify(again.spec)).toBe(before);
      // The working version reads as it is now.
      const current = (await request('GET', `/api/design/${gameId}/gameVersions/current`)).json();
      expect(current.isLiveSpec).toBe(true);
      expect(current.spec.entities.rule[0].name).toBe('Renamed rule');
      expect(current.spec.game.title).toBe('A new title');
    });

    it('needs the edit right and an unarchived game; viewers read specs without the passcode', async () => {
      const game = await createGame(t.app.ctx, owner, { publicAccess: 'view', playPassword: '123456' });
      const gameId = game.row.id;
      expect((await request('POST', `/api/design/${gameId}/gameVersions`, {}, viewer)).statusCode).toBe(403);
      const v1 = await publish(gameId);
      const seen = (await request('GET', `/api/design/${gameId}/gameVersions/${v1.id}`, undefined, viewer)).json();
      expect(seen.spec.game.playPassword).toBe('');
      const own = (await request('GET', `/api/design/${gameId}/gameVersions/${v1.id}`)).json();
      expect(own.spec.game.playPassword).toBe('123456');

      await request('POST', `/api/design/games/${gameId}/archive`);
      const refused = await request('POST', `/api/design/${gameId}/gameVersions`, {});
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('This game has been archived.');
    });
  });

  describe('#gameVersions.publicVersion', () => {
    it('makes the newest version for everyone public; owner-only versions never are', async () => {
      const game = await createGame(t.app.ctx, owner);
      const gameId = game.row.id;
      const ownerOnly = await publish(gameId, { restrictAccessToDesigner: true });
      expect(await publicVersionOf(gameId)).toBeNull();

      t.clock.advance(1000);
      const v2 = await publish(gameId);
      expect(await publicVersionOf(gameId)).toBe(v2.id);
      t.clock.advance(1000);
      await publish(gameId, { restrictAccessToDesigner: true });
      expect(await publicVersionOf(gameId)).toBe(v2.id);

      // Opening the owner-only version for everyone does not make an older one public.
      const opened = await request('PATCH', `/api/design/${gameId}/gameVersions/${ownerOnly.id}`, {
        restrictAccessToDesigner: false,
      });
      expect(opened.statusCode).toBe(200);
      expect(await publicVersionOf(gameId)).toBe(v2.id);

      // Restricting the public version falls back to the newest remaining one.
      await request('PATCH', `/api/design/${gameId}/gameVersions/${v2.id}`, { restrictAccessToDesigner: true });
      expect(await publicVersionOf(gameId)).toBe(ownerOnly.id);
    });

    it('archiving the public version falls back to the previous one, or none', async () => {
      const game = await createGame(t.app.ctx, owner);
      const gameId = game.row.id;
      const v1 = await publish(gameId);
      t.clock.advance(1000);
      const v2 = await publish(gameId);
      expect(await publicVersionOf(gameId)).toBe(v2.id);

      const archived = await request('POST', `/api/design/${gameId}/gameVersions/${v2.id}/archive`);
      expect(archived.statusCode).toBe(200);
      expect(archived.json().isArchived).toBe(true);
      expect(await publicVersionOf(gameId)).toBe(v1.id);
      expect((await request('POST', `/api/design/${gameId}/gameVersions/${v2.id}/archive`)).statusCode).toBe(409);
      expect(
        (await request('PATCH', `/api/design/${gameId}/gameVersions/${v2.id}`, { versionNotes: 'x' })).statusCode,
      ).toBe(409);

      await request('POST', `/api/design/${gameId}/gameVersions/${v1.id}/archive`);
      expect(await publicVersionOf(gameId)).toBeNull();
    });

    it('stays withdrawn after unpublish until the next publish', async () => {
      const game = await createGame(t.app.ctx, owner);
      const gameId = game.row.id;
      const v1 = await publish(gameId);
      t.clock.advance(1000);
      const v2 = await publish(gameId);
      expect((await request('POST', `/api/design/games/${gameId}/unpublish`)).statusCode).toBe(200);
      expect(await publicVersionOf(gameId)).toBeNull();

      await request('PATCH', `/api/design/${gameId}/gameVersions/${v2.id}`, { versionNotes: 'Edited notes' });
      await request('POST', `/api/design/${gameId}/gameVersions/${v1.id}/archive`);
      expect(await publicVersionOf(gameId)).toBeNull();
      t.clock.advance(1000);
      await publish(gameId, { restrictAccessToDesigner: true });
      expect(await publicVersionOf(gameId)).toBeNull();

      t.clock.advance(1000);
      const v4 = await publish(gameId);
      expect(await publicVersionOf(gameId)).toBe(v4.id);
    });
  });

  describe('#gameVersions.update', () => {
    it('saves the form; the working version’s owner-only flag cannot change; the working version cannot be archived', async () => {
      const game = await createGame(t.app.ctx, owner);
      const gameId = game.row.id;
      const working = await workingVersionOf(t.app.ctx, gameId);
      const saved = await request('PATCH', `/api/design/${gameId}/gameVersions/${working.id}`, {
        versionNotes: 'Work in progress',
        multipleInstances: true,
        newInstancesAllowed: true,
        restrictAccessToDesigner: false,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({
        versionNotes: 'Work in progress',
        multipleInstances: true,
        isLiveSpec: true,
      });
      // Saving the version form is not a design change.
      expect((await workingVersionOf(t.app.ctx, gameId)).updatedAt).toEqual(working.updatedAt);

      const flag = await request('PATCH', `/api/design/${gameId}/gameVersions/${working.id}`, {
        restrictAccessToDesigner: true,
      });
      expect(flag.statusCode).toBe(400);
      expect(flag.json().errors).toEqual({
        restrictAccessToDesigner: 'The owner-only flag of the working version cannot be changed',
      });
      expect((await request('POST', `/api/design/${gameId}/gameVersions/${working.id}/archive`)).statusCode).toBe(409);
      expect((await request('PATCH', `/api/design/${gameId}/gameVersions/${working.id}`, {}, viewer)).statusCode).toBe(
        403,
      );
      expect((await request('GET', `/api/design/${gameId}/gameVersions/not-a-version`)).statusCode).toBe(404);
    });
  });
});
