import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { gameInstances, gameplayRecords, playerStates, teamMembers } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createPlayableGame, PIER, PIER_YEAR, sendEvent, type PlayableGame } from '../../test/play-factories.js';

const MEMBERS = 4;

/**
 * Four members of one team act at the same moment on the team's one shared progress (issue 28): each event is
 * applied exactly once and no update is lost. The team is one player row, so these are one player's events at
 * once — the optimistic write's condition on the row's version (and the instance's row lock for the world)
 * serve them one after the other. On PostgreSQL the requests really run side by side.
 */
describe('a team of four acting at once', () => {
  let t: TestApp;
  let game: PlayableGame;
  let members: TestUser[];
  let instanceId: string;
  let teamId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner, {
      settings: { teams: { enabled: true, minSize: 1, maxSize: 6, playersFormTeams: false } } as never,
      offerQuantity: 1,
    });
    members = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => createUser(t.app.ctx, { name: `M${i}` })));
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/manage/games/${game.gameId}/team-instances`,
      headers: owner.headers,
      payload: {
        teamNames: ['Owls', 'Foxes'],
        classList: members.map((m) => `${m.user.name},${m.user.email}`).join('\n'),
      },
    });
    expect(made.statusCode).toBe(201);
    instanceId = made.json().instanceId;
    const owls = made.json().teams[0];
    teamId = owls.id;
    // All four join at once: the team is started once, each binds their own class-list row.
    const joins = await Promise.all(
      members.map((member) =>
        t.app.inject({
          method: 'POST',
          url: '/api/play/team-join',
          headers: member.headers,
          payload: { code: owls.code },
        }),
      ),
    );
    expect(joins.map((res) => res.statusCode)).toEqual(members.map(() => 200));
    const rows = await t.app.ctx.db.select().from(playerStates).where(eq(playerStates.instanceId, instanceId));
    expect(rows).toHaveLength(1);
  });
  afterAll(async () => t.close());

  const teamState = async () => {
    const [row] = await t.app.ctx.db
      .select()
      .from(playerStates)
      .where(and(eq(playerStates.instanceId, instanceId), eq(playerStates.playerId, teamId)));
    return row!.state;
  };
  const records = async (name: string) =>
    (await t.app.ctx.db.select().from(gameplayRecords).where(eq(gameplayRecords.instanceId, instanceId))).filter(
      (record) => record.name === name,
    );
  const allAtOnce = (event: Record<string, unknown>) =>
    Promise.all(members.map((member) => sendEvent(t.app, member, instanceId, event)));

  it('enters the same place once when the four walk in at once: the pier’s question is asked once', async () => {
    // Each a metre or so from the next, inside the pier's place.
    const spot = (i: number) => ({ latitude: PIER.latitude + i * 1e-5, longitude: PIER.longitude });
    const answers = await Promise.all(
      members.map((member, i) => sendEvent(t.app, member, instanceId, { type: 'location', ...spot(i) })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(members.map(() => 200));
    const asked = answers.flatMap((res) => res.json().outputs as Array<{ action: string }>);
    expect(asked.filter((output) => output.action === 'askQuestion')).toHaveLength(1);
    const state = await teamState();
    expect(Object.keys(state.insideLocations)).toEqual([game.pier.id]);
    expect(state.pending.filter((output) => output.action === 'askQuestion')).toHaveLength(1);
    // Each member's own position is kept on the team.
    expect(Object.keys(state.memberLocations ?? {})).toHaveLength(MEMBERS);
    // …and with each member's row, where their teammates' maps read it: each where they walked to.
    const rows = await t.app.ctx.db
      .select({ userId: teamMembers.userId, latitude: teamMembers.latitude })
      .from(teamMembers)
      .where(eq(teamMembers.instanceId, instanceId));
    for (const [i, member] of members.entries())
      expect(rows.find((row) => row.userId === member.user.id)?.latitude).toBeCloseTo(spot(i).latitude, 9);
  });

  it('applies the same answer once when the four answer at once: one record, one lantern', async () => {
    const answers = await allAtOnce({ type: 'answer', interactionId: game.question.id, answer: PIER_YEAR });
    expect(answers.map((res) => res.statusCode)).toEqual(members.map(() => 200));
    expect(await records('has answered question')).toHaveLength(1);
    const state = await teamState();
    expect(state.items[game.lantern.id]).toBe(1);
    const refused = answers.flatMap((res) => res.json().outputs as Array<{ action: string }>);
    expect(refused.filter((output) => output.action === 'error')).toHaveLength(MEMBERS - 1);
  });

  it('picks the last unit once when the four pick it at once', async () => {
    const answers = await allAtOnce({ type: 'offer', objectId: game.worldOfferId, action: 'pick' });
    expect(answers.map((res) => res.statusCode)).toEqual(members.map(() => 200));
    expect(await records('has picked or redeemed offer')).toHaveLength(1);
    const [instance] = await t.app.ctx.db.select().from(gameInstances).where(eq(gameInstances.id, instanceId));
    expect(instance!.world.offers[game.worldOfferId]!.quantity).toBe(0);
    expect((await teamState()).offers[game.offer.id]?.count).toBe(1);
  });
});
