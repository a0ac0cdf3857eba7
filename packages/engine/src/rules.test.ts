import { describe, expect, it } from 'vitest';
import { MAX_PASSES } from './settle.js';
import { act, all, at, cond, gameBuilder, Session } from './test/builders.js';

const notify = (msg: string) => act('showNotification', undefined, { msg });
const messages = (session: Session) => session.outputs('showNotification').map((output) => output.message);

describe('#rules: edge triggering', () => {
  it('fires when the trigger becomes true, not while it stays true, and again after it fell (fireOnce off)', () => {
    const spec = gameBuilder()
      .scene('s1')
      .location('gate', 's1', at(0, 0), { radius: 20 })
      .rule('enter', 's1', cond('player-location', 'has_entered', 'gate'), [notify('in')], { fireOnce: false })
      .rule('leave', 's1', cond('player-location', 'has_exited', 'gate'), [notify('out')], { fireOnce: false })
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(100, 0));
    expect(messages(session)).toEqual([]);
    session.goTo(at(5, 0));
    expect(messages(session)).toEqual(['in']);
    session.goTo(at(10, 0));
    expect(messages(session)).toEqual([]);
    session.goTo(at(100, 0));
    expect(messages(session)).toEqual(['out']);
    session.goTo(at(0, 0));
    expect(messages(session)).toEqual(['in']);
  });

  it('a fireOnce rule runs its side effects once per player', () => {
    const spec = gameBuilder({ multiplayer: true })
      .scene('s1')
      .location('gate', 's1', at(0, 0), { radius: 20 })
      .rule('enter', 's1', cond('player-location', 'has_entered', 'gate'), [notify('welcome')])
      .build();
    const session = new Session(spec);
    session.start('p1');
    session.start('p2');
    session.goTo(at(0, 0), 'p1');
    expect(messages(session)).toEqual(['welcome']);
    session.goTo(at(100, 0), 'p1');
    session.goTo(at(0, 0), 'p1');
    expect(messages(session)).toEqual([]);
    expect(session.last.trace.rules).toMatchObject([{ ruleId: 'enter', newlyTrue: true, skipped: 'fireOnce' }]);
    session.goTo(at(0, 0), 'p2');
    expect(messages(session)).toEqual(['welcome']);
  });

  it('runs the else-effects when the preconditions fail, and a fireOnce rule stays armed until its effects run', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('key')
      .location('door', 's1', at(0, 0), { radius: 20 })
      .onCode('key', [act('giveToPlayer', 'key', { value: 1 })])
      .rule('open', 's1', cond('player-location', 'has_entered', 'door'), [notify('opens')], {
        pre: all(cond('player-item', 'owns', 'key')),
        else: [notify('locked')],
      })
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(0, 0));
    expect(messages(session)).toEqual(['locked']);
    expect(session.last.trace.rules).toMatchObject([
      {
        ruleId: 'open',
        preconditionsHeld: false,
        failedBlocks: [{ block: 0, condition: 0 }],
        branch: 'sideeffectselse',
      },
    ]);
    session.goTo(at(100, 0));
    session.code('key');
    session.goTo(at(0, 0));
    expect(messages(session)).toEqual(['opens']);
    session.goTo(at(100, 0));
    session.goTo(at(0, 0));
    expect(messages(session)).toEqual([]);
  });

  it('records in the trace which condition of which block failed', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('a')
      .item('b')
      .onCode('go', [notify('ran')], {
        pre: [
          { conditions: [cond('player-item', 'not_owns', 'a'), cond('player-item', 'owns', 'b')] },
          { conditions: [cond('player-item', 'owns', 'a')] },
        ],
      })
      .build();
    const session = new Session(spec);
    session.start();
    session.code('go');
    expect(session.last.trace.rules).toEqual([
      {
        ruleId: 'code-go',
        ruleName: 'code-go',
        sceneId: 'u',
        pass: 0,
        triggerMatched: true,
        newlyTrue: true,
        preconditionsHeld: false,
        failedBlocks: [
          { block: 0, condition: 1 },
          { block: 1, condition: 0 },
        ],
        branch: null,
      },
    ]);
  });

  it('a code trigger fires each time the code is typed', () => {
    const spec = gameBuilder()
      .scene('s1')
      .onCode('ping', [notify('pong')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('ping');
    session.code('PING');
    expect(messages(session)).toEqual(['pong']);
    session.code('pong');
    expect(messages(session)).toEqual([]);
  });

  it('fires rules of the current scene (by idx) before those of the universe scene', () => {
    const spec = gameBuilder()
      .scene('s1')
      .scene('u', { universe: true })
      .item('x')
      .onCode('x', [act('giveToPlayer', 'x', { value: 1 })])
      .rule('u1', 'u', cond('player-item', 'owns', 'x'), [notify('universe')])
      .rule('s1-b', 's1', cond('player-item', 'owns', 'x'), [notify('second')], { idx: 2 })
      .rule('s1-a', 's1', cond('player-item', 'owns', 'x'), [notify('first')], { idx: 1 })
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(messages(session)).toEqual(['first', 'second', 'universe']);
  });

  it('only rules of the current and universe scenes are live; a rule whose scene becomes current sees its trigger afresh', () => {
    const spec = gameBuilder()
      .scene('s1')
      .scene('s2')
      .item('x')
      .onCode('x', [act('giveToPlayer', 'x', { value: 1 })])
      .onCode('go', [act('goToScene', 's2')])
      .rule('in-s2', 's2', cond('player-item', 'owns', 'x'), [notify('s2 rule')])
      .rule('arrive', 's2', cond('player-scene', 'has_entered', 's2'), [notify('arrived')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(messages(session)).toEqual([]);
    session.code('go');
    expect(messages(session)).toEqual(['s2 rule', 'arrived']);
  });

  it('walking into an enabled scene circle makes it current (map games)', () => {
    const spec = gameBuilder()
      .scene('s1', { center: at(0, 0), radius: 100 })
      .scene('s2', { center: at(1000, 0), radius: 100 })
      .scene('s3', { center: at(2000, 0), radius: 100, enabled: false })
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(1000, 50));
    expect(session.player().currentSceneId).toBe('s2');
    expect(session.last.records).toMatchObject([{ name: 'has entered scene', sceneId: 's2' }]);
    session.goTo(at(2000, 0));
    expect(session.player().currentSceneId).toBe('s2');
    session.goTo(at(0, 0));
    expect(session.player().currentSceneId).toBe('s1');
  });

  it('walking into the circle of a scene entered by the script does not skip the story', () => {
    const spec = gameBuilder({ sceneEntry: 'script' })
      .scene('harbour', { center: at(0, 0), radius: 100 })
      .scene('finale', { center: at(1000, 0), radius: 100 })
      .scene('lighthouse', { center: at(2000, 0), radius: 100, entry: 'walk' })
      .onCode('go', [act('goToScene', 'finale')])
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(1000, 0));
    expect(session.player().currentSceneId).toBe('harbour');
    // A scene may choose walking in against the game's setting.
    session.goTo(at(2000, 0));
    expect(session.player().currentSceneId).toBe('lighthouse');
    session.code('go');
    expect(session.player().currentSceneId).toBe('finale');
  });

  it('a scene entered by the script only, in a game entered by walking in, keeps its script', () => {
    const spec = gameBuilder({ sceneEntry: 'walk' })
      .scene('harbour', { center: at(0, 0), radius: 100 })
      .scene('finale', { center: at(1000, 0), radius: 100, entry: 'script' })
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(1000, 0));
    expect(session.player().currentSceneId).toBe('harbour');
  });

  it('does not follow scene circles on image games', () => {
    const spec = gameBuilder({ type: 'image' })
      .scene('s1', { center: at(0, 0) })
      .scene('s2', { center: at(1000, 0) })
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(1000, 0));
    expect(session.player().currentSceneId).toBe('s1');
  });

  it("re-evaluates world conditions after another player's change", () => {
    const spec = gameBuilder({ multiplayer: true })
      .scene('s1')
      .item('bell')
      .onCode('ring', [act('giveToWorld', 'bell', { value: 1 })])
      .rule('heard', 's1', cond('world-item', 'has', 'bell'), [notify('ding')])
      .build();
    const session = new Session(spec);
    session.start('p1');
    session.start('p2');
    session.code('ring', 'p1');
    expect(messages(session)).toEqual(['ding']);
    session.goTo(at(1, 1), 'p2');
    expect(session.last.outputs).toEqual([{ playerId: 'p2', action: 'showNotification', message: 'ding' }]);
  });
});

