import { describe, expect, it } from 'vitest';
import { distanceMetres } from '../geo.js';
import { compileSpec } from '../compile.js';
import { act, all, at, cond, gameBuilder, options, ORIGIN } from '../test/builders.js';
import { answerFor, answerOf } from './policy.js';
import { runBot, simulatePlayers } from './index.js';
import { mulberry32 } from './random.js';
import { nearestNeighbourOrder, noisyFix, pointAlong, routeLength, walkRoute } from './route.js';

/**
 * Two scenes: at the pier a question (option 1 is right) opens the way to the
 * lighthouse, where the lamp completes the game. A wrong answer leaves the
 * player in the harbour with nowhere to go.
 */
function harbourGame() {
  return gameBuilder({ id: 'harbour-game' })
    .scene('harbour')
    .scene('lighthouse')
    .location('pier', 'harbour', at(0, 0), { radius: 20 })
    .location('lamp', 'lighthouse', at(0, 300), { radius: 20 })
    .question('pier-year', { qType: 'MC', options: options(3, [1]), hasCorrectAnswer: true, attempts: 1 })
    .info('lamp-story')
    .rule('arrive', 'harbour', cond('player-location', 'has_entered', 'pier'), [act('askQuestion', 'pier-year')])
    .rule('knows-year', 'harbour', cond('player-question', 'has_passed', 'pier-year'), [act('goToScene', 'lighthouse')])
    .rule('lit', 'lighthouse', cond('player-location', 'has_entered', 'lamp'), [
      act('showInfo', 'lamp-story'),
      act('completeGame'),
    ])
    .build();
}

/** A dead end: the cellar's rule asks a question that has no options, so nobody can answer it. */
function cellarGame() {
  return gameBuilder({ id: 'cellar-game' })
    .scene('street')
    .location('cellar-door', 'street', at(0, 0), { radius: 20 })
    .location('exit', 'street', at(200, 0), { radius: 20 })
    .question('riddle', { qType: 'MC', options: [], hasCorrectAnswer: true })
    .rule('trapdoor', 'street', cond('player-location', 'has_entered', 'cellar-door'), [act('askQuestion', 'riddle')])
    .rule('out', 'street', cond('player-location', 'has_entered', 'exit'), [act('completeGame')], {
      pre: all(cond('player-question', 'has_passed', 'riddle')),
    })
    .build();
}

describe('#simulate: routes', () => {
  const route = [at(0, 0), at(100, 0), at(100, 100)];

  it('interpolates along the legs and clamps to the ends', () => {
    expect(routeLength(route)).toBeCloseTo(200, 0);
    expect(distanceMetres(pointAlong(route, 50), at(50, 0))).toBeLessThan(0.5);
    expect(distanceMetres(pointAlong(route, 150), at(100, 50))).toBeLessThan(0.5);
    expect(pointAlong(route, -10)).toEqual(route[0]);
    expect(pointAlong(route, 1e6)).toEqual(route[2]);
  });

  it('walks at the speed: 200 m at 1.4 m/s is a fix every second for 143 s, each ≤ 1.4 m from the last', () => {
    const samples = walkRoute(route, 1.4, 1000);
    expect(samples.at(-1)!.point).toEqual(route[2]);
    expect(Math.abs(samples.at(-1)!.atMs - 142_857)).toBeLessThanOrEqual(1);
    expect(samples).toHaveLength(144);
    for (let i = 1; i < samples.length; i += 1) {
      expect(distanceMetres(samples[i - 1]!.point, samples[i]!.point)).toBeLessThanOrEqual(1.4001);
    }
    expect(walkRoute(route, 14, 1000)).toHaveLength(16);
  });

  it('adds GPS noise of the jitter asked, with its accuracy, the same for the same seed', () => {
    const noise = { accuracy: 12, jitter: 8 };
    const random = mulberry32(7);
    const errors = Array.from({ length: 2000 }, () => distanceMetres(noisyFix(ORIGIN, noise, random), ORIGIN));
    const rms = Math.sqrt(errors.reduce((sum, e) => sum + e * e, 0) / errors.length);
    // Two independent normal errors of 8 m: the distance's root mean square is 8·√2.
    expect(rms).toBeGreaterThan(10.5);
    expect(rms).toBeLessThan(12.2);
    expect(noisyFix(ORIGIN, noise, mulberry32(3))).toEqual(noisyFix(ORIGIN, noise, mulberry32(3)));
    expect(noisyFix(ORIGIN, noise, mulberry32(3)).accuracy).toBe(12);
    expect(noisyFix(ORIGIN, null, random)).toEqual(ORIGIN);
  });

  it('orders places nearest first from the start', () => {
    const far = { ...at(500, 0), id: 'far' };
    const near = { ...at(10, 0), id: 'near' };
    const middle = { ...at(200, 0), id: 'middle' };
    expect(nearestNeighbourOrder(ORIGIN, [far, near, middle]).map((p) => p.id)).toEqual(['near', 'middle', 'far']);
  });
});

