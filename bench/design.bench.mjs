// Design workspace with a game of 1,000 entities: GET /api/design/{gameId}/workspace
// and POST …/gameVersions (publish: the whole snapshot) timed through the real
// app (Fastify inject, no network), on PGlite and — when BENCH_DATABASE_URL or a
// local PostgreSQL answers — on PostgreSQL. Entities are inserted directly.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq, and } from 'drizzle-orm';
import { createTestApp } from '../apps/server/src/test/app.ts';
import { createUser } from '../apps/server/src/test/factories.ts';
import { createGame } from '../apps/server/src/test/game-factories.ts';
import { insertEntities } from '../apps/server/src/test/design-factories.ts';
import { gameVersions } from '../apps/server/src/db/schema.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WORLD_OBJECTS = 200;
// 1,000 entities, in the proportions of a large city game.
const COUNTS = {
  scene: 50,
  archetype: 50,
  offer: 50,
  milestone: 50,
  mission: 50,
  character: 50,
  item: 100,
  location: 100,
  interaction: 200,
  rule: 300,
};

async function seed(t) {
  const ctx = t.app.ctx;
  const owner = await createUser(ctx, { role: 'designer', name: 'Bench Designer' });
  const game = await createGame(ctx, owner);
  const gameId = game.row.id;
  const scenes = await insertEntities(ctx, gameId, 'scene', COUNTS.scene);
  const sceneOf = (i) => scenes[i % scenes.length].id;
  const archetypes = await insertEntities(ctx, gameId, 'archetype', COUNTS.archetype);
  await insertEntities(ctx, gameId, 'offer', COUNTS.offer);
  await insertEntities(ctx, gameId, 'milestone', COUNTS.milestone, (i) => ({ sceneId: sceneOf(i) }));
  await insertEntities(ctx, gameId, 'mission', COUNTS.mission, (i) => ({ sceneId: sceneOf(i) }));
  await insertEntities(ctx, gameId, 'character', COUNTS.character);
  await insertEntities(ctx, gameId, 'item', COUNTS.item);
  const locations = await insertEntities(ctx, gameId, 'location', COUNTS.location, (i) => ({ sceneId: sceneOf(i) }));
  const interactions = await insertEntities(ctx, gameId, 'interaction', COUNTS.interaction);
  await insertEntities(ctx, gameId, 'rule', COUNTS.rule, (i) => ({
    sceneId: sceneOf(i),
    locationId: locations[i % locations.length].id,
    interactionId: interactions[i % interactions.length].id,
  }));

  const state = { has: { object: {}, offer: {} } };
  for (let i = 0; i < WORLD_OBJECTS; i += 1) {
    const id = randomUUID();
    const sceneId = sceneOf(i);
    state.has.object[sceneId] ??= {};
    state.has.object[sceneId][id] = {
      id,
      name: `crate-${i}`,
      sceneId,
      archetypeId: archetypes[i % archetypes.length].id,
      payload: { label: `Crate ${i}` },
      location: { latitude: 35.5 + i / 10_000, longitude: 24 + i / 10_000 },
      type: 'object',
    };
  }
  await ctx.db
    .update(gameVersions)
    .set({ initialState: state })
    .where(and(eq(gameVersions.gameId, gameId), eq(gameVersions.isLiveSpec, true)));
  return { owner, gameId, interaction: interactions[0] };
}

async function time(t, label, user, request, expected) {
  const samples = [];
  let size = 0;
  for (let i = 0; i < RUNS + 3; i += 1) {
    const started = performance.now();
    const res = await t.app.inject({ ...request, headers: user.headers });
    const elapsed = performance.now() - started;
    if (res.statusCode !== expected) throw new Error(`${request.url}: ${res.statusCode} ${res.body}`);
    size = res.body.length;
    if (i >= 3) samples.push(elapsed);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  const p95 = samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))];
  console.log(
    `  ${label.padEnd(46)} median ${median.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   (${(size / 1024).toFixed(0)} kB answer)`,
  );
}

async function benchOn(kind) {
  const t = await createTestApp();
  try {
    const started = performance.now();
    const { owner, gameId, interaction } = await seed(t);
    console.log(
      `${kind}: seeded 1,000 entities and ${WORLD_OBJECTS} world objects in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await time(
      t,
      'GET workspace (everything, one call)',
      owner,
      { method: 'GET', url: `/api/design/${gameId}/workspace` },
      200,
    );
    await time(
      t,
      'GET rules (300, by scene and position)',
      owner,
      { method: 'GET', url: `/api/design/${gameId}/rules` },
      200,
    );
    await time(
      t,
      'DELETE a used interaction (scan, refused 409)',
      owner,
      { method: 'DELETE', url: `/api/design/${gameId}/interactions/${interaction.id}` },
      409,
    );
    await time(
      t,
      'POST gameVersions (publish a full snapshot)',
      owner,
      { method: 'POST', url: `/api/design/${gameId}/gameVersions`, payload: { versionNotes: 'bench' } },
      201,
    );
  } finally {
    await t.close();
  }
}

delete process.env.TEST_DATABASE_URL;
await benchOn('PGlite');
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
try {
  process.env.TEST_DATABASE_URL = pgUrl;
  await benchOn('PostgreSQL');
} catch (error) {
  if (error?.code === 'ECONNREFUSED') console.log(`PostgreSQL at ${pgUrl} is not reachable: skipped`);
  else throw error;
}
