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
// between the operator's live map reads, 10; 0: none).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { io } from 'socket.io-client';
import { Agent, request } from 'undici';
import { REALTIME_PATH, SOCKET_EVENTS } from '@loci/domain';
import { createUser } from '../apps/server/src/test/factories.ts';
import { createEntity, designRequest, designValues, insertEntities } from '../apps/server/src/test/design-factories.ts';
import { createPlayableGame, PIER, PIER_YEAR, publishVersionOf } from '../apps/server/src/test/play-factories.ts';
import { cpuMs, postgresCpu, postgresCpuMsBetween, rssKb } from './support/proc.mjs';
import { recreateDatabase, startServer, urlOf as databaseUrlOf, withApp } from './support/server.mjs';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const STEPS = (process.env.BENCH_STEPS ?? '100,250,500,1000,2000,3000,5000').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 40);
// Go on past the first N over the limit (to see how the figures grow on a machine others load).
const KEEP_GOING = process.env.BENCH_KEEP_GOING === '1';
/** Seconds between the operator's live map reads; 0: no live map (to see what it costs the events). */
const LIVE_MAP_S = Number(process.env.BENCH_LIVE_MAP_S ?? 10);
const DB = 'loci_bench_city';
const url = databaseUrlOf(SERVER_URL, DB);
const PERIOD_MS = 5_000;
const SPEED = 1.4; // m/s
const M_PER_DEG_LAT = 111_320;
const M_PER_DEG_LNG = M_PER_DEG_LAT * Math.cos((PIER.latitude * Math.PI) / 180);
const GRID = 7; // 7 × 7 + the pier = 50 geofences
const SPACING_M = 120;
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The grid of geofences around the pier (the pier is the first). */
const spots = [PIER];
for (let i = 0; i < GRID; i += 1)
  for (let j = 0; j < GRID; j += 1)
    if (spots.length < 50)
      spots.push({
        latitude: PIER.latitude + ((i - 3) * SPACING_M + 60) / M_PER_DEG_LAT,
        longitude: PIER.longitude + ((j - 3) * SPACING_M + 60) / M_PER_DEG_LNG,
      });

/** The game: the harbour game (publish: false) grown through the API to 50 geofences, then published. */
async function seedGame(dataDir) {
  return withApp({ dataDir, databaseUrl: url }, async (app) => {
    const owner = await createUser(app.ctx, { role: 'designer', name: 'City Operator' });
    const game = await createPlayableGame(app, owner, { publish: false, offerQuantity: 1_000_000 });
    const { gameId, scene } = game;
    const put = async (body) => {
      const res = await designRequest(app, owner, 'POST', `/api/design/${gameId}/initialStates/current`, body);
      if (res.statusCode >= 300) throw new Error(`placing answered ${res.statusCode}: ${res.body}`);
    };
    const [archetype] = await insertEntities(app.ctx, gameId, 'archetype', 1);
    for (let k = 1; k < spots.length; k += 1) {
      const spot = spots[k];
      const location = await createEntity(
        app,
        owner,
        gameId,
        'location',
        designValues('location', { sceneId: scene.id }, { name: `spot ${k}`, lat: spot.latitude, lng: spot.longitude }),
      );
      const question = await createEntity(app, owner, gameId, 'interaction', {
        type: 'INTER_ANSWER_QUESTION',
        name: `question ${k}`,
        notes: '',
        title: `Spot ${k}`,
        buttonLabel: 'Answer',
        description: '<p>When was the pier built?</p>',
        mediaId: null,
        direction: { isDirection: false, title: '' },
        questions: [
          {
            title: 'Which year?',
            description: '<p>The year on the plaque</p>',
            qType: 'openEnded',
            dType: 'number',
            hasCorrectAnswer: true,
            correctAnswer: PIER_YEAR,
            attempts: 2,
            hint: 'Read the plaque',
          },
        ],
      });
      await createEntity(app, owner, gameId, 'rule', {
        name: `ask at spot ${k}`,
        notes: '',
        sceneId: scene.id,
        trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: location.id },
        triggerPreconditions: [],
        sideeffects: [
          { actorId: 'system', actionName: 'askQuestion', actionArgs: { what: question.id }, notify: false },
        ],
        sideeffectselse: [],
        fireOnce: true,
      });
      await put({
        name: `stand ${k}`,
        sceneId: scene.id,
        offerId: game.offer.id,
        payload: { label: `Stand ${k}` },
        location: spot,
        type: 'offer',
        quantity: 1_000_000,
      });
    }
    for (let k = 0; k < spots.length; k += 1)
      await put({
        name: `crate ${k}`,
        sceneId: scene.id,
        archetypeId: archetype.id,
        payload: { label: `Crate ${k}` },
        location: spots[k],
        type: 'object',
      });
    const versionId = await publishVersionOf(app, owner, gameId);
    return { owner, gameId, versionId };
  });
}

