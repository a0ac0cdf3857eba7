// Games list with 10,000 games: GET /api/design/games timed through the real
// app (Fastify inject, no network), on PGlite and — when BENCH_DATABASE_URL or a
// local PostgreSQL answers — on PostgreSQL. Seeds rows directly in batches.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { newGameDefaults } from '@loci/domain';
import { createTestApp } from '../apps/server/src/test/app.ts';
import { createUser } from '../apps/server/src/test/factories.ts';
import { gameAccess, games, gameVersions } from '../apps/server/src/db/schema.ts';

const GAMES = Number(process.env.BENCH_GAMES ?? 10_000);
const DESIGNERS = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const words = [
  'Lost',
  'Harbour',
  'Secrets',
  'Old',
  'Town',
  'Walk',
  'Mystery',
  'Chania',
  'Venetian',
  'Lighthouse',
  'Market',
  'Ghost',
];

async function seed(t) {
  const ctx = t.app.ctx;
  const admin = await createUser(ctx, { role: 'admin', name: 'Bench Admin' });
  const designers = [];
  for (let i = 0; i < DESIGNERS; i += 1)
    designers.push(await createUser(ctx, { role: 'designer', name: `Designer ${i}` }));
  const base = newGameDefaults(new Date());
  for (let start = 0; start < GAMES; start += 500) {
    const batch = [];
    const versions = [];
    const access = [];
    for (let i = start; i < Math.min(GAMES, start + 500); i += 1) {
      const id = randomUUID();
      const title = `${words[i % words.length]} ${words[(i * 7) % words.length]} ${i}`;
      const publicAccess = i % 5 === 0 ? 'view' : i % 7 === 0 ? 'clone' : 'no';
      batch.push({
        id,
        ownerId: designers[i % DESIGNERS].user.id,
        title,
        publicAccess,
        settings: { ...base, title, publicAccess },
        updatedAt: new Date(Date.now() - i * 60_000),
      });
      versions.push({ gameId: id, isLiveSpec: true });
      if (i % 10 === 0) access.push({ gameId: id, kind: 'designer', email: designers[(i + 1) % DESIGNERS].user.email });
    }
    await ctx.db.insert(games).values(batch);
    await ctx.db.insert(gameVersions).values(versions);
    if (access.length) await ctx.db.insert(gameAccess).values(access);
  }
  return { admin, designer: designers[1] };
}

async function time(t, label, url, user) {
  const samples = [];
  let total = 0;
  for (let i = 0; i < RUNS + 3; i += 1) {
    const started = performance.now();
    const res = await t.app.inject({ method: 'GET', url, headers: user.headers });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    total = res.json().total;
    if (i >= 3) samples.push(elapsed);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  const p95 = samples[Math.floor(samples.length * 0.95)];
  console.log(
    `  ${label.padEnd(38)} median ${median.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   (${total} matching)`,
  );
}

async function benchOn(kind) {
  const t = await createTestApp();
  try {
    const started = performance.now();
    const { admin, designer } = await seed(t);
    console.log(`${kind}: seeded ${GAMES} games in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await time(t, 'admin, all, page 1 of 10', '/api/design/games?filter=all', admin);
    await time(t, 'admin, all, page 500 of 20', '/api/design/games?filter=all&page=500&pageSize=20', admin);
    await time(t, 'designer, mine', '/api/design/games?filter=mine', designer);
    await time(t, 'designer, shared', '/api/design/games?filter=shared', designer);
    await time(t, 'designer, public, page 1 of 50', '/api/design/games?filter=public&pageSize=50', designer);
    await time(t, "admin, all, search 'Harbour'", '/api/design/games?filter=all&q=Harbour', admin);
    await time(t, 'admin, all, page size All', '/api/design/games?filter=all&pageSize=all', admin);
    await time(t, "admin, all, search owner 'Designer 42'", '/api/design/games?filter=all&q=Designer%2042', admin);
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
