import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { SOCKET_EVENTS, type WatchAck } from '@loci/domain';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { postgresAvailable } from '../../test/database.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, type PlayableGame } from '../../test/play-factories.js';
import { redisAvailable, TEST_REDIS_URL } from '../../test/redis.js';
import { connectSocket, nextEvent } from '../../test/sockets.js';

const ADMIN_EMAIL = 'nodes-admin@loci.test';
const METRICS_TOKEN = 'metrics-token-of-the-nodes';
const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const hasPostgres = postgresAvailable();
const hasRedis = await redisAvailable();
const runs = hasPostgres && hasRedis;
const notice = runs
  ? ''
  : ` (skipped: needs TEST_DATABASE_URL and Redis at ${TEST_REDIS_URL}; CI sets LOCI_REQUIRE_POSTGRES=1 and LOCI_REQUIRE_REDIS=1)`;

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** One server node: the real server (main.ts) as a process of its own, on `databaseUrl` and the test Redis. */
interface Node {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

async function startNode(databaseUrl: string, jwtSecret: string, env: Record<string, string> = {}): Promise<Node> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loci-node-'));
  let output = '';
  const child = spawn(process.execPath, ['--conditions=loci-source', '--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      JWT_SECRET: jwtSecret,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOCI_WORKERS: '1',
      LOCI_DATA_DIR: dataDir,
      LOCI_WEB_DIST: path.join(dataDir, 'no-console'),
      LOG_LEVEL: 'warn',
      LOCI_ADMIN_EMAIL: ADMIN_EMAIL,
      LOCI_ADMIN_PASSWORD: 'admin-password-of-the-nodes',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const node: Node = {
    url,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`node exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return node;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await node.stop();
  throw new Error(`node did not answer within 150 s:\n${output}`);
}

/**
 * Two server nodes behind an imagined load balancer, sharing one PostgreSQL
 * database and one Redis (docs/deployment.md "Many machines"): each is the
 * real server in a process of its own, with its own caches, so what one node
 * does must be seen by the other through the database and Redis alone. Node A
 * is itself a cluster of two workers (LOCI_WORKERS=2); both nodes start at
 * the same moment with the same configured administrator.
 */
describe.skipIf(!runs)(`one game across two server nodes${notice}`, () => {
  let t: TestApp;
  let a: Node;
  let b: Node;
  let owner: TestUser;
  let coDesigner: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let game: PlayableGame;
  let socket: Socket | undefined;
  let aliceSocket: Socket | undefined;
  let operatorSocket: Socket | undefined;
  /** The shared instance, once the first test started it. */
  let instanceId = '';

  beforeAll(async () => {
    // The in-process app makes the database and seeds it; it serves nobody.
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
    coDesigner = await createUser(t.app.ctx, { role: 'designer', name: 'Cora Codesigner' });
    alice = await createUser(t.app.ctx, { name: 'Alice' });
    bob = await createUser(t.app.ctx, { name: 'Bob' });
    game = await createPlayableGame(t.app, owner, {
      settings: { multiplayer: true, additionalDesignersEmailsText: coDesigner.user.email },
      offerQuantity: 1,
    });
    [a, b] = await Promise.all([
      // Watch rooms announced every 0.3 s, kept 0.9 s: a node a second old has only the announcements to go by.
      startNode(t.databaseUrl!, t.config.jwtSecret, {
        LOCI_WORKERS: '2',
        LOCI_WATCH_ANNOUNCE_MS: '300',
        LOCI_METRICS_TOKEN: METRICS_TOKEN,
      }),
      startNode(t.databaseUrl!, t.config.jwtSecret, { LOCI_WATCH_ANNOUNCE_MS: '300' }),
    ]);
  }, 240_000);
  afterAll(async () => {
    socket?.close();
    aliceSocket?.close();
    operatorSocket?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.close();
  });

  const call = (node: Node, user: TestUser, method: string, url: string, body?: unknown) =>
    fetch(`${node.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('plays one shared world: a pick on node A is pushed to a player on node B, whose own pick is refused and pushed back to A', async () => {
    const started = await call(a, alice, 'POST', `/api/play/games/${game.gameId}/instances`, {});
    expect(started.status).toBe(201);
    ({ instanceId } = (await started.json()) as { instanceId: string });
    const joined = await call(b, bob, 'POST', `/api/play/games/${game.gameId}/instances`, {});
    expect(joined.status).toBe(201);
    expect(((await joined.json()) as { instanceId: string }).instanceId).toBe(instanceId);

    socket = await connectSocket(b.url, bob.token);
    const ack = (await socket.timeout(5000).emitWithAck(SOCKET_EVENTS.watch, { instanceId })) as WatchAck;
    expect(ack).toEqual({ ok: true });
    const pushed = nextEvent(socket, SOCKET_EVENTS.instance, 10_000);

    const pick = { type: 'offer', objectId: game.worldOfferId, action: 'pick', clientEventId: 'alice-pick' };
    const picked = await call(a, alice, 'POST', `/api/play/instances/${instanceId}/events`, pick);
    expect(picked.status).toBe(200);
    const answer = (await picked.json()) as { view: { offers: Record<string, { count: number }> } };
    expect(answer.view.offers[game.offer.id]?.count).toBe(1);
    expect(await pushed).toEqual({ instanceId, status: 'active' });

    // The other way round, to a socket held by one of node A's two workers.
    aliceSocket = await connectSocket(a.url, alice.token);
    expect(await aliceSocket.timeout(5000).emitWithAck(SOCKET_EVENTS.watch, { instanceId })).toEqual({ ok: true });
    const pushedToA = nextEvent(aliceSocket, SOCKET_EVENTS.instance, 10_000);
    const late = await call(b, bob, 'POST', `/api/play/instances/${instanceId}/events`, {
      ...pick,
      clientEventId: 'bob-pick',
    });
    expect(await pushedToA).toEqual({ instanceId, status: 'active' });
    expect(late.status).toBe(200);
    const refused = (await late.json()) as { outputs: Array<{ errorCode?: string }> };
    expect(refused.outputs.map((output) => output.errorCode)).toContain('QUANTITY_EXHAUSTED');

    // Alice's retry, sent to the other node, is answered with her first answer.
    const retry = await call(b, alice, 'POST', `/api/play/instances/${instanceId}/events`, pick);
    expect(await retry.json()).toEqual(answer);
  });

  it('pushes a player’s step on node A to the operator who sees as that player on node B', async () => {
    expect(instanceId).not.toBe('');
    // Past every node's first moments (when it pushes to every watch room, not knowing the others' yet).
    await new Promise((resolve) => setTimeout(resolve, 1200));
    operatorSocket = await connectSocket(b.url, owner.token);
    const watched = { instanceId, playerId: alice.user.id };
    expect(await operatorSocket.timeout(5000).emitWithAck(SOCKET_EVENTS.watchPlayer, watched)).toEqual({ ok: true });
    // Node A's two workers hear of the watcher from node B's announcement (through Redis), not from a socket,
    // before the watch is answered: the step sent right after it is pushed (it once raced the announcement).
    const seen = nextEvent(operatorSocket, SOCKET_EVENTS.playerView, 10_000);
    const moved = await call(a, alice, 'POST', `/api/play/instances/${instanceId}/events`, {
      type: 'location',
      latitude: 37.9,
      longitude: 23.7,
    });
    expect(moved.status).toBe(200);
    expect(await seen).toMatchObject({ ...watched, view: { location: { latitude: 37.9, longitude: 23.7 } } });
  });

  it('starts both nodes, one of them two workers, and creates the configured administrator once', async () => {
    const admins = await t.app.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    expect(admins.map((row) => row.role)).toEqual(['admin']);
    expect(a.output()).toContain('2 workers');
    // Every connection to node A reaches one of its workers: ten in a row all answer.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${a.url}/api/health`, { headers: { connection: 'close' } })),
    );
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
  });

  it('answers a scrape of node A, whichever worker takes it, with both workers’ metrics summed', async () => {
    // Ten requests, on fresh connections, shared out between the two workers.
    await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${a.url}/api/health`, { headers: { connection: 'close' } })),
    );
    for (let scrape = 0; scrape < 4; scrape += 1) {
      const res = await fetch(`${a.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}`, connection: 'close' },
      });
      expect(res.status).toBe(200);
      const text = await res.text();
      // Each worker's own figures, apart, in every scrape (the primary asked both: prom-client's AggregatorRegistry).
      expect(text).toMatch(/^loci_sockets\{worker="1"\} \d+$/m);
      expect(text).toMatch(/^loci_sockets\{worker="2"\} \d+$/m);
      const health = /^loci_http_request_duration_seconds_count\{[^}]*route="\/api\/health"[^}]*\} (\d+)$/m.exec(text);
      expect(Number(health?.[1])).toBeGreaterThanOrEqual(10);
    }
  });

  it('keeps a design lock taken on node A: node B refuses it to the co-designer', async () => {
    const target = { gameId: game.gameId, kind: 'scene', id: game.scene.id };
    const taken = await call(a, owner, 'POST', '/api/design/cc', target);
    expect(taken.status).toBe(200);
    const refused = await call(b, coDesigner, 'POST', '/api/design/cc', target);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { holder: { name: string } }).holder.name).toBe('Olga Owner');
  });
});
