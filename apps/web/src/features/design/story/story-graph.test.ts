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

  it('draws what reaches a milestone into it, and rules triggered by reaching it out of it', () => {
    const story = makeWorkspace({
      scenes: [makeEntity('harbour', { title: 'The Harbour', lat: 35.5, lng: 24.1, radius: 300 })],
      locations: [makeEntity('pier', { title: 'Pier', sceneId: 'harbour', lat: 35.5, lng: 24.1, radius: 50, if: [] })],
      items: [makeEntity('key', { title: 'Key' })],
      interactions: [
        makeEntity('riddle', {
          type: 'INTER_ANSWER_QUESTION',
          title: 'Riddle',
          questions: [{ id: 'q', title: 'Riddle', description: '?', qType: 'openEnded', hasCorrectAnswer: true }],
        }),
        makeEntity('bravo', { type: 'INTER_INSPECT_INFO', title: 'Bravo', description: 'Well done' }),
      ],
      milestones: [
        makeEntity('ready', {
          title: 'Ready',
          condition: [
            {
              conditions: [
                { conditionType: 'player-item', verb: 'owns', elementId: 'key' },
                { conditionType: 'player-question', verb: 'has_passed', elementId: 'riddle' },
              ],
            },
            { conditions: [{ conditionType: 'player-location', verb: 'not_has_visited', elementId: 'pier' }] },
          ],
        }),
      ],
      rules: [
        makeEntity('cheer', {
          title: '',
          name: 'Cheer',
          sceneId: 'harbour',
          idx: 1,
          trigger: { conditionType: 'player-milestone', verb: 'has_reached', elementId: 'ready' },
          triggerPreconditions: [],
          sideeffects: [act('showInfo', 'bravo')],
          sideeffectselse: [],
        }),
      ],
    });
    const graph = buildStoryGraph(story, []);
    const into = graph.edges.filter((edge) => edge.target === 'milestone:ready');
    expect(into.map((edge) => [edge.source, edge.label, edge.kind, edge.ruleId])).toEqual([
      ['item:key', 'owns', 'milestone', null],
      ['interaction:riddle', 'has passed', 'milestone', null],
      ['location:pier', 'has not visited', 'milestone', null],
    ]);
    const out = graph.edges.filter((edge) => edge.source === 'milestone:ready');
    expect(out.map((edge) => [edge.target, edge.label, edge.kind, edge.ruleId])).toEqual([
      ['interaction:bravo', 'Cheer', 'rule', 'cheer'],
    ]);
    // The milestone sits where the rule reaching it plays; every edge joins drawn nodes.
    expect(graph.nodes.find((node) => node.id === 'milestone:ready')?.group).toBe('harbour');
    const drawn = new Set(graph.nodes.map((node) => node.id));
    expect(graph.edges.every((edge) => drawn.has(edge.source) && drawn.has(edge.target))).toBe(true);
  });

  it('finds nodes by label', () => {
    const graph = buildStoryGraph(workspace, []);
    expect([...matchingNodes(graph, 'welc')]).toEqual(['interaction:welcome']);
    expect(matchingNodes(graph, '  ').size).toBe(0);
  });
});
