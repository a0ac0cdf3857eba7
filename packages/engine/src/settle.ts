import { runActions } from './actions.js';
import { isLiveScene, liveRulesOf, type CompiledRule } from './compile.js';
import { DIRTY, explain, holds } from './conditions.js';
import { markDirty, playerRecord, type StepContext } from './context.js';
import { checkConditionMissions } from './missions.js';
import type { RuleTrace } from './types.js';

/** Rounds of consequences one event may cause before the engine stops (a rule cycle would otherwise never end). */
export const MAX_PASSES = 32;

function reachMilestones(ctx: StepContext, dirty: number): void {
  if (!(dirty & ctx.c.milestoneMask) && !(dirty & DIRTY.milestone)) {
    // Milestones with conditions on other parts of the state cannot have changed; an empty condition holds at once.
    if (!ctx.c.milestones.some((milestone) => milestone.condition.mask === 0)) return;
  }
  for (const milestone of ctx.c.milestones) {
    if (milestone.id in ctx.player.milestones) continue;
    const mask = milestone.condition.mask;
    if (mask !== 0 && !(mask & dirty)) continue;
    if (!holds(milestone.condition, ctx)) continue;
    playerRecord(ctx, 'milestones')[milestone.id] = ctx.when;
    ctx.trace.notes.push(`Milestone ${milestone.name} reached`);
    markDirty(ctx, DIRTY.milestone);
  }
}

function fire(ctx: StepContext, rule: CompiledRule, trace: RuleTrace): void {
  if (!isLiveScene(ctx.c, rule.sceneId, ctx.player.currentSceneId)) {
    trace.skipped = 'no longer live';
    return;
  }
  if (rule.fireOnce && (ctx.player.firedRules[rule.id] ?? 0) > 0) {
    trace.skipped = 'fireOnce';
    return;
  }
  const { held, failed } = explain(rule.preconditions, ctx);
  trace.preconditionsHeld = held;
  if (!held) trace.failedBlocks = failed;
  ctx.ruleTrace = trace;
  try {
    if (held) {
      trace.branch = 'sideeffects';
      // Only fireOnce rules need remembering; counting the others would grow the state for nothing.
      if (rule.fireOnce) playerRecord(ctx, 'firedRules')[rule.id] = (ctx.player.firedRules[rule.id] ?? 0) + 1;
      runActions(ctx, rule.sideeffects);
    } else if (rule.sideeffectselse.length > 0) {
      trace.branch = 'sideeffectselse';
      runActions(ctx, rule.sideeffectselse);
    }
  } finally {
    ctx.ruleTrace = null;
  }
}

/**
 * Brings the player's state to a fixed point after an event: milestones
 * whose condition now holds are reached, condition missions accomplished,
 * and every live rule whose trigger became newly true fires, in order
 * (current scene's rules by idx, then the universe's). Their effects may make
 * more things true, so this repeats — at most MAX_PASSES rounds.
 */
export function settle(ctx: StepContext): void {
  try {
    settleRounds(ctx);
  } finally {
    if (ctx.traceAllRules) traceTheRest(ctx);
  }
}

function settleRounds(ctx: StepContext): void {
  for (let pass = 0; ctx.dirty !== 0 || ctx.preciseDirty !== 0; pass++) {
    if (pass >= MAX_PASSES) {
      ctx.trace.notes.push(`Stopped after ${MAX_PASSES} rounds of consequences (a cycle of rules?)`);
      ctx.dirty = 0;
      ctx.preciseDirty = 0;
      ctx.dirtyElements = null;
      return;
    }
    let dirty = ctx.dirty;
    const precise = ctx.preciseDirty;
    const elements = ctx.dirtyElements;
    ctx.dirty = 0;
    ctx.preciseDirty = 0;
    ctx.dirtyElements = null;
    reachMilestones(ctx, dirty | precise);
    checkConditionMissions(ctx, dirty | precise | ctx.dirty);
    // Milestones and missions changed in this round are seen by this round's triggers, and again next round.
    dirty |= ctx.dirty;

    const fired: Array<{ rule: CompiledRule; trace: RuleTrace }> = [];
    for (const rule of liveRulesOf(ctx.c, ctx.player.currentSceneId)) {
      const mask = rule.trigger.mask;
      if (!(mask & dirty) && !(mask & precise && rule.triggerKey !== null && elements?.has(rule.triggerKey))) continue;
      const matched = rule.trigger.test(ctx);
      const was = !rule.momentary && ctx.player.triggers.includes(rule.id);
      if (!rule.momentary && matched !== was) {
        const triggers = playerRecord(ctx, 'triggers');
        if (matched) triggers.push(rule.id);
        else triggers.splice(triggers.indexOf(rule.id), 1);
      }
      const trace: RuleTrace = {
        ruleId: rule.id,
        ruleName: rule.name,
        sceneId: rule.sceneId,
        pass,
        triggerMatched: matched,
        newlyTrue: matched && !was,
        branch: null,
      };
      ctx.trace.rules.push(trace);
      if (trace.newlyTrue) fired.push({ rule, trace });
    }
    // A typed code is momentary: only the event's own round sees it.
    ctx.momentaryCode = null;
    for (const { rule, trace } of fired) fire(ctx, rule, trace);
  }
}

/** Adds the live rules whose trigger was not evaluated, with their last known trigger value. */
function traceTheRest(ctx: StepContext): void {
  const traced = new Set(ctx.trace.rules.map((rule) => rule.ruleId));
  for (const rule of liveRulesOf(ctx.c, ctx.player.currentSceneId)) {
    if (traced.has(rule.id)) continue;
    ctx.trace.rules.push({
      ruleId: rule.id,
      ruleName: rule.name,
      sceneId: rule.sceneId,
      pass: 0,
      triggerMatched: !rule.momentary && ctx.player.triggers.includes(rule.id),
      newlyTrue: false,
      branch: null,
      evaluated: false,
    });
  }
}
