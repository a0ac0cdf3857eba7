/**
 * A step's view as it goes to the app: the whole view, or only what changed
 * since the revision the app holds (protocol version 2; domain
 * protocol/view-delta.ts says how a delta reads).
 *
 * An app that speaks deltas sends the revision of the view it holds with each
 * event (`viewRevision`; null when it holds none). The step's answer then
 * carries the delta from that revision when the server knows the view of that
 * revision — the last view this process sent the player, or the view before
 * the step (what the player saw when nothing else changed since) — and the
 * whole view otherwise. A push to the player's own sockets carries the delta
 * from the last view this process sent them, or the whole view. Either way
 * with the revision it leads to. An app that sends no `viewRevision` (an app
 * of protocol 1, a test, a script) is answered the whole view, as before, and
 * nothing is remembered for it.
 *
 * A revision is a digest of the view's JSON content (whatever its keys' order): the same view has
 * the same revision on every process, so a player whose events reach another process
 * (or come back after a restart) is still answered a delta when the view
 * before the step is the one they hold. The app checks `from` before it
 * applies a delta and reads the whole view when it does not hold it, so a
 * delta never lands on another view than its own.
 */
import { diffView, type PlayerView, type ViewPart } from '@loci/domain';
import { jsonDigest } from '../../lib/json-digest.js';

/**
 * The revision of a view: a digest of its JSON content whatever the order of its objects' keys (lib/json-digest.ts),
 * because the same view built from a state fresh from a step and from that state read back from the database
 * (JSONB orders keys its own way) must have the same revision; the engine lists a view's maps in the stored order
 * for the same reason (engine view.ts).
 */
export function viewRevision(view: PlayerView): string {
  return jsonDigest(view);
}

/**
 * How many players' last views a process keeps (the oldest used goes first). A view of the city game is about
 * 40 KB, so 2,000 views hold about 80 MB; a player forgotten is answered the whole view once, then deltas again.
 */
export const LAST_VIEWS = 2_000;

interface SentView {
  revision: string;
  view: PlayerView;
}

/** The last view sent to each delta-speaking player, by `instanceId:playerId`, least recently used first. */
const lastViews = new Map<string, SentView>();

const keyOf = (instanceId: string, playerId: string) => `${instanceId}:${playerId}`;

function remember(key: string, sent: SentView): void {
  lastViews.delete(key);
  lastViews.set(key, sent);
  if (lastViews.size > LAST_VIEWS) lastViews.delete(lastViews.keys().next().value!);
}

/** The delta from `base` to `view`, or the whole view when `base` is unknown. */
function partFrom(base: SentView | undefined, view: PlayerView, revision: string): ViewPart {
  if (!base) return { view, revision };
  return { viewDelta: { from: base.revision, to: revision, changes: diffView(base.view, view) }, revision };
}

/**
 * The view part of a step's answer for an app that holds the view of revision `held` (undefined: an app that
 * speaks no deltas, answered the whole view; null: an app that holds no view yet). `before` gives the
 * player's view before the step, computed only when the last view sent is not the app's. Once the step is
 * committed, `rememberAnswered` keeps the view for the next delta.
 */
export function answerViewPart(args: {
  instanceId: string;
  playerId: string;
  held: string | null | undefined;
  view: PlayerView;
  before?: () => PlayerView;
}): ViewPart {
  const { held, view } = args;
  if (held === undefined) return { view };
  const key = keyOf(args.instanceId, args.playerId);
  const revision = viewRevision(view);
  let base: SentView | undefined;
  if (held !== null) {
    const last = lastViews.get(key);
    if (last?.revision === held) base = last;
    else if (args.before) {
      const before = args.before();
      if (viewRevision(before) === held) base = { revision: held, view: before };
    }
  }
  return partFrom(base, view, revision);
}

/**
 * Remembers the view an answer's part leads to, once its step is committed (a step written again after a
 * conflict is not what the app holds).
 */
export function rememberAnswered(instanceId: string, playerId: string, part: ViewPart, view: PlayerView): void {
  if (part.revision !== undefined) remember(keyOf(instanceId, playerId), { revision: part.revision, view });
}

/**
 * The view part of a push to the player's own sockets: the delta from the last view this process sent them,
 * else the whole view (and nothing is remembered for a player who never asked for deltas here).
 */
export function pushViewPart(instanceId: string, playerId: string, view: PlayerView): ViewPart {
  const key = keyOf(instanceId, playerId);
  const last = lastViews.get(key);
  if (!last) return { view };
  // The view its answer sent a moment ago (a start's): nothing changed, and its revision is known.
  if (last.view === view) return partFrom(last, view, last.revision);
  const revision = viewRevision(view);
  remember(key, { revision, view });
  return partFrom(last, view, revision);
}

/** Forgets every remembered view (tests). */
export function forgetViews(): void {
  lastViews.clear();
}
