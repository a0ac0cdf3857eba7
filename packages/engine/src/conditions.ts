import {
  CONDITION_TYPES,
  isConditionType,
  parseTimeOfDay,
  type Condition,
  type ConditionBlock,
  type ConditionType,
} from '@loci/domain';
import type { CompiledSpec } from './compile.js';
import {
  isTimeUp,
  minutesLeft,
  missionSinceMs,
  playedMinutes,
  sceneSinceMs,
  timeOfDayInstant,
  timerName,
  wholeMinutes,
} from './clock-time.js';
import type { BlockFailure, PlayerState, WorldState } from './types.js';

/** The object a player is contacting or acting on during a step (player-current-object, object actions). */
export interface ObjectRef {
  kind: 'object' | 'offer';
  /** The instance id (world object, owned object or world offer). */
  id: string;
  /** Its archetype id or offer id. */
  defId: string;
  where: 'world' | 'owned';
}

/** What a condition reads. */
export interface EvalContext {
  c: CompiledSpec;
  player: PlayerState;
  world: WorldState;
  currentObject: ObjectRef | null;
  /** The code typed or scanned by the event being handled (for code triggers), normalised. */
  momentaryCode: string | null;
  /** The step's time (epoch ms), for the clock's conditions (issue 28). */
  nowMs: number;
}

// ─── Dependencies (dirty bits) ──────────────────────────────────────────────

/**
 * One bit per part of the state a condition type reads. A step marks the
 * parts it changes; only triggers, milestones and mission conditions that
 * read a changed part are evaluated again — the reason location updates
 * that cross no geofence cost almost nothing.
 */
export const DIRTY = {
  scene: 1 << 0,
  location: 1 << 1,
  item: 1 << 2,
  attribute: 1 << 3,
  info: 1 << 4,
  question: 1 << 5,
  quiz: 1 << 6,
  confirmation: 1 << 7,
  conversation: 1 << 8,
  mission: 1 << 9,
  object: 1 << 10,
  offer: 1 << 11,
  code: 1 << 12,
  game: 1 << 13,
  currentObject: 1 << 14,
  worldItem: 1 << 15,
  worldObject: 1 << 16,
  status: 1 << 17,
  milestone: 1 << 18,
  /** The clock (issue 28): time passed, a timer started, stopped or ran out. Marked on every step. */
  time: 1 << 19,
} as const;
export const DIRTY_ALL = (1 << 20) - 1;
/** What another player's changes to the world may have changed for this one. */
export const DIRTY_WORLD = DIRTY.worldItem | DIRTY.worldObject | DIRTY.status;

const DEPENDS_ON: Record<ConditionType, number> = {
  'player-scene': DIRTY.scene,
  'player-location': DIRTY.location,
  'player-item': DIRTY.item,
  'player-some-item': DIRTY.item,
  'player-some-currency': DIRTY.item,
  'player-attribute': DIRTY.attribute,
  'player-info': DIRTY.info,
  'player-question': DIRTY.question,
  'player-quiz': DIRTY.quiz,
  'player-confirmation': DIRTY.confirmation,
  'player-conversation': DIRTY.conversation,
  'player-mission': DIRTY.mission,
  'player-object': DIRTY.object,
  'player-offer': DIRTY.offer,
  'player-code': DIRTY.code,
  'player-game': DIRTY.game,
  'player-current-object': DIRTY.currentObject,
  'world-item': DIRTY.worldItem,
  'world-some-item': DIRTY.worldItem,
  'world-object': DIRTY.worldObject,
  'game-status': DIRTY.status,
  milestone: DIRTY.milestone,
  'player-clock': DIRTY.time,
  'clock-time': DIRTY.time,
  // Entering a scene or being given a mission starts their clocks.
  'player-scene-time': DIRTY.time | DIRTY.scene,
  'player-mission-time': DIRTY.time | DIRTY.mission,
  'player-timer': DIRTY.time,
};

// ─── Compiled conditions ────────────────────────────────────────────────────

