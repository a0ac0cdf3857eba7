import type { GameSpec, PlayerView, Proximity } from '@loci/domain';
import { compileSpec, type CompiledSpec } from './compile.js';
import type { EvalContext } from './conditions.js';
import { EngineError } from './errors.js';
import { distanceTo, inRange, listed, listedLocations, type Thing } from './objects.js';
import type { InstanceState, ObjectInstance, OfferInstance, Output, PlayerState } from './types.js';

/** The view of `playerId` in `state`: what they hold and perceive, and what waits for their answer. */
export function viewOf(spec: GameSpec, state: InstanceState, playerId: string): PlayerView {
  const player = state.players[playerId];
  if (!player) throw new EngineError(`Player ${playerId} is not in this instance`);
  const c = compileSpec(spec);
  const ctx: EvalContext = { c, player, world: state.world, currentObject: null, momentaryCode: null };

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
  for (const object of Object.values(state.world.objects)) {
    const thing: Thing = {
      kind: 'object',
      instance: object,
      def: c.archetypes.get(object.archetypeId),
      where: 'world',
    };
    if (listed(ctx, thing)) objects.push({ ...object, ...proximity(thing) });
  }
  const offers: Array<OfferInstance & Proximity> = [];
  for (const offer of Object.values(state.world.offers)) {
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
    objects: Object.values(player.objects),
    offers: player.offers,
    missions: Object.entries(player.missions)
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
        };
      }),
    perceived: { objects, offers, locations: listedLocations(ctx) },
    // A quiz waiting for answers says which question is next, so an app that reloads goes on from there.
    pending: player.pending.map((output) =>
      output.action === 'askQuiz' && output.interactionId
        ? withNextQuestion(c, player, output, output.interactionId)
        : output,
    ),
  };
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
