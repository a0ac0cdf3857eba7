import ELK, { type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { StoryGraph } from './story-graph';

export const NODE_WIDTH = 190;
export const NODE_HEIGHT = 46;

/** Positions of groups (absolute) and nodes (relative to their group), with each group's size. */
export interface StoryLayout {
  groups: Map<string, { x: number; y: number; width: number; height: number }>;
  nodes: Map<string, { x: number; y: number }>;
}

const elk = new ELK();

/**
 * Lays the graph out with ELK's layered algorithm: each scene a box of its
 * nodes, flowing left to right along the rules, edges routed across boxes.
 */
export async function layoutStory(graph: StoryGraph): Promise<StoryLayout> {
  const children: ElkNode[] = graph.groups.map((group) => ({
    id: `group:${group.id}`,
    layoutOptions: {
      'elk.padding': '[top=36,left=16,bottom=16,right=16]',
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
    },
    children: graph.nodes
      .filter((node) => node.group === group.id)
      .map((node) => ({ id: node.id, width: NODE_WIDTH, height: NODE_HEIGHT })),
  }));
  const root: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '60',
      'elk.spacing.nodeNode': '24',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.edgeRouting': 'POLYLINE',
    },
    children,
    edges: graph.edges.map((edge) => ({ id: edge.id, sources: [edge.source], targets: [edge.target] })),
  };
  const laid = await elk.layout(root);
  const layout: StoryLayout = { groups: new Map(), nodes: new Map() };
  for (const group of laid.children ?? []) {
    const id = group.id.slice('group:'.length);
    layout.groups.set(id, {
      x: group.x ?? 0,
      y: group.y ?? 0,
      width: group.width ?? NODE_WIDTH,
      height: group.height ?? NODE_HEIGHT,
    });
    for (const node of group.children ?? []) layout.nodes.set(node.id, { x: node.x ?? 0, y: node.y ?? 0 });
  }
  return layout;
}
