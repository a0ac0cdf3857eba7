import {
  RESCUE_MESSAGES,
  type Action,
  type ActionName,
  type GameSpec,
  type RescueAction,
  type RescueEventAction,
} from '@loci/domain';
import { runActions } from './actions.js';
import { compileSpec } from './compile.js';
import { DIRTY } from './conditions.js';
import { handleLocation } from './contact.js';
import { markDirty, note, playerRecord, settlePending, type StepContext } from './context.js';
import { assignMission, completeMission } from './missions.js';
import { heldUnits } from './trade.js';
import type { PlayerState } from './types.js';

/** Runs one engine action of the vocabulary for the player, notifying them (an operator's change is never silent). */
function act(ctx: StepContext, actionName: ActionName, what: string, value?: number | string): void {
  const action: Action = { actorId: 'system', actionName, actionArgs: { what, value }, notify: true };
  runActions(ctx, [action]);
}

/**
 * Applies an operator's rescue actions to the step's player, in order, with
 * the engine's own machinery (the caller then settles the rules, as after any
 * event). The actions are expected to have passed `rescueProblems`; anything
 * unknown left is noted in the trace and skipped.
 */
export function applyRescue(ctx: StepContext, actions: readonly RescueEventAction[]): void {
  for (const action of actions) {
    ctx.trace.notes.push(`Operator rescue: ${action.kind}`);
    switch (action.kind) {
      case 'give':
        act(ctx, 'giveToPlayer', action.assetId, action.count);
        break;
      case 'take':
        act(ctx, 'takeFromPlayer', action.assetId, action.count);
        break;
      case 'set':
        act(ctx, 'setOnPlayer', action.attributeId, action.value);
        break;
      case 'scene':
        act(ctx, 'goToScene', action.sceneId);
        break;
      case 'assignMission':
        assignMission(ctx, action.missionId, true, undefined);
        break;
      case 'completeMission':
        completeRescuedMission(ctx, action.missionId);
        break;
      case 'milestone':
        reachMilestone(ctx, action.milestoneId);
        break;
      case 'rearm':
        rearmRule(ctx, action.ruleId);
        break;
      case 'closeDialog': {
        const output = ctx.player.pending[action.index];
        if (output) settlePending(ctx, (waiting) => waiting === output);
        else note(ctx, `closeDialog: no dialog at ${action.index}`);
        break;
      }
      case 'teleport': {
        // A team's member (games played in teams): they are placed, as their own location event would place them,
        // and what the move itself records (a scene's circle entered) names them. Every other action is the team's.
        const before = ctx.member;
        ctx.member = action.member ?? before;
        handleLocation(ctx, action.latitude, action.longitude);
        ctx.member = before;
        break;
      }
    }
  }
}

function completeRescuedMission(ctx: StepContext, missionId: string): void {
  const mission = ctx.c.missions.get(missionId);
  if (!mission) return note(ctx, `completeMission: unknown mission ${missionId}`);
  const progress = ctx.player.missions[missionId];
  if (!progress || progress.archivedWhen) assignMission(ctx, missionId, false, undefined);
  if (ctx.player.missions[missionId]?.completedWhen) return note(ctx, `completeMission: ${mission.name} is done`);
  completeMission(ctx, mission);
}

function reachMilestone(ctx: StepContext, milestoneId: string): void {
  const milestone = ctx.c.milestones.find((candidate) => candidate.id === milestoneId);
  if (!milestone) return note(ctx, `milestone: unknown milestone ${milestoneId}`);
  if (milestoneId in ctx.player.milestones) return;
  playerRecord(ctx, 'milestones')[milestoneId] = ctx.when;
  ctx.trace.notes.push(`Milestone ${milestone.name} reached`);
  markDirty(ctx, DIRTY.milestone);
}

/**
 * Re-arms a fireOnce rule: it forgets it fired and that its trigger held, so
 * it fires again the next time its trigger is evaluated true (at once, when
 * this very step changes what the trigger reads).
 */
