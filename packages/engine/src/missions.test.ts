import type { MissionAction } from '@loci/domain';
import { describe, expect, it } from 'vitest';
import { act, all, cond, gameBuilder, Session, subMission } from './test/builders.js';
import { viewOf } from './view.js';

function wants(fields: Partial<MissionAction>): MissionAction {
  return {
    type: 'ACTION_TYPE_CAPTURE',
    captureNow: false,
    mediatypemediaRequired: false,
    mediatypetextRequired: false,
    mediatypeimage: false,
    mediatypevideo: false,
    mediatypeaudio: false,
    mediatypetext: false,
    ...fields,
  };
}

describe('#missions', () => {
  it('accomplishes a condition mission when its condition holds, with a notification when asked', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('flag')
      .mission('m', {
        accomplishmentType: 'condition',
        condition: all(cond('player-item', 'owns', 'flag')),
        notifyPlayer: true,
      })
      .onCode('assign', [act('assignMission', 'm')])
      .onCode('flag', [act('giveToPlayer', 'flag', { value: 1 })])
      .rule('done', 's1', cond('player-mission', 'has_completed', 'm'), [
        act('showNotification', undefined, { msg: 'well done' }),
      ])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('flag');
    expect(session.player().missions).toEqual({});
    session.code('assign');
    expect(session.last.records.map((record) => record.status)).toEqual(['assigned', 'completed']);
    expect(session.outputs('showNotification').map((output) => output.message)).toEqual([
      'Mission accomplished: m',
      'well done',
    ]);
  });

  it('accomplishes a capture mission by a submission with what it asks for, recorded as capturedInfo', () => {
    const spec = gameBuilder()
      .scene('s1')
      .mission('selfie', {
        accomplishmentType: 'action',
        action: wants({ mediatypemediaRequired: true, mediatypeimage: true }),
      })
      .mission('story', {
        accomplishmentType: 'action',
        action: wants({ type: 'ACTION_TYPE_SHARE', mediatypetextRequired: true }),
      })
      .onCode('assign', [act('assignMission', 'selfie'), act('assignMission', 'story')])
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'submission', missionId: 'selfie', mediaId: 'm1' });
    expect(session.error()).toBe('NOT_ASSIGNED');
    session.code('assign');
    session.send({ type: 'submission', missionId: 'selfie', text: 'no photo' });
    expect(session.error()).toBe('INVALID_SUBMISSION');
    session.send({ type: 'submission', missionId: 'selfie', mediaId: 'clip', mediaType: 'video' });
    expect(session.last.outputs).toMatchObject([
      {
        errorCode: 'INVALID_SUBMISSION',
        message: 'This mission asks for a photo',
        text: { key: 'asksForKinds', values: { kinds: ['image'] } },
      },
    ]);
    session.send({ type: 'submission', missionId: 'selfie', mediaId: 'media-9', mediaType: 'image', text: 'me' });
    expect(session.last.records).toEqual([
      {
        name: 'has been assigned or completed mission',
        playerId: 'p1',
        when: session.now.toISOString(),
        missionId: 'selfie',
        status: 'completed',
        capturedInfo: { message: 'me', mediaId: 'media-9' },
      },
    ]);
    session.send({ type: 'submission', missionId: 'selfie', mediaId: 'again' });
    expect(session.error()).toBe('NOT_SUBMITTABLE');
    session.send({ type: 'submission', missionId: 'story', text: 'Once upon a time' });
    expect(session.last.records[0]).toMatchObject({ capturedShare: { message: 'Once upon a time' } });
    session.send({ type: 'submission', missionId: 'ghost' });
    expect(session.error()).toBe('UNKNOWN_MISSION');
  });

  it("states a mission's captureNow in the submission record and the player's submissions", () => {
    const spec = gameBuilder()
      .scene('s1')
      .mission('live', { accomplishmentType: 'action', action: wants({ captureNow: true, mediatypeimage: true }) })
      .mission('note', { accomplishmentType: 'action', action: wants({ captureNow: true }) })
      .onCode('assign', [act('assignMission', 'live'), act('assignMission', 'note')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('assign');
    session.send({ type: 'submission', missionId: 'live', mediaId: 'photo-1', mediaType: 'image' });
    expect(session.last.records[0]).toMatchObject({ capturedInfo: { mediaId: 'photo-1', captureNow: true } });
    expect(session.player().missions.live?.submissions).toEqual([
      { mediaId: 'photo-1', captureNow: true, when: session.now.toISOString() },
    ]);
    // A text alone was captured by no camera: nothing to state.
    session.send({ type: 'submission', missionId: 'note', text: 'seen it' });
    expect(session.last.records[0]?.capturedInfo).toEqual({ message: 'seen it' });
  });

  it('refuses a submission to a condition mission', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('x')
      .mission('m', { accomplishmentType: 'condition', condition: all(cond('player-item', 'owns', 'x')) })
      .onCode('assign', [act('assignMission', 'm')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('assign');
    session.send({ type: 'submission', missionId: 'm', text: 'hi' });
    expect(session.error()).toBe('NOT_SUBMITTABLE');
  });

  it('accomplishes ordered sub-missions one after the other, and the mission with the last', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('a')
      .item('b')
      .mission('quest', {
        accomplishmentType: 'submissions',
        ordered: true,
        submissions: [
          subMission('first', { accomplishmentType: 'condition', condition: all(cond('player-item', 'owns', 'a')) }),
          subMission('second', { accomplishmentType: 'action', action: wants({ mediatypetextRequired: true }) }),
          subMission('third', { accomplishmentType: 'condition', condition: all(cond('player-item', 'owns', 'b')) }),
        ],
      })
      .onCode('assign', [act('assignMission', 'quest')])
      .onCode('a', [act('giveToPlayer', 'a', { value: 1 })])
      .onCode('b', [act('giveToPlayer', 'b', { value: 1 })])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('assign');
    session.code('b');
    expect(session.player().missions.quest?.subMissions).toEqual({});
    session.send({ type: 'submission', missionId: 'second', text: 'x' });
    expect(session.error()).toBe('OUT_OF_ORDER');
    session.code('a');
    expect(Object.keys(session.player().missions.quest!.subMissions)).toEqual(['first']);
    session.send({ type: 'submission', missionId: 'second', text: 'done' });
    expect(session.last.records.map((record) => [record.subMissionId, record.status])).toEqual([
      ['second', 'completed'],
      ['third', 'completed'],
      [undefined, 'completed'],
    ]);
    expect(viewOf(spec, session.state, 'p1').missions).toEqual([
      {
        missionId: 'quest',
        title: 'quest',
        status: 'completed',
        subMissions: [
          { id: 'first', title: 'first', completed: true },
          { id: 'second', title: 'second', completed: true },
          { id: 'third', title: 'third', completed: true },
        ],
      },
    ]);
  });

  it('accomplishes unordered sub-missions in any order', () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('a')
      .mission('quest', {
        accomplishmentType: 'submissions',
        submissions: [
          subMission('one', { accomplishmentType: 'condition', condition: all(cond('player-item', 'owns', 'a')) }),
          subMission('two', { accomplishmentType: 'action', action: wants({ mediatypetextRequired: true }) }),
        ],
      })
      .onCode('assign', [act('assignMission', 'quest')])
      .onCode('a', [act('giveToPlayer', 'a', { value: 1 })])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('assign');
    session.send({ type: 'submission', missionId: 'two', text: 'first' });
    expect(session.player().missions.quest?.completedWhen).toBeNull();
    session.code('a');
    expect(session.player().missions.quest?.completedWhen).not.toBeNull();
  });
});
