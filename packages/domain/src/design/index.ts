import type { z } from 'zod';
import { toFieldErrors, type FieldErrors } from '../errors.js';
import type { DesignEntity, DesignKind, DesignReference } from './registry.js';
import type { DesignContext } from './fields.js';
import { archetypeSchemaFor, newArchetypeDefaults, newOfferDefaults, offerSchemaFor } from './archetype.js';
import type { Archetype, Offer } from './archetype.js';
import { attributeSchemaFor, newAttributeDefaults, type Attribute } from './attribute.js';
import { characterSchemaFor, newCharacterDefaults, type Character } from './character.js';
import { interactionSchemaFor, newInteractionDefaults, type Interaction } from './interaction.js';
import { itemSchemaFor, newItemDefaults, type Item } from './item.js';
import { locationSchemaFor, newLocationDefaults, type Location } from './location.js';
import { milestoneSchemaFor, newMilestoneDefaults, type Milestone } from './milestone.js';
import { missionSchemaFor, newMissionDefaults, type Mission } from './mission.js';
import { findReferences, type KindOf } from './references.js';
import { newRuleDefaults, ruleSchemaFor, type Rule } from './rule.js';
import { newSceneDefaults, sceneSchemaFor, type Scene } from './scene.js';

export * from './registry.js';
export * from './spec.js';
export {
  isPlayerSecretKey,
  parsePublishedEntities,
  parsePublishedGame,
  playerSpecSchema,
  publishedEntitySchema,
  type PlayerEntityOf,
  type PlayerKind,
  type PlayerSpec,
} from './published.js';
export * from './vocabulary.js';
export * from './problem-messages.js';
export * from './messages.js';
export * from './readable-title.js';
export { newId, type DesignContext, type IssuePath, type Report } from './fields.js';
export * from './condition.js';
export * from './action.js';
export * from './rule.js';
export * from './scene.js';
export * from './milestone.js';
export * from './mission.js';
export * from './interaction.js';
export * from './character.js';
export * from './attribute.js';
export * from './item.js';
export * from './archetype.js';
export * from './location.js';
export * from './game-version.js';
export * from './world.js';
export * from './qr.js';
export * from './references.js';
export * from './describe.js';
export * from './version-diff.js';
export * from './translations.js';
export * from './translating.js';

/** Each kind's schema factory: the form body's schema for a context (the game's playground type and market). */
const DESIGN_SCHEMAS = {
  scene: sceneSchemaFor,
  milestone: milestoneSchemaFor,
  mission: missionSchemaFor,
  interaction: interactionSchemaFor,
  character: characterSchemaFor,
  item: itemSchemaFor,
  attribute: attributeSchemaFor,
  archetype: archetypeSchemaFor,
  offer: offerSchemaFor,
  location: locationSchemaFor,
  rule: ruleSchemaFor,
} satisfies Record<DesignKind, (context: DesignContext) => z.ZodType>;

/** The schema of one kind, whatever the context. */
export type DesignSchemaOf<K extends DesignKind> = ReturnType<(typeof DESIGN_SCHEMAS)[K]>;
/** The validated form body of a kind: what its schema gives (`z.output`). */
export type DesignValuesOf<K extends DesignKind> = z.output<DesignSchemaOf<K>>;
/**
 * A stored design entity of a kind: its schema's output with the id and game
 * the server gives it (rules also get their place in the scene, `idx`; scenes their place in the designer's order). Of
 * several kinds, it is the union of each kind's entity.
 */
export type DesignEntityOf<K extends DesignKind> = K extends DesignKind
  ? Omit<DesignValuesOf<K>, 'idx'> & { id: string; gameId: string } & (K extends 'rule'
        ? { idx: number }
        : K extends 'scene'
          ? { idx?: number | null }
          : unknown)
  : never;
/** Every design entity of a game, by kind (a GameSpec's `entities`). */
export type DesignEntitiesByKind = { [K in DesignKind]: Array<DesignEntityOf<K>> };

