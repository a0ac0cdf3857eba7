import type { InteractionType } from '@loci/domain';
import type { CompiledInteraction, CompiledQuestion, CompiledStatement } from './compile.js';
import { DIRTY, holds } from './conditions.js';
import { addRecord, emit, markDirty, note, playerRecord, refuse, settlePending, type StepContext } from './context.js';
import { startTaskTime, stopTaskTime } from './task-time.js';
import {
  RECORD_NAMES,
  type ConversationProgress,
  type Output,
  type OutputOption,
  type QuestionProgress,
} from './types.js';

const INFO: InteractionType = 'INTER_INSPECT_INFO';
const QUESTION: InteractionType = 'INTER_ANSWER_QUESTION';
const QUIZ: InteractionType = 'INTER_QUIZ';
const CONFIRMATION: InteractionType = 'INTER_CONFIRM';
const CONVERSATION: InteractionType = 'INTER_CONVERSATION';

function interactionOf(
  ctx: StepContext,
  id: string,
  type: InteractionType,
  action: string,
): CompiledInteraction | null {
  const interaction = ctx.c.interactions.get(id);
  if (!interaction) {
    note(ctx, `${action}: unknown interaction ${id}`);
    return null;
  }
  if (interaction.type !== type) {
    note(ctx, `${action}: ${interaction.name} is not of type ${type}`);
    return null;
  }
  return interaction;
}

const speaker = (actorId: string | undefined): { actorId?: string } =>
  actorId && actorId !== 'system' && actorId !== 'player' && actorId !== 'world' ? { actorId } : {};

// ─── Info boxes ─────────────────────────────────────────────────────────────

/** showInfo: shows an info box; it counts as seen when the app answers with `seen`. */
export function showInfo(ctx: StepContext, id: string, actorId?: string): void {
  if (!interactionOf(ctx, id, INFO, 'showInfo')) return;
  const previous = ctx.player.infos[id];
  playerRecord(ctx, 'infos')[id] = { shownWhen: ctx.when, seenWhen: previous?.seenWhen ?? null };
  emit(ctx, { action: 'showInfo', interactionId: id, blocking: true, ...speaker(actorId) });
}

/** The `seen` event: an info box (or a shown object) was seen. */
export function handleSeen(ctx: StepContext, id: string): void {
  const info = ctx.player.infos[id];
  if (info) {
    playerRecord(ctx, 'infos')[id] = { ...info, seenWhen: info.seenWhen ?? ctx.when };
    settlePending(ctx, (output) => output.action === 'showInfo' && output.interactionId === id);
    addRecord(ctx, RECORD_NAMES.seenInfo, { interactionId: id });
    markDirty(ctx, DIRTY.info);
    return;
  }
  if (ctx.player.pending.some((output) => output.action === 'showObject' && output.objectId === id)) {
    settlePending(ctx, (output) => output.action === 'showObject' && output.objectId === id);
    return;
  }
  refuse(ctx, ctx.c.interactions.has(id) ? 'NOT_ASKED' : 'UNKNOWN_INTERACTION');
}

// ─── Questions and quizzes ──────────────────────────────────────────────────

/** How an answer is judged: invalid (refused), or valid and correct or not. */
export type Grade = { valid: false } | { valid: true; correct: boolean };

const normalizeText = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

function choiceIndex(question: CompiledQuestion, value: unknown): number | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 0 && value < question.options.length ? value : null;
  if (typeof value === 'string') {
    const byId = question.options.findIndex((option) => option.id === value);
    if (byId !== -1) return byId;
    const trimmed = value.trim();
    return trimmed !== '' && /^\d+$/.test(trimmed) ? choiceIndex(question, Number(trimmed)) : null;
  }
  return null;
}

/**
 * Judges an answer. Multiple choice: the chosen option index (or id), an
 * array of them when several answers are allowed; correct when the choice is
 * exactly the set of correct options. Open-ended: the text or the number;
 * numbers compare as numbers, text trimmed and case-insensitively, yes/no
 * questions by their binary answer. Without a correct answer any valid answer passes.
 */
