import { eq } from 'drizzle-orm';
import { PLAY_MESSAGES, type FunnelStep, type GameSpec, type MapAnalytics, type MapAnalyticsQuery } from '@loci/domain';
import { RECORD_NAMES } from '@loci/engine';
import type { AppContext } from '../../context.js';
import { games, gameVersions } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { requireGameRight } from '../../policies/games.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { specOfVersion } from '../runtime/specs.js';

/** The heatmap's grid: about 22 m north–south. */
export const HEAT_CELL_DEGREES = 0.0002;
/** Where answers were given: about 11 m. */
export const ANSWER_CELL_DEGREES = 0.0001;

/**
 * The players of the selection ($1 version, $2 include abandoned, $3 from, $4
 * to): those who started the version in [from, to), every one of an
 * abandoned instance only with $2. Every query below starts with it.
 */
const PLAYERS = `players as (
  select p.instance_id, p.player_id, p.name, p.state, p.joined_at
  from player_states p join game_instances i on i.id = p.instance_id
  where p.version_id = $1 and ($2::boolean or i.status <> 'abandoned')
    and ($3::timestamptz is null or p.joined_at >= $3::timestamptz)
    and ($4::timestamptz is null or p.joined_at < $4::timestamptz)
)`;
/** Their positions, numbered per player in the order they were taken. */
const POSITIONS = `positions as (
  select pp.instance_id, pp.player_id, pp.latitude, pp.longitude, pp."when",
    row_number() over (partition by pp.instance_id, pp.player_id order by pp.id) as seq
  from player_positions pp join players p on p.instance_id = pp.instance_id and p.player_id = pp.player_id
  where pp.version_id = $1
)`;

const PLAYER_LIST = `with ${PLAYERS}
select player_id as "playerId", instance_id as "instanceId", name from players order by joined_at, player_id`;

/** $5: the cell size in degrees. Each fix counts once in the cell around it. */
const HEAT = `with ${PLAYERS}
select round(pp.latitude / $5) * $5 as latitude, round(pp.longitude / $5) * $5 as longitude, count(*)::int as count
from player_positions pp join players p on p.instance_id = pp.instance_id and p.player_id = pp.player_id
where pp.version_id = $1
group by 1, 2`;

/** $5: the player ids whose tracks are asked for. */
const TRACKS = `with ${PLAYERS}
select pp.instance_id as "instanceId", pp.player_id as "playerId", p.name, pp.latitude, pp.longitude, pp."when"
from player_positions pp join players p on p.instance_id = pp.instance_id and p.player_id = pp.player_id
where pp.version_id = $1 and pp.player_id = any($5::text[])
order by p.joined_at, pp.instance_id, pp.player_id, pp.id`;

/**
 * Per location ($5: [{id, lat, lng, radius}]): a visit is a run of
 * consecutive fixes inside the circle (gaps and islands over the fix
 * numbers); it lasts from its first fix to the next fix outside (or to its
 * last fix, when the player has not left). Drop-off: players who entered and
 * reached no milestone after their first entry.
 */
