import type { CompiledQuestion, CompiledSpec } from '../compile.js';
import type { Output, PlayerEvent } from '../types.js';

/**
 * How a simulated player answers what waits for an answer: 'stop' leaves it
 * to the designer (the run stops there); 'first' picks the first option (and
 * approves, and types the expected answer when there is no option);
 * 'correct' answers right; 'wrong' answers wrong whenever it can.
 */
export const ANSWER_POLICIES = ['stop', 'first', 'correct', 'wrong'] as const;
export type AnswerPolicy = (typeof ANSWER_POLICIES)[number];

type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A player event before the simulation names its player. */
export type BotEvent = Without<PlayerEvent, 'playerId'>;

/** A wrong text for an open question: never the expected one. */
const WRONG_TEXT = 'simulated wrong answer';

function choice(question: CompiledQuestion, policy: AnswerPolicy): number | number[] {
  const correct = question.options.flatMap((option, index) => (option.partOfCorrect ? [index] : []));
  if (policy === 'wrong' && question.hasCorrectAnswer) {
    const wrong = question.options.findIndex((option) => !option.partOfCorrect);
    if (wrong !== -1) return wrong;
  }
  if (policy === 'correct' && question.hasCorrectAnswer && correct.length > 0) {
    return question.allowMultipleAnswers ? correct : correct[0]!;
  }
  return 0;
}

function openAnswer(question: CompiledQuestion, policy: AnswerPolicy): string | number | boolean {
  const binary = question.correctAnswer === '' ? question.correctAnswerBinary : null;
  if (binary) return policy === 'wrong' ? binary !== 'yes' : binary === 'yes';
  const expected = question.correctAnswer;
  if (policy !== 'wrong') return expected !== '' ? expected : question.dType === 'number' ? 1 : 'yes';
  if (question.dType === 'number') return Number.isFinite(Number(expected)) ? Number(expected) + 1 : -1;
  return WRONG_TEXT;
}

/** The answer the policy gives to one question. */
export function answerOf(question: CompiledQuestion, policy: AnswerPolicy): string | number | boolean | number[] {
  return question.qType === 'MC' ? choice(question, policy) : openAnswer(question, policy);
}

/**
 * The event a simulated player sends for a blocking output, or null when the
 * policy is 'stop' or the output cannot be answered (a statement without options).
 * `isOpen` tells which questions of a quiz still wait (all of them when not given).
 */
export function answerFor(
  c: CompiledSpec,
  output: Output,
  policy: AnswerPolicy,
  isOpen: (interactionId: string, questionId: string) => boolean = () => true,
): BotEvent | null {
  if (policy === 'stop') return null;
  const id = output.interactionId;
  switch (output.action) {
    case 'showInfo':
      return id ? { type: 'seen', interactionId: id } : null;
    case 'showObject':
      return output.objectId ? { type: 'seen', interactionId: output.objectId } : null;
    case 'askConfirmation':
      return id ? { type: 'confirm', interactionId: id, approved: policy !== 'wrong' } : null;
    case 'askQuestion':
    case 'askQuiz': {
      const questions = (id && c.interactions.get(id)?.questions) || [];
      const question = questions.find((candidate) => isOpen(id!, candidate.id));
      if (!id || !question) return null;
      return { type: 'answer', interactionId: id, questionId: question.id, answer: answerOf(question, policy) };
    }
    case 'startConversation':
    case 'resumeConversation':
    case 'sayStatement': {
      const options = output.options ?? [];
      const option = policy === 'wrong' ? options[options.length - 1] : options[0];
      if (!id || !output.statementId || !option) return null;
      return { type: 'option', interactionId: id, statementId: output.statementId, optionId: option.id };
    }
    default:
      return null;
  }
}
