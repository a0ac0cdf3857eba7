// A city-wide event (issue 12 item 5): the built server (apps/server/dist,
// `npm run build` first) with its default workers on PostgreSQL and Redis; a
// published game of realistic size built through the API (50 geofences, each
// asking its own question, 50 objects and 50 offer stands in the world); N
// players, each signed in with a Socket.IO connection (websocket transport)
// watching their instance, walking at 1.4 m/s between the geofences and
// sending their location every 5 s (spread over the 5 s), answering the
// questions their walk triggers (after a 2 s think) and picking an offer at
// every geofence they enter; an operator's socket watches every instance and
// the operator's live map refreshes every 10 s. For growing N, one window of
// BENCH_DURATION seconds each: events/s, p50/p99 event latency (HTTP answer),
// push latency (event sent → the `instance` push on the operator's socket, and
// on the player's own), server and PostgreSQL CPU, RSS per connected player,
// the load average. Stops after the first N with p99 > 200 ms or errors.
// `npm run bench -- city`. Knobs: BENCH_DATABASE_URL (a PostgreSQL server,
// default postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL
// (redis://127.0.0.1:6379), BENCH_STEPS (N list, "100,250,500,1000,2000,3000,5000"),
// BENCH_DURATION (40 s), BENCH_WORKERS (server processes; default the server's own),
// BENCH_PROFILE_DIR (the server's processes run with --cpu-prof and write their profiles there),
// BENCH_KEEP_GOING=1 (measure every N of the list even past the limit), BENCH_LIVE_MAP_S (seconds
// between the operator's live map reads, 10; 0: none), BENCH_PROTOCOL (2: each walker's app holds its view and
// is answered what changed, as the web player is; 1: every answer the whole view, as before 2026-11-27),
// BENCH_SOAK_S (seconds the last N walk on after the steps, one window a minute with the server's RSS; 0: none).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';
import { SOCKET_EVENTS } from '@loci/domain';
import {
  apiClient,
  connectSocket as connect,
  createAccounts,
  ownConnection,
  percentile,
  sleep,
} from './support/clients.mjs';
import { cpuMs, postgresCpu, postgresCpuMsBetween, rssKb } from './support/proc.mjs';
import { recreateDatabase, startPhonesServer, urlOf as databaseUrlOf } from './support/server.mjs';
import { heldView, PERIOD_MS, seedGame, walker, walkWhile } from './support/city-game.mjs';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const STEPS = (process.env.BENCH_STEPS ?? '100,250,500,1000,2000,3000,5000').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 40);
// Go on past the first N over the limit (to see how the figures grow on a machine others load).
const KEEP_GOING = process.env.BENCH_KEEP_GOING === '1';
/** Seconds between the operator's live map reads; 0: no live map (to see what it costs the events). */
const LIVE_MAP_S = Number(process.env.BENCH_LIVE_MAP_S ?? 10);
const PROTOCOL = Number(process.env.BENCH_PROTOCOL ?? 2);
/** Seconds the last N keep walking after the steps, a window a minute, the server's memory read each minute. */
const SOAK_S = Number(process.env.BENCH_SOAK_S ?? 0);
const DB = 'loci_bench_city';
const url = databaseUrlOf(SERVER_URL, DB);
async function main() {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await recreateDatabase(admin, DB);
  await admin.end();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loci-bench-city-'));
  const { owner, gameId } = await seedGame(dataDir, url);
  const { child, baseUrl } = await startPhonesServer({ dataDir, databaseUrl: url, redisUrl: REDIS_URL });
  // The operator's calls and the starts share a pool; each walker's events go over a connection of its own, kept
  // alive between its events as a phone's is (the server keeps an idle connection 72 s), so a walker's events
  // reach the same server process as long as it walks — as a phone's do.
  const api = apiClient(baseUrl);
  const { call } = api;
  const operator = await connect(baseUrl, owner.token);
  /** Event send times per instance not yet seen pushed, for the operator's socket and the player's own. */
  const pendingOperator = new Map();
  const pushOperator = [];
  const pushPlayer = [];
  const takePending = (pending, instanceId, list) => {
    const queue = pending.get(instanceId);
    if (!queue || queue.length === 0) return;
    list.push(performance.now() - queue.shift());
  };
  operator.on(SOCKET_EVENTS.instance, ({ instanceId }) => takePending(pendingOperator, instanceId, pushOperator));

  const idle = { rss: rssKb(child.pid) };
  const players = [];
  const results = [];
  const soak = [];
  /** One window of `seconds`: every player walks and acts; the figures of the window (and prints them). */
  const measureWindow = async (n, seconds, rssLoaded, label) => {
    // The window: every player sends its location every 5 s (offset over the period), answers and picks.
    const latencies = [];
    let errors = 0;
    let sent = 0;
    const counts = { answers: 0, picks: 0 };
    let answerBytes = 0;
    let wholeViews = 0;
    pushOperator.length = 0;
    pushPlayer.length = 0;
    pendingOperator.clear();
    const sendNow = async (player, event) => {
      const queue = pendingOperator.get(player.instanceId) ?? [];
      const t0 = performance.now();
      queue.push(t0);
      pendingOperator.set(player.instanceId, queue);
      player.pendingOwn.push(t0);
      sent += 1;
      try {
        const res = await call(
          'POST',
          `/api/play/instances/${player.instanceId}/events`,
          player.account.token,
          player.held.body(event),
          player.connection,
        );
        latencies.push(performance.now() - t0);
        answerBytes += Buffer.byteLength(res.text);
        if (res.status !== 200) {
          errors += 1;
          if (errors <= 3) console.log(`  event answered ${res.status}: ${res.text.slice(0, 200)}`);
          return null;
        }
        const answer = JSON.parse(res.text);
        if (answer.view) wholeViews += 1;
        player.held.read(answer);
        return answer;
      } catch (error) {
        errors += 1;
        if (errors <= 3) console.log(`  event failed: ${error.message}`);
        return null;
      }
    };
    // A walker's events leave one at a time, in order, each with the revision held when it leaves — as the
    // web player's queue sends them (docs/web-player.md).
    const send = (player, event) => {
      const next = player.chain.then(() => sendNow(player, event));
      player.chain = next;
      return next;
    };
    const end = performance.now() + seconds * 1000;
    // The walkers' own process: a late event loop here is latency the server did not cause.
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const benchCpu0 = process.cpuUsage();
    const cpu0 = cpuMs(child.pid);
    const pg0 = postgresCpu();
    const t0 = performance.now();
    const running = () => performance.now() < end;
    const loops = players.map((player, index) =>
      walkWhile(player, { send, running, counts, offsetMs: (index / players.length) * PERIOD_MS }),
    );
    // The operator's live map, every LIVE_MAP_S (10) s.
    const mapTimes = [];
    const mapLoop = (async () => {
      while (LIVE_MAP_S > 0 && performance.now() < end) {
        const m0 = performance.now();
        const res = await call('GET', `/api/manage/gameInstances/${gameId}/playerStates?showType=both`, owner.token);
        if (res.status !== 200) errors += 1;
        mapTimes.push(performance.now() - m0);
        await sleep(LIVE_MAP_S * 1000);
      }
    })();
    await Promise.all([...loops, mapLoop]);
    const elapsed = (performance.now() - t0) / 1000;
    lag.disable();
    const benchCpu = process.cpuUsage(benchCpu0);
    const serverCpu = (cpuMs(child.pid) - cpu0) / 1000 / elapsed;
    const pgCpu = postgresCpuMsBetween(pg0, postgresCpu()) / 1000 / elapsed;
    await sleep(1_000);
    latencies.sort((a, b) => a - b);
    pushOperator.sort((a, b) => a - b);
    pushPlayer.sort((a, b) => a - b);
    const row = {
      n,
      eventsPerS: latencies.length / elapsed,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      pushOpP50: percentile(pushOperator, 0.5),
      pushOpP99: percentile(pushOperator, 0.99),
      pushOwnP50: percentile(pushPlayer, 0.5),
      pushOwnP99: percentile(pushPlayer, 0.99),
      serverCores: serverCpu,
      pgCores: pgCpu,
      rssPerPlayerKb: (rssLoaded - idle.rss) / n,
      rssKb: rssKb(child.pid),
      serverCpuPerEventMs: (serverCpu * 1000) / (latencies.length / elapsed),
      answerKb: answerBytes / 1024 / Math.max(1, latencies.length),
      benchCores: (benchCpu.user + benchCpu.system) / 1e6 / elapsed,
      benchLagP99: lag.percentile(99) / 1e6,
      mapP50: percentile(
        mapTimes.sort((a, b) => a - b),
        0.5,
      ),
      errors,
      sent,
      answers: counts.answers,
      picks: counts.picks,
      load: os.loadavg()[0],
    };
    console.log(
      `${label ?? `N=${n}`}: ${row.eventsPerS.toFixed(0)} events/s (${counts.answers} answers, ${counts.picks} picks), latency p50 ${row.p50.toFixed(1)} ms ` +
        `p99 ${row.p99.toFixed(1)} ms; push → operator p50 ${row.pushOpP50.toFixed(1)} p99 ${row.pushOpP99.toFixed(1)} ms, ` +
        `→ player p50 ${row.pushOwnP50.toFixed(1)} p99 ${row.pushOwnP99.toFixed(1)} ms; server ${(serverCpu * 100).toFixed(0)} % ` +
        `(${row.serverCpuPerEventMs.toFixed(2)} ms an event) PostgreSQL ${(pgCpu * 100).toFixed(0)} % of one core; ` +
        `answers ${row.answerKb.toFixed(1)} KB (protocol ${PROTOCOL}, ${wholeViews} with the whole view); RSS ${row.rssPerPlayerKb.toFixed(0)} KB/player; ` +
        `the walkers' process ${(row.benchCores * 100).toFixed(0)} % of one core, its event loop late by up to ` +
        `${row.benchLagP99.toFixed(0)} ms (p99); live map ${LIVE_MAP_S > 0 ? `${row.mapP50.toFixed(0)} ms` : 'off'}; errors ${errors}/${sent}; load ${row.load.toFixed(2)}`,
    );
    return row;
  };
  try {
    for (const n of STEPS) {
      // Grow to n players: accounts, a started instance, a socket watching it; the operator watches it too.
      const more = n - players.length;
      const accounts = await createAccounts({ dataDir, databaseUrl: url, from: players.length, count: more });
      for (let k = 0; k < accounts.length; k += 40)
        await Promise.all(
          accounts.slice(k, k + 40).map(async (account, offset) => {
            const held = heldView(PROTOCOL);
            const started = await call('POST', `/api/play/games/${gameId}/instances`, account.token, held.body({}));
            if (started.status !== 201) throw new Error(`start answered ${started.status}: ${started.text}`);
            const startAnswer = JSON.parse(started.text);
            const { instanceId } = startAnswer;
            held.read(startAnswer);
            const socket = await connect(baseUrl, account.token);
            const pendingOwn = [];
            socket.on(SOCKET_EVENTS.instance, () => {
              if (pendingOwn.length) pushPlayer.push(performance.now() - pendingOwn.shift());
            });
            for (const watcher of [socket, operator]) {
              const ack = await watcher.timeout(10_000).emitWithAck(SOCKET_EVENTS.watch, { instanceId });
              if (!ack.ok) throw new Error(`watch refused: ${JSON.stringify(ack)}`);
            }
            const connection = ownConnection();
            players.push({
              account,
              instanceId,
              socket,
              pendingOwn,
              held,
              connection,
              chain: Promise.resolve(null),
              walk: walker(players.length + offset),
            });
          }),
        );
      await sleep(2_000);
      const rssLoaded = rssKb(child.pid);

      const row = await measureWindow(n, DURATION_S, rssLoaded);
      results.push(row);
      if ((row.p99 > 200 || row.errors > 0) && !KEEP_GOING) break;
    }
    // The soak: the last N keep walking, a window a minute, the server's resident memory read each time.
    if (SOAK_S > 0 && players.length > 0) {
      const rssLoaded = rssKb(child.pid);
      for (let minute = 1; minute <= Math.ceil(SOAK_S / 60); minute += 1) {
        const row = await measureWindow(players.length, 60, rssLoaded, `soak ${players.length}, minute ${minute}`);
        soak.push(row);
      }
      const first = soak[0].rssKb;
      const last = soak.at(-1).rssKb;
      console.log(
        `soak: server RSS ${(first / 1024).toFixed(0)} MB after the first minute, ${(last / 1024).toFixed(0)} MB after ` +
          `${soak.length} (${(((last - first) / 1024) * (60 / Math.max(1, soak.length - 1))).toFixed(1)} MB an hour at that rate)`,
      );
    }
  } finally {
    for (const player of players) {
      player.socket.close();
      await player.connection.close();
    }
    operator.close();
    await api.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  const held = results.filter((row) => row.p99 <= 200 && row.errors === 0).at(-1);
  console.log(`largest N held with p99 < 200 ms and no errors: ${held ? held.n : 'none'}`);
}

await main();
