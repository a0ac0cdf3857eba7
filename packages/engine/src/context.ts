import type { EngineText, EngineTextKey, GameSpec, Limit } from '@loci/domain';
import type { CompiledSpec } from './compile.js';
import type { EvalContext, ObjectRef } from './conditions.js';
import { engineText } from './errors.js';
import type {
  AnalyticsRecord,
  EngineErrorCode,
  EngineEvent,
  InstanceState,
  Output,
  PlayerState,
  RecordName,
  RuleTrace,
  StepTrace,
  UsageLog,
  WorldState,
} from './types.js';

/**
 * Everything one step works on. The state is copied on write: the player and
 * world objects are shallow copies made at first change, and each of their
 * records is copied once (`playerRecord`, `worldRecord`) before its first
 * change; entries are replaced, never changed in place. The input state is
 * therefore never mutated, and a step costs what it changes, not the state's size.
 */
export class StepContext implements EvalContext {
  readonly outputs: Output[] = [];
  readonly records: AnalyticsRecord[] = [];
  readonly trace: StepTrace = { rules: [], notes: [] };
  /** The acting player's state: a shallow copy of the original, written through the helpers below. */
  player: PlayerState;
  world: WorldState;
  currentObject: ObjectRef | null = null;
  momentaryCode: string | null = null;
  readonly nowMs: number;
  /** State parts changed since the last evaluation of triggers (see DIRTY), for any element. */
  dirty = 0;
  /** State parts changed for some elements only (`dirtyElements` says which): a location entered, an item given. */
  preciseDirty = 0;
  /** '{bit}:{elementId}' of each element changed under `preciseDirty`. */
  dirtyElements: Set<string> | null = null;
  /** The player's state was changed. */
  playerChanged = false;
  worldChanged = false;
  /** Records of the player and the world already copied in this step. */
  playerCopied: Set<keyof PlayerState> | null = null;
  worldCopied: Set<keyof WorldState> | null = null;
  /** The trace entry of the rule whose actions run now, for notes. */
  ruleTrace: RuleTrace | null = null;
  /** Nesting of action lists being run (0 = handling the event itself). */
  depth = 0;
  /** The event itself was refused: the step returns the state it was given. */
  refused = false;
  /** List every live rule in the trace (StepOptions.traceAllRules). */
  traceAllRules = false;
  /**
   * In a game played in teams, the member acting for the team now (games played in teams): the event's member (the
   * server sets it on a member's event), or the member an operator's teleport places while it runs. Records name
   * them; a location moves their own position.
   */
  member: { id: string; name: string } | undefined;
  private whenText: string | null = null;

  constructor(
    readonly spec: GameSpec,
    readonly c: CompiledSpec,
    /** The state the step started from (never mutated). */
    readonly original: InstanceState,
    readonly event: EngineEvent,
    readonly playerId: string,
    readonly now: Date,
    readonly random: () => number,
  ) {
    this.player = { ...original.players[playerId]! };
    this.member = (event as { member?: { id: string; name: string } }).member;
    this.world = original.world;
    this.nowMs = now.getTime();
  }

  /** The step's time as ISO text, made only when something records it (most location updates record nothing). */
  get when(): string {
    return (this.whenText ??= this.now.toISOString());
  }
}

type RecordKeys<T> = { [K in keyof T]-?: T[K] extends Record<string, unknown> | unknown[] ? K : never }[keyof T];

/** The player's record (or list) `key`, copied at its first change in this step: safe to write into. */
export function playerRecord<K extends RecordKeys<PlayerState>>(ctx: StepContext, key: K): PlayerState[K] {
  ctx.playerChanged = true;
  const copied = (ctx.playerCopied ??= new Set());
  if (!copied.has(key)) {
    const value = ctx.player[key];
    ctx.player[key] = (Array.isArray(value) ? [...value] : { ...value }) as PlayerState[K];
    copied.add(key);
  }
  return ctx.player[key];
}

/** Sets a field of the player. */
export function setPlayer<K extends keyof PlayerState>(ctx: StepContext, key: K, value: PlayerState[K]): void {
  if (ctx.player[key] === value) return;
  ctx.playerChanged = true;
  ctx.player[key] = value;
  // A record set anew belongs to this step: later writes need not copy it again.
  if (value !== null && typeof value === 'object') (ctx.playerCopied ??= new Set()).add(key);
}

function draftWorld(ctx: StepContext): WorldState {
  if (!ctx.worldChanged) {
    ctx.world = { ...ctx.world };
    ctx.worldChanged = true;
  }
  return ctx.world;
}

/** The world's record `key`, copied at its first change in this step: safe to write into. */
export function worldRecord<K extends RecordKeys<WorldState>>(ctx: StepContext, key: K): WorldState[K] {
  const world = draftWorld(ctx);
  const copied = (ctx.worldCopied ??= new Set());
  if (!copied.has(key)) {
    world[key] = { ...world[key] } as WorldState[K];
    copied.add(key);
  }
  return world[key];
}

/** Sets a field of the world. */
export function setWorld<K extends keyof WorldState>(ctx: StepContext, key: K, value: WorldState[K]): void {
  if (ctx.world[key] === value) return;
  draftWorld(ctx)[key] = value;
  if (value !== null && typeof value === 'object') (ctx.worldCopied ??= new Set()).add(key);
}

