// The 1,000-entity game the design benchmarks share.
import { randomUUID } from 'node:crypto';
import { eq, and } from 'drizzle-orm';
import { createUser } from '../../apps/server/src/test/factories.ts';
import { createGame } from '../../apps/server/src/test/game-factories.ts';
import { insertEntities } from '../../apps/server/src/test/design-factories.ts';
import { gameVersions } from '../../apps/server/src/db/schema.ts';

export const WORLD_OBJECTS = 200;
// 1,000 entities, in the proportions of a large city game.
const COUNTS = {
  scene: 50,
  archetype: 50,
  offer: 50,
  milestone: 50,
  mission: 50,
  character: 50,
  item: 100,
  location: 100,
  interaction: 200,
  rule: 300,
};

/** Seeds a game of 1,000 design entities and 200 world objects owned by a new designer. */
export async function seedLargeGame(t) {
  const ctx = t.app.ctx;
  const owner = await createUser(ctx, { role: 'designer', name: 'Bench Designer' });
  const game = await createGame(ctx, owner);
  const gameId = game.row.id;
  const scenes = await insertEntities(ctx, gameId, 'scene', COUNTS.scene);
  const sceneOf = (i) => scenes[i % scenes.length].id;
  const archetypes = await insertEntities(ctx, gameId, 'archetype', COUNTS.archetype);
  await insertEntities(ctx, gameId, 'offer', COUNTS.offer);
  await insertEntities(ctx, gameId, 'milestone', COUNTS.milestone, (i) => ({ sceneId: sceneOf(i) }));
  await insertEntities(ctx, gameId, 'mission', COUNTS.mission, (i) => ({ sceneId: sceneOf(i) }));
  await insertEntities(ctx, gameId, 'character', COUNTS.character);
  await insertEntities(ctx, gameId, 'item', COUNTS.item);
  const locations = await insertEntities(ctx, gameId, 'location', COUNTS.location, (i) => ({ sceneId: sceneOf(i) }));
  const interactions = await insertEntities(ctx, gameId, 'interaction', COUNTS.interaction);
  await insertEntities(ctx, gameId, 'rule', COUNTS.rule, (i) => ({
    sceneId: sceneOf(i),
    locationId: locations[i % locations.length].id,
    interactionId: interactions[i % interactions.length].id,
  }));

  const state = { has: { object: {}, offer: {} } };
  for (let i = 0; i < WORLD_OBJECTS; i += 1) {
    const id = randomUUID();
    const sceneId = sceneOf(i);
    state.has.object[sceneId] ??= {};
    state.has.object[sceneId][id] = {
      id,
      name: `crate-${i}`,
      sceneId,
      archetypeId: archetypes[i % archetypes.length].id,
      payload: { label: `Crate ${i}` },
      location: { latitude: 35.5 + i / 10_000, longitude: 24 + i / 10_000 },
      type: 'object',
    };
  }
  await ctx.db
    .update(gameVersions)
    .set({ initialState: state })
    .where(and(eq(gameVersions.gameId, gameId), eq(gameVersions.isLiveSpec, true)));
  return { owner, gameId, interaction: interactions[0] };
}