export function gradeAnswer(question: CompiledQuestion, answer: unknown): Grade {
  if (question.qType === 'MC') {
    const values = Array.isArray(answer) ? answer : [answer];
    const chosen: number[] = [];
    for (const value of values) {
      const index = choiceIndex(question, value);
      if (index === null) return { valid: false };
      if (!chosen.includes(index)) chosen.push(index);
    }
    if (chosen.length === 0 || (!question.allowMultipleAnswers && chosen.length !== 1)) return { valid: false };
    if (!question.hasCorrectAnswer) return { valid: true, correct: true };
    const correct = question.options.flatMap((option, index) => (option.partOfCorrect ? [index] : []));
    return {
      valid: true,
      correct: chosen.length === correct.length && chosen.every((index) => correct.includes(index)),
    };
  }
  if (typeof answer === 'boolean' && question.correctAnswerBinary && question.correctAnswer === '') {
    return {
      valid: true,
      correct: !question.hasCorrectAnswer || (answer ? 'yes' : 'no') === question.correctAnswerBinary,
    };
  }
  if (typeof answer !== 'string' && typeof answer !== 'number') return { valid: false };
  const text = String(answer).trim();
  if (text === '') return { valid: false };
  if (question.dType === 'number' && !Number.isFinite(Number(text))) return { valid: false };
  if (!question.hasCorrectAnswer) return { valid: true, correct: true };
  if (question.correctAnswer === '' && question.correctAnswerBinary) {
    return { valid: true, correct: normalizeText(text) === question.correctAnswerBinary };
  }
  if (question.dType === 'number') {
    return { valid: true, correct: Math.abs(Number(text) - Number(question.correctAnswer)) < 1e-9 };
  }
  // Typed in any of the game's languages: an answer is right by meaning, not by the language it was read in.
  const typed = normalizeText(text);
  return { valid: true, correct: question.acceptedAnswers.some((accepted) => typed === normalizeText(accepted)) };
}

function freshProgress(ctx: StepContext, previous: QuestionProgress | undefined): QuestionProgress {
  return {
    askedWhen: ctx.when,
    open: true,
    attempts: 0,
    answered: previous?.answered ?? false,
    passed: previous?.passed ?? false,
    failed: false,
    lastAnswer: previous?.lastAnswer ?? null,
    answeredWhen: previous?.answeredWhen ?? null,
  };
}

/**
 * askQuestion: asks a question. Asking again while it is open shows it again;
 * a passed question is not asked again; a failed (or timed-out) one only when
 * it allows a retry (reTryIfFailed), with its attempts renewed. A question with
 * a time limit starts it when it is asked afresh (task-time.ts).
 */
export function askQuestion(ctx: StepContext, id: string, actorId?: string): void {
  const interaction = interactionOf(ctx, id, QUESTION, 'askQuestion');
  const question = interaction?.questions[0];
  if (!interaction || !question) return;
  let progress = ctx.player.questions[id];
  if (progress && !progress.open) {
    if (progress.passed) return note(ctx, `askQuestion: ${interaction.name} was already passed`);
    if (!question.reTryIfFailed) {
      const how = progress.timedOutWhen ? 'timed out' : 'failed';
      return note(ctx, `askQuestion: ${interaction.name} was ${how} and allows no retry`);
    }
    progress = undefined;
  }
  if (!progress) {
    progress = freshProgress(ctx, ctx.player.questions[id]);
    playerRecord(ctx, 'questions')[id] = progress;
    markDirty(ctx, DIRTY.question);
    startTaskTime(ctx, 'interaction', id, interaction.timeLimitMs);
  }
  emit(ctx, {
    action: 'askQuestion',
    interactionId: id,
    questionId: question.id,
    attemptsLeft: question.attempts - progress.attempts,
    blocking: true,
    ...speaker(actorId),
  });
}

