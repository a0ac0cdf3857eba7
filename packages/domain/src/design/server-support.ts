import { z } from 'zod';
import { translationsSchema } from './translations.js';
import { gameVersionSchema } from '../game-operations.js';
import { gameWithRightsSchema } from '../game.js';
import type { DesignContext } from './fields.js';
import { publishedEntitySchema } from './published.js';
import type { DesignEntityOf } from './index.js';
import {
  DESIGN_KIND_INFO,
  DESIGN_KINDS,
  designKindOfSegment,
  type DesignKind,
  type DesignSegment,
} from './registry.js';

/**
 * The request and answer shapes of the design API (spec 2 §7, spec 3 §7) that
 * the per-kind modules do not define: the workspace loader, versions and
 * publishing, the initial world, `asyncValidateForm`, and the API's own texts.
 */

/** What a kind's schema needs to know of its game, both always known on the server (spec 2 §3). */
export type DesignSchemaContext = Required<DesignContext>;

/**
 * What uses an entity or a medium, in a refusal to delete it: a design kind, an entry of the initial world, the
 * game's settings, the working version's initial world or a published version (its number as the name).
 */
export type UserKind = DesignKind | 'worldObject' | 'worldOffer' | 'game' | 'initialWorld' | 'publishedVersion';
export interface EntityUser {
  kind: UserKind;
  name: string;
}

/** The English word of each kind of user in 'Used by …' messages. */
export const USER_KIND_WORDS: Record<UserKind, string> = {
  ...(Object.fromEntries(DESIGN_KINDS.map((kind) => [kind, DESIGN_KIND_INFO[kind].label.toLowerCase()])) as Record<
    DesignKind,
    string
  >),
  worldObject: 'world object',
  worldOffer: 'world offer',
  game: 'game',
  initialWorld: 'initial world',
  publishedVersion: 'published version',
};

/** Texts of the design API that the spec leaves to us, written once. */
export const DESIGN_API_MESSAGES = {
  nameTaken: 'Name already exists',
  notFound: (label: string) => `${label} not found`,
  /** 'Rule not found': a design kind's label (said in the reader's language). */
  kindNotFound: (kind: DesignKind) => `${DESIGN_KIND_INFO[kind].label} not found`,
  /** Refusal to delete what other entities use: 'Used by rule "Enter harbour", location "Old Harbour"'. */
  usedBy: (users: readonly EntityUser[]) =>
    `Used by ${users
      .map((user) => `${USER_KIND_WORDS[user.kind]} "${user.kind === 'initialWorld' ? 'working version' : user.name}"`)
      .join(', ')}`,
  ruleAlreadyFirst: 'This rule is already the first of its scene',
  ruleAlreadyLast: 'This rule is already the last of its scene',
  sceneOrderIncomplete: 'List every scene of the game exactly once',
  versionNotFound: 'Game version not found',
  publishedVersionImmutable: 'A published version cannot be changed; edit the working version (current) instead',
  workingVersionOwnerOnly: 'The owner-only flag of the working version cannot be changed',
  workingVersionNotArchivable: 'The working version cannot be archived',
  versionArchived: 'This version is archived',
  worldEntryNotFound: 'Item not found',
  unknownForm: (form: string) => `Unknown form '${form}'`,
} as const;

// ─── Design entities ─────────────────────────────────────────────────────────

/** A design entity as the API answers it: `{ id, gameId, name, …the kind's fields }` (rules add sceneId and idx, scenes idx). */
export const designEntityResponseSchema = z.looseObject({ id: z.string(), gameId: z.string(), name: z.string() });

/**
 * A design entity of `kind` as the API answers it: its kind's fields, typed
 * (the published-spec schema, so the OpenAPI document shows every field and an
 * entity saved before a field still answers, with the field's default).
 */
export function designEntityAnswerSchema<K extends DesignKind>(kind: K) {
  return publishedEntitySchema(kind);
}

/** Every kind's entity list, keyed as `key(kind)` gives (the spec's kinds, the workspace's path segments). */
function entityListsBy<Key extends string>(key: (kind: DesignKind) => Key) {
  return z.object(
    Object.fromEntries(DESIGN_KINDS.map((kind) => [key(kind), z.array(designEntityAnswerSchema(kind))])) as Record<
      Key,
      z.ZodArray<ReturnType<typeof designEntityAnswerSchema>>
    >,
  );
}

