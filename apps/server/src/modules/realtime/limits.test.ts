import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { PLAY_MESSAGES, REALTIME_MESSAGES, SOCKET_EVENTS, type WatchAck } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { connectSocket } from '../../test/sockets.js';

const SOCKETS_PER_USER = 10;
const HANDSHAKES_PER_MINUTE = 30;
const EVENTS_PER_SECOND = 5;

/** Settles every attempt and answers each one's outcome: 'connected' or the refusal's message. */
async function outcomes(attempts: Array<Promise<Socket>>, opened: Socket[]): Promise<string[]> {
  const settled = await Promise.allSettled(attempts);
  return settled.map((result) => {
    if (result.status === 'rejected') return (result.reason as Error).message;
    opened.push(result.value);
    return 'connected';
  });
}

describe('realtime limits', () => {
  let t: TestApp;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      listen: true,
      env: {
        LOCI_SOCKETS_PER_USER: String(SOCKETS_PER_USER),
        LOCI_HANDSHAKE_RATE: String(HANDSHAKES_PER_MINUTE),
        LOCI_PLAYER_EVENT_RATE: String(EVENTS_PER_SECOND),
        // The test's sockets come through 127.0.0.1: trusted as a proxy, its X-Forwarded-For names another client.
        LOCI_TRUST_PROXY: '127.0.0.1',
      },
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  it('refuses the eleventh socket of one user with a clear message, and takes one again once one closes', async () => {
    const lee = await createUser(t.app.ctx);
    const first = await outcomes(
      Array.from({ length: SOCKETS_PER_USER + 1 }, () => connectSocket(t, lee.token)),
      sockets,
    );
    expect(first.filter((outcome) => outcome === 'connected')).toHaveLength(SOCKETS_PER_USER);
    expect(first.filter((outcome) => outcome !== 'connected')).toEqual([REALTIME_MESSAGES.tooManySockets]);
    // Somebody else is not affected.
    sockets.push(await connectSocket(t, (await createUser(t.app.ctx)).token));

    sockets[0]!.close();
    // The server hears of the close a moment later.
    let again: string | undefined;
    for (let attempt = 0; attempt < 20 && again !== 'connected'; attempt += 1) {
      [again] = await outcomes([connectSocket(t, lee.token)], sockets);
      if (again !== 'connected') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(again).toBe('connected');
  });

  it('refuses a handshake flood from one address, before any token is read, for a minute', async () => {
    t.clock.advance(60_000);
    const mia = await createUser(t.app.ctx);
    const flood = await outcomes(
      Array.from({ length: 50 }, () => connectSocket(t)),
      sockets,
    );
    expect(flood.filter((outcome) => outcome === REALTIME_MESSAGES.noToken)).toHaveLength(HANDSHAKES_PER_MINUTE);
    expect(flood.filter((outcome) => outcome === REALTIME_MESSAGES.tooManyHandshakes)).toHaveLength(
      50 - HANDSHAKES_PER_MINUTE,
    );
    // A valid token from that address waits too; another address does not.
    await expect(connectSocket(t, mia.token)).rejects.toThrow(REALTIME_MESSAGES.tooManyHandshakes);
    sockets.push(await connectSocket(t, mia.token, { 'x-forwarded-for': '203.0.113.7' }));

    t.clock.advance(60_000);
    sockets.push(await connectSocket(t, mia.token));
  });

  it('answers watches beyond the player event rate with a calm refusal, without reading the database', async () => {
    t.clock.advance(60_000);
    const socket = await connectSocket(t, (await createUser(t.app.ctx)).token);
    sockets.push(socket);
    const answers = await Promise.all(
      Array.from(
        { length: 30 },
        () => socket.timeout(3000).emitWithAck(SOCKET_EVENTS.watch, { instanceId: 'nope' }) as Promise<WatchAck>,
      ),
    );
    const refused = answers.filter((answer) => !answer.ok && answer.message === PLAY_MESSAGES.tooManyEvents);
    expect(refused).toHaveLength(30 - 2 * EVENTS_PER_SECOND);
    t.clock.advance(1000);
    expect(await socket.timeout(3000).emitWithAck(SOCKET_EVENTS.watch, { instanceId: 'nope' })).not.toEqual({
      ok: false,
      message: PLAY_MESSAGES.tooManyEvents,
    });
  });
});
