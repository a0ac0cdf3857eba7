import { DEFAULT_OBJECT_RADIUS, normalizePayload, type PlayerView } from '@loci/domain';
import { isLiveScene, liveLocationsOf, thingDefinition, type ThingDefinition } from './compile.js';
import { DIRTY, holds, type EvalContext, type ObjectRef } from './conditions.js';
import {
  addRecord,
  limitReached,
  logUse,
  markDirty,
  markElementDirty,
  nextId,
  note,
  playerRecord,
  refuse,
  worldRecord,
  type StepContext,
} from './context.js';
import { distanceMetres, isInActivityRange, isValidLatLng, type LatLng } from './geo.js';
import { RECORD_NAMES, type ObjectInstance, type OfferInstance } from './types.js';

/** An object or offer found by id, with its definition (archetype or offer) and where it is. */
export type Thing =
  | { kind: 'object'; instance: ObjectInstance; def: ThingDefinition | undefined; where: 'world' | 'owned' }
  | { kind: 'offer'; instance: OfferInstance; def: ThingDefinition | undefined; where: 'world' };

/** The object or offer `id` names: in the world, or in the acting player's backpack. */
export function findThing(ctx: EvalContext, id: string): Thing | null {
  const object = ctx.world.objects[id];
  if (object)
    return { kind: 'object', instance: object, def: ctx.c.archetypes.get(object.archetypeId), where: 'world' };
  const offer = ctx.world.offers[id];
  if (offer) return { kind: 'offer', instance: offer, def: ctx.c.offers.get(offer.offerId), where: 'world' };
  const owned = ctx.player.objects[id];
  if (owned) return { kind: 'object', instance: owned, def: ctx.c.archetypes.get(owned.archetypeId), where: 'owned' };
  return null;
}

/** The reference kept as the current object while it is contacted or acted on. */
export function refOf(thing: Thing): ObjectRef {
  return thing.kind === 'object'
    ? { kind: 'object', id: thing.instance.id, defId: thing.instance.archetypeId, where: thing.where }
    : { kind: 'offer', id: thing.instance.id, defId: thing.instance.offerId, where: 'world' };
}

/** The thing a reference points at now (it may have moved from the world to the backpack). */
export function resolveRef(ctx: EvalContext, ref: ObjectRef): Thing | null {
  return findThing(ctx, ref.id);
}

/** True when range matters: a map game, a trackable thing. */
function rangeApplies(ctx: EvalContext, def: ThingDefinition | undefined): boolean {
  return ctx.c.locationServices && (def?.trackable ?? true);
}

/** Distance in metres from the player to a world thing; null when either has no position. */
export function distanceTo(ctx: EvalContext, thing: Thing): number | null {
  const from = ctx.player.location;
  const to = thing.instance.location;
  return from && to ? distanceMetres(from, to) : null;
}

/** The player is within the thing's activity range (always true where range does not apply). */
export function inRange(ctx: EvalContext, thing: Thing): boolean {
  if (thing.where === 'owned' || !rangeApplies(ctx, thing.def)) return true;
  return isInActivityRange(distanceTo(ctx, thing), thing.def?.radius ?? DEFAULT_OBJECT_RADIUS);
}

/**
 * Perception: a world thing exists for the player when it lies in a live
 * scene, is approved (or is the player's own creation) and its archetype's
 * perception condition holds. Things in the backpack are always perceived.
 */
export function perceptible(ctx: EvalContext, thing: Thing): boolean {
  if (thing.where === 'owned') return true;
  if (!isLiveScene(ctx.c, thing.instance.sceneId, ctx.player.currentSceneId)) return false;
  if (thing.kind === 'object' && !thing.instance.approved && thing.instance.createdBy !== ctx.player.id) return false;
  return thing.def ? holds(thing.def.conditionPerception, ctx) : true;
}

