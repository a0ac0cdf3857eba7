import type { PlayerReplay, ReplayStep } from '@loci/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import {
  GAME_ID,
  PUBLISHED,
  UI_TEST_TIMEOUT_MS,
  gameWorkspace,
  makeFullInstance,
  makeSpecs,
  mockOperationsApi,
} from './test-support';

vi.mock('../../api/realtime', () => import('./quiet-realtime'));

const REPLAY_URL = 'GET /api/instances/i1/players/p1/replay';

function step(overrides: Partial<ReplayStep>): ReplayStep {
  return {
    seq: 1,
    at: '2024-05-01T09:00:00.000Z',
    kind: 'event',
    event: { type: 'start', playerId: 'p1' },
    message: null,
    position: null,
    state: { status: 'playing', currentSceneId: 's-harbour', items: {} },
    outputs: [],
    trace: { rules: [], notes: [] },
    ...overrides,
  };
}

const REPLAY: PlayerReplay = {
  instanceId: 'i1',
  playerId: 'p1',
  name: 'Player 1',
  isLiveSpec: false,
  matchesStored: true,
  steps: [
    step({}),
    step({
      seq: 2,
      at: '2024-05-01T09:05:00.000Z',
      event: { type: 'location', playerId: 'p1', latitude: 39.5, longitude: 22.5 },
      position: { latitude: 39.5, longitude: 22.5 },
      state: {
        status: 'playing',
        currentSceneId: 's-harbour',
        items: {},
        location: { latitude: 39.5, longitude: 22.5 },
      },
      outputs: [{ playerId: 'p1', action: 'askQuestion', interactionId: 'q-year' }],
      trace: {
        rules: [
          {
            ruleId: 'r-pier',
            ruleName: 'ask at the pier',
            sceneId: 's-harbour',
            pass: 0,
            triggerMatched: true,
            newlyTrue: true,
            preconditionsHeld: true,
            branch: 'sideeffects',
          },
        ],
        notes: [],
      },
    }),
    step({
      seq: 0,
      kind: 'message',
      at: '2024-05-01T09:06:00.000Z',
      event: null,
      message: 'Look up',
      position: { latitude: 39.5, longitude: 22.5 },
      trace: null,
    }),
    step({
      seq: 3,
      at: '2024-05-01T09:07:00.000Z',
      event: { type: 'answer', playerId: 'p1', interactionId: 'q-year', answer: 1890 },
      position: { latitude: 39.501, longitude: 22.5 },
      state: {
        status: 'playing',
        currentSceneId: 's-harbour',
        items: { 'it-lantern': 1 },
        location: { latitude: 39.501, longitude: 22.5 },
        milestones: { 'ms-year': '2024-05-01T09:07:00.000Z' },
      },
    }),
  ],
};

function api(replay: { status?: number; body: unknown }) {
  return mockOperationsApi({
    'GET /api/instances/i1': { body: makeFullInstance() },
    [`GET /api/design/${GAME_ID}/initialStateSpecs/${PUBLISHED.id}`]: { body: makeSpecs() },
    [`GET /api/design/${GAME_ID}/workspace`]: {
      body: {
        ...gameWorkspace(),
        interactions: [
          { id: 'q-year', gameId: GAME_ID, name: 'q_year', title: 'The year', type: 'INTER_ANSWER_QUESTION' },
        ],
      },
    },
    [REPLAY_URL]: replay,
  });
}

