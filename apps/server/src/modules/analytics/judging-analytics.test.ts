import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { JudgingStats, PlayerReplay } from '@loci/domain';
import { gameInstances, gameVersions, submissions } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createEntity } from '../../test/design-factories.js';
import {
  assignOnEntryRule,
  createPlayableGame,
  publishVersionOf,
  sendEvent,
  startedInstance,
  textMissionValues,
} from '../../test/play-factories.js';

/**
 * Judging in analytics and replay (issue 29): the Analytics page's approval rate and median time to judge per
 * mission over a version's instances, and the verdicts and the organiser's replies in a player's replay.
 */
describe('#analytics.judging and judging in replay', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let gameId: string;
  let versionId: string;
  let missionId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    stranger = await createUser(t.app.ctx, { role: 'designer' });
    const game = await createPlayableGame(t.app, owner, { publish: false });
    gameId = game.gameId;
    missionId = (await createEntity(t.app, owner, gameId, 'mission', textMissionValues('motto', 'The team motto'))).id;
    await createEntity(t.app, owner, gameId, 'rule', assignOnEntryRule(game.scene.id, missionId));
    await publishVersionOf(t.app, owner, gameId);
    const [version] = await t.app.ctx.db
      .select({ id: gameVersions.id })
      .from(gameVersions)
      .where(sql`${gameVersions.gameId} = ${gameId} and not ${gameVersions.isLiveSpec}`);
    versionId = version!.id;
  });
  afterAll(async () => t.close());

  const verdict = (instanceId: string, submissionId: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/manage/instances/${instanceId}/submissions/${submissionId}/verdict`,
      headers: owner.headers,
      payload,
    });
  const pendingOf = async (instanceId: string) => {
    const [row] = await t.app.ctx.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(sql`${submissions.instanceId} = ${instanceId} and ${submissions.status} = 'pending'`);
    return row!.id;
  };
  const judgingOf = (as: TestUser, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/analytics/${versionId}/judging${query}`, headers: as.headers });

  it('counts the verdicts of every instance of the version: approval rate and median time to judge', async () => {
    const [ana, ben] = [await createUser(t.app.ctx), await createUser(t.app.ctx)];
    const first = await startedInstance(t.app, ana, gameId);
    const second = await startedInstance(t.app, ben, gameId);
    expect(second.instanceId).not.toBe(first.instanceId);

    // Ana's motto: rejected after 60 s; her second one approved after 120 s. Ben's approved after 30 s.
    expect(
      (await sendEvent(t.app, ana, first.instanceId, { type: 'submission', missionId, text: 'Hoot' })).statusCode,
    ).toBe(200);
    t.clock.advance(60_000);
    expect(
      (await verdict(first.instanceId, await pendingOf(first.instanceId), { verdict: 'rejected', reason: 'Louder' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await sendEvent(t.app, ana, first.instanceId, { type: 'submission', missionId, text: 'HOOT' })).statusCode,
    ).toBe(200);
    t.clock.advance(120_000);
    expect(
      (await verdict(first.instanceId, await pendingOf(first.instanceId), { verdict: 'approved', points: 3 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await sendEvent(t.app, ben, second.instanceId, { type: 'submission', missionId, text: 'Roar' })).statusCode,
    ).toBe(200);
    t.clock.advance(30_000);
    expect(
      (await verdict(second.instanceId, await pendingOf(second.instanceId), { verdict: 'approved' })).statusCode,
    ).toBe(200);

    const res = await judgingOf(owner);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json() as JudgingStats;
    expect(stats.missions).toEqual([
      {
        missionId,
        missionTitle: 'The team motto',
        submitted: 3,
        pending: 0,
        approved: 2,
        rejected: 1,
        withdrawn: 0,
        approvalRate: 2 / 3,
        medianSecondsToJudge: 60,
      },
    ]);
  });

  it('refuses whoever may not manage the game, and an unknown version', async () => {
    expect((await judgingOf(stranger)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/analytics/${versionId}/judging` })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/00000000-0000-4000-8000-000000000000/judging',
      headers: owner.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await judgingOf(owner, '?includeAbandoned=maybe')).statusCode).toBe(400);
  });

  it('shows the verdicts, the player’s messages and the organiser’s reply in the player’s replay', async () => {
    const cleo = await createUser(t.app.ctx, { name: 'Cleo' });
    const { instanceId } = await startedInstance(t.app, cleo, gameId);
    t.clock.advance(10_000);
    expect((await sendEvent(t.app, cleo, instanceId, { type: 'submission', missionId, text: 'Meow' })).statusCode).toBe(
      200,
    );
    t.clock.advance(10_000);
    expect(
      (await verdict(instanceId, await pendingOf(instanceId), { verdict: 'rejected', reason: 'Purr instead' }))
        .statusCode,
    ).toBe(200);
    t.clock.advance(10_000);
    const asked = await sendEvent(t.app, cleo, instanceId, { type: 'chat', channel: 'organiser', text: 'Why not?' });
    expect(asked.statusCode, asked.body).toBe(200);
    t.clock.advance(10_000);
    const replied = await t.app.inject({
      method: 'POST',
      url: `/api/manage/instances/${instanceId}/messages`,
      headers: owner.headers,
      payload: { playerId: cleo.user.id, text: 'A cat purrs' },
    });
    expect(replied.statusCode, replied.body).toBe(200);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/instances/${instanceId}/players/${cleo.user.id}/replay`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const replay = res.json() as PlayerReplay;
    expect(replay.steps.map((step) => (step.kind === 'event' ? step.event!.type : step.kind))).toEqual([
      'start',
      'submission',
      'judge',
      'chat',
      'message',
    ]);
    expect(replay.steps[2]!.event).toMatchObject({ verdict: 'rejected', reason: 'Purr instead', missionId });
    expect(replay.steps[3]!.event).toMatchObject({ channel: 'organiser', text: 'Why not?' });
    expect(replay.steps[4]).toMatchObject({ kind: 'message', message: 'A cat purrs' });
    expect(replay.matchesStored).toBe(true);
  });

  it('leaves out the instances abandoned unless asked', async () => {
    const dora = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, dora, gameId);
    expect((await sendEvent(t.app, dora, instanceId, { type: 'submission', missionId, text: 'Moo' })).statusCode).toBe(
      200,
    );
    await t.app.ctx.db.update(gameInstances).set({ status: 'abandoned' }).where(eq(gameInstances.id, instanceId));
    const without = (await judgingOf(owner)).json() as JudgingStats;
    const withAbandoned = (await judgingOf(owner, '?includeAbandoned=true')).json() as JudgingStats;
    expect(withAbandoned.missions[0]!.pending).toBe(without.missions[0]!.pending + 1);
  });
});
