// The built Loci server as its own process, and the scratch databases it runs
// on: shared by the play benchmark and the crash test.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The secret the seeding app signs its users' tokens with, and the server checks them with. */
export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret';

/** `serverUrl` (a PostgreSQL server) with `database` as its database. */
export function urlOf(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Drops (closing its connections) and creates `name` through an admin client of the server. */
export async function recreateDatabase(admin, name) {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
}

/** A TCP port nobody listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the Loci server (apps/server/dist/main.js, or its TypeScript source
 * with `fromSource`) on `dataDir` — PostgreSQL when `databaseUrl` is given,
 * else the folder's PGlite — and resolves with the child and its URL once
 * /api/health answers. `env` adds to the server's environment (LOCI_WORKERS, REDIS_URL).
 */
export async function startServer({
  dataDir,
  databaseUrl,
  fromSource = false,
  nodeArgs = [],
  logLevel = 'warn',
  stdio = ['ignore', 'ignore', 'inherit'],
  timeoutMs = 60_000,
  env: extraEnv = {},
}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fromSource && !existsSync(main))
    throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  const args = [
    ...nodeArgs,
    ...(fromSource
      ? ['--conditions=loci-source', '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')]
      : [main]),
  ];
  const env = {
    ...process.env,
    JWT_SECRET,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOCI_DATA_DIR: dataDir,
    LOCI_RATE_LIMIT: '100000',
    // The benchmarks and the crash test send events back to back on purpose: the per-player throttle that
    // protects a real server would measure itself, not the event path.
    LOCI_PLAYER_EVENT_RATE: '1000000',
    LOG_LEVEL: logLevel,
    ...extraEnv,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, args, { cwd: root, env, stdio });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, baseUrl };
}

/**
 * The built server (or its source, `fromSource`) for a bench of many phones (city, start-storm, teams): on
 * PostgreSQL and Redis (`redisUrl`, the Socket.IO adapter) with the server's default workers (BENCH_WORKERS
 * chooses), socket handshakes from one address unlimited (a city's phones come from many addresses, the bench's
 * from 127.0.0.1), its processes profiled into BENCH_PROFILE_DIR when set; stopped with the bench when that is
 * interrupted.
 */
export async function startPhonesServer({ dataDir, databaseUrl, redisUrl, env = {}, fromSource = false }) {
  const all = { REDIS_URL: redisUrl, LOCI_HANDSHAKE_RATE: '1000000', ...env };
  if (process.env.BENCH_WORKERS) all.LOCI_WORKERS = process.env.BENCH_WORKERS;
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const started = await startServer({
    dataDir,
    databaseUrl,
    env: all,
    fromSource,
    nodeArgs: profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
  });
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      started.child.kill('SIGTERM');
      process.exit(1);
    });
  return started;
}

/**
 * Runs `fn` with the real application, in this process, on the database the
 * server will use (to seed it through the server's own factories), then closes
 * both — a PGlite folder must be free again before the server opens it.
 */
export async function withApp({ dataDir, databaseUrl }, fn) {
  const config = loadConfig({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    JWT_SECRET,
    LOCI_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LOCI_RATE_LIMIT: '100000',
  });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    return await fn(app);
  } finally {
    await app.close();
    await database.close();
  }
}
