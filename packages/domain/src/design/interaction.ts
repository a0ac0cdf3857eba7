import { z } from 'zod';
import { isRichTextEmpty } from '../game.js';
import { DESIGN_MESSAGES } from './messages.js';
import { actionListField, checkActionList, toAction, type Action } from './action.js';
import { checkConditionBlocks, conditionBlocksField, toConditionBlocks, type ConditionBlock } from './condition.js';
import {
  checkNumber,
  flag,
  mediaId,
  newId,
  numberOr,
  numberOrEmpty,
  numberOrNull,
  optionalText,
  refId,
  reporter,
  richText,
  text,
  type DesignContext,
  type IssuePath,
  type Report,
  nameText,
  titleText,
} from './fields.js';
import {
  ANSWER_DATA_TYPES,
  BINARY_ANSWERS,
  INTERACTION_TYPES,
  MIN_MC_OPTIONS,
  MIN_QUESTION_ATTEMPTS,
  QUESTION_TYPES,
  type AnswerDataType,
  type BinaryAnswer,
  type InteractionType,
  type QuestionType,
} from './vocabulary.js';

/**
 * A question's or quiz's time limit (issue 28, docs/engine.md "Time limits on tasks"): seconds to answer from
 * the moment it is asked; none when empty. The server's clock runs it out, so it closes with the phone idle.
 */
export const TASK_TIME_LIMIT_SECONDS = { min: 5, max: 24 * 60 * 60 } as const;
/** The interaction types that may have a time limit: a question and a quiz. */
export const TIMED_INTERACTION_TYPES: readonly InteractionType[] = ['INTER_ANSWER_QUESTION', 'INTER_QUIZ'];

/** The label of an interaction's main button on create (spec 2 §3). */
export const DEFAULT_BUTTON_LABEL = 'Ok';

// ─── Shapes ─────────────────────────────────────────────────────────────────

/** A direction shown with an info box or a statement; its title is required when `isDirection`. */
export type Direction = {
  isDirection: boolean;
  title: string;
};

export type QuestionOption = {
  id: string;
  description: string;
  partOfCorrect: boolean;
};

/** A question of a question or quiz interaction (spec 2 §3). */
export type Question = {
  id: string;
  title: string;
  description: string;
  mediaId: string | null;
  typeWrite: boolean;
  qType: QuestionType;
  /** The answer's data type; open-ended questions only. */
  dType: AnswerDataType | null;
  allowMultipleAnswers: boolean;
  hasCorrectAnswer: boolean;
  attempts: number;
  hint: string;
  reTryIfFailed: boolean;
  correctAnswer: string;
  correctAnswerBinary: BinaryAnswer | null;
  /** Multiple-choice questions only. */
  options: QuestionOption[];
};

/** A player's reply to a statement: shown when its condition holds, then its actions run. */
export type StatementOption = {
  id: string;
  actionLabel: string;
  condition: ConditionBlock[];
  actions: Action[];
};

/** One thing said in a conversation (spec 2 §3). */
export type Statement = {
  id: string;
  body: string;
  /** The character who speaks; null for the game master. */
  spokenBy: string | null;
  repliedWith: string;
  direction: Direction;
  options: StatementOption[];
};

export type Conversation = {
  resumable: boolean;
  statements: Statement[];
};

/** An interaction's form body. Questions are kept for question and quiz types, statements for conversations. */
export interface InteractionValues {
  type: InteractionType;
  name: string;
  systemName: string;
  notes: string;
  title: string;
  buttonLabel: string;
  buttonLabelSecondary: string;
  buttonLabelTertiary: string;
  description: string;
  descriptionSecondary: string;
  mediaId: string | null;
  mediaIdSecondary: string | null;
  direction: Direction;
  questions: Question[];
  quizHasIntro: boolean;
  quizHasEpilogue: boolean;
  conversation: Conversation;
  /** Questions and quizzes (issue 28): seconds to answer once asked, or null for no limit. */
  timeLimitSeconds: number | null;
}
export type Interaction = InteractionValues & { id: string; gameId: string };

// ─── Lenient fields ─────────────────────────────────────────────────────────

const directionFields = z
  .object({ isDirection: flag(), title: text })
  .nullish()
  .transform((value) => value ?? { isDirection: false, title: '' });

