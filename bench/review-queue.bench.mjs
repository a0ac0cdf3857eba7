// Judged submissions (issue 29): the review queue with BENCH_SUBMISSIONS (1,000) waiting submissions of one
// instance — the time to open the queue (its first page, GET …/submissions?status=pending&limit=50, in process
// through Fastify's inject: routing, rights, the query, the JSON), a page deep in it (?cursor=), all 1,000 at
// once to compare, and the time per decision (POST …/verdict: the
// conditional UPDATE, the engine's `judge` step on the locking path, the audit row, the pushes), one after
// the other as an organiser judges. One player submits through the API; the other rows are copied in SQL.
// Runs on PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local server; skipped when unreachable).
// `npm run bench -- review-queue`.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createTestApp } from '../apps/server/src/test/app.ts';
import { createUser } from '../apps/server/src/test/factories.ts';
import { createEntity } from '../apps/server/src/test/design-factories.ts';
import { multipartBody, pngBytes } from '../apps/server/src/test/game-factories.ts';
import {
  createPlayableGame,
  publishVersionOf,
  sendEvent,
  startedInstance,
} from '../apps/server/src/test/play-factories.ts';

const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 1000);
const DECISIONS = Number(process.env.BENCH_DECISIONS ?? 100);
const OPENS = Number(process.env.BENCH_OPENS ?? 10);
/** The console's page (apps/web/src/api/judging.ts REVIEW_PAGE_SIZE). */
const PAGE = 50;
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value) => `${value.toFixed(1)} ms`;

const COPY = `
insert into submissions (instance_id, player_id, member_id, member_name, mission_id, media_id, text, status, created_at)
select instance_id, player_id, member_id, member_name, mission_id, media_id, text, 'pending',
  created_at + make_interval(secs => n)
from submissions, generate_series(1, $2) as n
where instance_id = $1`;

async function benchOn(kind) {
  const t = await createTestApp();
  try {
    const owner = await createUser(t.app.ctx, { role: 'designer' });
    const game = await createPlayableGame(t.app, owner, { publish: false });
    const mission = await createEntity(t.app, owner, game.gameId, 'mission', {
      name: 'pier',
      title: 'A photo at the pier',
      description: '<p>Take a photo.</p>',
      notes: '',
      judging: 'wait',
      accomplishment: {
        accomplishmentType: 'action',
        action: { type: 'ACTION_TYPE_CAPTURE', mediatypemediaRequired: true, mediatypeimage: true },
        condition: [],
        submissions: [],
        ordered: false,
        notifyPlayer: true,
      },
    });
    await createEntity(t.app, owner, game.gameId, 'rule', {
      name: 'assign',
      notes: '',
      sceneId: game.scene.id,
      trigger: { conditionType: 'player-scene', verb: 'has_entered', elementId: game.scene.id },
      triggerPreconditions: [],
      sideeffects: [{ actorId: 'system', actionName: 'assignMission', actionArgs: { what: mission.id } }],
      sideeffectselse: [],
      fireOnce: true,
    });
    await publishVersionOf(t.app, owner, game.gameId);
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    const { payload, headers } = await multipartBody([{ bytes: await pngBytes(), filename: 'me.png', field: 'file' }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/play/instances/${instanceId}/media`,
      headers: { ...player.headers, ...headers },
      payload,
    });
    await sendEvent(t.app, player, instanceId, {
      type: 'submission',
      missionId: mission.id,
      mediaId: uploaded.json().id,
    });
    await t.app.ctx.database.query('bench_copy', COPY, [instanceId, SUBMISSIONS - 1]);

    const read = async (query) => {
      const start = performance.now();
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/manage/instances/${instanceId}/submissions?status=pending&${query}`,
        headers: owner.headers,
      });
      const took = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(res.body);
      return { took, body: res.json() };
    };
    const timed = async (query) => {
      await read(query); // warm: the spec cache, prepared statements
      const times = [];
      let body;
      for (let i = 0; i < OPENS; i += 1) {
        const one = await read(query);
        times.push(one.took);
        body = one.body;
      }
      return { times, body, kb: JSON.stringify(body).length / 1024 };
    };
    // Opening the queue as the console does: the first page (50). Then a page deep in the queue (after the
    // 900th: the keyset read costs the same at any depth), and, to compare, all 1,000 at once.
    const whole = await timed('limit=1000');
    const listed = whole.body;
    const ids = listed.submissions.map((item) => item.id);
    const first = await timed(`limit=${PAGE}`);
    const deep = await timed(`limit=${PAGE}&cursor=${ids[Math.min(899, ids.length - 1)]}`);

    const decisions = [];
    for (let i = 0; i < Math.min(DECISIONS, ids.length); i += 1) {
      const body = i % 4 === 3 ? { verdict: 'rejected', reason: 'Blurred' } : { verdict: 'approved', points: 1 };
      const start = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/manage/instances/${instanceId}/submissions/${ids[i]}/verdict`,
        headers: owner.headers,
        payload: body,
      });
      decisions.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(res.body);
    }
    const line = ({ times, body, kb }) =>
      `${body.submissions.length} rows, ${kb.toFixed(0)} KB: p50 ${ms(percentile(times, 50))}, max ${ms(Math.max(...times))}`;
    console.log(
      `${kind}: ${listed.total} waiting; open the queue (first page, ${line(first)}); a page after the 900th ` +
        `(${line(deep)}); all at once (${line(whole)}); ${decisions.length} decisions one after ` +
        `the other: p50 ${ms(percentile(decisions, 50))}, p99 ${ms(percentile(decisions, 99))}, ` +
        `mean ${ms(decisions.reduce((a, b) => a + b, 0) / decisions.length)}`,
    );
  } finally {
    await t.close();
  }
}

const t0 = performance.now();
await benchOn('PGlite');
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const probe = new pg.Client({ connectionString: pgUrl });
const reachable = await probe.connect().then(
  () => true,
  () => false,
);
if (reachable) {
  await probe.end();
  process.env.TEST_DATABASE_URL = pgUrl;
  await benchOn('PostgreSQL');
} else console.log('PostgreSQL: skipped (unreachable)');
console.log(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
