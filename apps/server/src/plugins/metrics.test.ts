import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from '../test/app.js';
import { createUser, type TestUser } from '../test/factories.js';
import { createPlayableGame, PIER, sendEvent, startedInstance, type PlayableGame } from '../test/play-factories.js';
import { connectSocket } from '../test/sockets.js';

const TOKEN = 'metrics-token-for-the-test';
const EVENTS_ROUTE = '/api/play/instances/:instanceId/events';

/** The value of the series `name{labels}` in a Prometheus text answer (undefined when absent). */
function valueOf(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => has[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('#metrics', () => {
  let t: TestApp;
  let game: PlayableGame;
  let player: TestUser;
  let socket: Socket;

  beforeAll(async () => {
    // One event a second, bursts of two, on the test's frozen clock: the third event of a player is refused.
    t = await createTestApp({ listen: true, env: { LOCI_METRICS_TOKEN: TOKEN, LOCI_PLAYER_EVENT_RATE: '1' } });
    const owner = await createUser(t.app.ctx, { role: 'designer' });
    game = await createPlayableGame(t.app, owner);
    player = await createUser(t.app.ctx);
  });
  afterAll(async () => {
    socket?.close();
    await t.close();
  });

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('serves nothing without the token, or with a wrong one', async () => {
    for (const res of [await scrape(), await scrape('Bearer not-the-metrics-token-at-all')]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().errorCode).toBe('UNAUTHENTICATED');
    }
  });

  it('counts events and their time, starts, the grouped statements, sockets, rate-limit refusals and errors by code', async () => {
    const { instanceId } = await startedInstance(t.app, player, game.gameId);
    socket = await connectSocket(t, player.token);
    const answers = [];
    for (let n = 0; n < 3; n += 1)
      answers.push((await sendEvent(t.app, player, instanceId, { type: 'location', ...PIER })).statusCode);
    expect(answers).toEqual([200, 200, 429]);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode).toBe(404);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const events = { method: 'POST', route: EVENTS_ROUTE };
    expect(valueOf(text, 'loci_http_request_duration_seconds_count', { ...events, status: '200' })).toBe(2);
    expect(valueOf(text, 'loci_http_request_duration_seconds_count', { ...events, status: '429' })).toBe(1);
    expect(valueOf(text, 'loci_http_request_duration_seconds_sum', { ...events, status: '200' })).toBeGreaterThan(0);
    expect(
      valueOf(text, 'loci_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/play/games/:gameId/instances',
        status: '201',
      }) ??
        valueOf(text, 'loci_http_request_duration_seconds_count', {
          method: 'POST',
          route: '/api/play/games/:gameId/instances',
          status: '200',
        }),
    ).toBe(1);
    expect(valueOf(text, 'loci_errors_total', { code: 'TOO_MANY_EVENTS' })).toBe(1);
    expect(valueOf(text, 'loci_errors_total', { code: 'NOT_FOUND' })).toBe(1);
    expect(valueOf(text, 'loci_event_statements_total', { kind: 'write' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'loci_event_statement_events_total', { kind: 'write' })).toBeGreaterThanOrEqual(2);
    expect(valueOf(text, 'loci_sockets', { worker: '0' })).toBe(1);
    expect(valueOf(text, 'loci_process_cpu_seconds_total', {})).toBeGreaterThan(0);
    if (t.database.kind === 'postgresql')
      expect(valueOf(text, 'loci_db_pool_connections', { worker: '0', state: 'waiting' })).toBe(0);
  });

  it('counts the players’ events that took the instance’s lock, by why', async () => {
    const other = await createUser(t.app.ctx);
    const { instanceId } = await startedInstance(t.app, other, game.gameId);
    const locked = async (reason: string) =>
      valueOf((await scrape(`Bearer ${TOKEN}`)).body, 'loci_play_locked_events_total', { reason }) ?? 0;
    const before = { status: await locked('status'), world: await locked('world') };
    // A walk is written by the conditional write; leaving ends the instance (its world's status): the lock.
    expect((await sendEvent(t.app, other, instanceId, { type: 'location', ...PIER })).statusCode).toBe(200);
    expect(await locked('status')).toBe(before.status);
    t.clock.advance(2000);
    expect((await sendEvent(t.app, other, instanceId, { type: 'leave' })).statusCode).toBe(200);
    expect(await locked('status')).toBe(before.status + 1);
    expect(await locked('world')).toBe(before.world);
  });

  it('counts the pushes made and the socket handshakes refused', async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    await expect(connectSocket(t, 'not-a-token')).rejects.toThrow();
    // To the player, whose socket is open (a push to a room nobody holds is not made).
    t.app.ctx.realtime.toUser(player.user.id, 'message', {
      id: null,
      instanceId: 'any',
      sceneId: null,
      message: 'Hello',
      when: new Date().toISOString(),
      from: 'Ops',
    });
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    const refused = (text: string) => valueOf(text, 'loci_socket_refusals_total', { code: 'UNAUTHENTICATED' }) ?? 0;
    expect(refused(after) - refused(before)).toBe(1);
    expect(valueOf(after, 'loci_pushes_total', { event: 'message' })).toBeGreaterThanOrEqual(1);
  });

  it('counts each due timer the clock fires, with how late it fired', async () => {
    const owner = await createUser(t.app.ctx, { role: 'designer' });
    const timed = await createPlayableGame(t.app, owner, {
      settings: { timeLimit: { mode: 'duration', minutes: 1, endsAt: null, endsGame: true } },
    });
    const late = await createUser(t.app.ctx);
    await startedInstance(t.app, late, timed.gameId);
    const count = (text: string) => valueOf(text, 'loci_clock_lateness_seconds_count', {}) ?? 0;
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    // The deadline passed three seconds ago when the scheduler looks: the tick is three seconds late.
    t.clock.advance(63_000);
    expect(await t.app.clock.runOnce()).toBe(1);
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(count(after) - count(before)).toBe(1);
    expect(valueOf(after, 'loci_clock_lateness_seconds_bucket', { le: '2' })).toBe(0);
    expect(valueOf(after, 'loci_clock_lateness_seconds_bucket', { le: '5' })).toBe(1);
  });
});
