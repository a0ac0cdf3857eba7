import type { DesignEntitiesByKind, DesignEntityOf } from './index.js';
import type { DesignKind, DesignSegment } from './registry.js';
import type { WorkspaceResponse } from './server-support.js';

/** The entities of one kind in a workspace answer. */
export function workspaceEntities<K extends DesignKind>(
  workspace: Pick<WorkspaceResponse, DesignSegment>,
  kind: K,
): Array<DesignEntityOf<K>> {
  const byKind: DesignEntitiesByKind = {
    scene: workspace.scenes,
    milestone: workspace.milestones,
    mission: workspace.missions,
    interaction: workspace.interactions,
    character: workspace.characters,
    item: workspace.items,
    attribute: workspace.attributes,
    archetype: workspace.archetypes,
    offer: workspace.offers,
    location: workspace.locations,
    rule: workspace.rules,
  };
  return byKind[kind];
}
