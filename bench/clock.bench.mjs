// The game clock (issue 28): timer lateness — from a timer's due time to the commit of the tick it causes —
// when BENCH_TIMERS (500) timers come due at the same instant, one per player in their own instance of a
// game with a one-minute time limit (so every tick ends that player's game: a full step on the locking path,
// the input log, the records, the next due time). One player plays through the API; that instance, its player
// row and its due timer are copied in SQL. The scheduler polls every BENCH_POLL_MS (100). Runs on PGlite and
// on PostgreSQL (BENCH_DATABASE_URL, default the local server; skipped when unreachable).
// Two shapes, both run: 'instances' — each timer in its own instance (players who started apart); 'event' —
// every timer in ONE instance (an event of BENCH_TIMERS teams with a fixed end time: all time up at once).
// `npm run bench -- clock`.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createTestApp } from '../apps/server/src/test/app.ts';
import { createUser } from '../apps/server/src/test/factories.ts';
import { createPlayableGame, startedInstance } from '../apps/server/src/test/play-factories.ts';
import { ClockScheduler } from '../apps/server/src/modules/runtime/clock.ts';

const TIMERS = Number(process.env.BENCH_TIMERS ?? 500);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 100);
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const COPY = `
with copies as (
  insert into game_instances (id, game_id, version_id, is_live_spec, multiplayer, status, world, state_version, spec,
    notes, created_at, updated_at)
  select gen_random_uuid(), game_id, version_id, is_live_spec, multiplayer, status, world, state_version, spec, notes,
    created_at, updated_at
  from game_instances, generate_series(1, $2)
  where id = $1
  returning id
), players as (
  insert into player_states (instance_id, player_id, user_id, game_id, version_id, name, status, state, latitude,
    longitude, device_id, terms_accepted_at, joined_at, updated_at)
  select c.id, p.player_id, p.user_id, p.game_id, p.version_id, p.name, p.status, p.state, p.latitude, p.longitude,
    p.device_id, p.terms_accepted_at, p.joined_at, p.updated_at
  from copies c, player_states p
  where p.instance_id = $1
  returning instance_id, player_id
)
insert into due_timers (instance_id, player_id, due_at) select instance_id, player_id, $3 from players`;

// The 'event' shape: the one player row copied in its own instance under new ids (teams have no account).
const COPY_IN_INSTANCE = `
with players as (
  insert into player_states (instance_id, player_id, user_id, game_id, version_id, name, status, state, latitude,
    longitude, device_id, terms_accepted_at, joined_at, updated_at)
  select p.instance_id, p.player_id || '-' || g, null, p.game_id, p.version_id, p.name || ' ' || g, p.status,
    jsonb_set(p.state, '{id}', to_jsonb(p.player_id || '-' || g)), p.latitude, p.longitude, null,
    p.terms_accepted_at, p.joined_at, p.updated_at
  from player_states p, generate_series(1, $2) g
  where p.instance_id = $1
  returning instance_id, player_id
)
insert into due_timers (instance_id, player_id, due_at) select instance_id, player_id, $3 from players`;

async function benchOn(kind, shape) {
  const t = await createTestApp();
  // The real clock: lateness is measured in real time.
  Object.defineProperty(t.clock, 'now', { get: () => new Date() });
  try {
    const owner = await createUser(t.app.ctx, { role: 'designer' });
    const game = await createPlayableGame(t.app, owner, {
      settings: { timeLimit: { mode: 'duration', minutes: 1, endsAt: null, endsGame: true } },
    });
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    const due = new Date(Date.now() + 5000);
    // Time is up at `due`: each tick ends its player's game (one tick per timer).
    await t.app.ctx.database.query('bench_due', `update due_timers set due_at = $2 where instance_id = $1`, [
      instanceId,
      due.toISOString(),
    ]);
    await t.app.ctx.database.query(
      'bench_deadline',
      `update player_states set state = jsonb_set(state, '{clock,deadline}', to_jsonb($2::text)) where instance_id = $1`,
      [instanceId, due.toISOString()],
    );
    // An event's teams share one instance: a team's end is checked against every team (multiplayer).
    if (shape === 'event')
      await t.app.ctx.database.query('bench_shared', `update game_instances set multiplayer = true where id = $1`, [
        instanceId,
      ]);
    await t.app.ctx.database.query('bench_copy', shape === 'event' ? COPY_IN_INSTANCE : COPY, [
      instanceId,
      TIMERS - 1,
      due.toISOString(),
    ]);

    const lateness = [];
    let last = 0;
    const scheduler = new ClockScheduler(t.app.ctx, {
      pollMs: POLL_MS,
      onFired: ({ dueAt, firedAt }) => {
        lateness.push(firedAt.getTime() - dueAt.getTime());
        last = Date.now();
      },
    });
    scheduler.start();
    const deadline = Date.now() + 120_000;
    while (lateness.length < TIMERS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await scheduler.stop();
    const fired = lateness.length;
    console.log(
      `${kind}, ${shape === 'event' ? 'one instance' : 'an instance each'}: ${fired}/${TIMERS} timers fired; lateness (due → tick committed) p50 ${percentile(lateness, 50)} ms, ` +
        `p99 ${percentile(lateness, 99)} ms, max ${Math.max(...lateness)} ms; all fired ${last - due.getTime()} ms ` +
        `after they came due (${((fired / Math.max(1, last - due.getTime())) * 1000).toFixed(0)} ticks/s)`,
    );
  } finally {
    await t.close();
  }
}

const t0 = performance.now();
const SHAPES = (process.env.BENCH_SHAPES ?? 'instances,event').split(',');
for (const shape of SHAPES) await benchOn('PGlite', shape);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const probe = new pg.Client({ connectionString: pgUrl });
const reachable = await probe.connect().then(
  () => true,
  () => false,
);
if (reachable) {
  await probe.end();
  process.env.TEST_DATABASE_URL = pgUrl;
  for (const shape of SHAPES) await benchOn('PostgreSQL', shape);
} else console.log('PostgreSQL: skipped (unreachable)');
console.log(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
