import { describe, expect, it } from 'vitest';
import { validateDesignEntity } from './index.js';
import { DESIGN_MESSAGES } from './messages.js';
import {
  interactionSchema,
  newInteractionDefaults,
  newQuestion,
  newStatement,
  newStatementOption,
} from './interaction.js';

const errorsOf = (values: unknown) => validateDesignEntity('interaction', values) ?? {};

function mcQuestion(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Which gate?',
    description: '<p>Pick the gate of the old town</p>',
    qType: 'MC',
    hasCorrectAnswer: true,
    allowMultipleAnswers: false,
    options: [
      { description: 'North', partOfCorrect: true },
      { description: 'South', partOfCorrect: false },
    ],
    ...overrides,
  };
}

describe('info box', () => {
  const info = {
    type: 'INTER_INSPECT_INFO',
    name: 'welcome',
    title: 'Welcome',
    buttonLabel: 'Ok',
    description: '<p>Hi</p>',
  };

  it('accepts an info with a message; the button label defaults to Ok on create', () => {
    expect(errorsOf(info)).toEqual({});
    expect(newInteractionDefaults().buttonLabel).toBe('Ok');
  });

  it('needs title, button label, and a message or a media', () => {
    expect(errorsOf({ type: 'INTER_INSPECT_INFO', name: 'welcome', description: '<p> </p>' })).toEqual({
      title: 'Required',
      buttonLabel: 'Required',
      description: 'You need to provide at least a message or a media',
    });
    expect(errorsOf({ ...info, description: '', mediaId: 'media-1' })).toEqual({});
  });

  it('needs a direction title when it shows a direction', () => {
    expect(errorsOf({ ...info, direction: { isDirection: true, title: '' } })).toEqual({
      'direction.title': 'Required',
    });
  });

  it('requires the type and the name', () => {
    expect(errorsOf({})).toEqual({ name: 'Required', type: 'Required' });
    expect(errorsOf({ ...info, type: 'INTER_DANCE' })).toEqual({ type: DESIGN_MESSAGES.unknownInteractionType });
  });
});

describe('confirmation', () => {
  it('needs title, both button labels and a description', () => {
    expect(errorsOf({ type: 'INTER_CONFIRM', name: 'c', buttonLabel: '' })).toEqual({
      title: 'Required',
      buttonLabel: 'Required',
      buttonLabelSecondary: 'Required',
      description: 'Required',
    });
  });
});

describe('question', () => {
  const question = (questions: unknown[]) => ({ type: 'INTER_ANSWER_QUESTION', name: 'q', questions });

  it("needs exactly one question: 'Add one question'", () => {
    expect(errorsOf(question([]))).toEqual({ questions: 'Add one question' });
    expect(errorsOf(question([mcQuestion(), mcQuestion()]))).toEqual({ questions: 'Add one question' });
    expect(errorsOf(question([mcQuestion()]))).toEqual({});
  });

  it('needs title, a non-empty description and a type; dType when open-ended', () => {
    expect(errorsOf(question([{ description: '<p></p>' }]))).toEqual({
      'questions.0.title': 'Required',
      'questions.0.description': 'Required',
      'questions.0.qType': 'Required',
    });
    expect(errorsOf(question([{ title: 't', description: 'd', qType: 'openEnded', dType: '' }]))).toEqual({
      'questions.0.dType': 'Required',
    });
  });

  it('needs the correct answer of an open-ended question that has one', () => {
    const open = { title: 't', description: 'd', qType: 'openEnded', dType: 'number', hasCorrectAnswer: true };
    expect(errorsOf(question([open]))).toEqual({ 'questions.0.correctAnswer': 'Required' });
    expect(errorsOf(question([{ ...open, correctAnswer: 'seven' }]))).toEqual({
      'questions.0.correctAnswer': DESIGN_MESSAGES.notANumber,
    });
    expect(errorsOf(question([{ ...open, correctAnswer: 7 }]))).toEqual({});
  });

  it("needs 2 options with descriptions: 'You need to add at least 2 options'", () => {
    expect(errorsOf(question([mcQuestion({ options: [{ description: 'Only', partOfCorrect: true }] })]))).toEqual({
      'questions.0.options': 'You need to add at least 2 options',
    });
    expect(
      errorsOf(question([mcQuestion({ options: [{ description: 'A', partOfCorrect: true }, { description: '' }] })])),
    ).toEqual({ 'questions.0.options.1.description': 'Required' });
  });

  it("needs exactly 1 correct option when single-answer: 'You need to set 1 option as correct'", () => {
    const twoCorrect = [
      { description: 'A', partOfCorrect: true },
      { description: 'B', partOfCorrect: true },
    ];
    expect(errorsOf(question([mcQuestion({ options: twoCorrect })]))).toEqual({
      'questions.0.options': 'You need to set 1 option as correct',
    });
    expect(errorsOf(question([mcQuestion({ hasCorrectAnswer: false, options: twoCorrect })]))).toEqual({});
  });

  it('needs at least 1 attempt', () => {
    expect(errorsOf(question([mcQuestion({ attempts: 0 })]))).toEqual({ 'questions.0.attempts': 'Must be at least 1' });
    expect(interactionSchema.parse(question([mcQuestion()])).questions[0]?.attempts).toBe(1);
  });
});