const questionOptionFields = z.object({ id: optionalText, description: richText, partOfCorrect: flag() });
const questionFields = z.object({
  id: optionalText,
  title: titleText,
  description: richText,
  mediaId,
  typeWrite: flag(),
  qType: text,
  dType: text,
  allowMultipleAnswers: flag(),
  hasCorrectAnswer: flag(),
  attempts: numberOrEmpty,
  hint: text,
  reTryIfFailed: flag(),
  correctAnswer: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => String(value ?? '').trim()),
  correctAnswerBinary: z
    .string()
    .nullish()
    .transform((value) =>
      (BINARY_ANSWERS as readonly string[]).includes(value ?? '') ? (value as BinaryAnswer) : null,
    ),
  options: z
    .array(questionOptionFields)
    .nullish()
    .transform((value) => value ?? []),
});
type QuestionDraft = z.output<typeof questionFields>;

const statementOptionFields = z.object({
  id: optionalText,
  actionLabel: text,
  condition: conditionBlocksField,
  actions: actionListField,
});
const statementFields = z.object({
  id: optionalText,
  body: richText,
  spokenBy: refId,
  repliedWith: text,
  direction: directionFields,
  options: z
    .array(statementOptionFields)
    .nullish()
    .transform((value) => value ?? []),
});
const conversationFields = z
  .object({
    resumable: flag(),
    statements: z
      .array(statementFields)
      .nullish()
      .transform((value) => value ?? []),
  })
  .nullish()
  .transform((value) => value ?? { resumable: false, statements: [] });
type ConversationDraft = z.output<typeof conversationFields>;

const interactionFields = z.object({
  type: text,
  name: nameText,
  systemName: text,
  notes: text,
  title: titleText,
  buttonLabel: text,
  buttonLabelSecondary: text,
  buttonLabelTertiary: text,
  description: richText,
  descriptionSecondary: richText,
  mediaId,
  mediaIdSecondary: mediaId,
  direction: directionFields,
  questions: z
    .array(questionFields)
    .nullish()
    .transform((value) => value ?? []),
  quizHasIntro: flag(),
  quizHasEpilogue: flag(),
  conversation: conversationFields,
  timeLimitSeconds: numberOrEmpty,
});
type InteractionDraft = z.output<typeof interactionFields>;

// ─── Rules (spec 2 §5) ──────────────────────────────────────────────────────

/** Checks a question at `path`: title, description, type, options and the correct answer. */
function checkQuestion(question: QuestionDraft, report: Report, path: IssuePath): void {
  const at = (...fields: Array<string | number>) => [...path, ...fields];
  if (!question.title) report(at('title'), DESIGN_MESSAGES.required);
  if (isRichTextEmpty(question.description)) report(at('description'), DESIGN_MESSAGES.required);
  checkNumber(question.attempts, report, at('attempts'), { integer: true, min: MIN_QUESTION_ATTEMPTS });

  const qType = question.qType;
  if (!(QUESTION_TYPES as readonly string[]).includes(qType)) return report(at('qType'), DESIGN_MESSAGES.required);
  if (qType === 'openEnded') {
    if (!(ANSWER_DATA_TYPES as readonly string[]).includes(question.dType)) {
      report(at('dType'), DESIGN_MESSAGES.required);
    }
    if (question.hasCorrectAnswer) {
      if (!question.correctAnswer) report(at('correctAnswer'), DESIGN_MESSAGES.required);
      else if (question.dType === 'number' && !Number.isFinite(Number(question.correctAnswer))) {
        report(at('correctAnswer'), DESIGN_MESSAGES.notANumber);
      }
    }
    return;
  }

  const { options } = question;
  if (options.length < MIN_MC_OPTIONS) report(at('options'), DESIGN_MESSAGES.atLeastTwoOptions);
  options.forEach((option, index) => {
    if (isRichTextEmpty(option.description)) report(at('options', index, 'description'), DESIGN_MESSAGES.required);
  });
  if (question.hasCorrectAnswer) {
    const correct = options.filter((option) => option.partOfCorrect).length;
    if (question.allowMultipleAnswers && correct < 1) report(at('options'), DESIGN_MESSAGES.atLeastOneCorrectOption);
    if (!question.allowMultipleAnswers && correct !== 1) report(at('options'), DESIGN_MESSAGES.exactlyOneCorrectOption);
  }
}

