import { GAME_TEXTS } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { makeUser, signIn } from '../../test/factories';
import { renderApp } from '../../test/render-app';
import { makeGamesListItem, makeGamesPage } from './test-factories';

// Whole pages in jsdom are slow, more so when every test file runs at once.
const UI_TEST_TIMEOUT_MS = 20_000;

function signInAs(role: 'designer' | 'admin' = 'designer') {
  signIn({ role });
  return { 'GET /api/users/account': { body: { user: makeUser({ role }) } } };
}

/** The query strings of every games-list call made so far. */
function listQueries(api: ReturnType<typeof mockApi>): URLSearchParams[] {
  return api.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/design/games')
    .map((url) => url.searchParams);
}

describe('#games.list', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  // The list remembers its filter and page size for the session.
  afterEach(() => sessionStorage.clear());

  it('shows each card with only the controls its rights allow, and hides a card with none', async () => {
    const owned = makeGamesListItem({ title: 'Owned draft' });
    const viewOnly = makeGamesListItem({
      title: 'Looked at',
      rights: ['view'],
      userId: { id: 'u2', name: 'Olga Owner' },
    });
    const clonable = makeGamesListItem({
      title: 'Clonable',
      rights: ['view', 'clone'],
      publicVersionId: 'v1',
      publicAccess: 'clone',
    });
    const hidden = makeGamesListItem({ title: 'Invisible', rights: [] });
    mockApi({ ...signInAs(), 'GET /api/design/games': { body: makeGamesPage([owned, viewOnly, clonable, hidden]) } });
    const { user } = renderApp('/');

    const ownedCard = await screen.findByRole('article', { name: 'Owned draft' });
    expect(within(ownedCard).getByRole('link', { name: 'Design' })).toHaveAttribute('href', `/games/${owned.id}`);
    expect(within(ownedCard).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      `/games/edit/${owned.id}`,
    );
    expect(within(ownedCard).getByRole('link', { name: 'Gameplay' })).toHaveAttribute(
      'href',
      `/active-games/${owned.id}`,
    );
    expect(within(ownedCard).getByRole('link', { name: 'Analytics' })).toHaveAttribute(
      'href',
      `/analytics/${owned.id}`,
    );
    expect(within(ownedCard).queryByRole('link', { name: 'View inside' })).not.toBeInTheDocument();
    await user.click(within(ownedCard).getByRole('button', { name: 'Actions for Owned draft' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Clone', 'Archive', 'Delete', 'Export bundle', 'Clone to another place…', 'Move to another place…']);
    await user.keyboard('{Escape}');

    const viewCard = screen.getByRole('article', { name: 'Looked at' });
    expect(within(viewCard).getByRole('link', { name: 'View inside' })).toHaveAttribute(
      'href',
      `/games/${viewOnly.id}`,
    );
    expect(within(viewCard).queryByRole('link', { name: 'Design' })).not.toBeInTheDocument();
    expect(within(viewCard).queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(within(viewCard).getByText('by Olga Owner')).toBeInTheDocument();

    const clonableCard = screen.getByRole('article', { name: 'Clonable' });
    await user.click(within(clonableCard).getByRole('button', { name: 'Actions for Clonable' }));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Clone', 'Export bundle', 'Clone to another place…']);
    expect(within(clonableCard).getByText('Published')).toBeInTheDocument();

    expect(screen.queryByRole('article', { name: 'Invisible' })).not.toBeInTheDocument();
  });

  it('shows the description as plain text cut at 400 characters, and the dates', async () => {
    const long = 'word '.repeat(120);
    const game = makeGamesListItem({
      title: 'Long story',
      description: `<p>${long}</p>`,
      createdAt: '2024-03-05T10:00:00Z',
      updatedAt: '2024-04-12T10:00:00Z',
    });
    mockApi({ ...signInAs(), 'GET /api/design/games': { body: makeGamesPage([game]) } });
    renderApp('/');

    const card = await screen.findByRole('article', { name: 'Long story' });
    const excerpt = within(card).getByText(/^word word/);
    expect(excerpt.textContent).toBe(`${long.slice(0, 400).trimEnd()}…`);
    expect(excerpt.innerHTML).not.toContain('<p>');
    expect(within(card).getByText(/Created 5 Mar 2024 · Updated 12 Apr 2024/)).toBeInTheDocument();
  });

  it('shows the empty state when there is nothing to list', async () => {
    mockApi({ ...signInAs(), 'GET /api/design/games': { body: makeGamesPage([]) } });
    renderApp('/');

    expect(await screen.findByText(GAME_TEXTS.emptyGamesList)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Game' })).toHaveAttribute('href', '/games/new');
  });

  it('searches only once the text is longer than 3 characters', async () => {
    const api = mockApi({ ...signInAs(), 'GET /api/design/games': { body: makeGamesPage([makeGamesListItem()]) } });
    const { user } = renderApp('/');
    const search = await screen.findByRole('searchbox', { name: 'Search games' });
    await waitFor(() => expect(listQueries(api)).toHaveLength(1));

    await user.type(search, 'old');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(listQueries(api).some((query) => query.has('q'))).toBe(false);

    await user.type(search, 'e');
    await waitFor(() => expect(listQueries(api).at(-1)?.get('q')).toBe('olde'));
    expect(listQueries(api).at(-1)?.get('page')).toBe('1');
  });

  it('hides the page-size selector with 10 games or fewer', async () => {
    const ten = Array.from({ length: 10 }, () => makeGamesListItem());
    mockApi({ ...signInAs(), 'GET /api/design/games': { body: makeGamesPage(ten) } });
    renderApp('/');

    expect(await screen.findAllByRole('article')).toHaveLength(10);
    expect(screen.queryByRole('combobox', { name: 'Games per page' })).not.toBeInTheDocument();
  });

  it('shows the page-size selector above 10 games and asks for the chosen size', async () => {
    const ten = Array.from({ length: 10 }, () => makeGamesListItem());
    const api = mockApi({ ...signInAs(), 'GET /api/design/games': { body: makeGamesPage(ten, { total: 25 }) } });
    const { user } = renderApp('/');

    await user.click(await screen.findByRole('combobox', { name: 'Games per page' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));

    await waitFor(() => expect(listQueries(api).at(-1)?.get('pageSize')).toBe('all'));
    expect(screen.getByText('25 games')).toBeInTheDocument();
  });

  it('offers the All filter to admins only', async () => {
    const api = mockApi({
      ...signInAs('admin'),
      'GET /api/design/games': { body: makeGamesPage([makeGamesListItem()]) },
    });
    const { user } = renderApp('/');

    const tabs = await screen.findByRole('tablist', { name: 'Which games' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Mine', 'Shared with Me', 'Public', 'All']);
    await user.click(within(tabs).getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(listQueries(api).at(-1)?.get('filter')).toBe('all'));
  });

  it('shows designers no All filter', async () => {
    mockApi({ ...signInAs('designer'), 'GET /api/design/games': { body: makeGamesPage([makeGamesListItem()]) } });
    renderApp('/');

    const tabs = await screen.findByRole('tablist', { name: 'Which games' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Mine', 'Shared with Me', 'Public']);
  });

  it('clones a game after confirmation, toasts and refetches the list', async () => {
    const game = makeGamesListItem({ title: 'Original' });
    const api = mockApi({
      ...signInAs(),
      'GET /api/design/games': { body: makeGamesPage([game]) },
      [`POST /api/design/games/${game.id}/clone`]: { status: 201, body: { ...game, id: 'copy' } },
    });
    const { user } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Actions for Original' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Clone' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(GAME_TEXTS.confirmIrreversible)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/design/games/${game.id}/clone`)).toHaveLength(0);
    const listCallsBefore = listQueries(api).length;

    await user.click(within(dialog).getByRole('button', { name: 'Clone' }));

    expect(await screen.findByText(GAME_TEXTS.gameCloned)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/design/games/${game.id}/clone`)).toHaveLength(1);
    await waitFor(() => expect(listQueries(api).length).toBeGreaterThan(listCallsBefore));
  });

  it('deletes a game after "Are you really sure?"', async () => {
    const game = makeGamesListItem({ title: 'Doomed' });
    const api = mockApi({
      ...signInAs(),
      'GET /api/design/games': { body: makeGamesPage([game]) },
      [`DELETE /api/design/games/${game.id}`]: { body: { success: true } },
    });
    const { user } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Actions for Doomed' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(GAME_TEXTS.confirmDelete)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(GAME_TEXTS.gameDeleted)).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/design/games/${game.id}`)).toHaveLength(1);
  });

  it('toasts the spec message when archiving fails', async () => {
    const game = makeGamesListItem({ title: 'Stubborn' });
    mockApi({
      ...signInAs(),
      'GET /api/design/games': { body: makeGamesPage([game]) },
      [`POST /api/design/games/${game.id}/archive`]: { status: 403, body: { message: 'Forbidden' } },
    });
    const { user } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Actions for Stubborn' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Archive' }));

    expect(await screen.findByText(GAME_TEXTS.errorArchivingGame(game.id))).toBeInTheDocument();
    expect(screen.getByText('Forbidden')).toBeInTheDocument();
    expect(screen.queryByText(/403/)).not.toBeInTheDocument();
  });
});