/** `count` more player accounts (straight in the database, like a sign-up; tokens signed as the server signs them). */
async function createPlayers(dataDir, from, count) {
  return withApp({ dataDir, databaseUrl: url }, async (app) => {
    const players = [];
    for (let i = from; i < from + count; i += 1) players.push(await createUser(app.ctx, { name: `Walker ${i}` }));
    return players;
  });
}

/** One walker: a position, the geofence it walks to next, and its timers. */
function walker(index) {
  const start = spots[index % spots.length];
  // Start 30–90 m off a geofence, in a random direction.
  const angle = Math.random() * 2 * Math.PI;
  const distance = 30 + Math.random() * 60;
  return {
    at: {
      latitude: start.latitude + (Math.sin(angle) * distance) / M_PER_DEG_LAT,
      longitude: start.longitude + (Math.cos(angle) * distance) / M_PER_DEG_LNG,
    },
    target: spots[Math.floor(Math.random() * spots.length)],
  };
}

/** Moves `w` one period towards its target at walking speed; a new target once there. */
function stepWalk(w) {
  const dy = (w.target.latitude - w.at.latitude) * M_PER_DEG_LAT;
  const dx = (w.target.longitude - w.at.longitude) * M_PER_DEG_LNG;
  const d = Math.hypot(dx, dy);
  const move = (SPEED * PERIOD_MS) / 1000;
  if (d <= move) {
    w.at = { ...w.target };
    w.target = spots[Math.floor(Math.random() * spots.length)];
  } else {
    w.at = {
      latitude: w.at.latitude + (dy / d) * (move / M_PER_DEG_LAT),
      longitude: w.at.longitude + (dx / d) * (move / M_PER_DEG_LNG),
    };
  }
}

