import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  SOCKET_EVENTS,
  worldStateKey,
  type AuditEntry,
  type FullInstance,
  type PlayerView,
  type RescueAction,
} from '@loci/domain';
import type { Output } from '@loci/engine';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame, createMedia } from '../../test/game-factories.js';
import { createBasicDesign, createEntity, designValues, ruleValues } from '../../test/design-factories.js';
import { createInstance } from '../../test/instance-factories.js';
import { connectSocket, nextEvent } from '../../test/sockets.js';
import { loadInstanceState } from '../runtime/instance-rows.js';

/** Operators rescue a player: rights, validation, the audit row, the live push and the rules that react. */
describe('rescuing a player', () => {
  let t: TestApp;
  let owner: TestUser;
  let bob: TestUser;
  let stranger: TestUser;
  let gameId: string;
  let refs: { sceneId: string; otherSceneId: string; keyId: string; ruleId: string; interactionId: string };
  let missionId: string;
  let milestoneId: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    owner = await createUser(t.app.ctx, { role: 'designer' });
    bob = await createUser(t.app.ctx, { name: 'Bob' });
    stranger = await createUser(t.app.ctx, { role: 'designer', name: 'Stranger' });
    gameId = (await createGame(t.app.ctx, owner)).row.id;
    const mediaId = (await createMedia(t.app.ctx, gameId)).id;
    const design = await createBasicDesign(t.app, owner, gameId, { mediaId });
    const far = { lat: 36.2, lng: 25.1 };
    const other = await createEntity(t.app, owner, gameId, 'scene', designValues('scene', { mediaId }, far));
    const key = await createEntity(t.app, owner, gameId, 'item', designValues('item', { mediaId }, { title: 'Key' }));
    // Owning the key reaches a milestone, whose rule opens the door.
    const owned = [
      {
        conditions: [{ conditionType: 'player-item', verb: 'owns', elementId: key.id }],
        andOrConditions: 'and',
        andOrNextBlock: 'or',
      },
    ];
    const keyMilestone = await createEntity(t.app, owner, gameId, 'milestone', {
      ...designValues('milestone', {}),
      condition: owned,
    });
    const unlock = ruleValues(
      { sceneId: design.scene.id, locationId: design.location.id, interactionId: design.interaction.id },
      {
        trigger: { conditionType: 'milestone', verb: 'has_reached', elementId: keyMilestone.id },
        sideeffects: [
          { actorId: 'system', actionName: 'showNotification', actionArgs: { msg: 'The door opens' }, notify: false },
        ],
      },
    );
    await createEntity(t.app, owner, gameId, 'rule', unlock);
    missionId = (
      await createEntity(t.app, owner, gameId, 'mission', designValues('mission', { mediaId, sceneId: other.id }))
    ).id;
    milestoneId = (
      await createEntity(t.app, owner, gameId, 'milestone', designValues('milestone', { sceneId: other.id }))
    ).id;
    refs = {
      sceneId: design.scene.id,
      otherSceneId: other.id,
      keyId: key.id,
      ruleId: design.rule.id,
      interactionId: design.interaction.id,
    };
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  const started = () => createInstance(t.app.ctx, { gameId, players: [bob], sceneId: refs.sceneId });
  const rescue = (instanceId: string, body: unknown, user = owner, playerId = bob.user.id) =>
    t.app.inject({
      method: 'POST',
      url: `/api/manage/instances/${instanceId}/players/${playerId}/rescue`,
      headers: user.headers,
      payload: body as Record<string, unknown>,
    });
  const bobOf = async (instanceId: string) =>
    (await loadInstanceState(t.app.ctx, instanceId))!.state.players[bob.user.id]!;

  it('gives an item with a reason: the rule that waits for it fires, Bob’s phone is told, the audit has before → after', async () => {
    const { instance } = await started();
    const phone = await connectSocket(t, bob.token);
    sockets.push(phone);
    const pushed = nextEvent<{ instanceId: string; outputs: Output[]; view: PlayerView }>(phone, SOCKET_EVENTS.outputs);
    const give: RescueAction = { kind: 'give', assetId: refs.keyId, count: 1 };
    const answer = await rescue(instance.id, { actions: [give], reason: 'Lost the key to a bug' });
    expect(answer.statusCode).toBe(200);
    const entry = answer.json().entry as AuditEntry;
    expect(entry).toMatchObject({
      kind: 'rescue',
      playerId: bob.user.id,
      playerName: 'Bob',
      actorId: owner.user.id,
      actorName: owner.user.name,
      reason: 'Lost the key to a bug',
      what: [give],
    });
    expect(entry.changes).toContainEqual({ path: `items.${refs.keyId}`, before: null, after: 1 });
    const messages = (await pushed).outputs.map((output) => output.message);
    expect(messages).toEqual(['+1 Key', 'The door opens']);
    expect((await bobOf(instance.id)).items[refs.keyId]).toBe(1);

    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/manage/instances/${instance.id}/audit`,
      headers: owner.headers,
    });
    expect(audit.json().entries).toEqual([entry]);
  });

  it.each<[string, (instanceId: string) => RescueAction, (player: Awaited<ReturnType<typeof bobOf>>) => unknown]>([
    ['take', () => ({ kind: 'take', assetId: refs.keyId, count: 1 }), (player) => player.items[refs.keyId]],
    ['scene', () => ({ kind: 'scene', sceneId: refs.otherSceneId }), (player) => player.currentSceneId],
    ['assignMission', () => ({ kind: 'assignMission', missionId }), (player) => Boolean(player.missions[missionId])],
    [
      'completeMission',
      () => ({ kind: 'completeMission', missionId }),
      (player) => typeof player.missions[missionId]?.completedWhen,
    ],
    ['milestone', () => ({ kind: 'milestone', milestoneId }), (player) => Object.keys(player.milestones)],
    ['teleport', () => ({ kind: 'teleport', latitude: 35.6, longitude: 24.1 }), (player) => player.location],
  ])('%s changes the player and is audited', async (kind, actionOf, read) => {
    const { instance } = await started();
    if (kind === 'take')
      await rescue(instance.id, { actions: [{ kind: 'give', assetId: refs.keyId, count: 2 }], reason: 'x' });
    const answer = await rescue(instance.id, { actions: [actionOf(instance.id)], reason: 'Stuck' });
    expect(answer.statusCode).toBe(200);
    expect((answer.json().entry as AuditEntry).changes.length).toBeGreaterThan(0);
    const expected: Record<string, unknown> = {
      take: 1,
      scene: refs.otherSceneId,
      assignMission: true,
      completeMission: 'string',
      milestone: [milestoneId],
      teleport: { latitude: 35.6, longitude: 24.1 },
    };
    expect(read(await bobOf(instance.id))).toEqual(expected[kind]);
  });

  it('re-arms a fireOnce rule and closes a stuck dialog (the phone is pushed its view though nothing is shown)', async () => {
    const { instance } = await started();
    // Bob walks into the location: the fireOnce rule shows its info box, which waits for him.
    const walk = await t.app.inject({
      method: 'POST',
      url: `/api/play/instances/${instance.id}/events`,
      headers: bob.headers,
      payload: { type: 'location', latitude: 35.517, longitude: 24.018 },
    });
    expect(walk.statusCode).toBe(200);
    const before = await bobOf(instance.id);
    expect(before.firedRules[refs.ruleId]).toBe(1);
    expect(before.pending).toHaveLength(1);

    const phone = await connectSocket(t, bob.token);
    sockets.push(phone);
    const pushed = nextEvent<{ view: PlayerView }>(phone, SOCKET_EVENTS.outputs);
    const answer = await rescue(instance.id, {
      actions: [
        { kind: 'closeDialog', index: 0 },
        { kind: 'rearm', ruleId: refs.ruleId },
      ],
      reason: 'The info box froze',
    });
    expect(answer.statusCode).toBe(200);
    expect((await pushed).view.pending).toEqual([]);
    const after = await bobOf(instance.id);
    expect(after.pending).toEqual([]);
    expect(after.firedRules[refs.ruleId]).toBeUndefined();
    const paths = (answer.json().entry as AuditEntry).changes.map((change) => change.path);
    expect(paths).toEqual(expect.arrayContaining(['pending', `firedRules.${refs.ruleId}`]));
  });

  it('answers 400 with field errors, and writes nothing, for bad input', async () => {
    const { instance } = await started();
    const cases: Array<[unknown, string]> = [
      [{ actions: [{ kind: 'give', assetId: 'nope', count: 1 }], reason: 'x' }, 'actions.0.assetId'],
      [{ actions: [{ kind: 'take', assetId: refs.keyId, count: 3 }], reason: 'x' }, 'actions.0.count'],
      [{ actions: [{ kind: 'give', assetId: refs.keyId, count: -1 }], reason: 'x' }, 'actions.0.count'],
      [{ actions: [{ kind: 'give', assetId: refs.keyId, count: 1 }], reason: '  ' }, 'reason'],
      [{ actions: [{ kind: 'give', assetId: refs.keyId, count: 1 }] }, 'reason'],
      [{ actions: [{ kind: 'set', attributeId: 'none', value: 1 }], reason: 'x' }, 'actions.0.attributeId'],
      // Several actions: the one that cannot apply is named by its place, and none of them is applied.
      [
        {
          actions: [
            { kind: 'give', assetId: refs.keyId, count: 1 },
            { kind: 'scene', sceneId: 'nowhere' },
          ],
          reason: 'x',
        },
        'actions.1.sceneId',
      ],
    ];
    for (const [body, field] of cases) {
      const answer = await rescue(instance.id, body);
      expect(answer.statusCode, field).toBe(400);
      expect(Object.keys(answer.json().errors ?? {}), JSON.stringify(answer.json())).toContain(field);
    }
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/manage/instances/${instance.id}/audit`,
      headers: owner.headers,
    });
    expect(audit.json().entries).toEqual([]);
    expect((await bobOf(instance.id)).items).toEqual({});

    // In Greek: the reasons are the catalogue's Greek, with their numbers.
    const greek = await t.app.inject({
      method: 'POST',
      url: `/api/manage/instances/${instance.id}/players/${bob.user.id}/rescue`,
      headers: { ...owner.headers, 'accept-language': 'el' },
      payload: {
        actions: [
          { kind: 'take', assetId: refs.keyId, count: 3 },
          { kind: 'scene', sceneId: 'nowhere' },
        ],
        reason: 'x',
      },
    });
    expect(greek.json().errors).toMatchObject({
      'actions.0.count': 'Ο παίκτης έχει μόνο 0',
      'actions.1.sceneId': 'Άγνωστη σκηνή',
    });
  });

  it('needs the manage right; an unknown player is 404', async () => {
    const { instance } = await started();
    const body = { actions: [{ kind: 'give', assetId: refs.keyId, count: 1 }], reason: 'x' };
    expect((await rescue(instance.id, body, stranger)).statusCode).toBe(403);
    expect((await rescue(instance.id, body, bob)).statusCode).toBe(403);
    expect((await rescue(instance.id, body, owner, stranger.user.id)).statusCode).toBe(404);
    expect((await bobOf(instance.id)).items).toEqual({});
  });

  it('audits an edit of the world, with what changed', async () => {
    const mediaId = (await createMedia(t.app.ctx, gameId)).id;
    const crate = await createEntity(t.app, owner, gameId, 'archetype', designValues('archetype', { mediaId }));
    const { instance } = await started();
    const values = {
      name: 'crate',
      sceneId: refs.sceneId,
      archetypeId: crate.id,
      payload: { label: 'Fish crate' },
      location: { latitude: 35.5172, longitude: 24.0183 },
      type: 'object',
    };
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/instances/${instance.id}/updateWorldStateItem`,
        headers: owner.headers,
        payload,
      });
    const entries = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/manage/instances/${instance.id}/audit`,
          headers: owner.headers,
        })
      ).json().entries as AuditEntry[];

    // A reason that is not text, or too long, is a field error and changes nothing.
    const badReason = await post({ ...values, reason: 42 });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().errors).toHaveProperty('reason');
    expect((await post({ ...values, reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect(await entries()).toEqual([]);

    const edit = await post({ ...values, reason: '  The crate blocked the pier  ' });
    expect(edit.statusCode, edit.body).toBe(200);
    const [entry] = await entries();
    expect(entry).toMatchObject({
      kind: 'world',
      playerId: null,
      actorId: owner.user.id,
      what: { op: 'update' },
      reason: 'The crate blocked the pier',
    });
    // The reason is the audit's, not one of the form's values.
    expect(entry!.what).not.toHaveProperty(['values', 'reason']);
    expect(entry!.changes).toEqual([
      expect.objectContaining({ path: expect.stringMatching(/^objects\./), before: null, after: expect.anything() }),
    ]);
    const [objectId] = Object.keys((edit.json() as FullInstance).state.worldState.objects as object);

    // Spec 1's clients send no reason: the edit is still made and audited, with an empty reason.
    expect((await post({ ...values, id: objectId, name: 'crate-2' })).statusCode).toBe(200);
    expect((await entries())[1]).toMatchObject({ kind: 'world', reason: '' });

    // A delete takes its reason in the query (spec 1 gives it no body): before → after shows the object gone.
    const key = encodeURIComponent(worldStateKey('object', refs.sceneId, objectId!));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/instances/${instance.id}/deleteWorldStateItem/${key}?reason=${encodeURIComponent('Placed by mistake')}`,
      headers: owner.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const deleted = (await entries())[2]!;
    expect(deleted).toMatchObject({ kind: 'world', reason: 'Placed by mistake', what: { op: 'delete' } });
    expect(deleted.changes).toEqual([
      expect.objectContaining({
        path: expect.stringMatching(/^objects\./),
        before: expect.objectContaining({ name: 'crate-2' }),
        after: null,
      }),
    ]);
  });
});