/** Listed in the player's view: perceptible, and visible — or, when not visible, trackable and in range. */
export function listed(ctx: EvalContext, thing: Thing): boolean {
  if (!perceptible(ctx, thing)) return false;
  if (thing.def?.visible ?? true) return true;
  return rangeApplies(ctx, thing.def) && inRange(ctx, thing);
}

/** Pays `price` in the game's currency item when the game has a market; refuses when the player cannot afford it. */
export function pay(ctx: StepContext, price: number | null): boolean {
  const currency = ctx.c.currencyItemId;
  if (!ctx.c.market || currency === null || price === null || price <= 0) return true;
  const have = ctx.player.items[currency] ?? 0;
  if (have < price) {
    refuse(ctx, 'NOT_ENOUGH_CURRENCY');
    return false;
  }
  playerRecord(ctx, 'items')[currency] = have - price;
  markElementDirty(ctx, DIRTY.item, currency);
  return true;
}

/** Checks that a world thing may be used by the player: perceived and, when `onlyInRange`, in range. */
export function reachable(ctx: StepContext, thing: Thing, onlyInRange: boolean, quiet: boolean): boolean {
  if (thing.where === 'owned') return true;
  if (!perceptible(ctx, thing)) {
    if (!quiet) refuse(ctx, 'NOT_PERCEIVED');
    return false;
  }
  if (onlyInRange && !inRange(ctx, thing)) {
    if (!quiet) refuse(ctx, 'OUT_OF_RANGE');
    return false;
  }
  return true;
}

/** The `pick` event: a pickable object within reach goes to the backpack. */
export function handlePick(ctx: StepContext, id: string): void {
  const thing = findThing(ctx, id);
  if (!thing) return refuse(ctx, 'UNKNOWN_OBJECT');
  if (thing.kind === 'offer') return handleOfferPick(ctx, id);
  if (thing.where === 'owned') return; // Already in the backpack.
  if (!(thing.def?.pickable ?? false)) return refuse(ctx, 'NOT_PICKABLE');
  if (!reachable(ctx, thing, thing.def?.inRangeOnlyAct ?? false, false)) return;
  pickThing(ctx, thing, false);
}

/**
 * Picks a world object into the backpack (or a clone of it, leaving the
 * original), within the archetype's pick limit and price. Offers are picked
 * as offers. Returns false when refused.
 */
export function pickThing(ctx: StepContext, thing: Thing, clone: boolean): boolean {
  if (thing.kind === 'offer') return offerPick(ctx, thing.instance);
  const { instance, def } = thing;
  if (thing.where === 'owned' && !clone) {
    note(ctx, `pickObject: ${instance.id} is already in the backpack`);
    return true;
  }
  if (def && limitReached(def.limitPicks, ctx.player.picked[def.id], ctx.nowMs)) {
    refuse(ctx, 'LIMIT_REACHED');
    return false;
  }
  if (!pay(ctx, def?.price ?? null)) return false;
  const home = thing.where === 'world' ? { sceneId: instance.sceneId, location: instance.location } : instance.home;
  const id = clone ? nextId(ctx) : instance.id;
  playerRecord(ctx, 'objects')[id] = {
    ...instance,
    id,
    owner: ctx.player.id,
    location: null,
    home,
    ...(clone ? { createdWhen: ctx.when } : {}),
  };
  if (!clone) {
    deleteWorldObject(ctx, instance.id);
    if (ctx.currentObject?.id === instance.id) ctx.currentObject = { ...ctx.currentObject, where: 'owned' };
  }
  logUse(ctx, 'picked', instance.archetypeId);
  markDirty(ctx, DIRTY.object | DIRTY.worldObject);
  return true;
}

function deleteWorldObject(ctx: StepContext, id: string): void {
  delete worldObjects(ctx)[id];
}

function worldObjects(ctx: StepContext): Record<string, ObjectInstance> {
  return worldRecord(ctx, 'objects');
}

