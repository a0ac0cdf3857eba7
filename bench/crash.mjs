// The crash test: the built server is killed with SIGKILL while players send
// events, restarted on the same database, and every event it had acknowledged
// (answered 200) must still be there. On PGlite (the data folder) and on
// PostgreSQL (a scratch database on the server TEST_DATABASE_URL names; skipped
// without it, a failure with LOCI_REQUIRE_POSTGRES=1).
//
// Each cycle: the server starts (after the first cycle, on what the last kill
// left), every event acknowledged so far is checked through the operators' API,
// P new players start their own instance of the harbour game and send `code`
// events back to back, each with a code of its own (the engine keeps every code
// a player typed in their state), and at a random moment between half and all
// of the cycle's seconds the server gets SIGKILL. A last start checks the last
// cycle, then the server is stopped with SIGTERM and must exit cleanly.
//
// node --conditions=loci-source --import tsx bench/crash.mjs [--cycles 2]
//   [--seconds 3] [--players 8] [--database pglite|postgresql] [--report file]
// (`npm run build` first: it runs apps/server/dist/main.js.) Exits 1 when an
// acknowledged event is missing, a request gets an answer other than 200, or
// the server does not come back.
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Agent, request } from 'undici';
import { createUser } from '../apps/server/src/test/factories.ts';
import { createPlayableGame } from '../apps/server/src/test/play-factories.ts';
import { recreateDatabase, startServer, urlOf, withApp } from './support/server.mjs';

const { values: options } = parseArgs({
  options: {
    cycles: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '3' },
    players: { type: 'string', default: '8' },
    database: { type: 'string', multiple: true },
    report: { type: 'string' },
  },
});
const CYCLES = Number(options.cycles);
const SECONDS = Number(options.seconds);
const PLAYERS = Number(options.players);
const POSTGRES_SERVER = process.env.TEST_DATABASE_URL;
const databases = options.database ?? ['pglite', 'postgresql'];

/** One player of one cycle: their instance and the codes the server acknowledged. */
class Player {
  constructor(user) {
    this.user = user;
    this.instanceId = null;
    this.acknowledged = [];
    this.sent = 0;
  }
}

