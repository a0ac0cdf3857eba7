import {
  DIRECT_CONTACT_EVENT_TYPE,
  isAcceptedAfterEnd,
  isAllowedByEndPolicies,
  mayRunOnCompletedInstance,
  OPERATOR_EVENT_TYPES,
  PLAYER_EVENT_TYPES,
  TEXT_CODE_EVENT_TYPE,
  type GameSpec,
} from '@loci/domain';
import { handleLocation, interact } from './contact.js';
import { handleOption } from './conversation-options.js';
import { compileSpec } from './compile.js';
import { DIRTY, DIRTY_ALL, DIRTY_WORLD, normalizeCode } from './conditions.js';
import { markDirty, playerRecord, refuse, setPlayer, StepContext } from './context.js';
import { parseDeepLink } from './deep-link.js';
import { EngineError, engineText, type ENGINE_MESSAGES } from './errors.js';
import { isValidLatLng } from './geo.js';
import { handleAnswer, handleConfirm, handleSeen } from './interactions.js';
import { handleRedeemAsset } from './market.js';
import { applyRescue } from './rescue.js';
import { handleJudgement, handleSubmission } from './missions.js';
import {
  findThing,
  handleCreate,
  handleDestroy,
  handleDrop,
  handleOfferPick,
  handleOfferRedeem,
  handlePick,
} from './objects.js';
import { enterScene, firstScene } from './scenes.js';
import { settle } from './settle.js';
import { joinPlayer } from './state.js';
import { catchUpClock, clockIsDue, clockStep, startClock, timeUpIfDue, usesClock } from './clock.js';
import { handleLeave, handlePause } from './status.js';
import { handleTrade } from './trade-event.js';
import type {
  EngineEvent,
  InstanceState,
  InstanceStatus,
  OperatorEvent,
  Output,
  PlayerEvent,
  StepOptions,
  StepResult,
  StepTrace,
  WorldState,
} from './types.js';

const PLAYER_EVENTS = new Set<string>(PLAYER_EVENT_TYPES);
const OPERATOR_EVENTS = new Set<string>(OPERATOR_EVENT_TYPES);

/** A deterministic stand-in for `random` when none is given (no semantics draws randomness yet). */
const noRandom = () => 0.5;

/**
 * One step of a game instance: applies `event` at `now` to `state` and
 * returns the new state (the given one is never mutated), what the player's
 * app must show, the analytics records and a trace of the rules evaluated.
 * Player input never throws: a refusal is an 'error' output with the state
 * unchanged. It throws an EngineError only when called wrongly (an event for
 * a player not in the instance, an invalid clock).
 */
