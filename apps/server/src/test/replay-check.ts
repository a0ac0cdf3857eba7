import { expect } from 'vitest';
import { gameInstances, instanceEvents } from '../db/schema.js';
import type { AppContext } from '../context.js';
import { replayInstance, sameAsStored } from '../modules/replay/service.js';
import { loadInstanceState } from '../modules/runtime/instance-rows.js';

/**
 * Replays every instance of the test database that has an input log and
 * expects the replayed final state (world and every player) to be the stored
 * one (of `only` those instances, when given); returns how many were checked. Instances made by the test factories
 * without a log (as if started before replay existed) are skipped.
 */
export async function expectEveryInstanceReplays(ctx: AppContext, only?: readonly string[]): Promise<number> {
  const logged = await ctx.db.selectDistinct({ id: instanceEvents.instanceId }).from(instanceEvents);
  const rows = await ctx.db.select().from(gameInstances);
  let checked = 0;
  const checks = rows.filter(
    (instance) => logged.some((entry) => entry.id === instance.id) && (!only || only.includes(instance.id)),
  );
  for (const row of checks) {
    const steps = await replayInstance(ctx, row);
    const stored = (await loadInstanceState(ctx, row.id))!.state;
    const replayed = steps.at(-1)!.replayed.state;
    if (!sameAsStored(replayed, stored)) {
      // The difference itself, readable in the failure.
      expect(JSON.parse(JSON.stringify(replayed)), `instance ${row.id}`).toEqual(JSON.parse(JSON.stringify(stored)));
    }
    checked += 1;
  }
  return checked;
}
