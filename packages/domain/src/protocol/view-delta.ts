import { z } from 'zod';
import { playerViewSchema, type PlayerView } from './view.js';

/**
 * What changed in a player's view between two revisions: a step's answer and
 * its push carry this rather than the whole view when the app holds the view
 * the delta starts from (protocol version 2).
 *
 * A delta is a tree that mirrors the view. At each object or array it says
 * which members are set to a new value (`s`), which are patched further down
 * (`p`), which keys are gone (`d`, objects) and, for an array, its new length
 * (`n`, arrays; members are addressed by index). A member whose kind changed
 * (an object that became null, a string that became a number) is set whole.
 * So a location step, which moves the player and every distance of what they
 * perceive, sends each changed number and nothing of the objects' payloads.
 *
 * `from` and `to` are the revisions of the view before and after (the
 * server's digest of each view): an app applies a delta only to the view of
 * revision `from`, skips one whose `to` it already holds (a step read twice,
 * as its answer and its push), and reads the whole view again otherwise.
 */
export interface ViewDeltaNode {
  /** Members set to a new value. */
  s?: Record<string, unknown>;
  /** Members patched further down. */
  p?: Record<string, ViewDeltaNode>;
  /** Keys of an object that are gone. */
  d?: string[];
  /** An array's new length. */
  n?: number;
}

/**
 * The changes, checked as an object: the tree is recursive, which the OpenAPI document and the response
 * checks cannot follow, so it is typed as `ViewDeltaNode` and described here rather than in the schema.
 */
const viewDeltaNodeSchema = z.record(z.string(), z.unknown()) as unknown as z.ZodType<ViewDeltaNode>;

/** A view's change from revision `from` to revision `to`. */
export const viewDeltaSchema = z.object({
  from: z.string(),
  to: z.string(),
  changes: viewDeltaNodeSchema,
});
export type ViewDelta = z.infer<typeof viewDeltaSchema>;

/**
 * The view part of an answer or a push: the whole view, or the delta from the
 * view the app holds; either way the revision of the view it leads to.
 */
export const viewPartSchema = z.object({
  /** The whole view (a first read, a read on request, or an app whose revision was not the server's). */
  view: playerViewSchema.optional(),
  /** What changed since the app's revision `viewDelta.from`. */
  viewDelta: viewDeltaSchema.optional(),
  /** The revision of the view after the step (the app sends it back with its next event). */
  revision: z.string().optional(),
});
export type ViewPart = z.infer<typeof viewPartSchema>;

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function sameJson(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameJson(item, b[index]));
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a).filter((key) => a[key] !== undefined);
    if (keys.length !== Object.keys(b).filter((key) => b[key] !== undefined).length) return false;
    return keys.every((key) => key in b && sameJson(a[key], b[key]));
  }
  return false;
}

/** The changes that turn `before` into `after` (both objects, or both arrays), or null when they are the same. */
function diffNode(before: Json, after: Json): ViewDeltaNode | null {
  const node: ViewDeltaNode = {};
  const set: Record<string, Json> = {};
  const patch: Record<string, ViewDeltaNode> = {};
  const member = (key: string, was: Json, now: Json) => {
    if (sameJson(was, now)) return;
    const bothArrays = Array.isArray(was) && Array.isArray(now);
    const bothObjects = isObject(was) && isObject(now);
    const deeper = bothArrays || bothObjects ? diffNode(was, now) : null;
    if (deeper) patch[key] = deeper;
    else set[key] = now;
  };
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let index = 0; index < after.length; index += 1) {
      if (index < before.length) member(String(index), before[index], after[index]);
      else set[String(index)] = after[index];
    }
    if (after.length !== before.length) node.n = after.length;
  } else if (isObject(before) && isObject(after)) {
    for (const [key, now] of Object.entries(after)) {
      if (now === undefined) continue;
      if (!(key in before) || before[key] === undefined) set[key] = now;
      else member(key, before[key], now);
    }
    const gone = Object.keys(before).filter((key) => before[key] !== undefined && after[key] === undefined);
    if (gone.length) node.d = gone;
  } else {
    return null;
  }
  if (Object.keys(set).length) node.s = set;
  if (Object.keys(patch).length) node.p = patch;
  return Object.keys(node).length ? node : {};
}

/** The changes that turn the view `before` into the view `after` (`{}` when nothing changed). */
export function diffView(before: PlayerView, after: PlayerView): ViewDeltaNode {
  return diffNode(before, after) ?? {};
}

/** Copies `value` deep (a delta's values are never shared with the view they are applied to). */
const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

function applyNode(target: Json, node: ViewDeltaNode): Json {
  if (Array.isArray(target)) {
    const next = target.slice();
    for (const [key, deeper] of Object.entries(node.p ?? {})) next[Number(key)] = applyNode(next[Number(key)], deeper);
    for (const [key, value] of Object.entries(node.s ?? {})) next[Number(key)] = copy(value);
    if (node.n !== undefined) next.length = node.n;
    return next;
  }
  if (isObject(target)) {
    const next: Record<string, Json> = { ...target };
    for (const key of node.d ?? []) delete next[key];
    for (const [key, deeper] of Object.entries(node.p ?? {})) next[key] = applyNode(next[key], deeper);
    for (const [key, value] of Object.entries(node.s ?? {})) next[key] = copy(value);
    return next;
  }
  throw new Error('A view delta does not fit the view it is applied to');
}

/**
 * The view `view` with `changes` applied: a new object (the parts that did not change are shared with `view`,
 * which is left as it was). Throws when the changes do not fit the view's shape.
 */
export function applyViewDelta(view: PlayerView, changes: ViewDeltaNode): PlayerView {
  return applyNode(view, changes) as PlayerView;
}
