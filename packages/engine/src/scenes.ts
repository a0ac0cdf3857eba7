import { isLiveScene, liveLocationsOf, type CompiledLocation } from './compile.js';
import { DIRTY, DIRTY_ALL, holds } from './conditions.js';
import {
  addRecord,
  emit,
  markDirty,
  markElementDirty,
  note,
  playerRecord,
  refuse,
  setPlayer,
  type StepContext,
} from './context.js';
import { distanceToFence, exitMargin, isInside, isWithin, preparePoint, type PreparedPoint } from './geo.js';
import { RECORD_NAMES } from './types.js';

/**
 * The scene a player starts in: the one the game's settings choose when it
 * exists, is enabled and is not the universe; else the first enabled scene
 * of the designer's order that is not the universe scene (spec 4 §3); null for none.
 */
export function firstScene(ctx: StepContext): string | null {
  const chosen = ctx.c.startSceneId === null ? undefined : ctx.c.scenes.get(ctx.c.startSceneId);
  if (chosen && !chosen.universe && ctx.world.scenes[chosen.id] !== false) return chosen.id;
  for (const scene of ctx.c.sceneList) {
    if (!scene.universe && ctx.world.scenes[scene.id] !== false) return scene.id;
  }
  return null;
}

/**
 * Makes `sceneId` the player's current scene: records the entry, tells the
 * app (goToScene), forgets trigger states of rules no longer live, leaves the
 * old scene's locations and enters the new one's where the player stands.
 * Every live trigger is evaluated again afterwards (the set of live rules changed).
 */
export function enterScene(ctx: StepContext, sceneId: string): void {
  const previous = ctx.player.currentSceneId;
  if (previous === sceneId) return;
  setPlayer(ctx, 'currentSceneId', sceneId);
  // The clock's "time in a scene" (issue 28), kept only where the game reads it.
  if (ctx.c.timedConditions.length > 0) setPlayer(ctx, 'sceneSince', ctx.when);
  if (previous !== null) playerRecord(ctx, 'exitedScenes')[previous] = ctx.when;
  if (!(sceneId in ctx.player.visitedScenes)) playerRecord(ctx, 'visitedScenes')[sceneId] = ctx.when;
  addRecord(ctx, RECORD_NAMES.enteredScene, { sceneId });
  emit(ctx, { action: 'goToScene', sceneId });

  const live = ctx.player.triggers.filter((ruleId) => {
    const rule = ctx.c.rules.get(ruleId);
    return rule !== undefined && isLiveScene(ctx.c, rule.sceneId, sceneId);
  });
  if (live.length !== ctx.player.triggers.length) setPlayer(ctx, 'triggers', live);
  const left = Object.keys(ctx.player.insideLocations).filter((id) => {
    const location = ctx.c.locations.get(id);
    return !location || !isLiveScene(ctx.c, location.sceneId, sceneId);
  });
  if (left.length > 0) {
    const inside = playerRecord(ctx, 'insideLocations');
    for (const id of left) delete inside[id];
  }
  const dwelling = ctx.player.dwelling;
  if (dwelling && Object.keys(dwelling).length > 0) {
    // Dwell clocks of locations no longer live stop; the universe's keep running.
    const kept = Object.entries(dwelling).filter(([id]) => {
      const location = ctx.c.locations.get(id);
      return location !== undefined && isLiveScene(ctx.c, location.sceneId, sceneId);
    });
    if (kept.length !== Object.keys(dwelling).length) setPlayer(ctx, 'dwelling', Object.fromEntries(kept));
  }
  if (Object.keys(ctx.player.inRange).length > 0) setPlayer(ctx, 'inRange', {});
  if (ctx.player.location && ctx.c.locationServices) trackLocations(ctx, pointsOf(ctx.player));
  markDirty(ctx, DIRTY_ALL);
}

