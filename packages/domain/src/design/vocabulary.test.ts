import { describe, expect, it } from 'vitest';
import { DESIGN_KINDS } from './registry.js';
import {
  ACTIONS,
  ACTIONS_WITHOUT_WHAT,
  ACTION_GROUPS,
  ACTION_NAMES,
  BLOCKING_ACTIONS,
  CONDITION_TYPES,
  CONDITION_TYPES_WITHOUT_ELEMENT,
  CONDITION_TYPE_NAMES,
  CONDITION_VERBS,
  INTERACTION_TYPES,
  INTERACTION_TYPE_INFO,
  OFFERED_INTERACTION_TYPES,
  PAYLOAD_FIELD_TYPES,
  PROPERTY_TYPE_VALUES,
  TRIGGER_CONDITION_TYPES,
  TRIGGER_VERBS,
  actionGroupsFor,
  actorKindOf,
  labelOf,
  locationPerceptionOptions,
  triggerVerbsOf,
  verbLabel,
} from './vocabulary.js';

describe('condition vocabulary (spec 4 §2)', () => {
  it('describes every condition type of spec 4 with verbs from spec 2 §9', () => {
    expect(Object.keys(CONDITION_TYPES).sort()).toEqual([...CONDITION_TYPE_NAMES].sort());
    const spec2Verbs = [
      'has_seen',
      'has_approved',
      'has_been_asked',
      'has_answered',
      'has_passed',
      'has_failed',
      'has_started',
      'has_completed',
      'has_been_assigned',
      'has_entered',
      'has_exited',
      'is_currently_in',
      'has_visited',
      'owns',
      'has_created',
      'has_picked',
      'has_dropped',
      'has_destroyed',
      'is_attributed',
      'was_attributed',
      'has_talked',
      'has_reached',
      'has',
      'is',
      'has_typedscannedcode',
    ];
    // The clock's verbs (issue 28), beyond spec 2.
    spec2Verbs.push(
      'has_played_for',
      'has_time_left',
      'has_run_out_of_time',
      'is_past',
      'has_been_in_for',
      'has_been_assigned_for',
      'has_elapsed',
      'is_running',
    );
    // Judged submissions (issue 29).
    spec2Verbs.push('has_been_approved', 'has_been_rejected');
    // Time limits on questions, quizzes and missions (issue 28).
    spec2Verbs.push('has_timed_out');
    // Teams (issue 28): every member of the team is in the place.
    spec2Verbs.push('has_every_member_in');
    for (const verb of CONDITION_VERBS) expect(spec2Verbs).toContain(verb.replace(/^not_/, ''));
  });

  it('keeps the verbs and elements of the spec 4 table', () => {
    expect(CONDITION_TYPES['player-location']).toMatchObject({
      element: 'location',
      family: 'player',
      verbs: [
        'has_entered',
        'has_exited',
        'is_currently_in',
        'has_visited',
        'not_has_entered',
        'not_has_exited',
        'not_is_currently_in',
        'not_has_visited',
        'has_every_member_in',
      ],
    });
    expect(CONDITION_TYPES['player-item'].verbs).toEqual(['owns', 'not_owns']);
    expect(CONDITION_TYPES['player-info']).toMatchObject({
      element: 'interaction',
      interactionType: 'INTER_INSPECT_INFO',
      verbs: ['has_seen', 'not_has_seen'],
    });
    expect(CONDITION_TYPES['player-quiz']).toMatchObject({ interactionType: 'INTER_QUIZ', subElement: 'question' });
    expect(CONDITION_TYPES['player-confirmation'].verbs).toEqual(['has_approved', 'not_has_approved', 'has_answered']);
    expect(CONDITION_TYPES['player-offer']).toMatchObject({ family: 'offer', element: 'offer' });
    expect(CONDITION_TYPES['game-status']).toMatchObject({
      family: 'game',
      element: null,
      usesDesignerInput: true,
      designerInputValues: ['completed', 'active', 'abandoned'],
    });
    expect(CONDITION_TYPES.milestone).toMatchObject({ family: 'other', verbs: ['has_reached', 'not_has_reached'] });
    expect(CONDITION_TYPES['player-code']).toMatchObject({ usesDesignerInput: true, verbs: ['has_typedscannedcode'] });
  });

  it('needs no element exactly for the five types of spec 2 §5 and three of the clock', () => {
    const withoutElement = CONDITION_TYPE_NAMES.filter((type) => CONDITION_TYPES[type].element === null);
    expect(withoutElement.sort()).toEqual([...CONDITION_TYPES_WITHOUT_ELEMENT].sort());
  });

  it('uses some/someNumber on the some types and on attribute values', () => {
    const usingSome = CONDITION_TYPE_NAMES.filter((type) => CONDITION_TYPES[type].usesSome);
    expect(usingSome).toEqual([
      'player-some-item',
      'player-some-currency',
      'player-attribute',
      'world-some-item',
      // The clock's minutes (issue 28).
      'player-clock',
      'player-scene-time',
      'player-mission-time',
    ]);
    for (const type of CONDITION_TYPE_NAMES.filter((name) => name.includes('some'))) {
      expect(CONDITION_TYPES[type].usesSome).toBe(true);
    }
  });

  it('has consistent rows: element kinds exist, sub-element and some verbs are verbs of the type', () => {
    for (const type of CONDITION_TYPE_NAMES) {
      const info = CONDITION_TYPES[type];
      if (info.element) expect(DESIGN_KINDS).toContain(info.element);
      if (info.interactionType) expect(info.element).toBe('interaction');
      for (const verb of [...info.someVerbs, ...info.subElementVerbs]) expect(info.verbs).toContain(verb);
      expect(new Set(info.verbs).size).toBe(info.verbs.length);
    }
  });

  it('gives every trigger verb to some condition type', () => {
    for (const verb of TRIGGER_VERBS) {
      expect(CONDITION_TYPE_NAMES.some((type) => CONDITION_TYPES[type].verbs.includes(verb))).toBe(true);
    }
  });

  it('offers only trigger verbs of the type to a trigger', () => {
    expect(triggerVerbsOf('player-location')).toEqual([
      'has_entered',
      'has_exited',
      'has_visited',
      'has_every_member_in',
    ]);
    expect(triggerVerbsOf('player-code')).toEqual(['has_typedscannedcode']);
    expect(triggerVerbsOf('milestone')).toEqual(['has_reached']);
    expect(triggerVerbsOf('player-item')).toEqual([]);
    expect(triggerVerbsOf('nonsense')).toEqual([]);
    expect(TRIGGER_CONDITION_TYPES).not.toContain('player-item');
    expect(TRIGGER_CONDITION_TYPES).toContain('player-info');
  });

  it('words verbs for sentences', () => {
    expect(verbLabel('has_entered')).toBe('has entered');
    expect(verbLabel('not_has_entered')).toBe('has not entered');
    expect(verbLabel('not_is_currently_in')).toBe('is not currently in');
    expect(verbLabel('not_owns')).toBe('does not own');
    expect(verbLabel('has_typedscannedcode')).toBe('has typed or scanned the code');
  });
});

