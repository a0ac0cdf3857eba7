import { ACTIONS, isActionName, verbLabel, type Action, type Condition, type DesignKind } from '@loci/domain';
import type { Problem } from '@loci/engine/problems';
import type { Workspace } from '../../../api/design';
import { entitiesOf, plainText } from '../common/workspace-data';
import { problemsByEntity } from '../problems/problems-data';

/**
 * The story as a graph, before layout: scenes are groups; places,
 * interactions, items, attributes, milestones and missions are nodes; rules
 * are edges from what triggers them to what they cause (else-effects apart);
 * a milestone's condition draws edges from what reaches it (an item owned, a
 * question passed, a place entered…) into it, and rules triggered by reaching
 * it leave from it.
 * Pure: the StoryPage lays it out (elkjs) and draws it (@xyflow/react).
 */

/** The kinds drawn as nodes, plus a scene's entry, a code typed and the end of the game. */
export type StoryNodeKind =
  'location' | 'interaction' | 'item' | 'attribute' | 'milestone' | 'mission' | 'sceneEntry' | 'code' | 'end';

export interface StoryNode {
  id: string;
  kind: StoryNodeKind;
  /** The design entity it opens, if any. */
  entity: { kind: DesignKind; id: string } | null;
  label: string;
  /** The group (scene id, or GAME_GROUP). */
  group: string;
  problems: Problem[];
}

export interface StoryEdge {
  id: string;
  source: string;
  target: string;
  /** 'rule': a rule's effect; 'milestone': part of what reaches the milestone it points to. */
  kind: 'rule' | 'milestone';
  /** The rule drawn, for 'rule' edges. */
  ruleId: string | null;
  label: string;
  /** An else-effect (preconditions did not hold). */
  otherwise: boolean;
  problems: Problem[];
}

export interface StoryGroup {
  id: string;
  label: string;
  sceneId: string | null;
  universe: boolean;
  problems: Problem[];
}

export interface StoryGraph {
  groups: StoryGroup[];
  nodes: StoryNode[];
  edges: StoryEdge[];
}

/** An element's title, with its system name only when they differ. */
function shortLabel(entity: { name: string; title?: unknown }): string {
  const title = plainText(entity.title);
  return title && title !== entity.name ? `${title} (${entity.name})` : entity.name;
}

/** The group of what belongs to no scene in particular. */
export const GAME_GROUP = 'game';

const NODE_KIND_OF_ENTITY: Partial<Record<DesignKind, StoryNodeKind>> = {
  location: 'location',
  interaction: 'interaction',
  item: 'item',
  attribute: 'attribute',
  milestone: 'milestone',
  mission: 'mission',
};

