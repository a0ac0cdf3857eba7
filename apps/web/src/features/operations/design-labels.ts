import { workspaceEntitiesByKind, type DesignEntity } from '@loci/domain';
import { useMemo } from 'react';
import { entityLabel } from '../design/common/workspace-data';
import { useWorkspace } from '../design/useWorkspace';
import { indexSpec, type SpecIndex } from '../play/spec-index';
import type { RescueOptions } from './RescuePanel';

/** A design entity's title by id (falling back to the id), for what the operator reads of a player's state. */
export type LabelOf = (id: string) => string;

/** The labels of a game's scenes, items, attributes, object types, missions, milestones and rules, by id. */
export function useDesignLabels(gameId: string): LabelOf {
  const { data } = useWorkspace(gameId);
  return useMemo(() => {
    const labels = new Map<string, string>();
    const lists: (readonly DesignEntity[] | undefined)[] = [
      data?.scenes,
      data?.items,
      data?.attributes,
      data?.archetypes,
      data?.missions,
      data?.milestones,
      data?.rules,
    ];
    for (const list of lists) for (const entity of list ?? []) labels.set(entity.id, entityLabel(entity));
    return (id: string) => labels.get(id) ?? id;
  }, [data]);
}

/** The game's design indexed as the trace reads it (titles and system names), once the workspace has loaded. */
export function useDesignIndex(gameId: string): SpecIndex | null {
  const { data } = useWorkspace(gameId);
  return useMemo(() => (data ? indexSpec(workspaceEntitiesByKind(data)) : null), [data]);
}

/** What the rescue form picks from: the design's items and attributes, scenes, missions, milestones and fireOnce rules. */
export function useRescueOptions(gameId: string): RescueOptions {
  const { data } = useWorkspace(gameId);
  return useMemo(() => {
    const options = (list: readonly DesignEntity[] | undefined) =>
      (list ?? []).map((entity) => ({ value: entity.id, label: entityLabel(entity) }));
    return {
      assets: [...options(data?.items), ...options(data?.attributes)],
      attributes: options(data?.attributes),
      scenes: options(data?.scenes),
      missions: options(data?.missions),
      milestones: options(data?.milestones),
      rules: options((data?.rules ?? []).filter((rule) => rule.fireOnce)),
    };
  }, [data]);
}