const LOCATIONS = `with ${PLAYERS}, ${POSITIONS},
inside as (
  select q.instance_id, q.player_id, q.seq, q."when", l.id as location_id,
    q.seq - row_number() over (partition by q.instance_id, q.player_id, l.id order by q.seq) as island
  from positions q join jsonb_to_recordset($5::jsonb) as l(id text, lat float8, lng float8, radius float8)
    on ((q.latitude - l.lat) * 111320) ^ 2 + ((q.longitude - l.lng) * 111320 * cos(radians(l.lat))) ^ 2 <= l.radius ^ 2
), visits as (
  select location_id, instance_id, player_id, min("when") as entered, max("when") as last_inside, max(seq) as last_seq
  from inside group by location_id, instance_id, player_id, island
), timed as (
  select v.location_id, v.instance_id, v.player_id, v.entered,
    extract(epoch from coalesce(nx."when", v.last_inside) - v.entered)::float8 as seconds
  from visits v left join positions nx
    on nx.instance_id = v.instance_id and nx.player_id = v.player_id and nx.seq = v.last_seq + 1
), entrants as (
  select t.location_id, t.instance_id, t.player_id, min(t.entered) as first_entered
  from timed t group by t.location_id, t.instance_id, t.player_id
), dropped as (
  select e.location_id, count(*)::int as drop_off
  from entrants e join players p on p.instance_id = e.instance_id and p.player_id = e.player_id
  where not exists (
    select 1 from jsonb_each_text(coalesce(p.state -> 'milestones', '{}'::jsonb)) m
    where m.value::timestamptz > e.first_entered
  )
  group by e.location_id
)
select t.location_id as id, count(*)::int as visits,
  count(distinct t.instance_id::text || ' ' || t.player_id)::int as players,
  percentile_cont(0.5) within group (order by t.seconds) as "medianSecondsInside",
  coalesce(max(d.drop_off), 0)::int as "dropOff"
from timed t left join dropped d on d.location_id = t.location_id
group by t.location_id`;

/**
 * A funnel over $5 (step ids in the game's order) read from the players'
 * state under `key` (step id → first time reached): per step, how many
 * reached it, the median seconds from the step before (from the start for
 * the first) among those who reached both in that order, and how many
 * reached it but not the next.
 */
const funnelQuery = (key: 'milestones' | 'visitedScenes') => `with ${PLAYERS},
steps as (select id, ord from unnest($5::text[]) with ordinality as s(id, ord)),
reached as (
  select p.instance_id, p.player_id, p.joined_at, s.id, s.ord, (p.state -> '${key}' ->> s.id)::timestamptz as at
  from players p cross join steps s
), framed as (
  select r.*, case when r.ord = 1 then r.joined_at else lag(r.at) over w end as since, lead(r.at) over w as next_at
  from reached r
  window w as (partition by r.instance_id, r.player_id order by r.ord)
)
select id, count(at)::int as reached,
  percentile_cont(0.5) within group (order by case when at >= since then extract(epoch from at - since)::float8 end)
    as "medianSeconds",
  count(*) filter (where at is not null and next_at is null)::int as "gaveUp"
from framed group by id, ord order by ord`;

/**
 * Every answer to a question ($6: the record name) placed at the player's last
 * fix at or before it, binned by $5. One sorted pass per player over their
 * fixes and answers together, no lookup per answer: a fix carries
 * [its id, latitude, longitude] and the running maximum of those arrays (ids
 * grow with time) is the last fix so far.
 */
const ANSWERS = `with ${PLAYERS},
stream as (
  select pp.instance_id, pp.player_id, pp."when", 0 as kind, array[pp.id::float8, pp.latitude, pp.longitude] as fix,
    null::text as interaction_id, null::text as question_id, null::boolean as correct
  from player_positions pp join players p on p.instance_id = pp.instance_id and p.player_id = pp.player_id
  where pp.version_id = $1
  union all
  select r.instance_id, r.player_id, r."when", 1, null,
    r.record ->> 'interactionId', r.record ->> 'questionId', coalesce((r.record ->> 'correct')::boolean, false)
  from gameplay_records r join players p on p.instance_id = r.instance_id and p.player_id = r.player_id
  where r.version_id = $1 and r.name = $6
), placed as (
  select s.kind, s.interaction_id, s.question_id, s.correct,
    max(s.fix) over (partition by s.instance_id, s.player_id order by s."when", s.kind rows unbounded preceding) as fix
  from stream s
)
select interaction_id as "interactionId", question_id as "questionId", correct,
  round(fix[2] / $5) * $5 as latitude, round(fix[3] / $5) * $5 as longitude, count(*)::int as count
from placed where kind = 1
group by 1, 2, 3, 4, 5`;

interface Selection {
  versionId: string;
  query: MapAnalyticsQuery;
}

