import type { DesignEntity } from '@loci/domain';
import { useMemo } from 'react';
import { entityLabel } from '../design/common/workspace-data';
import { useWorkspace } from '../design/useWorkspace';

/** A design entity's title by id (falling back to the id), for what the operator reads of a player's state. */
export type LabelOf = (id: string) => string;

/** The labels of a game's scenes, items, attributes, object types, missions and milestones, by id. */
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
    ];
    for (const list of lists) for (const entity of list ?? []) labels.set(entity.id, entityLabel(entity));
    return (id: string) => labels.get(id) ?? id;
  }, [data]);
}
