import { describe, expect, it } from 'vitest';
import { validateDesignEntity } from './index.js';
import { missionSchema, setAccomplishmentType } from './mission.js';

const errorsOf = (values: unknown) => validateDesignEntity('mission', values) ?? {};
const entered = [{ conditions: [{ conditionType: 'player-scene', verb: 'has_entered', elementId: 'scene-1' }] }];

function buildMission(accomplishment: Record<string, unknown>) {
  return {
    name: 'find-the-key',
    title: 'Find the key',
    description: '<p>Somewhere in the harbour</p>',
    accomplishment,
  };
}

describe('mission form', () => {
  it('requires title, description and accomplishment', () => {
    expect(errorsOf({ name: 'm', description: '<p></p>' })).toEqual({
      title: 'Required',
      description: 'Required',
      accomplishment: 'Required',
    });
    expect(errorsOf(buildMission({}))).toEqual({ 'accomplishment.accomplishmentType': 'Required' });
  });

  it('checks an action accomplishment: type, a required capture/share type, a possible media type', () => {
    expect(errorsOf(buildMission({ accomplishmentType: 'action', action: { type: '' } }))).toEqual({
      'accomplishment.action.type': 'Required',
      'accomplishment.action.requiredTypes': 'Check at least one required capture/share type',
    });
    expect(
      errorsOf(
        buildMission({
          accomplishmentType: 'action',
          action: { type: 'ACTION_TYPE_CAPTURE', mediatypemediaRequired: true },
        }),
      ),
    ).toEqual({ 'accomplishment.action.mediaTypes': 'Check at least one possible media type' });
    expect(
      errorsOf(
        buildMission({
          accomplishmentType: 'action',
          action: { type: 'ACTION_TYPE_SHARE', mediatypemediaRequired: true, mediatypeimage: true },
        }),
      ),
    ).toEqual({});
  });

  it("checks a condition accomplishment: 'You must add at least one condition block'", () => {
    expect(errorsOf(buildMission({ accomplishmentType: 'condition', condition: [] }))).toEqual({
      'accomplishment.condition': 'You must add at least one condition block',
    });
    expect(errorsOf(buildMission({ accomplishmentType: 'condition', condition: [{ conditions: [] }] }))).toEqual({
      'accomplishment.condition.0.conditions': 'Add at least one condition to this block',
    });
  });

  it("checks sub-missions: 'You must add at least one sub mission', each with title, description and accomplishment", () => {
    expect(errorsOf(buildMission({ accomplishmentType: 'submissions', submissions: [] }))).toEqual({
      'accomplishment.submissions': 'You must add at least one sub mission',
    });
    expect(errorsOf(buildMission({ accomplishmentType: 'submissions', submissions: [{}] }))).toEqual({
      'accomplishment.submissions.0.title': 'Required',
      'accomplishment.submissions.0.description': 'Required',
      'accomplishment.submissions.0.accomplishment': 'Required',
    });
  });

  it('nests sub-missions one level only, checking theirs under their own path', () => {
    const errors = errorsOf(
      buildMission({
        accomplishmentType: 'submissions',
        ordered: true,
        submissions: [
          {
            title: 'Reach the gate',
            description: 'Go',
            accomplishment: { accomplishmentType: 'condition', condition: entered },
          },
          {
            title: 'Photograph it',
            description: 'Snap',
            accomplishment: {
              accomplishmentType: 'action',
              action: { type: 'ACTION_TYPE_CAPTURE', mediatypetextRequired: false },
            },
          },
          {
            title: 'Deeper',
            description: 'Nested',
            accomplishment: { accomplishmentType: 'submissions', submissions: [{ title: 'x' }] },
          },
        ],
      }),
    );
    expect(errors).toEqual({
      'accomplishment.submissions.1.accomplishment.action.requiredTypes':
        'Check at least one required capture/share type',
      'accomplishment.submissions.2.accomplishment.accomplishmentType': 'Sub missions cannot have sub missions',
    });
  });

  it('keeps only the part of the accomplishment type and ids the sub-missions', () => {
    const parsed = missionSchema.parse(
      buildMission({
        accomplishmentType: 'submissions',
        ordered: true,
        condition: entered,
        action: { type: 'ACTION_TYPE_SHARE' },
        submissions: [
          {
            title: 'Reach the gate',
            description: 'Go',
            accomplishment: {
              accomplishmentType: 'condition',
              condition: entered,
              submissions: [{ title: 'ignored' }],
            },
          },
        ],
      }),
    );
    expect(parsed.accomplishment).toMatchObject({
      accomplishmentType: 'submissions',
      action: null,
      condition: [],
      ordered: true,
    });
    const [sub] = parsed.accomplishment.submissions;
    expect(sub?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sub?.accomplishment).toMatchObject({ accomplishmentType: 'condition', submissions: [], ordered: false });
  });
});

describe('setAccomplishmentType', () => {
  it('clears the other parts when the type changes (spec 2 §4)', () => {
    const before = {
      accomplishmentType: 'condition',
      condition: entered,
      action: null,
      submissions: [],
      ordered: false,
    };
    const toAction = setAccomplishmentType(before, 'action');
    expect(toAction).toMatchObject({ accomplishmentType: 'action', condition: [], submissions: [] });
    expect(toAction.action).toMatchObject({ type: 'ACTION_TYPE_CAPTURE', mediatypemediaRequired: false });
    expect(setAccomplishmentType(toAction, 'submissions')).toMatchObject({
      action: null,
      condition: [],
      submissions: [],
    });
  });
});
