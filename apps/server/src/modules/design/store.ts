import { and, asc, eq, sql } from 'drizzle-orm';
import {
  DESIGN_KINDS,
  emptyDesignEntities,
  GAME_TEXTS,
  type DesignEntitiesByKind,
  type DesignEntity,
  type DesignEntityOf,
  type DesignKind,
  type DesignSchemaContext,
  type GameValues,
} from '@loci/domain';
import { designEntities, games, type DesignEntityRow } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { assertNotArchived } from '../../policies/games.js';
import { touchWorkingVersion } from './working-version.js';
import type { Executor, Transaction } from '../../db/client.js';

/**
 * The storage side of design entities, shared by the design, initial-state and
 * versions areas: how a row becomes an entity, the one ordering of lists, and
 * the lock every design change takes.
 */

/** Kinds that belong to a scene, with their scene in the `scene_id` column (a location's may be null). */
export const SCENED_KINDS: ReadonlySet<DesignKind> = new Set<DesignKind>(['rule', 'location']);

/** Fields that live in columns (or are the server's), never in `body`. */
const NON_BODY_FIELDS = ['id', '_id', 'gameId', 'name', 'idx', 'createdAt', 'updatedAt'] as const;

/**
 * A stored row as the API shows it: `{ …body, id, gameId, name }`, plus
 * sceneId (rules, locations) and idx (rules: position in the scene; scenes:
 * the designer's order, null for a scene never ordered).
 */
export function presentEntity(row: DesignEntityRow): DesignEntity {
  const entity: DesignEntity = { ...row.body, id: row.id, gameId: row.gameId, name: row.name };
  if (SCENED_KINDS.has(row.kind)) entity.sceneId = row.sceneId;
  if (row.kind === 'rule' || row.kind === 'scene') entity.idx = row.idx;
  return entity;
}

/** Splits validated form values into the row's columns and its JSON body. */
export function rowFieldsOf(
  kind: DesignKind,
  values: Record<string, unknown>,
): { name: string; sceneId: string | null; body: Record<string, unknown> } {
  const body: Record<string, unknown> = { ...values };
  for (const field of NON_BODY_FIELDS) delete body[field];
  let sceneId: string | null = null;
  if (SCENED_KINDS.has(kind)) {
    sceneId = typeof values.sceneId === 'string' && values.sceneId !== '' ? values.sceneId : null;
    delete body.sceneId;
  }
  return { name: String(values.name ?? ''), sceneId, body };
}

/**
 * The one order of entity lists: by kind, rules by scene then position,
 * scenes in the designer's order (the game's script order; scenes never
 * ordered last), every other kind by name (case-insensitive), id last so
 * that the order is total.
 */
const listOrder = [
  asc(designEntities.kind),
  asc(sql`case when ${designEntities.kind} = 'rule' then ${designEntities.sceneId} end`),
  sql`case when ${designEntities.kind} in ('rule', 'scene') then ${designEntities.idx} end asc nulls last`,
  asc(sql`lower(${designEntities.name})`),
  asc(designEntities.id),
];

/** The rows of a game, of one kind or of all kinds, in list order. One query. */
export async function loadEntityRows(db: Executor, gameId: string, kind?: DesignKind): Promise<DesignEntityRow[]> {
  return db
    .select()
    .from(designEntities)
    .where(and(eq(designEntities.gameId, gameId), kind ? eq(designEntities.kind, kind) : undefined))
    .orderBy(...listOrder);
}

/**
 * A stored row as its kind's entity. Bodies are written only from values its
 * kind's schema gave (see design/service.ts parseEntity), so a stored body is
 * that schema's output; this is the one place that says so.
 */
function storedEntityOf<K extends DesignKind>(kind: K, row: DesignEntityRow): DesignEntityOf<K> {
  return presentEntity(row) as DesignEntityOf<K>;
}

function addEntity<K extends DesignKind>(byKind: DesignEntitiesByKind, kind: K, row: DesignEntityRow): void {
  const list: Array<DesignEntityOf<K>> = byKind[kind];
  list.push(storedEntityOf(kind, row));
}

/** Every entity of a game grouped by kind, each list in list order (one query). */
export async function loadEntitiesByKind(db: Executor, gameId: string): Promise<DesignEntitiesByKind> {
  const byKind = emptyDesignEntities();
  for (const row of await loadEntityRows(db, gameId)) {
    if ((DESIGN_KINDS as readonly string[]).includes(row.kind)) addEntity(byKind, row.kind, row);
  }
  return byKind;
}

/** One row, or undefined. */
export async function findEntityRow(
  db: Executor,
  { gameId, kind, id, forUpdate = false }: { gameId: string; kind: DesignKind; id: string; forUpdate?: boolean },
): Promise<DesignEntityRow | undefined> {
  const query = db
    .select()
    .from(designEntities)
    .where(and(eq(designEntities.gameId, gameId), eq(designEntities.kind, kind), eq(designEntities.id, id)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** What a kind's schema needs of the game's settings. */
export function schemaContextOf(settings: GameValues): DesignSchemaContext {
  return { backgroundType: settings.pg.type, market: settings.market };
}

/**
 * Opens a design change of a game inside `tx`, first thing in it:
 *
 * 1. the game row is locked FOR SHARE, so archiving (an UPDATE of that row)
 *    waits for the change or happens before it — then this answers 409; and
 *    publishing (which locks the row FOR NO KEY UPDATE) never reads a half-done
 *    change;
 * 2. the working version's updatedAt becomes `now` (spec 2 §4) — the row lock
 *    this UPDATE takes serialises the design changes of one game, so reads
 *    made afterwards (the next rule position, the initial world, who uses an
 *    entity) cannot be overtaken by a concurrent change.
 *
 * Everyone locks in the same order (game row, then working version), as the
 * games service's settings save does, so these locks cannot deadlock.
 */
export async function beginDesignChange(tx: Transaction, gameId: string, now: Date): Promise<void> {
  const [game] = await tx.select({ isArchived: games.isArchived }).from(games).where(eq(games.id, gameId)).for('share');
  if (!game) throw fail.notFound(GAME_TEXTS.gameNotFound);
  assertNotArchived(game);
  await touchWorkingVersion(tx, gameId, now);
}
