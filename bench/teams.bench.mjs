// 200 teams × 4 phones against the clock (issue 28): the built server (apps/server/dist, `npm run build` first)
// with its default workers on PostgreSQL and Redis; the city game (bench/support/city-game.mjs: 50 geofences each
// asking a question, 50 offer stands, 50 crates) played in teams of BENCH_MEMBERS with a time limit of
// BENCH_LIMIT_MINUTES from each team's start, a timed rule "one minute left → a notification", a named timer
// started at every geofence ("timer spot has run out → a notification") and a time limit on every question.
// BENCH_TEAMS teams (100 to an event instance, the most one holds) are made by the organiser; every member's
// account is seeded as the test factories make them, joins its team with the team's code, starts and connects its
// socket (the first member of every team first: that starts the team's clock); once all have joined, every phone
// walks and sends its location every 5 s, answers the questions its team is asked — on every phone
// of the team at once, its own step's or a teammate's push — and picks at the stands (the team's shared state,
// four phones at once). The clock's timers come due while everyone walks: each team's warning, each team's time
// up (which ends the team's game: its phones stop) and the named timers.
// Prints: event p50/p99 (the HTTP answer of every member's event from the moment all have joined until every
// phone's game is over; also by event type: a pick, a drop or an offer changes the event's shared world and takes
// its instance's lock), timer lateness as the server measured it (due → the tick's commit: the histogram
// loci_clock_lateness_seconds of GET /metrics, summed over the workers; p50/p99 are bucket bounds), due → the
// phone (when each phone learnt of its team's warning, time up and named timer), server and PostgreSQL CPU, errors,
// the bench's own CPU and event-loop delay (its 800 sockets share one process: when it is saturated, so are its
// figures), and the load average during the run (min/mean/max of the 1-minute figure, every 5 s). Target: event p99 and
// timer lateness p99 < 1 s.
// `npm run bench -- teams`. Knobs: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_REDIS_URL (redis://127.0.0.1:6379), BENCH_TEAMS (200), BENCH_MEMBERS (4), BENCH_LIMIT_MINUTES (6),
// BENCH_STANDS=0 (the phones never pick, drop or take an offer: no event changes the shared world),
// BENCH_WORKERS (server processes; default the server's own), BENCH_PROFILE_DIR (the server's processes run with
// --cpu-prof and write their profiles there; read them with bench/support/cpuprofile-top.mjs).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';
import { SOCKET_EVENTS, TEAM_LIMITS } from '@loci/domain';
import { apiClient, connectSocket, createAccounts, percentile, sleep } from './support/clients.mjs';
import { CLOCK_MESSAGES, PERIOD_MS, THINK_MS, answerAsked, seedGame, walker, walkWhile } from './support/city-game.mjs';
import { cpuMs, postgresCpu, postgresCpuMsBetween } from './support/proc.mjs';
import { recreateDatabase, startPhonesServer, urlOf as databaseUrlOf } from './support/server.mjs';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TEAMS = Number(process.env.BENCH_TEAMS ?? 200);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 4);
const LIMIT_MINUTES = Number(process.env.BENCH_LIMIT_MINUTES ?? 6);
const WARN_MINUTES = 1;
const SPOT_TIMER_MINUTES = 0.5;
const QUESTION_SECONDS = 30;
/**
 * BENCH_THINK_SPREAD_MS: each phone thinks 2 s plus up to this long (uniform) before it answers (default 0: the
 * four phones of a team answer at once, the worst case). A phone whose teammate's answer reached it first does not
 * answer (its dialog closed), as the player's.
 */
const THINK_SPREAD_MS = Number(process.env.BENCH_THINK_SPREAD_MS ?? 0);
const thinkMs = () => THINK_MS + Math.random() * THINK_SPREAD_MS;
/** BENCH_STANDS=0: the phones walk and answer but never pick, drop or take an offer (nothing changes the world). */
const AT_STANDS = process.env.BENCH_STANDS !== '0';
/** After the last team's deadline, how long the phones may still wait to hear it. */
const TAIL_MS = 30_000;
/** Joins, starts and sockets made at once. */
const JOIN_AT_ONCE = 40;
const METRICS_TOKEN = 'bench-metrics-token-teams-0123456789';
const DB = 'loci_bench_teams';
const url = databaseUrlOf(SERVER_URL, DB);

