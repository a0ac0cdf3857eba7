import type { PlayerState } from '@loci/engine';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PlayDebug } from '../../../api/play';
import i18n from '../../../i18n';
import { makeIndex, renderWithProviders } from '../test-support';
import type { TraceEntry } from '../session/session-reducer';
import { TracePanel } from './TracePanel';

const index = makeIndex({
  location: [{ id: 'pier', title: 'Old pier' }],
  interaction: [{ id: 'year', title: 'The year', questions: [] }],
  item: [{ id: 'lantern', title: 'Lantern' }],
  scene: [{ id: 'harbour', title: 'The Harbour' }],
  rule: [
    {
      id: 'arrive',
      name: 'Arrive at the pier',
      trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: 'pier' },
      triggerPreconditions: [],
    },
    {
      id: 'leave',
      name: 'Leave with the lantern',
      trigger: { conditionType: 'player-location', verb: 'has_exited', elementId: 'pier' },
      triggerPreconditions: [
        { conditions: [{ conditionType: 'player-question', verb: 'has_passed', elementId: 'year' }] },
      ],
    },
  ],
});

const entries: TraceEntry[] = [
  {
    id: 3,
    when: new Date('2026-11-22T05:01:00Z'),
    event: { type: 'contact', objectId: '0b7f3c1e-lamp' },
    outputs: [],
    trace: {
      rules: [
        {
          ruleId: 'reward',
          ruleName: 'Reward the coin',
          sceneId: 'harbour',
          pass: 1,
          triggerMatched: true,
          newlyTrue: false,
          branch: null,
        },
      ],
      notes: [],
    },
    thingNames: { '0b7f3c1e-lamp': 'harbour-lamp' },
  },
  {
    id: 2,
    when: new Date('2026-11-22T05:00:00Z'),
    event: { type: 'location', latitude: 37.97, longitude: 23.72 },
    outputs: [{ playerId: 'p1', action: 'showNotification', message: 'Come back when you know the year' }],
    trace: {
      rules: [
        {
          ruleId: 'leave',
          ruleName: 'Leave with the lantern',
          sceneId: 'harbour',
          pass: 0,
          triggerMatched: true,
          newlyTrue: true,
          preconditionsHeld: false,
          failedBlocks: [{ block: 0, condition: 0 }],
          branch: 'sideeffectselse',
        },
      ],
      notes: [],
    },
  },
  {
    id: 1,
    when: new Date('2026-11-22T04:59:00Z'),
    event: { type: 'location', latitude: 37.971, longitude: 23.721 },
    outputs: [{ playerId: 'p1', action: 'askQuestion', blocking: true, interactionId: 'year' }],
    trace: {
      rules: [
        {
          ruleId: 'arrive',
          ruleName: 'Arrive at the pier',
          sceneId: 'harbour',
          pass: 0,
          triggerMatched: true,
          newlyTrue: true,
          preconditionsHeld: true,
          branch: 'sideeffects',
        },
      ],
      notes: ['Milestone "Found the pier" reached'],
    },
  },
];

const debug = {
  trace: entries[0]!.trace!,
  world: {},
  player: {
    status: 'playing',
    currentSceneId: 'harbour',
    location: { latitude: 37.97, longitude: 23.72 },
    insideLocations: {},
    items: { lantern: 1 },
    attributes: {},
    triggers: ['leave'],
    firedRules: { arrive: 1 },
    pending: [],
  } as unknown as PlayerState,
} as unknown as PlayDebug;

describe('TracePanel', () => {
  it('lists each step newest first with its rules: fired, branch, and the precondition that failed', async () => {
    const onReset = vi.fn();
    const { user } = renderWithProviders(
      <TracePanel entries={entries} debug={debug} index={index} onReset={onReset} zone="Europe/Athens" />,
    );
    const steps = screen.getAllByTestId('trace-entry');
    expect(steps).toHaveLength(3);
    // What the event touched is named, and a rule looked at again after the first consequences says so.
    expect(within(steps[0]!).getByText('contact harbour-lamp')).toBeInTheDocument();
    expect(within(steps[0]!).getByText('after consequences, round 1')).toBeInTheDocument();
    // Times are the game's clock (05:01 UTC is 07:01 in Athens in November), the zone named.
    expect(within(steps[0]!).getByText('07:01:00 (Europe/Athens)')).toBeInTheDocument();
    steps.shift();
    expect(within(steps[0]!).getByText('location 37.97, 23.72')).toBeInTheDocument();

    const failed = within(steps[0]!).getByTestId('trace-rule');
    expect(within(failed).getByText('Leave with the lantern')).toBeInTheDocument();
    expect(within(failed).getByText('preconditions failed')).toBeInTheDocument();
    expect(within(failed).getByText('else')).toBeInTheDocument();
    expect(within(failed).getByText('Block 1 failed: Player has passed The year')).toBeInTheDocument();

    const fired = within(steps[1]!).getByTestId('trace-rule');
    expect(within(fired).getByText('Arrive at the pier')).toBeInTheDocument();
    expect(within(fired).getByText('fired')).toBeInTheDocument();
    expect(within(fired).getByText('then')).toBeInTheDocument();
    expect(within(fired).getByText('When: Player has entered Old pier')).toBeInTheDocument();
    // Elements are named by title, their system name after it.
    expect(within(steps[1]!).getByText('askQuestion The year (year)')).toBeInTheDocument();
    expect(within(steps[1]!).getByText('Milestone "Found the pier" reached')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Player state' }));
    const state = screen.getByRole('tabpanel', { name: 'Player state' });
    expect(within(state).getByText('Lantern (lantern) × 1')).toBeInTheDocument();
    expect(within(state).getByText('The Harbour (harbour)')).toBeInTheDocument();
    expect(within(state).getByText('Arrive at the pier')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onReset).toHaveBeenCalled();
  });

  it('says the rules’ conditions in the interface language', async () => {
    await i18n.changeLanguage('el');
    try {
      renderWithProviders(
        <TracePanel entries={entries} debug={debug} index={index} onReset={vi.fn()} zone="Europe/Athens" />,
      );
      expect(screen.getByText('Όταν: Ο παίκτης έχει μπει σε Old pier')).toBeInTheDocument();
      expect(screen.getByText('Το μπλοκ 1 απέτυχε: Ο παίκτης έχει περάσει The year')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
