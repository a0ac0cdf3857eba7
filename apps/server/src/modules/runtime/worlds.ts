/**
 * The instances' worlds this process last read, by their row's `world_rev` (issue 25): the read of a player's
 * event asks for an instance's world only when its `world_rev` is not the one held here, so the city's shared
 * world (~40 KB of JSON, with every object, offer and geofence) is sent by PostgreSQL and parsed here once per
 * change rather than once per event.
 *
 * `world_rev` is not the engine's `revision`: a trigger (drizzle/0029_world-rev.sql) adds one to it on EVERY
 * update that sets the `world` column — the engine's steps, the operators' edits, a pause of the clock (which
 * the engine's revision does not count), a migration, an account's anonymisation — so a world held at a
 * `world_rev` is exactly the row's world at it, whoever wrote it. An entry is only ever filled from the same
 * row's pair (`world_rev`, `world`) of one read, and a world is never changed in place (the engine is pure), so
 * one object serves every event of that revision at once.
 */
import type { WorldState } from '@loci/engine';

/** Instances held at most (a shared instance's world is one entry however many play it). */
export const HELD_WORLDS = 1000;

export interface HeldWorld {
  rev: number;
  world: WorldState;
}

export class WorldCache {
  /** Insertion order is recency: a hit moves its entry to the end, the first entry is the oldest. */
  private readonly held = new Map<string, HeldWorld>();

  constructor(private readonly capacity = HELD_WORLDS) {}

  /** The world held for `instanceId`, if any (a hit makes it the most recent). */
  get(instanceId: string): HeldWorld | undefined {
    const found = this.held.get(instanceId);
    if (found) {
      this.held.delete(instanceId);
      this.held.set(instanceId, found);
    }
    return found;
  }

  /** Holds the world the row had at `rev`. */
  set(instanceId: string, rev: number, world: WorldState): void {
    this.held.delete(instanceId);
    this.held.set(instanceId, { rev, world });
    if (this.held.size > this.capacity) this.held.delete(this.held.keys().next().value!);
  }

  get size(): number {
    return this.held.size;
  }
}