function worldOffers(ctx: StepContext): Record<string, OfferInstance> {
  return worldRecord(ctx, 'offers');
}

/** The `drop` event: a redropable object leaves the backpack and lies where the player stands. */
export function handleDrop(ctx: StepContext, id: string): void {
  const owned = ctx.player.objects[id];
  if (!owned) return refuse(ctx, ctx.world.objects[id] ? 'NOT_OWNED' : 'UNKNOWN_OBJECT');
  const def = ctx.c.archetypes.get(owned.archetypeId);
  if (!(def?.redropable ?? false)) return refuse(ctx, 'NOT_DROPPABLE');
  delete playerRecord(ctx, 'objects')[id];
  worldObjects(ctx)[id] = {
    ...owned,
    owner: null,
    location: ctx.player.location ?? owned.home?.location ?? null,
    sceneId: ctx.player.currentSceneId ?? owned.home?.sceneId ?? owned.sceneId,
  };
  logUse(ctx, 'dropped', owned.archetypeId);
  markDirty(ctx, DIRTY.object | DIRTY.worldObject);
}

/** The `destroy` event: a destroyable object (in the backpack, or within reach) is destroyed. */
export function handleDestroy(ctx: StepContext, id: string): void {
  const thing = findThing(ctx, id);
  if (!thing) return refuse(ctx, 'UNKNOWN_OBJECT');
  if (!(thing.def?.destroyable ?? false)) return refuse(ctx, 'NOT_DESTROYABLE');
  if (!reachable(ctx, thing, thing.def?.inRangeOnlyAct ?? false, false)) return;
  destroyThing(ctx, thing);
}

/** Destroys an object (world or backpack) or removes an offer from the world, within the destroy limit. */
export function destroyThing(ctx: StepContext, thing: Thing): boolean {
  const def = thing.def;
  const defId = thing.kind === 'object' ? thing.instance.archetypeId : thing.instance.offerId;
  if (def && limitReached(def.limitDestroys, ctx.player.destroyed[defId], ctx.nowMs)) {
    refuse(ctx, 'LIMIT_REACHED');
    return false;
  }
  if (thing.kind === 'offer') delete worldOffers(ctx)[thing.instance.id];
  else if (thing.where === 'owned') delete playerRecord(ctx, 'objects')[thing.instance.id];
  else deleteWorldObject(ctx, thing.instance.id);
  logUse(ctx, 'destroyed', defId);
  markDirty(ctx, DIRTY.object | DIRTY.worldObject);
  if (ctx.currentObject?.id === thing.instance.id) ctx.currentObject = null;
  return true;
}

/**
 * The `create` event: a player-made object of a player-generated archetype,
 * within its creation condition and limit; moderated archetypes keep it
 * unapproved (seen only by its maker) until an operator approves it.
 */
export function handleCreate(
  ctx: StepContext,
  archetypeId: string,
  payload: unknown,
  latitude: unknown,
  longitude: unknown,
): void {
  const def = ctx.c.archetypes.get(archetypeId);
  if (!def) return refuse(ctx, 'UNKNOWN_OBJECT');
  if (!def.playerGenerated) return refuse(ctx, 'NOT_CREATABLE');
  if (!holds(def.conditionCreation, ctx)) return refuse(ctx, 'CONDITION_NOT_MET');
  if (limitReached(def.limitCreation, ctx.player.created[def.id], ctx.nowMs)) return refuse(ctx, 'LIMIT_REACHED');
  const values =
    payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : {};
  const normalized = normalizePayload(values, def.payloadSpec);
  const missing = Object.entries(def.payloadSpec)
    .filter(([key, property]) => property?.required && (normalized[key] === null || normalized[key] === undefined))
    .map(([key, property]) => property?.label || key);
  if (missing.length > 0) return refuse(ctx, 'INVALID_PAYLOAD', { key: 'requiredFields', values: { fields: missing } });
  const location: LatLng | null = isValidLatLng(latitude, longitude)
    ? { latitude: latitude as number, longitude: longitude as number }
    : ctx.player.location;
  const id = nextId(ctx);
  worldObjects(ctx)[id] = {
    id,
    name: `${def.name} ${id}`,
    type: 'object',
    archetypeId: def.id,
    sceneId: ctx.player.currentSceneId ?? ctx.c.universeSceneId ?? '',
    payload: normalized,
    location,
    approved: !def.moderated,
    owner: null,
    createdBy: ctx.player.id,
    createdWhen: ctx.when,
    home: null,
  };
  logUse(ctx, 'created', def.id);
  markDirty(ctx, DIRTY.object | DIRTY.worldObject);
}

