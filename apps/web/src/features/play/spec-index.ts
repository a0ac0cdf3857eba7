import {
  objectTitleField,
  type Archetype,
  type Attribute,
  type Character,
  type DesignEntity,
  type DesignEntityOf,
  type DesignKind,
  type Interaction,
  type Item,
  type Location,
  type Mission,
  type NameLookup,
  type Offer,
  type PlayerEntityOf,
  type PlayerKind,
  type Scene,
} from '@loci/domain';
import type { ObjectInstance, OfferInstance } from '@loci/engine';

/**
 * Entities by kind: a player-safe spec's (PlayerSpec, without what decides the
 * game), or in playtests the whole design's. The lookups below type them as
 * their kinds' entities; a player-safe one lacks the secret fields, which no
 * player screen reads.
 */
export type SpecEntities = { [K in PlayerKind]?: Array<PlayerEntityOf<K>> } & {
  [K in Exclude<DesignKind, PlayerKind>]?: Array<DesignEntityOf<K>>;
};

/** The entities of a player-safe spec, by kind and id, with the lookups the player screens need. */
export interface SpecIndex {
  byId: (kind: DesignKind, id: string | null | undefined) => DesignEntity | undefined;
  list: <T>(kind: DesignKind) => T[];
  interaction: (id: string | undefined) => Interaction | undefined;
  scene: (id: string | null | undefined) => Scene | undefined;
  location: (id: string) => Location | undefined;
  item: (id: string) => Item | undefined;
  attribute: (id: string) => Attribute | undefined;
  archetype: (id: string) => Archetype | undefined;
  offer: (id: string) => Offer | undefined;
  mission: (id: string) => Mission | undefined;
  character: (id: string | undefined) => Character | undefined;
  /** Title (else name) of an entity, for describeCondition and lists. */
  nameOf: NameLookup;
}

function displayName(entity: { name: string } | undefined): string | undefined {
  if (!entity) return undefined;
  const title = (entity as { title?: unknown }).title;
  return typeof title === 'string' && title.trim() ? title : entity.name;
}

/** Indexes the entities of `spec` (and, in playtests, of the full design) once. */
export function indexSpec(entities: SpecEntities): SpecIndex {
  const maps = new Map<DesignKind, Map<string, DesignEntity>>();
  for (const [kind, list] of Object.entries(entities) as Array<[DesignKind, DesignEntity[] | undefined]>) {
    maps.set(kind, new Map((list ?? []).map((entity) => [entity.id, entity])));
  }
  const byId = (kind: DesignKind, id: string | null | undefined) => (id ? maps.get(kind)?.get(id) : undefined);
  const typed =
    <T>(kind: DesignKind) =>
    (id: string | null | undefined) =>
      byId(kind, id) as T | undefined;
  return {
    byId,
    list: <T>(kind: DesignKind) => [...(maps.get(kind)?.values() ?? [])] as T[],
    interaction: typed<Interaction>('interaction'),
    scene: typed<Scene>('scene'),
    location: typed<Location>('location'),
    item: typed<Item>('item'),
    attribute: typed<Attribute>('attribute'),
    archetype: typed<Archetype>('archetype'),
    offer: typed<Offer>('offer'),
    mission: typed<Mission>('mission'),
    character: typed<Character>('character'),
    nameOf: (kind, id) => displayName(byId(kind, id)),
  };
}

/** The type of a world thing: its archetype (objects) or offer. */
export function definitionOf(index: SpecIndex, thing: ObjectInstance | OfferInstance): Archetype | Offer | undefined {
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
export function sceneCircle(scene: Scene): { lat: number; lng: number; radius: number } | null {
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
