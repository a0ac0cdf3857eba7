import type { AuditEntry } from '@loci/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
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

function renderPanel(onSubmit = vi.fn().mockResolvedValue({})) {
  render(
    <MantineProvider env="test">
      <RescuePanel options={OPTIONS} dialogs={[]} onSubmit={onSubmit} />
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
});

describe('AuditTable', () => {
  it('shows who, when, what, why and before → after, and exports the same as CSV', () => {
    render(
      <MantineProvider env="test">
        <AuditTable entries={[ENTRY]} zone="Europe/Athens" />
      </MantineProvider>,
    );
    const row = within(screen.getByRole('table', { name: 'Audit log' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Olga Operator');
    expect(row).toHaveTextContent('Bob');
    expect(row).toHaveTextContent('give key 1');
    expect(row).toHaveTextContent('Lost the key to a bug');
    expect(row).toHaveTextContent('items.key: — → 1');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    const [header, line] = Papa.parse<string[]>(auditCsv([ENTRY])).data;
    expect(header).toEqual(['at', 'actor', 'kind', 'player', 'what', 'reason', 'changes']);
    expect(line).toEqual([
      ENTRY.at,
      'Olga Operator',
      'rescue',
      'Bob',
      'give key 1',
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
        <AuditTable entries={[several, world]} />
      </MantineProvider>,
    );
    const [, rescueRow, worldRow] = within(screen.getByRole('table', { name: 'Audit log' })).getAllByRole('row');
    expect(within(rescueRow!).getByText('give key 1')).toBeInTheDocument();
    expect(within(rescueRow!).getByText('scene s2')).toBeInTheDocument();
    expect(worldRow).toHaveTextContent('World');
    expect(worldRow).toHaveTextContent('The café closed');
    expect(worldRow).toHaveTextContent('delete has.offer.s1.o1');
    expect(worldRow).toHaveTextContent('offers.o1: {"name":"coffee"} → —');
    expect(Papa.parse<string[]>(auditCsv([several])).data[1]![4]).toBe('give key 1; scene s2');
    const named = { ...ENTRY, playerName: '=HYPERLINK("http://evil.test")', reason: '\tnote' };
    const [, escaped] = Papa.parse<string[]>(auditCsv([named])).data;
    expect([escaped![3], escaped![5]]).toEqual([`'=HYPERLINK("http://evil.test")`, "'\tnote"]);
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
