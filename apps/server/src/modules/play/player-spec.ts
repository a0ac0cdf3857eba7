import {
  DESIGN_KINDS,
  designEntitySchema,
  gameValuesSchemaFor,
  isPlayerSecretKey,
  playerSpecSchema,
  type DesignEntityOf,
  type DesignKind,
  type GameSpec,
  type PlayerSpec,
} from '@loci/domain';
import { sanitizeRichTextFields } from '../../lib/rich-text.js';

/*
 * What a player's app may read of the spec it plays. The app renders scenes,
 * locations, dialogs, items, characters, object types, offers and missions
 * from it; it must not learn how the game decides (rules, conditions, effects),
 * what the right answers are, nor what the designer kept for themselves
 * (notes, hidden attributes and items, the passcode, the email lists).
 *
 * Keys are dropped by NAME at any depth (the domain's PLAYER_SECRET_KEYS), so a
 * field added later under one of these names (a new condition list on some
 * entity) stays hidden without anyone remembering to list it here; the answer
 * is then read through playerSpecSchema, which types it.
 */
/** A deep copy of `value` without the secret keys. */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!isPlayerSecretKey(key)) copy[key] = withoutSecrets(inner);
  }
  return copy;
}

/** Kinds the app never needs: rules are the game's logic; milestones are only reached, never shown. */
const DROPPED_KINDS: ReadonlySet<DesignKind> = new Set<DesignKind>(['rule', 'milestone']);

/** Hidden attributes and items (but the currency item, which the view shows) are for the engine only. */
function isShown(entity: DesignEntityOf<DesignKind>): boolean {
  if (!('hidden' in entity)) return true;
  return !entity.hidden || ('isCurrency' in entity && entity.isCurrency);
}

// Where a stored entity or the game's settings hold rich text: their form schemas mark it.
const ENTITY_SCHEMAS = new Map(DESIGN_KINDS.map((kind) => [kind, designEntitySchema(kind)]));
const GAME_SCHEMA = gameValuesSchemaFor('edit');

/** The game's settings with their rich text (description, instructions, terms) sanitised. */
export function withSafeGameTexts<T extends object>(settings: T): T {
  return sanitizeRichTextFields(GAME_SCHEMA, settings) as T;
}

/** An entity with its rich text sanitised (specs published before rich text was sanitised on save). */
function withSafeRichText(kind: DesignKind, entity: DesignEntityOf<DesignKind>): unknown {
  const schema = ENTITY_SCHEMAS.get(kind);
  return schema ? sanitizeRichTextFields(schema, entity) : entity;
}

// Specs are cached per version by the runtime, so each is made player-safe once.
const safeSpecs = new WeakMap<GameSpec, PlayerSpec>();

/**
 * The player-safe copy of a spec (GET /api/play/instances/{id}/game). The
 * initial world is left out too: what lies in the world is in the player's
 * view, as far as they perceive it.
 */
export function playerSafeSpec(spec: GameSpec): PlayerSpec {
  const cached = safeSpecs.get(spec);
  if (cached) return cached;
  const entities: Record<string, unknown[]> = {};
  for (const kind of DESIGN_KINDS) {
    if (DROPPED_KINDS.has(kind)) continue;
    const list: Array<DesignEntityOf<DesignKind>> = spec.entities[kind] ?? [];
    entities[kind] = list.filter(isShown).map((entity) => withoutSecrets(withSafeRichText(kind, entity)));
  }
  const game = withoutSecrets({
    ...withSafeGameTexts(spec.game),
    playPassword: undefined,
    additionalDesignersEmailsText: undefined,
    additionalDesignerOnlyAccessEmailsText: undefined,
    restrictAccessToEmailsText: undefined,
  }) as Record<string, unknown>;
  for (const key of Object.keys(game)) if (game[key] === undefined) delete game[key];
  const safe = playerSpecSchema.parse({ schemaVersion: spec.schemaVersion, game, entities });
  safeSpecs.set(spec, safe);
  return safe;
}
