import type { ELK as Elk, ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { StoryGraph } from './story-graph';

export const NODE_WIDTH = 190;
export const NODE_HEIGHT = 46;

/** Positions of groups (absolute) and nodes (relative to their group), with each group's size. */
export interface StoryLayout {
  groups: Map<string, { x: number; y: number; width: number; height: number }>;
  nodes: Map<string, { x: number; y: number }>;
}

// The layout engine (about 1.4 MB) is fetched by the first layout, not with the page.
let elk: Promise<Elk> | null = null;
function layoutEngine(): Promise<Elk> {
  elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => new ELK());
  return elk;
}

/**
 * Lays the graph out with ELK's layered algorithm: inside each scene's box,
 * its nodes flow left to right along its rules; the boxes are stacked top to
 * bottom following the rules that lead from one scene to another. Arrows
 * between boxes are drawn straight by the graph view.
 */
export async function layoutStory(graph: StoryGraph): Promise<StoryLayout> {
  const groupOf = new Map(graph.nodes.map((node) => [node.id, node.group]));
  const inner = new Map<string, ElkExtendedEdge[]>();
  const between = new Map<string, ElkExtendedEdge>();
  for (const edge of graph.edges) {
    const from = groupOf.get(edge.source);
    const to = groupOf.get(edge.target);
    if (from === undefined || to === undefined) continue;
    if (from === to) {
      inner.set(from, [...(inner.get(from) ?? []), { id: edge.id, sources: [edge.source], targets: [edge.target] }]);
    } else {
      const id = `${from}->${to}`;
      if (!between.has(id)) between.set(id, { id, sources: [`group:${from}`], targets: [`group:${to}`] });
    }
  }
  const children: ElkNode[] = graph.groups.map((group) => ({
    id: `group:${group.id}`,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.padding': '[top=36,left=16,bottom=16,right=16]',
      'elk.layered.spacing.nodeNodeBetweenLayers': '70',
      'elk.spacing.nodeNode': '20',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    },
    children: graph.nodes
      .filter((node) => node.group === group.id)
      .map((node) => ({ id: node.id, width: NODE_WIDTH, height: NODE_HEIGHT })),
    edges: inner.get(group.id) ?? [],
  }));
  const root: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'SEPARATE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '60',
      'elk.spacing.nodeNode': '40',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    },
    children,
    edges: [...between.values()].filter((edge) => edge.sources[0] !== edge.targets[0]),
  };
  const laid = await (await layoutEngine()).layout(root);
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
