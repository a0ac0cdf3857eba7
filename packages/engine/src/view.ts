import type { GameSpec, PlayerClockView, PlayerView, Proximity } from '@loci/domain';
import { clockRateOf, msLeft } from './clock-time.js';
import { compileSpec, type CompiledSpec } from './compile.js';
import type { EvalContext } from './conditions.js';
import { EngineError } from './errors.js';
import { distanceTo, inRange, listed, listedLocations, type Thing } from './objects.js';
import type { InstanceState, ObjectInstance, OfferInstance, Output, PlayerState } from './types.js';

/**
 * A map's values in the order a stored copy of the map gives them back: PostgreSQL's JSONB keeps an object's keys
 * shortest first, then by their bytes (the same as by code units for the ASCII ids of a state). So a state fresh
 * from a step and the same state read back from the database give the same view, lists in the same order — the
 * server names a view by a digest of it (apps/server runtime/views.ts), and a view read back must have the name of
 * the one sent.
 */
function inStoredOrder<T>(map: Record<string, T>): Array<[string, T]> {
  return Object.entries(map).sort(([a], [b]) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
}

/** The view of `playerId` in `state`: what they hold and perceive, and what waits for their answer. */
export function viewOf(spec: GameSpec, state: InstanceState, playerId: string, now?: Date): PlayerView {
  const player = state.players[playerId];
  if (!player) throw new EngineError(`Player ${playerId} is not in this instance`);
  const c = compileSpec(spec);
  const nowMs = now?.getTime() ?? 0;
  const ctx: EvalContext = { c, player, world: state.world, currentObject: null, momentaryCode: null, nowMs };

  const items: Record<string, number> = {};
  for (const [id, count] of Object.entries(player.items)) {
    if (count > 0 && !c.items.get(id)?.hidden && id !== c.currencyItemId) items[id] = count;
  }
  const attributes: Record<string, number | string> = {};
  for (const [id, value] of Object.entries(player.attributes)) {
    if (!c.attributes.get(id)?.hidden) attributes[id] = value;
  }
  const proximity = (thing: Thing): Proximity => ({ inRange: inRange(ctx, thing), distance: distanceTo(ctx, thing) });
  const objects: Array<ObjectInstance & Proximity> = [];
  for (const [, object] of inStoredOrder(state.world.objects)) {
    const thing: Thing = {
      kind: 'object',
      instance: object,
      def: c.archetypes.get(object.archetypeId),
      where: 'world',
    };
    if (listed(ctx, thing)) objects.push({ ...object, ...proximity(thing) });
  }
  const offers: Array<OfferInstance & Proximity> = [];
  for (const [, offer] of inStoredOrder(state.world.offers)) {
    const thing: Thing = { kind: 'offer', instance: offer, def: c.offers.get(offer.offerId), where: 'world' };
    if (listed(ctx, thing)) offers.push({ ...offer, ...proximity(thing) });
  }

  return {
    playerId,
    name: player.name,
    status: player.status,
    worldStatus: state.world.status,
    finished: player.finished,
    currentSceneId: player.currentSceneId,
    location: player.location,
    background: state.world.background,
    items,
    currency: c.currencyItemId
      ? { itemId: c.currencyItemId, name: c.currencyName, amount: player.items[c.currencyItemId] ?? 0 }
      : null,
    attributes,
    objects: inStoredOrder(player.objects).map(([, object]) => object),
    offers: player.offers,
    missions: inStoredOrder(player.missions)
      .filter(([, progress]) => !progress.archivedWhen)
      .map(([missionId, progress]) => {
        const mission = c.missions.get(missionId);
        return {
          missionId,
          title: mission?.title ?? missionId,
          status: progress.completedWhen ? 'completed' : progress.startedWhen ? 'started' : 'assigned',
          subMissions: (mission?.subMissions ?? []).map((sub) => ({
            id: sub.id,
            title: sub.title,
            completed: sub.id in progress.subMissions,
          })),
          ...(progress.verdict
            ? {
                verdict: {
                  status: progress.verdict.status,
                  ...(progress.verdict.reason ? { reason: progress.verdict.reason } : {}),
                },
              }
            : {}),
          ...(progress.timedOutWhen ? { timedOutWhen: progress.timedOutWhen } : {}),
        };
      }),
    perceived: { objects, offers, locations: listedLocations(ctx) },
    // A quiz waiting for answers says which question is next, so an app that reloads goes on from there.
    pending: player.pending.map((output) =>
      output.action === 'askQuiz' && output.interactionId
        ? withNextQuestion(c, player, output, output.interactionId)
        : inSpec(c, output),
    ),
    // A playtest's fast clock is shown even before the player has a clock of their own.
    ...(player.clock || clockRateOf(state.world) !== 1 ? { clock: clockViewOf(player, state, now) } : {}),
  };
}

/**
 * The clock of the view (issue 28): the deadline by the server's clock, the pause, the named timers, and
 * the server's time when `now` is given — an app counts down from `deadline - serverNow`, not its own clock.
 */
function clockViewOf(player: PlayerState, state: InstanceState, now: Date | undefined): PlayerClockView {
  const clock = player.clock ?? { deadline: null, timers: {}, elapsed: {}, timeUpWhen: null };
  const paused = state.world.clockPausedWhen ? Date.parse(state.world.clockPausedWhen) : null;
  return {
    deadline: clock.deadline,
    paused: paused !== null,
    leftMs: paused !== null ? msLeft(player, state.world, paused) : null,
    ...(now ? { serverNow: now.toISOString() } : {}),
    timers: clock.timers,
    ...(clock.tasks && Object.keys(clock.tasks).length > 0 ? { tasks: clock.tasks } : {}),
    ...(clockRateOf(state.world) !== 1 ? { rate: clockRateOf(state.world) } : {}),
  };
}

/**
 * `output` with the texts it carries read from `c`: a statement's options, whose labels a waiting output kept
 * in the language of the step that asked (issue 31: a player who switched language, a teammate who reads
 * another). Everything else an output shows is read from the spec by id.
 */
function inSpec(c: CompiledSpec, output: Output): Output {
  if (!output.options || !output.statementId) return output;
  const statement = c.interactions.get(output.interactionId ?? '')?.statementById.get(output.statementId);
  if (!statement) return output;
  const labels = new Map(statement.options.map((option) => [option.id, option.actionLabel]));
  return {
    ...output,
    options: output.options.map((option) => ({ ...option, actionLabel: labels.get(option.id) ?? option.actionLabel })),
  };
}

/** `outputs` (a player's waiting ones, read back from their state) with their texts in `spec`'s language. */
export function outputsInSpec(spec: GameSpec, outputs: readonly Output[]): Output[] {
  const c = compileSpec(spec);
  return outputs.map((output) => inSpec(c, output));
}

/** `output` with the id of the quiz's first question not closed yet (not passed, attempts left). */
function withNextQuestion(c: CompiledSpec, player: PlayerState, output: Output, quizId: string): Output {
  const questions = c.interactions.get(quizId)?.questions ?? [];
  const progress = player.quizzes[quizId]?.questions ?? {};
  const next = questions.find((question) => {
    const asked = progress[question.id];
    return !asked || (asked.open && !asked.passed);
  });
  return next ? { ...output, questionId: next.id } : output;
}
