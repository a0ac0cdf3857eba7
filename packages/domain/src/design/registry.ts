import type { LockKind } from '../lock.js';

/**
 * The design entity kinds of spec 2 §3, each with its API path segment
 * (`/api/design/{gameId}/{segment}`), its edit-lock kind and its schema.
 *
 * THIS FILE IS THE CONTRACT between the domain, the server and the web:
 * the server's generic design routes and the workspace loaders iterate over
 * DESIGN_KINDS; the schemas below are filled in by the per-kind modules.
 */
export const DESIGN_KINDS = [
  'scene',
  'milestone',
  'mission',
  'interaction',
  'character',
  'item',
  'attribute',
  'archetype',
  'offer',
  'location',
  'rule',
] as const;
export type DesignKind = (typeof DESIGN_KINDS)[number];

/** Whether a name is a design kind (an action's `whatKinds` also name non-entities: a property, a medium, a timer). */
export function isDesignKind(name: string): name is DesignKind {
  return (DESIGN_KINDS as readonly string[]).includes(name);
}

export interface DesignKindInfo {
  /** Path segment under /api/design/{gameId}/ (spec 2 §7). */
  segment: string;
  /** Edit-lock kind of its form (spec 2 §7). */
  lockKind: LockKind;
  /** Human label for toasts and messages ('{label} deleted'). */
  label: string;
}

export const DESIGN_KIND_INFO = {
  scene: { segment: 'scenes', lockKind: 'scene', label: 'Scene' },
  milestone: { segment: 'milestones', lockKind: 'milestone', label: 'Milestone' },
  mission: { segment: 'missions', lockKind: 'mission', label: 'Mission' },
  interaction: { segment: 'interactions', lockKind: 'interaction', label: 'Interaction' },
  character: { segment: 'characters', lockKind: 'npc', label: 'Character' },
  item: { segment: 'items', lockKind: 'item', label: 'Item' },
  attribute: { segment: 'attributes', lockKind: 'attribute', label: 'Attribute' },
  archetype: { segment: 'archetypes', lockKind: 'archetype', label: 'Object type' },
  offer: { segment: 'offers', lockKind: 'offer', label: 'Offer' },
  location: { segment: 'locations', lockKind: 'location', label: 'Location' },
  rule: { segment: 'rules', lockKind: 'rule', label: 'Rule' },
} as const satisfies Record<DesignKind, DesignKindInfo>;

/** The API path segment of a kind ('scenes' for 'scene'), as a type. */
export type DesignSegment<K extends DesignKind = DesignKind> = (typeof DESIGN_KIND_INFO)[K]['segment'];

/** The kind whose path segment is `segment`, if any. */
export function designKindOfSegment(segment: string): DesignKind | undefined {
  return DESIGN_KINDS.find((kind) => DESIGN_KIND_INFO[kind].segment === segment);
}

/** A stored design entity: its id, game, unique-per-kind name and the kind's own fields. */
export interface DesignEntity {
  id: string;
  gameId: string;
  name: string;
  [field: string]: unknown;
}

/** A reference from one entity to another, found by `referencesOf` (used to refuse deleting what others use). */
export interface DesignReference {
  kind: DesignKind;
  id: string;
}
