// Map analytics of 100,000 records (issue 16 §4): GET /api/analytics/{versionId}/map
// — heatmap, geofences, milestone and scene funnels, answers by place, one call —
// timed through the real app (Fastify inject, no network) on PGlite and — when
// BENCH_DATABASE_URL or a local PostgreSQL answers — on PostgreSQL.
// The harbour game is built, published and played once through the API (the
// template: real engine records and positions); its instance is then copied in
// SQL to BENCH_PLAYERS players, who get BENCH_RECORDS positions (a walk over
// ~2 km) and BENCH_RECORDS answer records, and 60 % of them the milestone.
// `npm run bench -- map-analytics`. Knobs: BENCH_PLAYERS (2,000),
// BENCH_RECORDS (100,000), BENCH_RUNS (5), BENCH_ON (pglite,postgresql).
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../apps/server/src/test/app.ts';
import { createUser } from '../apps/server/src/test/factories.ts';
import {
  createPlayableGame,
  FAR_AWAY,
  PIER,
  PIER_YEAR,
  sendEvent,
  startedInstance,
} from '../apps/server/src/test/play-factories.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2_000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** The published harbour game and one player's game through the API: far away, the pier, a wrong and a right answer. */
async function seedTemplate(t) {
  const owner = await createUser(t.app.ctx, { role: 'designer', name: 'Bench Analyst' });
  const game = await createPlayableGame(t.app, owner);
  const player = await createUser(t.app.ctx, { name: 'Template Player' });
  const { instanceId } = await startedInstance(t.app, player, game.gameId);
  for (const event of [
    { type: 'location', ...FAR_AWAY },
    { type: 'location', ...PIER },
    { type: 'answer', interactionId: game.question.id, answer: 1900 },
    { type: 'answer', interactionId: game.question.id, answer: PIER_YEAR },
  ]) {
    const res = await sendEvent(t.app, player, instanceId, event);
    if (res.statusCode !== 200) throw new Error(`${event.type} answered ${res.statusCode}: ${res.body}`);
  }
  return { owner, game, instanceId };
}

/** Copies the template to PLAYERS players and gives them RECORDS positions and RECORDS answers. */
async function scaleUp(t, instanceId) {
  const q = (text, values = []) => t.database.query('', text, values);
  await q(
    `with copies as (
       insert into game_instances (game_id, version_id, is_live_spec, multiplayer, status, world, state_version, notes)
       select game_id, version_id, is_live_spec, multiplayer, status, world, state_version, notes
       from game_instances, generate_series(2, $2::int)
       where id = $1
       returning id
     )
     insert into player_states (instance_id, player_id, user_id, game_id, version_id, name, status, state,
       latitude, longitude, joined_at, updated_at)
     select c.id, gen_random_uuid()::text, p.user_id, p.game_id, p.version_id, p.name, p.status, p.state,
       p.latitude, p.longitude, now() - interval '3 hours' + random() * interval '1 hour', now()
     from copies c, player_states p where p.instance_id = $1`,
    [instanceId, PLAYERS],
  );
  const [{ n: before }] = await q('select count(*)::int as n from player_positions');
  // A walk per player around the pier (~2 km across), one fix a minute after they joined.
  await q(
    `with players as (
       select instance_id, player_id, version_id, joined_at, row_number() over () - 1 as i from player_states
     )
     insert into player_positions (instance_id, version_id, player_id, latitude, longitude, "when")
     select p.instance_id, p.version_id, p.player_id,
       $2::float8 + sin(n / 7.0 + p.i) * 0.009 * random(), $3::float8 + cos(n / 5.0 + p.i) * 0.011 * random(),
       p.joined_at + (n / (select count(*) from players)) * interval '1 minute'
     from generate_series(0, $1::int - 1) n join players p on p.i = n % (select count(*) from players)`,
    [RECORDS - before, PIER.latitude, PIER.longitude],
  );
  const [{ n: template }] = await q(
    'select count(*)::int as n from gameplay_records where instance_id = $1 and name = $2',
    [instanceId, 'has answered question'],
  );
  await q(
    `with players as (
       select instance_id, player_id, joined_at, row_number() over () - 1 as i from player_states
     ), template as (
       select game_id, version_id, name, record, row_number() over (order by id) - 1 as k
       from gameplay_records where instance_id = $1 and name = 'has answered question'
     )
     insert into gameplay_records (instance_id, game_id, version_id, player_id, name, "when", record)
     select p.instance_id, t.game_id, t.version_id, p.player_id, t.name,
       p.joined_at + (n / (select count(*) from players)) * interval '1 minute' + interval '30 seconds', t.record
     from generate_series(0, $2::int - 1) n
     join players p on p.i = n % (select count(*) from players)
     join template t on t.k = (n / (select count(*) from players)) % $3`,
    [instanceId, RECORDS - template, template],
  );
  // 60 % reach the milestone somewhere in their first hour; the others never do.
  await q(
    `update player_states p set state = jsonb_set(p.state, '{milestones}', case when random() < 0.6
       then jsonb_build_object(m.key, to_char((p.joined_at + random() * interval '1 hour') at time zone 'UTC',
         'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
       else '{}'::jsonb end)
     from (select key from player_states, jsonb_each(state -> 'milestones') where instance_id = $1) m`,
    [instanceId],
  );
  await q('analyze');
  const [counts] = await q(
    `select (select count(*) from player_states)::int as players, (select count(*) from player_positions)::int as positions,
       (select count(*) from gameplay_records)::int as records`,
  );
  return counts;
}

