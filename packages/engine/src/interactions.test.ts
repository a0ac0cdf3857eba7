import { describe, expect, it } from 'vitest';
import { compileSpec } from './compile.js';
import { gradeAnswer } from './interactions.js';
import { viewOf } from './view.js';
import { act, all, cond, gameBuilder, option, options, Session } from './test/builders.js';

function questionOf(fields: Parameters<ReturnType<typeof gameBuilder>['question']>[1]) {
  const spec = gameBuilder().question('q', fields).build();
  return compileSpec(spec).interactions.get('q')!.questions[0]!;
}

describe('#gradeAnswer', () => {
  it('judges a single-answer multiple choice by index or option id', () => {
    const question = questionOf({ qType: 'MC', hasCorrectAnswer: true, options: options(3, [2]) });
    expect(gradeAnswer(question, 2)).toEqual({ valid: true, correct: true });
    expect(gradeAnswer(question, '2')).toEqual({ valid: true, correct: true });
    expect(gradeAnswer(question, 'o2')).toEqual({ valid: true, correct: true });
    expect(gradeAnswer(question, [0])).toEqual({ valid: true, correct: false });
    expect(gradeAnswer(question, [0, 2])).toEqual({ valid: false });
    expect(gradeAnswer(question, 7)).toEqual({ valid: false });
    expect(gradeAnswer(question, 'nonsense')).toEqual({ valid: false });
  });

  it('judges a multiple-answer choice by the exact set of correct options', () => {
    const question = questionOf({
      qType: 'MC',
      hasCorrectAnswer: true,
      allowMultipleAnswers: true,
      options: options(4, [0, 3]),
    });
    expect(gradeAnswer(question, [3, 0])).toEqual({ valid: true, correct: true });
    expect(gradeAnswer(question, [0, 3, 3])).toEqual({ valid: true, correct: true });
    expect(gradeAnswer(question, [0])).toEqual({ valid: true, correct: false });
    expect(gradeAnswer(question, [0, 1, 3])).toEqual({ valid: true, correct: false });
    expect(gradeAnswer(question, [])).toEqual({ valid: false });
  });

  it('judges open answers: numbers as numbers, text trimmed and case-insensitively, yes/no by the binary answer', () => {
    const number = questionOf({ dType: 'number', hasCorrectAnswer: true, correctAnswer: '3.50' });
    expect(gradeAnswer(number, 3.5)).toEqual({ valid: true, correct: true });
    expect(gradeAnswer(number, ' 3.5 ')).toEqual({ valid: true, correct: true });
    expect(gradeAnswer(number, 'three')).toEqual({ valid: false });
    const text = questionOf({ dType: 'stext', hasCorrectAnswer: true, correctAnswer: 'Agios  Nikolaos' });
    expect(gradeAnswer(text, 'agios nikolaos ')).toEqual({ valid: true, correct: true });
    expect(gradeAnswer(text, '')).toEqual({ valid: false });
    expect(gradeAnswer(text, { x: 1 })).toEqual({ valid: false });
    const binary = questionOf({ hasCorrectAnswer: true, correctAnswerBinary: 'yes' });
    expect(gradeAnswer(binary, true)).toEqual({ valid: true, correct: true });
    expect(gradeAnswer(binary, 'No')).toEqual({ valid: true, correct: false });
  });

  it('passes any valid answer to a question without a correct answer', () => {
    expect(gradeAnswer(questionOf({ hasCorrectAnswer: false }), 'whatever')).toEqual({ valid: true, correct: true });
  });
});

