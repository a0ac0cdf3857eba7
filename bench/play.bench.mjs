// Durable player events over HTTP into PostgreSQL, beside pgbench's
// simple-update on the same server. The built Loci server (apps/server/dist,
// `npm run build` first) runs as its own process on a scratch database; C
// players each play their own instance of a published game and send location
// events back to back (one connection each, like pgbench's -c), for DURATION
// seconds. Every answered 200 is one committed transaction. Then pgbench -N
// (simple-update) with the same C on a second scratch database.
// `npm run bench -- play`. Knobs: BENCH_DATABASE_URL (a PostgreSQL server,
// default postgres://postgres@127.0.0.1:5432/postgres), BENCH_CONCURRENCY (32),
// BENCH_DURATION (10 s), BENCH_WARMUP (3 s), BENCH_SERVER=source (run the server
// from its TypeScript source instead of dist), BENCH_LOG_LEVEL (warn),
// BENCH_PROFILE_DIR (profile the server with --cpu-prof into that folder),
// BENCH_DB_SUFFIX (scratch databases of this run's own), BENCH_KEEP_DB=1 (keep the play database),
// BENCH_MIX=realistic (issue 25 §4: the events that fire rules — the welcome box seen, the walk in and out of the
// pier's geofence, whose entry asks the question; each question answered, wrong then right, which gives the
// Lantern and notifies; a code every eighth event — instead of locations alone).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Agent, request } from 'undici';
import { createUser } from '../apps/server/src/test/factories.ts';
import { createPlayableGame, FAR_AWAY, PIER, PIER_YEAR } from '../apps/server/src/test/play-factories.ts';
import { backendsCpuMs, cpuMs, machineJiffies } from './support/proc.mjs';
import { recreateDatabase, startServer, urlOf as databaseUrlOf, withApp } from './support/server.mjs';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const FROM_SOURCE = process.env.BENCH_SERVER === 'source';
/** The realistic mix of events (issue 25 §4) instead of locations alone. */
const MIX = process.env.BENCH_MIX === 'realistic';
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
/** A folder: the server runs with --cpu-prof and writes its profile there on exit. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
// Server processes (LOCI_WORKERS); more than one needs Redis (BENCH_REDIS_URL).
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
// Scratch databases: BENCH_DB_SUFFIX tells apart two runs at once on one server (A/B of two builds).
const SUFFIX = process.env.BENCH_DB_SUFFIX ? `_${process.env.BENCH_DB_SUFFIX.toLowerCase().replace(/\W/g, '')}` : '';
const PLAY_DB = `loci_bench_play${SUFFIX}`;
const PGBENCH_DB = `loci_bench_pgbench${SUFFIX}`;
const PGBENCH = ['/usr/lib/postgresql/15/bin/pgbench', 'pgbench'].find(
  (candidate) => !candidate.includes('/') || existsSync(candidate),
);

const urlOf = (database) => databaseUrlOf(SERVER_URL, database);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** The designer, the published harbour game (a scene, a location, an info box, a question, three rules) and the players. */
async function seed(dataDir) {
  return withApp({ dataDir, databaseUrl: urlOf(PLAY_DB) }, async (app) => {
    const owner = await createUser(app.ctx, { role: 'designer', name: 'Bench Designer' });
    const game = await createPlayableGame(app, owner);
    const players = [];
    for (let i = 0; i < CONCURRENCY; i += 1) players.push(await createUser(app.ctx, { name: `Player ${i}` }));
    return { game, players };
  });
}

/** A walk between a point 500 m away and the pier and back, in 10 m steps: it enters and leaves the pier's geofence. */
function walk() {
  const steps = 50;
  const points = [];
  for (let s = 0; s <= steps; s += 1) {
    const f = s / steps;
    points.push({
      latitude: FAR_AWAY.latitude + (PIER.latitude - FAR_AWAY.latitude) * f,
      longitude: FAR_AWAY.longitude + (PIER.longitude - FAR_AWAY.longitude) * f,
    });
  }
  return [...points, ...points.slice(1, -1).reverse()];
}

/**
 * C players send location events back to back for warm-up + duration; only
 * the measured window counts. `probe()` is called at the window's start and
 * end (for CPU and database counters).
 */