/** Times every named query of the app (the map analytics' parts are named map_analytics_*). */
function timeQueries(t) {
  const parts = new Map();
  const database = t.app.ctx.database;
  const query = database.query.bind(database);
  database.query = async (name, text, values) => {
    const started = performance.now();
    try {
      return await query(name, text, values);
    } finally {
      if (name) parts.set(name, [...(parts.get(name) ?? []), performance.now() - started]);
    }
  };
  return parts;
}

async function time(t, label, url, user) {
  const parts = timeQueries(t);
  const samples = [];
  let bytes = 0;
  for (let i = 0; i < RUNS + 1; i += 1) {
    const started = performance.now();
    const res = await t.app.inject({ method: 'GET', url, headers: user.headers });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    bytes = res.body.length;
    if (i >= 1) samples.push(elapsed);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  const max = samples[samples.length - 1];
  console.log(
    `  ${label.padEnd(46)} median ${median.toFixed(0).padStart(5)} ms   max ${max.toFixed(0).padStart(5)} ms   ${(bytes / 1024).toFixed(0)} kB`,
  );
  const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    `    of which: ${[...parts].map(([name, values]) => `${name.replace('map_analytics_', '')} ${medianOf(values).toFixed(0)} ms`).join(', ')}`,
  );
}

async function benchOn(kind) {
  const t = await createTestApp();
  try {
    const started = performance.now();
    const { owner, game, instanceId } = await seedTemplate(t);
    const counts = await scaleUp(t, instanceId);
    console.log(
      `${kind}: ${counts.players} players, ${counts.positions} positions, ${counts.records} gameplay records ` +
        `(seeded in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const url = `/api/analytics/${game.versionId}/map`;
    await time(t, 'map analytics (heat, geofences, funnels, answers)', url, owner);
    const [{ player_id: someone }] = await t.database.query('', 'select player_id from player_states limit 1', []);
    await time(t, '… with the track of one player', `${url}?playerIds=${someone}`, owner);
  } finally {
    await t.close();
  }
}

const ON = (process.env.BENCH_ON ?? 'pglite,postgresql').split(',');
delete process.env.TEST_DATABASE_URL;
if (ON.includes('pglite')) await benchOn('PGlite');
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (ON.includes('postgresql'))
  try {
    process.env.TEST_DATABASE_URL = pgUrl;
    await benchOn('PostgreSQL');
  } catch (error) {
    if (error?.code === 'ECONNREFUSED') console.log(`PostgreSQL at ${pgUrl} is not reachable: skipped`);
    else throw error;
  }