export type Test = (ctx: EvalContext) => boolean;

export interface CompiledCondition {
  source: Condition;
  /** The dirty bits whose change may change its value. */
  mask: number;
  test: Test;
  /** A design problem found while compiling (unknown type or verb); the condition then never holds. */
  problem?: string;
}

/** Blocks of conditions: AND inside a block, OR across blocks; no block at all holds. */
export interface CompiledBlocks {
  blocks: CompiledCondition[][];
  mask: number;
}

export const ALWAYS: CompiledBlocks = { blocks: [], mask: 0 };

const NEVER: Test = () => false;

/** Compares a count with a condition's some/someNumber (at least 1 when they are missing). */
export function compareSome(value: number, some: string | undefined, someNumber: number | undefined): boolean {
  const n = typeof someNumber === 'number' && Number.isFinite(someNumber) ? someNumber : 1;
  switch (some) {
    case 'at_most':
      return value <= n;
    case 'exact':
      return value === n;
    default:
      return value >= n;
  }
}

const count = (record: Record<string, number>, id: string | undefined): number => (id ? (record[id] ?? 0) : 0);

/** A numeric reading of an attribute value: numbers as they are, numeric text as its number, other text as 0. */
export function numericValue(value: number | string | undefined): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return 0;
}

/** The normalised form of a code as typed, scanned or designed: trimmed, lower case. */
export function normalizeCode(code: string): string {
  return code.trim().toLowerCase();
}

type PositiveVerbs = (condition: Condition, c: CompiledSpec, trigger: boolean) => Record<string, Test>;

function presence(
  visited: (p: PlayerState) => Record<string, string>,
  isIn: (ctx: EvalContext, id: string) => boolean,
): PositiveVerbs {
  return ({ elementId: id = '' }) => {
    const inside: Test = (ctx) => isIn(ctx, id);
    return {
      has_entered: inside,
      is_currently_in: inside,
      has_exited: (ctx) => id in visited(ctx.player) && !isIn(ctx, id),
      has_visited: (ctx) => id in visited(ctx.player),
    };
  };
}