export function step(
  spec: GameSpec,
  state: InstanceState,
  event: EngineEvent,
  now: Date,
  random: () => number = noRandom,
  options: StepOptions = {},
): StepResult {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new EngineError('now must be a valid Date');
  const type = (event as { type?: unknown } | null)?.type;
  if (type === 'rescue') return rescueStep(spec, state, event as RescueEvent, now, random, options);
  if (type === 'tick') return tickStep(spec, state, event as TickEvent, now, random, options);
  if (type === 'clock') return clockStep(spec, state, event as ClockEvent, now);
  if (type === 'judge') return judgeStep(spec, state, event as JudgeStepEvent, now, random, options);
  if (typeof type === 'string' && OPERATOR_EVENTS.has(type)) {
    return operatorStep(
      spec,
      state,
      event as Exclude<OperatorEvent, RescueEvent | TickEvent | ClockEvent | JudgeStepEvent>,
      now.toISOString(),
    );
  }
  const playerId = (event as { playerId?: unknown } | null)?.playerId;
  if (typeof playerId !== 'string' || playerId === '') throw new EngineError('A player event needs a playerId');
  if (typeof type !== 'string' || !PLAYER_EVENTS.has(type)) {
    return refusal(state, playerId, 'INVALID_EVENT');
  }
  const playerEvent = event as PlayerEvent;

  // A refusal below answers the state from before a `start` joined the player: a refused start adds nobody.
  const beforeJoin = state;
  if (playerEvent.type === 'start' && !state.players[playerId]) {
    state = joinPlayer(spec, state, { id: playerId, name: playerEvent.name }, now);
  }
  const player = state.players[playerId];
  if (!player) throw new EngineError(`Player ${playerId} is not in this instance`);

  const c = compileSpec(spec);
  if (state.world.status === 'active' && c.playingPeriodEnd !== null && c.playingPeriodEnd < now.getTime()) {
    // The playing period is over: the instance expires on the first event after its end.
    const world: WorldState = {
      ...state.world,
      status: 'expired',
      statusWhen: now.toISOString(),
      revision: state.world.revision + 1,
    };
    return refusal({ ...beforeJoin, world }, playerId, 'GAME_NOT_ACTIVE');
  }
  if (state.world.status === 'terminated' || state.world.status === 'expired' || state.world.status === 'abandoned') {
    return refusal(beforeJoin, playerId, 'GAME_NOT_ACTIVE');
  }
  if ((state.world.status === 'completed' || player.finished) && !isAcceptedAfterEnd(type)) {
    // Offers and the market too, when the end policies allow them.
    if (!mayRunOnCompletedInstance(type)) return refusal(beforeJoin, playerId, 'GAME_OVER');
    if (!isAllowedByEndPolicies(playerEvent, c.afterEnd)) return refusal(beforeJoin, playerId, 'NOT_AFTER_END');
  }
  if (player.status === 'left game' && type !== 'start') return refusal(state, playerId, 'LEFT_GAME');
  // A trade is accepted by the other player: a paused player's side of it still happens.
  const passive = type === 'resume' || type === 'leave' || type === 'trade' || type === 'chat';
  if (player.status === 'paused' && !passive) return refusal(state, playerId, 'PAUSED');
  if (player.startedWhen === null && type !== 'start' && type !== 'leave')
    return refusal(state, playerId, 'NOT_STARTED');

  const ctx = new StepContext(spec, c, state, event, playerId, now, random);
  ctx.traceAllRules = options.traceAllRules === true;
  // Another player changed the world since this one last looked: world conditions may have changed.
  if (player.worldRevision !== state.world.revision) markDirty(ctx, DIRTY_WORLD);

  // The clock (issue 28): time passed since the last step (time conditions are read again), and what came
  // due before this event (a timer, time up) happens first — the server's tick may not have come yet.
  if (usesClock(c) || player.clock) {
    if (clockIsDue(player, state, now.getTime())) {
      catchUpClock(ctx);
      settle(ctx);
      if (timeUpIfDue(ctx)) settle(ctx);
      // Time is up and the game ended: the event comes too late (as after any end).
      if (ctx.player.finished && !isAcceptedAfterEnd(type)) return finish(ctx);
    } else {
      markDirty(ctx, DIRTY.time);
    }
  }

  handlePlayerEvent(ctx, playerEvent);
  if (ctx.refused) return { state, outputs: ctx.outputs.filter(isError), records: [], trace: ctx.trace };
  settle(ctx);
  return finish(ctx);
}

const isError = (output: Output) => output.action === 'error';

type RescueEvent = Extract<OperatorEvent, { type: 'rescue' }>;
type TickEvent = Extract<OperatorEvent, { type: 'tick' }>;
type ClockEvent = Extract<OperatorEvent, { type: 'clock' }>;
type JudgeStepEvent = Extract<OperatorEvent, { type: 'judge' }>;

/**
 * An organiser's verdict on a submission (issue 29, missions.ts `handleJudgement`): stepped for the
 * submission's player whatever their status (a verdict may come after the game ended for them); then the
 * rules settle as after any event. A refusal (unknown mission) changes nothing.
 */
function judgeStep(
  spec: GameSpec,
  state: InstanceState,
  event: JudgeStepEvent,
  now: Date,
  random: () => number,
  options: StepOptions,
): StepResult {
  const player = state.players[event.playerId];
  if (!player) throw new EngineError(`Player ${event.playerId} is not in this instance`);
  const ctx = new StepContext(spec, compileSpec(spec), state, event, event.playerId, now, random);
  ctx.traceAllRules = options.traceAllRules === true;
  if (player.worldRevision !== state.world.revision) markDirty(ctx, DIRTY_WORLD);
  handleJudgement(ctx, event);
  if (ctx.refused) return { state, outputs: ctx.outputs.filter(isError), records: [], trace: ctx.trace };
  settle(ctx);
  return finish(ctx);
}

/**
 * The server's clock says the player's time is due (issue 28, clock.ts): timers
 * that came due run out, the time conditions are evaluated at `now` and the
 * rules settle; then, when time is up, the game ends for the player (unless
 * the game leaves it to the rules) and the rules settle again. A tick for a
 * player whose game is over, who left, or on an instance that is not active
 * changes nothing.
 */
function tickStep(
  spec: GameSpec,
  state: InstanceState,
  event: TickEvent,
  now: Date,
  random: () => number,
  options: StepOptions,
): StepResult {
  const player = state.players[event.playerId];
  if (!player) throw new EngineError(`Player ${event.playerId} is not in this instance`);
  const idle = (): StepResult => ({ state, outputs: [], records: [], trace: emptyTrace() });
  if (state.world.status !== 'active' || player.finished || player.status === 'left game') return idle();
  if (player.startedWhen === null) return idle();
  const ctx = new StepContext(spec, compileSpec(spec), state, event, event.playerId, now, random);
  ctx.traceAllRules = options.traceAllRules === true;
  if (player.worldRevision !== state.world.revision) markDirty(ctx, DIRTY_WORLD);
  catchUpClock(ctx);
  settle(ctx);
  if (timeUpIfDue(ctx)) settle(ctx);
  return finish(ctx);
}

