import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import { SOCKET_EVENTS, type AuditEntry, type PlayerReplay, type PlayerView, type RescueRequest } from '@loci/domain';
import type { Output } from '@loci/engine';
import { playerStates, teamMembers } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, FAR_AWAY, PIER, sendEvent, type PlayableGame } from '../../test/play-factories.js';
import { connectSocket, nextEvent } from '../../test/sockets.js';

/**
 * Rescue in a game played in teams (issue 28): a team shares one progress, each member has their own position.
 * A teleport places the member the operator chose (required: the team has no position of its own), every other
 * action is the team's; the members' phones follow the rescue; the audit and the replay name the member.
 */
describe('rescuing a team', () => {
  let t: TestApp;
  let owner: TestUser;
  let maria: TestUser;
  let nikos: TestUser;
  let game: PlayableGame;
  let instanceId: string;
  let teamId: string;
  const memberIds: Record<string, string> = {};
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    owner = await createUser(t.app.ctx, { role: 'designer' });
    maria = await createUser(t.app.ctx, { name: 'Maria' });
    nikos = await createUser(t.app.ctx, { name: 'Nikos' });
    game = await createPlayableGame(t.app, owner, {
      settings: { teams: { enabled: true, minSize: 1, maxSize: 4, playersFormTeams: false } } as never,
    });
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/manage/games/${game.gameId}/team-instances`,
      headers: owner.headers,
      payload: { teamNames: ['Owls'] },
    });
    expect(made.statusCode).toBe(201);
    instanceId = made.json().instanceId;
    const owls = made.json().teams[0];
    teamId = owls.id;
    for (const [name, member] of [
      ['Maria', maria],
      ['Nikos', nikos],
    ] as const) {
      const joined = await t.app.inject({
        method: 'POST',
        url: '/api/play/team-join',
        headers: member.headers,
        payload: { code: owls.code },
      });
      expect(joined.statusCode).toBe(200);
      memberIds[name] = joined.json().memberId;
      await sendEvent(t.app, member, instanceId, { type: 'location', ...FAR_AWAY });
    }
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  const rescue = (body: RescueRequest) =>
    t.app.inject({
      method: 'POST',
      url: `/api/manage/instances/${instanceId}/players/${teamId}/rescue`,
      headers: owner.headers,
      payload: body,
    });
  const teamState = async () => {
    const [row] = await t.app.ctx.db
      .select()
      .from(playerStates)
      .where(and(eq(playerStates.instanceId, instanceId), eq(playerStates.playerId, teamId)));
    return row!.state;
  };

  it('asks whom to place: a teleport of a team names one of its members who joined (400 otherwise, nothing written)', async () => {
    const before = await teamState();
    const unnamed = await rescue({ actions: [{ kind: 'teleport', ...PIER }], reason: 'GPS broken' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors).toEqual({ 'actions.0.memberId': 'Choose the member of the team to place' });
    const stranger = await rescue({
      actions: [
        { kind: 'give', assetId: game.lantern.id, count: 1 },
        { kind: 'teleport', ...PIER, memberId: '00000000-0000-4000-8000-000000000000' },
      ],
      reason: 'GPS broken',
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors).toEqual({
      'actions.1.memberId': 'No member of this team has joined under this name',
    });
    expect(await teamState()).toEqual(before);
  });

  it('places the member chosen, as their own fix would: the team enters the place, the phones follow, the audit and the replay name them', async () => {
    const nikosPhone = await connectSocket(t, nikos.token);
    const mariaPhone = await connectSocket(t, maria.token);
    sockets.push(nikosPhone, mariaPhone);
    const outputs = nextEvent<{ instanceId: string; outputs: Output[]; view: PlayerView }>(
      nikosPhone,
      SOCKET_EVENTS.outputs,
    );
    const moved = nextEvent<{ member: { id: string; name: string }; latitude: number }>(
      nikosPhone,
      SOCKET_EVENTS.teamPosition,
    );
    const answer = await rescue({
      actions: [{ kind: 'teleport', ...PIER, memberId: memberIds.Maria }],
      reason: 'Maria’s GPS is stuck',
    });
    expect(answer.statusCode).toBe(200);
    const entry = answer.json().entry as AuditEntry;
    expect(entry).toMatchObject({
      playerId: teamId,
      playerName: 'Owls',
      members: [{ id: memberIds.Maria, name: 'Maria' }],
    });

    // Maria is at the pier, Nikos where he was; the team is in the pier's place, whose question it is asked.
    const state = await teamState();
    expect(state.memberLocations).toEqual({ [memberIds.Maria!]: PIER, [memberIds.Nikos!]: FAR_AWAY });
    expect(Object.keys(state.insideLocations)).toEqual([game.pier.id]);
    const [row] = await t.app.ctx.db.select().from(teamMembers).where(eq(teamMembers.id, memberIds.Maria!));
    expect({ latitude: row!.latitude, longitude: row!.longitude }).toEqual(PIER);

    // Nikos's phone shows the team's question and moves Maria's marker.
    expect((await outputs).outputs.map((output) => output.action)).toContain('askQuestion');
    expect(await moved).toMatchObject({ member: { id: memberIds.Maria, name: 'Maria' }, ...PIER });

    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/manage/instances/${instanceId}/audit`,
      headers: owner.headers,
    });
    expect((audit.json().entries as AuditEntry[]).at(-1)).toEqual(entry);
    const replay = await t.app.inject({
      method: 'GET',
      url: `/api/instances/${instanceId}/players/${teamId}/replay`,
      headers: owner.headers,
    });
    expect(replay.statusCode).toBe(200);
    const rescued = (replay.json() as PlayerReplay).steps.find((step) => step.event?.type === 'rescue');
    expect(rescued?.event).toMatchObject({
      actions: [{ kind: 'teleport', member: { id: memberIds.Maria, name: 'Maria' } }],
    });
  });

  it('gives to the team: its one progress changes, every member’s phone is told, no member is named', async () => {
    const phone = await connectSocket(t, maria.token);
    sockets.push(phone);
    const pushed = nextEvent<{ outputs: Output[]; view: PlayerView }>(phone, SOCKET_EVENTS.outputs);
    const answer = await rescue({ actions: [{ kind: 'give', assetId: game.lantern.id, count: 2 }], reason: 'A gift' });
    expect(answer.statusCode).toBe(200);
    expect((answer.json().entry as AuditEntry).members).toEqual([]);
    expect((await teamState()).items[game.lantern.id]).toBe(2);
    expect((await pushed).view.items).toMatchObject({ [game.lantern.id]: 2 });
  });

  it('a solo player has no member to name (400)', async () => {
    const solo = await createPlayableGame(t.app, owner);
    const bob = await createUser(t.app.ctx, { name: 'Bob' });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/play/games/${solo.gameId}/instances`,
      headers: bob.headers,
      payload: {},
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/manage/instances/${started.json().instanceId}/players/${bob.user.id}/rescue`,
      headers: owner.headers,
      payload: { actions: [{ kind: 'teleport', ...PIER, memberId: memberIds.Maria }], reason: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'actions.0.memberId': 'This player plays alone: there is no member to choose',
    });
  });
});
