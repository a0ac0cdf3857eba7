// Design workspace with a game of 1,000 entities: GET /api/design/{gameId}/workspace
// and POST …/gameVersions (publish: the whole snapshot) timed through the real
// app (Fastify inject, no network), on PGlite and — when BENCH_DATABASE_URL or a
// local PostgreSQL answers — on PostgreSQL. Entities are inserted directly.
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../apps/server/src/test/app.ts';
import { WORLD_OBJECTS, seedLargeGame } from './support/large-game.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
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
    const { owner, gameId, interaction } = await seedLargeGame(t);
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
