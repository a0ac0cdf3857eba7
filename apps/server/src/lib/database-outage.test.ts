import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createTestDatabase, postgresAvailable } from '../test/database.js';
import { createUser, type TestUser } from '../test/factories.js';
import { answerUnavailableWhileClosing } from './database-outage.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';

// A real outage: the app's connections to a real PostgreSQL go through a TCP proxy, which the test cuts (every
// connection reset, the port closed: a stopped or restarting server, as its clients see it) and restores.
describe.runIf(postgresAvailable())('#database outage', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  let caller: TestUser;
  const lines: Array<{ level: number; msg: string }> = [];

  beforeAll(async () => {
    owner = await createTestDatabase('postgresql');
    const url = new URL(owner.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    t = await createTestApp({
      database: await openPostgres(url.toString(), 4, false),
      logStream: { write: (line) => void lines.push(JSON.parse(line) as { level: number; msg: string }) },
    });
    caller = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await owner?.close();
  });

  const listGames = () => t.app.inject({ method: 'GET', url: '/api/design/games', headers: caller.headers });

  it('answers 503 "temporarily unavailable" with Retry-After while the database is away, logs it once, and serves again after', async () => {
    expect((await listGames()).statusCode).toBe(200);
    await proxy.cut();
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, listGames));
      for (const res of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({
          message: 'Loci is temporarily unavailable. Please try again in a moment',
          errorCode: 'SERVICE_UNAVAILABLE',
        });
      }
      // In the caller's language, like every message of the API.
      const greek = await t.app.inject({
        method: 'GET',
        url: '/api/design/games',
        headers: { ...caller.headers, 'accept-language': 'el' },
      });
      expect(greek.json().message).toBe('Το Loci δεν είναι διαθέσιμο προσωρινά. Δοκιμάστε ξανά σε λίγο');
    } finally {
      await proxy.restore();
    }
    const errors = lines.filter((line) => line.level >= 50);
    expect(errors.map((line) => line.msg)).toEqual([
      'database unavailable: answering 503 until it is back (logged once per outage)',
    ]);
    await expect.poll(async () => (await listGames()).statusCode, { timeout: 10_000 }).toBe(200);
  });
});

describe('#shutdown', () => {
  it('answers a request that arrives while the server shuts down 503 in the API’s error shape, and closes its connection', async () => {
    const app = Fastify({ return503OnClosing: false });
    answerUnavailableWhileClosing(app);
    app.get('/api/health', async () => ({ status: 'ok' }));
    // Stands for the sockets and the requests in flight the server waits for while it closes.
    let finish = () => {};
    app.addHook('preClose', () => new Promise<void>((resolve) => (finish = resolve)));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const closed = app.close();
    try {
      const res = await fetch(`${address}/api/health`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.headers.get('connection')).toBe('close');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({
        message: 'Loci is temporarily unavailable. Please try again in a moment',
        errorCode: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      finish();
      await closed;
    }
  });
});