/** Checks a conversation at `path`: statements, their options, and the options' conditions and actions. */
function checkConversation(conversation: ConversationDraft, report: Report, path: IssuePath): void {
  const statementsPath = [...path, 'statements'];
  if (conversation.statements.length === 0) report(statementsPath, DESIGN_MESSAGES.atLeastOneStatement);
  const statementIds = conversation.statements.flatMap((statement) => (statement.id ? [statement.id] : []));
  conversation.statements.forEach((statement, index) => {
    const at = [...statementsPath, index];
    if (isRichTextEmpty(statement.body)) report([...at, 'body'], DESIGN_MESSAGES.required);
    if (statement.direction.isDirection && !statement.direction.title) {
      report([...at, 'direction', 'title'], DESIGN_MESSAGES.required);
    }
    if (statement.options.length === 0) report([...at, 'options'], DESIGN_MESSAGES.atLeastOneUserOption);
    statement.options.forEach((option, optionIndex) => {
      const optionPath = [...at, 'options', optionIndex];
      if (!option.actionLabel) report([...optionPath, 'actionLabel'], DESIGN_MESSAGES.required);
      checkConditionBlocks(option.condition, report, [...optionPath, 'condition']);
      checkActionList(option.actions, report, [...optionPath, 'actions'], { statementIds });
    });
  });
}

function checkInteraction(interaction: InteractionDraft, report: Report): void {
  const required = (field: keyof InteractionDraft) => {
    const value = interaction[field];
    const empty = field.startsWith('description') ? isRichTextEmpty(value as string) : !value;
    if (empty) report([field], DESIGN_MESSAGES.required);
  };
  if (!interaction.name) report(['name'], DESIGN_MESSAGES.required);
  const type = interaction.type;
  if ((TIMED_INTERACTION_TYPES as readonly string[]).includes(type)) {
    checkNumber(interaction.timeLimitSeconds, report, ['timeLimitSeconds'], {
      integer: true,
      ...TASK_TIME_LIMIT_SECONDS,
    });
  }
  if (!type) return report(['type'], DESIGN_MESSAGES.required);
  if (!(INTERACTION_TYPES as readonly string[]).includes(type)) {
    return report(['type'], DESIGN_MESSAGES.unknownInteractionType);
  }

  switch (type as InteractionType) {
    case 'INTER_INSPECT_INFO':
      required('title');
      required('buttonLabel');
      if (interaction.direction.isDirection && !interaction.direction.title) {
        report(['direction', 'title'], DESIGN_MESSAGES.required);
      }
      if (isRichTextEmpty(interaction.description) && !interaction.mediaId) {
        report(['description'], DESIGN_MESSAGES.messageOrMedia);
      }
      break;
    case 'INTER_CONFIRM':
      required('title');
      required('buttonLabel');
      required('buttonLabelSecondary');
      required('description');
      break;
    case 'INTER_ANSWER_QUESTION':
      if (interaction.questions.length !== 1) report(['questions'], DESIGN_MESSAGES.addOneQuestion);
      interaction.questions.forEach((question, index) => checkQuestion(question, report, ['questions', index]));
      break;
    case 'INTER_QUIZ':
      required('title');
      if (interaction.questions.length === 0) report(['questions'], DESIGN_MESSAGES.addAtLeastOneQuestion);
      interaction.questions.forEach((question, index) => checkQuestion(question, report, ['questions', index]));
      break;
    case 'INTER_CONVERSATION':
      required('title');
      checkConversation(interaction.conversation, report, ['conversation']);
      break;
    case 'INTER_MSN':
      break;
  }
}

// ─── Stored shape ───────────────────────────────────────────────────────────

function toQuestion(question: QuestionDraft): Question {
  const qType = question.qType as QuestionType;
  return {
    id: question.id ?? newId(),
    title: question.title,
    description: question.description,
    mediaId: question.mediaId,
    typeWrite: question.typeWrite,
    qType,
    dType: qType === 'openEnded' ? (question.dType as AnswerDataType) : null,
    allowMultipleAnswers: qType === 'MC' && question.allowMultipleAnswers,
    hasCorrectAnswer: question.hasCorrectAnswer,
    attempts: numberOr(question.attempts, MIN_QUESTION_ATTEMPTS),
    hint: question.hint,
    reTryIfFailed: question.reTryIfFailed,
    correctAnswer: qType === 'openEnded' ? question.correctAnswer : '',
    correctAnswerBinary: question.correctAnswerBinary,
    options:
      qType === 'MC'
        ? question.options.map((option) => ({
            id: option.id ?? newId(),
            description: option.description,
            partOfCorrect: option.partOfCorrect,
          }))
        : [],
  };
}

