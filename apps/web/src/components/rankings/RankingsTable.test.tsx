import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../features/play/test-support';
import { RankingsTable } from './RankingsTable';

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
});
