import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SubmissionList } from '@loci/domain';
import type { App } from '../../app.js';
import { operatorAudit, submissions } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createEntity } from '../../test/design-factories.js';
import { multipartBody, pngBytes } from '../../test/game-factories.js';
import { createPlayableGame, publishVersionOf, sendEvent, startedInstance } from '../../test/play-factories.js';
import { expectEveryInstanceReplays } from '../../test/replay-check.js';
import { listApprovedSubmissions } from './service.js';

type Json = Record<string, unknown>;

async function upload(app: App, user: TestUser, instanceId: string) {
  const { payload, headers } = await multipartBody([{ bytes: await pngBytes(), filename: 'me.png', field: 'file' }]);
  const res = await app.inject({
    method: 'POST',
    url: `/api/play/instances/${instanceId}/media`,
    headers: { ...user.headers, ...headers },
    payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

/** Judged submissions (issue 29): the queue, verdicts, rights, races, the engine's reaction, the audit. */
describe('judged submissions', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let gameId: string;
  let waitId: string;
  let autoId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    stranger = await createUser(t.app.ctx, { role: 'designer' });
    const game = await createPlayableGame(t.app, owner, { publish: false });
    gameId = game.gameId;
    const photoMission = (name: string, judging: string) => ({
      name,
      title: `Photo ${name}`,
      description: '<p>Take a photo.</p>',
      notes: '',
      judging,
      accomplishment: {
        accomplishmentType: 'action',
        action: { type: 'ACTION_TYPE_CAPTURE', mediatypemediaRequired: true, mediatypeimage: true },
        condition: [],
        submissions: [],
        ordered: false,
        notifyPlayer: true,
      },
    });
    waitId = (await createEntity(t.app, owner, gameId, 'mission', photoMission('pier', 'wait'))).id;
    autoId = (await createEntity(t.app, owner, gameId, 'mission', photoMission('tower', 'auto'))).id;
    await createEntity(t.app, owner, gameId, 'rule', {
      name: 'assign the photos',
      notes: '',
      sceneId: game.scene.id,
      trigger: { conditionType: 'player-scene', verb: 'has_entered', elementId: game.scene.id },
      triggerPreconditions: [],
      sideeffects: [
        { actorId: 'system', actionName: 'assignMission', actionArgs: { what: waitId } },
        { actorId: 'system', actionName: 'assignMission', actionArgs: { what: autoId } },
      ],
      sideeffectselse: [],
      fireOnce: true,
    });
    await createEntity(t.app, owner, gameId, 'rule', {
      name: 'when rejected',
      notes: '',
      sceneId: game.scene.id,
      trigger: { conditionType: 'player-mission', verb: 'has_been_rejected', elementId: waitId },
      triggerPreconditions: [],
      sideeffects: [{ actorId: 'system', actionName: 'showNotification', actionArgs: { msg: 'Go back to the pier' } }],
      sideeffectselse: [],
      fireOnce: false,
    });
    await publishVersionOf(t.app, owner, gameId);
  });
  afterAll(async () => t.close());

  const queue = (user: TestUser, instanceId: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/manage/instances/${instanceId}/submissions${query}`,
      headers: user.headers,
    });
  const verdict = (user: TestUser, instanceId: string, id: string, body: Json) =>
    t.app.inject({
      method: 'POST',
      url: `/api/manage/instances/${instanceId}/submissions/${id}/verdict`,
      headers: user.headers,
      payload: body,
    });

  async function submitted(player: TestUser, instanceId: string, missionId = waitId) {
    const mediaId = await upload(t.app, player, instanceId);
    const res = await sendEvent(t.app, player, instanceId, { type: 'submission', missionId, mediaId });
    expect(res.statusCode).toBe(200);
    return { mediaId, answer: res.json() as Json };
  }

  it('keeps a waiting mission pending, rejects with a reason the player is pushed, and approves a resubmission', async () => {
    const ctx = t.app.ctx;
    const pushed: Array<{ userId: string; payload: Json }> = [];
    const realtime = ctx.realtime;
    ctx.realtime = {
      ...realtime,
      toUser: (userId, _event, payload) => void pushed.push({ userId, payload: payload as Json }),
    };
    try {
      const player = await createUser(ctx, { name: 'Pat Pier' });
      const { instanceId } = await startedInstance(t.app, player, gameId);
      const first = await submitted(player, instanceId);
      expect((first.answer.view as Json).missions).toContainEqual(
        expect.objectContaining({ missionId: waitId, status: 'started', verdict: { status: 'pending' } }),
      );

      const list = await queue(owner, instanceId, '?status=pending');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({
        total: 1,
        pending: 1,
        submissions: [
          { playerName: 'Pat Pier', missionTitle: 'Photo pier', mediaId: first.mediaId, mediaType: 'image/png' },
        ],
        missions: [{ id: waitId, title: 'Photo pier' }],
      });
      const id = list.json().submissions[0].id as string;

      const noReason = await verdict(owner, instanceId, id, { verdict: 'rejected' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().errors).toHaveProperty('reason');

      const rejected = await verdict(owner, instanceId, id, { verdict: 'rejected', reason: 'The photo is blurred' });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json().submission).toMatchObject({ status: 'rejected', reason: 'The photo is blurred' });
      const toPlayer = pushed.filter((one) => one.userId === player.user.id).at(-1)?.payload;
      const messages = (toPlayer?.outputs as Json[]).map((output) => output.message);
      expect(messages).toContain('Not accepted, Photo pier: The photo is blurred');
      expect(messages).toContain('Go back to the pier');

      const again = await submitted(player, instanceId);
      expect(again.answer.outputs).not.toContainEqual(expect.objectContaining({ action: 'error' }));
      const second = (await queue(owner, instanceId, '?status=pending')).json().submissions[0].id as string;
      const approved = await verdict(owner, instanceId, second, { verdict: 'approved', points: 10 });
      expect(approved.json().submission).toMatchObject({
        status: 'approved',
        points: 10,
        judgedByName: owner.user.name,
      });
      const view = pushed.filter((one) => one.userId === player.user.id).at(-1)?.payload.view as Json;
      expect(view.missions).toContainEqual(expect.objectContaining({ missionId: waitId, status: 'completed' }));

      const audit = await ctx.db.select().from(operatorAudit).where(eq(operatorAudit.instanceId, instanceId));
      expect(audit.map((row) => [row.kind, (row.what as Json).verdict, row.actorName])).toEqual([
        ['judge', 'rejected', owner.user.name],
        ['judge', 'approved', owner.user.name],
      ]);

      // The wall reads only what was approved.
      const approvedList = await listApprovedSubmissions(ctx, instanceId);
      expect(approvedList.map((one) => one.id)).toEqual([second]);
      expect(approvedList[0]).toMatchObject({ team: 'Pat Pier', missionTitle: 'Photo pier', mediaId: again.mediaId });

      // Withdrawn later: off the wall, audited.
      const withdrawn = await verdict(owner, instanceId, second, { verdict: 'withdrawn', reason: 'Not theirs' });
      expect(withdrawn.json().submission).toMatchObject({ status: 'withdrawn', points: 0 });
      expect(await listApprovedSubmissions(ctx, instanceId)).toEqual([]);
      const twice = await verdict(owner, instanceId, second, { verdict: 'withdrawn', reason: 'Again' });
      expect(twice.statusCode).toBe(409);

      const stats = await t.app.inject({
        method: 'GET',
        url: `/api/manage/instances/${instanceId}/submissions/stats`,
        headers: owner.headers,
      });
      expect(stats.json().missions).toMatchObject([
        { missionId: waitId, submitted: 2, approved: 0, rejected: 1, withdrawn: 1, approvalRate: 0.5 },
      ]);
    } finally {
      ctx.realtime = realtime;
    }
  });

  it('stores a mission accepted as it arrives approved, with no judge; only judged missions are filters', async () => {
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, gameId);
    await submitted(player, instanceId, autoId);
    const rows = await t.app.ctx.db.select().from(submissions).where(eq(submissions.instanceId, instanceId));
    expect(rows).toMatchObject([{ missionId: autoId, status: 'approved', judgedBy: null }]);
    const list = await queue(owner, instanceId, '?status=pending');
    expect(list.json()).toMatchObject({ total: 0, pending: 0, submissions: [] });
  });

  it('lets one of two organisers judging the same submission at once win; the other gets 409', async () => {
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, gameId);
    await submitted(player, instanceId);
    const id = (await queue(owner, instanceId)).json().submissions[0].id as string;
    const [a, b] = await Promise.all([
      verdict(owner, instanceId, id, { verdict: 'approved', points: 1 }),
      verdict(owner, instanceId, id, { verdict: 'rejected', reason: 'No' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const audit = await t.app.ctx.db.select().from(operatorAudit).where(eq(operatorAudit.instanceId, instanceId));
    expect(audit).toHaveLength(1);
  });

  it('bulk-approves the pending ones and skips the rest', async () => {
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, gameId);
    await submitted(player, instanceId);
    const id = (await queue(owner, instanceId)).json().submissions[0].id as string;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/manage/instances/${instanceId}/submissions/bulk-approve`,
      headers: owner.headers,
      payload: { ids: [id, 'not-an-id'], points: 2 },
    });
    expect(res.json()).toEqual({ approved: 1, skipped: 1 });
    expect((await queue(owner, instanceId)).json().submissions[0]).toMatchObject({ status: 'approved', points: 2 });
  });

  it('pages the queue by cursor: every submission once, newest first, ties of time included', async () => {
    const player = await createUser(t.app.ctx, { name: 'Paula Pages' });
    const { instanceId } = await startedInstance(t.app, player, gameId);
    await submitted(player, instanceId);
    const [row] = await t.app.ctx.db.select().from(submissions).where(eq(submissions.instanceId, instanceId));
    // 24 more waiting rows, by threes at the same instant (the id breaks the tie).
    const { id: _id, ...copy } = row!;
    await t.app.ctx.db.insert(submissions).values(
      Array.from({ length: 24 }, (_, n) => ({
        ...copy,
        createdAt: new Date(row!.createdAt.getTime() + Math.floor(n / 3) * 1000),
      })),
    );
    const whole = (await queue(owner, instanceId, '?limit=1000')).json() as SubmissionList;
    expect(whole.submissions).toHaveLength(25);
    expect(whole.nextCursor).toBeNull();

    const paged: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await queue(owner, instanceId, `?status=pending&limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as SubmissionList;
      expect(page.total).toBe(25);
      paged.push(...page.submissions.map((one) => one.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(paged).toEqual(whole.submissions.map((one) => one.id));
    expect((await queue(owner, instanceId, '?cursor=not-a-cursor')).statusCode).toBe(400);
  });

  it('replays every judged instance to the stored state (verdicts are in the input log)', async () => {
    expect(await expectEveryInstanceReplays(t.app.ctx)).toBeGreaterThan(0);
  });

  it('refuses callers without the manage right, and unknown submissions', async () => {
    const player = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, player, gameId);
    expect((await queue(stranger, instanceId)).statusCode).toBe(403);
    expect((await queue(player, instanceId)).statusCode).toBe(403);
    const unknown = await verdict(owner, instanceId, 'nope', { verdict: 'approved' });
    expect(unknown.statusCode).toBe(404);
    const badVerdict = await verdict(owner, instanceId, 'nope', { verdict: 'maybe' });
    expect(badVerdict.statusCode).toBe(400);
  });
});
