import { z } from 'zod';
import { richTextAsText } from '../rich-text.js';
import { DESIGN_KIND_INFO, DESIGN_KINDS, type DesignKind } from './registry.js';
import type { GameSpec, WorldEntry } from './spec.js';
import { CONTENT_LANGUAGE_NAMES, isContentLanguage, translatableTexts } from './translations.js';

/**
 * Comparing two versions of a game (docs/versions.md): what was added, removed
 * and changed, entity by entity and field by field, with a sentence for each
 * change ("Scene 'Harbour': name changed from 'Harbour' to 'Old port'").
 * Pure: the versions module answers it, the web shows it, the roll back uses
 * it to know which entities it rewrites.
 */

/** What a change is about: a design kind, the game's settings, or the initial world. */
export type VersionChangeSubject = DesignKind | 'game' | 'world';

export interface VersionFieldChange {
  /** The field's path ('name', 'accomplishment.type', 'actions'). */
  field: string;
  /** The value before and after, in words (rich text as its text; lists and objects shortened). */
  before: string;
  after: string;
}

export interface VersionChange {
  subject: VersionChangeSubject;
  id: string;
  /** The entity's name (the newer one when it was renamed). */
  name: string;
  change: 'added' | 'removed' | 'changed';
  /** Field by field, for 'changed' only. */
  fields: VersionFieldChange[];
}

export interface VersionDiff {
  changes: VersionChange[];
  counts: { added: number; removed: number; changed: number };
}

/** Fields that are the storage's, never the designer's. */
const IGNORED_FIELDS = new Set(['gameId', 'createdAt', 'updatedAt', '_id']);
/** The longest value shown in words before it is cut. */
const MAX_WORDS_LENGTH = 120;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const HTML_TAG = /<\/?[a-z][^>]*>/i;
/** A value as compared: rich text (a string with tags) as its text, anything else as is. */
function comparable(value: unknown): unknown {
  return typeof value === 'string' && HTML_TAG.test(value) ? richTextAsText(value) : value;
}

/** Deep equality of JSON values, rich text compared as text, key order ignored. */
export function sameValue(a: unknown, b: unknown): boolean {
  const left = comparable(a);
  const right = comparable(b);
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, i) => sameValue(item, right[i]));
  }
  if (isObject(left) && isObject(right)) {
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    return [...keys].every((key) => sameValue(left[key], right[key]));
  }
  // A missing field and an empty one read the same to a designer.
  if ((left === undefined || left === null) && (right === undefined || right === null)) return true;
  return left === right;
}

function cut(text: string): string {
  return text.length > MAX_WORDS_LENGTH ? `${text.slice(0, MAX_WORDS_LENGTH - 1)}…` : text;
}

/** A value in words: text quoted, numbers and yes/no as such, lists by their size. */
export function valueInWords(value: unknown): string {
  const shown = comparable(value);
  if (shown === undefined || shown === null || shown === '') return 'nothing';
  if (typeof shown === 'string') return `'${cut(shown)}'`;
  if (typeof shown === 'boolean') return shown ? 'yes' : 'no';
  if (typeof shown === 'number') return String(shown);
  if (Array.isArray(shown))
    return shown.length === 0 ? 'none' : `${shown.length} ${shown.length === 1 ? 'entry' : 'entries'}`;
  return cut(JSON.stringify(shown));
}

/**
 * The field changes between two values of an entity: objects are entered
 * (a mission's 'accomplishment.type'), lists and scalars compared whole.
 */
function fieldChanges(before: unknown, after: unknown, path: string): VersionFieldChange[] {
  if (sameValue(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (key) => path !== '' || !IGNORED_FIELDS.has(key),
    );
    return keys.flatMap((key) => fieldChanges(before[key], after[key], path === '' ? key : `${path}.${key}`));
  }
  return [{ field: path, before: valueInWords(before), after: valueInWords(after) }];
}

interface Named {
  id: string;
  name: string;
}

/** The changes between two lists of entities matched by id (the order of a list is not a change). */
function listChanges(
  subject: VersionChangeSubject,
  before: readonly Named[],
  after: readonly Named[],
): VersionChange[] {
  const old = new Map(before.map((entity) => [entity.id, entity]));
  const now = new Map(after.map((entity) => [entity.id, entity]));
  const changes: VersionChange[] = [];
  for (const entity of after) {
    const previous = old.get(entity.id);
    if (!previous) {
      changes.push({ subject, id: entity.id, name: entity.name, change: 'added', fields: [] });
      continue;
    }
    const fields = fieldChanges(previous, entity, '');
    if (fields.length > 0) changes.push({ subject, id: entity.id, name: entity.name, change: 'changed', fields });
  }
  for (const entity of before) {
    if (!now.has(entity.id)) changes.push({ subject, id: entity.id, name: entity.name, change: 'removed', fields: [] });
  }
  return changes;
}

/** The objects and offers placed in the initial world, flat. */
function worldEntries(spec: GameSpec): WorldEntry[] {
  const { object, offer } = spec.initialState.has;
  return [...Object.values(object), ...Object.values(offer)].flatMap((byId) => Object.values(byId));
}

/**
 * The translations that changed (issue 31), one change per language under the
 * game's settings ("German translation"), one field per text in words:
 * "Scene «Harbour» · title".
 */
