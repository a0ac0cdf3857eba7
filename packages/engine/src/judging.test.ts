import { describe, expect, it } from 'vitest';
import { act, all, cond, gameBuilder, Session, UNIVERSE } from './test/builders.js';

const photoAction = {
  type: 'ACTION_TYPE_CAPTURE' as const,
  captureNow: false,
  mediatypemediaRequired: true,
  mediatypetextRequired: false,
  mediatypeimage: true,
  mediatypevideo: false,
  mediatypeaudio: false,
  mediatypetext: false,
};

/** A game with one photo mission judged as `judging`, given on the code 'go'; a score attribute. */
function judgedGame(judging: 'auto' | 'wait' | 'later') {
  return gameBuilder()
    .scene('s1')
    .attribute('score')
    .mission('photo', { accomplishmentType: 'action', action: photoAction }, judging)
    .onCode('go', [act('assignMission', 'photo')])
    .rule(
      'on-approved',
      UNIVERSE,
      cond('player-mission', 'has_been_approved', 'photo'),
      [act('awardJudgedPoints', 'score')],
      { fireOnce: false },
    )
    .rule(
      'on-rejected',
      UNIVERSE,
      cond('player-mission', 'has_been_rejected', 'photo'),
      [act('showNotification', undefined, { msg: 'Try again!' })],
      { fireOnce: false },
    )
    .build();
}

function started(judging: 'auto' | 'wait' | 'later') {
  const session = new Session(judgedGame(judging));
  session.start();
  session.code('go');
  return session;
}

const judge = (session: Session, verdict: 'approved' | 'rejected' | 'withdrawn', extra: object = {}) =>
  session.apply({
    type: 'judge',
    playerId: 'p1',
    missionId: 'photo',
    submissionId: 's-1',
    verdict,
    points: 0,
    ...extra,
  });

describe('judged submissions', () => {
  it('auto: the mission is accomplished as the submission arrives (as before)', () => {
    const session = started('auto');
    session.send({ type: 'submission', missionId: 'photo', mediaId: 'm1', mediaType: 'image' });
    expect(session.player().missions.photo?.completedWhen).not.toBeNull();
    expect(session.player().missions.photo?.verdict).toBeUndefined();
  });

  it('wait: the mission stays pending until approved; a second submission meanwhile is refused', () => {
    const session = started('wait');
    session.send({ type: 'submission', missionId: 'photo', mediaId: 'm1', mediaType: 'image' });
    expect(session.player().missions.photo).toMatchObject({ completedWhen: null, verdict: { status: 'pending' } });
    expect(session.outputs('showNotification')).toMatchObject([{ message: 'Sent to the organiser: photo' }]);
    session.send({ type: 'submission', missionId: 'photo', mediaId: 'm2', mediaType: 'image' });
    expect(session.error()).toBe('NOT_SUBMITTABLE');

    judge(session, 'approved', { points: 5 });
    expect(session.player().missions.photo?.completedWhen).not.toBeNull();
    expect(session.player().attributes.score).toBe(5);
    expect(session.outputs('showNotification').map((output) => output.message)).toContain('Approved: photo (+5)');
  });

  it('wait: a rejection tells the player why, fires the rule, and the mission can be submitted again', () => {
    const session = started('wait');
    session.send({ type: 'submission', missionId: 'photo', mediaId: 'm1', mediaType: 'image' });
    judge(session, 'rejected', { reason: 'The photo is blurred' });
    const messages = session.outputs('showNotification').map((output) => output.message);
    expect(messages).toContain('Not accepted, photo: The photo is blurred');
    expect(messages).toContain('Try again!');
    expect(session.player().missions.photo).toMatchObject({
      completedWhen: null,
      verdict: { status: 'rejected', reason: 'The photo is blurred' },
    });

    session.send({ type: 'submission', missionId: 'photo', mediaId: 'm2', mediaType: 'image' });
    expect(session.error()).toBeUndefined();
    expect(session.player().missions.photo?.verdict?.status).toBe('pending');
    // Rejected again: the rule fires again (its trigger went false while pending).
    judge(session, 'rejected', { reason: 'Still blurred' });
    expect(session.outputs('showNotification').map((output) => output.message)).toContain('Try again!');
  });

  it('later: accepted at once; a rejection later reopens it; a withdrawal takes the points back', () => {
    const session = started('later');
    session.send({ type: 'submission', missionId: 'photo', mediaId: 'm1', mediaType: 'image' });
    expect(session.player().missions.photo).toMatchObject({ verdict: { status: 'pending' } });
    expect(session.player().missions.photo?.completedWhen).not.toBeNull();

    judge(session, 'approved', { points: 3 });
    expect(session.player().attributes.score).toBe(3);
    judge(session, 'withdrawn', { reason: 'Not your own photo' });
    expect(session.player().attributes.score).toBe(0);
    expect(session.player().missions.photo?.verdict?.status).toBe('withdrawn');

    session.send({ type: 'submission', missionId: 'photo', mediaId: 'm1', mediaType: 'image' });
    expect(session.error()).toBe('NOT_SUBMITTABLE');
    judge(session, 'rejected', { reason: 'No' });
    expect(session.player().missions.photo?.completedWhen).toBeNull();
    session.send({ type: 'submission', missionId: 'photo', mediaId: 'm3', mediaType: 'image' });
    expect(session.error()).toBeUndefined();
  });

  it('the player view carries the verdict and its reason', () => {
    const session = started('wait');
    session.send({ type: 'submission', missionId: 'photo', mediaId: 'm1', mediaType: 'image' });
    judge(session, 'rejected', { reason: 'Too dark' });
    expect(session.player().missions.photo?.verdict).toMatchObject({ status: 'rejected', reason: 'Too dark' });
  });

  it('a verdict for an unknown mission is refused and changes nothing', () => {
    const session = started('wait');
    const before = session.state;
    session.apply({
      type: 'judge',
      playerId: 'p1',
      missionId: 'nope',
      submissionId: 'x',
      verdict: 'approved',
      points: 1,
    });
    expect(session.state).toBe(before);
    expect(session.error()).toBe('UNKNOWN_MISSION');
  });

  it('reopenMission opens an accomplished mission again', () => {
    const spec = gameBuilder()
      .scene('s1')
      .mission('photo', { accomplishmentType: 'action', action: photoAction })
      .onCode('go', [act('assignMission', 'photo')])
      .onCode('again', [act('reopenMission', 'photo')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('go');
    session.send({ type: 'submission', missionId: 'photo', mediaId: 'm1', mediaType: 'image' });
    expect(session.player().missions.photo?.completedWhen).not.toBeNull();
    session.code('again');
    expect(session.player().missions.photo?.completedWhen).toBeNull();
    expect(session.last.records).toMatchObject([{ missionId: 'photo', status: 'reopened' }]);
  });

  it('a probe reads has_been_approved', () => {
    const spec = gameBuilder()
      .scene('s1')
      .mission('photo', { accomplishmentType: 'action', action: photoAction }, 'wait')
      .onCode('go', [act('assignMission', 'photo')])
      .probe('ok?', all(cond('player-mission', 'has_been_approved', 'photo')))
      .build();
    const session = new Session(spec);
    session.start();
    session.code('go');
    session.send({ type: 'submission', missionId: 'photo', mediaId: 'm1', mediaType: 'image' });
    expect(session.probe('ok?')).toBe('no');
    session.apply({
      type: 'judge',
      playerId: 'p1',
      missionId: 'photo',
      submissionId: 's',
      verdict: 'approved',
      points: 0,
    });
    expect(session.probe('ok?')).toBe('yes');
  });
});
