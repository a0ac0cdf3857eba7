import {
  readableTitle,
  objectTitleField,
  type DesignEntityOf,
  type DesignKind,
  type NameLookup,
  type PlayerEntityOf,
  type PlayerKind,
} from '@loci/domain';
import type { ObjectInstance, OfferInstance } from '@loci/engine';

/**
 * Entities by kind: a player-safe spec's (PlayerSpec, without what decides the
 * game), or in playtests the whole design's. The shown kinds are read as their
 * player-safe entities (a full design entity is one too: it only has more
 * fields); the kinds a player is never sent (rules, milestones) as design entities.
 */
export type SpecEntityOf<K extends DesignKind> = K extends PlayerKind ? PlayerEntityOf<K> : DesignEntityOf<K>;
export type SpecEntities = { [K in DesignKind]?: Array<SpecEntityOf<K>> };

/** The entities of a player-safe spec, by kind and id, with the lookups the player screens need. */
export interface SpecIndex {
  byId: <K extends DesignKind>(kind: K, id: string | null | undefined) => SpecEntityOf<K> | undefined;
  list: <K extends DesignKind>(kind: K) => Array<SpecEntityOf<K>>;
  interaction: (id: string | undefined) => SpecEntityOf<'interaction'> | undefined;
  scene: (id: string | null | undefined) => SpecEntityOf<'scene'> | undefined;
  location: (id: string) => SpecEntityOf<'location'> | undefined;
  item: (id: string) => SpecEntityOf<'item'> | undefined;
  attribute: (id: string) => SpecEntityOf<'attribute'> | undefined;
  archetype: (id: string) => SpecEntityOf<'archetype'> | undefined;
  offer: (id: string) => SpecEntityOf<'offer'> | undefined;
  mission: (id: string) => SpecEntityOf<'mission'> | undefined;
  character: (id: string | undefined) => SpecEntityOf<'character'> | undefined;
  /** Title (else name) of an entity, for describeCondition and lists. */
  nameOf: NameLookup;
}

function displayName(entity: { name: string; title?: unknown } | undefined): string | undefined {
  return entity ? readableTitle(entity) : undefined;
}

/** Entities of one kind by id; the map of `kind` holds only entities of that kind. */
type KindMaps = { [K in DesignKind]?: Map<string, SpecEntityOf<K>> };

/** Indexes the entities of `spec` (and, in playtests, of the full design) once. */
export function indexSpec(entities: SpecEntities): SpecIndex {
  const maps: KindMaps = {};
  const put = <K extends DesignKind>(kind: K, list: Array<SpecEntityOf<K>> | undefined) => {
    (maps as { [P in K]?: Map<string, SpecEntityOf<P>> })[kind] = new Map(
      (list ?? []).map((entity) => [entity.id, entity]),
    );
  };
  for (const kind of Object.keys(entities) as DesignKind[]) put(kind, entities[kind]);
  const mapOf = <K extends DesignKind>(kind: K) => (maps as { [P in K]?: Map<string, SpecEntityOf<P>> })[kind];
  const byId = <K extends DesignKind>(kind: K, id: string | null | undefined) =>
    id ? mapOf(kind)?.get(id) : undefined;
  const lookup =
    <K extends DesignKind>(kind: K) =>
    (id: string | null | undefined) =>
      byId(kind, id);
  return {
    byId,
    list: (kind) => [...(mapOf(kind)?.values() ?? [])],
    interaction: lookup('interaction'),
    scene: lookup('scene'),
    location: lookup('location'),
    item: lookup('item'),
    attribute: lookup('attribute'),
    archetype: lookup('archetype'),
    offer: lookup('offer'),
    mission: lookup('mission'),
    character: lookup('character'),
    nameOf: (kind, id) => displayName(byId(kind, id)),
  };
}

/** The type of a world thing: its archetype (objects) or offer. */
export function definitionOf(
  index: SpecIndex,
  thing: ObjectInstance | OfferInstance,
): SpecEntityOf<'archetype'> | SpecEntityOf<'offer'> | undefined {
  return thing.type === 'offer' ? index.offer(thing.offerId) : index.archetype(thing.archetypeId);
}

/** What a player calls an object or offer: its title field, else its type's title, else its system name. */
export function thingTitle(index: SpecIndex, thing: ObjectInstance | OfferInstance): string {
  const definition = definitionOf(index, thing);
  const field = definition ? objectTitleField(definition.payloadSpec ?? {}) : null;
  const value = field ? thing.payload?.[field] : undefined;
  if ((typeof value === 'string' && value.trim()) || typeof value === 'number') return String(value);
  return displayName(definition) ?? thing.name;
}

/** Centre and radius of a scene circle (place, else lat/lng/radius). */
export function sceneCircle(scene: SpecEntityOf<'scene'>): { lat: number; lng: number; radius: number } | null {
  const lat = scene.place?.center?.latitude ?? scene.lat;
  const lng = scene.place?.center?.longitude ?? scene.lng;
  const radius = scene.place?.radius ?? scene.radius ?? 100;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { lat, lng, radius: radius > 0 ? radius : 100 };
}

/** Strips markup from stored rich text (for short labels). */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').trim();
}