/** askQuiz: asks a quiz (all its questions); asking a completed (or timed-out) quiz again is a no-op. */
export function askQuiz(ctx: StepContext, id: string, actorId?: string): void {
  const interaction = interactionOf(ctx, id, QUIZ, 'askQuiz');
  if (!interaction) return;
  const progress = ctx.player.quizzes[id];
  if (progress?.completedWhen) return note(ctx, `askQuiz: ${interaction.name} was already completed`);
  if (progress?.timedOutWhen) return note(ctx, `askQuiz: ${interaction.name} timed out`);
  if (!progress) {
    startTaskTime(ctx, 'interaction', id, interaction.timeLimitMs);
    playerRecord(ctx, 'quizzes')[id] = {
      askedWhen: ctx.when,
      open: true,
      questions: {},
      completedWhen: null,
      passed: false,
    };
    markDirty(ctx, DIRTY.quiz);
  }
  emit(ctx, { action: 'askQuiz', interactionId: id, blocking: true, ...speaker(actorId) });
}

function answerQuestion(
  ctx: StepContext,
  question: CompiledQuestion,
  progress: QuestionProgress,
  answer: unknown,
): { progress: QuestionProgress; correct: boolean } | null {
  const grade = gradeAnswer(question, answer);
  if (!grade.valid) {
    refuse(ctx, 'INVALID_ANSWER');
    return null;
  }
  const attempts = progress.attempts + 1;
  const passed = progress.passed || grade.correct;
  const failed = !grade.correct && attempts >= question.attempts;
  return {
    correct: grade.correct,
    progress: {
      ...progress,
      attempts,
      open: !grade.correct && !failed,
      answered: true,
      passed,
      failed: failed && !progress.passed,
      lastAnswer: answer,
      answeredWhen: ctx.when,
    },
  };
}

/** The `answer` event for a question or for one question of a quiz. */
export function handleAnswer(ctx: StepContext, id: string, questionKey: unknown, answer: unknown): void {
  const interaction = ctx.c.interactions.get(id);
  if (!interaction || (interaction.type !== QUESTION && interaction.type !== QUIZ)) {
    return refuse(ctx, 'UNKNOWN_INTERACTION');
  }
  if (interaction.type === QUESTION) {
    const question = interaction.questions[0];
    const progress = ctx.player.questions[id];
    if (!question || !progress || !progress.open) return refuse(ctx, 'NOT_ASKED');
    const result = answerQuestion(ctx, question, progress, answer);
    if (!result) return;
    playerRecord(ctx, 'questions')[id] = result.progress;
    addRecord(ctx, RECORD_NAMES.answeredQuestion, {
      interactionId: id,
      questionId: question.id,
      answer,
      correct: result.correct,
    });
    if (result.correct) addRecord(ctx, RECORD_NAMES.passedQuestion, { interactionId: id, questionId: question.id });
    emit(ctx, resultOutput(id, question, result.progress, result.correct));
    if (!result.progress.open) {
      settlePending(ctx, (output) => output.action === 'askQuestion' && output.interactionId === id);
      stopTaskTime(ctx, 'interaction', id);
    }
    markDirty(ctx, DIRTY.question);
    return;
  }

  const quiz = ctx.player.quizzes[id];
  if (!quiz || !quiz.open) return refuse(ctx, 'NOT_ASKED');
  const question =
    questionKey === undefined || questionKey === null || questionKey === ''
      ? interaction.questions.find((candidate) => quiz.questions[candidate.id]?.open !== false)
      : interaction.questionByKey.get(String(questionKey));
  if (!question) return refuse(ctx, 'INVALID_ANSWER', { key: 'quizNoSuchQuestion' });
  const progress = quiz.questions[question.id] ?? freshProgress(ctx, undefined);
  if (!progress.open) return refuse(ctx, 'NOT_ASKED', { key: 'alreadyAnswered' });
  const result = answerQuestion(ctx, question, progress, answer);
  if (!result) return;
  const questions = { ...quiz.questions, [question.id]: result.progress };
  const done = interaction.questions.every((candidate) => questions[candidate.id] && !questions[candidate.id]!.open);
  const passed = done && interaction.questions.every((candidate) => questions[candidate.id]!.passed);
  playerRecord(ctx, 'quizzes')[id] = {
    ...quiz,
    questions,
    open: !done,
    completedWhen: done ? ctx.when : null,
    passed,
  };
  addRecord(ctx, RECORD_NAMES.quiz, {
    interactionId: id,
    questionId: question.id,
    answer,
    correct: result.correct,
    status: 'answered',
  });
  emit(ctx, resultOutput(id, question, result.progress, result.correct));
  if (done) {
    addRecord(ctx, RECORD_NAMES.quiz, { interactionId: id, status: 'completed', passed });
    settlePending(ctx, (output) => output.action === 'askQuiz' && output.interactionId === id);
    stopTaskTime(ctx, 'interaction', id);
  }
  markDirty(ctx, DIRTY.quiz);
}