describe('quiz', () => {
  const quiz = (questions: unknown[]) => ({ type: 'INTER_QUIZ', name: 'quiz', title: 'Final quiz', questions });

  it("needs a title and at least one question: 'Add at least one question'", () => {
    expect(errorsOf({ type: 'INTER_QUIZ', name: 'quiz' })).toEqual({
      title: 'Required',
      questions: 'Add at least one question',
    });
  });

  it("checks a multi-answer question: 'You need to set at least 1 option as correct'", () => {
    const multi = mcQuestion({
      allowMultipleAnswers: true,
      options: [
        { description: 'Venetian walls', partOfCorrect: false },
        { description: 'Ottoman mosque', partOfCorrect: false },
        { description: 'Roman road', partOfCorrect: false },
      ],
    });
    expect(errorsOf(quiz([mcQuestion(), multi]))).toEqual({
      'questions.1.options': 'You need to set at least 1 option as correct',
    });
    const twoRight = mcQuestion({
      allowMultipleAnswers: true,
      options: [
        { description: 'Venetian walls', partOfCorrect: true },
        { description: 'Ottoman mosque', partOfCorrect: true },
        { description: 'Roman road', partOfCorrect: false },
      ],
    });
    const parsed = interactionSchema.parse(quiz([mcQuestion(), twoRight]));
    expect(parsed.questions[1]?.options.filter((option) => option.partOfCorrect)).toHaveLength(2);
  });

  it('gives questions and options ids and keeps the ids it has', () => {
    const parsed = interactionSchema.parse(quiz([{ ...mcQuestion(), id: 'q-1' }, mcQuestion()]));
    expect(parsed.questions[0]?.id).toBe('q-1');
    expect(parsed.questions[1]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(parsed.questions[1]?.options[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('conversation', () => {
  const conversation = (statements: unknown[]) => ({
    type: 'INTER_CONVERSATION',
    name: 'talk',
    title: 'Talk to Eleni',
    conversation: { resumable: true, statements },
  });
  const statement = (overrides: Record<string, unknown> = {}) => ({
    id: 's1',
    body: '<p>Hello traveller</p>',
    spokenBy: 'char-eleni',
    options: [{ id: 'o1', actionLabel: 'Bye', actions: [{ actorId: 'system', actionName: 'exitConversation' }] }],
    ...overrides,
  });

  it("needs a title and a statement: 'You need to add at least 1 statement'", () => {
    expect(errorsOf({ type: 'INTER_CONVERSATION', name: 'talk' })).toEqual({
      title: 'Required',
      'conversation.statements': 'You need to add at least 1 statement',
    });
  });

  it("needs a body and a user option per statement: 'You need to add at least 1 user option for this statement'", () => {
    expect(errorsOf(conversation([statement({ body: '<p></p>', options: [] })]))).toEqual({
      'conversation.statements.0.body': 'Required',
      'conversation.statements.0.options': 'You need to add at least 1 user option for this statement',
    });
  });

  it('checks the direction, the options, their conditions and their actions', () => {
    const errors = errorsOf(
      conversation([
        statement({ direction: { isDirection: true, title: '' } }),
        statement({
          id: 's2',
          options: [
            {
              actionLabel: '',
              condition: [{ conditions: [] }],
              actions: [
                { actorId: 'char-eleni', actionName: 'sayStatement', actionArgs: { what: 's1' } },
                { actorId: 'char-eleni', actionName: 'sayStatement', actionArgs: { what: 's9' } },
              ],
            },
          ],
        }),
      ]),
    );
    expect(errors).toEqual({
      'conversation.statements.0.direction.title': 'Required',
      'conversation.statements.1.options.0.actionLabel': 'Required',
      'conversation.statements.1.options.0.condition.0.conditions': 'Add at least one condition to this block',
      'conversation.statements.1.options.0.actions': 'You can have at most 1 blocking action',
      'conversation.statements.1.options.0.actions.1.actionArgs.what': DESIGN_MESSAGES.unknownStatement,
    });
  });

  it('generates ids for new statements and options', () => {
    const parsed = interactionSchema.parse(
      conversation([statement({ id: undefined, options: [{ actionLabel: 'Ok' }] })]),
    );
    expect(parsed.conversation.statements[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(parsed.conversation.statements[0]?.options[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(newStatement().id).not.toBe(newStatement().id);
    expect(newStatementOption().id).toMatch(/^[0-9a-f-]{36}$/);
    expect(newQuestion('MC').options).toHaveLength(2);
  });
});