describe('#simulate: answer policies', () => {
  const c = compileSpec(
    gameBuilder()
      .scene('s')
      .question('mc', { qType: 'MC', options: options(3, [2]), hasCorrectAnswer: true })
      .question('year', { dType: 'number', hasCorrectAnswer: true, correctAnswer: '1890' })
      .question('word', { hasCorrectAnswer: true, correctAnswer: 'Lantern' })
      .confirmation('ok')
      .build(),
  );
  const question = (id: string) => c.interactions.get(id)!.questions[0]!;

  it('answers right, wrong or first', () => {
    expect([
      answerOf(question('mc'), 'correct'),
      answerOf(question('mc'), 'wrong'),
      answerOf(question('mc'), 'first'),
    ]).toEqual([2, 0, 0]);
    expect([answerOf(question('year'), 'correct'), answerOf(question('year'), 'wrong')]).toEqual(['1890', 1891]);
    expect(answerOf(question('word'), 'wrong')).not.toBe('Lantern');
  });

  it('confirms unless wrong, sees infos, and leaves everything to the designer with stop', () => {
    const ask = { playerId: 'p', action: 'askConfirmation', interactionId: 'ok', blocking: true } as const;
    expect(answerFor(c, ask, 'correct')).toEqual({ type: 'confirm', interactionId: 'ok', approved: true });
    expect(answerFor(c, ask, 'wrong')).toEqual({ type: 'confirm', interactionId: 'ok', approved: false });
    expect(answerFor(c, ask, 'stop')).toBeNull();
    expect(answerFor(c, { playerId: 'p', action: 'showInfo', interactionId: 'i' }, 'first')).toEqual({
      type: 'seen',
      interactionId: 'i',
    });
  });
});

