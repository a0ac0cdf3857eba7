import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { PROTOCOL_VERSION, REALTIME_PATH } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';

describe('#realtime protocol version', () => {
  let t: TestApp;
  let lee: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    lee = await createUser(t.app.ctx);
  });
  afterAll(() => t.close());

  /** A handshake with `auth`: 'connected', or the refusal's message and code. */
  function handshake(auth: Record<string, unknown>): Promise<string | { message: string; errorCode: unknown }> {
    const socket: Socket = io(t.config.publicUrl, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth,
    });
    return new Promise((resolve) => {
      socket.once('connect', () => {
        socket.close();
        resolve('connected');
      });
      socket.once('connect_error', (error: Error & { data?: { errorCode?: unknown } }) => {
        socket.close();
        resolve({ message: error.message, errorCode: error.data?.errorCode });
      });
    });
  }

  it('connects an app that names this protocol version, or none (an app from before the field)', async () => {
    expect(await handshake({ token: lee.token, protocolVersion: PROTOCOL_VERSION })).toBe('connected');
    expect(await handshake({ token: lee.token })).toBe('connected');
  });

  it('tells an app of another protocol version to reload, in its language', async () => {
    expect(await handshake({ token: lee.token, protocolVersion: 0 })).toEqual({
      message: 'Loci has been updated. Reload the page to keep getting live updates',
      errorCode: 'OUTDATED_CLIENT',
    });
    expect(await handshake({ token: lee.token, protocolVersion: PROTOCOL_VERSION + 1, language: 'el' })).toEqual({
      message: 'Το Loci ενημερώθηκε. Φορτώστε ξανά τη σελίδα για να συνεχίσετε να λαμβάνετε ζωντανές ενημερώσεις',
      errorCode: 'OUTDATED_CLIENT',
    });
    // The player speaks German, French, Italian and Spanish too (issue 31); the server says in English what it
    // cannot say in them, and connects such a player as any other.
    for (const language of ['de', 'fr', 'it', 'es']) {
      expect(await handshake({ token: lee.token, protocolVersion: 0, language })).toEqual({
        message: 'Loci has been updated. Reload the page to keep getting live updates',
        errorCode: 'OUTDATED_CLIENT',
      });
      expect(await handshake({ token: lee.token, protocolVersion: PROTOCOL_VERSION, language })).toBe('connected');
    }
    expect(await handshake({ token: lee.token, protocolVersion: 'one' })).toMatchObject({
      errorCode: 'OUTDATED_CLIENT',
    });
  });
});
