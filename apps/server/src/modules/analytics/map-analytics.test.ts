import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapAnalytics } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  createPlayableGame,
  FAR_AWAY,
  PIER,
  PIER_YEAR,
  sendEvent,
  startedInstance,
  type PlayableGame,
} from '../../test/play-factories.js';
import { ANSWER_CELL_DEGREES, HEAT_CELL_DEGREES } from './map-service.js';

const cell = (value: number, size: number) => Math.round(Math.round(value / size) * size * 1e6) / 1e6;
const MINUTE = 60_000;

describe('#analytics.map', () => {
  let t: TestApp;
  let owner: TestUser;
  let game: PlayableGame;
  let solver: TestUser;
  let lingerer: TestUser;
  let quitter: TestUser;
  let started: Date;

  /**
   * On the test's clock, all three start at `started` (a second apart):
   * - the solver walks far away (+1 min), to the pier (+2: enters it, is asked), answers wrong (+2.5)
   *   then right (+3: the milestone) and walks away again (+4): 2 minutes inside the pier;
   * - the lingerer walks to the pier (+1) and answers wrong (+2.5), still standing there;
   * - the quitter walks to the pier (+1) and leaves the game (their instance is abandoned).
   */
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner);
    solver = await createUser(t.app.ctx, { name: 'Sol Solver' });
    lingerer = await createUser(t.app.ctx, { name: 'Lin Lingerer' });
    quitter = await createUser(t.app.ctx, { name: 'Quinn Quitter' });
    started = t.clock.now;
    // A second apart: the players are listed in the order they started.
    const a = await startedInstance(t.app, solver, game.gameId);
    t.clock.advance(1000);
    const b = await startedInstance(t.app, lingerer, game.gameId);
    t.clock.advance(1000);
    const c = await startedInstance(t.app, quitter, game.gameId);
    t.clock.advance(-2000);
    const play = async (user: TestUser, instanceId: string, event: Record<string, unknown>) => {
      const res = await sendEvent(t.app, user, instanceId, event);
      if (res.statusCode !== 200) throw new Error(`${event.type} answered ${res.statusCode}: ${res.body}`);
    };
    t.clock.advance(MINUTE);
    await play(solver, a.instanceId, { type: 'location', ...FAR_AWAY });
    await play(lingerer, b.instanceId, { type: 'location', ...PIER });
    await play(quitter, c.instanceId, { type: 'location', ...PIER });
    await play(quitter, c.instanceId, { type: 'leave' });
    t.clock.advance(MINUTE);
    await play(solver, a.instanceId, { type: 'location', ...PIER });
    t.clock.advance(MINUTE / 2);
    await play(solver, a.instanceId, { type: 'answer', interactionId: game.question.id, answer: 1900 });
    await play(lingerer, b.instanceId, { type: 'answer', interactionId: game.question.id, answer: 1901 });
    t.clock.advance(MINUTE / 2);
    await play(solver, a.instanceId, { type: 'answer', interactionId: game.question.id, answer: PIER_YEAR });
    t.clock.advance(MINUTE);
    await play(solver, a.instanceId, { type: 'location', ...FAR_AWAY });
  });
  afterAll(async () => t.close());

  const read = (user: TestUser, query = '', versionId = game.versionId) =>
    t.app.inject({ method: 'GET', url: `/api/analytics/${versionId}/map${query}`, headers: user.headers });
  const mapOf = async (query = ''): Promise<MapAnalytics> => {
    const res = await read(owner, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MapAnalytics;
  };

  it('bins every position of the selection into heat cells, leaving abandoned instances out', async () => {
    const { heat, players } = await mapOf();
    expect(players.map((player) => player.name)).toEqual(['Sol Solver', 'Lin Lingerer']);
    expect(heat.cellDegrees).toBe(HEAT_CELL_DEGREES);
    const count = (place: { latitude: number; longitude: number }) =>
      heat.cells.find(
        (found) =>
          found.latitude === cell(place.latitude, HEAT_CELL_DEGREES) &&
          found.longitude === cell(place.longitude, HEAT_CELL_DEGREES),
      )?.count;
    expect(count(PIER)).toBe(2);
    expect(count(FAR_AWAY)).toBe(2);
    expect(heat.cells.reduce((sum, found) => sum + found.count, 0)).toBe(4);

    const withAbandoned = await mapOf('?includeAbandoned=true');
    expect(withAbandoned.players).toHaveLength(3);
    expect(withAbandoned.heat.cells.reduce((sum, found) => sum + found.count, 0)).toBe(5);
  });

  it('draws the tracks of the players asked for, oldest fix first, in the time they were taken', async () => {
    const { tracks } = await mapOf(`?playerIds=${solver.user.id}`);
    expect(tracks).toHaveLength(1);
    expect(tracks[0]!.name).toBe('Sol Solver');
    expect(tracks[0]!.points.map(({ latitude, longitude }) => ({ latitude, longitude }))).toEqual([
      FAR_AWAY,
      PIER,
      FAR_AWAY,
    ]);
    const minutes = tracks[0]!.points.map((point) => (Date.parse(point.when) - started.getTime()) / MINUTE);
    expect(minutes).toEqual([1, 2, 4]);
    expect((await mapOf()).tracks).toEqual([]);
  });

  it('counts visits, players, the median time inside and the drop-off per geofence', async () => {
    const { locations } = await mapOf();
    expect(locations).toEqual([
      expect.objectContaining({
        id: game.pier.id,
        name: 'pier',
        latitude: PIER.latitude,
        longitude: PIER.longitude,
        visits: 2,
        players: 2,
        // The solver stayed 120 s (from +2 to the fix outside at +4); the lingerer is still there (0 s so far).
        medianSecondsInside: 60,
        // The lingerer entered and reached no milestone afterwards.
        dropOff: 1,
      }),
    ]);
    const withQuitter = (await mapOf('?includeAbandoned=true')).locations[0]!;
    expect(withQuitter).toMatchObject({ visits: 3, players: 3, medianSecondsInside: 0, dropOff: 2 });
  });

  it('runs the funnels over the milestones and the scenes in the game’s order', async () => {
    const { funnel } = await mapOf();
    expect(funnel.milestones).toEqual([
      { id: expect.any(String), name: 'knows the year', title: '', reached: 1, medianSeconds: 180, gaveUp: null },
    ]);
    expect(funnel.scenes).toEqual([
      { id: game.scene.id, name: 'harbour', title: expect.any(String), reached: 2, medianSeconds: 0, gaveUp: null },
    ]);
  });

  it('places each answer where the player stood, right and wrong', async () => {
    const { questions } = await mapOf();
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatchObject({
      interactionId: game.question.id,
      title: 'The pier',
      questionTitle: 'Which year?',
      right: 1,
      wrong: 2,
      unplaced: 0,
      places: [
        {
          latitude: cell(PIER.latitude, ANSWER_CELL_DEGREES),
          longitude: cell(PIER.longitude, ANSWER_CELL_DEGREES),
          right: 1,
          wrong: 2,
        },
      ],
    });
  });

  it('selects the players who started in [from, to)', async () => {
    const at = (ms: number) => encodeURIComponent(new Date(started.getTime() + ms).toISOString());
    expect((await mapOf(`?to=${at(1)}`)).players.map((player) => player.name)).toEqual(['Sol Solver']);
    expect((await mapOf(`?from=${at(1)}`)).players.map((player) => player.name)).toEqual(['Lin Lingerer']);
    const after = await mapOf(`?from=${at(MINUTE)}`);
    expect(after.players).toEqual([]);
    expect(after.heat.cells).toEqual([]);
    expect(after.locations[0]).toMatchObject({ visits: 0, players: 0, medianSecondsInside: null, dropOff: 0 });
    expect(after.funnel.milestones[0]).toMatchObject({ reached: 0, medianSeconds: null });
  });

  it('answers 400 with the field for a bad date, an empty range or too many players', async () => {
    const bad = await read(owner, '?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('from');
    const reversed = await read(owner, '?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('The end must come after the start.');
    const many = Array.from({ length: 51 }, (_, i) => `p${i}`).join(',');
    expect((await read(owner, `?playerIds=${many}`)).statusCode).toBe(400);
  });

  it('is for those who manage the game (403), about a version that exists (404), signed in (401)', async () => {
    expect((await read(solver)).statusCode).toBe(403);
    expect((await read(owner, '', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/analytics/${game.versionId}/map` });
    expect(anonymous.statusCode).toBe(401);
  });
});
