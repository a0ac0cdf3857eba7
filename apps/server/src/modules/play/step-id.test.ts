import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type OutputsPush } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { createPlayableGame, PIER, sendEvent, startedInstance } from '../../test/play-factories.js';
import { connectSocket, nextEvent } from '../../test/sockets.js';

/**
 * A step's answer and its push carry the same step id, so the player's app shows a step it reads twice
 * once — and two steps with the same outputs twice (docs/play.md "stepId").
 */
describe("a step's id in its answer and its push", () => {
  let t: TestApp;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  it('is the client event id when the app sent one, else one of its own, the same in the push', async () => {
    const owner = await createUser(t.app.ctx, { role: 'designer' });
    const player = await createUser(t.app.ctx, { name: 'Walker' });
    const game = await createPlayableGame(t.app, owner);
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    const socket = await connectSocket(t, player.token);
    sockets.push(socket);

    const pushed = nextEvent<OutputsPush>(socket, SOCKET_EVENTS.outputs);
    const atPier = await sendEvent(t.app, player, instanceId, { type: 'location', ...PIER, clientEventId: 'walk-1' });
    expect(atPier.statusCode).toBe(200);
    expect(atPier.json().outputs).toHaveLength(1);
    expect(atPier.json().stepId).toBe('walk-1');
    expect((await pushed).stepId).toBe('walk-1');
    // Sent again, the event is answered as the first time: the same step.
    const again = await sendEvent(t.app, player, instanceId, { type: 'location', ...PIER, clientEventId: 'walk-1' });
    expect(again.json().stepId).toBe('walk-1');

    const next = nextEvent<OutputsPush>(socket, SOCKET_EVENTS.outputs);
    const wrong = await sendEvent(t.app, player, instanceId, {
      type: 'answer',
      interactionId: game.question.id,
      answer: 1900,
    });
    expect(wrong.json().outputs).toHaveLength(1);
    const { stepId } = wrong.json() as { stepId?: string };
    expect(stepId).toEqual(expect.any(String));
    expect(stepId).not.toBe('walk-1');
    expect((await next).stepId).toBe(stepId);
  });
});
