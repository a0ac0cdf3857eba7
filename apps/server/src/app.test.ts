import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';

/** Opens a raw connection to the app, writes `text` and never more; resolves with what came back once closed. */
function sendAndStall(t: TestApp, text: string): { socket: Socket; closed: Promise<string> } {
  const { hostname, port } = new URL(t.config.publicUrl);
  const socket = connect({ host: hostname, port: Number(port) });
  socket.write(text);
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  return { socket, closed };
}

/** `promise`, or 'still open' after `ms`. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms))]);

describe('HTTP timeouts', () => {
  let t: TestApp;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      listen: true,
      env: { LOCI_REQUEST_TIMEOUT_MS: '1000', LOCI_HEADERS_TIMEOUT_MS: '500' },
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await t.close();
  });

  it('cuts a request whose body never finishes with 408', async () => {
    const { socket, closed } = sendAndStall(
      t,
      'POST /api/users/login HTTP/1.1\r\nHost: loci.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
    );
    sockets.push(socket);
    expect(await within(closed, 4000)).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts a request whose headers never finish', async () => {
    const { socket, closed } = sendAndStall(t, 'GET /api/health HTTP/1.1\r\nHost: loci.test\r\nX-Slow: ');
    sockets.push(socket);
    expect(await within(closed, 4000)).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('still serves a request that arrives in time', async () => {
    const res = await fetch(`${t.config.publicUrl}/api/health`);
    expect(res.status).toBe(200);
  });
});
