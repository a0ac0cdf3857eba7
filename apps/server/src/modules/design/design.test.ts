import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_KIND_INFO, DESIGN_KINDS, LOCK_MESSAGES, type DesignEntity, type DesignKind } from '@loci/domain';
import { designEntities, games, gameVersions, media } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame, createMedia, workingVersionOf } from '../../test/game-factories.js';
import {
  createBasicDesign,
  createEntity,
  designRequest,
  designValues,
  worldObjectValues,
  type DesignRefs,
} from '../../test/design-factories.js';

describe('design entities', () => {
  let t: TestApp;
  let owner: TestUser;
  let coDesigner: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Dora Designer' });
    coDesigner = await createUser(t.app.ctx, { role: 'designer', name: 'Cleo Co' });
    viewer = await createUser(t.app.ctx, { role: 'designer', name: 'Vic Viewer' });
    outsider = await createUser(t.app.ctx, { role: 'designer', name: 'Otto Outsider' });
  });
  afterAll(() => t.close());

  const request = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    designRequest(t.app, user, method, url, body);

  /** A game with a medium, a scene, a location and an interaction that every kind's values can refer to. */
  async function gameWithBasics(overrides: Parameters<typeof createGame>[2] = {}) {
    const game = await createGame(t.app.ctx, owner, {
      additionalDesignersEmailsText: coDesigner.user.email,
      ...overrides,
    });
    const medium = await createMedia(t.app.ctx, game.row.id);
    const basics = await createBasicDesign(t.app, owner, game.row.id, { mediaId: medium.id });
    const refs: DesignRefs = {
      mediaId: medium.id,
      sceneId: basics.scene.id,
      locationId: basics.location.id,
      interactionId: basics.interaction.id,
    };
    return { gameId: game.row.id, refs, ...basics };
  }

  describe('#design.crud', () => {
    it.each(DESIGN_KINDS.map((kind) => [kind]))('creates, reads, lists, saves and deletes a %s', async (kind) => {
      const { gameId, refs } = await gameWithBasics();
      const base = `/api/design/${gameId}/${DESIGN_KIND_INFO[kind].segment}`;
      const values = designValues(kind, refs);

      const created = await request(owner, 'POST', base, { ...values, gameId, id: 'ignored' });
      expect(created.statusCode, created.body).toBe(201);
      const entity = created.json() as DesignEntity;
      expect(entity).toMatchObject({ gameId, name: values.name });
      expect(entity.id).toMatch(/^[0-9a-f-]{36}$/);
      if (kind === 'rule' || kind === 'location') expect(entity.sceneId).toBe(refs.sceneId);

      const read = await request(owner, 'GET', `${base}/${entity.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(entity);

      const list = await request(owner, 'GET', base);
      expect(list.statusCode).toBe(200);
      expect((list.json() as DesignEntity[]).map((item) => item.id)).toContain(entity.id);

      const renamed = `${String(values.name)} renamed`;
      const saved = await request(owner, 'PATCH', `${base}/${entity.id}`, { ...entity, name: renamed });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ id: entity.id, gameId, name: renamed });

      const deleted = await request(owner, 'DELETE', `${base}/${entity.id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ success: true, deleted: [{ kind, id: entity.id, name: renamed }] });
      expect((await request(owner, 'GET', `${base}/${entity.id}`)).statusCode).toBe(404);
    });

    it('lists by name, case-insensitively (scenes: in the order they were made; see scene-order.test.ts)', async () => {
      const game = await createGame(t.app.ctx, owner);
      for (const name of ['charlie', 'Alpha', 'bravo']) {
        await createEntity(t.app, owner, game.row.id, 'item', designValues('item', {}, { name }));
        await createEntity(t.app, owner, game.row.id, 'scene', designValues('scene', {}, { name }));
      }
      const items = await request(owner, 'GET', `/api/design/${game.row.id}/items`);
      expect((items.json() as DesignEntity[]).map((item) => item.name)).toEqual(['Alpha', 'bravo', 'charlie']);
      const scenes = await request(owner, 'GET', `/api/design/${game.row.id}/scenes`);
      expect((scenes.json() as DesignEntity[]).map((scene) => scene.name)).toEqual(['charlie', 'Alpha', 'bravo']);
    });

    it('answers 404 for an unknown entity or game', async () => {
      const game = await createGame(t.app.ctx, owner);
      expect((await request(owner, 'GET', `/api/design/${game.row.id}/items/nope`)).statusCode).toBe(404);
      expect(
        (await request(owner, 'PATCH', `/api/design/${game.row.id}/items/nope`, designValues('item'))).statusCode,
      ).toBe(404);
      expect((await request(owner, 'DELETE', `/api/design/${game.row.id}/items/nope`)).statusCode).toBe(404);
      expect((await request(owner, 'GET', `/api/design/not-a-game/items`)).statusCode).toBe(404);
    });
  });

  describe('#design.validation', () => {
    it('answers 400 with the field errors under their paths and saves nothing', async () => {
      const { gameId, refs } = await gameWithBasics();
      const before = await t.app.ctx.db.select().from(designEntities).where(eq(designEntities.gameId, gameId));
      const res = await request(owner, 'POST', `/api/design/${gameId}/rules`, {
        ...designValues('rule', refs),
        name: '',
        trigger: { conditionType: 'player-location', verb: '', elementId: refs.locationId },
        sideeffects: [],
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.message).toBe('Please correct the errors in the form');
      expect(body.errors).toMatchObject({ name: 'Required', 'trigger.verb': 'Required' });
      expect(body.errors.sideeffects).toBeDefined();
      const after = await t.app.ctx.db.select().from(designEntities).where(eq(designEntities.gameId, gameId));
      expect(after).toHaveLength(before.length);
    });

    it('refuses a rule whose scene is not a scene of the game', async () => {
      const { gameId, refs } = await gameWithBasics();
      const res = await request(owner, 'POST', `/api/design/${gameId}/rules`, {
        ...designValues('rule', refs),
        sceneId: '00000000-0000-4000-8000-000000000000',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ sceneId: 'Select a scene' });
    });

    it('refuses references to elements the game does not have, naming the field, on create and save', async () => {
      const { gameId, refs, rule } = await gameWithBasics();
      const other = await gameWithBasics();
      const missing = '00000000-0000-4000-8000-0000000000aa';
      const rules = `/api/design/${gameId}/rules`;
      const before = await t.app.ctx.db.select().from(designEntities).where(eq(designEntities.gameId, gameId));

      // An interaction of another game is as missing as a made-up id.
      const foreign = await request(
        owner,
        'POST',
        rules,
        designValues('rule', { ...refs, interactionId: other.refs.interactionId }),
      );
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors).toEqual({
        'sideeffects.0.actionArgs.what': `Refers to a missing item (id ${other.refs.interactionId})`,
      });
      const saved = await request(owner, 'PATCH', `${rules}/${rule.id}`, {
        ...rule,
        trigger: { ...(rule.trigger as object), elementId: missing },
      });
      expect(saved.statusCode).toBe(400);
      expect(saved.json().errors).toEqual({ 'trigger.elementId': `Refers to a missing item (id ${missing})` });
      const after = await t.app.ctx.db.select().from(designEntities).where(eq(designEntities.gameId, gameId));
      expect(after).toEqual(before);
    });

    it("accepts an action's 'what' of any of its kinds (an item or an attribute)", async () => {
      const { gameId, refs } = await gameWithBasics();
      const attribute = await createEntity(t.app, owner, gameId, 'attribute', designValues('attribute', refs));
      const item = await createEntity(t.app, owner, gameId, 'item', designValues('item', refs));
      for (const what of [attribute.id, item.id]) {
        const created = await request(owner, 'POST', `/api/design/${gameId}/rules`, {
          ...designValues('rule', refs),
          sideeffects: [
            { actorId: 'system', actionName: 'giveToPlayer', actionArgs: { what, value: 1 }, notify: false },
          ],
        });
        expect(created.statusCode, created.body).toBe(201);
      }
    });

    it('requires a scene background image on image games only', async () => {
      const mapGame = await createGame(t.app.ctx, owner);
      const imageGame = await createGame(t.app.ctx, owner);
      await t.app.ctx.db
        .update(games)
        .set({ settings: { ...imageGame.row.settings, pg: { ...imageGame.row.settings.pg, type: 'image' } } })
        .where(eq(games.id, imageGame.row.id));
      const values = designValues('scene', {}, { logoId: null });
      expect((await request(owner, 'POST', `/api/design/${mapGame.row.id}/scenes`, values)).statusCode).toBe(201);
      const refused = await request(owner, 'POST', `/api/design/${imageGame.row.id}/scenes`, values);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.logoId).toBe('Required');
    });
  });

  describe('#design.names', () => {
    it('keeps names unique per kind, case-insensitively, on create and save; other kinds may share them', async () => {
      const game = await createGame(t.app.ctx, owner);
      const gameId = game.row.id;
      const first = await createEntity(t.app, owner, gameId, 'item', designValues('item', {}, { name: 'Brass Key' }));
      const taken = await request(
        owner,
        'POST',
        `/api/design/${gameId}/items`,
        designValues('item', {}, { name: 'brass key' }),
      );
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ message: 'Name already exists', errors: { name: 'Name already exists' } });

      await createEntity(t.app, owner, gameId, 'attribute', designValues('attribute', {}, { name: 'Brass Key' }));
      const second = await createEntity(t.app, owner, gameId, 'item', designValues('item', {}, { name: 'Lamp' }));
      const rename = await request(owner, 'PATCH', `/api/design/${gameId}/items/${second.id}`, {
        ...second,
        name: 'BRASS KEY',
      });
      expect(rename.statusCode).toBe(409);
      expect(rename.json().errors).toEqual({ name: 'Name already exists' });
      // Saving an entity under its own name is fine.
      expect((await request(owner, 'PATCH', `/api/design/${gameId}/items/${first.id}`, first)).statusCode).toBe(200);
      // Another game may use the name.
      const other = await createGame(t.app.ctx, owner);
      await createEntity(t.app, owner, other.row.id, 'item', designValues('item', {}, { name: 'Brass Key' }));
    });
  });

  describe('#design.rights', () => {
    it('lets viewers read, editors change, and nobody else in', async () => {
      const game = await createGame(t.app.ctx, owner, {
        additionalDesignersEmailsText: coDesigner.user.email,
        additionalDesignerOnlyAccessEmailsText: viewer.user.email,
      });
      const gameId = game.row.id;
      const item = await createEntity(t.app, owner, gameId, 'item', designValues('item'));
      const url = `/api/design/${gameId}/items`;

      for (const user of [owner, coDesigner, viewer]) {
        expect((await request(user, 'GET', url)).statusCode).toBe(200);
        expect((await request(user, 'GET', `${url}/${item.id}`)).statusCode).toBe(200);
        expect((await request(user, 'GET', `/api/design/${gameId}/workspace`)).statusCode).toBe(200);
      }
      expect((await request(outsider, 'GET', url)).statusCode).toBe(403);
      expect((await request(outsider, 'GET', `${url}/${item.id}`)).statusCode).toBe(403);
      expect((await request(outsider, 'GET', `/api/design/${gameId}/workspace`)).statusCode).toBe(403);
      expect((await request(null, 'GET', url)).statusCode).toBe(401);

      for (const user of [viewer, outsider]) {
        expect((await request(user, 'POST', url, designValues('item'))).statusCode).toBe(403);
        expect((await request(user, 'PATCH', `${url}/${item.id}`, item)).statusCode).toBe(403);
        expect((await request(user, 'DELETE', `${url}/${item.id}`)).statusCode).toBe(403);
      }
      const byCoDesigner = await request(coDesigner, 'PATCH', `${url}/${item.id}`, { ...item, title: 'Silver key' });
      expect(byCoDesigner.statusCode).toBe(200);
      expect(byCoDesigner.json().title).toBe('Silver key');
    });
  });

  describe('#design.locks', () => {
    it('refuses to save or delete an entity while another user holds its lock, and lets the holder through', async () => {
      const game = await createGame(t.app.ctx, owner, { additionalDesignersEmailsText: coDesigner.user.email });
      const gameId = game.row.id;
      const character = await createEntity(t.app, owner, gameId, 'character', designValues('character'));
      const lock = await request(coDesigner, 'POST', '/api/design/cc', { gameId, kind: 'npc', id: character.id });
      expect(lock.statusCode).toBe(200);

      const url = `/api/design/${gameId}/characters/${character.id}`;
      const refused = await request(owner, 'PATCH', url, { ...character, title: 'Mine now' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: LOCK_MESSAGES.heldByOther, holder: { name: 'Cleo Co' } });
      expect((await request(owner, 'DELETE', url)).statusCode).toBe(409);

      expect((await request(coDesigner, 'PATCH', url, { ...character, title: 'Theirs' })).statusCode).toBe(200);
      // Once the lock runs out, anyone with the edit right may save again.
      t.clock.advance(481_000);
      expect((await request(owner, 'PATCH', url, { ...character, title: 'Mine now' })).statusCode).toBe(200);
    });
  });

  describe('#design.archived', () => {
    it('refuses every change to an archived game with 409, and still reads', async () => {
      const { gameId, refs, rule, scene } = await gameWithBasics();
      expect((await request(owner, 'POST', `/api/design/games/${gameId}/archive`)).statusCode).toBe(200);
      const changes = [
        await request(owner, 'POST', `/api/design/${gameId}/items`, designValues('item', refs)),
        await request(owner, 'PATCH', `/api/design/${gameId}/scenes/${scene.id}`, scene),
        await request(owner, 'DELETE', `/api/design/${gameId}/rules/${rule.id}`),
        await request(owner, 'POST', `/api/design/${gameId}/rules/${rule.id}/move`, { direction: 'up' }),
      ];
      for (const res of changes) {
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe('This game has been archived.');
      }
      expect((await request(owner, 'GET', `/api/design/${gameId}/rules`)).statusCode).toBe(200);
    });
  });

  describe('#design.touch', () => {
    it.each(DESIGN_KINDS.map((kind) => [kind]))(
      'marks the working version changed when a %s is created, saved or deleted',
      async (kind: DesignKind) => {
        const { gameId, refs } = await gameWithBasics();
        const base = `/api/design/${gameId}/${DESIGN_KIND_INFO[kind].segment}`;
        const touched = async () => (await workingVersionOf(t.app.ctx, gameId)).updatedAt.toISOString();

        t.clock.advance(60_000);
        const created = await request(owner, 'POST', base, designValues(kind, refs));
        expect(created.statusCode, created.body).toBe(201);
        expect(await touched()).toBe(t.clock.now.toISOString());
        const entity = created.json() as DesignEntity;

        t.clock.advance(60_000);
        expect((await request(owner, 'PATCH', `${base}/${entity.id}`, entity)).statusCode).toBe(200);
        expect(await touched()).toBe(t.clock.now.toISOString());

        t.clock.advance(60_000);
        expect((await request(owner, 'DELETE', `${base}/${entity.id}`)).statusCode).toBe(200);
        expect(await touched()).toBe(t.clock.now.toISOString());
      },
    );

    it('leaves the working version alone when a change is refused', async () => {
      const { gameId } = await gameWithBasics();
      const before = (await workingVersionOf(t.app.ctx, gameId)).updatedAt.toISOString();
      t.clock.advance(60_000);
      expect((await request(owner, 'POST', `/api/design/${gameId}/items`, { name: '' })).statusCode).toBe(400);
      expect((await workingVersionOf(t.app.ctx, gameId)).updatedAt.toISOString()).toBe(before);
    });
  });

  describe('#design.workspace', () => {
    it('answers the game, every list, the versions and the working version with its initial world', async () => {
      const { gameId, refs, scene, location, interaction, rule } = await gameWithBasics();
      const archetype = await createEntity(t.app, owner, gameId, 'archetype', designValues('archetype', refs));
      const placed = await request(
        owner,
        'POST',
        `/api/design/${gameId}/initialStates/current`,
        worldObjectValues({ sceneId: scene.id, archetypeId: archetype.id }),
      );
      expect(placed.statusCode, placed.body).toBe(200);

      const res = await request(coDesigner, 'GET', `/api/design/${gameId}/workspace`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(
        [
          'game',
          'scenes',
          'milestones',
          'missions',
          'interactions',
          'characters',
          'items',
          'attributes',
          'archetypes',
          'offers',
          'locations',
          'rules',
          'versions',
          'current',
          'publishDue',
          'translations',
        ].sort(),
      );
      expect(body.translations).toEqual({});
      expect(body.game).toMatchObject({ id: gameId, rights: ['edit', 'view', 'clone', 'manage'] });
      expect(body.scenes).toEqual([scene]);
      expect(body.locations).toEqual([location]);
      expect(body.interactions).toEqual([interaction]);
      expect(body.rules).toEqual([rule]);
      expect(body.archetypes).toEqual([archetype]);
      expect(body.items).toEqual([]);
      expect(body.versions).toHaveLength(1);
      expect(body.current).toMatchObject({ isLiveSpec: true, version: 0, publishDue: true });
      expect(body.publishDue).toBe(true);
      expect(Object.values(body.current.initialState.has.object[scene.id])).toHaveLength(1);
    });
  });

  describe('#design.openapi', () => {
    it('documents every kind’s routes, the workspace, publishing and the initial world', async () => {
      const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths);
      for (const kind of DESIGN_KINDS) {
        expect(paths).toContain(`/api/design/{gameId}/${DESIGN_KIND_INFO[kind].segment}`);
        expect(paths).toContain(`/api/design/{gameId}/${DESIGN_KIND_INFO[kind].segment}/{id}`);
      }
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/design/{gameId}/rules/{id}/move',
          '/api/design/{gameId}/workspace',
          '/api/design/utils/asyncValidateForm',
          '/api/design/{gameId}/gameVersions',
          '/api/design/{gameId}/gameVersions/{id}/archive',
          '/api/design/{gameId}/initialStates/{versionId}',
          '/api/design/{gameId}/initialStateSpecs/{versionId}',
          '/api/design/{gameId}/initialStates/{versionId}/{path}/{sceneId}/{id}',
        ]),
      );
    });

    it('documents the design entity answers with their kinds’ real fields and types', async () => {
      const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const answer = (path: string, method = 'get', status = '200') =>
        document.paths[path][method].responses[status].content['application/json'].schema;
      const rule = answer('/api/design/{gameId}/rules/{id}');
      expect(rule.properties).toMatchObject({
        sceneId: { type: 'string' },
        idx: { type: 'number' },
        fireOnce: { type: 'boolean', default: true },
        sideeffects: { type: 'array' },
      });
      const offer = answer('/api/design/{gameId}/offers', 'post', '201');
      expect(offer.properties.pickable).toEqual({ type: 'boolean', default: true });
      expect(JSON.stringify(offer.properties.quantity)).toMatch(/"number".*null|null.*"number"/);
      expect(offer.properties.limitPicks.properties.timeUnit.enum).toEqual(['minute', 'hour', 'day', 'total']);
      const locations = answer('/api/design/{gameId}/locations');
      expect(locations.items.properties.visible.enum).toEqual(['always', 'in-range', 'never']);
      const workspace = answer('/api/design/{gameId}/workspace');
      expect(workspace.properties.scenes.items.properties.place.properties.center.required).toEqual([
        'latitude',
        'longitude',
      ]);
      expect(Object.keys(workspace.properties.interactions.items.properties)).toEqual(
        expect.arrayContaining(['type', 'questions', 'conversation', 'buttonLabel']),
      );
      const version = answer('/api/design/{gameId}/gameVersions/{id}');
      expect(
        version.properties.spec.properties.entities.properties.mission.items.properties.accomplishment,
      ).toBeDefined();
    });
  });

  describe('#design.clone', () => {
    it('copies the entities (same ids, references intact) and the initial world, with media ids rewritten', async () => {
      const game = await createGame(t.app.ctx, owner, { publicAccess: 'clone' });
      const gameId = game.row.id;
      const medium = await createMedia(t.app.ctx, gameId);
      const { scene, rule } = await createBasicDesign(t.app, owner, gameId, { mediaId: medium.id });
      const archetype = await createEntity(
        t.app,
        owner,
        gameId,
        'archetype',
        designValues('archetype', { mediaId: medium.id }),
      );
      await request(
        owner,
        'POST',
        `/api/design/${gameId}/initialStates/current`,
        worldObjectValues({ sceneId: scene.id, archetypeId: archetype.id }),
      );

      const res = await request(outsider, 'POST', `/api/design/games/${gameId}/clone`);
      expect(res.statusCode).toBe(201);
      const copyId = res.json().id as string;
      const copy = (await request(outsider, 'GET', `/api/design/${copyId}/workspace`)).json();
      const original = (await request(owner, 'GET', `/api/design/${gameId}/workspace`)).json();

      expect(copy.rules).toEqual([{ ...rule, gameId: copyId }]);
      expect(copy.scenes.map((s: DesignEntity) => s.id)).toEqual([scene.id]);
      const copiedArchetype = copy.archetypes[0] as DesignEntity;
      expect(copiedArchetype.id).toBe(archetype.id);
      expect(copiedArchetype.logoId).not.toBe(medium.id);
      expect(copiedArchetype.logoId).toBeTruthy();
      expect(copy.current.initialState).toEqual(original.current.initialState);
      // The copy is independent: changing it leaves the original alone.
      const saved = await request(outsider, 'PATCH', `/api/design/${copyId}/rules/${rule.id}`, {
        ...rule,
        name: 'Changed in the copy',
      });
      expect(saved.statusCode).toBe(200);
      expect((await request(owner, 'GET', `/api/design/${gameId}/rules/${rule.id}`)).json().name).toBe(rule.name);
    });

    it('points image values (id and uri) in entity bodies and the initial world at the copied media', async () => {
      const game = await createGame(t.app.ctx, owner, { publicAccess: 'clone' });
      const gameId = game.row.id;
      const medium = await createMedia(t.app.ctx, gameId);
      const { scene } = await createBasicDesign(t.app, owner, gameId, { mediaId: medium.id });
      const archetype = await createEntity(
        t.app,
        owner,
        gameId,
        'archetype',
        designValues('archetype', { mediaId: medium.id }),
      );
      const image = { id: medium.id, type: 'image', uri: `/api/media/${medium.id}.png?w=800` };
      await t.app.ctx.db
        .update(designEntities)
        .set({ body: { ...archetype, defaultPayload: { photo: image } } })
        .where(eq(designEntities.id, archetype.id));
      const placed = await request(
        owner,
        'POST',
        `/api/design/${gameId}/initialStates/current`,
        worldObjectValues({ sceneId: scene.id, archetypeId: archetype.id }),
      );
      expect(placed.statusCode, placed.body).toBe(200);
      const working = await workingVersionOf(t.app.ctx, gameId);
      const objects = working.initialState.has.object[scene.id] ?? {};
      const [key] = Object.keys(objects);
      await t.app.ctx.db
        .update(gameVersions)
        .set({
          initialState: {
            has: {
              ...working.initialState.has,
              object: { [scene.id]: { [key!]: { ...objects[key!]!, payload: { label: 'Crate', photo: image } } } },
            },
          },
        })
        .where(eq(gameVersions.id, working.id));

      const res = await request(outsider, 'POST', `/api/design/games/${gameId}/clone`);
      expect(res.statusCode).toBe(201);
      const copyId = res.json().id as string;
      const [copiedMedium] = await t.app.ctx.db
        .select()
        .from(media)
        .where(and(eq(media.gameId, copyId), eq(media.title, medium.title)));
      const copiedImage = { id: copiedMedium!.id, type: 'image', uri: `/api/media/${copiedMedium!.id}.png?w=800` };
      const [copiedArchetype] = await t.app.ctx.db
        .select()
        .from(designEntities)
        .where(and(eq(designEntities.gameId, copyId), eq(designEntities.id, archetype.id)));
      expect(copiedArchetype!.body.defaultPayload).toEqual({ photo: copiedImage });
      const copiedState = (await workingVersionOf(t.app.ctx, copyId)).initialState;
      expect(copiedState.has.object[scene.id]?.[key!]?.payload).toEqual({ label: 'Crate', photo: copiedImage });
    });
  });
});
