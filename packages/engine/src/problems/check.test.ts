import { describe, expect, it } from 'vitest';
import { DEFAULT_GAME_DESCRIPTION, renderDomainText, type GameSpec } from '@loci/domain';
import { act, all, at, cond, gameBuilder, type SpecBuilder } from '../test/builders.js';
import { checkGame, countProblems } from './check.js';
import type { Problem, ProblemCode } from './types.js';

/**
 * One small game per finding. `story` is a game with no problem at all: an
 * image game whose one scene shows an info box and completes the game when
 * the player types a code; each fixture adds the one mistake it is about.
 */
function story(options: Parameters<typeof gameBuilder>[0] = {}): SpecBuilder {
  return gameBuilder({ type: 'image', ...options })
    .scene('s1')
    .info('i1')
    .rule('r1', 's1', cond('player-code', 'has_typedscannedcode', undefined, { designerInputString: 'go' }), [
      act('showInfo', 'i1'),
    ])
    .rule('r-end', 's1', cond('player-info', 'has_seen', 'i1'), [act('completeGame')]);
}

const code = (word: string) => cond('player-code', 'has_typedscannedcode', undefined, { designerInputString: word });

/** A finding's sentence from its key and (JSON) parameters, in a language. */
const said = (problem: Problem, language: 'en' | 'el') =>
  renderDomainText(
    { group: 'PROBLEM_MESSAGES', key: problem.messageKey, args: [JSON.parse(JSON.stringify(problem.params))] },
    language,
  );

