import { describe, expect, it } from 'vitest';
import { act, at, cond, gameBuilder, options, Session } from './test/builders.js';

/**
 * Games played in teams (docs/engine.md "Teams"): a team is one engine player; each member's location event
 * carries the member, who keeps their own position, and the team is inside a place when ANY member is.
 */
const notify = (msg: string) => act('showNotification', undefined, { msg });

function gateGame() {
  return gameBuilder()
    .scene('s1')
    .location('gate', 's1', at(0, 0), { radius: 20 })
    .rule('enter', 's1', cond('player-location', 'has_entered', 'gate'), [notify('in')], { fireOnce: false })
    .rule('leave', 's1', cond('player-location', 'has_exited', 'gate'), [notify('out')], { fireOnce: false })
    .build();
}

const maria = { id: 'm-maria', name: 'Maria' };
const nikos = { id: 'm-nikos', name: 'Nikos' };

function move(session: Session, member: { id: string; name: string }, north: number) {
  session.advance(1000);
  const point = at(north, 0);
  session.send({ type: 'location', latitude: point.latitude, longitude: point.longitude, member } as never, 'team-1');
  return session.outputs('showNotification').map((output) => output.message);
}

describe('#teams: a team is where any member is', () => {
  it('enters when the first member enters, and leaves only when the last member has left', () => {
    const session = new Session(gateGame());
    session.start('team-1');
    expect(move(session, nikos, 200)).toEqual([]);
    expect(move(session, maria, 5)).toEqual(['in']);
    // Nikos walks in too: the team was inside already, nothing fires again.
    expect(move(session, nikos, 3)).toEqual([]);
    // Maria leaves, Nikos is still inside: the team stays.
    expect(move(session, maria, 300)).toEqual([]);
    expect(session.player('team-1').insideLocations).toEqual({ gate: 'gps' });
    expect(move(session, nikos, 300)).toEqual(['out']);
    expect(session.player('team-1').memberLocations).toEqual({
      [maria.id]: at(300, 0),
      [nikos.id]: at(300, 0),
    });
  });

  it('names the acting member in each record of the step', () => {
    const spec = gameBuilder()
      .scene('s1')
      .question('q', { qType: 'MC', hasCorrectAnswer: true, options: options(2, [0]) })
      .onCode('ask', [act('askQuestion', 'q')])
      .build();
    const session = new Session(spec);
    session.start('team-1');
    session.send({ type: 'code', code: 'ask', member: nikos } as never, 'team-1');
    session.send({ type: 'answer', interactionId: 'q', answer: 0, member: maria } as never, 'team-1');
    const answered = session.last.records.filter((record) => record.name === 'has answered question');
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({ playerId: 'team-1', correct: true, member: maria });
    // The team's progress is one: the question is answered for every member.
    expect(session.player('team-1').questions.q).toMatchObject({ open: false });
  });

  it('a solo player (no member on the event) is tracked exactly as before', () => {
    const session = new Session(gateGame());
    session.start();
    session.goTo(at(5, 0));
    expect(session.outputs('showNotification').map((output) => output.message)).toEqual(['in']);
    expect(session.player().memberLocations).toBeUndefined();
  });

  it('"every member" fires when the LAST member walks in, counting every member who joined', () => {
    const spec = gameBuilder()
      .scene('s1')
      .location('gate', 's1', at(0, 0), { radius: 20 })
      .rule('first', 's1', cond('player-location', 'has_entered', 'gate'), [notify('first in')], { fireOnce: false })
      .rule('all', 's1', cond('player-location', 'has_every_member_in', 'gate'), [notify('all in')], {
        fireOnce: false,
      })
      .build();
    const session = new Session(spec);
    session.start('team-1');
    const walk = (member: { id: string; name: string }, north: number, teamSize: number) => {
      session.advance(1000);
      const point = at(north, 0);
      const event = { type: 'location', latitude: point.latitude, longitude: point.longitude, member, teamSize };
      session.send(event as never, 'team-1');
      return session.outputs('showNotification').map((output) => output.message);
    };
    // Two members have joined: Maria in alone is the team in, not every member.
    expect(walk(maria, 5, 2)).toEqual(['first in']);
    // Nikos has not sent a position yet: still not every member.
    expect(session.player('team-1').everyMemberIn).toEqual({});
    expect(walk(nikos, 200, 2)).toEqual([]);
    expect(walk(nikos, 3, 2)).toEqual(['all in']);
    expect(session.player('team-1').everyMemberIn).toEqual({ gate: true });
    // Jitter at the border does not count as leaving (the usual margin); walking away does, and back fires again.
    expect(walk(maria, 22, 2)).toEqual([]);
    expect(walk(maria, 300, 2)).toEqual([]);
    expect(session.player('team-1').everyMemberIn).toEqual({});
    expect(walk(maria, 4, 2)).toEqual(['all in']);
    // A third member joins (the server says so on the next event) and is not in: not every member any more.
    expect(walk(maria, 4, 3)).toEqual([]);
    expect(session.player('team-1').everyMemberIn).toEqual({});
  });

  it('"every member" of a solo player is the player: in the place is every member in', () => {
    const spec = gameBuilder()
      .scene('s1')
      .location('gate', 's1', at(0, 0), { radius: 20 })
      .rule('all', 's1', cond('player-location', 'has_every_member_in', 'gate'), [notify('all in')])
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(5, 0));
    expect(session.outputs('showNotification').map((output) => output.message)).toEqual(['all in']);
    expect(session.player().everyMemberIn).toBeUndefined();
  });
});

describe('#teams: an operator’s rescue of a team', () => {
  it('a teleport places the member it names, as their own fix would: the others stay where they are', () => {
    const session = new Session(gateGame());
    session.start('team-1');
    move(session, maria, 200);
    move(session, nikos, 300);
    session.advance(1000);
    session.apply({
      type: 'rescue',
      playerId: 'team-1',
      actions: [{ kind: 'teleport', ...at(5, 0), memberId: maria.id, member: maria }],
    });
    expect(session.outputs('showNotification').map((output) => output.message)).toEqual(['in']);
    expect(session.player('team-1').memberLocations).toEqual({ [maria.id]: at(5, 0), [nikos.id]: at(300, 0) });
    // Nikos walking on does not take the team out: Maria is still inside.
    expect(move(session, nikos, 400)).toEqual([]);
    expect(session.player('team-1').insideLocations).toEqual({ gate: 'gps' });
  });

  it('every other action is the team’s: a gift names no member', () => {
    const spec = gameBuilder().scene('s1').item('key', { notifyOnChange: true }).build();
    const session = new Session(spec);
    session.start('team-1');
    move(session, maria, 200);
    session.apply({ type: 'rescue', playerId: 'team-1', actions: [{ kind: 'give', assetId: 'key', count: 1 }] });
    expect(session.player('team-1').items.key).toBe(1);
    expect(session.last.records.every((record) => record.member === undefined)).toBe(true);
  });
});
