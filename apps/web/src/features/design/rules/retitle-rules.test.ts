import { describe, expect, it } from 'vitest';
import { makeEntity, makeWorkspace } from '../common/test-workspace';
import { rulesFollowingRetitle } from './retitle-rules';

const lighthouse = makeEntity('lighthouse', { name: 'Lighthouse', title: 'Lighthouse' });
const tower = makeEntity('tower', { name: 'Lighthouse tower', title: 'Lighthouse tower', sceneId: 'lighthouse' });
const keeper = makeEntity('keeper', {
  name: 'Lighthouse tower 2',
  title: 'Lighthouse tower',
  type: 'INTER_CONVERSATION',
});
const finale = makeEntity('finale', { name: 'Finale', title: 'Finale' });

function rule(id: string, name: string, trigger: object, actionName: string, what: string) {
  return makeEntity(id, {
    name,
    title: undefined,
    sceneId: 'lighthouse',
    trigger: { verb: 'has_entered', ...trigger },
    sideeffects: [{ actorId: 'system', actionName, actionArgs: { what }, notify: false }],
  });
}

const arriveTalk = rule(
  'r1',
  'Lighthouse tower: talk: Lighthouse tower',
  { conditionType: 'player-location', elementId: 'tower' },
  'startConversation',
  'keeper',
);
const arriveGo = rule(
  'r2',
  'Lighthouse tower: go to Finale',
  { conditionType: 'player-location', elementId: 'tower' },
  'goToScene',
  'finale',
);
const startGo = rule(
  'r3',
  'Start of Lighthouse: go to Finale 2',
  { conditionType: 'player-scene', elementId: 'lighthouse' },
  'goToScene',
  'finale',
);
const ownName = rule(
  'r4',
  'The keeper greets the players',
  { conditionType: 'player-location', elementId: 'tower' },
  'startConversation',
  'keeper',
);
const greek = rule(
  'r5',
  'Αρχή της σκηνής Lighthouse: Finale',
  { conditionType: 'player-scene', elementId: 'lighthouse' },
  'goToScene',
  'finale',
);

const workspace = makeWorkspace({
  scenes: [lighthouse, finale],
  locations: [tower],
  interactions: [keeper],
  rules: [arriveTalk, arriveGo, startGo, ownName, greek],
});

const renames = (id: string, before: Record<string, unknown>, after: Record<string, unknown>) =>
  rulesFollowingRetitle(workspace, {
    id,
    before: makeEntity(id, before),
    after: { name: 'any', ...after },
  }).map(({ rule: renamed, name }) => [renamed.id, name]);

describe('rule names follow a retitle (issue 30)', () => {
  it('renames the rules a quick rule named after the place, not the one the designer named', () => {
    expect(
      renames('tower', { name: 'Lighthouse tower', title: 'Lighthouse tower' }, { title: 'The Egyptian lighthouse' }),
    ).toEqual([
      ['r1', 'The Egyptian lighthouse: talk: Lighthouse tower'],
      ['r2', 'The Egyptian lighthouse: go to Finale'],
    ]);
  });

  it('renames after the thing a rule presents, and keeps the number a second rule of the same name got', () => {
    expect(renames('keeper', { name: 'x', title: 'Lighthouse tower' }, { title: 'The lighthouse keeper' })).toEqual([
      ['r1', 'Lighthouse tower: talk: The lighthouse keeper'],
    ]);
    expect(renames('finale', { name: 'Finale', title: 'Finale' }, { title: 'The mosque' })).toEqual([
      ['r2', 'Lighthouse tower: go to The mosque'],
      ['r3', 'Start of Lighthouse: go to The mosque 2'],
      ['r5', 'Αρχή της σκηνής Lighthouse: The mosque'],
    ]);
  });

  it('follows a scene retitle in the language the rule was named in', () => {
    expect(renames('lighthouse', { name: 'Lighthouse', title: 'Lighthouse' }, { title: 'The tower' })).toEqual([
      ['r3', 'Start of The tower: go to Finale 2'],
      ['r5', 'Αρχή της σκηνής The tower: Finale'],
    ]);
  });

  it('renames nothing when only the system name changed', () => {
    expect(
      renames(
        'tower',
        { name: 'Lighthouse tower', title: 'Lighthouse tower' },
        { name: 'tower', title: 'Lighthouse tower' },
      ),
    ).toEqual([]);
  });
});
