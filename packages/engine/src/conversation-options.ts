/**
 * The `option` event. It runs the chosen option's actions, which may start or close
 * interactions: kept apart from interactions.ts so that actions and interactions do not import each other.
 */
import { runActions } from './actions.js';
import { DIRTY, holds } from './conditions.js';
import { markDirty, playerRecord, refuse, settlePending, type StepContext } from './context.js';
import { closeConversation, isConversationOutput } from './interactions.js';
import type { ConversationProgress } from './types.js';

/**
 * The `option` event: the player chose an option of the current statement.
 * Its actions run with the conversation in scope; when they neither say a
 * statement nor close the conversation, the conversation exits.
 */
export function handleOption(ctx: StepContext, id: string, statementId: unknown, optionId: unknown): void {
  const interaction = ctx.c.interactions.get(id);
  if (!interaction || interaction.type !== 'INTER_CONVERSATION') return refuse(ctx, 'UNKNOWN_INTERACTION');
  const progress = ctx.player.conversations[id];
  if (typeof statementId !== 'string' || !progress?.active || progress.currentStatementId !== statementId) {
    return refuse(ctx, 'NOT_CURRENT_STATEMENT');
  }
  const statement = interaction.statementById.get(statementId);
  const option = statement?.options.find((candidate) => candidate.id === optionId);
  if (!statement || !option) return refuse(ctx, 'UNKNOWN_OPTION');
  if (!holds(option.condition, ctx)) return refuse(ctx, 'CONDITION_NOT_MET');
  const chosen: ConversationProgress = {
    ...progress,
    talked: true,
    history: [...progress.history, { statementId: statement.id, optionId: option.id, when: ctx.when }],
  };
  playerRecord(ctx, 'conversations')[id] = chosen;
  settlePending(ctx, isConversationOutput(id));
  markDirty(ctx, DIRTY.conversation);
  runActions(ctx, option.actions, { conversationId: id });
  if (ctx.player.conversations[id] === chosen) closeConversation(ctx, id, false, undefined, true);
}