function resultOutput(
  interactionId: string,
  question: CompiledQuestion,
  progress: QuestionProgress,
  correct: boolean,
): Omit<Output, 'playerId'> {
  return {
    action: 'answerResult',
    interactionId,
    questionId: question.id,
    correct,
    attemptsLeft: progress.open ? question.attempts - progress.attempts : 0,
    ...(!correct && progress.open && question.hint ? { hint: question.hint } : {}),
  };
}

// ─── Confirmations ──────────────────────────────────────────────────────────

/** askConfirmation: asks the player to approve or reject. */
export function askConfirmation(ctx: StepContext, id: string, actorId?: string): void {
  if (!interactionOf(ctx, id, CONFIRMATION, 'askConfirmation')) return;
  const previous = ctx.player.confirmations[id];
  if (!previous?.open) {
    playerRecord(ctx, 'confirmations')[id] = {
      askedWhen: ctx.when,
      open: true,
      answeredWhen: previous?.answeredWhen ?? null,
      approved: previous?.approved ?? null,
    };
  }
  emit(ctx, { action: 'askConfirmation', interactionId: id, blocking: true, ...speaker(actorId) });
}

/** The `confirm` event. */
export function handleConfirm(ctx: StepContext, id: string, approved: unknown): void {
  if (!ctx.c.interactions.has(id)) return refuse(ctx, 'UNKNOWN_INTERACTION');
  const progress = ctx.player.confirmations[id];
  if (!progress?.open) return refuse(ctx, 'NOT_ASKED');
  if (typeof approved !== 'boolean') return refuse(ctx, 'INVALID_ANSWER');
  playerRecord(ctx, 'confirmations')[id] = { ...progress, open: false, answeredWhen: ctx.when, approved };
  addRecord(ctx, RECORD_NAMES.confirmation, { interactionId: id, approved });
  settlePending(ctx, (output) => output.action === 'askConfirmation' && output.interactionId === id);
  markDirty(ctx, DIRTY.confirmation);
}

// ─── Conversations ──────────────────────────────────────────────────────────

/** The options of a statement whose conditions hold for the player now. */
function availableOptions(ctx: StepContext, statement: CompiledStatement): OutputOption[] {
  return statement.options
    .filter((option) => holds(option.condition, ctx))
    .map((option) => ({ id: option.id, actionLabel: option.actionLabel }));
}

/** Matches the pending outputs of conversation `id` (its start, resumption and statements), to settle them. */
export const isConversationOutput = (id: string) => (output: Output) =>
  output.interactionId === id &&
  (output.action === 'startConversation' || output.action === 'resumeConversation' || output.action === 'sayStatement');