/** POST/PATCH body of a design entity before the kind's schema reads it (it is validated by the service). */
export const designEntityBodySchema = z.looseObject({});

/** POST /api/design/{gameId}/rules/{id}/move. */
export const ruleMoveSchema = z.object({ direction: z.enum(['up', 'down']) });
export type RuleMove = z.infer<typeof ruleMoveSchema>;

/** PUT /api/design/{gameId}/scenes/order: every scene id of the game, in the designer's order (the game's script order). */
export const sceneOrderSchema = z.object({ ids: z.array(z.string().min(1)).max(1000) });
export type SceneOrder = z.infer<typeof sceneOrderSchema>;

/** DELETE answer of a design entity: what went (a scene takes its rules and locations with it). */
export const designDeleteResponseSchema = z.object({
  success: z.literal(true),
  deleted: z.array(z.object({ kind: z.enum(DESIGN_KINDS), id: z.string(), name: z.string() })),
});

// ─── Initial world (spec 3 §3, §7) ───────────────────────────────────────────

/** The two paths of DELETE /initialStates/{versionId}/{path}/{sceneId}/{id}. */
export const INITIAL_STATE_PATHS = ['state.has.object', 'state.has.offer'] as const;
export type InitialStatePath = (typeof INITIAL_STATE_PATHS)[number];

/** One object or offer of the initial world, as answered (the shape of WorldEntry). */
export const worldEntryResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  sceneId: z.string(),
  archetypeId: z.string().optional(),
  offerId: z.string().optional(),
  payload: z.record(z.string(), z.unknown()),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  approved: z.boolean().optional(),
  /** Offers: how many are on offer at this place. */
  quantity: z.number().optional(),
  type: z.enum(['object', 'offer']),
});

const entriesBySceneSchema = z.record(z.string(), z.record(z.string(), worldEntryResponseSchema));
/** An InitialState as answered. */
export const initialStateResponseSchema = z.object({
  has: z.object({ object: entriesBySceneSchema, offer: entriesBySceneSchema }),
});
/** GET/POST/DELETE /initialStates/…: `{ state }`. */
export const initialStateAnswerSchema = z.object({ state: initialStateResponseSchema });

/** The body of POST /initialStates/{versionId}: the object or offer form values (validated by the service). */
export const worldEntryBodySchema = z.looseObject({});

/** GET /initialStateSpecs/{versionId}: what the object and offer forms pick from. */
export const initialStateSpecsSchema = z.object({
  scenes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      title: z.string(),
      center: z.object({ latitude: z.number(), longitude: z.number() }),
      radius: z.number(),
      universe: z.boolean(),
    }),
  ),
  archetypes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      title: z.string(),
      payloadSpec: z.record(z.string(), z.unknown()),
      iconUri: z.string().nullable(),
      moderated: z.boolean(),
    }),
  ),
  offers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      title: z.string(),
      payloadSpec: z.record(z.string(), z.unknown()),
      iconUri: z.string().nullable(),
      quantity: z.number().nullable(),
    }),
  ),
});
export type InitialStateSpecs = z.infer<typeof initialStateSpecsSchema>;

// ─── Versions and publishing ─────────────────────────────────────────────────

/**
 * A game version as the design API lists it: the games API's shape plus its
 * number (`version`, 0 for the working version) and, on the working version
 * only, `publishDue` (spec 2 §4: the newest published version is older than the
 * last design change, or there is none).
 */
export const designGameVersionSchema = gameVersionSchema.extend({
  version: z.number().int(),
  publishDue: z.boolean().optional(),
});
export type DesignGameVersion = z.infer<typeof designGameVersionSchema>;

/** A version with its whole specification (GameSpec). */
export const gameVersionWithSpecSchema = designGameVersionSchema.extend({
  spec: z.object({
    schemaVersion: z.number(),
    game: z.looseObject({ id: z.string(), title: z.string() }),
    entities: entityListsBy((kind) => kind),
    initialState: initialStateResponseSchema,
    /** The texts in the game's other languages, by language then text id (issue 31). */
    translations: translationsSchema,
  }),
});