/** No entity of any kind: an empty list per kind. */
export function emptyDesignEntities(): DesignEntitiesByKind {
  return {
    scene: [],
    milestone: [],
    mission: [],
    interaction: [],
    character: [],
    item: [],
    attribute: [],
    archetype: [],
    offer: [],
    location: [],
    rule: [],
  };
}

/** The form body (validated values) of each design kind. */
export type DesignValuesByKind = { [K in DesignKind]: DesignValuesOf<K> };
/** The stored entity of each design kind. */
export type DesignEntityByKind = { [K in DesignKind]: DesignEntityOf<K> };

// The kinds' own names (Scene, Rule…) are these very types: a schema whose output drifts from its
// interface is a compile error here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const kindTypesMatchSchemas: {
  [K in DesignKind]: Same<
    DesignEntityOf<K>,
    {
      scene: Scene;
      milestone: Milestone;
      mission: Mission;
      interaction: Interaction;
      character: Character;
      item: Item;
      attribute: Attribute;
      archetype: Archetype;
      offer: Offer;
      location: Location;
      rule: Rule;
    }[K]
  >;
} = {
  scene: true,
  milestone: true,
  mission: true,
  interaction: true,
  character: true,
  item: true,
  attribute: true,
  archetype: true,
  offer: true,
  location: true,
  rule: true,
};
void kindTypesMatchSchemas;

/** The schema of each kind for a context (the game's playground type and market). */
export function designSchemaFor<K extends DesignKind>(kind: K, context: DesignContext = {}): DesignSchemaOf<K> {
  // Indexing a mapped type by K keeps each kind's own schema type.
  const factories: { [Kind in DesignKind]: (context: DesignContext) => DesignSchemaOf<Kind> } = DESIGN_SCHEMAS;
  return factories[kind](context);
}

/**
 * The zod schema of a kind's form body (POST and PATCH): its own fields,
 * validated with the spec's messages ('Required' for a missing name in every
 * kind). `context` gives what some rules depend on: an image game requires a
 * scene's background image, a game without a market clears prices.
 */
export function designEntitySchema<K extends DesignKind>(kind: K, context: DesignContext = {}): DesignSchemaOf<K> {
  return designSchemaFor(kind, context);
}

/** Validates a kind's form values; field errors keyed by path, or null when valid (for asyncValidateForm). */
export function validateDesignEntity(
  kind: DesignKind,
  values: unknown,
  context: DesignContext = {},
): FieldErrors | null {
  const result = designSchemaFor(kind, context).safeParse(values);
  return result.success ? null : toFieldErrors(result.error.issues);
}

/** The values of a kind's create form. */
export function newDesignEntityDefaults<K extends DesignKind>(kind: K): z.input<ReturnType<typeof designSchemaFor<K>>> {
  const defaults: Record<DesignKind, () => unknown> = {
    scene: () => newSceneDefaults(),
    milestone: newMilestoneDefaults,
    mission: newMissionDefaults,
    interaction: () => newInteractionDefaults(),
    character: newCharacterDefaults,
    item: newItemDefaults,
    attribute: newAttributeDefaults,
    archetype: newArchetypeDefaults,
    offer: newOfferDefaults,
    location: () => newLocationDefaults(),
    rule: () => newRuleDefaults(),
  };
  return defaults[kind]() as z.input<ReturnType<typeof designSchemaFor<K>>>;
}

/**
 * Every other design entity an entity refers to (by kind and id): the elements
 * of its conditions, the targets and character actors of its actions, the
 * scene of a rule or location, the speakers of a conversation. The server uses
 * it to refuse deleting an entity that others use. `kindOf` resolves an
 * action's 'what' that may be of several kinds (an item or an attribute).
 */
export function referencesOf(kind: DesignKind, entity: DesignEntity, kindOf?: KindOf): DesignReference[] {
  return findReferences(kind, entity, kindOf);
}