/** goToScene: moves the player to an enabled scene. */
export function goToScene(ctx: StepContext, sceneId: string): void {
  const scene = ctx.c.scenes.get(sceneId);
  if (!scene) return note(ctx, `goToScene: unknown scene ${sceneId}`);
  if (scene.universe) return note(ctx, 'goToScene: the universe scene cannot be current');
  if (ctx.world.scenes[sceneId] === false) return note(ctx, `goToScene: scene ${scene.name} is disabled`);
  enterScene(ctx, sceneId);
}

/**
 * Geofences of the live trackable locations: inside when within the radius
 * and the location's `if` holds. Tapped presences are left alone.
 *
 * Hysteresis: a player inside (or dwelling) leaves only beyond radius +
 * max(accuracy, 10 m), so fixes jittering at the border do not enter and
 * leave in turn. Dwell: a location with a dwell time is entered on the first
 * fix at least that long after the first fix inside it (the clock is the step's `now`).
 */
/** Where a player is: a team's members' positions (any of them counts), else the player's own one. */
export function pointsOf(player: {
  location: { latitude: number; longitude: number } | null;
  memberLocations?: Record<string, { latitude: number; longitude: number }>;
}): PreparedPoint[] {
  const members = player.memberLocations ? Object.values(player.memberLocations) : [];
  if (members.length > 0) return members.map(preparePoint);
  return player.location ? [preparePoint(player.location)] : [];
}

export function trackLocations(ctx: StepContext, points: readonly PreparedPoint[]): void {
  const inside = ctx.player.insideLocations;
  const dwelling = ctx.player.dwelling ?? {};
  const margin = exitMargin(ctx.player.locationAccuracy);
  let record: Record<string, 'gps' | 'tap'> | null = null;
  let dwellRecord: Record<string, string> | null = null;
  const dwellChange = () => (dwellRecord ??= { ...dwelling });
  for (const location of liveLocationsOf(ctx.c, ctx.player.currentSceneId)) {
    if (!location.trackable) continue;
    const was = inside[location.id];
    if (was === 'tap') continue;
    const held = was === 'gps' || location.id in dwelling;
    // A team is inside when any member is (one point for a solo player).
    const within = points.some((point) =>
      held ? isWithin(point, location.fence, margin) : isInside(point, location.fence),
    );
    const now = within && holds(location.condition, ctx);
    if (now && was !== 'gps' && location.dwellMs > 0) {
      const since = dwelling[location.id];
      if (since === undefined) {
        dwellChange()[location.id] = ctx.when;
        continue;
      }
      if (ctx.nowMs - Date.parse(since) < location.dwellMs) continue;
      delete dwellChange()[location.id];
    } else if (!now && location.id in dwelling) {
      delete dwellChange()[location.id];
    }
    if (now === (was === 'gps')) continue;
    record ??= playerRecord(ctx, 'insideLocations');
    if (now) {
      record[location.id] = 'gps';
      if (!(location.id in ctx.player.visitedLocations)) playerRecord(ctx, 'visitedLocations')[location.id] = ctx.when;
    } else {
      delete record[location.id];
    }
    markElementDirty(ctx, DIRTY.location, location.id);
  }
  if (dwellRecord) setPlayer(ctx, 'dwelling', dwellRecord);
}

/**
 * A team's places where EVERY member is (docs/engine.md "Teams"): each member who sent a position — at least
 * as many as the team's joined members (`teamSize`) — inside the place's fence, and its `if` holding. Entering
 * is decided on the radius, leaving beyond radius + margin (as for one player); dwell times do not apply.
 */
