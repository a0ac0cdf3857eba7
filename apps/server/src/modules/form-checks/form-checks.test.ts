import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame, gameFormValues } from '../../test/game-factories.js';
import { createEntity, designRequest, designValues, worldObjectValues } from '../../test/design-factories.js';

describe('#formChecks.asyncValidateForm', () => {
  let t: TestApp;
  let owner: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    outsider = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(() => t.close());

  const validate = (gameId: string, body: unknown, user = owner) =>
    designRequest(t.app, user, 'POST', `/api/design/utils/asyncValidateForm?gameId=${gameId}`, body);

  it('reports a name taken by another element of the same kind, by kind or path segment', async () => {
    const game = await createGame(t.app.ctx, owner);
    const gameId = game.row.id;
    const milestone = await createEntity(
      t.app,
      owner,
      gameId,
      'milestone',
      designValues('milestone', {}, { name: 'Key found' }),
    );

    for (const activeForm of ['milestone', 'milestones']) {
      const res = await validate(gameId, {
        values: { ...designValues('milestone'), name: 'KEY FOUND' },
        activeForm,
        blurredField: 'name',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: false, errors: { name: 'Name already exists' } });
    }
    // The milestone itself may keep its name; another kind may use it.
    const own = await validate(gameId, { values: milestone, activeForm: 'milestone', blurredField: 'name' });
    expect(own.json()).toEqual({ success: true, errors: {} });
    const otherKind = await validate(gameId, {
      values: { ...designValues('item'), name: 'Key found' },
      activeForm: 'items',
      blurredField: 'name',
    });
    expect(otherKind.json()).toEqual({ success: true, errors: {} });
  });

  it('validates the whole form without blurredField, only the blurred field with it', async () => {
    const game = await createGame(t.app.ctx, owner);
    const values = { ...designValues('character'), name: 'Nikos', title: '' };
    const whole = await validate(game.row.id, { values, activeForm: 'character' });
    expect(whole.statusCode).toBe(200);
    expect(whole.json()).toEqual({ success: false, errors: { title: 'Required' } });
    const nameOnly = await validate(game.row.id, { values, activeForm: 'npc', blurredField: 'name' });
    expect(nameOnly.json()).toEqual({ success: true, errors: {} });
    const ok = await validate(game.row.id, { values: designValues('character'), activeForm: 'characters' });
    expect(ok.json()).toEqual({ success: true, errors: {} });
  });

  it('checks the game settings form and world objects', async () => {
    const game = await createGame(t.app.ctx, owner);
    const settings = await validate(game.row.id, { values: { ...gameFormValues(), title: '' }, activeForm: 'game' });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().success).toBe(false);
    expect(settings.json().errors.title).toBeDefined();

    const scene = await createEntity(t.app, owner, game.row.id, 'scene', designValues('scene'));
    const archetype = await createEntity(t.app, owner, game.row.id, 'archetype', designValues('archetype'));
    const placed = await designRequest(
      t.app,
      owner,
      'POST',
      `/api/design/${game.row.id}/initialStates/current`,
      worldObjectValues({ sceneId: scene.id, archetypeId: archetype.id }, { name: 'crate-1' }),
    );
    expect(placed.statusCode).toBe(200);
    const taken = await validate(game.row.id, {
      values: worldObjectValues({ sceneId: scene.id, archetypeId: archetype.id }, { name: 'crate-1' }),
      activeForm: 'object',
      blurredField: 'name',
    });
    expect(taken.json()).toEqual({ success: false, errors: { name: 'Name already exists' } });
    const empty = await validate(game.row.id, {
      values: { name: '', sceneId: '', archetypeId: '' },
      activeForm: 'object',
    });
    expect(empty.json()).toEqual({
      success: false,
      errors: { name: 'System name is required', sceneId: 'Select a scene', archetypeId: 'Select an object type' },
    });
    const payload = await validate(game.row.id, {
      values: worldObjectValues({ sceneId: scene.id, archetypeId: archetype.id }, { name: 'crate-2', payload: {} }),
      activeForm: 'object',
    });
    expect(payload.json()).toEqual({ success: false, errors: { 'payload.label': 'Required' } });
    const offer = await validate(game.row.id, {
      values: { name: 'crate-1', sceneId: scene.id },
      activeForm: 'offerObject',
    });
    expect(offer.json()).toEqual({ success: false, errors: { offerId: 'Select an object type' } });
  });

  it('answers 400 only for a malformed request, and needs the view right', async () => {
    const game = await createGame(t.app.ctx, owner);
    expect((await validate(game.row.id, { values: {}, activeForm: 'spaceship' })).statusCode).toBe(400);
    expect((await validate(game.row.id, { values: 'nope', activeForm: 'item' })).statusCode).toBe(400);
    const noGame = await designRequest(t.app, owner, 'POST', '/api/design/utils/asyncValidateForm', {
      values: {},
      activeForm: 'item',
    });
    expect(noGame.statusCode).toBe(400);
    expect((await validate(game.row.id, { values: {}, activeForm: 'item' }, outsider)).statusCode).toBe(403);
  });
});
