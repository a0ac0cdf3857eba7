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

/** Whether a diff node says nothing changed. */
const isEmpty = (node: ViewDeltaNode) =>
  node.s === undefined && node.p === undefined && node.d === undefined && node.n === undefined;

/** Both are objects or arrays (not null): diffed further down rather than compared. */
const bothContainers = (was: Json, now: Json): was is object =>
  typeof was === 'object' && typeof now === 'object' && was !== null && now !== null;

/**
 * The changes that turn `before` into `after` (both objects, or both arrays), or null when they are not both
 * objects or both arrays; empty (`{}`) when they are the same. One walk, without a closure per node (this runs on
 * every step of every player: bench/README.md "city"): a member that is an object or an array on both sides is
 * compared by diffing it (its node empty: unchanged), so each part of the view is visited once.
 */
function diffNode(before: Json, after: Json): ViewDeltaNode | null {
  let set: Record<string, Json> | undefined;
  let patch: Record<string, ViewDeltaNode> | undefined;
  const node: ViewDeltaNode = {};
  const beforeIsArray = Array.isArray(before);
  const afterIsArray = Array.isArray(after);
  if (beforeIsArray && afterIsArray) {
    for (let index = 0; index < after.length; index += 1) {
      const now: Json = after[index];
      if (index >= before.length) {
        (set ??= {})[index] = now;
        continue;
      }
      const was: Json = before[index];
      if (was === now) continue;
      const deeper = bothContainers(was, now) ? diffNode(was, now) : null;
      if (deeper) {
        if (!isEmpty(deeper)) (patch ??= {})[index] = deeper;
      } else (set ??= {})[index] = now;
    }
    if (after.length !== before.length) node.n = after.length;
  } else if (isObject(before) && isObject(after)) {
    const keys = Object.keys(after);
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index]!;
      const now = after[key];
      if (now === undefined) continue;
      const was = before[key];
      if (was === now) continue;
      const deeper = was !== undefined && bothContainers(was, now) ? diffNode(was, now) : null;
      if (deeper) {
        if (!isEmpty(deeper)) (patch ??= {})[key] = deeper;
      } else (set ??= {})[key] = now;
    }
    const old = Object.keys(before);
    for (let index = 0; index < old.length; index += 1) {
      const key = old[index]!;
      if (before[key] !== undefined && after[key] === undefined) (node.d ??= []).push(key);
    }
  } else {
    return null;
  }
  if (set) node.s = set;
  if (patch) node.p = patch;
  return node;
}

/** The changes that turn the view `before` into the view `after` (`{}` when nothing changed). */
export function diffView(before: PlayerView, after: PlayerView): ViewDeltaNode {
  if (before === after) return {};
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
