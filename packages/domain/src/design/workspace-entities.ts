import type { DesignEntitiesByKind, DesignEntityOf } from './index.js';
import type { DesignKind, DesignSegment } from './registry.js';
import type { WorkspaceResponse } from './server-support.js';

/** Every kind's entities of a workspace answer, keyed by kind (as a spec keys them). */
export function workspaceEntitiesByKind(workspace: Pick<WorkspaceResponse, DesignSegment>): DesignEntitiesByKind {
  return {
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
}

/** The entities of one kind in a workspace answer. */
export function workspaceEntities<K extends DesignKind>(
  workspace: Pick<WorkspaceResponse, DesignSegment>,
  kind: K,
): Array<DesignEntityOf<K>> {
  return workspaceEntitiesByKind(workspace)[kind];
}