describe('action vocabulary (spec 2 §5, §9)', () => {
  it('lists the six groups of the rule form in order, then the clock’s', () => {
    expect(ACTION_GROUPS.map((group) => group.name)).toEqual([
      'Communication',
      'Player state',
      'World state',
      'Scene and game',
      'Object',
      'Conversation',
      'Clock',
    ]);
    // 40, the two of judged submissions and the feed's announcement (issue 29).
    expect(ACTION_NAMES).toHaveLength(43);
    expect(new Set(ACTION_NAMES).size).toBe(ACTION_NAMES.length);
  });

  it('puts every blocking action and every action without what in some group', () => {
    for (const name of [...BLOCKING_ACTIONS, ...ACTIONS_WITHOUT_WHAT]) expect(ACTION_NAMES).toContain(name);
  });

  it('derives blocking and needsWhat from the spec lists', () => {
    const blocking = ACTION_NAMES.filter((name) => ACTIONS[name].blocking);
    expect(blocking.sort()).toEqual([...BLOCKING_ACTIONS].sort());
    const withoutWhat = ACTION_NAMES.filter((name) => !ACTIONS[name].needsWhat);
    expect(withoutWhat.sort()).toEqual([...ACTIONS_WITHOUT_WHAT].sort());
  });

  it('says what each what refers to, and what needs a value or a message', () => {
    expect(ACTIONS.showInfo).toMatchObject({ whatKind: 'interaction', interactionType: 'INTER_INSPECT_INFO' });
    expect(ACTIONS.askQuiz.interactionType).toBe('INTER_QUIZ');
    expect(ACTIONS.goToScene.whatKind).toBe('scene');
    expect(ACTIONS.assignMission.whatKind).toBe('mission');
    expect(ACTIONS.sayStatement.whatKind).toBe('statement');
    expect(ACTIONS.mutateObject.whatKind).toBe('property');
    expect(ACTIONS.giveToPlayer.whatKinds).toEqual(['item', 'attribute']);
    expect(ACTIONS.showNotification).toMatchObject({ needsMsg: true, needsWhat: false, whatKind: null });
    const needValue = ACTION_NAMES.filter((name) => ACTIONS[name].needsValue);
    expect(needValue).toEqual([
      'giveToPlayer',
      'takeFromPlayer',
      'setOnPlayer',
      'giveToWorld',
      'takeFromWorld',
      'setOnWorld',
      'startTimer',
      'addTime',
    ]);
    for (const name of ACTION_NAMES) {
      const info = ACTIONS[name];
      expect(info.needsWhat).toBe(info.whatKind !== null);
    }
    expect(ACTIONS.startTimer).toMatchObject({ whatKind: 'timer', needsValue: true, valueType: 'number' });
  });

  it('lets the game perform every action and groups the actions of each actor', () => {
    for (const name of ACTION_NAMES) expect(ACTIONS[name].allowedActors).toContain('system');
    expect(actionGroupsFor('world').map((group) => group.name)).toEqual(['World state']);
    expect(actorKindOf('player')).toBe('player');
    expect(actorKindOf('c0ffee')).toBe('character');
  });
});

