// Operators at scale (issue 12 item 6), on the built server and PostgreSQL:
// - the live map of a game with BENCH_PLAYERS (5,000) players, each in their
//   own instance, as the operator's page refreshes it every 10 s: the server's
//   CPU per refresh, and its share of one core at one refresh per 10 s;
// - the analytics of the version with BENCH_RECORDS (100,000) gameplay records
//   of those players: the answer's time and size.
// The game is the harbour game built and published through the API; one player
// plays it through the API (start, walk to the pier), and that instance, its
// player row and its records are then copied in SQL to the sizes above
// (bench/support/operators-data.mjs, shared with bench/operators-ui).
// `npm run bench -- operators`. Knobs: BENCH_DATABASE_URL (a PostgreSQL server,
// default postgres://postgres@127.0.0.1:5432/postgres), BENCH_PLAYERS,
// BENCH_RECORDS, BENCH_REFRESHES (10), BENCH_WORKERS (server processes, default
// the server's own: the cores), BENCH_REDIS_URL (redis://127.0.0.1:6379).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { cpuMs, postgresCpu, postgresCpuMsBetween } from './support/proc.mjs';
import { scaleUpOperatorsGame, seedOperatorsGame } from './support/operators-data.mjs';
import { recreateDatabase, startServer, urlOf as databaseUrlOf } from './support/server.mjs';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 5_000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const REFRESHES = Number(process.env.BENCH_REFRESHES ?? 10);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DB = 'loci_bench_operators';
const url = databaseUrlOf(SERVER_URL, DB);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs `call` n times one after another; the server's and PostgreSQL's CPU per call and the median time. */
async function measure(serverPid, n, call) {
  await call(); // warm
  const times = [];
  let bytes = 0;
  const cpu0 = cpuMs(serverPid);
  const pg0 = postgresCpu();
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    bytes = await call();
    times.push(performance.now() - t0);
  }
  return {
    median: median(times),
    serverCpu: (cpuMs(serverPid) - cpu0) / n,
    pgCpu: postgresCpuMsBetween(pg0, postgresCpu()) / n,
    bytes,
  };
}

async function main() {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await recreateDatabase(admin, DB);
  await admin.end();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loci-bench-operators-'));
  const { owner, game, instanceId } = await seedOperatorsGame({ dataDir, databaseUrl: url });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = performance.now();
  const counts = await scaleUpOperatorsGame(client, { instanceId, players: PLAYERS, records: RECORDS });
  console.log(
    `data: ${counts.players} players in ${counts.players} instances, ${counts.records} gameplay records ` +
      `(generated in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  await client.end();

  const env = { REDIS_URL };
  if (process.env.BENCH_WORKERS) env.LOCI_WORKERS = process.env.BENCH_WORKERS;
  const { child, baseUrl } = await startServer({ dataDir, databaseUrl: url, env });
  try {
    const get = async (route) => {
      const res = await fetch(`${baseUrl}${route}`, { headers: owner.headers });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${body.slice(0, 300)}`);
      return body.length;
    };
    const load = () =>
      os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ');
    const map = await measure(child.pid, REFRESHES, () =>
      get(`/api/manage/gameInstances/${game.gameId}/playerStates?showType=both`),
    );
    console.log(
      `live map (${counts.players} players): ${map.median.toFixed(0)} ms median, ` +
        `${(map.bytes / 1024).toFixed(0)} KB, server CPU ${map.serverCpu.toFixed(0)} ms per refresh = ` +
        `${(map.serverCpu / 100).toFixed(1)} % of one core at one refresh per 10 s; PostgreSQL CPU ` +
        `${map.pgCpu.toFixed(0)} ms per refresh; load ${load()}`,
    );
    const analytics = await measure(child.pid, Math.max(3, Math.floor(REFRESHES / 2)), () =>
      get(`/api/analytics/${game.versionId}`),
    );
    console.log(
      `analytics (${counts.records} records, ${counts.players} players): ${analytics.median.toFixed(0)} ms median, ` +
        `${(analytics.bytes / 1024 / 1024).toFixed(1)} MB, server CPU ${analytics.serverCpu.toFixed(0)} ms, ` +
        `PostgreSQL CPU ${analytics.pgCpu.toFixed(0)} ms per answer; load ${load()}`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