async function drivePlayers(baseUrl, game, players, probe) {
  const dispatcher = new Agent({ connections: CONCURRENCY, pipelining: 1, keepAliveTimeout: 60_000 });
  const call = async (method, url, token, body) => {
    const res = await request(`${baseUrl}${url}`, {
      method,
      dispatcher,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-loci-device': 'bench' },
      body: JSON.stringify(body),
    });
    const text = await res.body.text();
    return { status: res.statusCode, text };
  };
  const instances = await Promise.all(
    players.map(async (player) => {
      const res = await call('POST', `/api/play/games/${game.gameId}/instances`, player.token, {});
      if (res.status !== 201) throw new Error(`start answered ${res.status}: ${res.text}`);
      const instanceId = JSON.parse(res.text).instanceId;
      // The mix plays the game: the welcome box is closed first, so the pier's question can be asked.
      if (MIX)
        await call('POST', `/api/play/instances/${instanceId}/events`, player.token, {
          type: 'seen',
          interactionId: game.welcome.id,
        });
      return instanceId;
    }),
  );
  /** Events sent per kind (the mix). */
  const kinds = {};
  const points = walk();
  const latencies = [];
  const statuses = {};
  let answerBytes = 0;
  let events = 0;
  const started = performance.now();
  const measureFrom = started + WARMUP_S * 1000;
  const measureTo = measureFrom + DURATION_S * 1000;
  const probes = [];
  const timers = [WARMUP_S, WARMUP_S + DURATION_S].map((seconds) =>
    setTimeout(() => probes.push(probe()), seconds * 1000),
  );
  await Promise.all(
    players.map(async (player, index) => {
      let step = index * 7;
      /** The question waiting for an answer (the mix), and the answers given to it. */
      let asked = null;
      let tries = 0;
      for (;;) {
        const sent = performance.now();
        if (sent >= measureTo) return;
        let event;
        if (MIX && asked) {
          // Wrong first (an answer result), then right (the Lantern and its notification).
          event = { type: 'answer', interactionId: asked, answer: tries === 0 ? 1900 : String(PIER_YEAR) };
          tries += 1;
          if (tries === 2) asked = null;
        } else if (MIX && step % 8 === 0) {
          event = { type: 'code', code: `HARBOUR-${step % 5}` };
          step += 1;
        } else {
          event = { type: 'location', ...points[step % points.length] };
          step += 1;
        }
        const res = await call('POST', `/api/play/instances/${instances[index]}/events`, player.token, event);
        if (MIX && res.status === 200 && event.type === 'location') {
          const question = JSON.parse(res.text).outputs.find((output) => output.action === 'askQuestion');
          if (question) {
            asked = question.interactionId;
            tries = 0;
          }
        }
        const done = performance.now();
        if (sent >= measureFrom && done <= measureTo) {
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 200) {
            events += 1;
            kinds[event.type] = (kinds[event.type] ?? 0) + 1;
            latencies.push(done - sent);
            answerBytes += res.text.length;
          }
        }
      }
    }),
  );
  await dispatcher.close();
  timers.forEach(clearTimeout);
  const [atStart, atEnd] = await Promise.all(probes);
  latencies.sort((a, b) => a - b);
  return {
    atStart,
    atEnd,
    rate: events / DURATION_S,
    events,
    statuses,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    answerBytes: events ? answerBytes / events : 0,
    kinds,
  };
}

/** What PostgreSQL did for the play database during the measured run (pg_stat_database), per event. */
async function databaseCounters(admin) {
  const { rows } = await admin.query(
    `SELECT xact_commit::bigint AS commits, tup_returned::bigint AS returned, tup_fetched::bigint AS fetched,
            tup_inserted::bigint AS inserted, tup_updated::bigint AS updated, blks_hit::bigint AS hits
       FROM pg_stat_database WHERE datname = $1`,
    [PLAY_DB],
  );
  return Object.fromEntries(Object.entries(rows[0]).map(([key, value]) => [key, Number(value)]));
}

/**
 * Per table of the play database: sequential scans and the rows they read, index scans and the rows they
 * fetched (pg_stat_user_tables; read through a client of the play database, which sees its own tables).
 */
async function tableCounters(client) {
  const { rows } = await client.query(
    `SELECT relname, seq_scan::bigint AS seq, seq_tup_read::bigint AS seq_rows,
            coalesce(idx_scan, 0)::bigint AS idx, coalesce(idx_tup_fetch, 0)::bigint AS idx_rows
       FROM pg_stat_user_tables`,
  );
  return Object.fromEntries(rows.map((row) => [row.relname, row]));
}

/** `tableCounters` differences per event, for the tables the events touched. */
function tablesPerEvent(before, after, events) {
  const lines = [];
  for (const [name, end] of Object.entries(after)) {
    const start = before[name] ?? { seq: 0, seq_rows: 0, idx: 0, idx_rows: 0 };
    const d = (key) => (Number(end[key]) - Number(start[key])) / events;
    if (d('seq') + d('idx') < 0.05) continue;
    lines.push(
      `${name} ${d('seq').toFixed(2)} seq scans (${d('seq_rows').toFixed(1)} rows), ${d('idx').toFixed(2)} index scans (${d('idx_rows').toFixed(1)} rows)`,
    );
  }
  return lines.join('; ');
}

