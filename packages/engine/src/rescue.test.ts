import { describe, expect, it } from 'vitest';
import type { RescueAction } from '@loci/domain';
import { playerChanges, rescueProblems } from './rescue.js';
import { act, all, at, cond, gameBuilder, Session } from './test/builders.js';

const notify = (msg: string) => act('showNotification', undefined, { msg });
const messages = (session: Session) => session.outputs('showNotification').map((output) => output.message);
const rescue = (session: Session, ...actions: RescueAction[]) =>
  session.apply({ type: 'rescue', playerId: 'p1', actions });

function game() {
  return gameBuilder()
    .scene('s1')
    .scene('s2')
    .item('key', { notifyOnChange: true })
    .item('gold')
    .item('map')
    .attribute('rank')
    .location('gate', 's1', at(0, 0), { radius: 20 })
    .mission('find', { accomplishmentType: 'condition', condition: all(cond('player-item', 'owns', 'gold')) })
    .milestone('half', all(cond('player-item', 'owns', 'map')))
    .rule('unlock', 's1', cond('player-item', 'owns', 'key'), [notify('the door opens')])
    .rule('hello', 's1', cond('player-location', 'has_entered', 'gate'), [notify('at the gate')])
    .rule('arrived', 's2', cond('player-scene', 'is_currently_in', 's2'), [notify('welcome to s2')])
    .rule('halfway', 'u', cond('milestone', 'has_reached', 'half'), [notify('half way')])
    .scene('u', { universe: true })
    .build();
}

function started() {
  const session = new Session(game());
  session.start();
  session.goTo(at(500, 0));
  return session;
}

describe('#rescue: the operator event', () => {
  it('gives an item: the player is told and the rule that waits for it fires', () => {
    const session = started();
    rescue(session, { kind: 'give', assetId: 'key', count: 1 });
    expect(session.player().items.key).toBe(1);
    expect(messages(session)).toEqual(['+1 key', 'the door opens']);
    expect(session.last.trace.rules).toMatchObject([{ ruleId: 'unlock', newlyTrue: true, branch: 'sideeffects' }]);
  });

  it('takes an item and sets an attribute', () => {
    const session = started();
    rescue(session, { kind: 'give', assetId: 'gold', count: 3 });
    rescue(
      session,
      { kind: 'take', assetId: 'gold', count: 2 },
      { kind: 'set', attributeId: 'rank', value: 'captain' },
    );
    expect(session.player().items.gold).toBe(1);
    expect(session.player().attributes.rank).toBe('captain');
  });

  it('moves the player to a scene, whose rules react', () => {
    const session = started();
    rescue(session, { kind: 'scene', sceneId: 's2' });
    expect(session.player().currentSceneId).toBe('s2');
    expect(messages(session)).toContain('welcome to s2');
  });

  it('assigns a mission, then completes it', () => {
    const session = started();
    rescue(session, { kind: 'assignMission', missionId: 'find' });
    expect(session.player().missions.find).toMatchObject({ completedWhen: null });
    rescue(session, { kind: 'completeMission', missionId: 'find' });
    expect(session.player().missions.find?.completedWhen).toEqual(expect.any(String));
    expect(session.last.records).toMatchObject([{ missionId: 'find', status: 'completed' }]);
  });

  it('completes a mission never assigned (assigning it first)', () => {
    const session = started();
    rescue(session, { kind: 'completeMission', missionId: 'find' });
    expect(session.last.records.map((record) => record.status)).toEqual(['assigned', 'completed']);
  });

  it('reaches a milestone, and the rules on it fire', () => {
    const session = started();
    rescue(session, { kind: 'milestone', milestoneId: 'half' });
    expect(Object.keys(session.player().milestones)).toEqual(['half']);
    expect(messages(session)).toEqual(['half way']);
  });

  it('re-arms a fireOnce rule: it fires again the next time its trigger becomes true', () => {
    const session = started();
    session.goTo(at(0, 0));
    expect(messages(session)).toEqual(['at the gate']);
    session.goTo(at(500, 0));
    session.goTo(at(0, 0));
    expect(messages(session)).toEqual([]);
    rescue(session, { kind: 'rearm', ruleId: 'hello' });
    expect(session.player().firedRules.hello).toBeUndefined();
    session.goTo(at(500, 0));
    session.goTo(at(0, 0));
    expect(messages(session)).toEqual(['at the gate']);
  });

  it('closes a stuck dialog', () => {
    const session = new Session(
      gameBuilder()
        .scene('s1')
        .info('intro')
        .onCode('go', [act('showInfo', 'intro')])
        .build(),
    );
    session.start();
    session.code('go');
    expect(session.player().pending).toHaveLength(1);
    rescue(session, { kind: 'closeDialog', index: 0 });
    expect(session.player().pending).toEqual([]);
  });

  it('teleports the player as a GPS fix would: location rules fire', () => {
    const session = started();
    rescue(session, { kind: 'teleport', ...at(0, 0) });
    expect(session.player().location).toMatchObject(at(0, 0));
    expect(messages(session)).toEqual(['at the gate']);
  });

  it('applies several actions in order, then settles once', () => {
    const session = started();
    rescue(session, { kind: 'give', assetId: 'key', count: 5 }, { kind: 'give', assetId: 'map', count: 1 });
    expect(messages(session)).toEqual(['+5 key', '+1 map', 'the door opens', 'half way']);
  });
});

describe('#rescue: problems and changes', () => {
  it('names each action that cannot apply, by field', () => {
    const session = started();
    const problems = rescueProblems(game(), session.player(), [
      { kind: 'give', assetId: 'nope', count: 1 },
      { kind: 'take', assetId: 'gold', count: 1 },
      { kind: 'rearm', ruleId: 'missing' },
      { kind: 'closeDialog', index: 0 },
      { kind: 'scene', sceneId: 's2' },
    ]);
    expect(problems).toEqual({
      'actions.0.assetId': 'Unknown item or attribute',
      'actions.1.count': 'The player holds only 0',
      'actions.2.ruleId': 'Unknown rule',
      'actions.3.index': 'No dialog is open there',
    });
  });

  it('counts a give before a take of the same item', () => {
    const session = started();
    const actions: RescueAction[] = [
      { kind: 'give', assetId: 'gold', count: 2 },
      { kind: 'take', assetId: 'gold', count: 2 },
    ];
    expect(rescueProblems(game(), session.player(), actions)).toEqual({});
  });

  it('lists the changed parts of the player, before and after', () => {
    const session = started();
    const before = session.player();
    rescue(session, { kind: 'give', assetId: 'gold', count: 2 });
    expect(playerChanges(before, session.player())).toEqual([{ path: 'items.gold', before: undefined, after: 2 }]);
  });
});
