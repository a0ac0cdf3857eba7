import { DESIGN_MESSAGES, DESIGN_TEXTS } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GAME_ID, designApi, entity, makeWorkspace, renderRoute } from '../conditions/test-support';
import { MissionFormPage } from './MissionFormPage';

const UI_TEST_TIMEOUT_MS = 60_000;

const storedMission = entity('m1', 'find-key', {
  title: 'Find the key',
  description: '<p>Somewhere in the harbour.</p>',
  notes: '',
  accomplishment: {
    accomplishmentType: 'condition',
    action: null,
    condition: [{ conditions: [{ conditionType: 'player-item', verb: 'owns', elementId: 'i1' }] }],
    submissions: [],
    ordered: false,
    notifyPlayer: true,
  },
});

const EDIT = ['/games/:gameId/missions/edit/:entityId', `/games/${GAME_ID}/missions/edit/m1`] as const;

function renderMission() {
  const api = designApi(
    makeWorkspace({ items: [entity('i1', 'key', { title: 'Old key' })], missions: [storedMission] }),
    {
      [`PATCH /api/design/${GAME_ID}/missions/m1`]: ({ body }) => ({ body: { ...(body as object), id: 'm1' } }),
    },
  );
  return { api, ...renderRoute(<MissionFormPage />, EDIT[0], EDIT[1]) };
}

async function ready(user: ReturnType<typeof renderMission>['user']) {
  expect(await screen.findByRole('textbox', { name: /^Title/ })).toHaveValue('Find the key');
  // The system name sits under Advanced (issue 30: one name per thing).
  await user.click(screen.getByRole('button', { name: 'Advanced' }));
  expect(screen.getByRole('textbox', { name: /^System name/ })).toHaveValue('find-key');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  return user;
}

describe('#design.missions form', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('clears the other parts when the accomplishment type changes', async () => {
    const { user, api } = renderMission();
    await ready(user);
    expect(screen.getByRole('group', { name: 'Condition block 1' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'By a submission' }));
    expect(screen.queryByRole('group', { name: 'Condition block 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Submission/ })).toHaveValue('Capture');

    // Back to a condition: the old blocks are gone.
    await user.click(screen.getByRole('radio', { name: 'By a condition' }));
    expect(screen.queryByRole('group', { name: 'Condition block 1' })).not.toBeInTheDocument();
    expect(screen.getByText('No conditions: this always holds.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'By a submission' }));
    await user.click(screen.getByRole('checkbox', { name: 'Text' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo(`PATCH /api/design/${GAME_ID}/missions/m1`)).toHaveLength(1));
    expect(api.callsTo(`PATCH /api/design/${GAME_ID}/missions/m1`)[0]?.body).toMatchObject({
      title: 'Find the key',
      accomplishment: {
        accomplishmentType: 'action',
        action: { type: 'ACTION_TYPE_CAPTURE', mediatypetextRequired: true, mediatypemediaRequired: false },
        condition: [],
        submissions: [],
        ordered: false,
        notifyPlayer: true,
      },
    });
    expect(await screen.findByText(DESIGN_TEXTS.saved('Find the key'))).toBeInTheDocument();
  });

  it('asks for a capture/share type and a media type, and for blocks of a condition', async () => {
    const { user, api } = renderMission();
    await ready(user);

    await user.click(screen.getByRole('radio', { name: 'By a submission' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DESIGN_MESSAGES.captureShareType)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Media' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DESIGN_MESSAGES.possibleMediaType)).toBeInTheDocument();
    expect(screen.queryByText(DESIGN_MESSAGES.captureShareType)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'By a condition' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DESIGN_MESSAGES.atLeastOneConditionBlock)).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/design/${GAME_ID}/missions/m1`)).toHaveLength(0);
  });

  it('offers sub-missions one level deep only', async () => {
    const { user } = renderMission();
    await ready(user);

    await user.click(screen.getByRole('radio', { name: 'By sub-missions' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DESIGN_MESSAGES.atLeastOneSubMission)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add sub-mission' }));
    const sub = screen.getByRole('group', { name: 'Sub-mission 1' });
    expect(within(sub).getByRole('radio', { name: 'By a condition' })).toBeChecked();
    expect(within(sub).getByRole('radio', { name: 'By a submission' })).toBeInTheDocument();
    expect(within(sub).queryByRole('radio', { name: 'By sub-missions' })).not.toBeInTheDocument();
    await user.click(within(sub).getByRole('button', { name: 'Add condition block' }));
    expect(within(sub).getByRole('combobox', { name: /^Condition type/ })).toBeInTheDocument();
  });

  it('takes a time limit in minutes, refuses one out of range, and saves it (issue 28)', async () => {
    const { user, api } = renderMission();
    await ready(user);
    const limit = screen.getByRole('textbox', { name: 'Time limit (minutes)' });
    expect(limit).toHaveValue('');
    await user.type(limit, '2000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DESIGN_MESSAGES.atMost(1440))).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/design/${GAME_ID}/missions/m1`)).toHaveLength(0);

    await user.clear(limit);
    await user.type(limit, '15');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PATCH /api/design/${GAME_ID}/missions/m1`)).toHaveLength(1));
    expect(api.callsTo(`PATCH /api/design/${GAME_ID}/missions/m1`)[0]?.body).toMatchObject({ timeLimitMinutes: 15 });
  });
});
