import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_MESSAGES, type InitialState } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame, createMedia, workingVersionOf } from '../../test/game-factories.js';
import { createEntity, designRequest, designValues, worldObjectValues } from '../../test/design-factories.js';

describe('initial world', () => {
  let t: TestApp;
  let owner: TestUser;
  let coDesigner: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    coDesigner = await createUser(t.app.ctx, { role: 'designer', name: 'Cleo Co' });
    outsider = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(() => t.close());

  const request = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, user = owner) =>
    designRequest(t.app, user, method, url, body);

  async function world() {
    const game = await createGame(t.app.ctx, owner, {
      publicAccess: 'view',
      additionalDesignersEmailsText: coDesigner.user.email,
    });
    const gameId = game.row.id;
    const medium = await createMedia(t.app.ctx, gameId);
    const harbour = await createEntity(
      t.app,
      owner,
      gameId,
      'scene',
      designValues('scene', {}, { name: 'Harbour', title: 'The harbour', lat: 35.5, lng: 24 }),
    );
    const lighthouse = await createEntity(
      t.app,
      owner,
      gameId,
      'scene',
      designValues('scene', {}, { name: 'Lighthouse', lat: 35.6, lng: 24.1 }),
    );
    const archetype = await createEntity(
      t.app,
      owner,
      gameId,
      'archetype',
      designValues('archetype', { mediaId: medium.id }, { name: 'Crate' }),
    );
    const offer = await createEntity(
      t.app,
      owner,
      gameId,
      'offer',
      designValues('offer', { mediaId: medium.id }, { name: 'Coffee' }),
    );
    return { gameId, harbour, lighthouse, archetype, offer, medium };
  }

  describe('#initialStates.save', () => {
    it('adds an object with a new id, saves it, and moves it when its scene changes', async () => {
      const { gameId, harbour, lighthouse, archetype } = await world();
      t.clock.advance(60_000);
      const added = await request(
        'POST',
        `/api/design/${gameId}/initialStates/current`,
        worldObjectValues({ sceneId: harbour.id, archetypeId: archetype.id }, { name: 'crate-1' }),
      );
      expect(added.statusCode, added.body).toBe(200);
      const state = added.json().state as InitialState;
      const [entry] = Object.values(state.has.object[harbour.id]!);
      expect(entry).toMatchObject({
        name: 'crate-1',
        sceneId: harbour.id,
        archetypeId: archetype.id,
        payload: { label: 'Fish crate' },
        location: { latitude: 35.5172, longitude: 24.0183 },
        type: 'object',
      });
      expect(entry!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(state.has.offer).toEqual({});
      expect((await workingVersionOf(t.app.ctx, gameId)).updatedAt.toISOString()).toBe(t.clock.now.toISOString());

      const moved = await request('POST', `/api/design/${gameId}/initialStates/current`, {
        ...entry,
        sceneId: lighthouse.id,
        location: { latitude: '', longitude: '24.1' },
      });
      expect(moved.statusCode).toBe(200);
      const after = moved.json().state as InitialState;
      expect(after.has.object[harbour.id]).toBeUndefined();
      expect(after.has.object[lighthouse.id]![entry!.id]).toMatchObject({
        id: entry!.id,
        sceneId: lighthouse.id,
        location: { latitude: 0, longitude: 24.1 },
      });
      expect((await request('GET', `/api/design/${gameId}/initialStates/current`)).json()).toEqual({ state: after });
    });

    it('adds offers under state.has.offer', async () => {
      const { gameId, harbour, offer } = await world();
      const res = await request('POST', `/api/design/${gameId}/initialStates/current`, {
        name: 'coffee-at-pier',
        sceneId: harbour.id,
        offerId: offer.id,
        payload: { label: 'Espresso' },
        location: { latitude: 35.5, longitude: 24 },
        type: 'offer',
      });
      expect(res.statusCode, res.body).toBe(200);
      const entries = Object.values((res.json().state as InitialState).has.offer[harbour.id]!);
      expect(entries).toMatchObject([{ name: 'coffee-at-pier', offerId: offer.id, type: 'offer' }]);
    });

    it('answers 400 with the form messages, 409 for a taken name, and keeps the state', async () => {
      const { gameId, harbour, archetype } = await world();
      const empty = await request('POST', `/api/design/${gameId}/initialStates/current`, { name: ' ', type: 'object' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual({
        name: 'System name is required',
        sceneId: 'Select a scene',
        archetypeId: 'Select an object type',
      });
      const unknown = await request(
        'POST',
        `/api/design/${gameId}/initialStates/current`,
        worldObjectValues({ sceneId: 'no-such-scene', archetypeId: 'no-such-type' }),
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual({ sceneId: 'Select a scene', archetypeId: 'Select an object type' });

      const values = worldObjectValues({ sceneId: harbour.id, archetypeId: archetype.id }, { name: 'crate-1' });
      expect((await request('POST', `/api/design/${gameId}/initialStates/current`, values)).statusCode).toBe(200);
      const taken = await request('POST', `/api/design/${gameId}/initialStates/current`, {
        ...values,
        name: 'CRATE-1',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors).toEqual({ name: 'Name already exists' });
      const state = (await request('GET', `/api/design/${gameId}/initialStates/current`)).json().state as InitialState;
      expect(Object.values(state.has.object[harbour.id]!)).toHaveLength(1);
    });

    it('needs the edit right, and respects the object lock', async () => {
      const { gameId, harbour, archetype } = await world();
      const values = worldObjectValues({ sceneId: harbour.id, archetypeId: archetype.id });
      expect(
        (await request('GET', `/api/design/${gameId}/initialStates/current`, undefined, outsider)).statusCode,
      ).toBe(200);
      expect((await request('POST', `/api/design/${gameId}/initialStates/current`, values, outsider)).statusCode).toBe(
        403,
      );

      const state = (await request('POST', `/api/design/${gameId}/initialStates/current`, values)).json()
        .state as InitialState;
      const [entry] = Object.values(state.has.object[harbour.id]!);
      await request('POST', '/api/design/cc', { gameId, kind: 'object', id: entry!.id }, coDesigner);
      const locked = await request('POST', `/api/design/${gameId}/initialStates/current`, { ...entry, name: 'mine' });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().message).toBe(LOCK_MESSAGES.heldByOther);
      const deleteLocked = await request(
        'DELETE',
        `/api/design/${gameId}/initialStates/current/state.has.object/${harbour.id}/${entry!.id}`,
      );
      expect(deleteLocked.statusCode).toBe(409);
    });
  });

  describe('#initialStates.delete', () => {
    it('removes an object or offer by path, scene and id; 404 when it is not there', async () => {
      const { gameId, harbour, archetype } = await world();
      const state = (
        await request(
          'POST',
          `/api/design/${gameId}/initialStates/current`,
          worldObjectValues({ sceneId: harbour.id, archetypeId: archetype.id }),
        )
      ).json().state as InitialState;
      const [entry] = Object.values(state.has.object[harbour.id]!);
      const url = `/api/design/${gameId}/initialStates/current/state.has.object/${harbour.id}/${entry!.id}`;
      const res = await request('DELETE', url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ state: { has: { object: {}, offer: {} } } });
      expect((await request('DELETE', url)).statusCode).toBe(404);
      expect(
        (await request('DELETE', `/api/design/${gameId}/initialStates/current/state.has.nothing/${harbour.id}/x`))
          .statusCode,
      ).toBe(400);
    });
  });

  describe('#initialStates.versions', () => {
    it('reads a published version’s own world and refuses to change it', async () => {
      const { gameId, harbour, archetype } = await world();
      const values = worldObjectValues({ sceneId: harbour.id, archetypeId: archetype.id }, { name: 'crate-1' });
      await request('POST', `/api/design/${gameId}/initialStates/current`, values);
      const published = await request('POST', `/api/design/${gameId}/gameVersions`, { versionNotes: 'v1' });
      expect(published.statusCode).toBe(201);
      const versionId = published.json().id as string;
      await request('POST', `/api/design/${gameId}/initialStates/current`, {
        ...values,
        name: 'crate-2',
        id: undefined,
      });

      const old = (await request('GET', `/api/design/${gameId}/initialStates/${versionId}`)).json()
        .state as InitialState;
      expect(Object.values(old.has.object[harbour.id]!).map((entry) => entry.name)).toEqual(['crate-1']);
      const current = (await request('GET', `/api/design/${gameId}/initialStates/current`)).json()
        .state as InitialState;
      expect(
        Object.values(current.has.object[harbour.id]!)
          .map((entry) => entry.name)
          .sort(),
      ).toEqual(['crate-1', 'crate-2']);

      const refused = await request('POST', `/api/design/${gameId}/initialStates/${versionId}`, values);
      expect(refused.statusCode).toBe(409);
      const [entry] = Object.values(old.has.object[harbour.id]!);
      expect(
        (
          await request(
            'DELETE',
            `/api/design/${gameId}/initialStates/${versionId}/state.has.object/${harbour.id}/${entry!.id}`,
          )
        ).statusCode,
      ).toBe(409);
      expect((await request('GET', `/api/design/${gameId}/initialStates/not-a-version`)).statusCode).toBe(404);
      // The working version may also be named by its id.
      const working = await workingVersionOf(t.app.ctx, gameId);
      expect(
        (
          await request('POST', `/api/design/${gameId}/initialStates/${working.id}`, {
            ...values,
            name: 'crate-3',
            id: undefined,
          })
        ).statusCode,
      ).toBe(200);
    });
  });

  describe('#initialStateSpecs', () => {
    it('lists the scenes, object types and offers the forms pick from', async () => {
      const { gameId, harbour, lighthouse, archetype, offer, medium } = await world();
      const res = await request('GET', `/api/design/${gameId}/initialStateSpecs/current`);
      expect(res.statusCode).toBe(200);
      const specs = res.json();
      expect(specs.scenes).toEqual([
        {
          id: harbour.id,
          name: 'Harbour',
          title: 'The harbour',
          center: { latitude: 35.5, longitude: 24 },
          radius: 100,
          universe: false,
        },
        expect.objectContaining({ id: lighthouse.id, name: 'Lighthouse', center: { latitude: 35.6, longitude: 24.1 } }),
      ]);
      expect(specs.archetypes).toEqual([
        {
          id: archetype.id,
          name: 'Crate',
          title: 'Crate',
          payloadSpec: archetype.payloadSpec,
          iconUri: `/api/design/medias/thumb/${medium.id}?width=50&square=1`,
          moderated: false,
        },
      ]);
      expect(specs.offers).toMatchObject([{ id: offer.id, name: 'Coffee', title: 'Free coffee', quantity: 10 }]);

      const published = await request('POST', `/api/design/${gameId}/gameVersions`, {});
      await request('DELETE', `/api/design/${gameId}/offers/${offer.id}`);
      const old = await request('GET', `/api/design/${gameId}/initialStateSpecs/${published.json().id}`);
      expect(old.json().offers).toMatchObject([{ id: offer.id }]);
      expect((await request('GET', `/api/design/${gameId}/initialStateSpecs/current`)).json().offers).toEqual([]);
    });
  });
});