/** Sends JSON with the player's token; resolves { status, body } or rejects when the connection fails. */
async function call(dispatcher, baseUrl, method, url, token, body) {
  const res = await request(`${baseUrl}${url}`, {
    method,
    dispatcher,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text ? JSON.parse(text) : null };
}

/**
 * The players start and send events until the server dies under them; the
 * server is killed after `killAfterMs`. Resolves with what was answered.
 */
async function loadAndKill(server, game, players, killAfterMs, unexpected) {
  const dispatcher = new Agent({ connections: players.length, pipelining: 1 });
  for (const player of players) {
    const res = await call(
      dispatcher,
      server.baseUrl,
      'POST',
      `/api/play/games/${game.gameId}/instances`,
      player.user.token,
      {},
    );
    if (res.status !== 201) throw new Error(`start answered ${res.status}: ${JSON.stringify(res.body)}`);
    player.instanceId = res.body.instanceId;
  }
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  let inFlight = 0;
  let inFlightAtKill = 0;
  const killer = setTimeout(() => {
    inFlightAtKill = inFlight;
    server.child.kill('SIGKILL');
  }, killAfterMs);
  const started = performance.now();
  await Promise.all(
    players.map(async (player) => {
      for (;;) {
        const code = `k${player.sent}`;
        player.sent += 1;
        inFlight += 1;
        let res;
        try {
          res = await call(
            dispatcher,
            server.baseUrl,
            'POST',
            `/api/play/instances/${player.instanceId}/events`,
            player.user.token,
            {
              type: 'code',
              code,
            },
          );
        } catch {
          // The server died: this event may or may not have been committed; it was not acknowledged.
          return;
        } finally {
          inFlight -= 1;
        }
        if (res.status === 200) player.acknowledged.push(code);
        else unexpected.push(`${res.status} ${JSON.stringify(res.body)}`);
      }
    }),
  );
  clearTimeout(killer);
  await exited;
  await dispatcher.destroy();
  return { ms: performance.now() - started, inFlightAtKill };
}

/**
 * Every acknowledged code of `players` that the restarted server does not have,
 * and how many codes it has that were sent but never answered (committed as
 * the server died).
 */
async function findLost(server, owner, players) {
  const dispatcher = new Agent({ connections: 4 });
  const lost = [];
  let present = 0;
  let unanswered = 0;
  try {
    for (const player of players) {
      const res = await call(
        dispatcher,
        server.baseUrl,
        'GET',
        `/api/instances/${player.instanceId}?fullState=true`,
        owner.token,
      );
      if (res.status !== 200) throw new Error(`reading instance ${player.instanceId} answered ${res.status}`);
      const codes = res.body.state.usersState?.[player.user.user.id]?.codes ?? {};
      let found = 0;
      for (const code of player.acknowledged) {
        if (code in codes) found += 1;
        else lost.push(`${player.user.user.name}: ${code}`);
      }
      present += found;
      unanswered += Object.keys(codes).length - found;
    }
  } finally {
    await dispatcher.close();
  }
  return { lost, present, unanswered };
}

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

/** The last lines of the server's log, to show why it failed. */
function tail(file, lines = 30) {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

async function runOn(database) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `loci-crash-${database}-`));
  const logFile = path.join(dataDir, 'server.log');
  // Named like the test files' databases, which CI drops if a run is cut short.
  const scratch = `loci_t_crash_${randomBytes(4).toString('hex')}`;
  let admin;
  let databaseUrl;
  if (database === 'postgresql') {
    admin = new pg.Client({ connectionString: POSTGRES_SERVER });
    await admin.connect();
    await recreateDatabase(admin, scratch);
    databaseUrl = urlOf(POSTGRES_SERVER, scratch);
  }
  const result = { database, cycles: 0, acknowledged: 0, lost: 0, unexpected: 0, ok: false };
  let server;
  const log = openSync(logFile, 'a');
  const start = async () => {
    const t0 = performance.now();
    server = await startServer({ dataDir, databaseUrl, stdio: ['ignore', log, log] });
    return performance.now() - t0;
  };
  try {
    const seedStart = performance.now();
    const seeded = await withApp({ dataDir, databaseUrl }, async (app) => {
      const owner = await createUser(app.ctx, { role: 'designer', name: 'Crash Designer' });
      const game = await createPlayableGame(app, owner);
      const players = [];
      for (let i = 0; i < CYCLES * PLAYERS; i += 1) {
        players.push(new Player(await createUser(app.ctx, { name: `Player ${i}` })));
      }
      return { owner, game, players };
    });
    const { owner, game } = seeded;
    console.log(
      `${database}: seeded a designer, the harbour game and ${seeded.players.length} players in ${seconds(seedStart)} s`,
    );
    const done = [];
    const unexpected = [];
    await start();
    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      const players = seeded.players.slice((cycle - 1) * PLAYERS, cycle * PLAYERS);
      const killAfterMs = (SECONDS * 1000 * (1 + Math.random())) / 2;
      const load = await loadAndKill(server, game, players, killAfterMs, unexpected);
      done.push(...players);
      const acknowledged = players.reduce((sum, player) => sum + player.acknowledged.length, 0);
      const lock = path.join(dataDir, 'pglite.lock');
      const leftover =
        database === 'pglite' && existsSync(lock) ? `, lock file of pid ${readFileSync(lock, 'utf8')} left` : '';
      const restartMs = await start();
      const { lost, present, unanswered } = await findLost(server, owner, done);
      result.cycles = cycle;
      result.acknowledged = present + lost.length;
      result.lost = lost.length;
      result.unexpected = unexpected.length;
      console.log(
        `${database} cycle ${cycle}/${CYCLES}: ${acknowledged} events acknowledged in ${(load.ms / 1000).toFixed(1)} s, ` +
          `killed with ${load.inFlightAtKill} in flight${leftover}; restarted in ${(restartMs / 1000).toFixed(1)} s; ` +
          `${lost.length} of ${result.acknowledged} acknowledged so far lost ` +
          `(and ${unanswered} sent but unanswered found committed)`,
      );
      if (lost.length) console.error(`  lost: ${lost.slice(0, 20).join(', ')}${lost.length > 20 ? ', …' : ''}`);
      if (unexpected.length) console.error(`  unexpected answers: ${unexpected.slice(0, 5).join(' | ')}`);
      if (lost.length || unexpected.length) return result;
    }
    // The restarted server also stops cleanly, and frees the PGlite folder.
    const exited = new Promise((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    const code = await exited;
    server = undefined;
    if (code !== 0) throw new Error(`the server exited with ${code} on SIGTERM`);
    if (database === 'pglite' && existsSync(path.join(dataDir, 'pglite.lock')))
      throw new Error('the PGlite lock file is still there after a clean stop');
    result.ok = true;
    return result;
  } catch (error) {
    console.error(`${database}: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`  the server's last log lines:\n${tail(logFile)}`);
    return result;
  } finally {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    closeSync(log);
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
    if (result.ok) rmSync(dataDir, { recursive: true, force: true });
    else console.error(`  the data folder is kept: ${dataDir}`);
  }
}

const began = performance.now();
const results = [];
const skipped = [];
for (const database of databases) {
  if (database === 'postgresql' && !POSTGRES_SERVER) {
    if (process.env.LOCI_REQUIRE_POSTGRES === '1') {
      console.error('LOCI_REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set');
      results.push({ database, cycles: 0, acknowledged: 0, lost: 0, unexpected: 0, ok: false });
    } else {
      skipped.push(database);
    }
    continue;
  }
  if (database !== 'pglite' && database !== 'postgresql') throw new Error(`unknown database ${database}`);
  results.push(await runOn(database));
}

if (options.report) writeFileSync(options.report, JSON.stringify({ results, skipped }, null, 2));
console.log('');
for (const r of results) {
  console.log(
    `Crash test on ${r.database}: ${r.cycles} of ${CYCLES} kill cycles, ${r.acknowledged} events acknowledged, ` +
      `${r.lost} lost, ${r.unexpected} unexpected answers — ${r.ok ? 'passed' : 'FAILED'}`,
  );
}
if (skipped.length) console.log(`Skipped (TEST_DATABASE_URL is not set): ${skipped.join(', ')}`);
console.log(`(${seconds(began)} s in all)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
