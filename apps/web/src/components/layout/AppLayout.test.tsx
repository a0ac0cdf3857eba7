import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { makeUser, signIn } from '../../test/factories';
import { renderApp } from '../../test/render-app';
import { makeGame } from '../../features/games/test-factories';
import { FOOTER_HIDDEN_KEY } from './AppLayout';
import { DOCUMENTATION_URL } from './AppHeader';

describe('chrome', () => {
  it('shows Sign in and Sign up to a visitor (coming back to the page), and the documentation in a new tab', async () => {
    mockApi({});
    renderApp('/privacy');
    const banner = await screen.findByRole('banner');
    expect(banner).toHaveTextContent('Loci');
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]).toHaveAttribute('href', '/login?next=%2Fprivacy');
    expect(screen.getAllByRole('link', { name: 'Sign up' })[0]).toHaveAttribute('href', '/register?next=%2Fprivacy');
    const docs = screen.getAllByRole('link', { name: 'Documentation' })[0]!;
    expect(docs).toHaveAttribute('href', DOCUMENTATION_URL);
    expect(docs).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: 'Toggle sidebar' })).not.toBeInTheDocument();
  });

  it("shows the open game's logo and title in the navbar, and none outside a game", async () => {
    signIn({ role: 'designer' });
    mockApi({
      'GET /api/users/account': { body: { user: makeUser() } },
      'GET /api/design/games/g1': { body: makeGame({ id: 'g1', title: 'Harbour walk', logoId: 'm1' }) },
    });
    const { unmount } = renderApp('/games/edit/g1');
    const banner = await screen.findByRole('banner');
    const openGame = await within(banner).findByTestId('open-game');
    expect(openGame).toHaveTextContent('Harbour walk');
    expect(openGame).toHaveAttribute('href', '/games/g1');
    expect(openGame.querySelector('img')).toHaveAttribute('src', expect.stringContaining('/medias/thumb/m1'));
    unmount();

    renderApp('/account');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.queryByTestId('open-game')).not.toBeInTheDocument();
  });

  it('hides the footer and remembers it', async () => {
    mockApi({});
    const { user, unmount } = renderApp('/privacy');

    expect(await screen.findByRole('link', { name: 'About' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide footer' }));

    expect(screen.queryByRole('link', { name: 'About' })).not.toBeInTheDocument();
    expect(localStorage.getItem(FOOTER_HIDDEN_KEY)).toBe('true');
    unmount();

    renderApp('/privacy');
    expect(await screen.findByRole('button', { name: 'Show footer' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'About' })).not.toBeInTheDocument();
  });

  it('gives a signed-in user the sidebar with Games and Account, and a menu with Account and Logout', async () => {
    signIn({ role: 'designer' });
    mockApi({ 'GET /api/users/account': { body: { user: makeUser() } } });
    const { user } = renderApp('/');

    const sidebar = await screen.findByRole('navigation', { name: 'Sidebar' });
    expect(sidebar).toHaveTextContent('Games');
    expect(sidebar).toHaveTextContent('Account');
    expect(sidebar).not.toHaveTextContent('Administration');
    expect(screen.getByRole('button', { name: 'Toggle sidebar' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Account menu of Dana Designer/ }));
    expect(await screen.findByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
