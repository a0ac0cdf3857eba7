/**
 * Contact and act: the player touching an object, offer or location, by event,
 * code or link, or automatically on coming within range on a map game. This
 * module joins objects, scenes and actions, which therefore never import one another in a circle.
 */
import { runActions } from './actions.js';
import { DIRTY, holds } from './conditions.js';
import { markDirty, note, refuse, setPlayer, settlePending, playerRecord, type StepContext } from './context.js';
import { preparePoint } from './geo.js';
import { findThing, inRange, perceptible, reachable, refOf, type Thing } from './objects.js';
import { pointsOf, tapLocation, trackEveryMember, trackLocations, trackSceneCircles } from './scenes.js';

/**
 * Contact with or action on an object or offer (events contact/act, codes,
 * automatic contact): its condition decides between its effects and its else
 * effects, run with the object as the current object. A location id taps the location.
 */
export function interact(ctx: StepContext, id: string, mode: 'contact' | 'act', quiet = false): void {
  const thing = findThing(ctx, id);
  if (!thing) {
    const location = ctx.c.locations.get(id);
    if (location && mode === 'contact') return tapLocation(ctx, location);
    if (!quiet) refuse(ctx, 'UNKNOWN_OBJECT');
    return;
  }
  const def = thing.def;
  const onlyInRange = mode === 'contact' ? (def?.inRangeOnlyContact ?? false) : (def?.inRangeOnlyAct ?? false);
  if (!reachable(ctx, thing, onlyInRange, quiet)) return;
  const ref = refOf(thing);
  ctx.currentObject = ref;
  markDirty(ctx, DIRTY.currentObject);
  settlePending(ctx, (output) => output.action === 'showObject' && output.objectId === ref.id);
  if (!def) return note(ctx, `No object type for ${id}`);
  const condition = mode === 'contact' ? def.conditionContact : def.conditionAct;
  const effects = mode === 'contact' ? def.sideeffectsContact : def.sideeffectsAct;
  const elseEffects = mode === 'contact' ? def.sideeffectsElseContact : def.sideeffectsElseAct;
  if (holds(condition, ctx)) {
    runActions(ctx, effects, { object: ref });
  } else if (elseEffects.length > 0) {
    runActions(ctx, elseEffects, { object: ref });
  } else if (!quiet) {
    refuse(ctx, 'CONDITION_NOT_MET');
  }
}

/**
 * On a map game, runs automatic contact and act for things with those
 * behaviours the moment the player comes within their range (once per entry into range).
 */
export function trackAutomatic(ctx: StepContext): void {
  const inRangeNow: string[] = [];
  const consider = (thing: Thing) => {
    const def = thing.def;
    if (!def || !(def.automaticContact || def.automaticAct) || !def.trackable) return;
    if (!perceptible(ctx, thing)) return;
    if (inRange(ctx, thing)) inRangeNow.push(thing.instance.id);
  };
  for (const id in ctx.world.objects) {
    const object = ctx.world.objects[id]!;
    consider({ kind: 'object', instance: object, def: ctx.c.archetypes.get(object.archetypeId), where: 'world' });
  }
  for (const id in ctx.world.offers) {
    const offer = ctx.world.offers[id]!;
    consider({ kind: 'offer', instance: offer, def: ctx.c.offers.get(offer.offerId), where: 'world' });
  }
  const before = ctx.player.inRange;
  const entered = inRangeNow.filter((id) => !(id in before));
  const unchanged = entered.length === 0 && Object.keys(before).length === inRangeNow.length;
  if (unchanged) return;
  const record = playerRecord(ctx, 'inRange');
  for (const id of Object.keys(record)) delete record[id];
  for (const id of inRangeNow) record[id] = true;
  for (const id of entered) {
    const thing = findThing(ctx, id);
    if (!thing?.def) continue;
    if (thing.def.automaticContact) interact(ctx, id, 'contact', true);
    if (thing.def.automaticAct && findThing(ctx, id)) interact(ctx, id, 'act', true);
  }
}

/**
 * The `location` event: stores the position, then scene circles, geofences
 * and automatic contacts (map games). A fix less accurate than the game's
 * threshold is ignored (noted in the trace): it does not move the player.
 */
export function handleLocation(ctx: StepContext, latitude: number, longitude: number, accuracy?: number): void {
  if (accuracy !== undefined && accuracy > ctx.c.maxAccuracy) {
    return note(ctx, `Location ignored: accuracy ${Math.round(accuracy)} m is worse than ${ctx.c.maxAccuracy} m`);
  }
  setPlayer(ctx, 'location', { latitude, longitude });
  if (accuracy !== undefined) setPlayer(ctx, 'locationAccuracy', accuracy);
  else if (ctx.player.locationAccuracy !== undefined) setPlayer(ctx, 'locationAccuracy', undefined);
  // A team's member moved (games played in teams; their own location event, or an operator's teleport of them):
  // their own position is kept, and the team is where any member is.
  const member = ctx.member;
  if (member) {
    setPlayer(ctx, 'memberLocations', { ...ctx.player.memberLocations, [member.id]: { latitude, longitude } });
    const teamSize = ctx.event.type === 'location' ? ctx.event.teamSize : undefined;
    if (teamSize !== undefined) setPlayer(ctx, 'teamSize', teamSize);
  }
  if (!ctx.c.locationServices) return;
  const points = member ? pointsOf(ctx.player) : [preparePoint(ctx.player.location!)];
  trackSceneCircles(ctx, points);
  trackLocations(ctx, points);
  if (member) trackEveryMember(ctx);
  if (ctx.c.automatic) trackAutomatic(ctx);
}