function translationChanges(before: GameSpec, after: GameSpec): VersionChange[] {
  const where = new Map(
    [...translatableTexts(before), ...translatableTexts(after)].map((text) => [
      text.id,
      text.kind === 'game'
        ? `game · ${text.field}`
        : `${DESIGN_KIND_INFO[text.kind].label} «${text.entityTitle}» · ${text.field}`,
    ]),
  );
  const languages = new Set([...Object.keys(before.translations ?? {}), ...Object.keys(after.translations ?? {})]);
  const changes: VersionChange[] = [];
  for (const language of languages) {
    const old = before.translations?.[language] ?? {};
    const now = after.translations?.[language] ?? {};
    const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])]
      .filter((id) => !sameValue(old[id], now[id]))
      .map((id) => ({ field: where.get(id) ?? id, before: valueInWords(old[id]), after: valueInWords(now[id]) }));
    if (fields.length === 0) continue;
    const name = `${isContentLanguage(language) ? CONTENT_LANGUAGE_NAMES[language].en : language} translation`;
    changes.push({ subject: 'game', id: `translations:${language}`, name, change: 'changed', fields });
  }
  return changes;
}

/**
 * What changed from `before` to `after` (two specs of one game): the game's
 * settings, then every design kind in DESIGN_KINDS order, then the initial
 * world. An empty list means the two are the same to a designer.
 */
export function diffGameSpecs(before: GameSpec, after: GameSpec): VersionDiff {
  const settings = fieldChanges(before.game, after.game, '');
  const changes: VersionChange[] = [];
  if (settings.length > 0) {
    changes.push({ subject: 'game', id: after.game.id, name: after.game.title, change: 'changed', fields: settings });
  }
  for (const kind of DESIGN_KINDS) {
    changes.push(...listChanges(kind, before.entities[kind] as Named[], after.entities[kind] as Named[]));
  }
  changes.push(...listChanges('world', worldEntries(before), worldEntries(after)));
  changes.push(...translationChanges(before, after));
  const count = (change: VersionChange['change']) => changes.filter((entry) => entry.change === change).length;
  return { changes, counts: { added: count('added'), removed: count('removed'), changed: count('changed') } };
}

/** The label of a change's subject ('Scene', 'Game settings', 'Initial world'). */
export function versionSubjectLabel(subject: VersionChangeSubject): string {
  if (subject === 'game') return 'Game settings';
  if (subject === 'world') return 'Initial world';
  return DESIGN_KIND_INFO[subject].label;
}

/**
 * A change in English sentences, one per field for a changed entity:
 * "Scene 'Harbour': name changed from 'Harbour' to 'Old port'",
 * "Item 'Key' added", "Rule 'Open door' removed".
 */
export function describeVersionChange(change: VersionChange): string[] {
  const subject = `${versionSubjectLabel(change.subject)} '${change.name}'`;
  if (change.change !== 'changed') return [`${subject} ${change.change}`];
  return change.fields.map((field) => `${subject}: ${field.field} changed from ${field.before} to ${field.after}`);
}

// ─── Answers of the versions routes (compare, roll back) ────────────────────

const versionFieldChangeSchema = z.object({ field: z.string(), before: z.string(), after: z.string() });
export const versionChangeSchema = z.object({
  subject: z.enum([...DESIGN_KINDS, 'game', 'world']),
  id: z.string(),
  name: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  fields: z.array(versionFieldChangeSchema),
});
export const versionDiffSchema = z.object({
  changes: z.array(versionChangeSchema),
  counts: z.object({ added: z.number(), removed: z.number(), changed: z.number() }),
}) satisfies z.ZodType<VersionDiff>;

/** A working copy saved before a roll back, so the roll back can be undone. */
export const rollbackSnapshotSchema = z.object({
  id: z.string(),
  gameId: z.string(),
  /** The version the working copy was rolled back to, and its number. */
  versionId: z.string(),
  version: z.number(),
  createdAt: z.string(),
});
export type RollbackSnapshot = z.infer<typeof rollbackSnapshotSchema>;

export const VERSION_MESSAGES = {
  rollbackWorking: 'The working version cannot be rolled back to itself',
  rollbackArchived: 'An archived version cannot be rolled back to',
  snapshotNotFound: 'There is no roll back to undo',
  /** 409 naming the first locked entity a roll back would rewrite. */
  lockedEntity: (kind: DesignKind, name: string, holder: string) =>
    `Cannot roll back: ${DESIGN_KIND_INFO[kind].label} '${name}' is being edited by ${holder}. Please wait until they are done.`,
} as const;

// ─── Migrating live games (docs/versions.md "Migrating live games") ─────────

/** What migrating changes for one player about one thing: dropped, mapped to another, or kept. */
export const migrationImpactSchema = z.object({
  subject: z.string(),
  id: z.string(),
  name: z.string(),
  decision: z.enum(['drop', 'map', 'keep']),
  toId: z.string().optional(),
  toName: z.string().optional(),
  changed: z.boolean().optional(),
});
/** What migrating one running instance to a version changes for its players (GET …/gameVersions/{id}/migration). */
export const migrationPreviewSchema = z.object({
  instanceId: z.string(),
  fromVersionId: z.string(),
  fromVersion: z.number(),
  players: z.array(z.object({ playerId: z.string(), name: z.string(), impacts: z.array(migrationImpactSchema) })),
});
export type MigrationPreview = z.infer<typeof migrationPreviewSchema>;
/** One recorded migration of an instance (GET …/instances/{instanceId}/migrations). */
export const instanceMigrationSchema = z.object({
  id: z.string(),
  fromVersionId: z.string(),
  fromVersion: z.number(),
  toVersionId: z.string(),
  toVersion: z.number(),
  createdAt: z.string(),
  /** Who migrated it (null once their account is deleted). */
  createdBy: z.string().nullable(),
  undoneAt: z.string().nullable(),
});
export type InstanceMigration = z.infer<typeof instanceMigrationSchema>;
