import { describe, expect, it } from 'vitest';
import { act, all, at, cond, gameBuilder, Session } from './test/builders.js';

/** The worked example of docs/engine.md, step by step: keep the two in step. */
function pierGame() {
  return gameBuilder({ id: 'pier-game' })
    .scene('harbour')
    .scene('lighthouse')
    .location('old-pier', 'harbour', at(0, 0), { radius: 30 })
    .info('lantern-story')
    .question('pier-year', { dType: 'number', hasCorrectAnswer: true, correctAnswer: '1890', attempts: 2 })
    .item('lantern', { title: 'Lantern' })
    .rule('arrive', 'harbour', cond('player-location', 'has_entered', 'old-pier'), [act('askQuestion', 'pier-year')])
    .rule(
      'leave',
      'harbour',
      cond('player-location', 'has_exited', 'old-pier'),
      [
        act('giveToPlayer', 'lantern', { value: 1, notify: true }),
        act('goToScene', 'lighthouse'),
        act('showInfo', 'lantern-story'),
      ],
      {
        pre: all(cond('player-question', 'has_passed', 'pier-year')),
        else: [act('showNotification', undefined, { msg: 'Come back when you know the year' })],
      },
    )
    .build();
}

describe('the worked example of docs/engine.md', () => {
  it('plays as documented', () => {
    const session = new Session(pierGame());
    const when = () => session.now.toISOString();
    const pier = at(10, 0);
    const street = at(200, 0);

    // 1. start
    session.start();
    expect(session.last.outputs).toEqual([{ playerId: 'p1', action: 'goToScene', sceneId: 'harbour' }]);
    expect(session.last.records).toEqual([
      { name: 'has entered scene', playerId: 'p1', when: when(), sceneId: 'harbour' },
    ]);

    // 2. walking in the street: nothing
    session.advance(60_000).goTo(street);
    expect(session.last.outputs).toEqual([]);

    // 3. onto the pier: rule "arrive" asks the question
    session.advance(60_000).goTo(pier);
    expect(session.last.outputs).toEqual([
      {
        playerId: 'p1',
        action: 'askQuestion',
        interactionId: 'pier-year',
        questionId: 'pier-year-q',
        attemptsLeft: 2,
        blocking: true,
      },
    ]);
    expect(session.last.trace.rules).toMatchObject([
      { ruleId: 'arrive', triggerMatched: true, newlyTrue: true, preconditionsHeld: true, branch: 'sideeffects' },
      { ruleId: 'leave', triggerMatched: false, newlyTrue: false, branch: null },
    ]);

    // 4. a wrong answer: one attempt left
    session.advance(30_000).send({ type: 'answer', interactionId: 'pier-year', answer: 1900 });
    expect(session.last.outputs).toEqual([
      {
        playerId: 'p1',
        action: 'answerResult',
        interactionId: 'pier-year',
        questionId: 'pier-year-q',
        correct: false,
        attemptsLeft: 1,
      },
    ]);
    expect(session.last.records).toEqual([
      {
        name: 'has answered question',
        playerId: 'p1',
        when: when(),
        interactionId: 'pier-year',
        questionId: 'pier-year-q',
        answer: 1900,
        correct: false,
      },
    ]);

    // 5. leaving the pier without the answer: rule "leave" runs its else-effects
    session.advance(60_000).goTo(street);
    expect(session.last.outputs).toEqual([
      { playerId: 'p1', action: 'showNotification', message: 'Come back when you know the year' },
    ]);
    expect(session.last.trace.rules).toMatchObject([
      { ruleId: 'arrive', triggerMatched: false, newlyTrue: false, branch: null },
      {
        ruleId: 'leave',
        newlyTrue: true,
        preconditionsHeld: false,
        failedBlocks: [{ block: 0, condition: 0 }],
        branch: 'sideeffectselse',
      },
    ]);

    // 6. back on the pier: "arrive" is fireOnce and already ran
    session.advance(60_000).goTo(pier);
    expect(session.last.outputs).toEqual([]);
    expect(session.last.trace.rules).toMatchObject([
      { ruleId: 'arrive', newlyTrue: true, skipped: 'fireOnce', branch: null },
      { ruleId: 'leave', triggerMatched: false, branch: null },
    ]);

    // 7. the right answer
    session.advance(30_000).send({ type: 'answer', interactionId: 'pier-year', answer: '1890' });
    expect(session.last.outputs).toEqual([
      {
        playerId: 'p1',
        action: 'answerResult',
        interactionId: 'pier-year',
        questionId: 'pier-year-q',
        correct: true,
        attemptsLeft: 0,
      },
    ]);
    expect(session.last.records.map((record) => record.name)).toEqual(['has answered question', 'has passed question']);

    // 8. leaving again: the lantern, the lighthouse, the story
    session.advance(60_000).goTo(street);
    expect(session.last.outputs).toEqual([
      { playerId: 'p1', action: 'showNotification', message: '+1 Lantern' },
      { playerId: 'p1', action: 'goToScene', sceneId: 'lighthouse' },
      { playerId: 'p1', action: 'showInfo', interactionId: 'lantern-story', blocking: true },
    ]);
    expect(session.last.records).toEqual([
      { name: 'has entered scene', playerId: 'p1', when: when(), sceneId: 'lighthouse' },
    ]);
    expect(session.player()).toMatchObject({ currentSceneId: 'lighthouse', items: { lantern: 1 } });
    // The harbour's rules are no longer live: their trigger states are forgotten.
    expect(session.player().triggers).toEqual([]);

    // 9. the story read
    session.advance(45_000).send({ type: 'seen', interactionId: 'lantern-story' });
    expect(session.last.outputs).toEqual([]);
    expect(session.last.records).toEqual([
      { name: 'has seen info', playerId: 'p1', when: when(), interactionId: 'lantern-story' },
    ]);
    expect(session.player().pending).toEqual([]);
  });
});
