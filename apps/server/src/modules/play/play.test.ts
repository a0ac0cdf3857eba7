import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { gameInstances, playerMessages } from '../../db/schema.js';
import { PLAY_MESSAGES } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createEntity } from '../../test/design-factories.js';
import { workingVersionOf } from '../../test/game-factories.js';
import {
  createPlayableGame,
  FAR_AWAY,
  PIER,
  PIER_YEAR,
  publishVersionOf,
  sendEvent,
  startedInstance,
  startPlay,
  type PlayableGame,
} from '../../test/play-factories.js';

type Json = Record<string, unknown>;
const actions = (outputs: unknown) => (outputs as Json[]).map((output) => output.action);

describe('player API', () => {
  let t: TestApp;
  let owner: TestUser;
  let game: PlayableGame;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
    game = await createPlayableGame(t.app, owner);
  });
  afterAll(async () => t.close());

  const newPlayer = (name = 'Pat Player') => createUser(t.app.ctx, { name });

  describe('#play.start', () => {
    it('starts a single-player game in its first scene with the welcome info box', async () => {
      const player = await newPlayer();
      const res = await startPlay(t.app, player, game.gameId);
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(actions(body.outputs)).toEqual(['goToScene', 'showInfo']);
      expect(body.outputs[1]).toMatchObject({ interactionId: game.welcome.id, blocking: true });
      expect(body.view).toMatchObject({ playerId: player.user.id, name: 'Pat Player', currentSceneId: game.scene.id });
      expect(body.view.pending).toEqual([expect.objectContaining({ action: 'showInfo' })]);
      expect(body.messages).toEqual([]);
      expect(body.debug).toBeUndefined();
    });

    it('brings the player back to their own instance with what still waits for an answer (200)', async () => {
      const player = await newPlayer();
      const first = await startedInstance(t.app, player, game.gameId);
      const again = await startPlay(t.app, player, game.gameId);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ instanceId: first.instanceId, rejoined: true });
      expect(actions(again.json().outputs)).toEqual(['showInfo']);
    });

    it('gives every player of a single-player game an instance of their own', async () => {
      const [a, b] = [await newPlayer(), await newPlayer()];
      const first = await startedInstance(t.app, a, game.gameId);
      const second = await startedInstance(t.app, b, game.gameId);
      expect(second.instanceId).not.toBe(first.instanceId);
    });

    it('makes one instance when the same player starts twice at once', async () => {
      const player = await newPlayer();
      const answers = await Promise.all([1, 2, 3].map(() => startPlay(t.app, player, game.gameId)));
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 201]);
      expect(new Set(answers.map((res) => res.json().instanceId)).size).toBe(1);
    });

    it('needs a signed-in caller (401) and an existing game (404)', async () => {
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/api/play/games/${game.gameId}/instances`,
        payload: {},
      });
      expect(anonymous.statusCode).toBe(401);
      const player = await newPlayer();
      const missing = await startPlay(t.app, player, '00000000-0000-4000-8000-000000000000');
      expect(missing.statusCode).toBe(404);
      const badVersion = await startPlay(t.app, player, game.gameId, { versionId: 'nope' });
      expect(badVersion.statusCode).toBe(404);
    });
  });

  describe('#play.events', () => {
    it('plays the pier: walking in asks the question, the right answer gives a Lantern', async () => {
      const player = await newPlayer();
      const { instanceId } = await startedInstance(t.app, player, game.gameId);
      const seen = await sendEvent(t.app, player, instanceId, { type: 'seen', interactionId: game.welcome.id });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().view.pending).toEqual([]);

      const far = await sendEvent(t.app, player, instanceId, { type: 'location', ...FAR_AWAY });
      expect(far.json().outputs).toEqual([]);
      const atPier = await sendEvent(t.app, player, instanceId, { type: 'location', ...PIER });
      expect(atPier.json().outputs).toEqual([
        expect.objectContaining({ action: 'askQuestion', interactionId: game.question.id, attemptsLeft: 2 }),
      ]);

      const wrong = await sendEvent(t.app, player, instanceId, {
        type: 'answer',
        interactionId: game.question.id,
        answer: 1900,
      });
      expect(wrong.json().outputs).toEqual([expect.objectContaining({ action: 'answerResult', correct: false })]);
      expect(wrong.json().view.items).toEqual({});

      const right = await sendEvent(t.app, player, instanceId, {
        type: 'answer',
        interactionId: game.question.id,
        answer: String(PIER_YEAR),
      });
      expect(actions(right.json().outputs)).toEqual(['answerResult', 'showNotification']);
      expect(right.json().outputs[1].message).toBe('+1 Lantern');
      expect(right.json().view.items).toEqual({ [game.lantern.id]: 1 });
    });

    it('answers engine refusals as error outputs with 200 and changes nothing', async () => {
      const player = await newPlayer();
      const { instanceId } = await startedInstance(t.app, player, game.gameId);
      const res = await sendEvent(t.app, player, instanceId, { type: 'pick', objectId: 'no-such-object' });
      expect(res.statusCode).toBe(200);
      expect(res.json().outputs).toEqual([expect.objectContaining({ action: 'error', errorCode: 'UNKNOWN_OBJECT' })]);
    });

    it('refuses malformed events with 400 and field errors', async () => {
      const player = await newPlayer();
      const { instanceId } = await startedInstance(t.app, player, game.gameId);
      const unknownType = await sendEvent(t.app, player, instanceId, { type: 'teleport' });
      expect(unknownType.statusCode).toBe(400);
      expect(unknownType.json().errors).toHaveProperty('type');
      const badField = await sendEvent(t.app, player, instanceId, {
        type: 'location',
        latitude: 'north',
        longitude: 1,
      });
      expect(badField.statusCode).toBe(400);
      expect(badField.json().errors).toHaveProperty('latitude');
      const missing = await sendEvent(t.app, player, instanceId, { type: 'confirm', interactionId: 'x' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toHaveProperty('approved');
    });

    it('refuses events of someone who does not play the instance (403) and on a missing instance (404)', async () => {
      const [player, stranger] = [await newPlayer(), await newPlayer()];
      const { instanceId } = await startedInstance(t.app, player, game.gameId);
      const res = await sendEvent(t.app, stranger, instanceId, { type: 'pause' });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('NOT_A_PLAYER');
      const missing = await sendEvent(t.app, player, '00000000-0000-4000-8000-000000000000', { type: 'pause' });
      expect(missing.statusCode).toBe(404);
    });

    it('refuses events on a terminated instance with 409 INSTANCE_NOT_ACTIVE', async () => {
      const player = await newPlayer();
      const { instanceId } = await startedInstance(t.app, player, game.gameId);
      await t.app.ctx.db.update(gameInstances).set({ status: 'terminated' }).where(eq(gameInstances.id, instanceId));
      const res = await sendEvent(t.app, player, instanceId, { type: 'location', ...PIER });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        errorCode: 'INSTANCE_NOT_ACTIVE',
        message: 'This game instance is no longer active',
      });
      // Starting again makes a new instance: the terminated one is not rejoined.
      const next = await startPlay(t.app, player, game.gameId);
      expect(next.statusCode).toBe(201);
      expect(next.json().instanceId).not.toBe(instanceId);
    });
  });

  describe('#play.multiplayer', () => {
    it('puts players into one shared world and lets one who left come back', async () => {
      const shared = await createPlayableGame(t.app, owner, { settings: { multiplayer: true }, offerQuantity: 3 });
      const [a, b] = [await newPlayer(), await newPlayer()];
      const first = await startedInstance(t.app, a, shared.gameId);
      const second = await startedInstance(t.app, b, shared.gameId);
      expect(second.instanceId).toBe(first.instanceId);

      const picked = await sendEvent(t.app, a, first.instanceId, {
        type: 'offer',
        objectId: shared.worldOfferId,
        action: 'pick',
      });
      expect(picked.json().view.offers[shared.offer.id]).toMatchObject({ count: 1 });
      const seenByB = await t.app.inject({
        method: 'GET',
        url: `/api/play/instances/${first.instanceId}`,
        headers: b.headers,
      });
      const offers = seenByB.json().view.perceived.offers as Array<{ id: string; quantity: number }>;
      expect(offers.find((offer) => offer.id === shared.worldOfferId)?.quantity).toBe(2);

      const left = await sendEvent(t.app, a, first.instanceId, { type: 'leave' });
      expect(left.json().view.status).toBe('left game');
      const back = await startPlay(t.app, a, shared.gameId);
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ instanceId: first.instanceId, rejoined: true, view: { status: 'playing' } });
    });
  });

  describe('#play.multipleInstances', () => {
    it('gives a version one shared world unless it allows multiple instances', async () => {
      const single = await createPlayableGame(t.app, owner, { settings: { multiplayer: true } });
      const multiple = await createPlayableGame(t.app, owner, {
        settings: { multiplayer: true },
        version: { multipleInstances: true },
      });
      for (const [game, allowed] of [
        [single, false],
        [multiple, true],
      ] as const) {
        const first = await startedInstance(t.app, await newPlayer(), game.gameId);
        await t.app.ctx.db
          .update(gameInstances)
          .set({ status: 'terminated' })
          .where(eq(gameInstances.id, first.instanceId));
        const late = await newPlayer();
        const lobby = await t.app.inject({
          method: 'GET',
          url: `/api/play/games/${game.gameId}`,
          headers: late.headers,
        });
        const res = await startPlay(t.app, late, game.gameId);
        if (allowed) {
          expect(lobby.json().refusal).toBeNull();
          expect(res.statusCode).toBe(201);
          expect(res.json().instanceId).not.toBe(first.instanceId);
        } else {
          const refusal = { errorCode: 'NEW_INSTANCES_NOT_ALLOWED', message: PLAY_MESSAGES.sharedWorldEnded };
          expect(lobby.json().refusal).toEqual(refusal);
          expect(res.statusCode).toBe(403);
          expect(res.json()).toMatchObject(refusal);
        }
      }
    });
  });

  describe('#play.completion', () => {
    it('lets a completed game close its last dialog, then refuses other events with 409', async () => {
      const ending = await createPlayableGame(t.app, owner, { publish: false });
      await createEntity(t.app, owner, ending.gameId, 'rule', {
        name: 'the end',
        notes: '',
        sceneId: ending.scene.id,
        trigger: { conditionType: 'player-info', verb: 'has_seen', elementId: ending.welcome.id },
        triggerPreconditions: [],
        sideeffects: [
          { actorId: 'system', actionName: 'completeGame', actionArgs: { msg: 'Well done' }, notify: false },
        ],
        sideeffectselse: [],
        fireOnce: true,
      });
      await publishVersionOf(t.app, owner, ending.gameId);
      const player = await newPlayer();
      const { instanceId } = await startedInstance(t.app, player, ending.gameId);
      const seen = await sendEvent(t.app, player, instanceId, { type: 'seen', interactionId: ending.welcome.id });
      expect(actions(seen.json().outputs)).toEqual(['completeGame']);
      expect(seen.json().view).toMatchObject({ worldStatus: 'completed', finished: { completed: true } });

      const closing = await sendEvent(t.app, player, instanceId, { type: 'seen', interactionId: ending.welcome.id });
      expect(closing.statusCode).toBe(200);
      const moving = await sendEvent(t.app, player, instanceId, { type: 'location', ...PIER });
      expect(moving.statusCode).toBe(409);
      expect(moving.json()).toMatchObject({ errorCode: 'INSTANCE_NOT_ACTIVE', status: 'completed' });
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/play/instances/${instanceId}`,
        headers: player.headers,
      });
      expect(read.json().instance.status).toBe('completed');
    });
  });

  describe('#play.openapi', () => {
    it('lists the player API and analytics in the OpenAPI document', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json().paths)).toEqual(
        expect.arrayContaining([
          '/api/play/games/{gameId}/instances',
          '/api/play/instances/{instanceId}',
          '/api/play/instances/{instanceId}/game',
          '/api/play/instances/{instanceId}/events',
          '/api/analytics/{versionId}',
        ]),
      );
    });

    it('documents the real shapes of the player view, the outputs and the events', async () => {
      const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const json = (schema: unknown) => JSON.stringify(schema);
      const answer = document.paths['/api/play/instances/{instanceId}/events'].post;
      const body = answer.responses['200'].content['application/json'].schema;
      const view = body.properties.view;
      expect(view.type).toBe('object');
      expect(view.required).toEqual(expect.arrayContaining(['playerId', 'status', 'items', 'perceived', 'pending']));
      expect(view.properties.status.enum).toEqual(['playing', 'paused', 'left game']);
      const output = body.properties.outputs.items;
      expect(output.properties.action.enum).toContain('askQuestion');
      expect(output.properties.errorCode.enum).toContain('GAME_OVER');
      const event = json(answer.requestBody.content['application/json'].schema);
      for (const type of ['location', 'answer', 'submission', 'leave']) expect(event).toContain(`"${type}"`);
    });
  });

  describe('#play.view', () => {
    it('shows the player their view and the instance; others get 403, a missing instance 404', async () => {
      const [player, stranger] = [await newPlayer(), await newPlayer()];
      const { instanceId } = await startedInstance(t.app, player, game.gameId);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/play/instances/${instanceId}`,
        headers: player.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        instance: {
          id: instanceId,
          gameId: game.gameId,
          versionId: game.versionId,
          isLiveSpec: false,
          status: 'active',
        },
        view: { currentSceneId: game.scene.id },
        messages: [],
      });
      const other = await t.app.inject({
        method: 'GET',
        url: `/api/play/instances/${instanceId}`,
        headers: stranger.headers,
      });
      expect(other.statusCode).toBe(403);
      const missing = await t.app.inject({ method: 'GET', url: '/api/play/instances/nope', headers: player.headers });
      expect(missing.statusCode).toBe(404);
    });

    it('delivers an operator message once, with the next read', async () => {
      const player = await newPlayer();
      const { instanceId } = await startedInstance(t.app, player, game.gameId);
      await t.app.ctx.db.insert(playerMessages).values({
        gameId: game.gameId,
        instanceId,
        playerId: player.user.id,
        sceneId: null,
        message: 'Meet at the lighthouse',
      });
      const first = await t.app.inject({
        method: 'GET',
        url: `/api/play/instances/${instanceId}`,
        headers: player.headers,
      });
      expect(first.json().messages).toEqual([
        { id: expect.any(String), message: 'Meet at the lighthouse', sceneId: null, when: expect.any(String) },
      ]);
      const second = await sendEvent(t.app, player, instanceId, { type: 'pause' });
      expect(second.json().messages).toEqual([]);
      const [row] = await t.app.ctx.db
        .select()
        .from(playerMessages)
        .where(and(eq(playerMessages.instanceId, instanceId), eq(playerMessages.playerId, player.user.id)));
      expect(row!.deliveredAt).not.toBeNull();
    });

    it('gives the game and a spec without rules, conditions or right answers', async () => {
      const player = await newPlayer();
      const { instanceId } = await startedInstance(t.app, player, game.gameId);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/play/instances/${instanceId}/game`,
        headers: player.headers,
      });
      expect(res.statusCode).toBe(200);
      const { game: shown, spec } = res.json();
      expect(shown).toMatchObject({ id: game.gameId, multiplayer: false, capabilities: { seeBackPack: true } });
      expect(spec.entities.rule).toBeUndefined();
      expect(spec.entities.milestone).toBeUndefined();
      expect(spec.entities.scene).toEqual([expect.objectContaining({ id: game.scene.id, lat: 35.517 })]);
      expect(spec.entities.location).toEqual([expect.objectContaining({ id: game.pier.id, radius: 50 })]);
      const question = spec.entities.interaction.find((entity: Json) => entity.id === game.question.id);
      expect(question.questions[0]).toMatchObject({ title: 'Which year?', qType: 'openEnded' });
      expect(question.questions[0]).not.toHaveProperty('correctAnswer');
      expect(question.questions[0]).not.toHaveProperty('hint');
      const offer = spec.entities.offer[0];
      expect(offer).toMatchObject({ title: 'Free coffee', actionLabelAct: 'Take it' });
      expect(Object.keys(offer).filter((key) => /^(condition|sideeffects)/.test(key))).toEqual([]);
      expect(spec.game).not.toHaveProperty('playPassword');
      expect(spec.game).not.toHaveProperty('restrictAccessToEmailsText');
      expect(JSON.stringify(spec)).not.toContain(String(PIER_YEAR));
    });
  });

  describe('#play.playtest', () => {
    it('lets the designer playtest the working version with the trace, and restart it', async () => {
      const working = await workingVersionOf(t.app.ctx, game.gameId);
      const res = await startPlay(t.app, owner, game.gameId, { versionId: working.id });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.debug.trace.rules).toEqual(
        expect.arrayContaining([expect.objectContaining({ ruleName: 'greet', branch: 'sideeffects' })]),
      );
      expect(body.debug.player).toMatchObject({ id: owner.user.id, currentSceneId: game.scene.id });
      expect(body.debug.world).toMatchObject({ status: 'active' });

      const event = await sendEvent(t.app, owner, body.instanceId, { type: 'location', ...PIER });
      expect(event.json().debug.trace.rules).toEqual(
        expect.arrayContaining([expect.objectContaining({ ruleName: 'ask at the pier', newlyTrue: true })]),
      );
      const view = await t.app.inject({
        method: 'GET',
        url: `/api/play/instances/${body.instanceId}`,
        headers: owner.headers,
      });
      expect(view.json().debug).toMatchObject({ trace: { rules: [], notes: [] } });

      const restarted = await startPlay(t.app, owner, game.gameId, { versionId: working.id, restart: true });
      expect(restarted.statusCode).toBe(201);
      expect(restarted.json().instanceId).not.toBe(body.instanceId);
      expect(actions(restarted.json().outputs)).toEqual(['goToScene', 'showInfo']);
      const old = await t.app.ctx.db.select().from(gameInstances).where(eq(gameInstances.id, body.instanceId));
      expect(old).toEqual([]);
    });

    it('gives no debug to a player of the published version', async () => {
      const player = await newPlayer();
      const started = await startedInstance(t.app, player, game.gameId);
      const event = await sendEvent(t.app, player, started.instanceId, { type: 'location', ...PIER });
      expect(event.json().debug).toBeUndefined();
    });

    it('keeps the working version to designers and authorised testers', async () => {
      const tester = await createUser(t.app.ctx, { name: 'Tess Tester' });
      const tested = await createPlayableGame(t.app, owner, {
        settings: { additionalDesignerOnlyAccessEmailsText: tester.user.email },
      });
      const working = await workingVersionOf(t.app.ctx, tested.gameId);
      const player = await newPlayer();
      const refused = await startPlay(t.app, player, tested.gameId, { versionId: working.id });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorCode).toBe('NOT_AUTHORISED');
      const allowed = await startPlay(t.app, tester, tested.gameId, { versionId: working.id });
      expect(allowed.statusCode).toBe(201);
      expect(allowed.json().debug).toBeDefined();
      // 'current' names the working version too.
      const again = await startPlay(t.app, tester, tested.gameId, { versionId: 'current' });
      expect(again.json()).toMatchObject({ instanceId: allowed.json().instanceId, rejoined: true });
    });

    it('restarts only the working version (400 on a published one)', async () => {
      const player = await newPlayer();
      const res = await startPlay(t.app, player, game.gameId, { restart: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('restart');
    });
  });
});