/**
 * The bucket counts, count and sum of `loci_clock_lateness_seconds` in a Prometheus text answer, and the players'
 * events that took the lock by why (`loci_play_locked_events_total`).
 */
function latenessOf(text) {
  const buckets = new Map();
  const locked = new Map();
  let count = 0;
  let sum = 0;
  for (const line of text.split('\n')) {
    const bucket = /^loci_clock_lateness_seconds_bucket\{le="([^"]+)"\} (\S+)$/.exec(line);
    if (bucket) buckets.set(bucket[1], Number(bucket[2]));
    const total = /^loci_clock_lateness_seconds_(count|sum) (\S+)$/.exec(line);
    if (total?.[1] === 'count') count = Number(total[2]);
    if (total?.[1] === 'sum') sum = Number(total[2]);
    const lockedBy = /^loci_play_locked_events_total\{reason="([^"]+)"\} (\S+)$/.exec(line);
    if (lockedBy) locked.set(lockedBy[1], Number(lockedBy[2]));
  }
  return { buckets, count, sum, locked };
}

/** The bound of the first bucket holding the quantile `q` of the timers fired between two scrapes. */
function bucketQuantile(before, after, q) {
  const count = after.count - before.count;
  if (count === 0) return NaN;
  for (const [le, cumulative] of after.buckets) {
    if (cumulative - (before.buckets.get(le) ?? 0) >= q * count) return le === '+Inf' ? Infinity : Number(le);
  }
  return Infinity;
}

