import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ChatMessage, InboxAnswer, PlayerMessagesAnswer, TeamInstance } from '@loci/domain';
import { chatMessages, instanceEvents } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  createPlayableGame,
  sendEvent,
  startPlay,
  startedInstance,
  type PlayableGame,
} from '../../test/play-factories.js';
import { connectSocket, nextEvent, silence } from '../../test/sockets.js';
import { expectEveryInstanceReplays } from '../../test/replay-check.js';

const TEAMS = { enabled: true, minSize: 1, maxSize: 6, playersFormTeams: false };

describe('messages both ways: players and teams write to the organiser, teams chat among themselves', () => {
  let t: TestApp;
  let owner: TestUser;
  let outsider: TestUser;
  let game: PlayableGame;
  let event: TeamInstance;
  let maria: TestUser;
  let nikos: TestUser;
  let sofia: TestUser;
  let owlsId: string;
  let foxesId: string;

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: user ? user.headers : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const write = (user: TestUser, channel: 'organiser' | 'team', text: string, clientEventId?: string) =>
    sendEvent(t.app, user, event.instanceId, {
      type: 'chat',
      channel,
      text,
      ...(clientEventId ? { clientEventId } : {}),
    });
  const mine = async (user: TestUser): Promise<PlayerMessagesAnswer> =>
    (await call(user, 'GET', `/api/play/instances/${event.instanceId}/messages`)).json();
  const inbox = async (): Promise<InboxAnswer> =>
    (await call(owner, 'GET', `/api/manage/instances/${event.instanceId}/inbox`)).json();

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Organiser' });
    outsider = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner, { settings: { teams: TEAMS } as never });
    [maria, nikos, sofia] = (await Promise.all(
      ['Maria', 'Nikos', 'Sofia'].map((name) => createUser(t.app.ctx, { name })),
    )) as [TestUser, TestUser, TestUser];
    const made = await call(owner, 'POST', `/api/manage/games/${game.gameId}/team-instances`, {
      teamNames: ['Owls', 'Foxes'],
    });
    expect(made.statusCode).toBe(201);
    event = made.json();
    [owlsId, foxesId] = event.teams.map((team) => team.id) as [string, string];
    const [owls, foxes] = event.teams;
    for (const [player, code] of [
      [maria, owls!.code],
      [nikos, owls!.code],
      [sofia, foxes!.code],
    ] as const) {
      expect((await call(player, 'POST', '/api/play/team-join', { code })).statusCode).toBe(200);
      expect((await startPlay(t.app, player, game.gameId)).statusCode).toBeLessThan(300);
    }
  });
  afterAll(async () => {
    // Messages are events like any other: every game played here replays to the state it left.
    expect(await expectEveryInstanceReplays(t.app.ctx)).toBeGreaterThan(0);
    await t.close();
  });

  it('a team member writes to the organiser in the team’s name; the organiser’s inbox shows it, live and unread', async () => {
    const organiserSocket = await connectSocket(t, owner.token);
    const nikosSocket = await connectSocket(t, nikos.token);
    try {
      const watched = await organiserSocket.emitWithAck('watchPlayer', {
        instanceId: event.instanceId,
        playerId: '~inbox',
      });
      expect(watched).toEqual({ ok: true });
      const live = nextEvent<ChatMessage>(organiserSocket, 'chat');
      const toTeammate = nextEvent<ChatMessage>(nikosSocket, 'chat');
      const sent = await write(maria, 'organiser', '  We found the lighthouse key!\u0007  ');
      expect(sent.statusCode).toBe(200);
      expect(await live).toMatchObject({
        playerId: owlsId,
        author: 'Maria',
        channel: 'organiser',
        direction: 'in',
        text: 'We found the lighthouse key!',
      });
      // Her teammate sees what the team said to the organiser.
      expect((await toTeammate).text).toBe('We found the lighthouse key!');
    } finally {
      organiserSocket.close();
      nikosSocket.close();
    }
    const box = await inbox();
    const owls = box.conversations.find((one) => one.playerId === owlsId)!;
    expect(owls).toMatchObject({ name: 'Owls', isTeam: true, unread: 1 });
    expect(owls.organiser.map((one) => [one.author, one.text])).toEqual([['Maria', 'We found the lighthouse key!']]);
    // Newest conversation first.
    expect(box.conversations[0]!.playerId).toBe(owlsId);
    expect(box.quickReplies).toBeNull();
    // The message is in the instance's input log (replay).
    const logged = await t.app.ctx.db
      .select()
      .from(instanceEvents)
      .where(and(eq(instanceEvents.instanceId, event.instanceId), eq(instanceEvents.playerId, owlsId)));
    expect(logged.map((row) => row.entry).filter((entry) => JSON.stringify(entry).includes('"chat"'))).toHaveLength(1);
  });

  it('the organiser replies; the team’s members see it unread until they read it', async () => {
    const mariaSocket = await connectSocket(t, maria.token);
    try {
      const live = nextEvent<ChatMessage>(mariaSocket, 'chat');
      const reply = await call(owner, 'POST', `/api/manage/instances/${event.instanceId}/messages`, {
        playerId: owlsId,
        text: 'Well done, Owls!',
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ sent: 1 });
      expect(await live).toMatchObject({ direction: 'out', author: 'Olga Organiser', text: 'Well done, Owls!' });
    } finally {
      mariaSocket.close();
    }
    const nikosView = await mine(nikos);
    expect(nikosView.unread).toBe(1);
    expect(nikosView.organiser.map((one) => one.text)).toEqual(['We found the lighthouse key!', 'Well done, Owls!']);
    const read = await call(nikos, 'POST', `/api/play/instances/${event.instanceId}/messages/read`);
    expect(read.json()).toEqual({ unread: 0 });
    expect((await mine(maria)).unread).toBe(0);
    // The organiser reads the Owls' conversation.
    const seen = await call(owner, 'POST', `/api/manage/instances/${event.instanceId}/inbox/${owlsId}/read`);
    expect(seen.statusCode).toBe(200);
    expect((await inbox()).conversations.find((one) => one.playerId === owlsId)!.unread).toBe(0);
    // The Foxes read none of it.
    const foxes = await mine(sofia);
    expect(foxes.organiser).toEqual([]);
    expect(foxes.unread).toBe(0);
  });

  it('team chat reaches the teammates, names its member, and never another team', async () => {
    const nikosSocket = await connectSocket(t, nikos.token);
    const sofiaSocket = await connectSocket(t, sofia.token);
    try {
      const live = nextEvent<ChatMessage>(nikosSocket, 'chat');
      const quiet = silence(sofiaSocket, 'chat');
      expect((await write(maria, 'team', 'Meet at the pier')).statusCode).toBe(200);
      expect(await live).toMatchObject({ channel: 'team', author: 'Maria', text: 'Meet at the pier' });
      expect(await quiet).toBe(true);
    } finally {
      nikosSocket.close();
      sofiaSocket.close();
    }
    const nikosView = await mine(nikos);
    expect(nikosView.team.map((one) => [one.author, one.text])).toEqual([['Maria', 'Meet at the pier']]);
    expect(nikosView.allowed).toEqual({ organiser: true, team: true });
    expect(nikosView.team[0]!.memberId).not.toBe(nikosView.memberId);
    expect((await mine(sofia)).team).toEqual([]);
    // The organiser reads every team's chat.
    expect((await inbox()).conversations.find((one) => one.playerId === owlsId)!.team).toHaveLength(1);
  });

  it('a message sent twice with one client event id (an offline queue’s retry) is kept once', async () => {
    const first = await write(sofia, 'organiser', 'Are we late?', 'queued-1');
    const again = await write(sofia, 'organiser', 'Are we late?', 'queued-1');
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    const rows = await t.app.ctx.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.instanceId, event.instanceId), eq(chatMessages.playerId, foxesId)));
    expect(rows.map((row) => row.text)).toEqual(['Are we late?']);
  });

  it('refuses what is not a message, with field errors, and callers who may not read or write', async () => {
    const empty = await write(maria, 'organiser', '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({ text: 'Write a message' });
    const long = await write(maria, 'organiser', 'x'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toMatchObject({ text: 'At most 1000 characters' });
    const badChannel = await sendEvent(t.app, maria, event.instanceId, { type: 'chat', channel: 'all', text: 'Hi' });
    expect(badChannel.statusCode).toBe(400);
    const emptyReply = await call(owner, 'POST', `/api/manage/instances/${event.instanceId}/messages`, {
      playerId: owlsId,
      text: '',
    });
    expect(emptyReply.statusCode).toBe(400);
    expect(emptyReply.json().errors).toMatchObject({ text: 'Write a message' });

    // An organiser of another game, a player, nobody: no inbox, no replies.
    for (const user of [outsider, maria]) {
      expect((await call(user, 'GET', `/api/manage/instances/${event.instanceId}/inbox`)).statusCode).toBe(403);
      const post = await call(user, 'POST', `/api/manage/instances/${event.instanceId}/messages`, {
        playerId: null,
        text: 'Hi all',
      });
      expect(post.statusCode).toBe(403);
    }
    expect((await call(null, 'GET', `/api/manage/instances/${event.instanceId}/inbox`)).statusCode).toBe(401);
    // Someone who does not play the instance reads no conversation.
    expect((await call(outsider, 'GET', `/api/play/instances/${event.instanceId}/messages`)).statusCode).toBe(403);
    const unknown = await call(owner, 'POST', `/api/manage/instances/${event.instanceId}/messages`, {
      playerId: 'no-such-team',
      text: 'Hello',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('the organiser writes to everyone, and keeps quick replies', async () => {
    const all = await call(owner, 'POST', `/api/manage/instances/${event.instanceId}/messages`, {
      playerId: null,
      text: 'Ten minutes left',
    });
    expect(all.json()).toEqual({ sent: 2 });
    expect((await mine(sofia)).organiser.at(-1)).toMatchObject({ text: 'Ten minutes left', direction: 'out' });
    const saved = await call(owner, 'PUT', `/api/manage/games/${game.gameId}/quick-replies`, {
      quickReplies: ['On my way', 'Well done!'],
    });
    expect(saved.statusCode).toBe(200);
    expect((await inbox()).quickReplies).toEqual(['On my way', 'Well done!']);
    const bad = await call(owner, 'PUT', `/api/manage/games/${game.gameId}/quick-replies`, { quickReplies: [''] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ 'quickReplies.0': 'Write a message' });
    expect(
      (await call(outsider, 'PUT', `/api/manage/games/${game.gameId}/quick-replies`, { quickReplies: [] })).statusCode,
    ).toBe(403);
  });

  it('the console’s send-message lands in the same conversation', async () => {
    const sent = await call(owner, 'POST', `/api/games/${game.gameId}/send-message`, {
      userId: foxesId,
      message: 'Head north',
      asynchronous: true,
    });
    expect(sent.statusCode).toBe(200);
    expect((await mine(sofia)).organiser.at(-1)).toMatchObject({ text: 'Head north', author: 'Olga Organiser' });
  });

  it('limits how fast a player writes: 429 MESSAGES_TOO_FAST with Retry-After, then takes messages again', async () => {
    const answers = [];
    for (let n = 0; n < 12; n += 1) answers.push(await write(nikos, 'team', `Message ${n}`));
    const refused = answers.find((res) => res.statusCode === 429)!;
    expect(refused).toBeDefined();
    expect(refused.json()).toMatchObject({ errorCode: 'MESSAGES_TOO_FAST' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Maria, of the same team, has her own budget.
    expect((await write(maria, 'team', 'Still here')).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await write(nikos, 'team', 'Back again')).statusCode).toBe(200);
  });

  it('a game may turn messages off; team chat is for teams', async () => {
    const quiet = await createPlayableGame(t.app, owner, {
      settings: { multiplayer: true, messaging: { organiser: false, team: true } } as never,
    });
    const solo = await createUser(t.app.ctx, { name: 'Solo' });
    const { instanceId } = await startedInstance(t.app, solo, quiet.gameId);
    const off = await sendEvent(t.app, solo, instanceId, { type: 'chat', channel: 'organiser', text: 'Hello?' });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({
      errorCode: 'MESSAGES_OFF',
      message: 'Messages to the organiser are turned off in this game',
    });
    const team = await sendEvent(t.app, solo, instanceId, { type: 'chat', channel: 'team', text: 'Hello?' });
    expect(team.statusCode).toBe(403);
    expect(team.json()).toMatchObject({ errorCode: 'NOT_IN_A_TEAM' });
    const view = (await call(solo, 'GET', `/api/play/instances/${instanceId}/messages`)).json();
    expect(view.allowed).toEqual({ organiser: false, team: false });
  });

  it('anonymises a deleted account’s messages with its gameplay: the text stays, the author goes', async () => {
    const game2 = await createPlayableGame(t.app, owner, { settings: { multiplayer: true } });
    const leaver = await createUser(t.app.ctx, { name: 'Lea Leaver' });
    const { instanceId } = await startedInstance(t.app, leaver, game2.gameId);
    expect(
      (await sendEvent(t.app, leaver, instanceId, { type: 'chat', channel: 'organiser', text: 'Help' })).statusCode,
    ).toBe(200);
    // A team member (no player row of their own) too.
    expect((await write(sofia, 'team', 'Sofia was here')).statusCode).toBe(200);
    for (const user of [leaver, sofia]) {
      const deleted = await t.app.inject({ method: 'DELETE', url: '/api/users/account', headers: user.headers });
      expect(deleted.statusCode).toBe(200);
    }
    const rows = await t.app.ctx.db.select().from(chatMessages).where(eq(chatMessages.instanceId, instanceId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ author: 'Deleted player', senderId: null, text: 'Help' });
    expect(rows[0]!.playerId).not.toBe(leaver.user.id);
    const team = await t.app.ctx.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.instanceId, event.instanceId), eq(chatMessages.text, 'Sofia was here')));
    expect(team[0]).toMatchObject({ author: 'Deleted player', senderId: null });
    expect(JSON.stringify(await t.app.ctx.db.select().from(chatMessages))).not.toContain('Lea Leaver');
  });
});
