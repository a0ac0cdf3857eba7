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