function toConversation(conversation: ConversationDraft): Conversation {
  return {
    resumable: conversation.resumable,
    statements: conversation.statements.map((statement) => ({
      id: statement.id ?? newId(),
      body: statement.body,
      spokenBy: statement.spokenBy,
      repliedWith: statement.repliedWith,
      direction: statement.direction,
      options: statement.options.map((option) => ({
        id: option.id ?? newId(),
        actionLabel: option.actionLabel,
        condition: toConditionBlocks(option.condition),
        actions: option.actions.map(toAction),
      })),
    })),
  };
}

/** The schema of the interaction form body, with the rules of its type (spec 2 §5). */
export function interactionSchemaFor(_context: DesignContext = {}) {
  return interactionFields
    .superRefine((interaction, ctx) => checkInteraction(interaction, reporter(ctx)))
    .transform((interaction): InteractionValues => {
      const type = interaction.type as InteractionType;
      const hasQuestions = type === 'INTER_ANSWER_QUESTION' || type === 'INTER_QUIZ';
      return {
        ...interaction,
        type,
        questions: hasQuestions ? interaction.questions.map(toQuestion) : [],
        quizHasIntro: type === 'INTER_QUIZ' && interaction.quizHasIntro,
        quizHasEpilogue: type === 'INTER_QUIZ' && interaction.quizHasEpilogue,
        conversation:
          type === 'INTER_CONVERSATION'
            ? toConversation(interaction.conversation)
            : { resumable: false, statements: [] },
        timeLimitSeconds: hasQuestions ? numberOrNull(interaction.timeLimitSeconds) : null,
      };
    });
}
export const interactionSchema = interactionSchemaFor();
export type InteractionInput = z.input<typeof interactionSchema>;

// ─── New things for the editor ──────────────────────────────────────────────

/** A new question: open-ended short text, one attempt. */
export function newQuestion(qType: QuestionType = 'openEnded'): Question {
  return {
    id: newId(),
    title: '',
    description: '',
    mediaId: null,
    typeWrite: false,
    qType,
    dType: qType === 'openEnded' ? 'stext' : null,
    allowMultipleAnswers: false,
    hasCorrectAnswer: false,
    attempts: MIN_QUESTION_ATTEMPTS,
    hint: '',
    reTryIfFailed: false,
    correctAnswer: '',
    correctAnswerBinary: null,
    options: qType === 'MC' ? [newQuestionOption(), newQuestionOption()] : [],
  };
}

/** A new multiple-choice option. */
export function newQuestionOption(): QuestionOption {
  return { id: newId(), description: '', partOfCorrect: false };
}

/** A new statement with a generated id and no options yet. */
export function newStatement(): Statement {
  return {
    id: newId(),
    body: '',
    spokenBy: null,
    repliedWith: '',
    direction: { isDirection: false, title: '' },
    options: [],
  };
}

/** A new user option of a statement, with a generated id. */
export function newStatementOption(): StatementOption {
  return { id: newId(), actionLabel: '', condition: [], actions: [] };
}

/** A new interaction of a type for the create form: button 'Ok', and the one question of a question interaction. */
export function newInteractionDefaults(type: InteractionType = 'INTER_INSPECT_INFO'): InteractionValues {
  return {
    type,
    name: '',
    systemName: '',
    notes: '',
    title: '',
    buttonLabel: DEFAULT_BUTTON_LABEL,
    buttonLabelSecondary: '',
    buttonLabelTertiary: '',
    description: '',
    descriptionSecondary: '',
    mediaId: null,
    mediaIdSecondary: null,
    direction: { isDirection: false, title: '' },
    questions: type === 'INTER_ANSWER_QUESTION' ? [newQuestion()] : [],
    quizHasIntro: false,
    quizHasEpilogue: false,
    conversation: { resumable: false, statements: [] },
    timeLimitSeconds: null,
  };
}
