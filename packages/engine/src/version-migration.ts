import { diffGameSpecs, type GameSpec } from '@loci/domain';
import type { PlayerState } from './types.js';

/**
 * Moving a player's state from the version it runs to a newer one
 * (docs/versions.md "Migrating live games"): what changes for the player and
 * what the migration does about it — pure, so the preview and the migration
 * say the same. State about entities the new version no longer has is
 * dropped; a player in a removed scene is mapped to its replacement (the new
 * scene of the same name, else the game's start scene); everything else is kept.
 */

export type MigrationDecision = 'drop' | 'map' | 'keep';

export interface MigrationImpact {
  /** What it is about: the player's current scene, or a kind of state. */
  subject: 'scene' | 'item' | 'attribute' | 'mission' | 'milestone' | 'rule' | 'location' | 'interaction';
  id: string;
  /** The entity's name in the version the player runs. */
  name: string;
  decision: MigrationDecision;
  /** For 'map': where to. */
  toId?: string;
  toName?: string;
  /** For missions kept: the mission changed in the new version. */
  changed?: boolean;
}

interface Named {
  id: string;
  name: string;
}

const idsOf = (list: readonly Named[]) => new Set(list.map((entity) => entity.id));
const nameIn = (list: readonly Named[], id: string) => list.find((entity) => entity.id === id)?.name ?? id;

/** The new version's scene a player of the removed scene `old` moves to, or null. */
function replacementScene(old: Named, after: GameSpec): Named | null {
  const scenes = after.entities.scene as Array<Named & { universe?: boolean; enabled?: boolean }>;
  const sameName = scenes.find((scene) => scene.name.toLowerCase() === old.name.toLowerCase());
  if (sameName) return sameName;
  const start = scenes.find((scene) => scene.id === after.game.startSceneId);
  return start ?? scenes.find((scene) => !scene.universe && scene.enabled !== false) ?? null;
}

/** What the migration of one player from `before` to `after` does, entry by entry (empty: nothing to do). */
export function planPlayerMigration(before: GameSpec, after: GameSpec, player: PlayerState): MigrationImpact[] {
  const impacts: MigrationImpact[] = [];
  const scene = player.currentSceneId;
  if (scene !== null && !idsOf(after.entities.scene).has(scene)) {
    const old = { id: scene, name: nameIn(before.entities.scene, scene) };
    const to = replacementScene(old, after);
    impacts.push(
      to
        ? { subject: 'scene', ...old, decision: 'map', toId: to.id, toName: to.name }
        : { subject: 'scene', ...old, decision: 'drop' },
    );
  }
  const dropped = (subject: MigrationImpact['subject'], held: Iterable<string>, kind: keyof GameSpec['entities']) => {
    const kept = idsOf(after.entities[kind]);
    for (const id of held) {
      if (!kept.has(id)) impacts.push({ subject, id, name: nameIn(before.entities[kind], id), decision: 'drop' });
    }
  };
  dropped('item', Object.keys(player.items), 'item');
  dropped('attribute', Object.keys(player.attributes), 'attribute');
  dropped('mission', Object.keys(player.missions), 'mission');
  dropped('milestone', Object.keys(player.milestones), 'milestone');
  dropped('rule', Object.keys(player.firedRules), 'rule');
  const changedMissions = new Set(
    diffGameSpecs(before, after)
      .changes.filter((change) => change.subject === 'mission' && change.change === 'changed')
      .map((change) => change.id),
  );
  for (const id of Object.keys(player.missions)) {
    if (changedMissions.has(id)) {
      impacts.push({
        subject: 'mission',
        id,
        name: nameIn(after.entities.mission, id),
        decision: 'keep',
        changed: true,
      });
    }
  }
  return impacts;
}

function without<T>(record: Record<string, T>, drop: ReadonlySet<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([id]) => !drop.has(id)));
}

/**
 * The player's state on the new version, as `planPlayerMigration` planned it:
 * dropped entries removed, a removed current scene mapped (or cleared), the
 * edge-trigger memory reset so live rules are evaluated afresh on the next
 * event, blocking outputs of interactions that no longer exist dropped.
 */
export function migratePlayerState(before: GameSpec, after: GameSpec, player: PlayerState): PlayerState {
  const impacts = planPlayerMigration(before, after, player);
  const drop = (subject: MigrationImpact['subject']) =>
    new Set(
      impacts.filter((impact) => impact.subject === subject && impact.decision === 'drop').map((impact) => impact.id),
    );
  const scene = impacts.find((impact) => impact.subject === 'scene');
  const interactions = idsOf(after.entities.interaction);
  const locations = idsOf(after.entities.location);
  return {
    ...player,
    currentSceneId: scene ? (scene.toId ?? null) : player.currentSceneId,
    items: without(player.items, drop('item')),
    attributes: without(player.attributes, drop('attribute')),
    missions: without(player.missions, drop('mission')),
    milestones: without(player.milestones, drop('milestone')),
    firedRules: without(player.firedRules, drop('rule')),
    insideLocations: Object.fromEntries(Object.entries(player.insideLocations).filter(([id]) => locations.has(id))),
    triggers: [],
    pending: player.pending.filter((output) => {
      const id = (output as { interactionId?: unknown }).interactionId;
      return typeof id !== 'string' || interactions.has(id);
    }),
  };
}
