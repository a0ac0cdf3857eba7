import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_MESSAGES, GAME_MESSAGES, OPERATION_MESSAGES, worldStateKey, type FullInstance } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame, createMedia } from '../../test/game-factories.js';
import { createEntity, designValues, worldObjectValues } from '../../test/design-factories.js';
import { createInstance } from '../../test/instance-factories.js';

describe('operating an instance’s world', () => {
  let t: TestApp;
  let owner: TestUser;
  let outsider: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    outsider = await createUser(t.app.ctx, { role: 'designer' });
    bob = await createUser(t.app.ctx, { name: 'Bob' });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user: TestUser = owner, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: user.headers,
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    });

  /** A game with a scene, an object type, a moderated one and an offer, and an instance of its working version. */
  async function world() {
    const game = await createGame(t.app.ctx, owner);
    const gameId = game.row.id;
    const medium = await createMedia(t.app.ctx, gameId);
    const refs = { mediaId: medium.id };
    const scene = await createEntity(t.app, owner, gameId, 'scene', designValues('scene', refs, { name: 'Harbour' }));
    const crate = await createEntity(
      t.app,
      owner,
      gameId,
      'archetype',
      designValues('archetype', refs, { name: 'Crate' }),
    );
    const photo = await createEntity(
      t.app,
      owner,
      gameId,
      'archetype',
      designValues('archetype', refs, { name: 'Photo', moderated: true }),
    );
    const coffee = await createEntity(t.app, owner, gameId, 'offer', designValues('offer', refs, { name: 'Coffee' }));
    const { instance } = await createInstance(t.app.ctx, { gameId, players: [bob] });
    return { gameId, scene, crate, photo, coffee, instance };
  }

  const update = (instanceId: string, body: unknown, user = owner) =>
    call('POST', `/api/instances/${instanceId}/updateWorldStateItem`, user, body);

  it('adds an object, then edits it in place', async () => {
    const { scene, crate, instance } = await world();
    const res = await update(
      instance.id,
      worldObjectValues({ sceneId: scene.id, archetypeId: crate.id }, { name: 'crate-1' }),
    );
    expect(res.statusCode).toBe(200);
    const objects = Object.values(
      (res.json() as FullInstance).state.worldState.objects as Record<string, Record<string, unknown>>,
    );
    expect(objects).toHaveLength(1);
    const object = objects[0]!;
    expect(object).toMatchObject({
      name: 'crate-1',
      type: 'object',
      archetypeId: crate.id,
      sceneId: scene.id,
      payload: { label: 'Fish crate' },
      location: { latitude: 35.5172, longitude: 24.0183 },
      approved: true,
      owner: null,
    });

    const edited = await update(
      instance.id,
      worldObjectValues(
        { sceneId: scene.id, archetypeId: crate.id },
        { id: object.id, name: 'crate-1', payload: { label: 'Empty' } },
      ),
    );
    const after = (edited.json() as FullInstance).state.worldState.objects as Record<string, Record<string, unknown>>;
    expect(Object.keys(after)).toEqual([object.id]);
    expect(after[object.id as string]).toMatchObject({ payload: { label: 'Empty' }, createdWhen: object.createdWhen });
    expect((edited.json() as FullInstance).state.worldState.revision).toBeGreaterThan(0);
  });

  it('keeps a moderated object unapproved until an operator approves it', async () => {
    const { scene, photo, instance } = await world();
    const values = worldObjectValues({ sceneId: scene.id, archetypeId: photo.id }, { name: 'photo-1' });
    const added = (await update(instance.id, values)).json() as FullInstance;
    const [object] = Object.values(added.state.worldState.objects as Record<string, { id: string; approved: boolean }>);
    expect(object!.approved).toBe(false);
    const approved = (await update(instance.id, { ...values, id: object!.id, approved: true })).json() as FullInstance;
    expect((approved.state.worldState.objects as Record<string, { approved: boolean }>)[object!.id]!.approved).toBe(
      true,
    );
  });

  it('adds an offer with the offer’s quantity unless the form sets one', async () => {
    const { scene, coffee, instance } = await world();
    const offer = (quantity?: number) => ({
      name: `coffee-${quantity ?? 'default'}`,
      sceneId: scene.id,
      offerId: coffee.id,
      type: 'offer',
      payload: { label: 'Coffee' },
      lat: '35.51',
      lng: '24.01',
      ...(quantity === undefined ? {} : { quantity }),
    });
    await update(instance.id, offer());
    const res = await update(instance.id, offer(3));
    const offers = Object.values(
      (res.json() as FullInstance).state.worldState.offers as Record<string, Record<string, unknown>>,
    );
    expect(offers.map((entry) => [entry.name, entry.quantity]).sort()).toEqual([
      ['coffee-3', 3],
      ['coffee-default', 10],
    ]);
    expect(offers[0]).toMatchObject({ type: 'offer', location: { latitude: 35.51, longitude: 24.01 } });
  });

  it('answers field errors for a form that does not fit the instance’s game', async () => {
    const { scene, crate, instance } = await world();
    const noName = await update(
      instance.id,
      worldObjectValues({ sceneId: scene.id, archetypeId: crate.id }, { name: '' }),
    );
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toMatchObject({ name: DESIGN_MESSAGES.systemNameRequired });
    const unknown = await update(instance.id, worldObjectValues({ sceneId: 'nowhere', archetypeId: 'nothing' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      sceneId: DESIGN_MESSAGES.selectScene,
      archetypeId: DESIGN_MESSAGES.selectObjectType,
    });
    const noPayload = await update(
      instance.id,
      worldObjectValues({ sceneId: scene.id, archetypeId: crate.id }, { payload: {} }),
    );
    expect(noPayload.statusCode).toBe(400);
    expect(noPayload.json().errors).toHaveProperty(['payload.label']);
    expect((await update(instance.id, [1, 2])).statusCode).toBe(400);
  });

  it('refuses a latitude, a longitude or a quantity out of range, as the world form does', async () => {
    const { scene, crate, coffee, instance } = await world();
    const res = await update(instance.id, {
      name: 'coffee-far',
      sceneId: scene.id,
      offerId: coffee.id,
      type: 'offer',
      payload: { label: 'Coffee' },
      location: { latitude: 95, longitude: 400 },
      quantity: 1e300,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'location.latitude': GAME_MESSAGES.latitudeRange,
      'location.longitude': GAME_MESSAGES.longitudeRange,
      quantity: DESIGN_MESSAGES.wholeNumber,
    });
    const flat = await update(instance.id, {
      ...worldObjectValues({ sceneId: scene.id, archetypeId: crate.id }),
      location: undefined,
      lat: -1e308,
      lng: 1e308,
    });
    expect(flat.json().errors).toMatchObject({ lat: GAME_MESSAGES.latitudeRange, lng: GAME_MESSAGES.longitudeRange });
  });

  it('deletes an object or an offer by its key', async () => {
    const { scene, crate, instance } = await world();
    const added = (
      await update(instance.id, worldObjectValues({ sceneId: scene.id, archetypeId: crate.id }))
    ).json() as FullInstance;
    const [id] = Object.keys(added.state.worldState.objects as Record<string, unknown>);
    const key = worldStateKey('object', scene.id, id!);
    const url = `/api/instances/${instance.id}/deleteWorldStateItem/${encodeURIComponent(key)}`;
    expect((await call('DELETE', url, outsider)).statusCode).toBe(403);
    const res = await call('DELETE', url);
    expect(res.statusCode).toBe(200);
    expect((res.json() as FullInstance).state.worldState.objects).toEqual({});
    const again = await call('DELETE', url);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: OPERATION_MESSAGES.worldItemNotFound });
    const bad = await call('DELETE', `/api/instances/${instance.id}/deleteWorldStateItem/has.thing.x.y`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ key: OPERATION_MESSAGES.badWorldItemKey });
  });

  it('is for managers only', async () => {
    const { scene, crate, instance } = await world();
    const values = worldObjectValues({ sceneId: scene.id, archetypeId: crate.id });
    expect((await update(instance.id, values, outsider)).statusCode).toBe(403);
    expect((await update(instance.id, values, bob)).statusCode).toBe(403);
    expect((await update('00000000-0000-4000-8000-000000000000', values)).statusCode).toBe(404);
  });
});
