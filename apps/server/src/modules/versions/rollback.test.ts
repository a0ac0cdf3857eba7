import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeVersionChange,
  type DesignEntity,
  type DesignGameVersion,
  type RollbackSnapshot,
  type TranslationTable,
  type VersionDiff,
} from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame } from '../../test/game-factories.js';
import { createBasicDesign, createEntity, designRequest, designValues } from '../../test/design-factories.js';

describe('compare and roll back versions', () => {
  let t: TestApp;
  let owner: TestUser;
  let coDesigner: TestUser;
  let viewer: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
    coDesigner = await createUser(t.app.ctx, { role: 'designer', name: 'Costas Codesigner' });
    viewer = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(() => t.close());

  const request = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, user = owner) =>
    designRequest(t.app, user, method, url, body);

  async function publish(gameId: string): Promise<DesignGameVersion> {
    const res = await request('POST', `/api/design/${gameId}/gameVersions`, {});
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as DesignGameVersion;
  }
  async function rename(gameId: string, segment: string, entity: DesignEntity, name: string) {
    const res = await request('PATCH', `/api/design/${gameId}/${segment}/${entity.id}`, { ...entity, name });
    expect(res.statusCode, res.body).toBe(200);
  }
  async function names(gameId: string, segment: string): Promise<string[]> {
    return ((await request('GET', `/api/design/${gameId}/${segment}`)).json() as DesignEntity[]).map((e) => e.name);
  }

  /** A game with version 1 published, then its scene renamed and an item added in the working copy. */
  async function gameWithTwoStates() {
    const game = await createGame(t.app.ctx, owner, {
      publicAccess: 'view',
      additionalDesignersEmailsText: coDesigner.user.email,
    });
    const gameId = game.row.id;
    const design = await createBasicDesign(t.app, owner, gameId);
    const v1 = await publish(gameId);
    await rename(gameId, 'scenes', design.scene, 'Old port');
    const item = await createEntity(t.app, owner, gameId, 'item', designValues('item', {}, { name: 'Brass key' }));
    return { gameId, design, v1, item };
  }

  it('compares a version with the working copy and two versions, in words', async () => {
    const { gameId, design, v1 } = await gameWithTwoStates();
    const res = await request('GET', `/api/design/${gameId}/gameVersions/${v1.id}/compare/current`);
    expect(res.statusCode, res.body).toBe(200);
    const diff = res.json() as VersionDiff;
    expect(diff.counts).toEqual({ added: 1, removed: 0, changed: 1 });
    expect(diff.changes.flatMap(describeVersionChange)).toEqual([
      `Scene 'Old port': name changed from '${design.scene.name}' to 'Old port'`,
      "Item 'Brass key' added",
    ]);
    const v2 = await publish(gameId);
    const back = (
      await request('GET', `/api/design/${gameId}/gameVersions/${v2.id}/compare/${v1.id}`)
    ).json() as VersionDiff;
    expect(back.counts).toEqual({ added: 0, removed: 1, changed: 1 });
    expect((await request('GET', `/api/design/${gameId}/gameVersions/${v2.id}/compare/current`)).json()).toMatchObject({
      changes: [],
    });
  });

  it('refuses to compare without the edit right (403) and an unknown version (404)', async () => {
    const { gameId, v1 } = await gameWithTwoStates();
    expect(
      (await request('GET', `/api/design/${gameId}/gameVersions/${v1.id}/compare/current`, undefined, viewer))
        .statusCode,
    ).toBe(403);
    expect((await request('GET', `/api/design/${gameId}/gameVersions/${v1.id}/compare/nope`)).statusCode).toBe(404);
  });

  it('rolls the working copy back to an old version, and undoes the roll back', async () => {
    const { gameId, design, v1 } = await gameWithTwoStates();
    const res = await request('POST', `/api/design/${gameId}/gameVersions/${v1.id}/rollback`);
    expect(res.statusCode, res.body).toBe(200);
    const snapshot = res.json() as RollbackSnapshot;
    expect(snapshot).toMatchObject({ gameId, versionId: v1.id, version: 1 });
    // The working copy is version 1 again: the scene's old name, no item, the rule kept.
    expect(await names(gameId, 'scenes')).toEqual([design.scene.name]);
    expect(await names(gameId, 'items')).toEqual([]);
    expect(await names(gameId, 'rules')).toEqual([design.rule.name]);
    expect((await request('GET', `/api/design/${gameId}/gameVersions/${v1.id}/compare/current`)).json()).toMatchObject({
      changes: [],
    });
    expect((await request('GET', `/api/design/${gameId}/rollbacks`)).json()).toEqual([snapshot]);

    const undo = await request('POST', `/api/design/${gameId}/rollbacks/${snapshot.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await names(gameId, 'scenes')).toEqual(['Old port']);
    expect(await names(gameId, 'items')).toEqual(['Brass key']);
    // Undone once: the snapshot is spent.
    expect((await request('GET', `/api/design/${gameId}/rollbacks`)).json()).toEqual([]);
    expect((await request('POST', `/api/design/${gameId}/rollbacks/${snapshot.id}/undo`)).statusCode).toBe(404);
  });

  it('rolls the translations back with the texts, and brings them back on undo', async () => {
    const game = await createGame(t.app.ctx, owner, { otherLanguages: ['de'] });
    const gameId = game.row.id;
    const design = await createBasicDesign(t.app, owner, gameId);
    const sceneTitle = `scene:${design.scene.id}:title`;
    const translate = async (texts: Record<string, string>) => {
      const res = await request('PATCH', `/api/design/${gameId}/translations/de`, { texts });
      expect(res.statusCode, res.body).toBe(200);
    };
    const german = async () => {
      const rows = ((await request('GET', `/api/design/${gameId}/translations/de`)).json() as TranslationTable).rows;
      return Object.fromEntries(rows.filter((row) => row.translation !== '').map((row) => [row.id, row.state]));
    };
    const translation = async (id: string) =>
      ((await request('GET', `/api/design/${gameId}/translations/de`)).json() as TranslationTable).rows.find(
        (row) => row.id === id,
      )?.translation;
    await translate({ [sceneTitle]: 'Der alte Hafen' });
    const v1 = await publish(gameId);
    // Since version 1: the scene's German changed, the game's title translated, and the scene retitled (its German
    // is then marked changed).
    await translate({ [sceneTitle]: 'Am Hafen', 'game:title': 'Das Spiel' });
    await request('PATCH', `/api/design/${gameId}/scenes/${design.scene.id}`, { ...design.scene, title: 'New port' });
    const before = await german();
    expect(before).toEqual({ [sceneTitle]: 'changed', 'game:title': 'done' });

    const res = await request('POST', `/api/design/${gameId}/gameVersions/${v1.id}/rollback`);
    expect(res.statusCode, res.body).toBe(200);
    // Version 1's German: the scene's old translation, done against its old title; the game's title is its
    // settings', which a roll back leaves, and so is its German.
    expect(await german()).toEqual({ [sceneTitle]: 'done', 'game:title': 'done' });
    expect(await translation(sceneTitle)).toBe('Der alte Hafen');
    // Compared with version 1, only the game's German title differs.
    const diff = (await request('GET', `/api/design/${gameId}/gameVersions/${v1.id}/compare/current`)).json();
    expect(diff.changes.flatMap(describeVersionChange)).toEqual([
      "Game settings 'German translation': game · title changed from nothing to 'Das Spiel'",
    ]);

    const undo = await request('POST', `/api/design/${gameId}/rollbacks/${(res.json() as RollbackSnapshot).id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await german()).toEqual(before);
    expect(await translation(sceneTitle)).toBe('Am Hafen');
    expect(await translation('game:title')).toBe('Das Spiel');
  });

  it('refuses a roll back with 409 naming the entity another editor has locked, and goes ahead once released', async () => {
    const { gameId, design, v1 } = await gameWithTwoStates();
    const lock = await t.app.inject({
      method: 'POST',
      url: '/api/design/cc',
      headers: coDesigner.headers,
      payload: { gameId, kind: 'scene', id: design.scene.id },
    });
    expect(lock.statusCode, lock.body).toBe(200);
    const refused = await request('POST', `/api/design/${gameId}/gameVersions/${v1.id}/rollback`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message:
        "Cannot roll back: Scene 'Old port' is being edited by Costas Codesigner. Please wait until they are done.",
      locked: { kind: 'scene', id: design.scene.id, name: 'Old port' },
    });
    expect(await names(gameId, 'scenes')).toEqual(['Old port']);
    // A lock on an entity the roll back leaves alone does not stop it; nor does the caller's own lock.
    await t.app.inject({
      method: 'DELETE',
      url: '/api/design/cc',
      headers: coDesigner.headers,
      payload: { gameId, kind: 'scene', id: design.scene.id },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/design/cc',
      headers: coDesigner.headers,
      payload: { gameId, kind: 'rule', id: design.rule.id },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/design/cc',
      headers: owner.headers,
      payload: { gameId, kind: 'scene', id: design.scene.id },
    });
    expect((await request('POST', `/api/design/${gameId}/gameVersions/${v1.id}/rollback`)).statusCode).toBe(200);
  });

  it('refuses rolling back to the working version, without the edit right, or by a co-designer to nothing', async () => {
    const { gameId, v1 } = await gameWithTwoStates();
    expect((await request('POST', `/api/design/${gameId}/gameVersions/current/rollback`)).statusCode).toBe(409);
    expect(
      (await request('POST', `/api/design/${gameId}/gameVersions/${v1.id}/rollback`, undefined, viewer)).statusCode,
    ).toBe(403);
    expect((await request('GET', `/api/design/${gameId}/rollbacks`, undefined, viewer)).statusCode).toBe(403);
    expect((await request('POST', `/api/design/${gameId}/rollbacks/not-an-id/undo`)).statusCode).toBe(404);
    // A co-designer has the edit right.
    expect(
      (await request('POST', `/api/design/${gameId}/gameVersions/${v1.id}/rollback`, undefined, coDesigner)).statusCode,
    ).toBe(200);
  });
});
