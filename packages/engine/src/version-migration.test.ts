import { describe, expect, it } from 'vitest';
import { migrateGameSpec, type GameSpec } from '@loci/domain';
import { newPlayerState } from './state.js';
import type { PlayerState } from './types.js';
import { migratePlayerState, planPlayerMigration } from './version-migration.js';

function spec(entities: Record<string, Array<Record<string, unknown>>>, game: Record<string, unknown> = {}): GameSpec {
  return migrateGameSpec({ schemaVersion: 2, game: { id: 'g', title: 'Walk', ...game }, entities });
}

const v1 = spec({
  scene: [
    { id: 's1', name: 'Harbour', idx: 1 },
    { id: 's2', name: 'Lighthouse', idx: 2 },
  ],
  item: [
    { id: 'key', name: 'Key' },
    { id: 'map', name: 'Map' },
  ],
  mission: [{ id: 'm1', name: 'Find the key' }],
  milestone: [{ id: 'ms1', name: 'Met the keeper' }],
  rule: [{ id: 'r1', name: 'Greet', sceneId: 's1' }],
});

function player(overrides: Partial<PlayerState> = {}): PlayerState {
  return { ...newPlayerState({ id: 'p1', name: 'Ann' }, '2026-01-01T10:00:00.000Z', 0), ...overrides };
}

describe('planPlayerMigration', () => {
  it('has nothing to do when the new version keeps everything the player holds', () => {
    const ann = player({ currentSceneId: 's1', items: { key: 1 }, missions: {} });
    expect(planPlayerMigration(v1, v1, ann)).toEqual([]);
    expect(migratePlayerState(v1, v1, ann)).toEqual({ ...ann, triggers: [] });
  });

  it('maps a player in a removed scene to the new scene of the same name, else to the start scene', () => {
    const renumbered = spec({
      scene: [
        { id: 's9', name: 'harbour' },
        { id: 's2', name: 'Lighthouse' },
      ],
    });
    expect(planPlayerMigration(v1, renumbered, player({ currentSceneId: 's1' }))).toEqual([
      { subject: 'scene', id: 's1', name: 'Harbour', decision: 'map', toId: 's9', toName: 'harbour' },
    ]);
    const noHarbour = spec(
      {
        scene: [
          { id: 's2', name: 'Lighthouse' },
          { id: 's3', name: 'Pier' },
        ],
      },
      { startSceneId: 's3' },
    );
    const [impact] = planPlayerMigration(v1, noHarbour, player({ currentSceneId: 's1' }));
    expect(impact).toMatchObject({ decision: 'map', toId: 's3', toName: 'Pier' });
    expect(migratePlayerState(v1, noHarbour, player({ currentSceneId: 's1' })).currentSceneId).toBe('s3');
    const noScenes = spec({});
    expect(planPlayerMigration(v1, noScenes, player({ currentSceneId: 's1' }))[0]).toMatchObject({ decision: 'drop' });
    expect(migratePlayerState(v1, noScenes, player({ currentSceneId: 's1' })).currentSceneId).toBeNull();
  });

  it('drops items, missions, milestones and fired rules the new version removed, and keeps the rest', () => {
    const v2 = spec({
      scene: [{ id: 's1', name: 'Harbour' }],
      item: [{ id: 'map', name: 'Map' }],
    });
    const ann = player({
      currentSceneId: 's1',
      items: { key: 1, map: 2 },
      milestones: { ms1: '2026-01-01T10:05:00.000Z' },
      firedRules: { r1: 1 },
      missions: {
        m1: { assignedWhen: 'x', startedWhen: null, completedWhen: null, archivedWhen: null, submissions: [] },
      } as unknown as PlayerState['missions'],
    });
    expect(
      planPlayerMigration(v1, v2, ann).map((impact) => `${impact.decision} ${impact.subject} ${impact.name}`),
    ).toEqual(['drop item Key', 'drop mission Find the key', 'drop milestone Met the keeper', 'drop rule Greet']);
    const migrated = migratePlayerState(v1, v2, ann);
    expect(migrated.items).toEqual({ map: 2 });
    expect(migrated.milestones).toEqual({});
    expect(migrated.missions).toEqual({});
    expect(migrated.firedRules).toEqual({});
    expect(migrated.currentSceneId).toBe('s1');
  });

  it('keeps a mission in progress that changed, and says it changed', () => {
    const v2 = spec({ ...v1.entities, mission: [{ id: 'm1', name: 'Find the brass key' }] } as never);
    const ann = player({ missions: { m1: {} } as unknown as PlayerState['missions'] });
    expect(planPlayerMigration(v1, v2, ann)).toEqual([
      { subject: 'mission', id: 'm1', name: 'Find the brass key', decision: 'keep', changed: true },
    ]);
  });
});
