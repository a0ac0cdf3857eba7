import { randomUUID } from 'node:crypto';
import {
  DESIGN_MESSAGES,
  OPERATION_MESSAGES,
  toFieldErrors,
  worldEntrySchemaFor,
  type DesignEntity,
  type GameSpec,
  type PayloadSpecLike,
  type WorldEntryType,
  type WorldEntryValues,
} from '@loci/domain';
import type { ObjectInstance, OfferInstance, WorldState } from '@loci/engine';
import { fail } from '../../lib/errors.js';

/** The type of a posted form: an offer when it says so or names an offer, else an object (as the initial world reads it). */
function entryTypeOf(values: Record<string, unknown>): WorldEntryType {
  return values.type === 'offer' || (values.type === undefined && typeof values.offerId === 'string')
    ? 'offer'
    : 'object';
}

function recordOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function entityOf(spec: GameSpec, kind: 'scene' | 'archetype' | 'offer', id: string): DesignEntity | undefined {
  return (spec.entities?.[kind] ?? []).find((entity) => entity.id === id);
}

/**
 * The object or offer form of the Instance page (the same form as the initial
 * world's, spec 3 §3, §5), checked against the spec the instance runs: its
 * scene and its object type or offer must exist there, and the payload must
 * fit the type's payload spec. 400 with field errors otherwise.
 */
export function parseWorldItem(
  spec: GameSpec,
  values: Record<string, unknown>,
): { type: WorldEntryType; entry: WorldEntryValues & { id: string } } {
  const type = entryTypeOf(values);
  const form = worldEntrySchemaFor(type).safeParse(values);
  if (!form.success) throw fail.validation(toFieldErrors(form.error.issues));
  const typeId = (type === 'object' ? form.data.archetypeId : form.data.offerId) ?? '';
  const scene = entityOf(spec, 'scene', form.data.sceneId);
  const typeEntity = entityOf(spec, type === 'object' ? 'archetype' : 'offer', typeId);
  const errors: Record<string, string> = {};
  if (!scene) errors.sceneId = DESIGN_MESSAGES.selectScene;
  if (!typeEntity) errors[type === 'object' ? 'archetypeId' : 'offerId'] = DESIGN_MESSAGES.selectObjectType;
  if (!typeEntity || Object.keys(errors).length > 0) throw fail.validation(errors);
  const parsed = worldEntrySchemaFor(type, {
    payloadSpec: recordOf(typeEntity.payloadSpec) as PayloadSpecLike,
    moderated: typeEntity.moderated === true,
  }).safeParse(values);
  if (!parsed.success) throw fail.validation(toFieldErrors(parsed.error.issues));
  return { type, entry: { ...parsed.data, id: parsed.data.id || randomUUID() } };
}

/** The offer's own quantity in the spec (what a placement starts with when the form sets none). */
function offerQuantityOf(spec: GameSpec, offerId: string): number | null {
  const quantity = Number(entityOf(spec, 'offer', offerId)?.quantity);
  return Number.isFinite(quantity) && quantity >= 0 ? Math.floor(quantity) : null;
}

/**
 * The world with the entry added or replaced, in the engine's shapes (as
 * `createInstanceState` converts the initial world). What the form does not
 * carry survives a replacement: who made an object, when, and where it came
 * from; an offer's remaining quantity unless the form sets one.
 */
export function withWorldItem(
  world: WorldState,
  spec: GameSpec,
  { type, entry }: { type: WorldEntryType; entry: WorldEntryValues & { id: string } },
  now: Date,
): WorldState {
  const location = { latitude: entry.location.latitude, longitude: entry.location.longitude };
  if (type === 'object') {
    const before = world.objects[entry.id];
    const object: ObjectInstance = {
      id: entry.id,
      name: entry.name,
      type: 'object',
      archetypeId: entry.archetypeId ?? '',
      sceneId: entry.sceneId,
      payload: { ...entry.payload },
      location,
      // Placed by an operator: approved unless the form (of a moderated type) says otherwise.
      approved: entry.approved ?? before?.approved ?? true,
      owner: null,
      createdBy: before?.createdBy ?? null,
      createdWhen: before?.createdWhen ?? now.toISOString(),
      home: before?.home ?? null,
    };
    return { ...world, objects: { ...world.objects, [entry.id]: object } };
  }
  const before = world.offers[entry.id];
  const offerId = entry.offerId ?? '';
  const quantity =
    entry.quantity !== undefined
      ? Math.max(0, Math.floor(entry.quantity))
      : before && before.offerId === offerId
        ? before.quantity
        : offerQuantityOf(spec, offerId);
  const offer: OfferInstance = {
    id: entry.id,
    name: entry.name,
    type: 'offer',
    offerId,
    sceneId: entry.sceneId,
    payload: { ...entry.payload },
    location,
    quantity,
  };
  return { ...world, offers: { ...world.offers, [entry.id]: offer } };
}

/** The world without the object or offer `id` (404 when it is not lying in the world). */
export function withoutWorldItem(world: WorldState, type: WorldEntryType, id: string): WorldState {
  if (type === 'object') {
    if (!world.objects[id]) throw fail.notFound(OPERATION_MESSAGES.worldItemNotFound);
    const { [id]: _removed, ...objects } = world.objects;
    return { ...world, objects };
  }
  if (!world.offers[id]) throw fail.notFound(OPERATION_MESSAGES.worldItemNotFound);
  const { [id]: _removed, ...offers } = world.offers;
  return { ...world, offers };
}