/** The positive verbs of each condition type; a 'not_' verb is the negation of its positive verb. */
const VERBS: Record<ConditionType, PositiveVerbs> = {
  'player-scene': presence(
    (p) => p.visitedScenes,
    (ctx, id) => ctx.player.currentSceneId === id,
  ),
  'player-location': (condition, c, trigger) => ({
    ...presence(
      (p) => p.visitedLocations,
      (ctx, id) => id in ctx.player.insideLocations,
    )(condition, c, trigger),
    // A team: every member is inside (trackEveryMember); a solo player: they are.
    has_every_member_in: (ctx) =>
      ctx.player.everyMemberIn
        ? (condition.elementId ?? '') in ctx.player.everyMemberIn
        : (condition.elementId ?? '') in ctx.player.insideLocations,
  }),
  'player-item': ({ elementId }) => ({ owns: (ctx) => count(ctx.player.items, elementId) > 0 }),
  'player-some-item': ({ elementId, some, someNumber }) => ({
    owns: (ctx) => compareSome(count(ctx.player.items, elementId), some, someNumber),
  }),
  'player-some-currency': ({ some, someNumber }, c) => ({
    owns: (ctx) => compareSome(count(ctx.player.items, c.currencyItemId ?? undefined), some, someNumber),
  }),
  'player-attribute': ({ elementId: id = '', some, someNumber }) => ({
    is_attributed: (ctx) => {
      const value = ctx.player.attributes[id];
      return typeof value === 'string' ? value.trim() !== '' : (value ?? 0) > 0;
    },
    was_attributed: (ctx) => id in ctx.player.attributedWhen,
    has: (ctx) => compareSome(numericValue(ctx.player.attributes[id]), some, someNumber),
  }),
  'player-info': ({ elementId: id = '' }) => ({ has_seen: (ctx) => Boolean(ctx.player.infos[id]?.seenWhen) }),
  'player-question': ({ elementId: id = '' }) => ({
    has_been_asked: (ctx) => id in ctx.player.questions,
    has_answered: (ctx) => ctx.player.questions[id]?.answered === true,
    has_passed: (ctx) => ctx.player.questions[id]?.passed === true,
    has_failed: (ctx) => ctx.player.questions[id]?.failed === true,
    has_timed_out: (ctx) => Boolean(ctx.player.questions[id]?.timedOutWhen),
  }),
  'player-quiz': ({ elementId: id = '', subElementId }, c) => {
    const questionId =
      subElementId === undefined ? undefined : c.interactions.get(id)?.questionByKey.get(subElementId)?.id;
    if (subElementId !== undefined) {
      // Said of one question of the quiz.
      const question = (ctx: EvalContext) => (questionId ? ctx.player.quizzes[id]?.questions[questionId] : undefined);
      return {
        has_been_asked: (ctx) => id in ctx.player.quizzes && questionId !== undefined,
        has_answered: (ctx) => question(ctx)?.answered === true,
        has_passed: (ctx) => question(ctx)?.passed === true,
        has_failed: (ctx) => question(ctx)?.failed === true,
        has_completed: (ctx) => {
          const progress = question(ctx);
          return progress !== undefined && (progress.passed || progress.failed);
        },
        // Said of the whole quiz (its time limit).
        has_timed_out: (ctx) => Boolean(ctx.player.quizzes[id]?.timedOutWhen),
      };
    }
    return {
      has_been_asked: (ctx) => id in ctx.player.quizzes,
      has_answered: (ctx) => Object.values(ctx.player.quizzes[id]?.questions ?? {}).some((q) => q.answered),
      has_passed: (ctx) => ctx.player.quizzes[id]?.passed === true,
      has_failed: (ctx) => {
        const quiz = ctx.player.quizzes[id];
        return Boolean(quiz?.completedWhen) && !quiz?.passed;
      },
      has_completed: (ctx) => Boolean(ctx.player.quizzes[id]?.completedWhen),
      has_timed_out: (ctx) => Boolean(ctx.player.quizzes[id]?.timedOutWhen),
    };
  },
  'player-confirmation': ({ elementId: id = '' }) => ({
    has_approved: (ctx) => ctx.player.confirmations[id]?.approved === true,
    has_answered: (ctx) => Boolean(ctx.player.confirmations[id]?.answeredWhen),
  }),
  'player-conversation': ({ elementId: id = '' }) => ({
    has_started: (ctx) => id in ctx.player.conversations,
    has_completed: (ctx) => Boolean(ctx.player.conversations[id]?.completedWhen),
    has_talked: (ctx) => ctx.player.conversations[id]?.talked === true,
  }),
  'player-mission': ({ elementId: id = '' }, c) => {
    const sub = c.subMissions.get(id);
    if (sub && !c.missions.has(id)) {
      // A sub-mission: assigned and started with its mission, completed on its own.
      const parent = (ctx: EvalContext) => ctx.player.missions[sub.missionId];
      return {
        has_been_assigned: (ctx) => parent(ctx) !== undefined,
        has_started: (ctx) => Boolean(parent(ctx)?.startedWhen),
        has_completed: (ctx) => Boolean(parent(ctx)?.subMissions[id]),
        // Sub-missions are not judged on their own.
        has_been_approved: () => false,
        has_been_rejected: () => false,
        has_timed_out: (ctx) => Boolean(parent(ctx)?.timedOutWhen),
      };
    }
    return {
      has_been_assigned: (ctx) => id in ctx.player.missions,
      has_started: (ctx) => Boolean(ctx.player.missions[id]?.startedWhen),
      has_completed: (ctx) => Boolean(ctx.player.missions[id]?.completedWhen),
      // Judged submissions (issue 29): the verdict on the last submission.
      has_been_approved: (ctx) => ctx.player.missions[id]?.verdict?.status === 'approved',
      has_been_rejected: (ctx) => ctx.player.missions[id]?.verdict?.status === 'rejected',
      // Time limits on tasks (issue 28).
      has_timed_out: (ctx) => Boolean(ctx.player.missions[id]?.timedOutWhen),
    };
  },
  'player-object': ({ elementId: id = '' }) => ({
    has_created: (ctx) => (ctx.player.created[id]?.total ?? 0) > 0,
    has_picked: (ctx) => (ctx.player.picked[id]?.total ?? 0) > 0,
    has_dropped: (ctx) => (ctx.player.dropped[id]?.total ?? 0) > 0,
    has_destroyed: (ctx) => (ctx.player.destroyed[id]?.total ?? 0) > 0,
    owns: (ctx) => {
      for (const key in ctx.player.objects) if (ctx.player.objects[key]!.archetypeId === id) return true;
      return (ctx.player.offers[id]?.count ?? 0) > 0;
    },
  }),
  'player-offer': ({ elementId: id = '' }) => ({
    has_picked: (ctx) => (ctx.player.offers[id]?.picked ?? 0) > 0,
    has: (ctx) => (ctx.player.offers[id]?.redeemed ?? 0) > 0,
    owns: (ctx) => (ctx.player.offers[id]?.count ?? 0) > 0,
  }),
  'player-code': ({ designerInputString }, _c, trigger) => {
    const code = normalizeCode(designerInputString ?? '');
    // As a trigger the code holds during the event that typed it, so typing it again fires again.
    return {
      has_typedscannedcode: trigger
        ? (ctx) => code !== '' && ctx.momentaryCode === code
        : (ctx) => code !== '' && code in ctx.player.codes,
    };
  },
  'player-game': () => ({
    has_started: (ctx) => ctx.player.startedWhen !== null,
    has_completed: (ctx) => ctx.player.finished?.completed === true,
  }),
  'player-current-object': ({ elementId, designerInputString }) => {
    const wanted = elementId ?? designerInputString;
    return {
      is: (ctx) => {
        const current = ctx.currentObject;
        if (!current) return false;
        return wanted === undefined || wanted === '' || wanted === current.id || wanted === current.defId;
      },
    };
  },
  'world-item': ({ elementId }) => ({ has: (ctx) => count(ctx.world.items, elementId) > 0 }),
  'world-some-item': ({ elementId, some, someNumber }) => ({
    has: (ctx) => compareSome(count(ctx.world.items, elementId), some, someNumber),
  }),
  'world-object': ({ elementId: id = '' }) => ({
    has: (ctx) => {
      for (const key in ctx.world.objects) {
        const object = ctx.world.objects[key]!;
        if (object.archetypeId === id && object.approved) return true;
      }
      for (const key in ctx.world.offers) {
        const offer = ctx.world.offers[key]!;
        if (offer.offerId === id && offer.quantity !== 0) return true;
      }
      return false;
    },
  }),
  'game-status': ({ designerInputString }) => {
    const wanted = (designerInputString ?? '').trim().toLowerCase();
    return { is: (ctx) => ctx.world.status === wanted };
  },
  milestone: ({ elementId: id = '' }) => ({ has_reached: (ctx) => id in ctx.player.milestones }),
  // The clock (issue 28): see clock.ts for the minutes and the instants the server schedules.
  'player-clock': ({ some, someNumber }) => ({
    has_played_for: (ctx) => {
      const played = playedMinutes(ctx.player, ctx.world, ctx.nowMs);
      return played !== null && compareSome(played, some, someNumber);
    },
    has_time_left: (ctx) => {
      const left = minutesLeft(ctx.player, ctx.world, ctx.nowMs);
      return left !== null && compareSome(left, some, someNumber);
    },
    has_run_out_of_time: (ctx) => isTimeUp(ctx.player, ctx.world, ctx.nowMs),
  }),
  'clock-time': ({ designerInputString }, c) => {
    const minute = parseTimeOfDay(designerInputString ?? '');
    return {
      is_past: (ctx) => minute !== null && ctx.nowMs >= timeOfDayInstant(ctx.nowMs, minute, c.timezone),
    };
  },
  'player-scene-time': ({ elementId: id = '', some, someNumber }) => ({
    has_been_in_for: (ctx) => {
      const since = sceneSinceMs(ctx.player, id);
      return since !== null && compareSome(wholeMinutes(ctx.nowMs - since, ctx.world), some, someNumber);
    },
  }),
  'player-mission-time': ({ elementId: id = '', some, someNumber }) => ({
    has_been_assigned_for: (ctx) => {
      const since = missionSinceMs(ctx.player, id);
      return since !== null && compareSome(wholeMinutes(ctx.nowMs - since, ctx.world), some, someNumber);
    },
  }),
  'player-timer': ({ designerInputString }) => {
    const name = timerName(designerInputString);
    return {
      has_elapsed: (ctx) => name !== '' && name in (ctx.player.clock?.elapsed ?? {}),
      is_running: (ctx) => name !== '' && name in (ctx.player.clock?.timers ?? {}),
    };
  },
};

