import { describe, expect, it } from 'vitest';
import { makeEntity, makeWorkspace } from '../common/test-workspace';
import { problemsOf } from '../problems/problems-data';
import { buildStoryGraph, GAME_GROUP, matchingNodes } from './story-graph';

const act = (actionName: string, what?: string) => ({
  actorId: 'system',
  actionName,
  actionArgs: what ? { what } : {},
  notify: false,
});

describe('buildStoryGraph', () => {
  const workspace = makeWorkspace({
    scenes: [
      makeEntity('harbour', { title: 'The Harbour', lat: 35.5, lng: 24.1, radius: 300 }),
      makeEntity('hill', { title: 'The Hill', lat: 35.6, lng: 24.1, radius: 300 }),
    ],
    locations: [makeEntity('pier', { title: 'Pier', sceneId: 'harbour', lat: 35.5, lng: 24.1, radius: 5, if: [] })],
    items: [makeEntity('key', { title: 'Key' })],
    interactions: [makeEntity('welcome', { type: 'INTER_INSPECT_INFO', title: 'Welcome', description: 'Hi' })],
    milestones: [makeEntity('lonely', { title: '', condition: [] })],
    rules: [
      makeEntity('enter', {
        title: '',
        name: 'On the pier',
        sceneId: 'harbour',
        idx: 1,
        trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: 'pier' },
        triggerPreconditions: [{ conditions: [{ conditionType: 'player-item', verb: 'owns', elementId: 'key' }] }],
        sideeffects: [act('showInfo', 'welcome'), act('goToScene', 'hill')],
        sideeffectselse: [act('giveToPlayer', 'key')],
      }),
    ],
  });

  it('draws scenes as groups, elements as nodes and a rule as edges from its trigger to its effects', () => {
    const graph = buildStoryGraph(workspace, problemsOf(workspace));
    expect(graph.groups.map((group) => group.id)).toEqual(['harbour', 'hill', GAME_GROUP]);
    const pier = graph.nodes.find((node) => node.id === 'location:pier')!;
    expect(pier).toMatchObject({ group: 'harbour', label: 'Pier (pier)', entity: { kind: 'location', id: 'pier' } });
    // The 5 m place is marked with its problem.
    expect(pier.problems.map((problem) => problem.code)).toContain('geofence-too-small');
    // Elements go to the scene of the first rule using them; the rest to the whole game.
    expect(graph.nodes.find((node) => node.id === 'interaction:welcome')?.group).toBe('harbour');
    expect(graph.nodes.find((node) => node.id === 'milestone:lonely')?.group).toBe(GAME_GROUP);
    expect(graph.edges.map((edge) => [edge.source, edge.target, edge.label, edge.otherwise])).toEqual([
      ['location:pier', 'interaction:welcome', 'On the pier', false],
      ['location:pier', 'enter:hill', 'On the pier', false],
      ['location:pier', 'item:key', 'On the pier', true],
    ]);
  });

  it('finds nodes by label', () => {
    const graph = buildStoryGraph(workspace, []);
    expect([...matchingNodes(graph, 'welc')]).toEqual(['interaction:welcome']);
    expect(matchingNodes(graph, '  ').size).toBe(0);
  });
});
