import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import type { MyTeam, TeamPositionPush } from '@loci/domain';
import { instanceEvents } from '../../db/schema.js';
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

/**
 * Players forming their own teams in the lobby (games whose players may create their own teams;
 * docs/outings.md): one creates a team and reads its code, the others join with it, and each member sees
 * where the others are.
 */
describe('teams the players form themselves', () => {
  let t: TestApp;
  let owner: TestUser;
  let game: PlayableGame;
  let maria: TestUser;
  let nikos: TestUser;
  let eleni: TestUser;

  const call = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: user ? user.headers : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    owner = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner, {
      settings: {
        teams: { enabled: true, minSize: 1, maxSize: 2, playersFormTeams: true },
        rankings: { available: true, showBeforeComplete: true },
      } as never,
    });
    const made = await Promise.all(['Maria', 'Nikos', 'Eleni'].map((name) => createUser(t.app.ctx, { name })));
    [maria, nikos, eleni] = made as [TestUser, TestUser, TestUser];
  });
  afterAll(async () => t.close());

  it('lets a player create a team in the lobby, read its code, and play it; a friend joins with the code', async () => {
    const lobby = await call(maria, 'GET', `/api/play/games/${game.gameId}`);
    expect(lobby.json().game.teams).toEqual({ enabled: true, playersFormTeams: true });

    const made = await call(maria, 'POST', `/api/play/games/${game.gameId}/teams`, { name: '  Owls ' });
    expect(made.statusCode).toBe(201);
    const mine: MyTeam = made.json();
    expect(mine.team.name).toBe('Owls');
    expect(mine.team.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(mine.team.members.map((m) => [m.name, m.joined])).toEqual([['Maria', true]]);
    expect(mine.team.members[0]!.id).toBe(mine.memberId);

    // Maria is in her team's game: the lobby names the instance, and starting plays it.
    expect((await call(maria, 'GET', `/api/play/games/${game.gameId}`)).json().instanceId).toBe(mine.instanceId);
    expect((await startPlay(t.app, maria, game.gameId)).json().instanceId).toBe(mine.instanceId);

    // Nikos joins with the code Maria shows him; both read the same team.
    const joined = await call(nikos, 'POST', '/api/play/team-join', { code: mine.team.code });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().team.id).toBe(mine.team.id);
    const read = await call(maria, 'GET', `/api/play/instances/${mine.instanceId}/team`);
    expect(read.json().team.members.map((m: { name: string }) => m.name)).toEqual(['Maria', 'Nikos']);

    // The team holds two at most: Eleni cannot join it, but she can make a team of her own in the same event.
    const full = await call(eleni, 'POST', '/api/play/team-join', { code: mine.team.code });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('This team is full');
    const taken = await call(eleni, 'POST', `/api/play/games/${game.gameId}/teams`, { name: 'OWLS' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors.name).toBe('Two teams cannot have the same name');
    const badAvatar = await call(eleni, 'POST', `/api/play/games/${game.gameId}/teams`, { name: 'Foxes', avatar: 'X' });
    expect(badAvatar.statusCode).toBe(400);
    expect(badAvatar.json().errors.avatar).toBe('Choose one of the avatars');
    const hers = await call(eleni, 'POST', `/api/play/games/${game.gameId}/teams`, { name: 'Foxes', avatar: '🦊' });
    expect(hers.statusCode).toBe(201);
    expect(hers.json().team.avatar).toBe('🦊');
    expect(hers.json().instanceId).toBe(mine.instanceId);
    expect(hers.json().team.code).not.toBe(mine.team.code);

    // The organiser gives the Owls an avatar on the Gameplay page (manage right), and may clear it.
    const avatarUrl = `/api/manage/team-instances/${mine.instanceId}/teams/${mine.team.id}`;
    const given = await t.app.inject({
      method: 'PATCH',
      url: avatarUrl,
      headers: owner.headers,
      payload: { avatar: '🦉' },
    });
    expect(given.statusCode).toBe(200);
    expect(given.json().teams.find((team: { id: string }) => team.id === mine.team.id).avatar).toBe('🦉');
    expect((await call(maria, 'GET', `/api/play/instances/${mine.instanceId}/team`)).json().team.avatar).toBe('🦉');
    const notHis = await t.app.inject({
      method: 'PATCH',
      url: avatarUrl,
      headers: nikos.headers,
      payload: { avatar: null },
    });
    expect(notHis.statusCode).toBe(403);
    const noTeam = await t.app.inject({
      method: 'PATCH',
      url: `/api/manage/team-instances/${mine.instanceId}/teams/no-such-team`,
      headers: owner.headers,
      payload: { avatar: null },
    });
    expect(noTeam.statusCode).toBe(404);

    // Someone already in a team cannot make another.
    const again = await call(maria, 'POST', `/api/play/games/${game.gameId}/teams`, { name: 'Hawks' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are already in another team of this game');
  });

  it('shows each member where the others are: a member walks, the teammate is told the new position', async () => {
    const { instanceId } = (await call(maria, 'GET', `/api/play/games/${game.gameId}`)).json() as {
      instanceId: string;
    };
    const mariaSocket: Socket = await connectSocket(t, maria.token);
    try {
      const moved = nextEvent<TeamPositionPush>(mariaSocket, 'teamPosition');
      const walked = await sendEvent(t.app, nikos, instanceId, { type: 'location', ...PIER });
      expect(walked.statusCode).toBe(200);
      expect(await moved).toMatchObject({
        instanceId,
        member: { name: 'Nikos' },
        latitude: PIER.latitude,
        longitude: PIER.longitude,
      });
    } finally {
      mariaSocket.close();
    }
    // The step names the member and how many members have joined ("every member is in the place" counts them).
    const log = await t.app.ctx.db.select().from(instanceEvents).where(eq(instanceEvents.instanceId, instanceId));
    const walk = log.find((row) => row.entry.kind === 'step' && row.entry.event.type === 'location');
    expect(walk?.entry).toMatchObject({ event: { member: { name: 'Nikos' }, teamSize: 2 } });
    const read = await call(maria, 'GET', `/api/play/instances/${instanceId}/team`);
    expect(read.json().team.members.find((m: { name: string }) => m.name === 'Nikos')).toMatchObject({
      latitude: PIER.latitude,
      longitude: PIER.longitude,
    });
  });

  it('ranks the teams, each with its members and what each did for it', async () => {
    const { instanceId } = (await call(maria, 'GET', `/api/play/games/${game.gameId}`)).json() as {
      instanceId: string;
    };
    // Nikos (at the pier) answers its question for the team: the step's records name him.
    const answered = await sendEvent(t.app, nikos, instanceId, {
      type: 'answer',
      interactionId: game.question.id,
      answer: PIER_YEAR,
    });
    expect(answered.statusCode).toBe(200);
    const board = await call(owner, 'GET', `/api/manage/game-versions/${game.versionId}/rankings`);
    expect(board.statusCode).toBe(200);
    const owls = board.json().entries.find((entry: { name: string }) => entry.name === 'Owls');
    expect(owls.members.map((m: { name: string }) => m.name)).toEqual(['Nikos', 'Maria']);
    expect(owls.members[0].actions).toBeGreaterThan(0);
    // Per member: who answered what (issue 28) — Nikos's one answer, correct.
    expect(owls.members[0]).toMatchObject({ name: 'Nikos', answered: 1, correct: 1, missions: 0 });
    expect(owls.members[1]).toEqual({ name: 'Maria', actions: 0, answered: 0, correct: 0, missions: 0 });
    // The Foxes are ranked too, with Eleni alone.
    const foxes = board.json().entries.find((entry: { name: string }) => entry.name === 'Foxes');
    expect(foxes.members).toEqual([{ name: 'Eleni', actions: 0, answered: 0, correct: 0, missions: 0 }]);
    // The player's own board marks their team.
    const mine = await call(maria, 'GET', `/api/play/instances/${instanceId}/rankings`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().entries.find((entry: { you: boolean }) => entry.you)).toMatchObject({ name: 'Owls' });
    // The printable results say it per member too (issue 29).
    const results = await call(owner, 'GET', `/api/manage/instances/${instanceId}/results`);
    expect(results.statusCode).toBe(200);
    const owlsResult = results.json().entries.find((entry: { name: string }) => entry.name === 'Owls');
    expect(owlsResult.members.find((m: { name: string }) => m.name === 'Nikos')).toMatchObject({
      joined: true,
      answered: 1,
      correct: 1,
      missions: 0,
    });
    expect(owlsResult.members.find((m: { name: string }) => m.name === 'Maria')).toMatchObject({ answered: 0 });
  });

  it('refuses bad names, strangers, and games whose teams the organiser makes', async () => {
    const blank = await call(eleni, 'POST', `/api/play/games/${game.gameId}/teams`, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.name).toBeTruthy();
    expect((await call(null, 'POST', `/api/play/games/${game.gameId}/teams`, { name: 'Owls' })).statusCode).toBe(401);
    const organised = await createPlayableGame(t.app, owner, {
      settings: { teams: { enabled: true, minSize: 1, maxSize: 6, playersFormTeams: false } } as never,
    });
    const refused = await call(eleni, 'POST', `/api/play/games/${organised.gameId}/teams`, { name: 'Owls' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Teams are made by the organiser: ask them for your team’s code');
    const solo = await createPlayableGame(t.app, owner);
    expect((await call(eleni, 'POST', `/api/play/games/${solo.gameId}/teams`, { name: 'Owls' })).statusCode).toBe(409);
  });
});
