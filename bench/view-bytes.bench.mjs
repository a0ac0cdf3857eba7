// Bytes per step of the player's view (issue 25 §2): the city game (bench/support/city-game.mjs: 50 geofences
// with a question each, 50 crates, 50 offer stands), P walkers each played twice on the same walk — once as an
// app of protocol 1 (no `viewRevision`: every answer carries the whole view) and once as an app of protocol 2
// (it sends the revision it holds: answers carry what changed). Each walker sends its location every step, answers
// the question a geofence asks, picks an offer at each stand it reaches and carries a crate from one geofence to
// the next (as bench/city.bench.mjs). Prints the answers' bytes per step (JSON, and gzip as an HTTP server would
// compress them), and checks on the way that the view the delta app holds is the one the whole-view app is
// answered. Bytes do not depend on the machine's load. In process, on PGlite (or BENCH_DATABASE_URL).
// `npm run bench -- view-bytes`. Knobs: BENCH_PLAYERS (10), BENCH_STEPS_PER_PLAYER (60).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { applyViewDelta, diffView } from '@loci/domain';
import { createUser } from '../apps/server/src/test/factories.ts';
import { PIER_YEAR, startedInstance } from '../apps/server/src/test/play-factories.ts';
import { seedGame, stepWalk, walker } from './support/city-game.mjs';
import { recreateDatabase, urlOf, withApp } from './support/server.mjs';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 10);
const STEPS = Number(process.env.BENCH_STEPS_PER_PLAYER ?? 60);
const SERVER_URL = process.env.BENCH_DATABASE_URL;
const DB = 'loci_bench_view_bytes';

/** The view without who it belongs to (the two apps are two players). */
const normal = (view) =>
  JSON.parse(JSON.stringify(view).replaceAll(view.playerId, 'P').replaceAll(JSON.stringify(view.name), '"N"'));
const same = (a, b) => isDeepStrictEqual(normal(a), normal(b));

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loci-view-bytes-'));
  let url;
  if (SERVER_URL) {
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await recreateDatabase(admin, DB);
    await admin.end();
    url = urlOf(SERVER_URL, DB);
  }
  try {
    const { gameId } = await seedGame(dataDir, url);
    await withApp({ dataDir, databaseUrl: url }, async (app) => {
      const bytes = { whole: [], delta: [], wholeGz: [], deltaGz: [], fullView: [] };
      let deltas = 0;
      let wholes = 0;
      for (let p = 0; p < PLAYERS; p += 1) {
        const apps = [];
        for (const mode of ['whole', 'delta']) {
          const account = await createUser(app.ctx, { name: `Walker ${p} ${mode}` });
          const { instanceId, view } = await startedInstance(app, account, gameId);
          apps.push({ mode, account, instanceId, view, revision: null, carrying: null, lastStand: null });
        }
        const walk = walker(p);
        const send = async (one, event) => {
          const payload = one.mode === 'delta' ? { ...event, viewRevision: one.revision } : event;
          const res = await app.inject({
            method: 'POST',
            url: `/api/play/instances/${one.instanceId}/events`,
            headers: { authorization: `Bearer ${one.account.token}` },
            payload,
          });
          if (res.statusCode !== 200) throw new Error(`event answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
          const answer = res.json();
          bytes[one.mode].push(Buffer.byteLength(res.body));
          bytes[`${one.mode}Gz`].push(gzipSync(res.body).length);
          if (answer.view) {
            one.view = answer.view;
            if (one.mode === 'delta') wholes += 1;
          } else {
            if (answer.viewDelta.from !== one.revision) throw new Error('a delta from another revision');
            one.view = applyViewDelta(one.view, answer.viewDelta.changes);
            deltas += 1;
          }
          one.revision = answer.revision ?? null;
          return answer;
        };
        for (let s = 0; s < STEPS; s += 1) {
          stepWalk(walk);
          // Both apps make the same moves, decided on the whole-view app's answer.
          const decided = [];
          for (const one of apps) {
            const answer = await send(one, { type: 'location', ...walk.at });
            if (one.mode === 'whole') {
              bytes.fullView.push(Buffer.byteLength(JSON.stringify(answer.view)));
              decided.push(answer);
            }
          }
          const [plain, delta] = apps;
          if (!same(plain.view, delta.view))
            throw new Error(
              `step ${s}: the delta app's view differs from the whole view: ${JSON.stringify(diffView(normal(delta.view), normal(plain.view))).slice(0, 400)}`,
            );
          const outputs = decided[0].outputs ?? [];
          const asked = outputs.find((output) => output.action === 'askQuestion');
          const moves = [];
          if (asked) moves.push({ type: 'answer', interactionId: asked.interactionId, answer: PIER_YEAR });
          const nearest = (list) =>
            list.filter((item) => item.inRange && item.distance !== null).sort((a, b) => a.distance - b.distance)[0];
          const stand = nearest(plain.view.perceived.offers);
          if (stand && stand.id !== plain.lastStand) {
            plain.lastStand = stand.id;
            moves.push({ type: 'offer', objectId: stand.id, action: 'pick' });
          }
          if (plain.carrying && stand) {
            moves.push({ type: 'drop', objectId: plain.carrying });
            plain.carrying = null;
          } else if (!plain.carrying) {
            const crate = nearest(plain.view.perceived.objects);
            if (crate) {
              plain.carrying = crate.id;
              moves.push({ type: 'pick', objectId: crate.id });
            }
          }
          for (const move of moves) for (const one of apps) await send(one, move);
          if (!same(plain.view, delta.view))
            throw new Error(`step ${s}: the delta app's view differs from the whole view after its moves`);
        }
      }
      const mean = (list) => Math.round(list.reduce((a, b) => a + b, 0) / list.length);
      const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
      console.log(`players ${PLAYERS}, ${STEPS} location steps each, ${bytes.whole.length} events per app`);
      console.log(`whole view (JSON): mean ${mean(bytes.fullView)} B`);
      console.log(
        `answer, protocol 1 (whole view): mean ${mean(bytes.whole)} B, median ${median(bytes.whole)} B; gzip mean ${mean(bytes.wholeGz)} B`,
      );
      console.log(
        `answer, protocol 2 (deltas):     mean ${mean(bytes.delta)} B, median ${median(bytes.delta)} B; gzip mean ${mean(bytes.deltaGz)} B`,
      );
      console.log(`protocol 2 answers: ${deltas} deltas, ${wholes} whole views (the first of each player)`);
      console.log(`ratio (JSON): ${(mean(bytes.delta) / mean(bytes.whole)).toFixed(3)}`);
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
