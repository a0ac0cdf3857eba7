import { taskTimerKey, type TimedTaskKind } from '@loci/domain';
import { clockRateOf } from './clock-time.js';
import { DIRTY } from './conditions.js';
import { addRecord, emit, markDirty, playerRecord, setPlayer, settlePending, type StepContext } from './context.js';
import { RECORD_NAMES, type PlayerClock, type PlayerState } from './types.js';
import { engineText } from './errors.js';

/*
 * Time limits on tasks (issue 28): a question or quiz has seconds to be answered once asked, a mission minutes
 * to be accomplished once assigned. Each running limit is a due time in the player's clock (`clock.tasks`),
 * so the server's scheduler wakes the player when it comes (clock.ts `nextDueOf`), with the phone idle, and
 * a pause of the instance's clock moves it as it moves named timers. When it comes the task times out: a
 * question or quiz closes unanswered (its dialog leaves the phone), a mission takes no more submissions and
 * is no longer accomplished by its condition; `has_timed_out` becomes true for the rules. The engine stays
 * pure: the time is the step's argument.
 */

const EMPTY_CLOCK: PlayerClock = { deadline: null, timers: {}, elapsed: {}, timeUpWhen: null };

function writeTasks(ctx: StepContext, tasks: Record<string, string>): void {
  setPlayer(ctx, 'clock', { ...EMPTY_CLOCK, ...ctx.player.clock, tasks });
  markDirty(ctx, DIRTY.time);
}

/**
 * Starts a task's time limit: it times out `ms` of game time from the step's time (started again if it ran;
 * on a playtest's fast clock, `ms / rate` of real time).
 */
export function startTaskTime(ctx: StepContext, kind: TimedTaskKind, id: string, ms: number | null): void {
  if (ms === null) return;
  const due = new Date(ctx.nowMs + ms / clockRateOf(ctx.world)).toISOString();
  const tasks = { ...ctx.player.clock?.tasks, [taskTimerKey(kind, id)]: due };
  writeTasks(ctx, tasks);
}

/** Stops a task's time limit without timing it out (it was answered, accomplished, archived). */
export function stopTaskTime(ctx: StepContext, kind: TimedTaskKind, id: string): void {
  const key = taskTimerKey(kind, id);
  const running = ctx.player.clock?.tasks;
  if (!running || !(key in running)) return;
  const tasks = { ...running };
  delete tasks[key];
  writeTasks(ctx, tasks);
}

/** The earliest due time of the player's task limits (epoch ms), or null when none runs. */
export function nextTaskDueMs(player: PlayerState): number | null {
  let next: number | null = null;
  for (const when of Object.values(player.clock?.tasks ?? {})) {
    const ms = Date.parse(when);
    if (!Number.isNaN(ms) && (next === null || ms < next)) next = ms;
  }
  return next;
}

/** Times out every task whose limit came at the step's time (the caller checked the clock is not paused). */
export function timeOutDueTasks(ctx: StepContext): void {
  const running = ctx.player.clock?.tasks;
  if (!running) return;
  const due = Object.entries(running)
    .filter(([, when]) => Date.parse(when) <= ctx.nowMs)
    .sort(([, a], [, b]) => Date.parse(a) - Date.parse(b));
  if (due.length === 0) return;
  const tasks = { ...running };
  for (const [key] of due) delete tasks[key];
  writeTasks(ctx, tasks);
  for (const [key] of due) {
    const split = key.indexOf(':');
    const kind = key.slice(0, split);
    const id = key.slice(split + 1);
    if (kind === 'interaction') timeOutInteraction(ctx, id);
    else if (kind === 'mission') timeOutMission(ctx, id);
  }
}

/** A question or quiz times out: it closes unanswered, its dialog is settled, the player is told. */
function timeOutInteraction(ctx: StepContext, id: string): void {
  const interaction = ctx.c.interactions.get(id);
  const title = interaction?.title || interaction?.questions[0]?.title || interaction?.name || id;
  const question = ctx.player.questions[id];
  const quiz = ctx.player.quizzes[id];
  if (question?.open) {
    playerRecord(ctx, 'questions')[id] = { ...question, open: false, timedOutWhen: ctx.when };
    settlePending(ctx, (output) => output.action === 'askQuestion' && output.interactionId === id);
    markDirty(ctx, DIRTY.question);
  } else if (quiz?.open) {
    const questions = Object.fromEntries(
      Object.entries(quiz.questions).map(([questionId, progress]) => [questionId, { ...progress, open: false }]),
    );
    playerRecord(ctx, 'quizzes')[id] = { ...quiz, open: false, questions, timedOutWhen: ctx.when };
    settlePending(ctx, (output) => output.action === 'askQuiz' && output.interactionId === id);
    markDirty(ctx, DIRTY.quiz);
  } else {
    return;
  }
  ctx.trace.notes.push(`Time ran out on ${interaction?.name ?? id}`);
  addRecord(ctx, RECORD_NAMES.timedOut, { interactionId: id });
  emit(ctx, { action: 'showNotification', interactionId: id, ...engineText('taskTimeUp', { title }) });
}

/** A mission times out: not accomplished, it takes no more submissions; the player is told. */
function timeOutMission(ctx: StepContext, id: string): void {
  const progress = ctx.player.missions[id];
  if (!progress || progress.completedWhen || progress.archivedWhen || progress.timedOutWhen) return;
  // A submission that waits for the organiser came in time: the verdict decides.
  if (progress.verdict?.status === 'pending') return;
  const mission = ctx.c.missions.get(id);
  playerRecord(ctx, 'missions')[id] = { ...progress, timedOutWhen: ctx.when };
  markDirty(ctx, DIRTY.mission);
  ctx.trace.notes.push(`Time ran out on ${mission?.name ?? id}`);
  addRecord(ctx, RECORD_NAMES.timedOut, { missionId: id });
  emit(ctx, {
    action: 'showNotification',
    missionId: id,
    ...engineText('taskTimeUp', { title: mission?.title ?? id }),
  });
}
