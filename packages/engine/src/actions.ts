import { ACTIONS, isActionName, type Action, type ActionName } from '@loci/domain';
import { DIRTY, type ObjectRef } from './conditions.js';
import {
  emit,
  markDirty,
  markElementDirty,
  note,
  playerRecord,
  setWorld,
  worldRecord,
  type StepContext,
} from './context.js';
import {
  askConfirmation,
  askQuestion,
  askQuiz,
  closeConversation,
  sayStatement,
  showInfo,
  startConversation,
} from './interactions.js';
import { archiveMission, assignMission, awardJudgedPoints, reopenMission } from './missions.js';
import {
  attachToPlayer,
  attachToWorld,
  destroyThing,
  detachFromPlayer,
  detachFromWorld,
  mutateObject,
  pickThing,
  resolveRef,
  returnToWorld,
} from './objects.js';
import { goToScene } from './scenes.js';
import { finishGame } from './status.js';
import { addTime, startTimer, stopTimer } from './clock.js';

/** What an action list runs about: the object contacted or acted on, the conversation whose option was chosen. */
export interface ActionScope {
  object?: ObjectRef | null;
  conversationId?: string;
}

type Handler = (ctx: StepContext, action: Action, scope: ActionScope) => void;

const what = (action: Action): string => (typeof action.actionArgs?.what === 'string' ? action.actionArgs.what : '');
const messageOf = (action: Action): string | undefined => action.actionArgs?.message || undefined;

/** The number an action's value holds, or null. */
function amountOf(action: Action): number | null {
  const value = action.actionArgs?.value;
  const amount =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(amount) ? amount : null;
}

type Mode = '+' | '-' | '=';

/** A count or numeric value after an action: never negative, and capped for limited items. */
function applyAmount(current: number, amount: number, mode: Mode, cap: number | null): number {
  const next = mode === '+' ? current + amount : mode === '-' ? current - amount : amount;
  const bounded = Math.max(0, next);
  return cap !== null ? Math.min(cap, bounded) : bounded;
}

function notifyChange(
  ctx: StepContext,
  action: Action,
  title: string,
  before: number | string,
  after: number | string,
): void {
  if (before === after) return;
  const delta = typeof before === 'number' && typeof after === 'number' ? after - before : null;
  const message =
    messageOf(action) ?? (delta !== null ? `${delta > 0 ? '+' : ''}${delta} ${title}` : `${title}: ${String(after)}`);
  emit(ctx, { action: 'showNotification', message });
}

/** give/take/set on the player: an item count or an attribute value (numbers never below 0). */
function changePlayer(ctx: StepContext, action: Action, mode: Mode): void {
  const id = what(action);
  const item = ctx.c.items.get(id);
  const attribute = item ? undefined : ctx.c.attributes.get(id);
  if (!item && !attribute) return note(ctx, `${action.actionName}: unknown item or attribute ${id}`);
  const value = action.actionArgs?.value;
  const amount = amountOf(action);
  if (item) {
    if (amount === null) return note(ctx, `${action.actionName}: ${String(value)} is not a number`);
    const before = ctx.player.items[id] ?? 0;
    const after = applyAmount(before, amount, mode, item.limited ? item.maxItems : null);
    if (after === before) return;
    playerRecord(ctx, 'items')[id] = after;
    markElementDirty(ctx, DIRTY.item, id);
    if (!item.hidden && (action.notify || item.notifyOnChange)) notifyChange(ctx, action, item.title, before, after);
    return;
  }
  const before = ctx.player.attributes[id] ?? 0;
  let after: number | string;
  if (amount === null) {
    if (mode !== '=' || typeof value !== 'string')
      return note(ctx, `${action.actionName}: ${String(value)} is not a number`);
    after = value;
  } else {
    after = applyAmount(typeof before === 'number' ? before : Number(before) || 0, amount, mode, null);
  }
  if (after === before && id in ctx.player.attributes) return;
  playerRecord(ctx, 'attributes')[id] = after;
  const attributed = typeof after === 'number' ? after > 0 : after.trim() !== '';
  if (attributed && !(id in ctx.player.attributedWhen)) playerRecord(ctx, 'attributedWhen')[id] = ctx.when;
  markDirty(ctx, DIRTY.attribute);
  if (!attribute!.hidden && (action.notify || attribute!.notifyOnChange)) {
    notifyChange(ctx, action, attribute!.title, before, after);
  }
}