/** The `offer` event with action 'pick': takes one of a world offer. */
export function handleOfferPick(ctx: StepContext, id: string): void {
  const offer = ctx.world.offers[id];
  if (!offer) return refuse(ctx, 'UNKNOWN_OBJECT');
  const thing: Thing = { kind: 'offer', instance: offer, def: ctx.c.offers.get(offer.offerId), where: 'world' };
  if (!(thing.def?.pickable ?? true)) return refuse(ctx, 'NOT_PICKABLE');
  if (!reachable(ctx, thing, thing.def?.inRangeOnlyAct ?? false, false)) return;
  offerPick(ctx, offer);
}

/** Takes one of a world offer: refused when none is left, over the pick limit or unaffordable. */
export function offerPick(ctx: StepContext, offer: OfferInstance): boolean {
  const def = ctx.c.offers.get(offer.offerId);
  if (offer.quantity !== null && offer.quantity <= 0) {
    refuse(ctx, 'QUANTITY_EXHAUSTED');
    return false;
  }
  if (def && limitReached(def.limitPicks, ctx.player.picked[offer.offerId], ctx.nowMs)) {
    refuse(ctx, 'LIMIT_REACHED');
    return false;
  }
  if (!pay(ctx, def?.price ?? null)) return false;
  if (offer.quantity !== null) worldOffers(ctx)[offer.id] = { ...offer, quantity: offer.quantity - 1 };
  const holdings = playerRecord(ctx, 'offers');
  const holding = holdings[offer.offerId] ?? { count: 0, picked: 0, redeemed: 0 };
  holdings[offer.offerId] = { ...holding, count: holding.count + 1, picked: holding.picked + 1 };
  logUse(ctx, 'picked', offer.offerId);
  addRecord(ctx, RECORD_NAMES.offer, { offerId: offer.offerId, objectId: offer.id, status: 'picked' });
  markDirty(ctx, DIRTY.offer | DIRTY.object | DIRTY.worldObject);
  return true;
}

/** The `offer` event with action 'redeem': redeems one held offer (by world offer id or offer id). */
export function handleOfferRedeem(ctx: StepContext, id: string): void {
  const offerId = ctx.world.offers[id]?.offerId ?? (ctx.c.offers.has(id) || id in ctx.player.offers ? id : null);
  if (offerId === null) return refuse(ctx, 'UNKNOWN_OBJECT');
  const def = ctx.c.offers.get(offerId);
  if (!(def?.redeemable ?? true)) return refuse(ctx, 'NOT_REDEEMABLE');
  const holding = ctx.player.offers[offerId];
  if (!holding || holding.count <= 0) return refuse(ctx, 'NOT_OWNED');
  playerRecord(ctx, 'offers')[offerId] = { ...holding, count: holding.count - 1, redeemed: holding.redeemed + 1 };
  addRecord(ctx, RECORD_NAMES.offer, { offerId, objectId: id, status: 'redeemed' });
  markDirty(ctx, DIRTY.offer | DIRTY.object);
}

