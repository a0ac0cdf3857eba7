import type { AuditEntry } from '@loci/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import i18n from '../../i18n';
import { AuditTable, auditCsv } from './AuditTable';
import { RescuePanel, type RescueOptions } from './RescuePanel';
import { StuckPlayersTable } from './StuckPlayersSection';

const OPTIONS: RescueOptions = {
  assets: [{ value: 'key', label: 'Brass key' }],
  attributes: [],
  scenes: [{ value: 's2', label: 'Harbour' }],
  missions: [],
  milestones: [],
  rules: [],
};

function renderPanel(onSubmit = vi.fn().mockResolvedValue({}), members?: Array<{ id: string; name: string }>) {
  render(
    <MantineProvider env="test">
      <RescuePanel options={OPTIONS} dialogs={[]} members={members} onSubmit={onSubmit} />
    </MantineProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

const ENTRY: AuditEntry = {
  id: 1,
  instanceId: 'i1',
  kind: 'rescue',
  playerId: 'p1',
  playerName: 'Bob',
  actorId: 'u1',
  actorName: 'Olga Operator',
  at: '2030-06-01T07:00:00.000Z',
  what: [{ kind: 'give', assetId: 'key', count: 1 }],
  reason: 'Lost the key to a bug',
  changes: [{ path: 'items.key', before: null, after: 1 }],
  members: [],
};

describe('RescuePanel', { timeout: 30_000 }, () => {
  it('asks for a reason before sending anything', async () => {
    const { onSubmit, user } = renderPanel();
    await user.click(screen.getByRole('combobox', { name: 'Item or attribute' }));
    await user.click(await screen.findByRole('option', { name: 'Brass key' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Give a reason')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Lost the key to a bug');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onSubmit).toHaveBeenCalledWith({
      actions: [{ kind: 'give', assetId: 'key', count: 1 }],
      reason: 'Lost the key to a bug',
    });
  });

  it('applies several actions together with one reason, and names a refused one by its place', async () => {
    const refusal = new ApiError(400, 'Please correct the errors in the form', {
      message: 'Please correct the errors in the form',
      errors: { 'actions.1.sceneId': 'No such scene' },
    });
    const onSubmit = vi.fn().mockRejectedValueOnce(refusal).mockResolvedValue({});
    const { user } = renderPanel(onSubmit);
    await user.click(screen.getByRole('combobox', { name: 'Item or attribute' }));
    await user.click(await screen.findByRole('option', { name: 'Brass key' }));

    await user.click(screen.getByRole('button', { name: 'Add another action' }));
    const second = screen.getByRole('group', { name: 'Action 2' });
    await user.click(within(second).getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Move to a scene' }));
    await user.click(within(second).getByRole('combobox', { name: 'Scene' }));
    await user.click(await screen.findByRole('option', { name: 'Harbour' }));

    await user.click(screen.getByRole('button', { name: 'Add another action' }));
    const third = screen.getByRole('group', { name: 'Action 3' });
    await user.click(within(third).getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Teleport' }));
    // Changed their mind: the teleport goes, the first two stay as they were.
    await user.click(screen.getByRole('button', { name: 'Remove action 3' }));
    expect(screen.queryByRole('group', { name: 'Action 3' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Action 1' })).getByRole('combobox', { name: 'Item or attribute' }),
    ).toHaveValue('Brass key');

    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Stuck behind the locked gate');
    await user.click(screen.getByRole('button', { name: 'Apply 2 actions' }));
    expect(onSubmit).toHaveBeenLastCalledWith({
      actions: [
        { kind: 'give', assetId: 'key', count: 1 },
        { kind: 'scene', sceneId: 's2' },
      ],
      reason: 'Stuck behind the locked gate',
    });
    // The server's error shows under the second action's field, not the first's.
    expect(
      await within(screen.getByRole('group', { name: 'Action 2' })).findByText('No such scene'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Action 1' })).queryByText('No such scene'),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Apply 2 actions' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    // Applied: the form is empty again, one action, no reason.
    expect(await screen.findByRole('button', { name: 'Apply' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Action 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Reason/ })).toHaveValue('');
  });

  it('shows the server’s field errors under their fields', async () => {
    const refusal = new ApiError(400, 'Please correct the errors in the form', {
      message: 'Please correct the errors in the form',
      errors: { 'actions.0.count': 'The player holds only 0' },
    });
    const { user } = renderPanel(vi.fn().mockRejectedValue(refusal));
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Take an item or currency' }));
    await user.click(screen.getByRole('combobox', { name: 'Item or attribute' }));
    await user.click(await screen.findByRole('option', { name: 'Brass key' }));
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Wrong pick');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The player holds only 0')).toBeInTheDocument();
  });

  it('of a team: says its actions are the team’s, and a teleport places the member chosen', async () => {
    const refusal = new ApiError(400, 'Please correct the errors in the form', {
      message: 'Please correct the errors in the form',
      errors: { 'actions.0.memberId': 'Choose the member of the team to place' },
    });
    const onSubmit = vi.fn().mockRejectedValueOnce(refusal).mockResolvedValue({});
    const { user } = renderPanel(onSubmit, [
      { id: 'm-maria', name: 'Maria' },
      { id: 'm-nikos', name: 'Nikos' },
    ]);
    const form = screen.getByRole('form', { name: 'Rescue this team' });
    expect(form).toHaveTextContent('every action applies to the whole team');
    // A gift needs no member: it is the team's.
    expect(screen.queryByRole('combobox', { name: /Member to place/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Teleport' }));
    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), '35.5');
    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), '24.01');
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'GPS stuck');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // Sent without a member, the server's refusal shows under the member's field.
    expect(onSubmit).toHaveBeenLastCalledWith({
      actions: [{ kind: 'teleport', latitude: 35.5, longitude: 24.01 }],
      reason: 'GPS stuck',
    });
    expect(await screen.findByText('Choose the member of the team to place')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Member to place/ }));
    await user.click(await screen.findByRole('option', { name: 'Maria' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onSubmit).toHaveBeenLastCalledWith({
      actions: [{ kind: 'teleport', latitude: 35.5, longitude: 24.01, memberId: 'm-maria' }],
      reason: 'GPS stuck',
    });
  });

  it('of a solo player: no member to choose', async () => {
    const { user } = renderPanel();
    expect(screen.getByRole('form', { name: 'Rescue this player' })).not.toHaveTextContent('whole team');
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Teleport' }));
    expect(screen.queryByRole('combobox', { name: /Member to place/ })).not.toBeInTheDocument();
  });
});

describe('AuditTable', () => {
  // The game's titles by id, as the Instance page reads them from the design (design-labels.ts).
  const titles = (id: string) => ({ key: 'Brass key', s2: 'The lighthouse' })[id] ?? id;

  it('shows who, when, what, why and before → after, and exports the same as CSV', () => {
    render(
      <MantineProvider env="test">
        <AuditTable entries={[ENTRY]} zone="Europe/Athens" labelOf={titles} />
      </MantineProvider>,
    );
    const row = within(screen.getByRole('table', { name: 'Audit log' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Olga Operator');
    expect(row).toHaveTextContent('Bob');
    expect(row).toHaveTextContent('give 1 × Brass key');
    expect(row).not.toHaveTextContent('give key');
    expect(row).toHaveTextContent('Lost the key to a bug');
    expect(row).toHaveTextContent('items.key: — → 1');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    const [header, line] = Papa.parse<string[]>(auditCsv([ENTRY], i18n.t, titles)).data;
    expect(header).toEqual(['at', 'actor', 'kind', 'player', 'what', 'reason', 'changes']);
    expect(line).toEqual([
      ENTRY.at,
      'Olga Operator',
      'rescue',
      'Bob',
      'give 1 × Brass key',
      'Lost the key to a bug',
      'items.key: — → 1',
    ]);
  });

  it('shows each action of a rescue on its own line, and a world edit’s reason', () => {
    const several: AuditEntry = {
      ...ENTRY,
      id: 2,
      what: [
        { kind: 'give', assetId: 'key', count: 1 },
        { kind: 'scene', sceneId: 's2' },
      ],
    };
    const world: AuditEntry = {
      ...ENTRY,
      id: 3,
      kind: 'world',
      playerId: null,
      playerName: null,
      what: { op: 'delete', key: 'has.offer.s1.o1' },
      reason: 'The café closed',
      changes: [{ path: 'offers.o1', before: { name: 'coffee' }, after: null }],
    };
    render(
      <MantineProvider env="test">
        <AuditTable entries={[several, world]} labelOf={titles} />
      </MantineProvider>,
    );
    const [, rescueRow, worldRow] = within(screen.getByRole('table', { name: 'Audit log' })).getAllByRole('row');
    expect(within(rescueRow!).getByText('give 1 × Brass key')).toBeInTheDocument();
    expect(within(rescueRow!).getByText('move to The lighthouse')).toBeInTheDocument();
    expect(worldRow).toHaveTextContent('World');
    expect(worldRow).toHaveTextContent('The café closed');
    expect(worldRow).toHaveTextContent('delete has.offer.s1.o1');
    expect(worldRow).toHaveTextContent('offers.o1: {"name":"coffee"} → —');
    expect(Papa.parse<string[]>(auditCsv([several], i18n.t, titles)).data[1]![4]).toBe(
      'give 1 × Brass key; move to The lighthouse',
    );
    const named = { ...ENTRY, playerName: '=HYPERLINK("http://evil.test")', reason: '\tnote' };
    const [, escaped] = Papa.parse<string[]>(auditCsv([named], i18n.t)).data;
    expect([escaped![3], escaped![5]]).toEqual([`'=HYPERLINK("http://evil.test")`, "'\tnote"]);
  });

  it('names the team’s member a rescue placed, never by id, on the page and in the CSV', () => {
    const placed: AuditEntry = {
      ...ENTRY,
      id: 4,
      playerId: 't-owls',
      playerName: 'Owls',
      what: [
        {
          kind: 'teleport',
          latitude: 35.5,
          longitude: 24.01,
          memberId: 'a1b2c3d4-0000-4000-8000-000000000001',
          member: { id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Maria' },
        },
      ],
      members: [{ id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Maria' }],
      changes: [],
    };
    render(
      <MantineProvider env="test">
        <AuditTable entries={[placed]} />
      </MantineProvider>,
    );
    const row = within(screen.getByRole('table', { name: 'Audit log' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Owls (Maria)');
    expect(row).toHaveTextContent('place Maria at 35.5, 24.01');
    expect(row).not.toHaveTextContent('a1b2c3d4');
    const [, line] = Papa.parse<string[]>(auditCsv([placed], i18n.t)).data;
    expect([line![3], line![4]]).toEqual(['Owls (Maria)', 'place Maria at 35.5, 24.01']);
  });

  it('says so when nobody changed the instance', () => {
    render(
      <MantineProvider env="test">
        <AuditTable entries={[]} />
      </MantineProvider>,
    );
    expect(screen.getByText('No operator has changed this instance yet.')).toBeInTheDocument();
  });
});

describe('StuckPlayersTable', () => {
  it('lists why each player is stuck and what they last did, linking to their rescue panel', () => {
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <StuckPlayersTable
            gameId="g1"
            players={[
              {
                instanceId: 'i1',
                playerId: 'p1',
                name: 'Bob',
                reasons: ['noProgress', 'dialogOpen'],
                lastProgressAt: '2030-06-01T07:00:00.000Z',
                lastRecord: 'has entered scene',
                currentSceneId: 's1',
                dialogSince: null,
              },
            ]}
          />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('link', { name: 'Bob' })).toHaveAttribute('href', '/active-games/g1/instance/i1?player=p1');
    expect(screen.getByText('No progress')).toBeInTheDocument();
    expect(screen.getByText('Dialog open')).toBeInTheDocument();
    expect(screen.getByText('has entered scene')).toBeInTheDocument();
  });
});
