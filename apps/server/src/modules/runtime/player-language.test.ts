import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TeamInstance } from '@loci/domain';
import { playerStates, submissions, teamMembers } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createEntity } from '../../test/design-factories.js';
import {
  assignOnEntryRule,
  codeRule,
  createPlayableGame,
  publishVersionOf,
  textMissionValues,
  type PlayableGame,
} from '../../test/play-factories.js';

type Pushed = { userId: string; payload: { outputs?: Array<{ action: string; message?: string }>; view?: unknown } };

/**
 * The player's language is kept with the player (issue 31, runtime/step-languages.ts): what reaches them without
 * a request of theirs — an organiser's verdict, a teammate's step — is said in it (a live migration keeps it:
 * versions/migration.test.ts).
 */
describe('a player’s language, kept with the player', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer', name: 'Olga Owner' });
  });
  afterAll(async () => t.close());

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, language?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { ...user.headers, ...(language ? { 'accept-language': language } : {}) },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const translate = async (gameId: string, texts: Record<string, string>) => {
    const res = await call(owner, 'PATCH', `/api/design/${gameId}/translations/de`, undefined, { texts });
    expect(res.statusCode, res.body).toBe(200);
  };
  const keptLanguage = async (instanceId: string, playerId: string) =>
    (
      await t.app.ctx.db
        .select({ language: playerStates.language })
        .from(playerStates)
        .where(and(eq(playerStates.instanceId, instanceId), eq(playerStates.playerId, playerId)))
    )[0]?.language;
  /** The pushes to accounts while `run` runs. */
  async function pushesDuring(run: () => Promise<unknown>): Promise<Pushed[]> {
    const pushed: Pushed[] = [];
    const realtime = t.app.ctx.realtime;
    t.app.ctx.realtime = {
      ...realtime,
      toUser: (userId, _event, payload) => void pushed.push({ userId, payload: payload as Pushed['payload'] }),
    };
    try {
      await run();
    } finally {
      t.app.ctx.realtime = realtime;
    }
    return pushed;
  }
  /** A game in English and German whose code `hello` says "Welcome aboard" (German: "Willkommen an Bord"). */
  async function gameInTwoLanguages(settings: object = {}): Promise<PlayableGame & { motto: string }> {
    const game = await createPlayableGame(t.app, owner, {
      publish: false,
      settings: { language: 'en-Us', otherLanguages: ['de'], ...settings } as never,
    });
    const rule = await createEntity(
      t.app,
      owner,
      game.gameId,
      'rule',
      codeRule(game.scene.id, 'hello', [
        { actorId: 'system', actionName: 'showNotification', actionArgs: { msg: 'Welcome aboard' }, notify: false },
      ]),
    );
    const motto = await createEntity(t.app, owner, game.gameId, 'mission', textMissionValues('motto', 'The motto'));
    await createEntity(t.app, owner, game.gameId, 'rule', assignOnEntryRule(game.scene.id, motto.id));
    await translate(game.gameId, {
      [`rule:${rule.id}:sideeffects:0:msg`]: 'Willkommen an Bord',
      [`mission:${motto.id}:title`]: 'Das Motto',
    });
    return { ...game, versionId: await publishVersionOf(t.app, owner, game.gameId), motto: motto.id };
  }

  it('keeps the best of a player’s Accept-Language, says an organiser’s verdict in it, and follows a switch', async () => {
    const game = await gameInTwoLanguages();
    const greta = await createUser(t.app.ctx, { name: 'Greta' });
    const started = await call(
      greta,
      'POST',
      `/api/play/games/${game.gameId}/instances`,
      'fr-FR,de;q=0.8,en;q=0.5',
      {},
    );
    expect(started.statusCode, started.body).toBe(201);
    const instanceId = started.json().instanceId as string;
    expect(await keptLanguage(instanceId, greta.user.id)).toBe('de');

    // An event without Accept-Language is said in the kept language.
    const hello = await call(greta, 'POST', `/api/play/instances/${instanceId}/events`, undefined, {
      type: 'code',
      code: 'hello',
    });
    expect(hello.json().outputs).toContainEqual(expect.objectContaining({ message: 'Willkommen an Bord' }));
    const sent = await call(greta, 'POST', `/api/play/instances/${instanceId}/events`, 'de', {
      type: 'submission',
      missionId: game.motto,
      text: 'Immer weiter',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await t.app.ctx.db.select().from(submissions).where(eq(submissions.instanceId, instanceId));

    // The organiser judges in English; Greta is told in German.
    const pushed = await pushesDuring(async () => {
      const res = await call(
        owner,
        'POST',
        `/api/manage/instances/${instanceId}/submissions/${row!.id}/verdict`,
        'en',
        { verdict: 'approved' },
      );
      expect(res.statusCode, res.body).toBe(200);
    });
    const told = pushed.filter((one) => one.userId === greta.user.id).flatMap((one) => one.payload.outputs ?? []);
    expect(told.map((output) => output.message)).toContainEqual(expect.stringMatching(/^Approved: Das Motto/));

    // She switches to English in the game's menu (the app reads the game again): kept, and said so from then on.
    const english = await call(greta, 'GET', `/api/play/instances/${instanceId}/game`, 'en');
    expect(english.json().game.textLanguage).toBe('en');
    expect(await keptLanguage(instanceId, greta.user.id)).toBe('en');
    const again = await call(greta, 'POST', `/api/play/instances/${instanceId}/events`, undefined, {
      type: 'code',
      code: 'hello',
    });
    expect(again.json().outputs).toContainEqual(expect.objectContaining({ message: 'Welcome aboard' }));
  });

  it('tells each member of a team a teammate’s step in the member’s own language', async () => {
    const game = await gameInTwoLanguages({
      teams: { enabled: true, minSize: 1, maxSize: 6, playersFormTeams: false },
    });
    const maria = await createUser(t.app.ctx, { name: 'Maria' });
    const nikos = await createUser(t.app.ctx, { name: 'Nikos' });
    const made = await call(owner, 'POST', `/api/manage/games/${game.gameId}/team-instances`, undefined, {
      teamNames: ['Owls'],
      classList: `name,email\nMaria,${maria.user.email}\nNikos,${nikos.user.email}`,
      deal: 'balanced',
    });
    expect(made.statusCode, made.body).toBe(201);
    const event = made.json<TeamInstance>();
    for (const [student, language] of [
      [maria, 'de-DE'],
      [nikos, 'en-GB'],
    ] as const) {
      expect(
        (await call(student, 'POST', '/api/play/team-join', undefined, { code: event.teams[0]!.code })).statusCode,
      ).toBe(200);
      const start = await call(student, 'POST', `/api/play/games/${game.gameId}/instances`, language, {});
      expect(start.statusCode, start.body).toBe(200);
    }
    const members = await t.app.ctx.db
      .select({ userId: teamMembers.userId, language: teamMembers.language })
      .from(teamMembers)
      .where(eq(teamMembers.instanceId, event.instanceId));
    expect(Object.fromEntries(members.map((member) => [member.userId, member.language]))).toEqual({
      [maria.user.id]: 'de',
      [nikos.user.id]: 'en',
    });

    let answer: { outputs: Array<{ message?: string }> } | undefined;
    const pushed = await pushesDuring(async () => {
      const res = await call(maria, 'POST', `/api/play/instances/${event.instanceId}/events`, 'de-DE', {
        type: 'code',
        code: 'hello',
      });
      expect(res.statusCode, res.body).toBe(200);
      answer = res.json();
    });
    expect(answer?.outputs.map((output) => output.message)).toContain('Willkommen an Bord');
    const toNikos = pushed.filter((one) => one.userId === nikos.user.id).flatMap((one) => one.payload.outputs ?? []);
    expect(toNikos.map((output) => output.message)).toContain('Welcome aboard');
    expect(toNikos.map((output) => output.message)).not.toContain('Willkommen an Bord');
    // The team's shared progress, as Nikos's view shows it, is in English too.
    const view = pushed.find((one) => one.userId === nikos.user.id)?.payload.view as {
      missions: Array<{ title: string }>;
    };
    expect(view.missions.map((mission) => mission.title)).toEqual(['The motto']);
  });
});