/** give/take/set on the world: an item count (or a world value when `what` is no item). */
function changeWorld(ctx: StepContext, action: Action, mode: Mode): void {
  const id = what(action);
  if (!id) return note(ctx, `${action.actionName}: nothing to change`);
  const amount = amountOf(action);
  const item = ctx.c.items.get(id);
  if (!item) {
    const value = action.actionArgs?.value;
    if (amount === null && (mode !== '=' || typeof value !== 'string'))
      return note(ctx, `${action.actionName}: not a number`);
    const current = ctx.world.attributes[id];
    worldRecord(ctx, 'attributes')[id] =
      amount === null ? (value as string) : applyAmount(typeof current === 'number' ? current : 0, amount, mode, null);
    return;
  }
  if (amount === null) return note(ctx, `${action.actionName}: ${String(action.actionArgs?.value)} is not a number`);
  const before = ctx.world.items[id] ?? 0;
  const after = applyAmount(before, amount, mode, null);
  if (after === before) return;
  worldRecord(ctx, 'items')[id] = after;
  markDirty(ctx, DIRTY.worldItem);
}

const modeOf = (action: Action, fallback: Mode): Mode => {
  const how = action.actionArgs?.numberPropHow;
  return how === '+' || how === '-' || how === '=' ? how : fallback;
};

/** The current object of an object action, or a note that there is none. */
function currentObject(ctx: StepContext, action: Action, scope: ActionScope): ObjectRef | null {
  const ref = scope.object ?? ctx.currentObject;
  if (!ref) note(ctx, `${action.actionName}: no current object`);
  return ref ?? null;
}

function setEnabled(ctx: StepContext, action: Action, enabled: boolean): void {
  const id = what(action);
  if (!ctx.c.scenes.has(id)) return note(ctx, `${action.actionName}: unknown scene ${id}`);
  if (ctx.world.scenes[id] === enabled) return;
  worldRecord(ctx, 'scenes')[id] = enabled;
}