describe('#questions', () => {
  it('refuses answers to questions not asked, invalid answers, and answers after the question closed', () => {
    const spec = gameBuilder()
      .scene('s1')
      .question('q', { qType: 'MC', hasCorrectAnswer: true, options: options(2, [0]) })
      .onCode('ask', [act('askQuestion', 'q')])
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'answer', interactionId: 'q', answer: 0 });
    expect(session.error()).toBe('NOT_ASKED');
    session.send({ type: 'answer', interactionId: 'nope', answer: 0 });
    expect(session.error()).toBe('UNKNOWN_INTERACTION');
    session.code('ask');
    session.send({ type: 'answer', interactionId: 'q', answer: 5 });
    expect(session.error()).toBe('INVALID_ANSWER');
    session.send({ type: 'answer', interactionId: 'q', answer: 1 });
    expect(session.player().questions.q).toMatchObject({ failed: true, open: false, attempts: 1 });
    session.send({ type: 'answer', interactionId: 'q', answer: 0 });
    expect(session.error()).toBe('NOT_ASKED');
  });

  it('asks a failed question again only when it allows a retry, and never a passed one', () => {
    const spec = gameBuilder()
      .scene('s1')
      .question('strict', { hasCorrectAnswer: true, correctAnswer: 'a' })
      .question('lenient', { hasCorrectAnswer: true, correctAnswer: 'a', reTryIfFailed: true })
      .onCode('ask', [act('askQuestion', 'strict'), act('showNotification', undefined, { msg: 'asked' })])
      .onCode('ask2', [act('askQuestion', 'lenient')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('ask');
    session.send({ type: 'answer', interactionId: 'strict', answer: 'b' });
    session.code('ask');
    expect(session.actions()).toEqual(['showNotification']);
    session.code('ask2');
    session.send({ type: 'answer', interactionId: 'lenient', answer: 'b' });
    session.code('ask2');
    expect(session.outputs('askQuestion')).toMatchObject([{ attemptsLeft: 1 }]);
    session.send({ type: 'answer', interactionId: 'lenient', answer: 'A' });
    expect(session.player().questions.lenient).toMatchObject({ passed: true, failed: false, open: false });
    session.code('ask2');
    expect(session.actions()).toEqual([]);
  });

  it('judges quiz answers one question at a time and completes the quiz when every question is closed', () => {
    const spec = gameBuilder()
      .scene('s1')
      .quiz('quiz', [
        { id: 'q1', hasCorrectAnswer: true, correctAnswer: 'x', attempts: 2 },
        { id: 'q2', qType: 'MC', hasCorrectAnswer: true, options: options(2, [1]) },
      ])
      .onCode('ask', [act('askQuiz', 'quiz')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('ask');
    const nextQuestion = () =>
      viewOf(spec, session.state, 'p1').pending.find((o) => o.action === 'askQuiz')?.questionId;
    expect(nextQuestion()).toBe('q1');
    session.send({ type: 'answer', interactionId: 'quiz', questionId: 'q1', answer: 'y' });
    expect(session.outputs('answerResult')).toMatchObject([{ questionId: 'q1', correct: false, attemptsLeft: 1 }]);
    // One attempt left: the view still names q1 as the question to answer.
    expect(nextQuestion()).toBe('q1');
    session.send({ type: 'answer', interactionId: 'quiz', questionId: 'q3', answer: 'y' });
    expect(session.error()).toBe('INVALID_ANSWER');
    session.send({ type: 'answer', interactionId: 'quiz', answer: 'x' });
    expect(session.outputs('answerResult')).toMatchObject([{ questionId: 'q1', correct: true }]);
    session.send({ type: 'answer', interactionId: 'quiz', questionId: 'q1', answer: 'x' });
    expect(session.error()).toBe('NOT_ASKED');
    expect(nextQuestion()).toBe('q2');
    session.send({ type: 'answer', interactionId: 'quiz', questionId: 'q2', answer: 1 });
    expect(session.last.records).toMatchObject([
      { name: 'has answered or completed quiz', questionId: 'q2', status: 'answered', correct: true },
      { name: 'has answered or completed quiz', status: 'completed', passed: true },
    ]);
    expect(session.player().pending).toEqual([]);
  });
});

describe('#confirmations', () => {
  it('refuses a confirmation not asked and a non-boolean answer', () => {
    const spec = gameBuilder()
      .scene('s1')
      .confirmation('c')
      .onCode('ask', [act('askConfirmation', 'c')])
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'confirm', interactionId: 'c', approved: true });
    expect(session.error()).toBe('NOT_ASKED');
    session.code('ask');
    session.send({ type: 'confirm', interactionId: 'c', approved: 'yes' as never });
    expect(session.error()).toBe('INVALID_ANSWER');
    session.send({ type: 'confirm', interactionId: 'c', approved: true });
    expect(session.player().confirmations.c).toMatchObject({ approved: true, open: false });
  });
});