describe('interaction and payload vocabularies', () => {
  it('names the interaction kinds and hides INTER_MSN', () => {
    expect(INTERACTION_TYPES.map((type) => INTERACTION_TYPE_INFO[type].label).slice(0, 5)).toEqual([
      'Info Box',
      'Confirmation',
      'Question',
      'Quiz',
      'Conversation',
    ]);
    expect(OFFERED_INTERACTION_TYPES).not.toContain('INTER_MSN');
  });

  it('stores property types the world form handles where it can', () => {
    for (const type of PAYLOAD_FIELD_TYPES) expect(PROPERTY_TYPE_VALUES).toContain(type);
    expect(PROPERTY_TYPE_VALUES).toHaveLength(8);
  });
});

describe('locationPerceptionOptions (spec 2 §5 option sets)', () => {
  it.each([
    [{ trackable: true, visible: 'always' }, ['always', 'in-range', 'never'], ['in-range', 'always', 'never']],
    [{ trackable: true, visible: 'in-range' }, ['always', 'in-range', 'never'], ['in-range', 'never']],
    [{ trackable: true, visible: 'never' }, ['always', 'in-range', 'never'], ['in-range']],
    [{ trackable: false, visible: 'always' }, ['always', 'in-range'], ['in-range', 'always']],
    [{ trackable: false, visible: 'in-range' }, ['always', 'in-range'], ['in-range']],
  ])('%o offers visible %o and contactable %o', (values, visible, contactable) => {
    expect(locationPerceptionOptions(values)).toEqual({ visible, contactable });
  });
});

describe('labelOf', () => {
  it('strips markup and cuts picker labels at 150 characters', () => {
    expect(labelOf('<p>Old  <b>Harbour</b></p>')).toBe('Old Harbour');
    const long = 'x'.repeat(200);
    expect(labelOf(long)).toBe(`${'x'.repeat(150)}…`);
    expect(labelOf(null)).toBe('');
  });
});
