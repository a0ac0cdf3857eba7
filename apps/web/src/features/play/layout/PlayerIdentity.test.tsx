import type { User } from '@loci/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../../auth/auth-context';
import { makeUser } from '../../../test/factories';
import { renderWithProviders } from '../test-support';
import { PlayReadOnly } from '../watch/read-only';
import { PlayerIdentity } from './PlayerIdentity';
import { PlayMenu } from './PlayMenu';
import '../locales';

function auth(account: User): AuthContextValue {
  const { id, name, email, role } = account;
  return {
    user: { id, name, email, role },
    account,
    accountError: null,
    refetchAccount: () => {},
    isAuthenticated: true,
    login: () => true,
    logout: () => {},
  };
}

const menu = <PlayMenu paused={false} onSend={() => {}} onLeave={() => {}} />;

describe("the game menu's player identity", () => {
  it('shows who plays, with their account photo', async () => {
    const account = makeUser({ role: 'player', name: 'Vera Visitor', photoUri: '/api/users/photos/p1' });
    const { user } = renderWithProviders(<AuthContext value={auth(account)}>{menu}</AuthContext>);
    await user.click(screen.getByRole('button', { name: 'Game menu' }));
    const identity = within(await screen.findByRole('menu')).getByTestId('player-identity');
    expect(identity).toHaveTextContent('Playing as Vera Visitor');
    expect(within(identity).getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', '/api/users/photos/p1');
  });

  it('shows their initials when they have no photo', async () => {
    const account = makeUser({ role: 'player', name: 'Vera Visitor', photoUri: null });
    const { user } = renderWithProviders(<AuthContext value={auth(account)}>{menu}</AuthContext>);
    await user.click(screen.getByRole('button', { name: 'Game menu' }));
    const identity = within(await screen.findByRole('menu')).getByTestId('player-identity');
    expect(identity).toHaveTextContent('VV');
    expect(within(identity).queryByRole('img')).toBeNull();
  });

  it("is left out when an operator sees a player's screen (it would name the operator)", () => {
    const account = makeUser({ role: 'designer', name: 'Olga Operator', photoUri: '/api/users/photos/p2' });
    renderWithProviders(
      <AuthContext value={auth(account)}>
        <PlayerIdentity />
        <PlayReadOnly>
          <PlayerIdentity />
        </PlayReadOnly>
      </AuthContext>,
    );
    // Only the one outside the watched screen.
    expect(screen.getAllByTestId('player-identity')).toHaveLength(1);
    expect(screen.getAllByText('Playing as Olga Operator')).toHaveLength(1);
  });
});