function say(
  ctx: StepContext,
  interaction: CompiledInteraction,
  statement: CompiledStatement,
  action: 'startConversation' | 'resumeConversation' | 'sayStatement',
  actorId: string | undefined,
): void {
  const previous = ctx.player.conversations[interaction.id];
  const progress: ConversationProgress = {
    startedWhen: previous?.startedWhen ?? ctx.when,
    active: true,
    currentStatementId: statement.id,
    talked: previous?.talked ?? false,
    completedWhen: previous?.completedWhen ?? null,
    history: [...(previous?.history ?? []), { statementId: statement.id, when: ctx.when }],
  };
  playerRecord(ctx, 'conversations')[interaction.id] = progress;
  if (!previous || action === 'startConversation') {
    addRecord(ctx, RECORD_NAMES.conversation, { interactionId: interaction.id, status: 'started' });
  }
  settlePending(ctx, isConversationOutput(interaction.id));
  emit(ctx, {
    action,
    interactionId: interaction.id,
    statementId: statement.id,
    options: availableOptions(ctx, statement),
    blocking: true,
    ...speaker(statement.spokenBy ?? actorId),
  });
  markDirty(ctx, DIRTY.conversation);
}

/**
 * startConversation / resumeConversation: a conversation starts at its first
 * statement; a resumable one that was left unfinished resumes at its current statement.
 */
export function startConversation(ctx: StepContext, id: string, resume: boolean, actorId?: string): void {
  const interaction = interactionOf(ctx, id, CONVERSATION, resume ? 'resumeConversation' : 'startConversation');
  if (!interaction) return;
  const first = interaction.statements[0];
  if (!first) return note(ctx, `Conversation ${interaction.name} has no statement`);
  const previous = ctx.player.conversations[id];
  const current = previous?.currentStatementId ? interaction.statementById.get(previous.currentStatementId) : undefined;
  if (resume && interaction.resumable && previous && !previous.completedWhen && current) {
    say(ctx, interaction, current, 'resumeConversation', actorId);
  } else {
    say(ctx, interaction, first, 'startConversation', actorId);
  }
}

/** The conversation an action refers to: the one whose option runs, else the player's active one. */
function conversationInScope(ctx: StepContext, scoped: string | undefined): string | undefined {
  if (scoped) return scoped;
  return Object.keys(ctx.player.conversations).find((id) => ctx.player.conversations[id]!.active);
}

/** sayStatement: the conversation goes on with a statement. */
export function sayStatement(
  ctx: StepContext,
  statementId: string,
  scoped: string | undefined,
  actorId?: string,
): void {
  const conversationId = ctx.c.statementConversation.get(statementId);
  const interaction = conversationId ? ctx.c.interactions.get(conversationId) : undefined;
  const statement = interaction?.statementById.get(statementId);
  if (!interaction || !statement) return note(ctx, `sayStatement: unknown statement ${statementId}`);
  if (scoped && scoped !== interaction.id)
    note(ctx, `sayStatement: statement of another conversation (${interaction.name})`);
  say(ctx, interaction, statement, 'sayStatement', actorId);
}

/** exitConversation / completeConversation: the conversation closes (completing it records it). */
export function closeConversation(
  ctx: StepContext,
  scoped: string | undefined,
  complete: boolean,
  actorId?: string,
  implicit = false,
): void {
  const id = conversationInScope(ctx, scoped);
  const progress = id ? ctx.player.conversations[id] : undefined;
  if (!id || !progress) return note(ctx, `${complete ? 'completeConversation' : 'exitConversation'}: no conversation`);
  const completedWhen = complete ? (progress.completedWhen ?? ctx.when) : progress.completedWhen;
  playerRecord(ctx, 'conversations')[id] = { ...progress, active: false, completedWhen };
  settlePending(ctx, isConversationOutput(id));
  if (complete) {
    addRecord(ctx, RECORD_NAMES.conversation, { interactionId: id, status: 'completed', history: progress.history });
  }
  emit(ctx, {
    action: complete ? 'completeConversation' : 'exitConversation',
    interactionId: id,
    // An exit the option's actions did not ask for is no action of theirs: it does not block.
    blocking: !implicit,
    ...speaker(actorId),
  });
  markDirty(ctx, DIRTY.conversation);
}