export function trackEveryMember(ctx: StepContext): void {
  const members = Object.values(ctx.player.memberLocations ?? {}).map(preparePoint);
  const before = ctx.player.everyMemberIn ?? {};
  const margin = exitMargin(ctx.player.locationAccuracy);
  const now: Record<string, true> = {};
  if (members.length >= (ctx.player.teamSize ?? 1)) {
    for (const location of liveLocationsOf(ctx.c, ctx.player.currentSceneId)) {
      if (!location.trackable) continue;
      const held = location.id in before;
      const all = members.every((point) =>
        held ? isWithin(point, location.fence, margin) : isInside(point, location.fence),
      );
      if (all && holds(location.condition, ctx)) now[location.id] = true;
    }
  }
  const changed = [...new Set([...Object.keys(before), ...Object.keys(now)])].filter(
    (id) => id in before !== id in now,
  );
  if (changed.length === 0 && ctx.player.everyMemberIn !== undefined) return;
  setPlayer(ctx, 'everyMemberIn', now);
  for (const id of changed) markElementDirty(ctx, DIRTY.location, id);
}

/**
 * Scene circles on map games: walking into the circle of an enabled scene
 * entered by walking in (its own or the game's scene entry) makes that scene
 * current (the nearest centre when several circles are entered at once); a
 * scene entered by the script only is reached by the start and goToScene.
 * Only entering counts, so a goToScene is not undone while the player stays in another circle.
 */
export function trackSceneCircles(ctx: StepContext, points: readonly PreparedPoint[]): void {
  const before = ctx.player.sceneCircles;
  const margin = exitMargin(ctx.player.locationAccuracy);
  let entered: { id: string; distance: number } | null = null;
  let changed = false;
  const now: Record<string, true> = {};
  for (const scene of ctx.c.sceneList) {
    if (scene.universe || !scene.fence || ctx.world.scenes[scene.id] === false) {
      if (scene.id in before) changed = true;
      continue;
    }
    // The nearest member of a team (one point for a solo player).
    let distance = Infinity;
    for (const point of points) distance = Math.min(distance, distanceToFence(point, scene.fence));
    // Hysteresis, as for locations: a player in the circle leaves it only beyond radius + margin.
    if (distance > scene.fence.radius + (scene.id in before ? margin : 0)) {
      if (scene.id in before) changed = true;
      continue;
    }
    now[scene.id] = true;
    if (scene.id in before) continue;
    changed = true;
    if (scene.walkIn && scene.id !== ctx.player.currentSceneId && (entered === null || distance < entered.distance)) {
      entered = { id: scene.id, distance };
    }
  }
  if (!changed) return;
  setPlayer(ctx, 'sceneCircles', now);
  if (entered) enterScene(ctx, entered.id);
}

/**
 * Tapping a location (contact with a location id): enters it when it is live,
 * its `if` holds and it is contactable (in range, or always). The player
 * stays in a tapped location until tapping another or changing scene.
 */
export function tapLocation(ctx: StepContext, location: CompiledLocation): void {
  if (!isLiveScene(ctx.c, location.sceneId, ctx.player.currentSceneId)) return refuse(ctx, 'UNKNOWN_OBJECT');
  if (!holds(location.condition, ctx)) return refuse(ctx, 'CONDITION_NOT_MET');
  if (location.contactable === 'never') return refuse(ctx, 'NOT_CONTACTABLE');
  if (location.contactable === 'in-range' && ctx.c.locationServices) {
    const here = ctx.player.location;
    if (!here || !isInside(preparePoint(here), location.fence)) return refuse(ctx, 'OUT_OF_RANGE');
  }
  const inside = ctx.player.insideLocations;
  const otherTaps = Object.keys(inside).filter((id) => inside[id] === 'tap' && id !== location.id);
  if (otherTaps.length === 0 && location.id in inside) return;
  const record = playerRecord(ctx, 'insideLocations');
  for (const id of otherTaps) {
    delete record[id];
    markElementDirty(ctx, DIRTY.location, id);
  }
  record[location.id] ??= 'tap';
  if (!(location.id in ctx.player.visitedLocations)) playerRecord(ctx, 'visitedLocations')[location.id] = ctx.when;
  markElementDirty(ctx, DIRTY.location, location.id);
}