describe('#simulate: simulated players', () => {
  it('complete the harbour game answering right, in the time the walk takes', () => {
    const result = runBot(harbourGame(), { policy: 'correct' }, 1);
    expect(result).toMatchObject({ completed: true, stuck: null });
    // From the pier (the start) to the lamp, 300 m at 1.4 m/s: about 3.5 minutes.
    expect(result.timeMs).toBeGreaterThan(180_000);
    expect(result.timeMs).toBeLessThan(260_000);
  });

  it('get stuck in the harbour answering wrong, after the pier question', () => {
    const summary = simulatePlayers(harbourGame(), {
      policy: 'wrong',
      count: 5,
      seed: 9,
      noise: { accuracy: 5, jitter: 3 },
    });
    expect(summary).toMatchObject({ players: 5, completed: 0, stuck: 5, timeToComplete: null });
    expect(summary.stuckPlaces).toEqual([
      expect.objectContaining({
        reason: 'no more places',
        sceneId: 'harbour',
        lastRule: { id: 'arrive', name: 'arrive' },
        openDialogs: [],
        count: 5,
      }),
    ]);
  });

  it('stop at the first dialog when the policy leaves answers to the designer', () => {
    const result = runBot(harbourGame(), { policy: 'stop' }, 1);
    expect(result.stuck).toMatchObject({
      reason: 'dialog',
      sceneId: 'harbour',
      openDialogs: [{ action: 'askQuestion', interactionId: 'pier-year' }],
    });
  });

  it('report a dead end with its scene, the last rule fired and the dialog nobody can answer', () => {
    const summary = simulatePlayers(cellarGame(), { policy: 'correct', count: 3, seed: 4 });
    expect(summary.completed).toBe(0);
    expect(summary.stuckPlaces).toEqual([
      {
        reason: 'dialog',
        sceneId: 'street',
        sceneName: 'street',
        lastRule: { id: 'trapdoor', name: 'trapdoor' },
        openDialogs: [{ action: 'askQuestion', interactionId: 'riddle' }],
        count: 3,
        playerIds: ['bot-1', 'bot-2', 'bot-3'],
      },
    ]);
  });

  it('walk a given route, and stop at its end when the game is not over', () => {
    const route = [at(-100, 0), at(0, 0), at(0, 300)];
    expect(runBot(harbourGame(), { policy: 'correct', route }, 2)).toMatchObject({ completed: true });
    expect(runBot(harbourGame(), { policy: 'correct', route: route.slice(0, 2) }, 2).stuck?.reason).toBe('route ended');
  });

  it('walk into later scenes out of order, and say where walking in skipped the script', () => {
    // The harbour sends players to the finale from the fort once they saw the pier; the finale lies beyond.
    const trail = (sceneEntry: 'walk' | 'script') =>
      gameBuilder({ id: 'trail', sceneEntry })
        .scene('harbour', { center: at(0, 0), radius: 250 })
        .scene('finale', { center: at(0, 600), radius: 100 })
        .location('pier', 'harbour', at(-100, 0), { radius: 20 })
        .location('fort', 'harbour', at(100, 0), { radius: 20 })
        .location('lamp', 'finale', at(0, 600), { radius: 20 })
        .info('pier-story')
        .rule('pier', 'harbour', cond('player-location', 'has_entered', 'pier'), [act('showInfo', 'pier-story')])
        .rule('fort', 'harbour', cond('player-location', 'has_entered', 'fort'), [act('goToScene', 'finale')], {
          pre: all(cond('player-info', 'has_seen', 'pier-story')),
        })
        .rule('end', 'finale', cond('player-location', 'has_entered', 'lamp'), [act('completeGame')])
        .build();
    const walking = simulatePlayers(trail('walk'), { policy: 'correct', count: 12, seed: 5 });
    expect(walking.walkedIn).toEqual([{ sceneId: 'finale', count: expect.any(Number) }]);
    expect(walking.walkedIn[0]!.count).toBeGreaterThan(0);
    const scripted = simulatePlayers(trail('script'), { policy: 'correct', count: 12, seed: 5 });
    expect(scripted.walkedIn).toEqual([]);
    expect(scripted.completed).toBe(12);
  });

  it('are reproduced by their seed, noise and all; another seed walks otherwise', () => {
    const options = { policy: 'correct' as const, count: 4, noise: { accuracy: 10, jitter: 15 } };
    const one = simulatePlayers(harbourGame(), { ...options, seed: 42 });
    expect(simulatePlayers(harbourGame(), { ...options, seed: 42 })).toEqual(one);
    expect(one.completed).toBe(4);
    const other = simulatePlayers(harbourGame(), { ...options, seed: 43 });
    expect(other.bots.map((bot) => bot.seed)).not.toEqual(one.bots.map((bot) => bot.seed));
    expect(new Set([...one.bots, ...other.bots].map((bot) => bot.timeMs)).size).toBeGreaterThan(1);
  });
});

describe('#simulate: a playtest’s fast clock (issue 28)', () => {
  it('runs the bots’ clocks at the playtest’s speed: a 5-minute limit ends a 400 m walk at 20×, not at 1×', () => {
    const spec = gameBuilder({
      id: 'timed-walk',
      timeLimit: { mode: 'duration', minutes: 5, endsAt: null, endsGame: true },
    })
      .scene('street')
      .location('far', 'street', at(0, 400), { radius: 20 })
      .rule('there', 'street', cond('player-location', 'has_entered', 'far'), [act('completeGame')])
      .build();
    // 400 m at 1.4 m/s is under 5 minutes, but over 15 seconds (5 game minutes at 20×).
    const slow = runBot(spec, { policy: 'correct', route: [at(0, 0), at(0, 400)] }, 1);
    expect(slow.completed).toBe(true);
    const fast = runBot(spec, { policy: 'correct', route: [at(0, 0), at(0, 400)], clockRate: 20 }, 1);
    expect(fast).toMatchObject({ completed: false, ended: true });
    expect(fast.timeMs).toBeLessThanOrEqual(17_000);
  });
});
