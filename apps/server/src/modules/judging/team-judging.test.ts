import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TeamInstance } from '@loci/domain';
import { submissions } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createEntity } from '../../test/design-factories.js';
import {
  assignOnEntryRule,
  createPlayableGame,
  publishVersionOf,
  sendEvent,
  startPlay,
  textMissionValues,
} from '../../test/play-factories.js';

const TEAMS = { enabled: true, minSize: 1, maxSize: 6, playersFormTeams: false };

/** Judged submissions in a game played in teams: the member is on the row, every member is told the verdict. */
describe('judging a team’s submission', () => {
  let t: TestApp;
  let owner: TestUser;
  let maria: TestUser;
  let nikos: TestUser;
  let missionId: string;
  let event: TeamInstance;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    const game = await createPlayableGame(t.app, owner, { publish: false, settings: { teams: TEAMS } as never });
    missionId = (await createEntity(t.app, owner, game.gameId, 'mission', textMissionValues('motto', 'The team motto')))
      .id;
    await createEntity(t.app, owner, game.gameId, 'rule', assignOnEntryRule(game.scene.id, missionId));
    await publishVersionOf(t.app, owner, game.gameId);
    maria = await createUser(t.app.ctx, { name: 'Maria' });
    nikos = await createUser(t.app.ctx, { name: 'Nikos' });
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/manage/games/${game.gameId}/team-instances`,
      headers: owner.headers,
      payload: {
        teamNames: ['Owls'],
        classList: `name,email\nMaria,${maria.user.email}\nNikos,${nikos.user.email}`,
        deal: 'balanced',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    event = made.json();
    const code = event.teams[0]!.code;
    for (const student of [maria, nikos]) {
      const joined = await t.app.inject({
        method: 'POST',
        url: '/api/play/team-join',
        headers: student.headers,
        payload: { code },
      });
      expect(joined.statusCode).toBe(200);
    }
    expect((await startPlay(t.app, maria, game.gameId)).statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  it('names the member who submitted, and tells every member of the team the reason of a rejection', async () => {
    const ctx = t.app.ctx;
    const sent = await sendEvent(t.app, maria, event.instanceId, { type: 'submission', missionId, text: 'Hoot!' });
    expect(sent.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(submissions).where(eq(submissions.instanceId, event.instanceId));
    expect(row).toMatchObject({ playerId: event.teams[0]!.id, memberName: 'Maria', text: 'Hoot!', status: 'pending' });

    const pushed: Array<{ userId: string; payload: Record<string, unknown> }> = [];
    const realtime = ctx.realtime;
    ctx.realtime = {
      ...realtime,
      toUser: (userId, _event, payload) => void pushed.push({ userId, payload: payload as Record<string, unknown> }),
    };
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/manage/instances/${event.instanceId}/submissions/${row!.id}/verdict`,
        headers: owner.headers,
        payload: { verdict: 'rejected', reason: 'Louder, please' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().submission).toMatchObject({ playerName: 'Owls', memberName: 'Maria', status: 'rejected' });
    } finally {
      ctx.realtime = realtime;
    }
    for (const student of [maria, nikos]) {
      const mine = pushed.filter((one) => one.userId === student.user.id).at(-1)?.payload;
      expect((mine?.outputs as Array<{ message?: string }>).map((output) => output.message)).toContain(
        'Not accepted, The team motto: Louder, please',
      );
    }
    // Nikos, the other member, submits again for the team.
    const again = await sendEvent(t.app, nikos, event.instanceId, { type: 'submission', missionId, text: 'HOOT!' });
    expect(again.json().outputs).not.toContainEqual(expect.objectContaining({ action: 'error' }));
  });
});
