import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignEntity } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame } from '../../test/game-factories.js';
import { createEntity, designValues } from '../../test/design-factories.js';
import { publishVersionOf, startedInstance } from '../../test/play-factories.js';

describe('scene order', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    other = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(() => t.close());

  const order = (gameId: string, ids: string[], user = owner) =>
    t.app.inject({ method: 'PUT', url: `/api/design/${gameId}/scenes/order`, headers: user.headers, payload: { ids } });
  const names = async (gameId: string) => {
    const res = await t.app.inject({ url: `/api/design/${gameId}/scenes`, headers: owner.headers });
    return (res.json() as DesignEntity[]).map((scene) => scene.name);
  };

  async function gameWithScenes() {
    const gameId = (await createGame(t.app.ctx, owner)).row.id;
    const scene = (name: string, overrides = {}) =>
      createEntity(t.app, owner, gameId, 'scene', designValues('scene', {}, { name, ...overrides }));
    const epilogue = await scene('Epilogue');
    const alpha = await scene('Alpha harbour');
    const universe = await scene('Everywhere', { universe: true });
    const prologue = await scene('Prologue');
    return { gameId, epilogue, alpha, universe, prologue };
  }

  it('lists scenes in the order they were made, then in the order the designer sets', async () => {
    const { gameId, epilogue, alpha, universe, prologue } = await gameWithScenes();
    expect(await names(gameId)).toEqual(['Epilogue', 'Alpha harbour', 'Everywhere', 'Prologue']);

    const res = await order(gameId, [universe.id, prologue.id, alpha.id, epilogue.id]);
    expect(res.statusCode).toBe(200);
    expect((res.json() as DesignEntity[]).map((scene) => [scene.name, scene.idx])).toEqual([
      ['Everywhere', 1],
      ['Prologue', 2],
      ['Alpha harbour', 3],
      ['Epilogue', 4],
    ]);
    expect(await names(gameId)).toEqual(['Everywhere', 'Prologue', 'Alpha harbour', 'Epilogue']);
  });

  it('refuses an order that does not list every scene exactly once (400 with a field error), and keeps the order', async () => {
    const { gameId, epilogue, alpha, universe, prologue } = await gameWithScenes();
    for (const ids of [
      [alpha.id, epilogue.id, universe.id],
      [alpha.id, alpha.id, epilogue.id, universe.id, prologue.id],
      [alpha.id, epilogue.id, universe.id, 'not-a-scene'],
    ]) {
      const res = await order(gameId, ids);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: { ids: 'List every scene of the game exactly once' } });
    }
    expect(await names(gameId)).toEqual(['Epilogue', 'Alpha harbour', 'Everywhere', 'Prologue']);
  });

  it('lets only the game’s editors order its scenes', async () => {
    const { gameId, epilogue, alpha, universe, prologue } = await gameWithScenes();
    const res = await order(gameId, [prologue.id, alpha.id, epilogue.id, universe.id], other);
    expect(res.statusCode).toBe(403);
  });

  it('the published game starts in the first enabled non-universe scene of the order', async () => {
    const { gameId, epilogue, alpha, universe, prologue } = await gameWithScenes();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/design/${gameId}/scenes/${prologue.id}`,
      headers: owner.headers,
      payload: { ...designValues('scene', {}, { name: 'Prologue' }), enabled: false },
    });
    await order(gameId, [universe.id, prologue.id, alpha.id, epilogue.id]);
    await publishVersionOf(t.app, owner, gameId);
    const started = await startedInstance(t.app, owner, gameId);
    expect(started.outputs).toContainEqual(expect.objectContaining({ action: 'goToScene', sceneId: alpha.id }));
  });
});