export function buildStoryGraph(
  workspace: Workspace,
  problems: readonly Problem[],
  actionLabel: (name: 'completeGame' | 'endGame') => string = (name) => ACTIONS[name].label,
  verb: (verb: string) => string = verbLabel,
): StoryGraph {
  const byEntity = problemsByEntity(problems);
  const problemsOf = (kind: string, id: string) => byEntity.get(`${kind}:${id}`) ?? [];
  const scenes = entitiesOf(workspace, 'scene');
  const rules = [...entitiesOf(workspace, 'rule')].sort((a, b) => a.idx - b.idx);
  const sceneIds = new Set(scenes.map((scene) => scene.id));
  const groups: StoryGroup[] = scenes.map((scene) => ({
    id: scene.id,
    label: shortLabel(scene),
    sceneId: scene.id,
    universe: scene.universe,
    problems: problemsOf('scene', scene.id),
  }));
  const nodes = new Map<string, StoryNode>();
  const edges: StoryEdge[] = [];

  // Entities are drawn in the scene of the first rule that uses them; places in their own scene.
  const labels = new Map<string, { kind: DesignKind; label: string }>();
  for (const kind of Object.keys(NODE_KIND_OF_ENTITY) as DesignKind[]) {
    for (const entity of entitiesOf(workspace, kind)) labels.set(entity.id, { kind, label: shortLabel(entity) });
  }
  const homeOf = new Map<string, string>();
  for (const location of entitiesOf(workspace, 'location')) {
    homeOf.set(location.id, location.sceneId && sceneIds.has(location.sceneId) ? location.sceneId : GAME_GROUP);
  }
  const entityNode = (id: string, group: string): string | null => {
    const known = labels.get(id);
    if (!known) return null;
    const nodeId = `${known.kind}:${id}`;
    if (!nodes.has(nodeId)) {
      nodes.set(nodeId, {
        id: nodeId,
        kind: NODE_KIND_OF_ENTITY[known.kind]!,
        entity: { kind: known.kind, id },
        label: known.label,
        group: homeOf.get(id) ?? group,
        problems: problemsOf(known.kind, id),
      });
    }
    return nodeId;
  };
  const sceneEntry = (sceneId: string): string | null => {
    if (!sceneIds.has(sceneId)) return null;
    const nodeId = `enter:${sceneId}`;
    if (!nodes.has(nodeId)) {
      const scene = scenes.find((candidate) => candidate.id === sceneId)!;
      nodes.set(nodeId, {
        id: nodeId,
        kind: 'sceneEntry',
        entity: { kind: 'scene', id: sceneId },
        label: `▶ ${shortLabel(scene)}`,
        group: sceneId,
        problems: [],
      });
    }
    return nodeId;
  };
  const special = (id: string, kind: 'code' | 'end', label: string, group: string) => {
    if (!nodes.has(id)) nodes.set(id, { id, kind, entity: null, label, group, problems: [] });
    return id;
  };

  for (const location of entitiesOf(workspace, 'location')) entityNode(location.id, GAME_GROUP);
  for (const scene of scenes) sceneEntry(scene.id);

  const triggerNode = (trigger: Condition | undefined, group: string): string => {
    if (trigger?.conditionType === 'player-scene' && trigger.elementId) {
      const entry = sceneEntry(trigger.elementId);
      if (entry) return entry;
    }
    if (trigger?.elementId) {
      const node = entityNode(trigger.elementId, group);
      if (node) return node;
    }
    const word = trigger?.designerInputString ?? trigger?.conditionType ?? '?';
    return special(`code:${group}:${word}`, 'code', trigger?.designerInputString ? `“${word}”` : word, group);
  };
  const effectNode = (action: Action, group: string): string | null => {
    if (action.actionName === 'completeGame' || action.actionName === 'endGame') {
      return special(`end:${action.actionName}`, 'end', actionLabel(action.actionName), GAME_GROUP);
    }
    const what = action.actionArgs?.what;
    if (!what || !isActionName(action.actionName)) return null;
    if (action.actionName === 'goToScene' || action.actionName === 'enableScene') return sceneEntry(what);
    return entityNode(what, group);
  };

  for (const rule of rules) {
    const group = sceneIds.has(rule.sceneId) ? rule.sceneId : GAME_GROUP;
    const source = triggerNode(rule.trigger, group);
    const ruleProblems = problemsOf('rule', rule.id);
    const lists: Array<[Action[], boolean]> = [
      [rule.sideeffects ?? [], false],
      [rule.sideeffectselse ?? [], true],
    ];
    for (const [actions, otherwise] of lists) {
      const targets = new Set<string>();
      for (const action of actions) {
        const target = effectNode(action, group);
        if (target && !targets.has(target)) {
          targets.add(target);
          edges.push({
            id: `${rule.id}:${otherwise ? 'else' : 'then'}:${target}`,
            source,
            target,
            kind: 'rule',
            ruleId: rule.id,
            label: rule.name,
            otherwise,
            problems: ruleProblems,
          });
        }
      }
    }
  }
  edges.push(...milestoneEdges(workspace, (id) => entityNode(id, GAME_GROUP), sceneEntry, problemsOf, verb));
  for (const kind of ['interaction', 'item', 'attribute', 'milestone', 'mission'] as const) {
    for (const entity of entitiesOf(workspace, kind)) entityNode(entity.id, GAME_GROUP);
  }

  const usedGroups = new Set([...nodes.values()].map((node) => node.group));
  if (usedGroups.has(GAME_GROUP)) {
    groups.push({ id: GAME_GROUP, label: '', sceneId: null, universe: false, problems: [] });
  }
  return { groups: groups.filter((group) => usedGroups.has(group.id)), nodes: [...nodes.values()], edges };
}

/**
 * What reaches each milestone: an edge from every element its condition
 * names (owning an item, passing a question, entering a place, another
 * milestone…) into the milestone, labelled with the verb ('owns', 'has not
 * reached'…). The elements go to the milestone's group unless placed already.
 */
function milestoneEdges(
  workspace: Workspace,
  entityNode: (id: string) => string | null,
  sceneEntry: (sceneId: string) => string | null,
  problemsOf: (kind: string, id: string) => Problem[],
  verb: (verb: string) => string,
): StoryEdge[] {
  const edges: StoryEdge[] = [];
  for (const milestone of entitiesOf(workspace, 'milestone')) {
    const target = entityNode(milestone.id);
    if (!target) continue;
    const seen = new Set<string>();
    for (const block of milestone.condition ?? []) {
      for (const condition of block.conditions ?? []) {
        if (!condition.elementId) continue;
        const source =
          condition.conditionType === 'player-scene'
            ? sceneEntry(condition.elementId)
            : entityNode(condition.elementId);
        const id = `${milestone.id}:reach:${source}:${condition.verb}`;
        if (!source || source === target || seen.has(id)) continue;
        seen.add(id);
        edges.push({
          id,
          source,
          target,
          kind: 'milestone',
          ruleId: null,
          label: verb(condition.verb),
          otherwise: false,
          problems: problemsOf('milestone', milestone.id),
        });
      }
    }
  }
  return edges;
}

/** The nodes whose label contains `query` (case-insensitive); none for a blank query. */
export function matchingNodes(graph: StoryGraph, query: string): Set<string> {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return new Set();
  return new Set(graph.nodes.filter((node) => node.label.toLowerCase().includes(wanted)).map((node) => node.id));
}