/** Every finding of every test: its key and parameters say its English message, and say it in Greek. */
function expectKeyed(problem: Problem) {
  expect(said(problem, 'en')).toBe(problem.message);
  const greek = said(problem, 'el');
  expect(greek).not.toBe(problem.message);
  expect(greek).not.toMatch(/undefined|NaN|\[object/);
}

function findings(spec: GameSpec, mediaIds?: string[]) {
  const problems = checkGame({ ...spec, ...(mediaIds ? { mediaIds } : {}) });
  problems.forEach(expectKeyed);
  return problems;
}
function only(spec: GameSpec, wanted: ProblemCode, mediaIds?: string[]) {
  return findings(spec, mediaIds).filter((problem) => problem.code === wanted);
}
const codesOf = (spec: GameSpec) => findings(spec).map((problem) => problem.code);

describe('checkGame', () => {
  it('gives each finding a message key and parameters, said in English and in Greek', () => {
    const spec = story()
      .rule('r-twin', 's1', code('go'), [act('showInfo', 'i1')])
      .build();
    const [shadowed] = only(spec, 'rule-shadowed');
    expect(shadowed).toMatchObject({
      messageKey: 'ruleShadowed',
      params: { rule: { kind: 'rule', label: 'r-twin' }, twin: { kind: 'rule', label: 'r1' }, fireOnce: true },
    });
    expect(said(shadowed!, 'el')).toBe(
      'Κανόνας «r-twin»: έχει το ίδιο έναυσμα και τις ίδιες προϋποθέσεις με: Κανόνας «r1» (μία φορά)· ενεργοποιούνται μαζί, οπότε ο ένας περισσεύει ή πρέπει να συγχωνευθούν.',
    );
  });

  it('finds nothing wrong in a small complete game', () => {
    expect(findings(story().build())).toEqual([]);
  });

  it('reports a game with nowhere to start', () => {
    const spec = gameBuilder({ type: 'image' }).scene('s1', { enabled: false }).build();
    expect(codesOf(spec)).toContain('no-start-scene');
  });

  it('reports a scene nothing sends players to (image game)', () => {
    const spec = story().scene('s2').build();
    const [problem] = only(spec, 'scene-unreachable');
    expect(problem).toMatchObject({ severity: 'warning', entity: { kind: 'scene', id: 's2' } });
    expect(problem!.message).toContain('“s2” can never become current');
  });

  it('counts a goToScene target and a map scene one can walk into as reachable, not a disabled one', () => {
    const withGoTo = story()
      .scene('s2')
      .rule('r2', 's1', code('next'), [act('goToScene', 's2')])
      .build();
    expect(only(withGoTo, 'scene-unreachable')).toEqual([]);
    const map = gameBuilder()
      .scene('s1', { center: at(0) })
      .scene('s2', { center: at(500) })
      .scene('s3', { center: at(1000), enabled: false })
      .rule('r-end', 's1', code('x'), [act('completeGame')])
      .build();
    expect(only(map, 'scene-unreachable').map((p) => p.entity.id)).toEqual(['s3']);
  });

  it('reports a rule whose scene never becomes current', () => {
    const spec = story()
      .scene('s2')
      .rule('r2', 's2', code('x'), [act('showNotification', undefined, { msg: 'hi' })])
      .build();
    expect(only(spec, 'rule-in-unreachable-scene')[0]?.entity).toEqual({ kind: 'rule', id: 'r2' });
  });

  it('reports an interaction, a mission and a milestone nothing reaches', () => {
    const spec = story()
      .info('never')
      .mission('m1', { condition: [] })
      .item('key')
      .milestone('ms1', all(cond('player-item', 'owns', 'key')))
      .build();
    const codes = codesOf(spec);
    expect(codes).toContain('interaction-unreachable');
    expect(codes).toContain('mission-unreachable');
    expect(codes).toContain('milestone-unreachable');
  });

  it('reports a place whose conditions can never hold, and one in an unreachable scene', () => {
    const spec = story()
      .scene('s2')
      .milestone('ms-never', all(cond('player-item', 'owns', 'ghost-item')))
      .item('ghost-item')
      .location('l1', 's1', at(0), { if: all(cond('milestone', 'has_reached', 'ms-never')) })
      .location('l2', 's2', at(0))
      .build();
    expect(only(spec, 'location-unreachable').map((p) => p.entity.id)).toEqual(['l1', 'l2']);
  });

  it('reports an item owned in a condition that nothing gives', () => {
    const spec = story()
      .item('key')
      .rule('r2', 's1', code('door'), [act('showNotification', undefined, { msg: 'open' })], {
        pre: all(cond('player-item', 'owns', 'key')),
      })
      .build();
    const [problem] = only(spec, 'item-never-given');
    expect(problem).toMatchObject({ entity: { kind: 'item', id: 'key' }, related: [{ kind: 'rule', id: 'r2' }] });
    const fixed = story()
      .item('key')
      .rule('r2', 's1', code('door'), [act('giveToPlayer', 'key', { value: 1 })])
      .rule('r3', 's1', code('open'), [act('showNotification', undefined, { msg: 'open' })], {
        pre: all(cond('player-item', 'owns', 'key')),
      })
      .build();
    expect(only(fixed, 'item-never-given')).toEqual([]);
  });

  it('reports an attribute needed but never given', () => {
    const spec = story()
      .attribute('courage')
      .milestone('brave', all(cond('player-attribute', 'has', 'courage', { some: 'at_least', someNumber: 3 })))
      .build();
    expect(only(spec, 'attribute-never-given')[0]?.entity).toEqual({ kind: 'attribute', id: 'courage' });
  });

  it('reports a currency that things cost but nothing gives', () => {
    const spec = story({ market: true }).item('coin', { isCurrency: true }).item('map', { price: 5 }).build();
    expect(only(spec, 'currency-never-given')[0]).toMatchObject({
      entity: { kind: 'item', id: 'coin' },
      related: [{ kind: 'item', id: 'map' }],
    });
  });

  it('reports a reference to an entity that does not exist', () => {
    const spec = story()
      .rule('r2', 's1', code('x'), [act('showInfo', 'deleted-info')])
      .build();
    expect(only(spec, 'missing-reference')[0]).toMatchObject({ severity: 'error', entity: { kind: 'rule', id: 'r2' } });
  });

  it('reads a named timer in an action as a name the designer typed, not a missing entity (issue 28)', () => {
    // A named timer's 'what' is the name the designer typed: the checker took it for a missing entity of kind
    // 'timer', could not say its kind, and publishing a game that starts a timer answered 500.
    const spec = story()
      .rule('r2', 's1', code('x'), [act('startTimer', 'bomb', { value: 0.5 }), act('stopTimer', 'bomb')])
      .build();
    expect(only(spec, 'missing-reference')).toEqual([]);
  });

  it('reports a rule whose trigger can never happen', () => {
    const spec = story()
      .info('never-shown')
      .rule('r2', 's1', cond('player-info', 'has_seen', 'never-shown'), [act('completeGame')])
      .build();
    expect(only(spec, 'rule-trigger-impossible')[0]).toMatchObject({
      entity: { kind: 'rule', id: 'r2' },
      related: [{ kind: 'interaction', id: 'never-shown' }],
    });
  });

  it('reports a rule triggered by a place of another scene', () => {
    const spec = gameBuilder()
      .scene('s1', { center: at(0) })
      .scene('s2', { center: at(1000) })
      .location('l2', 's2', at(1000))
      .rule('r1', 's1', cond('player-location', 'has_entered', 'l2'), [act('completeGame')])
      .build();
    expect(only(spec, 'rule-trigger-other-scene')[0]).toMatchObject({
      severity: 'error',
      entity: { kind: 'rule', id: 'r1' },
      related: [{ kind: 'location', id: 'l2' }],
    });
  });

  it('reports contradictory preconditions (owns X and does not own X)', () => {
    const spec = story()
      .item('key')
      .rule('r-give', 's1', code('k'), [act('giveToPlayer', 'key', { value: 1 })])
      .rule('r2', 's1', code('door'), [act('completeGame')], {
        pre: all(cond('player-item', 'owns', 'key'), cond('player-item', 'not_owns', 'key')),
      })
      .build();
    expect(only(spec, 'rule-contradictory')[0]).toMatchObject({
      severity: 'error',
      entity: { kind: 'rule', id: 'r2' },
    });
  });

  it('reports preconditions that contradict the trigger', () => {
    const spec = story()
      .rule('r2', 's1', cond('player-info', 'has_seen', 'i1'), [act('showNotification', undefined, { msg: 'x' })], {
        pre: all(cond('player-info', 'not_has_seen', 'i1')),
      })
      .build();
    expect(only(spec, 'rule-contradictory').map((p) => p.entity.id)).toEqual(['r2']);
  });

  it('reports a rule shadowed by a fireOnce twin', () => {
    const spec = story()
      .rule('r2', 's1', cond('player-info', 'has_seen', 'i1'), [act('showNotification', undefined, { msg: 'x' })])
      .build();
    expect(only(spec, 'rule-shadowed')[0]).toMatchObject({
      entity: { kind: 'rule', id: 'r2' },
      related: [{ kind: 'rule', id: 'r-end' }],
    });
  });

  it('reports a question without a correct answer that a rule waits to be passed', () => {
    const spec = story()
      .question('q1', { hasCorrectAnswer: false })
      .rule('r2', 's1', code('ask'), [act('askQuestion', 'q1')])
      .rule('r3', 's1', code('check'), [act('completeGame')], { pre: all(cond('player-question', 'has_passed', 'q1')) })
      .build();
    expect(only(spec, 'question-no-correct-answer')[0]).toMatchObject({
      severity: 'error',
      entity: { kind: 'interaction', id: 'q1' },
      related: [{ kind: 'rule', id: 'r3' }],
    });
  });

  it('reports a quiz without questions', () => {
    const spec = story()
      .quiz('quiz', [])
      .rule('r2', 's1', code('q'), [act('askQuiz', 'quiz')])
      .build();
    expect(only(spec, 'quiz-cannot-complete')[0]).toMatchObject({ severity: 'error', entity: { id: 'quiz' } });
  });

  it('reports a mission that can never be accomplished, and one whose needs never happen', () => {
    const spec = story()
      .item('key')
      .item('gem')
      .rule('r2', 's1', code('m'), [act('assignMission', 'm1'), act('assignMission', 'm2')])
      .mission('m1', { condition: all(cond('player-item', 'owns', 'key'), cond('player-item', 'not_owns', 'key')) })
      .mission('m2', { condition: all(cond('player-item', 'owns', 'gem')) })
      .mission('m3', { accomplishmentType: 'submissions', submissions: [] })
      .build();
    expect(only(spec, 'mission-cannot-accomplish').map((p) => p.entity.id)).toEqual(['m1', 'm3']);
    expect(only(spec, 'mission-accomplishment-unreachable').map((p) => p.entity.id)).toEqual(['m2']);
  });

  it('warns where walking into a scene the script leads to skips the story, and not for scenes entered by the script', () => {
    const trail = (sceneEntry: 'walk' | 'script') =>
      gameBuilder({ sceneEntry })
        .scene('harbour', { center: at(0), radius: 100 })
        .scene('finale', { center: at(1000), radius: 100 })
        .scene('beach', { center: at(3000), radius: 100, entry: 'script' })
        .rule('r-go', 'harbour', code('x'), [act('goToScene', 'finale'), act('goToScene', 'beach')])
        .rule('r-end', 'finale', code('y'), [act('completeGame')])
        .build();
    expect(only(trail('walk'), 'scene-walk-in-skips-script').map((p) => p.entity)).toEqual([
      { kind: 'scene', id: 'finale' },
    ]);
    expect(only(trail('script'), 'scene-walk-in-skips-script')).toEqual([]);
  });

  it('reports a scene entered by the script that no rule leads to as unreachable', () => {
    const spec = gameBuilder({ sceneEntry: 'script' })
      .scene('harbour', { center: at(0), radius: 100 })
      .scene('finale', { center: at(1000), radius: 100 })
      .rule('r-end', 'harbour', code('y'), [act('completeGame')])
      .build();
    expect(only(spec, 'scene-unreachable').map((p) => p.entity.id)).toEqual(['finale']);
  });

  it('reports geofences smaller than GPS accuracy and places outside their scene', () => {
    const spec = gameBuilder()
      .scene('s1', { center: at(0), radius: 200 })
      .location('tiny', 's1', at(10), { radius: 5 })
      .location('far', 's1', at(800))
      .rule('r-end', 's1', code('x'), [act('completeGame')])
      .build();
    expect(only(spec, 'geofence-too-small')[0]?.entity).toEqual({ kind: 'location', id: 'tiny' });
    expect(only(spec, 'location-outside-scene')[0]?.entity).toEqual({ kind: 'location', id: 'far' });
  });

  it('reports overlapping geofences whose rules fire together', () => {
    const spec = gameBuilder()
      .scene('s1', { center: at(0), radius: 500 })
      .location('a', 's1', at(0), { radius: 50 })
      .location('b', 's1', at(60), { radius: 50 })
      .rule('ra', 's1', cond('player-location', 'has_entered', 'a'), [act('completeGame')])
      .rule('rb', 's1', cond('player-location', 'has_entered', 'b'), [act('completeGame')])
      .build();
    expect(only(spec, 'geofences-overlap')[0]).toMatchObject({
      severity: 'info',
      entity: { kind: 'location', id: 'b' },
      related: [{ kind: 'location', id: 'a' }],
    });
  });

  it('reports an object placed outside every scene', () => {
    const spec = gameBuilder()
      .scene('s1', { center: at(0), radius: 100 })
      .archetype('chest')
      .object('o1', 'chest', 's1', at(5000))
      .rule('r-end', 's1', code('x'), [act('completeGame')])
      .build();
    expect(only(spec, 'object-outside-scenes')[0]?.entity).toEqual({ kind: 'worldObject', id: 'o1' });
  });

  it('reports a game no player can finish', () => {
    const spec = gameBuilder({ type: 'image' }).scene('s1').build();
    expect(only(spec, 'game-cannot-end')[0]?.entity.kind).toBe('game');
    // A completeGame in a rule that never fires does not count.
    const dead = gameBuilder({ type: 'image' })
      .scene('s1')
      .scene('s2')
      .rule('r', 's2', code('x'), [act('completeGame')])
      .build();
    expect(codesOf(dead)).toContain('game-cannot-end');
  });

  it('reports missing texts', () => {
    const spec = story().item('blank', { title: '' }).build();
    expect(only(spec, 'missing-text')[0]).toMatchObject({ entity: { kind: 'item', id: 'blank' } });
  });

  it('reports a game description still the example text of a new game, and not one the designer wrote', () => {
    const spec = story().build();
    const untouched = { ...spec, game: { ...spec.game, description: DEFAULT_GAME_DESCRIPTION } };
    expect(only(untouched, 'default-text')).toEqual([
      expect.objectContaining({ severity: 'warning', entity: { kind: 'game', id: spec.game.id } }),
    ]);
    const written = { ...spec, game: { ...spec.game, description: '<p>Walk the old harbour.</p>' } };
    expect(only(written, 'default-text')).toEqual([]);
  });

  it('reports media missing from the library, when the library is known', () => {
    const spec = story().item('key', { logoId: 'gone' }).build();
    expect(only(spec, 'missing-media', ['other'])[0]).toMatchObject({ entity: { kind: 'item', id: 'key' } });
    expect(only(spec, 'missing-media')).toEqual([]);
  });

  // One fixture per place a medium is referenced: a deleted file is reported on the entity that uses it.
  const withMedia = (edit: (spec: GameSpec) => void) => (): GameSpec => {
    const spec = story().scene('s2').character('guide').offer('stall').build();
    edit(spec);
    return spec;
  };
  const first = <T>(list: T[] | undefined): T => list![0]!;
  it.each([
    ['a scene’s logo', withMedia((spec) => (first(spec.entities.scene).logoId = 'gone')), 'scene', 's1'],
    [
      'a character’s avatar',
      withMedia((spec) => (first(spec.entities.character).mediaId = 'gone')),
      'character',
      'guide',
    ],
    [
      'an interaction’s picture',
      withMedia((spec) => (first(spec.entities.interaction).mediaId = 'gone')),
      'interaction',
      'i1',
    ],
    [
      'a question’s picture',
      () => {
        const spec = story().question('ask', { mediaId: 'gone' }).build();
        return spec;
      },
      'interaction',
      'ask',
    ],
    ['an offer’s cover', withMedia((spec) => (first(spec.entities.offer).offerCover = 'gone')), 'offer', 'stall'],
    [
      'a background set by a rule',
      () =>
        story()
          .rule('r-bg', 's1', code('dark'), [act('setBackground', 'gone')])
          .build(),
      'rule',
      'r-bg',
    ],
    ['the game’s logo', withMedia((spec) => (spec.game.logoId = 'gone')), 'game', undefined],
  ] as const)('reports %s pointing to a deleted medium', (_label, build, kind, id) => {
    const spec = build();
    const library = ['logo', 'kept'];
    const missing = only(spec, 'missing-media', library);
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({ severity: 'warning', entity: { kind, ...(id ? { id } : {}) } });
    expect(missing[0]?.message).toContain('gone');
    // With the medium back in the library, nothing is reported.
    expect(only(spec, 'missing-media', [...library, 'gone'])).toEqual([]);
  });

  it('lists errors first and counts by severity', () => {
    const spec = story()
      .scene('s2')
      .quiz('quiz', [])
      .rule('r2', 's1', code('q'), [act('askQuiz', 'quiz')])
      .build();
    const problems = findings(spec);
    expect(problems[0]?.severity).toBe('error');
    expect(countProblems(problems)).toEqual({ error: 1, warning: 1, info: 0 });
  });
});