/** Marks parts of the state as changed, so the triggers reading them are evaluated again. */
export function markDirty(ctx: StepContext, bits: number): void {
  ctx.dirty |= bits;
}

/** The key of one element's part of the state in `dirtyElements`. */
export function elementKey(bit: number, elementId: string): string {
  return `${bit}:${elementId}`;
}

/**
 * Marks one element's part of the state as changed (one location, one item):
 * only triggers about that element are evaluated again — the reason a step
 * that crosses one geofence of fifty evaluates only the rules about it.
 */
export function markElementDirty(ctx: StepContext, bit: number, elementId: string): void {
  ctx.preciseDirty |= bit;
  (ctx.dirtyElements ??= new Set()).add(elementKey(bit, elementId));
}

/** Blocking outputs the app answers with an event; they wait in the player's `pending` list until then. */
const AWAITING = new Set<Output['action']>([
  'showInfo',
  'askQuestion',
  'askQuiz',
  'askConfirmation',
  'startConversation',
  'resumeConversation',
  'sayStatement',
  'showObject',
]);

const sameSubject = (a: Output, b: Output) =>
  a.action === b.action && a.interactionId === b.interactionId && a.objectId === b.objectId;

/** Adds an output for the acting player; a blocking one that awaits an answer also waits in `pending`. */
export function emit(ctx: StepContext, output: Omit<Output, 'playerId'>): Output {
  const full: Output = { playerId: ctx.playerId, ...output };
  ctx.outputs.push(full);
  if (full.blocking && AWAITING.has(full.action)) {
    settlePending(ctx, (waiting) => sameSubject(waiting, full));
    playerRecord(ctx, 'pending').push(full);
  }
  return full;
}

/** Removes the pending blocking outputs `matches` selects (the player answered them). */
export function settlePending(ctx: StepContext, matches: (output: Output) => boolean): void {
  if (!ctx.player.pending.some(matches)) return;
  const pending = playerRecord(ctx, 'pending');
  const kept = pending.filter((output) => !matches(output));
  pending.length = 0;
  pending.push(...kept);
}

/** Refuses player input: an error output, no exception. */
export function refuse(
  ctx: StepContext,
  errorCode: EngineErrorCode,
  /** What the refusal says when it says more than its code (domain protocol/engine-texts.ts). */
  text: { key: EngineTextKey; values?: EngineText['values'] } = { key: errorCode },
): void {
  // Refused inside an action list (a rule picking an exhausted offer), the rest of the step stands.
  if (ctx.depth === 0) ctx.refused = true;
  ctx.outputs.push({
    playerId: ctx.playerId,
    action: 'error',
    errorCode,
    ...engineText(text.key, text.values),
  });
}

/** Adds an analytics record for the acting player. */
export function addRecord(
  ctx: StepContext,
  name: RecordName,
  fields: Omit<AnalyticsRecord, 'name' | 'playerId' | 'when'>,
): void {
  const member = ctx.member;
  ctx.records.push({ name, playerId: ctx.playerId, when: ctx.when, ...fields, ...(member ? { member } : {}) });
}

/** A note in the trace: on the rule whose actions run, else on the step. */
export function note(ctx: StepContext, text: string): void {
  if (ctx.ruleTrace) (ctx.ruleTrace.notes ??= []).push(text);
  else ctx.trace.notes.push(text);
}

// ─── Usage logs and limits ──────────────────────────────────────────────────

const WINDOW_MS: Record<Limit['timeUnit'], number> = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  total: Number.POSITIVE_INFINITY,
};
const KEEP_MS = WINDOW_MS.day;

/** How many uses a log holds within the limit's time window ending now. */
export function usesWithin(log: UsageLog | undefined, unit: Limit['timeUnit'], nowMs: number): number {
  if (!log) return 0;
  if (unit === 'total') return log.total;
  const since = nowMs - WINDOW_MS[unit];
  let n = 0;
  for (const time of log.recent) if (time > since) n++;
  return n;
}

/** True when `limit` is on and its window already holds `maxItems` uses. */
export function limitReached(limit: Limit, log: UsageLog | undefined, nowMs: number): boolean {
  if (!limit.enabled || limit.maxItems === null) return false;
  return usesWithin(log, limit.timeUnit, nowMs) >= limit.maxItems;
}

/** Logs one use of `defId` (creating, picking, dropping or destroying), keeping a day of times. */
export function logUse(ctx: StepContext, key: 'created' | 'picked' | 'dropped' | 'destroyed', defId: string): void {
  const logs = playerRecord(ctx, key);
  const previous = logs[defId];
  const since = ctx.nowMs - KEEP_MS;
  logs[defId] = {
    total: (previous?.total ?? 0) + 1,
    recent: [...(previous?.recent.filter((time) => time > since) ?? []), ctx.nowMs],
    firstWhen: previous?.firstWhen ?? ctx.when,
  };
}

/** A fresh id for something the acting player brings into being: '{playerId}-{n}'. */
export function nextId(ctx: StepContext): string {
  const seq = ctx.player.seq + 1;
  setPlayer(ctx, 'seq', seq);
  let id = `${ctx.playerId}-${seq}`;
  // Never reuse an id of the world or the backpack (a designer may have used the same pattern).
  let n = seq;
  while (id in ctx.world.objects || id in ctx.world.offers || id in ctx.player.objects) {
    n += 1;
    id = `${ctx.playerId}-${n}`;
    setPlayer(ctx, 'seq', n);
  }
  return id;
}