/**
 * PATCH /api/design/{gameId}/gameVersions/{id}: any of the version form's
 * fields; those left out keep their value (publishing, POST, takes the whole
 * form: gameVersionFormSchema).
 */
export const updateVersionSchema = z.object({
  versionNotes: z.string().max(10_000).optional(),
  restrictAccessToDesigner: z.boolean().optional(),
  multipleInstances: z.boolean().optional(),
  newInstancesAllowed: z.boolean().optional(),
});
export type UpdateVersionValues = z.output<typeof updateVersionSchema>;

// ─── The workspace loader ────────────────────────────────────────────────────

/** GET /api/design/{gameId}/workspace: everything the workspace shell loads (spec 2 §2), in one answer. */
export const workspaceResponseSchema = entityListsBy((kind) => DESIGN_KIND_INFO[kind].segment).extend({
  game: gameWithRightsSchema,
  versions: z.array(designGameVersionSchema),
  current: designGameVersionSchema.extend({ initialState: initialStateResponseSchema }),
  /** The working version's publishDue, repeated here for the Publish button. */
  publishDue: z.boolean(),
  /** The texts in the game's other languages, by language then text id (issue 31): coverage and the Problems panel. */
  translations: translationsSchema.optional(),
});
/**
 * The workspace answer with each kind's list typed by its kind (the schema
 * documents them as entities; their shapes are the kinds' schemas' outputs).
 */
export type WorkspaceResponse = Omit<z.infer<typeof workspaceResponseSchema>, DesignSegment> & {
  [K in DesignKind as DesignSegment<K>]: Array<DesignEntityOf<K>>;
};

// workspaceEntities, workspaceEntitiesByKind: in ./workspace-entities.ts (no zod: the player's playtest reads them),
// re-exported here.
export { workspaceEntities, workspaceEntitiesByKind } from './workspace-entities.js';

/** A workspace answer whose list of `kind` is `entities` (for updating a cached workspace). */
export function withWorkspaceEntities<W extends Pick<WorkspaceResponse, DesignSegment>, K extends DesignKind>(
  workspace: W,
  kind: K,
  entities: Array<DesignEntityOf<K>>,
): W {
  return { ...workspace, [DESIGN_KIND_INFO[kind].segment]: entities };
}

// ─── asyncValidateForm (spec 2 §7, spec 3 §7) ───────────────────────────────

/** POST /api/design/utils/asyncValidateForm?gameId=… */
export const asyncValidateQuerySchema = z.object({ gameId: z.string().min(1) });
export const asyncValidateRequestSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  activeForm: z.string().min(1),
  blurredField: z.string().nullish(),
});
export type AsyncValidateRequest = z.infer<typeof asyncValidateRequestSchema>;
export const asyncValidateResponseSchema = z.object({
  success: z.boolean(),
  errors: z.record(z.string(), z.string()),
});
export type AsyncValidateResponse = z.infer<typeof asyncValidateResponseSchema>;

/** What an `activeForm` names: a design kind (by kind or path segment), the game settings, or a world object/offer. */
export type AsyncForm =
  { type: 'design'; kind: DesignKind } | { type: 'game' } | { type: 'world'; entry: 'object' | 'offer' };

/** Reads the `activeForm` of asyncValidateForm ('milestone' and 'milestones' alike); undefined when unknown. */
export function asyncFormOf(activeForm: string): AsyncForm | undefined {
  const form = activeForm.trim();
  if (form === 'game' || form === 'games') return { type: 'game' };
  if (form === 'object' || form === 'objects') return { type: 'world', entry: 'object' };
  if (form === 'offerObject' || form === 'offerObjects') return { type: 'world', entry: 'offer' };
  const kind = (DESIGN_KINDS as readonly string[]).includes(form) ? (form as DesignKind) : designKindOfSegment(form);
  if (kind) return { type: 'design', kind };
  // The lock kind of characters ('npc') names the same form.
  const byLock = DESIGN_KINDS.find((candidate) => DESIGN_KIND_INFO[candidate].lockKind === form);
  return byLock ? { type: 'design', kind: byLock } : undefined;
}
