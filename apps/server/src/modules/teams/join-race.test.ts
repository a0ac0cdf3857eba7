import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { instanceEvents, playerStates, teamMembers } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame } from '../../test/play-factories.js';

const TEAMS = 4;
const MAX_SIZE = 6;
const PLAYERS = TEAMS * MAX_SIZE;

/**
 * A class of 24 phones joins the four teams of one event at the same moment (issue 28). Each join locks the
 * instance row and then its team's row, and the first join of a team starts the team's player under the same
 * instance lock; joins that took them in the other order (the team, then the instance to start it) deadlocked
 * on PostgreSQL. Every join must answer, each student be in one team, each team be started once and none be
 * over its maximum. On PostgreSQL the requests really run side by side.
 */
describe('a class joining the teams of one event at once', () => {
  let t: TestApp;
  let students: TestUser[];
  let instanceId: string;
  let teams: Array<{ id: string; code: string }>;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.app.ctx, { role: 'designer' });
    const game = await createPlayableGame(t.app, owner, {
      settings: { teams: { enabled: true, minSize: 1, maxSize: MAX_SIZE, playersFormTeams: false } } as never,
    });
    students = await Promise.all(Array.from({ length: PLAYERS }, (_, i) => createUser(t.app.ctx, { name: `S${i}` })));
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/manage/games/${game.gameId}/team-instances`,
      headers: owner.headers,
      payload: { teamNames: ['Owls', 'Foxes', 'Bears', 'Hawks'] },
    });
    expect(made.statusCode).toBe(201);
    instanceId = made.json().instanceId;
    teams = made.json().teams;
  });
  afterAll(async () => t.close());

  it('answers every join, puts each student in one team and starts each team once', async () => {
    const joins = await Promise.all(
      students.map((student, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/play/team-join',
          headers: student.headers,
          payload: { code: teams[i % TEAMS]!.code },
        }),
      ),
    );
    expect(joins.map((res) => res.statusCode)).toEqual(students.map(() => 200));
    expect(joins.map((res) => res.json().team.id)).toEqual(students.map((_, i) => teams[i % TEAMS]!.id));

    const members = await t.app.ctx.db.select().from(teamMembers).where(eq(teamMembers.instanceId, instanceId));
    expect(members.map((member) => member.userId).sort()).toEqual(students.map((student) => student.user.id).sort());
    for (const [i, student] of students.entries()) {
      expect(members.filter((member) => member.userId === student.user.id).map((member) => member.teamId)).toEqual([
        teams[i % TEAMS]!.id,
      ]);
    }
    for (const team of teams) {
      const size = members.filter((member) => member.teamId === team.id).length;
      expect(size).toBeLessThanOrEqual(MAX_SIZE);
    }

    // One player row per team, and one `start` in the input log for each.
    const rows = await t.app.ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instanceId));
    expect(rows.map((row) => row.playerId).sort()).toEqual(teams.map((team) => team.id).sort());
    const log = await t.app.ctx.db.select().from(instanceEvents).where(eq(instanceEvents.instanceId, instanceId));
    const starts = log.filter((row) => row.entry.kind === 'step' && row.entry.event.type === 'start');
    expect(starts.map((row) => row.playerId).sort()).toEqual(teams.map((team) => team.id).sort());
  });
});