describe('#rules: milestones and the fixed point', () => {
  it('reaches a milestone the first time its condition holds and fires has_reached triggers in the same step', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('gem')
      .milestone('rich', all(cond('player-some-item', 'owns', 'gem', { some: 'at_least', someNumber: 2 })))
      .milestone('very-rich', all(cond('milestone', 'has_reached', 'rich'), cond('player-item', 'owns', 'gem')))
      .onCode('gem', [act('giveToPlayer', 'gem', { value: 1 })])
      .rule('r-rich', 's1', cond('milestone', 'has_reached', 'very-rich'), [notify('milestone!')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('gem');
    expect(session.player().milestones).toEqual({});
    session.code('gem');
    expect(Object.keys(session.player().milestones)).toEqual(['rich', 'very-rich']);
    expect(messages(session)).toEqual(['milestone!']);
    expect(session.last.trace.notes).toEqual(['Milestone rich reached', 'Milestone very-rich reached']);
  });

  it('chains rules: effects of one rule can trigger the next, within one step', () => {
    const spec = gameBuilder()
      .scene('s1')
      .scene('s2')
      .item('a')
      .item('b')
      .onCode('go', [act('giveToPlayer', 'a', { value: 1 })])
      .rule('ra', 's1', cond('player-item', 'owns', 'a'), [act('giveToPlayer', 'b', { value: 1 })])
      .rule('rb', 's1', cond('player-item', 'owns', 'b'), [act('goToScene', 's2')])
      .rule('rs2', 's2', cond('player-scene', 'has_entered', 's2'), [notify('arrived')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('go');
    expect(session.player().currentSceneId).toBe('s2');
    expect(messages(session)).toEqual(['arrived']);
    expect(session.last.trace.rules.filter((rule) => rule.branch).map((rule) => [rule.ruleId, rule.pass])).toEqual([
      ['code-go', 0],
      ['ra', 1],
      ['rb', 2],
      ['rs2', 3],
    ]);
  });

  it('stops a cycle of rules after MAX_PASSES rounds', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('a')
      .rule('on', 's1', cond('player-item', 'owns', 'a'), [act('takeFromPlayer', 'a', { value: 1 })], {
        fireOnce: false,
      })
      .rule('off', 's1', cond('player-item', 'not_owns', 'a'), [act('giveToPlayer', 'a', { value: 1 })], {
        fireOnce: false,
      })
      .build();
    const session = new Session(spec);
    const { trace } = session.start();
    expect(trace.notes).toContain(`Stopped after ${MAX_PASSES} rounds of consequences (a cycle of rules?)`);
    expect(Math.max(...trace.rules.map((rule) => rule.pass))).toBe(MAX_PASSES - 1);
  });
});
