// A start storm (issue 25 §3): the city game of bench/city (50 geofences, stands, crates) on PostgreSQL and
// Redis with the server's default workers; BENCH_WALKERS players already walking (a location every 5 s, spread
// over the 5 s) while BENCH_STARTERS more start within BENCH_STORM_S seconds (evenly spread), then walk too.
// Prints start p50/p99 and the walkers' event p50/p99 during the storm, the errors, and the load average. The
// target (issue 25): 1,000 starts within a minute while 1,000 walk — start p99 < 500 ms, event p99 < 200 ms.
// `npm run bench -- start-storm`. Knobs: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_REDIS_URL (redis://127.0.0.1:6379), BENCH_WALKERS (1000), BENCH_STARTERS (1000), BENCH_STORM_S (60),
// BENCH_WORKERS (server processes; default the server's own), BENCH_FROM_SOURCE=1 (run apps/server/src with tsx
// instead of the build). Walkers are apps of protocol 2 (they hold their view and are answered what changed), as
// the web player is.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { cpuMs, machineJiffies, postgresCpu, postgresCpuMsBetween } from './support/proc.mjs';
import { apiClient, createAccounts, ownConnection, percentile, sleep } from './support/clients.mjs';
import { recreateDatabase, startPhonesServer, urlOf as databaseUrlOf } from './support/server.mjs';
import { heldView, PERIOD_MS, seedGame, stepWalk, walker } from './support/city-game.mjs';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WALKERS = Number(process.env.BENCH_WALKERS ?? 1000);
const STARTERS = Number(process.env.BENCH_STARTERS ?? 1000);
const STORM_S = Number(process.env.BENCH_STORM_S ?? 60);
const STARTERS_WALK = process.env.BENCH_STARTERS_WALK !== '0';
const DB = 'loci_bench_start_storm';
const url = databaseUrlOf(SERVER_URL, DB);
const figures = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p99 ${percentile(sorted, 0.99).toFixed(0)} ms (${sorted.length})`;
};

async function main() {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await recreateDatabase(admin, DB);
  await admin.end();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loci-bench-start-storm-'));
  const { gameId } = await seedGame(dataDir, url);
  const accounts = await createAccounts({ dataDir, databaseUrl: url, count: WALKERS + STARTERS });
  const { child, baseUrl } = await startPhonesServer({
    dataDir,
    databaseUrl: url,
    redisUrl: REDIS_URL,
    fromSource: process.env.BENCH_FROM_SOURCE === '1',
  });
  const api = apiClient(baseUrl);
  const { call } = api;
  let errors = 0;
  const note = (what) => {
    errors += 1;
    if (errors <= 3) console.log(`  ${what}`);
  };
  const start = async (account) => {
    const held = heldView();
    // A phone's calls go over its own connection, kept alive (bench/city says why).
    const connection = ownConnection();
    const t0 = performance.now();
    const res = await call('POST', `/api/play/games/${gameId}/instances`, account.token, held.body({}), connection);
    const ms = performance.now() - t0;
    if (res.status !== 201 && res.status !== 200) {
      note(`start answered ${res.status}: ${res.text.slice(0, 200)}`);
      return null;
    }
    const answer = JSON.parse(res.text);
    held.read(answer);
    return {
      account,
      instanceId: answer.instanceId,
      held,
      connection,
      walk: walker(Math.floor(Math.random() * 50)),
      ms,
    };
  };

  try {
    // The walkers start before the storm (40 at a time) and walk until it is over.
    const walking = [];
    for (let k = 0; k < WALKERS; k += 40) {
      const started = await Promise.all(accounts.slice(k, Math.min(k + 40, WALKERS)).map(start));
      walking.push(...started.filter(Boolean));
    }
    let storming = true;
    const eventMs = [];
    const walk = async (player, offset) => {
      await sleep(offset);
      while (storming) {
        const tick = performance.now();
        stepWalk(player.walk);
        const t0 = performance.now();
        const res = await call(
          'POST',
          `/api/play/instances/${player.instanceId}/events`,
          player.account.token,
          player.held.body({ type: 'location', ...player.walk.at }),
          player.connection,
        ).catch((error) => ({ status: 0, text: error.message }));
        if (storming) eventMs.push(performance.now() - t0);
        if (res.status !== 200) note(`event answered ${res.status}: ${res.text.slice(0, 200)}`);
        else player.held.read(JSON.parse(res.text));
        await sleep(Math.max(0, PERIOD_MS - (performance.now() - tick)));
      }
    };
    const loops = walking.map((player, index) => walk(player, (index / walking.length) * PERIOD_MS));
    await sleep(PERIOD_MS);
    eventMs.length = 0;
    const load0 = os.loadavg()[0];
    const cpu0 = cpuMs(child.pid);
    const pg0 = postgresCpu();
    const machine0 = machineJiffies();
    const bench0 = process.cpuUsage();
    const storm0 = performance.now();
    // The storm: STARTERS starts spread evenly over STORM_S seconds; each starter walks once started.
    const startMs = [];
    const gap = (STORM_S * 1000) / Math.max(1, STARTERS);
    const storm = accounts.slice(WALKERS).map(async (account, index) => {
      await sleep(index * gap);
      const started = await start(account);
      if (!started) return;
      startMs.push(started.ms);
      if (STARTERS_WALK) loops.push(walk(started, 0));
    });
    await Promise.all(storm);
    const duringEvents = [...eventMs];
    const serverMs = cpuMs(child.pid) - cpu0;
    const postgresMs = postgresCpuMsBetween(pg0, postgresCpu());
    const machine1 = machineJiffies();
    const machineBusy = (machine1.busy - machine0.busy) / (machine1.total - machine0.total);
    const benchUsage = process.cpuUsage(bench0);
    const benchMs = (benchUsage.user + benchUsage.system) / 1000;
    const stormMs = performance.now() - storm0;
    const serverCores = serverMs / stormMs;
    storming = false;
    await Promise.all(loops);
    const load1 = os.loadavg()[0];
    console.log(`start storm: ${STARTERS} starts within ${STORM_S} s while ${walking.length} walk`);
    console.log(`  starts: ${figures(startMs)}`);
    console.log(`  walkers' events during the storm: ${figures(duringEvents)}`);
    console.log(
      `  server CPU during the storm ${(serverCores * 100).toFixed(0)} % of one core; errors: ${errors}; ` +
        `load average ${load0.toFixed(1)} → ${load1.toFixed(1)}`,
    );
    console.log(
      `  the machine ${(machineBusy * 100).toFixed(0)} % busy (of ${os.cpus().length} cores): server ` +
        `${((serverMs / stormMs) * 100).toFixed(0)} %, PostgreSQL ${((postgresMs / stormMs) * 100).toFixed(0)} %, ` +
        `the bench's phones ${((benchMs / stormMs) * 100).toFixed(0)} % of one core`,
    );
    if (walking.length === 0 && !STARTERS_WALK && startMs.length > 0) {
      console.log(
        `  CPU per start: server ${(serverMs / startMs.length).toFixed(1)} ms, ` +
          `PostgreSQL ${(postgresMs / startMs.length).toFixed(1)} ms`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