/** One handler per action of the vocabulary (the Record type makes a missing one a compile error). */
const HANDLERS: Record<ActionName, Handler> = {
  // Communication
  showInfo: (ctx, action) => showInfo(ctx, what(action), action.actorId),
  showNotification: (ctx, action) => {
    const message = action.actionArgs?.msg || action.actionArgs?.message || '';
    emit(ctx, {
      action: 'showNotification',
      message,
      ...(isCharacter(action.actorId) ? { actorId: action.actorId } : {}),
    });
  },
  askQuestion: (ctx, action) => askQuestion(ctx, what(action), action.actorId),
  askQuiz: (ctx, action) => askQuiz(ctx, what(action), action.actorId),
  askConfirmation: (ctx, action) => askConfirmation(ctx, what(action), action.actorId),
  startConversation: (ctx, action) => startConversation(ctx, what(action), false, action.actorId),
  resumeConversation: (ctx, action) => startConversation(ctx, what(action), true, action.actorId),
  assignMission: (ctx, action) => assignMission(ctx, what(action), Boolean(action.notify), messageOf(action)),
  archiveMission: (ctx, action) => archiveMission(ctx, what(action)),
  reopenMission: (ctx, action) => reopenMission(ctx, what(action)),
  // The feed (issue 29): pure — the output names the text; the server's runtime writes it to the feed.
  announceInFeed: (ctx, action) => {
    const template = String(action.actionArgs?.msg || action.actionArgs?.message || '');
    const message = template.replaceAll('{name}', ctx.player.name);
    if (message.trim() === '') return note(ctx, 'announceInFeed: no message');
    emit(ctx, { action: 'announceInFeed', message });
  },

  // Player state
  giveToPlayer: (ctx, action) => changePlayer(ctx, action, '+'),
  takeFromPlayer: (ctx, action) => changePlayer(ctx, action, '-'),
  setOnPlayer: (ctx, action) => changePlayer(ctx, action, modeOf(action, '=')),
  awardJudgedPoints: (ctx, action) => awardJudgedPoints(ctx, what(action)),
  attachToPlayer: (ctx, action) => attachToPlayer(ctx, what(action)),
  detachFromPlayer: (ctx, action) => detachFromPlayer(ctx, what(action), false),
  removePlayerObjects: (ctx, action) => detachFromPlayer(ctx, what(action), true),

  // World state
  giveToWorld: (ctx, action) => changeWorld(ctx, action, '+'),
  takeFromWorld: (ctx, action) => changeWorld(ctx, action, '-'),
  setOnWorld: (ctx, action) => changeWorld(ctx, action, modeOf(action, '=')),
  attachToWorld: (ctx, action) => attachToWorld(ctx, what(action)),
  detachFromWorld: (ctx, action) => detachFromWorld(ctx, what(action), false),
  returnToWorld: (ctx, action) => returnToWorld(ctx, what(action)),
  removeFromWorld: (ctx, action) => detachFromWorld(ctx, what(action), true),

  // Scene and game
  enableScene: (ctx, action) => setEnabled(ctx, action, true),
  disableScene: (ctx, action) => setEnabled(ctx, action, false),
  goToScene: (ctx, action) => goToScene(ctx, what(action)),
  endGame: (ctx, action) => finishGame(ctx, false, messageOf(action)),
  completeGame: (ctx, action) => finishGame(ctx, true, messageOf(action)),
  setBackground: (ctx, action) => {
    const mediaId = what(action);
    setWorld(ctx, 'background', mediaId);
    emit(ctx, { action: 'setBackground', mediaId });
  },
  resetBackground: (ctx) => {
    setWorld(ctx, 'background', null);
    emit(ctx, { action: 'resetBackground' });
  },

  // Object
  pickObject: (ctx, action, scope) => pickCurrent(ctx, action, scope, false),
  pickObjectClone: (ctx, action, scope) => pickCurrent(ctx, action, scope, true),
  destroyObject: (ctx, action, scope) => {
    const ref = currentObject(ctx, action, scope);
    const thing = ref && resolveRef(ctx, ref);
    if (ref && !thing) return note(ctx, `destroyObject: ${ref.id} no longer exists`);
    if (thing) destroyThing(ctx, thing);
  },
  showObject: (ctx, action, scope) => {
    const ref = currentObject(ctx, action, scope);
    if (ref) emit(ctx, { action: 'showObject', objectId: ref.id, blocking: true });
  },
  mutateObject: (ctx, action, scope) => {
    const ref = currentObject(ctx, action, scope);
    if (ref) mutateObject(ctx, ref, what(action), action.actionArgs?.value, action.actionArgs?.numberPropHow);
  },

  // Conversation
  sayStatement: (ctx, action, scope) => sayStatement(ctx, what(action), scope.conversationId, action.actorId),
  exitConversation: (ctx, action, scope) => closeConversation(ctx, scope.conversationId, false, action.actorId),
  completeConversation: (ctx, action, scope) => closeConversation(ctx, scope.conversationId, true, action.actorId),

  // The clock (issue 28).
  startTimer: (ctx, action) => startTimer(ctx, what(action), amountOf(action) ?? 0),
  stopTimer: (ctx, action) => stopTimer(ctx, what(action)),
  addTime: (ctx, action) => {
    const minutes = amountOf(action);
    if (minutes === null) return note(ctx, 'addTime: the minutes are not a number');
    addTime(ctx, minutes);
  },
};

function isCharacter(actorId: string | undefined): actorId is string {
  return Boolean(actorId) && actorId !== 'system' && actorId !== 'player' && actorId !== 'world';
}

function pickCurrent(ctx: StepContext, action: Action, scope: ActionScope, clone: boolean): void {
  const ref = currentObject(ctx, action, scope);
  if (!ref) return;
  const thing = resolveRef(ctx, ref);
  if (!thing) return note(ctx, `${action.actionName}: ${ref.id} no longer exists`);
  pickThing(ctx, thing, clone);
}

/**
 * Runs an action list in order. At most one blocking output comes out of one
 * list (spec 2 §5): once a blocking action has shown something, later
 * blocking actions of the list are skipped (and noted in the trace).
 */
export function runActions(ctx: StepContext, actions: readonly Action[], scope: ActionScope = {}): void {
  let blocked = false;
  ctx.depth += 1;
  try {
    for (const action of actions) {
      const name = action?.actionName;
      if (typeof name !== 'string' || !isActionName(name)) {
        note(ctx, `Unknown action ${String(name)}`);
        continue;
      }
      const blocking = ACTIONS[name].blocking;
      if (blocking && blocked) {
        note(ctx, `${name} skipped: at most one blocking action per list`);
        continue;
      }
      const before = ctx.outputs.length;
      HANDLERS[name](ctx, action, scope);
      if (!blocked) {
        for (let i = before; i < ctx.outputs.length; i++) if (ctx.outputs[i]!.blocking) blocked = true;
      }
    }
  } finally {
    ctx.depth -= 1;
  }
}
