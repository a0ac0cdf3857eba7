import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../features/play/test-support';
import type { RankingsAnswer } from '@loci/domain';
import { RankingsOrder, RankingsTable } from './RankingsTable';

describe('RankingsTable', () => {
  it('ranks teams with their members and what each did for the team; a solo player has no list', () => {
    renderWithProviders(
      <RankingsTable
        board={{
          versionId: 'v1',
          currencyName: '',
          total: 2,
          entries: [
            {
              rank: 1,
              name: 'Owls',
              currency: 0,
              milestones: 2,
              completedInMs: null,
              you: true,
              members: [
                { name: 'Nikos', actions: 3 },
                { name: 'Maria', actions: 1 },
              ],
            },
            { rank: 2, name: 'Vera', currency: 0, milestones: 1, completedInMs: null, you: false },
          ],
        }}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Team or player' })).toBeInTheDocument();
    const [owls, vera] = screen.getAllByTestId('ranking-row');
    expect(within(owls!).getByTestId('ranking-members')).toHaveTextContent('Nikos: 3 actions · Maria: 1 action');
    expect(owls).toHaveTextContent('Owls (you)');
    expect(within(vera!).queryByTestId('ranking-members')).not.toBeInTheDocument();
  });

  it('says per member how many of their answers were correct and which missions they accomplished (issue 28)', () => {
    renderWithProviders(
      <RankingsTable
        board={{
          versionId: 'v1',
          currencyName: '',
          total: 1,
          entries: [
            {
              rank: 1,
              name: 'Foxes',
              currency: 0,
              milestones: 0,
              completedInMs: null,
              you: false,
              members: [
                { name: 'Eleni', actions: 4, answered: 3, correct: 2, missions: 1 },
                { name: 'Kostas', actions: 1, answered: 0, correct: 0, missions: 0 },
              ],
            },
          ],
        }}
      />,
    );
    expect(screen.getByTestId('ranking-members')).toHaveTextContent(
      'Eleni: 4 actions, 2 of 3 answers correct, 1 mission accomplished · Kostas: 1 action',
    );
  });

  it('says whom a board ranks: players, teams, or teams and players playing alone', () => {
    const entry = { currency: 0, milestones: 0, completedInMs: null, you: false };
    const board = (entries: RankingsAnswer['entries']): RankingsAnswer => ({
      versionId: 'v1',
      currencyName: '',
      total: entries.length,
      entries,
    });
    const solo = board([{ ...entry, rank: 1, name: 'Vera' }]);
    const teams = board([{ ...entry, rank: 1, name: 'Owls', members: [{ name: 'Nikos', actions: 2 }] }]);
    const { unmount } = renderWithProviders(
      <>
        <RankingsOrder board={solo} />
        <RankingsTable board={solo} />
      </>,
    );
    expect(screen.getByText(/^One row per player, with their best game/)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Player' })).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <>
        <RankingsOrder board={teams} />
        <RankingsTable board={teams} />
      </>,
    );
    expect(screen.getByText(/^One row per team, with its best game/)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Team' })).toBeInTheDocument();
    expect(screen.queryByText(/One row per player/)).not.toBeInTheDocument();
  });
});