/**
 * An operator's rescue of one player (whatever their status): the actions run
 * with the engine's action machinery, then the rules settle as after any event.
 */
function rescueStep(
  spec: GameSpec,
  state: InstanceState,
  event: RescueEvent,
  now: Date,
  random: () => number,
  options: StepOptions,
): StepResult {
  const player = state.players[event.playerId];
  if (!player) throw new EngineError(`Player ${event.playerId} is not in this instance`);
  const ctx = new StepContext(spec, compileSpec(spec), state, event, event.playerId, now, random);
  ctx.traceAllRules = options.traceAllRules === true;
  if (player.worldRevision !== state.world.revision) markDirty(ctx, DIRTY_WORLD);
  applyRescue(ctx, Array.isArray(event.actions) ? event.actions : []);
  settle(ctx);
  return finish(ctx);
}

function handlePlayerEvent(ctx: StepContext, event: PlayerEvent): void {
  switch (event.type) {
    case 'start':
      return handleStart(ctx);
    case 'location':
      if (!isValidLatLng(event.latitude, event.longitude)) return refuse(ctx, 'INVALID_EVENT');
      if (event.accuracy !== undefined && !(typeof event.accuracy === 'number' && event.accuracy >= 0)) {
        return refuse(ctx, 'INVALID_EVENT');
      }
      return handleLocation(ctx, event.latitude, event.longitude, event.accuracy);
    case 'code':
      return handleCode(ctx, event.code);
    case 'seen':
      if (!isId(event.interactionId)) return refuse(ctx, 'INVALID_EVENT');
      return handleSeen(ctx, event.interactionId);
    case 'answer':
      if (!isId(event.interactionId)) return refuse(ctx, 'INVALID_EVENT');
      return handleAnswer(ctx, event.interactionId, event.questionId, event.answer);
    case 'confirm':
      if (!isId(event.interactionId)) return refuse(ctx, 'INVALID_EVENT');
      return handleConfirm(ctx, event.interactionId, event.approved);
    case 'option':
      if (!isId(event.interactionId)) return refuse(ctx, 'INVALID_EVENT');
      return handleOption(ctx, event.interactionId, event.statementId, event.optionId);
    case 'contact':
    case 'act':
      if (!isId(event.objectId)) return refuse(ctx, 'INVALID_EVENT');
      return interact(ctx, event.objectId, event.type);
    case 'pick':
      if (!isId(event.objectId)) return refuse(ctx, 'INVALID_EVENT');
      return handlePick(ctx, event.objectId);
    case 'drop':
      if (!isId(event.objectId)) return refuse(ctx, 'INVALID_EVENT');
      return handleDrop(ctx, event.objectId);
    case 'destroy':
      if (!isId(event.objectId)) return refuse(ctx, 'INVALID_EVENT');
      return handleDestroy(ctx, event.objectId);
    case 'create':
      if (!isId(event.archetypeId)) return refuse(ctx, 'INVALID_EVENT');
      return handleCreate(ctx, event.archetypeId, event.payload, event.latitude, event.longitude);
    case 'offer':
      if (!isId(event.objectId)) return refuse(ctx, 'INVALID_EVENT');
      if (event.action === 'pick') return handleOfferPick(ctx, event.objectId);
      if (event.action === 'redeem') return handleOfferRedeem(ctx, event.objectId);
      return refuse(ctx, 'INVALID_EVENT');
    case 'redeem':
      if (!isId(event.assetId)) return refuse(ctx, 'INVALID_EVENT');
      return handleRedeemAsset(ctx, event.assetId);
    case 'submission':
      if (!isId(event.missionId)) return refuse(ctx, 'INVALID_EVENT');
      return handleSubmission(ctx, event.missionId, event.text, event.mediaId, event.mediaType);
    case 'pause':
      return handlePause(ctx, true);
    case 'resume':
      return handlePause(ctx, false);
    case 'trade':
      return handleTrade(ctx, event);
    case 'leave':
      return handleLeave(ctx);
    case 'chat':
      // A message (issue 29): kept by the server with the event's write; nothing of the game changes.
      return;
  }
}

const isId = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The `start` event: the player starts in the scene the settings choose, or the first enabled non-universe one of the designer's order. */
function handleStart(ctx: StepContext): void {
  if (ctx.player.status === 'left game') {
    // Coming back to a shared instance.
    setPlayer(ctx, 'status', 'playing');
    setPlayer(ctx, 'statusWhen', ctx.when);
  }
  if (ctx.player.startedWhen !== null) return;
  setPlayer(ctx, 'startedWhen', ctx.when);
  startClock(ctx);
  markDirty(ctx, DIRTY.game | DIRTY_ALL);
  const sceneId = firstScene(ctx);
  if (sceneId) enterScene(ctx, sceneId);
}