describe('#conversations', () => {
  const build = (resumable: boolean) =>
    gameBuilder()
      .scene('s1')
      .item('coin')
      .conversation(
        'chat',
        [
          {
            id: 'hello',
            options: [
              option('more', [act('sayStatement', 'more')]),
              option('pay', [act('sayStatement', 'thanks')], all(cond('player-item', 'owns', 'coin'))),
              option('bye', []),
            ],
          },
          { id: 'more', options: [option('back', [act('sayStatement', 'hello')])] },
          { id: 'thanks', options: [option('end', [act('completeConversation')])] },
        ],
        resumable,
      )
      .onCode('talk', [act('startConversation', 'chat')])
      .onCode('resume', [act('resumeConversation', 'chat')])
      .build();

  it('refuses options of another statement, unknown options and options whose condition fails', () => {
    const session = new Session(build(false));
    session.start();
    session.send({ type: 'option', interactionId: 'chat', statementId: 'hello', optionId: 'more' });
    expect(session.error()).toBe('NOT_CURRENT_STATEMENT');
    session.code('talk');
    session.send({ type: 'option', interactionId: 'chat', statementId: 'more', optionId: 'back' });
    expect(session.error()).toBe('NOT_CURRENT_STATEMENT');
    session.send({ type: 'option', interactionId: 'chat', statementId: 'hello', optionId: 'dance' });
    expect(session.error()).toBe('UNKNOWN_OPTION');
    session.send({ type: 'option', interactionId: 'chat', statementId: 'hello', optionId: 'pay' });
    expect(session.error()).toBe('CONDITION_NOT_MET');
  });

  it('exits when the chosen option neither says a statement nor closes the conversation', () => {
    const session = new Session(build(false));
    session.start();
    session.code('talk');
    session.send({ type: 'option', interactionId: 'chat', statementId: 'hello', optionId: 'bye' });
    expect(session.last.outputs).toEqual([
      { playerId: 'p1', action: 'exitConversation', interactionId: 'chat', blocking: false },
    ]);
    expect(session.player().conversations.chat).toMatchObject({ active: false, talked: true });
  });

  it('resumes a resumable conversation where it was left, and starts a non-resumable one again', () => {
    for (const [resumable, expected] of [
      [true, { action: 'resumeConversation', statementId: 'more' }],
      [false, { action: 'startConversation', statementId: 'hello' }],
    ] as const) {
      const session = new Session(build(resumable));
      session.start();
      session.code('talk');
      session.send({ type: 'option', interactionId: 'chat', statementId: 'hello', optionId: 'more' });
      session.code('bye-without-rule');
      session.code('resume');
      expect(session.last.outputs).toMatchObject([expected]);
    }
  });

  it('keeps the statement history for the analytics record of completion', () => {
    const spec = build(false);
    const session = new Session(spec);
    session.start();
    session.code('talk');
    session.send({ type: 'option', interactionId: 'chat', statementId: 'hello', optionId: 'more' });
    session.send({ type: 'option', interactionId: 'chat', statementId: 'more', optionId: 'back' });
    const history = session.player().conversations.chat?.history.map((step) => [step.statementId, step.optionId]);
    expect(history).toEqual([
      ['hello', undefined],
      ['hello', 'more'],
      ['more', undefined],
      ['more', 'back'],
      ['hello', undefined],
    ]);
  });
});

describe('#info boxes', () => {
  it('refuses `seen` of an info box never shown', () => {
    const spec = gameBuilder().scene('s1').info('i').build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'seen', interactionId: 'i' });
    expect(session.error()).toBe('NOT_ASKED');
    session.send({ type: 'seen', interactionId: 'x' });
    expect(session.error()).toBe('UNKNOWN_INTERACTION');
  });
});