/** A new object of an archetype, or one more of an offer, for attachToPlayer. */
export function attachToPlayer(ctx: StepContext, defId: string): void {
  const def = thingDefinition(ctx.c, defId);
  if (!def) return note(ctx, `attachToPlayer: unknown object type or offer ${defId}`);
  if (def.kind === 'offer') {
    const holdings = playerRecord(ctx, 'offers');
    const holding = holdings[defId] ?? { count: 0, picked: 0, redeemed: 0 };
    holdings[defId] = { ...holding, count: holding.count + 1 };
    markDirty(ctx, DIRTY.offer | DIRTY.object);
    return;
  }
  const id = nextId(ctx);
  playerRecord(ctx, 'objects')[id] = {
    id,
    name: `${def.name} ${id}`,
    type: 'object',
    archetypeId: defId,
    sceneId: ctx.player.currentSceneId ?? '',
    payload: normalizePayload({}, def.payloadSpec),
    location: null,
    approved: true,
    owner: ctx.player.id,
    createdBy: null,
    createdWhen: ctx.when,
    home: null,
  };
  markDirty(ctx, DIRTY.object);
}

/** Removes one (`all` = every) object of an archetype, or held offers, from the backpack. */
export function detachFromPlayer(ctx: StepContext, defId: string, all: boolean): void {
  if (ctx.c.offers.has(defId) && !ctx.c.archetypes.has(defId)) {
    const holding = ctx.player.offers[defId];
    if (!holding || holding.count === 0) return;
    playerRecord(ctx, 'offers')[defId] = { ...holding, count: all ? 0 : holding.count - 1 };
    markDirty(ctx, DIRTY.offer | DIRTY.object);
    return;
  }
  const ids = Object.keys(ctx.player.objects).filter((id) => ctx.player.objects[id]!.archetypeId === defId);
  if (ids.length === 0) return;
  const objects = playerRecord(ctx, 'objects');
  for (const id of all ? ids : ids.slice(-1)) delete objects[id];
  markDirty(ctx, DIRTY.object);
}

/** Puts a new object of an archetype (or a new offer placement) in the world where the player stands. */
export function attachToWorld(ctx: StepContext, defId: string): void {
  const def = thingDefinition(ctx.c, defId);
  if (!def) return note(ctx, `attachToWorld: unknown object type or offer ${defId}`);
  const id = nextId(ctx);
  const sceneId = ctx.player.currentSceneId ?? ctx.c.universeSceneId ?? '';
  const location = ctx.player.location;
  if (def.kind === 'offer') {
    worldOffers(ctx)[id] = {
      id,
      name: `${def.name} ${id}`,
      type: 'offer',
      offerId: defId,
      sceneId,
      payload: normalizePayload({}, def.payloadSpec),
      location,
      quantity: def.quantity,
    };
  } else {
    worldObjects(ctx)[id] = {
      id,
      name: `${def.name} ${id}`,
      type: 'object',
      archetypeId: defId,
      sceneId,
      payload: normalizePayload({}, def.payloadSpec),
      location,
      approved: true,
      owner: null,
      createdBy: null,
      createdWhen: ctx.when,
      home: null,
    };
  }
  markDirty(ctx, DIRTY.worldObject);
}

/** Removes from the world one object (the nearest) or every object of an archetype, or offer placements. */
export function detachFromWorld(ctx: StepContext, defId: string, all: boolean): void {
  const objectIds = Object.keys(ctx.world.objects).filter((id) => ctx.world.objects[id]!.archetypeId === defId);
  const offerIds = Object.keys(ctx.world.offers).filter((id) => ctx.world.offers[id]!.offerId === defId);
  const candidates = [...objectIds, ...offerIds];
  if (candidates.length === 0) return;
  let chosen = candidates;
  if (!all) {
    const here = ctx.player.location;
    const distance = (id: string) => {
      const where = (ctx.world.objects[id] ?? ctx.world.offers[id])?.location;
      return here && where ? distanceMetres(here, where) : Number.POSITIVE_INFINITY;
    };
    // The nearest one; ties (or no positions) by id order.
    chosen = [candidates.reduce((best, id) => (distance(id) < distance(best) ? id : best))];
  }
  for (const id of chosen) {
    if (id in ctx.world.objects) delete worldObjects(ctx)[id];
    else delete worldOffers(ctx)[id];
  }
  markDirty(ctx, DIRTY.worldObject);
}