/**
 * The server's statements of the player events' reads and writes by batch size (written by each server process
 * at its exit into `dir`, LOCI_BATCH_STATS_DIR): statements, events, the mean batch and time in flight of each.
 */
function groupedSummary(dir) {
  const total = { reads: new Map(), writes: new Map() };
  const busyMs = { reads: 0, writes: 0 };
  for (const file of readdirSync(dir)) {
    const stats = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    for (const kind of ['reads', 'writes']) {
      busyMs[kind] += stats.busyMs?.[kind] ?? 0;
      for (const [size, count] of Object.entries(stats[kind])) {
        total[kind].set(Number(size), (total[kind].get(Number(size)) ?? 0) + count);
      }
    }
  }
  return ['reads', 'writes']
    .map((kind) => {
      const sizes = [...total[kind]].sort((a, b) => a[0] - b[0]);
      const statements = sizes.reduce((sum, [, count]) => sum + count, 0);
      const events = sizes.reduce((sum, [size, count]) => sum + size * count, 0);
      const largest = sizes.at(-1)?.[0] ?? 0;
      const mean = statements ? `${(busyMs[kind] / statements).toFixed(2)} ms` : '–';
      return `${kind} ${statements} statements for ${events} events, mean batch ${statements ? (events / statements).toFixed(1) : '–'}, largest ${largest}, ${mean} in flight each (${(busyMs[kind] / 1000).toFixed(1)} s in all)`;
    })
    .join('; ');
}

async function rowSizes() {
  const client = new pg.Client({ connectionString: urlOf(PLAY_DB) });
  await client.connect();
  try {
    const one = async (sql) => Number((await client.query(sql)).rows[0]?.size ?? 0);
    return {
      player: await one('SELECT avg(pg_column_size(state))::int AS size FROM player_states'),
      world: await one('SELECT avg(pg_column_size(world))::int AS size FROM game_instances'),
      records: await one('SELECT count(*)::int AS size FROM gameplay_records'),
    };
  } finally {
    await client.end();
  }
}

/** pgbench -i, then -N (simple-update) with C clients and 2 threads for DURATION s; tps and latency percentiles from its log. */
function runPgbench() {
  const url = urlOf(PGBENCH_DB);
  const init = spawnSync(PGBENCH, ['-i', '-q', url], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'loci-pgbench-'));
  const args = [
    '-N',
    '-c',
    String(CONCURRENCY),
    '-j',
    '2',
    '-T',
    String(DURATION_S),
    '-l',
    '--log-prefix',
    path.join(logDir, 'log'),
    url,
  ];
  const run = spawnSync(PGBENCH, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1]);
  const latencies = [];
  for (const file of readdirSync(logDir)) {
    for (const line of readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
      const micros = Number(line.split(' ')[2]);
      if (Number.isFinite(micros) && line) latencies.push(micros / 1000);
    }
  }
  rmSync(logDir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  return {
    tps,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    command: `pgbench ${args.slice(0, -1).join(' ')}`,
  };
}