const figures = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p99 ${percentile(sorted, 0.99).toFixed(0)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms (${sorted.length})`;
};

async function main() {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await recreateDatabase(admin, DB);
  await admin.end();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loci-bench-teams-'));
  const { owner, gameId } = await seedGame(dataDir, url, {
    settings: {
      teams: { enabled: true, minSize: 1, maxSize: MEMBERS, playersFormTeams: false },
      timeLimit: { mode: 'duration', minutes: LIMIT_MINUTES, endsAt: null, endsGame: true },
    },
    questionSeconds: QUESTION_SECONDS,
    clock: { warnMinutes: WARN_MINUTES, spotTimerMinutes: SPOT_TIMER_MINUTES },
  });
  const accounts = await createAccounts({ dataDir, databaseUrl: url, count: TEAMS * MEMBERS, name: 'Member' });
  const { child, baseUrl } = await startPhonesServer({
    dataDir,
    databaseUrl: url,
    redisUrl: REDIS_URL,
    env: { LOCI_METRICS_TOKEN: METRICS_TOKEN },
  });
  const api = apiClient(baseUrl);
  const { call } = api;
  const scrape = async () => {
    const res = await call('GET', '/metrics', METRICS_TOKEN);
    if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
    return latenessOf(res.text);
  };
  const phones = [];
  let measuring = false;
  let stopped = false;
  const latencies = [];
  const byType = new Map();
  const dueToPhone = { warning: [], timeUp: [], timer: [] };
  const counts = { answers: 0, picks: 0 };
  let sent = 0;
  let errors = 0;
  let afterEnd = 0;
  const note = (what) => {
    errors += 1;
    if (errors <= 5) console.log(`  ${what}`);
  };

  /** What a phone learns from a view (its own answer's or a push's): a named timer's due time, its team's end. */
  const readView = (phone, view) => {
    const due = view?.clock?.timers?.spot;
    if (due) phone.spotDue = Date.parse(due);
    if (view?.finished && phone.finishedAt === null) {
      phone.finishedAt = Date.now();
      if (measuring) dueToPhone.timeUp.push(phone.finishedAt - phone.deadline);
    }
  };
  /** What a phone hears of its outputs: the clock's notifications (their lateness), questions to answer. */
  const readOutputs = (phone, outputs) => {
    for (const output of outputs) {
      if (output.action !== 'showNotification' || !measuring) continue;
      if (output.message === CLOCK_MESSAGES.timeWarning && !phone.warned) {
        phone.warned = true;
        dueToPhone.warning.push(Date.now() - (phone.deadline - WARN_MINUTES * 60_000));
      } else if (output.message === CLOCK_MESSAGES.spotTimer && phone.spotDue !== null) {
        const late = Date.now() - phone.spotDue;
        // The timer this notification is about (a later start would have moved the due time past now).
        if (late >= 0 && late < 60_000) dueToPhone.timer.push(late);
        phone.spotDue = null;
      }
    }
  };
  const playing = (phone) => () => !stopped && phone.finishedAt === null;
  const send = async (phone, event) => {
    const t0 = performance.now();
    sent += 1;
    try {
      const res = await call('POST', `/api/play/instances/${phone.instanceId}/events`, phone.account.token, event);
      if (measuring) {
        const ms = performance.now() - t0;
        latencies.push(ms);
        byType.set(event.type, [...(byType.get(event.type) ?? []), ms]);
      }
      if (res.status !== 200) {
        // The team's (or the whole event's) game ended while the event was on its way: not an error of the server.
        if (res.status === 409 && (phone.finishedAt !== null || Date.now() >= phone.deadline)) afterEnd += 1;
        else note(`event answered ${res.status}: ${res.text.slice(0, 200)}`);
        return null;
      }
      const answer = JSON.parse(res.text);
      readView(phone, answer.view);
      readOutputs(phone, answer.outputs ?? []);
      return answer;
    } catch (error) {
      note(`event failed: ${error.message}`);
      return null;
    }
  };

  const loops = [];
  const loads = [];
  const loadTimer = setInterval(() => measuring && loads.push(os.loadavg()[0]), 5_000);
  try {
    // The organiser's events: 100 teams each at most (TEAM_LIMITS.maxTeams).
    const teams = [];
    for (let made = 0; made < TEAMS; made += TEAM_LIMITS.maxTeams) {
      const teamCount = Math.min(TEAM_LIMITS.maxTeams, TEAMS - made);
      const res = await call('POST', `/api/manage/games/${gameId}/team-instances`, owner.token, { teamCount });
      if (res.status !== 201) throw new Error(`team instance answered ${res.status}: ${res.text}`);
      teams.push(...JSON.parse(res.text).teams);
    }
    /** A member joins with the code, starts (the first member starts the team and its clock), connects, walks. */
    const join = async (account, teamIndex, memberIndex) => {
      const joined = await call('POST', '/api/play/team-join', account.token, { code: teams[teamIndex].code });
      if (joined.status !== 200) throw new Error(`team-join answered ${joined.status}: ${joined.text}`);
      const started = await call('POST', `/api/play/games/${gameId}/instances`, account.token, {});
      if (started.status !== 201 && started.status !== 200)
        throw new Error(`start answered ${started.status}: ${started.text}`);
      const answer = JSON.parse(started.text);
      const phone = {
        account,
        instanceId: answer.instanceId,
        deadline: Date.parse(answer.view.clock.deadline),
        spotDue: null,
        warned: false,
        finishedAt: null,
        walk: walker(teamIndex * MEMBERS + memberIndex),
      };
      const socket = await connectSocket(baseUrl, account.token);
      phone.socket = socket;
      socket.on(SOCKET_EVENTS.outputs, (pushed) => {
        if (pushed.instanceId !== phone.instanceId) return;
        readView(phone, pushed.view);
        readOutputs(phone, pushed.outputs ?? []);
        // A teammate's step asked the team a question: this phone answers it too, at once with the others.
        answerAsked(phone, pushed.outputs ?? [], { send, running: playing(phone), counts, thinkMs });
      });
      phones.push(phone);
    };
    // The first member of every team first (each starts its team's clock), then the others.
    const t0 = performance.now();
    for (let member = 0; member < MEMBERS; member += 1) {
      const batch = teams.map((_, team) => ({ team, member }));
      for (let k = 0; k < batch.length; k += JOIN_AT_ONCE)
        await Promise.all(
          batch.slice(k, k + JOIN_AT_ONCE).map(({ team, member: m }) => join(accounts[team * MEMBERS + m], team, m)),
        );
    }
    const joinedS = (performance.now() - t0) / 1000;
    const firstDeadline = Math.min(...phones.map((phone) => phone.deadline));
    const lastDeadline = Math.max(...phones.map((phone) => phone.deadline));
    console.log(
      `${phones.length} phones of ${TEAMS} teams joined, started and connected in ${joinedS.toFixed(1)} s; ` +
        `the teams' time is up from ${((firstDeadline - Date.now()) / 1000).toFixed(0)} s to ` +
        `${((lastDeadline - Date.now()) / 1000).toFixed(0)} s from now`,
    );
    if (firstDeadline - WARN_MINUTES * 60_000 < Date.now())
      console.log('  (some warnings came due before every phone had joined: raise BENCH_LIMIT_MINUTES)');

    // The measured window: from now until every phone knows its team's time is up (or the last deadline + 30 s).
    // Every phone sets off, spread over the period.
    for (const phone of phones)
      loops.push(
        walkWhile(phone, {
          send,
          running: playing(phone),
          counts,
          offsetMs: Math.random() * PERIOD_MS,
          atStands: AT_STANDS,
          thinkMs,
        }),
      );
    const before = await scrape();
    const benchCpu0 = process.cpuUsage();
    const loopDelay = monitorEventLoopDelay({ resolution: 20 });
    loopDelay.enable();
    const cpu0 = cpuMs(child.pid);
    const pg0 = postgresCpu();
    const w0 = performance.now();
    measuring = true;
    loads.push(os.loadavg()[0]);
    while (Date.now() < lastDeadline + TAIL_MS && phones.some((phone) => phone.finishedAt === null)) await sleep(500);
    measuring = false;
    const elapsed = (performance.now() - w0) / 1000;
    const serverCores = (cpuMs(child.pid) - cpu0) / 1000 / elapsed;
    const benchCpu = process.cpuUsage(benchCpu0);
    const benchCores = (benchCpu.user + benchCpu.system) / 1e6 / elapsed;
    loopDelay.disable();
    const pgCores = postgresCpuMsBetween(pg0, postgresCpu()) / 1000 / elapsed;
    // The last ticks' commits are counted before the scrape.
    await sleep(1_000);
    const after = await scrape();
    stopped = true;
    await Promise.all(loops);

    const fired = after.count - before.count;
    const unfinished = phones.filter((phone) => phone.finishedAt === null).length;
    const cpuModel = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown CPU';
    console.log(
      `teams: ${TEAMS} × ${MEMBERS} phones, ${LIMIT_MINUTES}-minute limit, ${elapsed.toFixed(0)} s measured on ` +
        `${os.cpus().length} cores (${cpuModel})`,
    );
    console.log(
      `  events: ${figures(latencies)}; ${(latencies.length / elapsed).toFixed(0)} events/s ` +
        `(${counts.answers} answers, ${counts.picks} picks); errors ${errors}/${sent}` +
        (afterEnd ? `, ${afterEnd} refused after their team's end` : ''),
    );
    for (const [type, list] of [...byType].sort(([a], [b]) => a.localeCompare(b)))
      console.log(`    ${type}: ${figures(list)}`);
    console.log(
      `  timers fired by the server: ${fired}; lateness (due → tick committed) p50 ≤ ${bucketQuantile(before, after, 0.5)} s, ` +
        `p99 ≤ ${bucketQuantile(before, after, 0.99)} s, mean ${((after.sum - before.sum) / Math.max(1, fired)).toFixed(3)} s`,
    );
    console.log(
      `  events that took the instance's lock: ${
        [...after.locked].map(([why, n]) => `${why} ${n - (before.locked.get(why) ?? 0)}`).join(', ') || 'none'
      }`,
    );
    console.log(
      `  due → the phone: time up ${figures(dueToPhone.timeUp)}${unfinished ? `, ${unfinished} never told` : ''}`,
    );
    console.log(`  due → the phone: one-minute warning ${figures(dueToPhone.warning)}`);
    console.log(`  due → the phone: named timer ${figures(dueToPhone.timer)}`);
    const mean = loads.reduce((sum, load) => sum + load, 0) / Math.max(1, loads.length);
    console.log(
      `  server ${(serverCores * 100).toFixed(0)} %, PostgreSQL ${(pgCores * 100).toFixed(0)} % of one core; ` +
        `load average during the run ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (mean ${mean.toFixed(1)})`,
    );
    console.log(
      `  the bench itself: ${(benchCores * 100).toFixed(0)} % of one core, event-loop delay p99 ` +
        `${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms`,
    );
  } finally {
    stopped = true;
    clearInterval(loadTimer);
    for (const phone of phones) phone.socket?.close();
    await api.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
