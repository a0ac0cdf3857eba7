import { Badge, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import {
  Background,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Edge,
  type Node,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { problemMessage, problemPath, useProblems } from '../problems/problems-data';
import { useLoadedWorkspace } from '../shell/workspace-context';
import { layoutStory, NODE_HEIGHT, NODE_WIDTH, type StoryLayout } from './layout';
import { buildStoryGraph, GAME_GROUP, matchingNodes, type StoryGraph, type StoryNodeKind } from './story-graph';
import '../problems/locales';
import type { TFunction } from 'i18next';
import { vocabulary } from '../common/vocabulary';

const KIND_COLORS: Record<StoryNodeKind, string> = {
  location: 'teal',
  interaction: 'blue',
  item: 'orange',
  attribute: 'grape',
  milestone: 'indigo',
  mission: 'cyan',
  sceneEntry: 'dark',
  code: 'gray',
  end: 'green',
};

/** How an edge is drawn: a rule's effect, its else-effect, or a way into a milestone. */
const EDGE_COLOURS = {
  rule: '#778',
  otherwise: 'var(--mantine-color-orange-6)',
  milestone: 'var(--mantine-color-teal-6)',
};
const EDGE_DASHES = { rule: undefined, otherwise: '6 4', milestone: '2 3' };

function toFlow(
  graph: StoryGraph,
  layout: StoryLayout,
  matches: Set<string>,
  t: TFunction,
): { nodes: Node[]; edges: Edge[] } {
  const nodes: Node[] = [];
  for (const group of graph.groups) {
    const box = layout.groups.get(group.id);
    if (!box) continue;
    const troubled = group.problems.length > 0;
    nodes.push({
      id: `group:${group.id}`,
      type: 'group',
      position: { x: box.x, y: box.y },
      width: box.width,
      height: box.height,
      data: { label: group.label },
      selectable: false,
      style: {
        width: box.width,
        height: box.height,
        background: group.universe ? 'rgba(255, 215, 0, 0.06)' : 'rgba(34, 139, 230, 0.05)',
        border: `1px ${troubled ? 'solid var(--mantine-color-yellow-6)' : 'dashed var(--mantine-color-gray-5)'}`,
        borderRadius: 8,
      },
    });
    nodes.push({
      id: `title:${group.id}`,
      parentId: `group:${group.id}`,
      position: { x: 12, y: 6 },
      data: { label: group.id === GAME_GROUP ? t('design.story.game') : group.label },
      draggable: false,
      selectable: false,
      connectable: false,
      style: {
        border: 'none',
        background: 'transparent',
        fontWeight: 600,
        fontSize: 13,
        width: Math.max(box.width - 24, 60),
        textAlign: 'left',
        padding: 0,
      },
    });
  }
  const searching = matches.size > 0;
  for (const node of graph.nodes) {
    const at = layout.nodes.get(node.id);
    if (!at) continue;
    const color = KIND_COLORS[node.kind];
    const worst = node.problems.find((p) => p.severity === 'error') ?? node.problems[0];
    const border = worst
      ? `2px solid var(--mantine-color-${worst.severity === 'error' ? 'red' : 'yellow'}-6)`
      : `1px solid var(--mantine-color-${color}-4)`;
    nodes.push({
      id: node.id,
      parentId: `group:${node.group}`,
      extent: 'parent',
      position: at,
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
      data: { label: `${worst ? '⚠ ' : ''}${node.label}`, node },
      className: `story-node story-${node.kind}`,
      ariaLabel: `${t(`design.story.kinds.${node.kind}`)}: ${node.label}${worst ? ` — ${problemMessage(t, worst)}` : ''}`,
      style: {
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        fontSize: 12,
        border,
        background: `var(--mantine-color-${color}-0)`,
        opacity: searching && !matches.has(node.id) ? 0.25 : 1,
        boxShadow: searching && matches.has(node.id) ? '0 0 0 3px var(--mantine-color-blue-4)' : undefined,
        overflow: 'hidden',
      },
    });
  }
  const edges: Edge[] = graph.edges.map((edge) => {
    const troubled = edge.problems.length > 0;
    const stroke = troubled ? 'var(--mantine-color-red-6)' : EDGE_COLOURS[edge.otherwise ? 'otherwise' : edge.kind];
    return {
      id: edge.id,
      source: edge.source,
      target: edge.target,
      label: edge.otherwise ? t('design.story.otherwiseEdge', { label: edge.label }) : edge.label,
      labelStyle: { fontSize: 10 },
      data: { ruleId: edge.ruleId },
      markerEnd: { type: MarkerType.ArrowClosed, color: stroke },
      style: {
        stroke,
        strokeDasharray: EDGE_DASHES[edge.otherwise ? 'otherwise' : edge.kind],
        strokeWidth: troubled ? 2 : 1.2,
      },
      zIndex: 1,
    };
  });
  return { nodes, edges };
}

function StoryCanvas({ graph, layout }: { graph: StoryGraph; layout: StoryLayout }) {
  const { t } = useTranslation();
  const { gameId } = useLoadedWorkspace();
  const navigate = useNavigate();
  const { fitView } = useReactFlow();
  const [query, setQuery] = useState('');
  const matches = useMemo(() => matchingNodes(graph, query), [graph, query]);
  const flow = useMemo(() => toFlow(graph, layout, matches, t), [graph, layout, matches, t]);
  useEffect(() => {
    if (matches.size > 0) void fitView({ nodes: [...matches].map((id) => ({ id })), duration: 300, maxZoom: 1.2 });
  }, [matches, fitView]);
  const base = `/games/${gameId}`;

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <TextInput
          aria-label={t('design.story.search')}
          placeholder={t('design.story.searchPlaceholder')}
          leftSection={<IconSearch size={14} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          w={280}
        />
        {query.trim() && <Text size="sm">{t('design.story.matches', { count: matches.size })}</Text>}
        <Badge variant="outline" color="orange">
          - - {t('design.story.legendElse')}
        </Badge>
        <Badge variant="outline" color="teal">
          ··· {t('design.story.legendMilestone')}
        </Badge>
        <Badge variant="outline" color="red">
          ⚠ {t('design.story.legendProblem')}
        </Badge>
      </Group>
      <Paper withBorder style={{ height: 'calc(100vh - 340px)', minHeight: 420 }} data-testid="story-graph">
        <ReactFlow
          nodes={flow.nodes}
          edges={flow.edges}
          fitView
          fitViewOptions={{ maxZoom: 1 }}
          minZoom={0.05}
          nodesConnectable={false}
          onlyRenderVisibleElements
          onNodeClick={(_, node) => {
            const story = (node.data as { node?: StoryGraph['nodes'][number] }).node;
            if (story?.kind === 'sceneEntry' && story.entity) navigate(`${base}/scenes/show/${story.entity.id}`);
            else if (story?.entity) navigate(problemPath(base, story.entity));
          }}
          onEdgeClick={(_, edge) => {
            const ruleId = (edge.data as { ruleId?: string } | undefined)?.ruleId;
            if (ruleId) navigate(`${base}/rules/edit/${ruleId}`);
          }}
        >
          <Background />
          <Controls showInteractive={false} />
          <MiniMap
            pannable
            zoomable
            nodeColor={(node) => (node.type === 'group' ? 'rgba(34, 139, 230, 0.15)' : '#74c0fc')}
          />
        </ReactFlow>
      </Paper>
    </Stack>
  );
}

/** /games/:gameId/story: the story as a graph, laid out automatically, with the Problems panel's findings marked. */
export function StoryPage() {
  const { t } = useTranslation();
  const { gameId, workspace } = useLoadedWorkspace();
  const problems = useProblems(gameId, workspace);
  const graph = useMemo(
    () =>
      buildStoryGraph(
        workspace,
        problems,
        (name) => vocabulary.action(t, name),
        (verb) => vocabulary.verb(t, verb),
      ),
    [workspace, problems, t],
  );
  const [layout, setLayout] = useState<{ graph: StoryGraph; layout: StoryLayout } | null>(null);
  useEffect(() => {
    let current = true;
    void layoutStory(graph).then((laid) => {
      if (current) setLayout({ graph, layout: laid });
    });
    return () => {
      current = false;
    };
  }, [graph]);

  return (
    <Stack gap="sm">
      <Title order={2}>{t('design.story.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('design.story.hint')}
      </Text>
      {graph.nodes.length === 0 ? (
        <Text size="sm">{t('design.story.empty')}</Text>
      ) : layout?.graph !== graph ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('design.story.layingOut')}</Text>
        </Group>
      ) : (
        <ReactFlowProvider>
          <StoryCanvas graph={layout.graph} layout={layout.layout} />
        </ReactFlowProvider>
      )}
    </Stack>
  );
}
