import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { applyViewDelta, SOCKET_EVENTS, type OutputsPush, type PlayerView, type ViewPart } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  createPlayableGame,
  FAR_AWAY,
  PIER,
  sendEvent,
  startedInstance,
  type PlayableGame,
} from '../../test/play-factories.js';
import { connectSocket, nextEvent } from '../../test/sockets.js';
import { forgetViews } from '../runtime/views.js';

/**
 * A view that costs what changed (docs/play.md "A view that costs what changed"): an app that sends the
 * revision of the view it holds is answered, and pushed, only what changed since; applied to its view, that
 * is the view the server reads for it. An app that sends none is answered the whole view, as before.
 */
describe('the view of a step, as what changed', () => {
  let t: TestApp;
  let game: PlayableGame;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    const owner = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner, { settings: { multiplayer: true }, offerQuantity: 10 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  /** The player's view as the server reads it on request. */
  async function ownView(user: TestUser, instanceId: string): Promise<PlayerView> {
    const res = await t.app.inject({ method: 'GET', url: `/api/play/instances/${instanceId}`, headers: user.headers });
    return (res.json() as { view: PlayerView }).view;
  }

  /** What an app holds: its view and that view's revision, changed by each answer or push as the web player does. */
  class App {
    view: PlayerView;
    revision: string | null = null;
    constructor(view: PlayerView) {
      this.view = view;
    }
    take(part: ViewPart): 'whole' | 'delta' | 'held' {
      if (part.view) {
        this.view = part.view;
        this.revision = part.revision ?? null;
        return 'whole';
      }
      const delta = part.viewDelta!;
      if (delta.to === this.revision) return 'held';
      expect(delta.from).toBe(this.revision);
      this.view = applyViewDelta(this.view, delta.changes);
      this.revision = delta.to;
      return 'delta';
    }
  }

  const send = async (user: TestUser, instanceId: string, app: App, event: Record<string, unknown>) => {
    const res = await sendEvent(t.app, user, instanceId, { ...event, viewRevision: app.revision });
    expect(res.statusCode).toBe(200);
    return res.json() as ViewPart & { stepId: string; outputs: unknown[] };
  };

  it('answers what changed since the revision the app holds, which gives the view the server reads', async () => {
    const walker = await createUser(t.app.ctx, { name: 'Walker' });
    const other = await createUser(t.app.ctx, { name: 'Other' });
    const { instanceId, view } = await startedInstance(t.app, walker, game.gameId);
    await startedInstance(t.app, other, game.gameId);
    const app = new App(view as unknown as PlayerView);

    // No revision yet: the whole view, with its revision.
    const first = await send(walker, instanceId, app, { type: 'location', ...FAR_AWAY });
    expect(app.take(first)).toBe('whole');
    expect(first.revision).toEqual(expect.any(String));

    // Then only what changed: the player's position and the distances of what they perceive.
    const walked = await send(walker, instanceId, app, { type: 'location', ...PIER });
    expect(walked.view).toBeUndefined();
    expect(app.take(walked)).toBe('delta');
    expect(app.view).toEqual(await ownView(walker, instanceId));
    const whole = JSON.stringify(await ownView(walker, instanceId)).length;
    expect(JSON.stringify(walked.viewDelta).length).toBeLessThan(whole);

    // Another player takes a coffee: the walker's next answer says that one fewer is left.
    const picked = await sendEvent(t.app, other, instanceId, {
      type: 'offer',
      objectId: game.worldOfferId,
      action: 'pick',
    });
    expect(picked.statusCode).toBe(200);
    const answered = await send(walker, instanceId, app, {
      type: 'answer',
      interactionId: game.question.id,
      answer: 1,
    });
    expect(app.take(answered)).toBe('delta');
    const read = await ownView(walker, instanceId);
    expect(app.view).toEqual(read);
    expect(read.perceived.offers[0]?.quantity).toBe(9);
  });

  it('answers the whole view to an app that sends no revision, or one the server does not know', async () => {
    const walker = await createUser(t.app.ctx, { name: 'Plain' });
    const { instanceId } = await startedInstance(t.app, walker, game.gameId);
    const plain = await sendEvent(t.app, walker, instanceId, { type: 'location', ...FAR_AWAY });
    expect(plain.json()).toMatchObject({ view: { location: FAR_AWAY } });
    expect(plain.json()).not.toHaveProperty('viewDelta');
    expect(plain.json()).not.toHaveProperty('revision');

    const unknown = await sendEvent(t.app, walker, instanceId, {
      type: 'location',
      ...PIER,
      viewRevision: 'not-a-revision',
    });
    expect(unknown.json()).toMatchObject({ view: { location: PIER }, revision: expect.any(String) });
  });

  it('pushes the step to the player with the same change as its answer, whichever arrives first', async () => {
    const walker = await createUser(t.app.ctx, { name: 'Pushed' });
    const { instanceId, view } = await startedInstance(t.app, walker, game.gameId);
    const socket = await connectSocket(t, walker.token);
    sockets.push(socket);
    const app = new App(view as unknown as PlayerView);
    app.take(await send(walker, instanceId, app, { type: 'location', ...FAR_AWAY }));

    const pushed = nextEvent<OutputsPush>(socket, SOCKET_EVENTS.outputs);
    const atPier = await send(walker, instanceId, app, { type: 'location', ...PIER });
    expect(atPier.outputs).toHaveLength(1);
    const push = await pushed;
    expect(push.stepId).toBe(atPier.stepId);
    expect(push.viewDelta).toEqual(atPier.viewDelta);
    // The push came first: the answer is then a step the app holds already.
    const early = new App(app.view);
    early.revision = app.revision;
    expect(early.take(push)).toBe('delta');
    expect(early.take(atPier)).toBe('held');
    expect(early.view).toEqual(await ownView(walker, instanceId));
  });

  it("names the start's view by its revision, so the first event is answered with what changed", async () => {
    // An app that sends no revision with its start is answered as before.
    const older = await startedInstance(t.app, await createUser(t.app.ctx), game.gameId);
    expect(older).not.toHaveProperty('revision');
    const walker = await createUser(t.app.ctx, { name: 'Starter' });
    // The app says it speaks deltas by sending `viewRevision` (null: it holds no view yet).
    const started = (await startedInstance(t.app, walker, game.gameId, { viewRevision: null })) as Awaited<
      ReturnType<typeof startedInstance>
    > & { revision?: string };
    expect(started.revision).toEqual(expect.any(String));
    const app = new App(started.view as unknown as PlayerView);
    app.revision = started.revision!;
    const first = await send(walker, started.instanceId, app, { type: 'location', ...FAR_AWAY });
    expect(app.take(first)).toBe('delta');
    expect(app.view).toEqual(await ownView(walker, started.instanceId));
    // Coming back (200) names the view's revision too.
    const back = (await startedInstance(t.app, walker, game.gameId, { viewRevision: null })) as {
      view: unknown;
      revision?: string;
    };
    const again = new App(back.view as PlayerView);
    again.revision = back.revision!;
    expect(again.take(await send(walker, started.instanceId, again, { type: 'location', ...PIER }))).toBe('delta');
    expect(again.view).toEqual(await ownView(walker, started.instanceId));
  });

  it('answers what changed when the event reaches another process than the start, or a restarted one', async () => {
    const walker = await createUser(t.app.ctx, { name: 'Elsewhere' });
    const started = (await startedInstance(t.app, walker, game.gameId, { viewRevision: null })) as Awaited<
      ReturnType<typeof startedInstance>
    > & { revision?: string };
    const app = new App(started.view as unknown as PlayerView);
    app.revision = started.revision!;
    // This process never sent the walker a view: it knows the app's view only as the one before the step, read
    // back from the database (its maps in JSONB's key order, not the order the start built them in).
    forgetViews();
    const first = await send(walker, started.instanceId, app, { type: 'location', ...FAR_AWAY });
    expect(app.take(first)).toBe('delta');
    expect(app.view).toEqual(await ownView(walker, started.instanceId));
    // And again after a step of its own, with the world's offers and objects read back.
    forgetViews();
    const picked = await send(walker, started.instanceId, app, {
      type: 'offer',
      objectId: game.worldOfferId,
      action: 'pick',
    });
    expect(app.take(picked)).toBe('delta');
    forgetViews();
    expect(app.take(await send(walker, started.instanceId, app, { type: 'location', ...PIER }))).toBe('delta');
    expect(app.view).toEqual(await ownView(walker, started.instanceId));
  });
});
