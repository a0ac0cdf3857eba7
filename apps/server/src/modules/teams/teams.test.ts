import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import type { MyTeam, TeamActivityPush, TeamInstance } from '@loci/domain';
import { gameplayRecords, instanceEvents, playerStates, teamMembers } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  createPlayableGame,
  PIER,
  PIER_YEAR,
  sendEvent,
  startPlay,
  type PlayableGame,
} from '../../test/play-factories.js';
import { connectSocket, nextEvent } from '../../test/sockets.js';

const TEAMS = { enabled: true, minSize: 1, maxSize: 6, playersFormTeams: false };

/** The class list of a small class: six students, two groups (classes A and B). */
function classList(students: TestUser[]): string {
  return ['name,email,class', ...students.map((s, i) => `${s.user.name},${s.user.email},${i % 2 ? 'B' : 'A'}`)].join(
    '\n',
  );
}

describe('teams: the organiser makes them, the students play them', () => {
  let t: TestApp;
  let owner: TestUser;
  let outsider: TestUser;
  let game: PlayableGame;
  let students: TestUser[];
  let event: TeamInstance;

  const manage = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: user ? user.headers : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    owner = await createUser(t.app.ctx, { role: 'designer' });
    outsider = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner, { settings: { teams: TEAMS } as never });
    const names = ['Maria', 'Nikos', 'Eleni', 'Giorgos', 'Sofia', 'Kostas'];
    students = await Promise.all(names.map((name) => createUser(t.app.ctx, { name })));
  });
  afterAll(async () => t.close());

  it('reports the bad rows of a class list, each by its number, and makes nothing', async () => {
    const res = await manage(owner, 'POST', `/api/manage/games/${game.gameId}/team-instances`, {
      teamNames: ['Owls', 'Foxes'],
      classList:
        'name,email\nMaria,maria@example.com\n,nobody@example.com\nNikos,not-an-email\nEleni,maria@example.com',
      deal: 'balanced',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      classList: '3 rows of the class list cannot be read',
      'classList.3': 'Row 3: the name is missing',
      'classList.4': 'Row 4: the email is not an email address',
      'classList.5': 'Row 5: the same email is on an earlier row',
    });
    const list = await manage(owner, 'GET', `/api/manage/games/${game.gameId}/team-instances`);
    expect(list.json().instances).toEqual([]);
  });

  it('refuses wrong callers and wrong games', async () => {
    const body = { teamNames: ['Owls'] };
    expect((await manage(null, 'POST', `/api/manage/games/${game.gameId}/team-instances`, body)).statusCode).toBe(401);
    expect((await manage(outsider, 'POST', `/api/manage/games/${game.gameId}/team-instances`, body)).statusCode).toBe(
      403,
    );
    expect((await manage(students[0]!, 'GET', `/api/manage/games/${game.gameId}/team-instances`)).statusCode).toBe(403);
    const solo = await createPlayableGame(t.app, owner);
    const notTeams = await manage(owner, 'POST', `/api/manage/games/${solo.gameId}/team-instances`, body);
    expect(notTeams.statusCode).toBe(409);
    expect(notTeams.json().message).toBe('This game is not played in teams');
    const empty = await manage(owner, 'POST', `/api/manage/games/${game.gameId}/team-instances`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.teamNames).toBe('Type the teams’ names, or say how many teams to make');
  });

  it('imports a class list of six and deals it balanced into two teams of three, each class spread', async () => {
    const res = await manage(owner, 'POST', `/api/manage/games/${game.gameId}/team-instances`, {
      teamNames: ['Owls', 'Foxes'],
      classList: classList(students),
      deal: 'balanced',
    });
    expect(res.statusCode).toBe(201);
    event = res.json();
    expect(event.teams.map((team) => team.name)).toEqual(['Owls', 'Foxes']);
    expect(event.teams.map((team) => team.members.length)).toEqual([3, 3]);
    expect(event.unassigned).toEqual([]);
    for (const team of event.teams) {
      expect(team.code).toMatch(/^[A-Z2-9]{6}$/);
      expect(team.joinLink).toBe(`/fe/play/${game.gameId}?team=${team.code}`);
      // Two classes of three over two teams: each team has both.
      expect(new Set(team.members.map((member) => member.group))).toEqual(new Set(['A', 'B']));
    }
    expect(event.teams[0]!.colour).not.toBe(event.teams[1]!.colour);
  });

  it('moves a member by hand, and deals at random again', async () => {
    const [owls, foxes] = event.teams;
    const member = owls!.members[0]!;
    const moved = await manage(owner, 'PATCH', `/api/manage/team-instances/${event.instanceId}/members/${member.id}`, {
      teamId: foxes!.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().teams[1].members.map((m: { id: string }) => m.id)).toContain(member.id);
    const unknownTeam = await manage(
      owner,
      'PATCH',
      `/api/manage/team-instances/${event.instanceId}/members/${member.id}`,
      { teamId: 'no-such-team' },
    );
    expect(unknownTeam.statusCode).toBe(400);
    const foreign = await manage(
      outsider,
      'PATCH',
      `/api/manage/team-instances/${event.instanceId}/members/${member.id}`,
      { teamId: null },
    );
    expect(foreign.statusCode).toBe(403);
    const dealt = await manage(owner, 'POST', `/api/manage/team-instances/${event.instanceId}/deal`, {
      mode: 'random',
    });
    expect(dealt.statusCode).toBe(200);
    expect(dealt.json().teams.map((team: { members: unknown[] }) => team.members.length)).toEqual([3, 3]);
    // Back to balanced for the rest of the story.
    const balanced = await manage(owner, 'POST', `/api/manage/team-instances/${event.instanceId}/deal`, {
      mode: 'balanced',
    });
    event = balanced.json();
  });

  it('lets students join with their team’s code: the class list’s row is theirs, and they play the team', async () => {
    const owls = event.teams[0]!;
    const [maria, nikos] = owls.members.map((member) => students.find((s) => s.user.name === member.name)!);
    const stranger = await createUser(t.app.ctx, { name: 'Stranger' });
    // Not a member: the game is played in teams.
    const refused = await startPlay(t.app, stranger, game.gameId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This game is played in teams: join your team with its code first');
    const wrongCode = await manage(maria!, 'POST', '/api/play/team-join', { code: 'NOPE99' });
    expect(wrongCode.statusCode).toBe(404);

    const joined = await manage(maria!, 'POST', '/api/play/team-join', { code: owls.code.toLowerCase() });
    expect(joined.statusCode).toBe(200);
    const mine: MyTeam = joined.json();
    expect(mine.team.name).toBe('Owls');
    expect(mine.team.members.find((m) => m.id === mine.memberId)).toMatchObject({
      name: maria!.user.name,
      joined: true,
    });
    // Players read no emails.
    expect(mine.team.members.every((m) => m.email === null)).toBe(true);
    expect((await manage(nikos!, 'POST', '/api/play/team-join', { code: owls.code })).statusCode).toBe(200);
    // Nikos cannot also be in the Foxes.
    const other = await manage(nikos!, 'POST', '/api/play/team-join', { code: event.teams[1]!.code });
    expect(other.statusCode).toBe(409);

    const start = await startPlay(t.app, maria!, game.gameId);
    expect(start.statusCode).toBe(200);
    expect(start.json().instanceId).toBe(event.instanceId);
    const rows = await t.app.ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, event.instanceId));
    // One row for the team (its shared progress), none per member.
    expect(rows.map((row) => [row.playerId, row.name, row.userId])).toEqual([[owls.id, 'Owls', null]]);
  });

  it('steps a member’s events on the team: the teammate sees it, named, and every record names the member', async () => {
    const owls = event.teams[0]!;
    const [maria, nikos] = owls.members.map((member) => students.find((s) => s.user.name === member.name)!);
    const nikosSocket: Socket = await connectSocket(t, nikos!.token);
    try {
      const walked = await sendEvent(t.app, nikos!, event.instanceId, { type: 'location', ...PIER });
      expect(walked.statusCode).toBe(200);
      const activity = nextEvent<TeamActivityPush>(nikosSocket, 'teamActivity');
      const answered = await sendEvent(t.app, maria!, event.instanceId, {
        type: 'answer',
        interactionId: game.question.id,
        answer: PIER_YEAR,
      });
      expect(answered.statusCode).toBe(200);
      expect(await activity).toMatchObject({ member: { name: maria!.user.name }, event: 'answer', correct: true });
      // Nikos's own view shows the team's progress: the lantern the correct answer gave.
      const view = await manage(nikos!, 'GET', `/api/play/instances/${event.instanceId}`);
      expect(view.json().view.items[game.lantern.id]).toBe(1);
    } finally {
      nikosSocket.close();
    }
    const records = await t.app.ctx.db
      .select()
      .from(gameplayRecords)
      .where(and(eq(gameplayRecords.instanceId, event.instanceId), eq(gameplayRecords.name, 'has answered question')));
    expect(records).toHaveLength(1);
    expect(records[0]!.record.member?.name).toBe(maria!.user.name);
    const log = await t.app.ctx.db.select().from(instanceEvents).where(eq(instanceEvents.instanceId, event.instanceId));
    const answerEntry = log.find((row) => row.entry.kind === 'step' && row.entry.event.type === 'answer');
    expect(answerEntry?.entry).toMatchObject({ event: { member: { name: maria!.user.name } } });
    // Each member keeps their own position.
    const positions = await t.app.ctx.db
      .select({ name: teamMembers.name, latitude: teamMembers.latitude })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, owls.id));
    expect(positions.find((row) => row.name === nikos!.user.name)?.latitude).toBe(PIER.latitude);
    const team = await manage(maria!, 'GET', `/api/play/instances/${event.instanceId}/team`);
    expect(team.statusCode).toBe(200);
    expect(team.json().team.members.find((m: { name: string }) => m.name === nikos!.user.name).latitude).toBe(
      PIER.latitude,
    );
  });
});