/** The version's game, after checking the caller may manage it (404 for an unknown version). */
export async function requireManagedVersion(ctx: AppContext, user: CurrentUser, versionId: string) {
  if (!isUuid(versionId)) throw fail.notFound(PLAY_MESSAGES.versionNotFound);
  const [found] = await ctx.db
    .select({ version: gameVersions, game: games })
    .from(gameVersions)
    .innerJoin(games, eq(games.id, gameVersions.gameId))
    .where(eq(gameVersions.id, versionId))
    .limit(1);
  if (!found) throw fail.notFound(PLAY_MESSAGES.versionNotFound);
  await requireGameRight({ ctx, user, gameId: found.game.id, right: 'manage' });
  return found;
}

const selectionParams = ({ versionId, query }: Selection) => [
  versionId,
  query.includeAbandoned,
  query.from ?? null,
  query.to ?? null,
];

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const secondsOf = (value: unknown) => (value === null || value === undefined ? null : Number(value));

async function findHeat(ctx: AppContext, selection: Selection): Promise<MapAnalytics['heat']> {
  const rows = await ctx.database.query<{ latitude: number; longitude: number; count: number }>(
    'map_analytics_heat',
    HEAT,
    [...selectionParams(selection), HEAT_CELL_DEGREES],
  );
  const cells = rows.map((row) => ({
    latitude: round6(row.latitude),
    longitude: round6(row.longitude),
    count: row.count,
  }));
  return { cellDegrees: HEAT_CELL_DEGREES, cells };
}

async function findTracks(ctx: AppContext, selection: Selection): Promise<MapAnalytics['tracks']> {
  if (selection.query.playerIds.length === 0) return [];
  const rows = await ctx.database.query<{
    instanceId: string;
    playerId: string;
    name: string;
    latitude: number;
    longitude: number;
    when: Date | string;
  }>('map_analytics_tracks', TRACKS, [...selectionParams(selection), selection.query.playerIds]);
  const tracks = new Map<string, MapAnalytics['tracks'][number]>();
  for (const row of rows) {
    const key = `${row.instanceId} ${row.playerId}`;
    const track = tracks.get(key) ?? { playerId: row.playerId, instanceId: row.instanceId, name: row.name, points: [] };
    track.points.push({ latitude: row.latitude, longitude: row.longitude, when: new Date(row.when).toISOString() });
    tracks.set(key, track);
  }
  return [...tracks.values()];
}