function rearmRule(ctx: StepContext, ruleId: string): void {
  if (ruleId in ctx.player.firedRules) delete playerRecord(ctx, 'firedRules')[ruleId];
  if (ctx.player.triggers.includes(ruleId)) {
    const triggers = playerRecord(ctx, 'triggers');
    triggers.splice(triggers.indexOf(ruleId), 1);
  }
}

/**
 * Why the operator's actions cannot be applied to `player`, as field errors
 * keyed `actions.{i}.{field}` (empty when they can): an unknown item,
 * attribute, scene, mission, milestone or rule; a take of more than the player
 * holds; a rule that is not fireOnce; no dialog at that index.
 */
export function rescueProblems(
  spec: GameSpec,
  player: PlayerState,
  actions: readonly RescueAction[],
): Record<string, string> {
  const c = compileSpec(spec);
  const errors: Record<string, string> = {};
  const held = { ...player.items };
  actions.forEach((action, index) => {
    const at = (field: string, message: string) => (errors[`actions.${index}.${field}`] = message);
    switch (action.kind) {
      case 'give':
      case 'take': {
        if (!c.items.has(action.assetId) && !c.attributes.has(action.assetId))
          return at('assetId', RESCUE_MESSAGES.unknownAsset);
        const units = held[action.assetId] ?? heldUnits(player, action.assetId);
        const after = units + (action.kind === 'give' ? action.count : -action.count);
        if (after < 0) return at('count', RESCUE_MESSAGES.holdsOnly(units));
        held[action.assetId] = after;
        return;
      }
      case 'set':
        if (!c.attributes.has(action.attributeId)) at('attributeId', RESCUE_MESSAGES.unknownAttribute);
        return;
      case 'scene':
        if (!c.scenes.has(action.sceneId)) at('sceneId', RESCUE_MESSAGES.unknownScene);
        return;
      case 'assignMission':
      case 'completeMission':
        if (!c.missions.has(action.missionId)) at('missionId', RESCUE_MESSAGES.unknownMission);
        return;
      case 'milestone':
        if (!c.milestones.some((milestone) => milestone.id === action.milestoneId))
          at('milestoneId', RESCUE_MESSAGES.unknownMilestone);
        return;
      case 'rearm': {
        const rule = c.rules.get(action.ruleId);
        if (!rule) at('ruleId', RESCUE_MESSAGES.unknownRule);
        else if (!rule.fireOnce) at('ruleId', RESCUE_MESSAGES.notFireOnce);
        return;
      }
      case 'closeDialog':
        if (!player.pending[action.index]) at('index', RESCUE_MESSAGES.noDialog);
        return;
      case 'teleport':
        return;
    }
  });
  return errors;
}

/** Parts of the player's state that are bookkeeping, not what an operator touched. */
const UNTRACKED_PLAYER: ReadonlySet<string> = new Set(['triggers', 'worldRevision', 'seq', 'inRange']);

/** One changed part of a state: `items.key`, `currentSceneId`… with its value before and after (undefined: absent). */
export interface StateChange {
  path: string;
  before: unknown;
  after: unknown;
}

/** What changed between two states of a player (see `stateChanges`), bookkeeping left out. */
export function playerChanges(before: PlayerState, after: PlayerState): StateChange[] {
  return stateChanges(before, after, UNTRACKED_PLAYER);
}

/**
 * What changed between two states (a player's, the world): each changed
 * top-level field, or each changed entry of a changed record (one level deep).
 * The engine copies what it changes, so unchanged parts are the same objects.
 */
export function stateChanges(before: object, after: object, untracked: ReadonlySet<string> = new Set()): StateChange[] {
  const changes: StateChange[] = [];
  const a0 = before as Record<string, unknown>;
  const b0 = after as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a0), ...Object.keys(b0)])) {
    if (untracked.has(key)) continue;
    const a = a0[key];
    const b = b0[key];
    if (a === b) continue;
    if (isRecord(a) && isRecord(b)) {
      for (const entry of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (JSON.stringify(a[entry]) !== JSON.stringify(b[entry]))
          changes.push({ path: `${key}.${entry}`, before: a[entry], after: b[entry] });
      }
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      changes.push({ path: key, before: a, after: b });
    }
  }
  return changes;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
