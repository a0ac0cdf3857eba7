// The operators' data set (issue 12 item 6), shared by bench/operators (the
// server's side) and bench/operators-ui (the browser's): the harbour game
// built and published through the API, one player who plays it through the API
// (start, walk to the pier, a wrong and a right answer: real engine records),
// then that instance, its player row and its records copied in SQL to
// `players` instances of one player each and `records` gameplay records of the
// version.
import { createUser } from '../../apps/server/src/test/factories.ts';
import {
  createPlayableGame,
  PIER,
  PIER_YEAR,
  sendEvent,
  startPlay,
} from '../../apps/server/src/test/play-factories.ts';
import { withApp } from './server.mjs';

/** The published harbour game, its owner (a designer: the operator), and one instance played through the API (the template). */
export async function seedOperatorsGame({ dataDir, databaseUrl }) {
  return withApp({ dataDir, databaseUrl }, async (app) => {
    const owner = await createUser(app.ctx, { role: 'designer', name: 'Bench Operator' });
    const game = await createPlayableGame(app, owner);
    const player = await createUser(app.ctx, { name: 'Template Player' });
    const started = await startPlay(app, player, game.gameId);
    if (started.statusCode !== 201) throw new Error(`start answered ${started.statusCode}: ${started.body}`);
    const { instanceId } = started.json();
    // A walk to the pier, then a wrong and a right answer: the analytics page has a question to show.
    for (const event of [
      { type: 'location', latitude: PIER.latitude + 0.001, longitude: PIER.longitude },
      { type: 'location', ...PIER },
      { type: 'answer', interactionId: game.question.id, answer: 1900 },
      { type: 'answer', interactionId: game.question.id, answer: PIER_YEAR },
    ]) {
      const res = await sendEvent(app, player, instanceId, event);
      if (res.statusCode !== 200) throw new Error(`${event.type} answered ${res.statusCode}: ${res.body}`);
    }
    return { owner, game, instanceId };
  });
}

/**
 * Copies the template instance and its player to `players` instances (each player named apart, positions
 * scattered over ~2 km, `updated_at` over the last hour), and its records to `records` records (cycled over the
 * players); then ANALYZE.
 */
export async function scaleUpOperatorsGame(client, { instanceId, players, records }) {
  await client.query(
    `with copies as (
       insert into game_instances (game_id, version_id, is_live_spec, multiplayer, status, world, state_version, notes)
       select game_id, version_id, is_live_spec, multiplayer, status, world, state_version, notes
       from game_instances, generate_series(2, $2::int)
       where id = $1
       returning id
     )
     insert into player_states (instance_id, player_id, user_id, game_id, version_id, name, status, state,
       latitude, longitude, joined_at, updated_at)
     select c.id, gen_random_uuid()::text, p.user_id, p.game_id, p.version_id,
       p.name || ' ' || left(c.id::text, 8), p.status, p.state,
       p.latitude + (random() - 0.5) / 50, p.longitude + (random() - 0.5) / 50,
       now() - random() * interval '2 hours', now() - random() * interval '1 hour'
     from copies c, player_states p where p.instance_id = $1`,
    [instanceId, players],
  );
  const { rows } = await client.query('select count(*)::int as n from gameplay_records where instance_id = $1', [
    instanceId,
  ]);
  const template = rows[0].n;
  if (template === 0) throw new Error('the template player left no records');
  // Every player gets the template's records (cycled) until `records` in all.
  await client.query(
    `with players as (
       select instance_id, player_id, row_number() over () - 1 as i from player_states
       where game_id = (select game_id from game_instances where id = $1)
     ), template as (
       select game_id, version_id, name, "when", record, row_number() over (order by id) - 1 as k
       from gameplay_records where instance_id = $1
     )
     insert into gameplay_records (instance_id, game_id, version_id, player_id, name, "when", record)
     select p.instance_id, t.game_id, t.version_id, p.player_id, t.name, t."when", t.record
     from generate_series(0, $2::int - 1) n
     join players p on p.i = n % (select count(*) from players)
     join template t on t.k = (n / (select count(*) from players)) % $3`,
    [instanceId, records - template, template],
  );
  await client.query('analyze');
  return (
    await client.query(
      `select (select count(*) from player_states)::int as players, (select count(*) from gameplay_records)::int as records`,
    )
  ).rows[0];
}