async function findLocations(
  ctx: AppContext,
  selection: Selection,
  spec: GameSpec,
): Promise<MapAnalytics['locations']> {
  const locations = spec.entities.location;
  const circles = locations.map(({ id, lat, lng, radius }) => ({ id, lat, lng, radius }));
  const rows = await ctx.database.query<{
    id: string;
    visits: number;
    players: number;
    medianSecondsInside: number | null;
    dropOff: number;
  }>('map_analytics_locations', LOCATIONS, [...selectionParams(selection), JSON.stringify(circles)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return locations.map((location) => {
    const row = byId.get(location.id);
    return {
      id: location.id,
      name: location.name,
      title: location.title,
      latitude: location.lat,
      longitude: location.lng,
      radius: location.radius,
      visits: row?.visits ?? 0,
      players: row?.players ?? 0,
      medianSecondsInside: secondsOf(row?.medianSecondsInside),
      dropOff: row?.dropOff ?? 0,
    };
  });
}

async function findFunnel(
  ctx: AppContext,
  selection: Selection,
  key: 'milestones' | 'visitedScenes',
  steps: Array<{ id: string; name: string; title: string }>,
): Promise<FunnelStep[]> {
  if (steps.length === 0) return [];
  const rows = await ctx.database.query<{
    id: string;
    reached: number;
    medianSeconds: number | null;
    gaveUp: number;
  }>(`map_analytics_funnel_${key}`, funnelQuery(key), [...selectionParams(selection), steps.map((step) => step.id)]);
  return steps.map((step, index) => {
    const row = rows[index];
    return {
      ...step,
      reached: row?.reached ?? 0,
      medianSeconds: secondsOf(row?.medianSeconds),
      gaveUp: index === steps.length - 1 ? null : (row?.gaveUp ?? 0),
    };
  });
}

async function findQuestions(
  ctx: AppContext,
  selection: Selection,
  spec: GameSpec,
): Promise<MapAnalytics['questions']> {
  const rows = await ctx.database.query<{
    interactionId: string;
    questionId: string;
    correct: boolean;
    latitude: number | null;
    longitude: number | null;
    count: number;
  }>('map_analytics_answers', ANSWERS, [
    ...selectionParams(selection),
    ANSWER_CELL_DEGREES,
    RECORD_NAMES.answeredQuestion,
  ]);
  const questions = spec.entities.interaction.flatMap((interaction) =>
    interaction.questions.map((question) => ({
      interactionId: interaction.id,
      questionId: question.id,
      title: interaction.title,
      questionTitle: question.title,
      name: interaction.systemName || interaction.name,
      right: 0,
      wrong: 0,
      unplaced: 0,
      places: [] as MapAnalytics['questions'][number]['places'],
    })),
  );
  const byKey = new Map(questions.map((question) => [`${question.interactionId} ${question.questionId}`, question]));
  const places = new Map<string, MapAnalytics['questions'][number]['places'][number]>();
  for (const row of rows) {
    const question = byKey.get(`${row.interactionId} ${row.questionId}`);
    if (!question) continue;
    question[row.correct ? 'right' : 'wrong'] += row.count;
    if (row.latitude === null || row.longitude === null) {
      question.unplaced += row.count;
      continue;
    }
    const latitude = round6(row.latitude);
    const longitude = round6(row.longitude);
    const key = `${row.interactionId} ${row.questionId} ${latitude} ${longitude}`;
    let place = places.get(key);
    if (!place) {
      place = { latitude, longitude, right: 0, wrong: 0 };
      places.set(key, place);
      question.places.push(place);
    }
    place[row.correct ? 'right' : 'wrong'] += row.count;
  }
  return questions;
}

/** The scenes in the game's order (their position, then the list's). */
function scenesInOrder(spec: GameSpec) {
  return spec.entities.scene
    .map((scene, index) => ({ scene, index }))
    .sort((a, b) => (a.scene.idx ?? 0) - (b.scene.idx ?? 0) || a.index - b.index)
    .map(({ scene }) => ({ id: scene.id, name: scene.systemName || scene.name, title: scene.title }));
}

/**
 * GET /api/analytics/{versionId}/map (issue 16 §4): the heatmap of the
 * selection's positions, the tracks of the players asked for, the geofence
 * figures, the milestone and scene funnels and where each question was
 * answered right or wrong. Every figure is aggregated by the database; the
 * manage right on the game is needed.
 */
export async function getMapAnalytics({
  ctx,
  user,
  versionId,
  query,
}: {
  ctx: AppContext;
  user: CurrentUser;
  versionId: string;
  query: MapAnalyticsQuery;
}): Promise<MapAnalytics> {
  const { game, version } = await requireManagedVersion(ctx, user, versionId);
  const spec = await specOfVersion(ctx.db, game, version);
  const selection = { versionId, query };
  const milestones = spec.entities.milestone.map((milestone) => ({
    id: milestone.id,
    name: milestone.name,
    title: '',
  }));
  // Independent reads: on PostgreSQL each takes its own connection, so they run side by side.
  const [players, heat, tracks, locations, milestoneFunnel, sceneFunnel, questions] = await Promise.all([
    ctx.database.query<MapAnalytics['players'][number]>(
      'map_analytics_players',
      PLAYER_LIST,
      selectionParams(selection),
    ),
    findHeat(ctx, selection),
    findTracks(ctx, selection),
    findLocations(ctx, selection, spec),
    findFunnel(ctx, selection, 'milestones', milestones),
    findFunnel(ctx, selection, 'visitedScenes', scenesInOrder(spec)),
    findQuestions(ctx, selection, spec),
  ]);
  return { players, heat, tracks, locations, funnel: { milestones: milestoneFunnel, scenes: sceneFunnel }, questions };
}