/** Compiles one condition into a test; `trigger` gives code conditions their momentary meaning. */
export function compileCondition(source: Condition, c: CompiledSpec, trigger = false): CompiledCondition {
  const type = String(source?.conditionType ?? '');
  const verb = String(source?.verb ?? '');
  if (!isConditionType(type)) {
    return { source, mask: 0, test: NEVER, problem: `Unknown condition type '${type}'` };
  }
  const negated = verb.startsWith('not_');
  const positive = negated ? verb.slice(4) : verb;
  const verbs = VERBS[type](source, c, trigger);
  const test = Object.hasOwn(verbs, positive) ? verbs[positive] : undefined;
  if (!test) {
    return { source, mask: 0, test: NEVER, problem: `Verb '${verb}' is not a verb of ${type}` };
  }
  const problem = CONDITION_TYPES[type].verbs.includes(verb) ? undefined : `Verb '${verb}' is not listed for ${type}`;
  // The clock's conditions: the server wakes the player when one of them may change (clock.ts `nextDueOf`).
  if (DEPENDS_ON[type] & DIRTY.time) c.timedConditions.push(source);
  return {
    source,
    mask: DEPENDS_ON[type],
    test: negated ? (ctx) => !test(ctx) : test,
    ...(problem ? { problem } : {}),
  };
}