async function openReplay() {
  const view = renderApp(`/active-games/${GAME_ID}/instance/i1`);
  await screen.findByRole('heading', { name: /^Player 1 · started / });
  await view.user.click(screen.getByRole('button', { name: 'Replay Player 1’s game' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Replay of Player 1’s game' }) };
}

describe('#operations.ReplayModal', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('opens at the last step; the slider and the timeline go back to earlier states, tracks and traces', async () => {
    api({ body: REPLAY });
    const { user, dialog } = await openReplay();
    const replay = await within(dialog).findByTestId('replay');
    // The last step: the lantern is owned, the milestone reached, at 12:07 in the game's zone (Athens, UTC+3).
    // Elements are named by title, the system name after it.
    expect(within(replay).getByTestId('replay-step')).toHaveTextContent('Step 4 of 4 · answer The year (q_year): 1890');
    expect(within(replay).getByRole('table', { name: 'Items' })).toHaveTextContent('it-lantern1');
    expect(within(replay).getByRole('table', { name: 'Milestones' })).toHaveTextContent('1 May 2024, 12:07');
    expect(within(replay).getByRole('button', { name: 'Player 1' })).toHaveClass('leaflet-marker-icon');

    // One step back with the keyboard on the slider: the operator's message, on the state it arrived on.
    const slider = within(replay).getByRole('slider', { name: 'Step of the replay' });
    slider.focus();
    await user.keyboard('{ArrowLeft}');
    expect(within(replay).getByTestId('replay-step')).toHaveTextContent('Step 3 of 4 · Message: Look up');
    expect(within(replay).getByText('Nothing was stepped here: no rules ran.')).toBeInTheDocument();
    expect(within(replay).getByText('No items.')).toBeInTheDocument();

    // The timeline: the location step, with the rule that fired and what it showed.
    const timeline = within(replay).getByRole('list', { name: 'Timeline' });
    await user.click(within(timeline).getByText(/^location 39\.5, 22\.5$/));
    expect(within(replay).getByTestId('replay-step')).toHaveTextContent('Step 2 of 4');
    const rule = within(replay).getByTestId('trace-rule');
    expect(rule).toHaveTextContent('ask at the pier');
    expect(rule).toHaveTextContent('fired');
    expect(within(replay).getByText('askQuestion The year (q_year)')).toBeInTheDocument();
    // The step's time on its trace card is the game's clock (09:05 UTC is 12:05 in Athens).
    expect(within(replay).getByTestId('trace-entry')).toHaveTextContent('12:05:00');
  });

  it('names the team member who acted on each step of a team’s replay', async () => {
    const steps = REPLAY.steps.map((one) =>
      one.event?.type === 'answer' ? { ...one, event: { ...one.event, member: { id: 'm1', name: 'Maria' } } } : one,
    );
    api({ body: { ...REPLAY, steps } });
    const { dialog } = await openReplay();
    const replay = await within(dialog).findByTestId('replay');
    expect(within(replay).getByTestId('replay-step')).toHaveTextContent(
      'Step 4 of 4 · Maria: answer The year (q_year): 1890',
    );
    const timeline = within(replay).getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('Maria: answer The year (q_year): 1890')).toBeInTheDocument();
    // A step no member made (the location here) is described as before.
    expect(within(timeline).getByText(/^location 39\.5, 22\.5$/)).toBeInTheDocument();
  });

  it('names the member an operator’s rescue placed, and what else it did, in the team’s timeline', async () => {
    const last = REPLAY.steps.at(-1)!;
    const rescue = {
      ...last,
      seq: last.seq + 1,
      event: {
        type: 'rescue',
        playerId: last.event!.playerId,
        actions: [
          { kind: 'teleport', latitude: 39.5, longitude: 22.5, memberId: 'm1', member: { id: 'm1', name: 'Maria' } },
          { kind: 'give', assetId: 'it-lantern1', count: 1 },
        ],
      },
    };
    api({ body: { ...REPLAY, steps: [...REPLAY.steps, rescue] } });
    const { dialog } = await openReplay();
    const replay = await within(dialog).findByTestId('replay');
    expect(within(replay).getByTestId('replay-step')).toHaveTextContent(
      'Operator’s rescue: Teleport Maria, Give an item or currency',
    );
  });

  it('tells the organiser’s verdicts, the player’s messages and the organiser’s reply (issue 29)', async () => {
    const steps = [
      ...REPLAY.steps,
      step({
        seq: 5,
        at: '2024-05-01T09:10:00.000Z',
        event: {
          type: 'judge',
          playerId: 'p1',
          missionId: 'q-year',
          submissionId: 's1',
          verdict: 'rejected',
          points: 0,
          reason: 'Blurred',
        },
      }),
      step({
        seq: 6,
        at: '2024-05-01T09:11:00.000Z',
        event: {
          type: 'chat',
          playerId: 'p1',
          channel: 'organiser',
          text: 'Why?',
          member: { id: 'm1', name: 'Maria' },
        },
      }),
      step({ seq: 0, at: '2024-05-01T09:12:00.000Z', kind: 'message', event: null, message: 'Hold it still' }),
      step({
        seq: 7,
        at: '2024-05-01T09:13:00.000Z',
        event: {
          type: 'judge',
          playerId: 'p1',
          missionId: 'q-year',
          submissionId: 's2',
          verdict: 'approved',
          points: 3,
        },
      }),
    ];
    api({ body: { ...REPLAY, steps } });
    const { dialog } = await openReplay();
    const replay = await within(dialog).findByTestId('replay');
    const timeline = within(replay).getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('The organiser rejected “q-year”: Blurred')).toBeInTheDocument();
    expect(within(timeline).getByText('Maria: To the organiser: Why?')).toBeInTheDocument();
    expect(within(timeline).getByText('Message: Hold it still')).toBeInTheDocument();
    expect(within(replay).getByTestId('replay-step')).toHaveTextContent(
      'Step 8 of 8 · The organiser approved “q-year” (3 points)',
    );
  });

  it('explains a game recorded before replay existed', async () => {
    api({ status: 409, body: { message: 'recorded before replay existed' } });
    const { dialog } = await openReplay();
    expect(
      await within(dialog).findByText(/recorded before replay existed: its events were not kept/),
    ).toBeInTheDocument();
  });
});
