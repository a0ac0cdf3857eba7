import { DIRTY } from './conditions.js';
import { emit, markDirty, note, setPlayer, setWorld, type StepContext } from './context.js';
import type { InstanceStatus, PlayerState } from './types.js';
import type { EngineText } from '@loci/domain';

function setStatus(ctx: StepContext, status: InstanceStatus): void {
  if (ctx.world.status === status) return;
  setWorld(ctx, 'status', status);
  setWorld(ctx, 'statusWhen', ctx.when);
  markDirty(ctx, DIRTY.status);
}

/** The other players of the instance, as they are now (the acting one from the step's draft). */
function everyone(ctx: StepContext): PlayerState[] {
  return Object.values({ ...ctx.original.players, [ctx.playerId]: ctx.player });
}

/**
 * The world's status after a player finished or left: a single-player
 * instance follows its player; a shared one completes when everyone has
 * finished or left and someone completed, and is abandoned when everyone left first.
 */
function updateWorldStatus(ctx: StepContext): void {
  if (ctx.world.status !== 'active') return;
  const players = everyone(ctx);
  const done = players.every((player) => player.finished !== null || player.status === 'left game');
  if (!done) return;
  if (players.some((player) => player.finished !== null)) setStatus(ctx, 'completed');
  else setStatus(ctx, 'abandoned');
}

/** endGame / completeGame: the game is over for the player (completed or not); the app shows its end. */
export function finishGame(
  ctx: StepContext,
  completed: boolean,
  message: string | undefined,
  /** The end's text when the engine wrote it (time up), by key (domain protocol/engine-texts.ts). */
  text?: EngineText,
): void {
  if (ctx.player.finished) return note(ctx, `${completed ? 'completeGame' : 'endGame'}: the game is already over`);
  setPlayer(ctx, 'finished', { when: ctx.when, completed });
  emit(ctx, {
    action: completed ? 'completeGame' : 'endGame',
    ...(message ? { message } : {}),
    ...(text ? { text } : {}),
  });
  markDirty(ctx, DIRTY.game);
  updateWorldStatus(ctx);
}

/** The `leave` event: the player leaves the game for good. */
export function handleLeave(ctx: StepContext): void {
  setPlayer(ctx, 'status', 'left game');
  setPlayer(ctx, 'statusWhen', ctx.when);
  updateWorldStatus(ctx);
}

/** The `pause` and `resume` events. */
export function handlePause(ctx: StepContext, paused: boolean): void {
  const status = paused ? 'paused' : 'playing';
  if (ctx.player.status === status) return;
  setPlayer(ctx, 'status', status);
  setPlayer(ctx, 'statusWhen', ctx.when);
}