/** Socket.IO client on the websocket transport, resolved once connected. */
function connect(baseUrl, token) {
  const socket = io(baseUrl, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: { token },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no socket connection within 10 s')), 10_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

async function main() {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await recreateDatabase(admin, DB);
  await admin.end();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loci-bench-city-'));
  const { owner, gameId } = await seedGame(dataDir);
  // A city's players connect from many addresses; here they all come from 127.0.0.1.
  const env = { REDIS_URL, LOCI_HANDSHAKE_RATE: '1000000' };
  if (process.env.BENCH_WORKERS) env.LOCI_WORKERS = process.env.BENCH_WORKERS;
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const { child, baseUrl } = await startServer({
    dataDir,
    databaseUrl: url,
    env,
    nodeArgs: profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
  });
  // Interrupted: the server (and its workers) goes too.
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      child.kill('SIGTERM');
      process.exit(1);
    });
  const dispatcher = new Agent({ connections: 256, keepAliveTimeout: 60_000 });
  const call = async (method, route, token, body) => {
    const res = await request(`${baseUrl}${route}`, {
      method,
      dispatcher,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    return { status: res.statusCode, text };
  };
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
  try {
    for (const n of STEPS) {
      // Grow to n players: accounts, a started instance, a socket watching it; the operator watches it too.
      const more = n - players.length;
      const accounts = await createPlayers(dataDir, players.length, more);
      for (let k = 0; k < accounts.length; k += 40)
        await Promise.all(
          accounts.slice(k, k + 40).map(async (account, offset) => {
            const started = await call('POST', `/api/play/games/${gameId}/instances`, account.token, {});
            if (started.status !== 201) throw new Error(`start answered ${started.status}: ${started.text}`);
            const { instanceId } = JSON.parse(started.text);
            const socket = await connect(baseUrl, account.token);
            const pendingOwn = [];
            socket.on(SOCKET_EVENTS.instance, () => {
              if (pendingOwn.length) pushPlayer.push(performance.now() - pendingOwn.shift());
            });
            for (const watcher of [socket, operator]) {
              const ack = await watcher.timeout(10_000).emitWithAck(SOCKET_EVENTS.watch, { instanceId });
              if (!ack.ok) throw new Error(`watch refused: ${JSON.stringify(ack)}`);
            }
            players.push({ account, instanceId, socket, pendingOwn, walk: walker(players.length + offset) });
          }),
        );
      await sleep(2_000);
      const rssLoaded = rssKb(child.pid);

      // The window: every player sends its location every 5 s (offset over the period), answers and picks.
      const latencies = [];
      let errors = 0;
      let sent = 0;
      let answers = 0;
      let picks = 0;
      pushOperator.length = 0;
      pushPlayer.length = 0;
      pendingOperator.clear();
      const send = async (player, event) => {
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
            event,
          );
          latencies.push(performance.now() - t0);
          if (res.status !== 200) {
            errors += 1;
            if (errors <= 3) console.log(`  event answered ${res.status}: ${res.text.slice(0, 200)}`);
            return null;
          }
          return JSON.parse(res.text);
        } catch (error) {
          errors += 1;
          if (errors <= 3) console.log(`  event failed: ${error.message}`);
          return null;
        }
      };
      const end = performance.now() + DURATION_S * 1000;
      const cpu0 = cpuMs(child.pid);
      const pg0 = postgresCpu();
      const t0 = performance.now();
      const loops = players.map(async (player, index) => {
        await sleep((index / players.length) * PERIOD_MS);
        while (performance.now() < end) {
          const tick = performance.now();
          stepWalk(player.walk);
          const answer = await send(player, { type: 'location', ...player.walk.at });
          const outputs = answer?.outputs ?? [];
          const asked = outputs.find((output) => output.action === 'askQuestion');
          if (asked && performance.now() < end) {
            const { interactionId } = asked;
            setTimeout(() => {
              if (performance.now() >= end) return;
              answers += 1;
              void send(player, { type: 'answer', interactionId, answer: PIER_YEAR });
            }, 2_000);
          }
          // At a geofence: pick an offer from its stand, and the crate there when it is still on the ground
          // (one walker wins it; the others get a refusal); a crate carried from before is dropped here.
          const perceived = answer?.view?.perceived;
          if (perceived) {
            const nearest = (list) =>
              list.filter((item) => item.inRange && item.distance !== null).sort((a, b) => a.distance - b.distance)[0];
            const stand = nearest(perceived.offers);
            if (stand && stand.id !== player.lastStand) {
              player.lastStand = stand.id;
              picks += 1;
              void send(player, { type: 'offer', objectId: stand.id, action: 'pick' });
            }
            if (player.carrying) {
              if (stand) {
                void send(player, { type: 'drop', objectId: player.carrying });
                player.carrying = null;
              }
            } else {
              const crate = nearest(perceived.objects);
              if (crate) {
                picks += 1;
                player.carrying = crate.id;
                void send(player, { type: 'pick', objectId: crate.id });
              }
            }
          }
          await sleep(Math.max(0, PERIOD_MS - (performance.now() - tick)));
        }
      });
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
        mapP50: percentile(
          mapTimes.sort((a, b) => a - b),
          0.5,
        ),
        errors,
        sent,
        answers,
        picks,
        load: os.loadavg()[0],
      };
      results.push(row);
      console.log(
        `N=${n}: ${row.eventsPerS.toFixed(0)} events/s (${answers} answers, ${picks} picks), latency p50 ${row.p50.toFixed(1)} ms ` +
          `p99 ${row.p99.toFixed(1)} ms; push → operator p50 ${row.pushOpP50.toFixed(1)} p99 ${row.pushOpP99.toFixed(1)} ms, ` +
          `→ player p50 ${row.pushOwnP50.toFixed(1)} p99 ${row.pushOwnP99.toFixed(1)} ms; server ${(serverCpu * 100).toFixed(0)} % ` +
          `PostgreSQL ${(pgCpu * 100).toFixed(0)} % of one core; RSS ${row.rssPerPlayerKb.toFixed(0)} KB/player; ` +
          `live map ${LIVE_MAP_S > 0 ? `${row.mapP50.toFixed(0)} ms` : 'off'}; errors ${errors}/${sent}; load ${row.load.toFixed(2)}`,
      );
      if ((row.p99 > 200 || errors > 0) && !KEEP_GOING) break;
    }
  } finally {
    for (const player of players) player.socket.close();
    operator.close();
    await dispatcher.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  const held = results.filter((row) => row.p99 <= 200 && row.errors === 0).at(-1);
  console.log(`largest N held with p99 < 200 ms and no errors: ${held ? held.n : 'none'}`);
}

await main();