/**
 * The `code` event: a code typed or scanned. A deep link
 * (gameplay/{gameId}/{sceneId|any}/{eventType}/{eventName}/{objectId}) of
 * event type 'de' (direct contact) or 'do' contacts its object; any other
 * deep link counts as its event name typed. A plain code that is the id of a
 * world object or offer (the in-app text code of 'do') contacts it too.
 */
function handleCode(ctx: StepContext, code: unknown): void {
  if (typeof code !== 'string' || code.trim() === '') return refuse(ctx, 'INVALID_EVENT');
  const link = parseDeepLink(code);
  let typed = code.trim();
  if (link) {
    if (ctx.c.gameId && link.gameId !== ctx.c.gameId) return refuse(ctx, 'WRONG_GAME');
    if (link.eventType === DIRECT_CONTACT_EVENT_TYPE || link.eventType === TEXT_CODE_EVENT_TYPE) {
      return interact(ctx, link.objectId, 'contact');
    }
    typed = link.eventName;
  }
  const normalized = normalizeCode(typed);
  if (!(normalized in ctx.player.codes)) playerRecord(ctx, 'codes')[normalized] = ctx.when;
  ctx.momentaryCode = normalized;
  markDirty(ctx, DIRTY.code);
  if (!link && findThing(ctx, typed)) interact(ctx, typed, 'contact', true);
}

/** Assembles the step's result: the new state if anything changed, else the given one. */
function finish(ctx: StepContext): StepResult {
  const original = ctx.original;
  let world = ctx.world;
  if (ctx.worldChanged) world.revision = original.world.revision + 1;
  else world = original.world;
  if (ctx.player.worldRevision !== world.revision) setPlayer(ctx, 'worldRevision', world.revision);
  if (!ctx.playerChanged && !ctx.worldChanged) {
    return { state: original, outputs: ctx.outputs, records: ctx.records, trace: ctx.trace };
  }
  const players = ctx.playerChanged ? { ...original.players, [ctx.playerId]: ctx.player } : original.players;
  return { state: { ...original, world, players }, outputs: ctx.outputs, records: ctx.records, trace: ctx.trace };
}

function refusal(state: InstanceState, playerId: string, errorCode: keyof typeof ENGINE_MESSAGES): StepResult {
  return {
    state,
    outputs: [{ playerId, action: 'error', errorCode, ...engineText(errorCode) }],
    records: [],
    trace: emptyTrace(),
  };
}

const emptyTrace = (): StepTrace => ({ rules: [], notes: [] });

/**
 * Operator events: a message to one player or all, terminating or expiring
 * the instance (every player is told the game ended), approving or rejecting
 * a player-made object of a moderated type.
 */
function operatorStep(
  _spec: GameSpec,
  state: InstanceState,
  event: Exclude<OperatorEvent, RescueEvent | TickEvent | ClockEvent | JudgeStepEvent>,
  when: string,
): StepResult {
  const present = Object.values(state.players).filter((player) => player.status !== 'left game');
  switch (event.type) {
    case 'message': {
      if (typeof event.message !== 'string' || event.message.trim() === '') return refusal(state, '', 'INVALID_EVENT');
      const to = event.playerId ? present.filter((player) => player.id === event.playerId) : present;
      return {
        state,
        outputs: to.map((player) => ({ playerId: player.id, action: 'showNotification', message: event.message })),
        records: [],
        trace: emptyTrace(),
      };
    }
    case 'terminate':
    case 'expire': {
      const status: InstanceStatus = event.type === 'terminate' ? 'terminated' : 'expired';
      if (state.world.status === 'terminated' || state.world.status === status) {
        return { state, outputs: [], records: [], trace: emptyTrace() };
      }
      const world: WorldState = { ...state.world, status, statusWhen: when, revision: state.world.revision + 1 };
      const said = engineText(status === 'terminated' ? 'gameTerminated' : 'gameExpired');
      return {
        state: { ...state, world },
        outputs: present.map((player) => ({ playerId: player.id, action: 'endGame', ...said })),
        records: [],
        trace: emptyTrace(),
      };
    }
    case 'approve': {
      const object = state.world.objects[event.objectId];
      if (!object || typeof event.approved !== 'boolean') return refusal(state, '', 'UNKNOWN_OBJECT');
      if (object.approved === event.approved) return { state, outputs: [], records: [], trace: emptyTrace() };
      const world: WorldState = {
        ...state.world,
        objects: { ...state.world.objects, [object.id]: { ...object, approved: event.approved } },
        revision: state.world.revision + 1,
      };
      return { state: { ...state, world }, outputs: [], records: [], trace: emptyTrace() };
    }
  }
}
