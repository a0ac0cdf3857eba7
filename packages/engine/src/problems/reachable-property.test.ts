import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { act, all, at, cond, gameBuilder } from '../test/builders.js';
import { checkGame } from './check.js';
import { REACHABILITY_CODES } from './types.js';

/**
 * A game generated to be fully reachable: a chain of scenes, each reached by
 * a goToScene from the one before; in each scene, codes show info boxes, give
 * items and assign missions; milestones wait for what was shown or given,
 * places appear once a milestone is reached, rules fire on what the scene
 * showed, and the last scene completes the game.
 */
const sceneShape = fc.record({
  infos: fc.integer({ min: 0, max: 3 }),
  items: fc.integer({ min: 0, max: 3 }),
  missions: fc.integer({ min: 0, max: 2 }),
  milestones: fc.integer({ min: 0, max: 2 }),
  places: fc.integer({ min: 0, max: 3 }),
  chained: fc.boolean(),
});
const gameShape = fc.record({
  type: fc.constantFrom('map' as const, 'image' as const),
  universe: fc.boolean(),
  scenes: fc.array(sceneShape, { minLength: 1, maxLength: 6 }),
});

type GameShape = typeof gameShape extends fc.Arbitrary<infer T> ? T : never;

function buildGame(shape: GameShape) {
  const game = gameBuilder({ type: shape.type });
  const code = (word: string) => cond('player-code', 'has_typedscannedcode', undefined, { designerInputString: word });
  if (shape.universe) game.scene('u', { universe: true });
  shape.scenes.forEach((scene, k) => {
    const s = `s${k}`;
    game.scene(s, shape.type === 'map' ? { center: at(k * 1000), radius: 300 } : {});
    for (let i = 0; i < scene.infos; i++) {
      game.info(`${s}-i${i}`).rule(`${s}-show${i}`, s, code(`${s}-show${i}`), [act('showInfo', `${s}-i${i}`)]);
      // A rule on what the scene showed, and one chained behind it.
      if (scene.chained) {
        game
          .info(`${s}-after${i}`)
          .rule(`${s}-seen${i}`, s, cond('player-info', 'has_seen', `${s}-i${i}`), [act('showInfo', `${s}-after${i}`)]);
      }
    }
    for (let i = 0; i < scene.items; i++) {
      game
        .item(`${s}-it${i}`)
        .rule(`${s}-give${i}`, s, code(`${s}-give${i}`), [act('giveToPlayer', `${s}-it${i}`, { value: 1 })]);
    }
    for (let i = 0; i < scene.missions; i++) {
      const needs = scene.items > 0 ? all(cond('player-item', 'owns', `${s}-it${i % scene.items}`)) : [];
      game
        .mission(`${s}-m${i}`, { condition: needs })
        .rule(`${s}-assign${i}`, s, code(`${s}-assign${i}`), [act('assignMission', `${s}-m${i}`)]);
    }
    for (let i = 0; i < scene.milestones; i++) {
      const needs = scene.infos > 0 ? all(cond('player-info', 'has_seen', `${s}-i${i % scene.infos}`)) : [];
      game.milestone(`${s}-ms${i}`, needs);
    }
    for (let i = 0; i < scene.places; i++) {
      const when = scene.milestones > 0 ? all(cond('milestone', 'has_reached', `${s}-ms0`)) : [];
      game.location(`${s}-l${i}`, s, at(k * 1000 + i * 60), { if: when });
    }
    const next = k + 1 < shape.scenes.length ? [act('goToScene', `s${k + 1}`)] : [act('completeGame')];
    game.rule(`${s}-next`, s, code(`${s}-next`), next);
  });
  return game.build();
}

describe('checkGame on fully reachable games', () => {
  it('reports no reachability finding', () => {
    fc.assert(
      fc.property(gameShape, (shape) => {
        const spec = buildGame(shape);
        const reachability = checkGame(spec).filter((problem) => REACHABILITY_CODES.includes(problem.code));
        expect(reachability).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('reports the scene cut off when its goToScene is removed (the property can fail)', () => {
    const spec = buildGame({
      type: 'image',
      universe: false,
      scenes: [0, 1].map(() => ({ infos: 1, items: 0, missions: 0, milestones: 0, places: 0, chained: false })),
    });
    spec.entities.rule = spec.entities.rule.filter((rule) => rule.id !== 's0-next');
    expect(checkGame(spec).map((problem) => problem.code)).toContain('scene-unreachable');
  });
});