/** The player's objects of an archetype go back where they were picked (or where the player stands); held offers go back to their placement. */
export function returnToWorld(ctx: StepContext, defId: string): void {
  const ids = Object.keys(ctx.player.objects).filter((id) => ctx.player.objects[id]!.archetypeId === defId);
  if (ids.length > 0) {
    const objects = playerRecord(ctx, 'objects');
    const world = worldObjects(ctx);
    for (const id of ids) {
      const owned = objects[id]!;
      delete objects[id];
      world[id] = {
        ...owned,
        owner: null,
        sceneId: owned.home?.sceneId ?? ctx.player.currentSceneId ?? owned.sceneId,
        location: owned.home?.location ?? ctx.player.location,
      };
    }
    markDirty(ctx, DIRTY.object | DIRTY.worldObject);
  }
  const holding = ctx.player.offers[defId];
  if (holding && holding.count > 0) {
    const placement = Object.values(ctx.world.offers).find((offer) => offer.offerId === defId);
    if (placement && placement.quantity !== null) {
      worldOffers(ctx)[placement.id] = { ...placement, quantity: placement.quantity + holding.count };
    }
    playerRecord(ctx, 'offers')[defId] = { ...holding, count: 0 };
    markDirty(ctx, DIRTY.offer | DIRTY.object | DIRTY.worldObject);
  }
}

/** Changes a payload property of the current object: numbers by + - =, other values set (no value clears it). */
export function mutateObject(
  ctx: StepContext,
  ref: ObjectRef,
  property: string,
  value: unknown,
  how: string | undefined,
): void {
  const thing = resolveRef(ctx, ref);
  if (!thing) return note(ctx, `mutateObject: ${ref.id} no longer exists`);
  const type = thing.def?.payloadSpec[property]?.type;
  const current = thing.instance.payload[property];
  let next: unknown;
  if (type === 'number' || how === '+' || how === '-') {
    const amount = Number(value);
    if (!Number.isFinite(amount)) return note(ctx, `mutateObject: ${String(value)} is not a number`);
    const base = typeof current === 'number' ? current : Number(current) || 0;
    next = how === '+' ? base + amount : how === '-' ? base - amount : amount;
  } else {
    next = value === undefined ? null : value;
  }
  const payload = { ...thing.instance.payload, [property]: next };
  if (thing.kind === 'offer') worldOffers(ctx)[thing.instance.id] = { ...thing.instance, payload };
  else if (thing.where === 'owned') playerRecord(ctx, 'objects')[thing.instance.id] = { ...thing.instance, payload };
  else worldObjects(ctx)[thing.instance.id] = { ...thing.instance, payload };
}

/** Locations the player perceives (for the view): live, condition holding, and visible always or in range. */
export function listedLocations(ctx: EvalContext): PlayerView['perceived']['locations'] {
  const here = ctx.player.location;
  return liveLocationsOf(ctx.c, ctx.player.currentSceneId).flatMap((location) => {
    if (location.visible === 'never' || !holds(location.condition, ctx)) return [];
    const within =
      here !== null &&
      distanceMetres(here, { latitude: location.fence.latitude, longitude: location.fence.longitude }) <=
        location.fence.radius;
    if (location.visible === 'in-range' && ctx.c.locationServices && !within) return [];
    const since = ctx.player.dwelling?.[location.id];
    return [
      {
        id: location.id,
        name: location.name,
        inside: location.id in ctx.player.insideLocations,
        inRange: within,
        ...(since ? { dwellUntil: new Date(Date.parse(since) + location.dwellMs).toISOString() } : {}),
      },
    ];
  });
}