const admin = new pg.Client({ connectionString: SERVER_URL });
try {
  await admin.connect();
} catch (error) {
  if (error?.code === 'ECONNREFUSED') {
    console.log(`PostgreSQL at ${SERVER_URL} is not reachable: skipped`);
    process.exit(0);
  }
  throw error;
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loci-bench-play-'));
const statsDir = mkdtempSync(path.join(os.tmpdir(), 'loci-bench-play-stats-'));
let server;
try {
  await recreateDatabase(admin, PLAY_DB);
  await recreateDatabase(admin, PGBENCH_DB);
  const { game, players } = await seed(dataDir);
  server = await startServer({
    dataDir,
    databaseUrl: urlOf(PLAY_DB),
    fromSource: FROM_SOURCE,
    logLevel: LOG_LEVEL,
    env: { LOCI_WORKERS: String(WORKERS), LOCI_BATCH_STATS_DIR: statsDir, ...(WORKERS > 1 ? { REDIS_URL } : {}) },
    nodeArgs: PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : [],
  });
  console.log(
    `Server: ${FROM_SOURCE ? 'apps/server/src (tsx)' : 'apps/server/dist'} on ${urlOf(PLAY_DB)}, LOG_LEVEL=${LOG_LEVEL}, LOCI_WORKERS=${WORKERS}; ` +
      `${CONCURRENCY} players, one instance and one connection each; ${WARMUP_S} s warm-up, ${DURATION_S} s measured.`,
  );

  const pid = server.child.pid;
  const stats = new pg.Client({ connectionString: urlOf(PLAY_DB) });
  await stats.connect();
  const probe = async () => ({
    tables: await tableCounters(stats),
    cpu: cpuMs(pid),
    backends: backendsCpuMs(PLAY_DB),
    client: process.cpuUsage(),
    machine: machineJiffies(),
    counters: await databaseCounters(admin),
  });
  const play = await drivePlayers(server.baseUrl, game, players, probe);
  const serverCpu = play.atEnd.cpu - play.atStart.cpu;
  const backendsCpu = play.atEnd.backends - play.atStart.backends;
  const clientCpu =
    (play.atEnd.client.user + play.atEnd.client.system - play.atStart.client.user - play.atStart.client.system) / 1000;
  const coreShare = (ms) => `${((ms / DURATION_S / 1000) * 100).toFixed(0)} %`;
  const machineBusy =
    (play.atEnd.machine.busy - play.atStart.machine.busy) / (play.atEnd.machine.total - play.atStart.machine.total);
  const [beforeCounters, afterCounters] = [play.atStart.counters, play.atEnd.counters];
  // The statistics collector publishes a backend's counters within ~0.5 s: read the tables' a moment later.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const tablesAtEnd = await tableCounters(stats);
  await stats.end();
  const sizes = await rowSizes();
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  server = undefined;

  const bench = runPgbench();
  const perEvent = (key) => ((afterCounters[key] - beforeCounters[key]) / play.events).toFixed(1);
  const cpu = os.cpus();
  console.log(
    `\nMachine: ${cpu[0]?.model ?? 'unknown'} × ${cpu.length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${
      process.version
    }, ${(await admin.query('SHOW server_version')).rows[0].server_version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${new Date().toISOString()}\n`,
  );
  console.log(`| C = ${CONCURRENCY} | per second | p50 | p99 |`);
  console.log('|---|---:|---:|---:|');
  console.log(
    `| Loci: POST /api/play/instances/{id}/events (${MIX ? `the realistic mix: ${JSON.stringify(play.kinds)}` : 'location'}), answered 200 | ${play.rate.toFixed(0)} events/s | ${play.p50.toFixed(1)} ms | ${play.p99.toFixed(1)} ms |`,
  );
  console.log(
    `| pgbench -N (simple-update) | ${bench.tps.toFixed(0)} tps | ${bench.p50.toFixed(1)} ms | ${bench.p99.toFixed(1)} ms |`,
  );
  console.log(`\nRatio Loci / pgbench: ${(play.rate / bench.tps).toFixed(2)} (target ≥ 0.5)`);
  console.log(`Answers in the window: ${JSON.stringify(play.statuses)}; answer size ${play.answerBytes.toFixed(0)} B.`);
  console.log(
    `Measured window, CPU as a share of one core: the server process ${coreShare(serverCpu)} ` +
      `(${(serverCpu / play.events).toFixed(2)} ms per event), the PostgreSQL backends of the play database ` +
      `${coreShare(backendsCpu)} (${(backendsCpu / play.events).toFixed(2)} ms per event), this bench's client ` +
      `${coreShare(clientCpu)}; the whole machine (2 cores = 200 %) ${(machineBusy * 200).toFixed(0)} %.`,
  );
  console.log(
    `Per event, PostgreSQL: ` +
      `${perEvent('commits')} commits, ${perEvent('returned')} rows scanned, ${perEvent('fetched')} fetched, ` +
      `${perEvent('inserted')} inserted, ${perEvent('updated')} updated, ${perEvent('hits')} buffer hits.`,
  );
  console.log(`Grouped statements (the whole run, warm-up included): ${groupedSummary(statsDir)}.`);
  console.log(`Per event, by table: ${tablesPerEvent(play.atStart.tables, tablesAtEnd, play.events)}.`);
  console.log(
    `Stored: player state ${sizes.player} B, world ${sizes.world} B (pg_column_size, averages); ${sizes.records} gameplay records.`,
  );
  console.log(`pgbench: ${bench.command} postgres://…/${PGBENCH_DB} (after pgbench -i -q)`);
} finally {
  if (server) server.child.kill('SIGTERM');
  // BENCH_KEEP_DB=1 keeps the play database for a look at its plans (EXPLAIN) after the run.
  if (!process.env.BENCH_KEEP_DB) await admin.query(`DROP DATABASE IF EXISTS ${PLAY_DB} WITH (FORCE)`).catch(() => {});
  await admin.query(`DROP DATABASE IF EXISTS ${PGBENCH_DB} WITH (FORCE)`).catch(() => {});
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(statsDir, { recursive: true, force: true });
}