/** Compiles blocks of conditions. */
export function compileBlocks(blocks: readonly ConditionBlock[] | undefined | null, c: CompiledSpec): CompiledBlocks {
  if (!Array.isArray(blocks) || blocks.length === 0) return ALWAYS;
  let mask = 0;
  const compiled = blocks.map((block) => {
    const conditions: Condition[] = Array.isArray(block?.conditions) ? block.conditions : [];
    return conditions.map((condition) => {
      const result = compileCondition(condition, c);
      mask |= result.mask;
      return result;
    });
  });
  return { blocks: compiled, mask };
}

/** True when the blocks hold: some block whose every condition holds, or no block at all. */
export function holds(blocks: CompiledBlocks, ctx: EvalContext): boolean {
  const list = blocks.blocks;
  if (list.length === 0) return true;
  for (let b = 0; b < list.length; b++) {
    const block = list[b]!;
    let ok = true;
    for (let i = 0; i < block.length; i++) {
      if (!block[i]!.test(ctx)) {
        ok = false;
        break;
      }
    }
    if (ok) return true;
  }
  return false;
}

/** Like `holds`, and says which condition failed in each block (for the trace). */
export function explain(blocks: CompiledBlocks, ctx: EvalContext): { held: boolean; failed: BlockFailure[] } {
  const failed: BlockFailure[] = [];
  if (blocks.blocks.length === 0) return { held: true, failed };
  for (let b = 0; b < blocks.blocks.length; b++) {
    const block = blocks.blocks[b]!;
    const index = block.findIndex((condition) => !condition.test(ctx));
    if (index === -1) return { held: true, failed: [] };
    failed.push({ block: b, condition: index });
  }
  return { held: false, failed };
}
