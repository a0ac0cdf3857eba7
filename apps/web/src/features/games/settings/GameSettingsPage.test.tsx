import {
  DEFAULT_GAME_DESCRIPTION,
  FORM_ERROR_MESSAGE,
  GAME_MESSAGES,
  GAME_TEXTS,
  LOCK_DURATION_SECONDS,
  LOCK_MESSAGES,
} from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockHandler } from '../../../test/api-mock';
import { makeUser, signIn } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';
import { makeTranslationRow, makeTranslationTable } from '../../design/translations/test-factories';
import { makeGame } from '../test-factories';

// Whole pages in jsdom are slow, more so when every test file runs at once.
const UI_TEST_TIMEOUT_MS = 20_000;

const account = { 'GET /api/users/account': { body: { user: makeUser({ role: 'designer' }) } } };
const lockHeld = {
  body: { locked: true, expiresAt: new Date(Date.now() + LOCK_DURATION_SECONDS * 1000).toISOString() },
};

function editApi(game = makeGame(), extra: Record<string, MockHandler> = {}) {
  signIn({ role: 'designer' });
  return mockApi({
    ...account,
    [`GET /api/design/games/${game.id}`]: { body: game },
    'POST /api/design/cc': lockHeld,
    'DELETE /api/design/cc': { body: { success: true } },
    ...extra,
  });
}

/** An accessible description that includes `text` (hints join error messages there). */
function mentioning(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

function field(label: RegExp | string) {
  return screen.getByLabelText(label, { selector: 'input, textarea' });
}

describe('#games.settings (new game)', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('shows the domain messages for a missing title, ages and bad JSON, and makes no call', async () => {
    signIn({ role: 'designer' });
    const api = mockApi(account);
    const { user } = renderApp('/games/new');

    expect(await screen.findByText('You can set the logo after the first save')).toBeInTheDocument();
    await user.clear(field(/^Max age/));
    await user.type(field(/^Max age/), '10');
    await user.click(screen.getByRole('switch', { name: 'Adults only' }));
    await user.click(screen.getByRole('tab', { name: /Advanced/ }));
    await user.click(field(/^Additional game specification/));
    await user.paste('{not json');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The current tab has an error, so it stays open; the others with errors are marked.
    expect(await screen.findByRole('alert', { name: FORM_ERROR_MESSAGE })).toBeInTheDocument();
    expect(field(/^Additional game specification/)).toHaveAccessibleDescription(mentioning(GAME_MESSAGES.invalidJson));
    expect(
      within(screen.getByRole('tab', { name: /General/ })).getByRole('img', { name: 'has errors' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('tab', { name: /Description/ })).queryByRole('img')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /General/ }));
    expect(field(/^Title/)).toHaveAccessibleDescription(mentioning(GAME_MESSAGES.required));
    expect(field(/^Min age/)).toHaveAccessibleDescription(mentioning(GAME_MESSAGES.adultsOnlyMinAge));
    expect(field(/^Max age/)).toHaveAccessibleDescription(mentioning(GAME_MESSAGES.maxAgeAboveMinAge));
    expect(api.callsTo('POST /api/design/games')).toHaveLength(0);
  });

  it('creates the game, toasts and opens its settings', async () => {
    signIn({ role: 'designer' });
    const created = makeGame({ id: 'new-1', title: 'Harbour Hunt', logoId: null });
    const api = mockApi({
      ...account,
      'POST /api/design/games': { status: 201, body: created },
      'GET /api/design/games/new-1': { body: created },
      'POST /api/design/cc': lockHeld,
      'DELETE /api/design/cc': { body: { success: true } },
    });
    const { user, pathname } = renderApp('/games/new');

    await user.type(await screen.findByLabelText(/^Title/, { selector: 'input' }), 'Harbour Hunt');
    // The title's limit is counted while typing.
    expect(screen.getByText('12/200')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(GAME_TEXTS.gameCreated('Harbour Hunt'))).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/games/edit/new-1'));
    const body = api.callsTo('POST /api/design/games')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Harbour Hunt',
      minAge: 12,
      language: 'en-Us',
      pg: { place: { radius: 1000 } },
      // Left empty, the description is saved as the example text (Problems flags it).
      description: DEFAULT_GAME_DESCRIPTION,
    });
    expect(await screen.findByRole('heading', { name: 'Harbour Hunt' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('POST /api/design/cc')[0]?.body).toEqual({
        gameId: 'new-1',
        kind: 'game',
        id: 'new-1',
        duration: LOCK_DURATION_SECONDS,
      }),
    );
  });

  it("shows a new game's example description as a placeholder, not as text typing would land in", async () => {
    signIn({ role: 'designer' });
    mockApi(account);
    const { user } = renderApp('/games/new');
    await user.click(await screen.findByRole('tab', { name: /Description/ }));
    const editor = await screen.findByRole('textbox', { name: 'Description' });
    expect(editor).toHaveTextContent('');
    expect(editor.querySelector('[data-placeholder]')?.getAttribute('data-placeholder')).toMatch(
      /^Describe your game here/,
    );
    expect(screen.getByText(/Left empty, the example text is saved/)).toBeInTheDocument();
  });

  it('puts the server field errors under their fields', async () => {
    signIn({ role: 'designer' });
    mockApi({
      ...account,
      'POST /api/design/games': {
        status: 400,
        body: { message: 'Invalid', errors: { title: 'A game with this title exists', 'pg.title': 'Too vague' } },
      },
    });
    const { user } = renderApp('/games/new');

    await user.type(await screen.findByLabelText(/^Title/, { selector: 'input' }), 'Taken');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(field(/^Title/)).toHaveAccessibleDescription(mentioning('A game with this title exists')),
    );
    expect(screen.getByRole('alert', { name: FORM_ERROR_MESSAGE })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Playground/ }));
    expect(field(/^Game area title/)).toHaveAccessibleDescription(mentioning('Too vague'));
  });

  it('shows end policies only with a market, and picking offers forces redeeming them', async () => {
    signIn({ role: 'designer' });
    mockApi(account);
    const { user } = renderApp('/games/new');

    await user.click(await screen.findByRole('tab', { name: /Policies/ }));
    expect(screen.queryByRole('switch', { name: 'Pick offers' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'See backpack' })).toBeChecked();

    await user.click(screen.getByRole('tab', { name: /General/ }));
    await user.click(screen.getByRole('switch', { name: /^Market/ }));
    expect(screen.getByLabelText(/^Currency name/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Policies/ }));

    const redeem = screen.getByRole('switch', { name: /^Redeem offers/ });
    expect(redeem).not.toBeChecked();
    expect(redeem).toBeEnabled();
    expect(screen.getByRole('switch', { name: /^Trade assets/ })).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'Pick offers' }));
    expect(screen.getByRole('switch', { name: /^Redeem offers/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^Redeem offers/ })).toBeDisabled();

    expect(screen.queryByRole('switch', { name: 'Show before game end' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Leaderboard' }));
    expect(screen.getByRole('switch', { name: 'Show before game end' })).toBeInTheDocument();
  });

  it('renders the real rich-text editor, map and playing-period fields', async () => {
    signIn({ role: 'designer' });
    mockApi(account);
    const { user } = renderApp('/games/new');

    await user.click(await screen.findByRole('tab', { name: /Description/ }));
    const editor = await screen.findByRole('textbox', { name: 'Description' });
    expect(editor).toHaveAttribute('contenteditable', 'true');
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Normal text' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Playground/ }));
    const map = await screen.findByRole('region', { name: 'Map of the game area' });
    expect(map.querySelector('.leaflet-container')).not.toBeNull();
    expect(map.querySelector('.leaflet-marker-icon')).not.toBeNull();
    expect(field(/^Latitude/)).toHaveValue('35.52');
    expect(field(/^Radius/)).toHaveValue('1000 m');
    await user.click(screen.getByRole('radio', { name: 'Image' }));
    expect(screen.getByText('Background image')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Show scenes on map' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Access/ }));
    expect(screen.getByRole('combobox', { name: 'Timezone' })).toHaveValue('Europe/Athens');
    const passcode = field(/^Play passcode/);
    expect(passcode).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show passcode' }));
    expect(passcode).toHaveAttribute('type', 'text');
    expect(passcode).toHaveAttribute('inputmode', 'numeric');
  });
});

describe('#games.settings (existing game)', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('saves with PATCH and toasts "Game {title} saved"', async () => {
    const game = makeGame({ title: 'Old Town Mystery' });
    const api = editApi(game, {
      [`PATCH /api/design/games/${game.id}`]: {
        body: { ...game, title: 'Old Town Mystery II', updatedAt: '2024-06-01T00:00:00.000Z' },
      },
    });
    const { user } = renderApp(`/games/edit/${game.id}`);

    const title = await screen.findByLabelText(/^Title/, { selector: 'input' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.type(title, ' II');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(GAME_TEXTS.gameSaved('Old Town Mystery II'))).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/design/games/${game.id}`)[0]?.body).toMatchObject({
      title: 'Old Town Mystery II',
      logoId: 'm1',
    });
  });

  it('translates the game’s own texts side by side in its other language, through the translation API', async () => {
    const game = makeGame({ title: 'Old Town Mystery', language: 'en-Us', otherLanguages: ['de'] });
    const table = makeTranslationTable([
      makeTranslationRow({ id: 'game:title', kind: 'game', field: 'title', text: 'Old Town Mystery' }),
      makeTranslationRow({
        id: 'game:description',
        kind: 'game',
        field: 'description',
        text: '<p>A walk.</p>',
        rich: true,
        translation: '<p>Ein Spaziergang.</p>',
        state: 'done',
      }),
      makeTranslationRow({
        id: 'scene:harbour:title',
        kind: 'scene',
        entityId: 'harbour',
        field: 'title',
        text: 'The harbour',
      }),
    ]);
    const api = editApi(game, {
      [`GET /api/design/${game.id}/translations/de`]: { body: table },
      [`PATCH /api/design/${game.id}/translations/de`]: { body: table },
    });
    const { user } = renderApp(`/games/edit/${game.id}`);

    const switcher = await screen.findByRole('radiogroup', { name: 'Language of the texts' });
    await user.click(within(switcher).getByRole('radio', { name: 'German' }));
    const view = await screen.findByRole('region', { name: 'Old Town Mystery in German' });
    expect(within(view).getByRole('textbox', { name: 'German: description' })).toHaveTextContent('Ein Spaziergang.');
    expect(within(view).queryByText('The harbour')).not.toBeInTheDocument();
    // The settings' tabs wait, hidden, in the main language.
    expect(screen.queryByRole('tab', { name: /Advanced/ })).not.toBeInTheDocument();

    await user.type(within(view).getByRole('textbox', { name: 'German: title' }), 'Das Rätsel der Altstadt');
    await user.click(within(view).getByRole('button', { name: 'Save translations' }));
    expect(await screen.findByText('Translations saved')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/design/${game.id}/translations/de`)[0]?.body).toEqual({
      texts: { 'game:title': 'Das Rätsel der Altstadt' },
    });
    await user.click(within(switcher).getByRole('radio', { name: 'English (main)' }));
    expect(screen.getByRole('tab', { name: /Advanced/ })).toBeInTheDocument();
  });

  it("picks the market's currency among the game's items, or creates it from the currency's name", async () => {
    const game = makeGame({ market: true, currencyName: 'Drachma', currencyIcon: 'm2' });
    const items = [{ id: 'i-key', gameId: game.id, name: 'key', title: 'Brass key' }];
    const api = editApi(game, {
      [`GET /api/design/${game.id}/workspace`]: () => ({ body: { items } }),
      [`POST /api/design/${game.id}/items`]: (request) => {
        const created = { id: 'i-drachma', ...(request.body as object) };
        items.push(created as (typeof items)[number]);
        return { status: 201, body: created };
      },
      [`PATCH /api/design/games/${game.id}`]: { body: game },
    });
    const { user } = renderApp(`/games/edit/${game.id}`);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled(), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert', { name: FORM_ERROR_MESSAGE })).toBeInTheDocument();
    const currency = screen.getByRole('combobox', { name: /Currency item/ });
    expect(currency).toHaveAccessibleDescription(mentioning(GAME_MESSAGES.required));

    await user.click(screen.getByRole('button', { name: 'Create it' }));
    await waitFor(() => expect(currency).toHaveValue('Drachma'));
    expect(api.callsTo(`POST /api/design/${game.id}/items`)[0]?.body).toMatchObject({
      name: 'drachma',
      title: 'Drachma',
      logoId: 'm2',
      isCurrency: true,
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PATCH /api/design/games/${game.id}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH /api/design/games/${game.id}`)[0]?.body).toMatchObject({
      market: true,
      currencyItemId: 'i-drachma',
    });
  });

  it('turning the market off empties its hidden currency settings before saving', async () => {
    const game = makeGame({ market: true, currencyName: 'Drachma', currencyIcon: 'm2', currencyItemId: 'i-drachma' });
    const api = editApi(game, {
      [`GET /api/design/${game.id}/workspace`]: { body: { items: [] } },
      [`PATCH /api/design/games/${game.id}`]: (request) => ({ body: { ...game, ...(request.body as object) } }),
    });
    const { user } = renderApp(`/games/edit/${game.id}`);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled(), { timeout: 5000 });
    await user.click(screen.getByRole('switch', { name: /^Market/ }));
    expect(screen.queryByLabelText(/^Currency name/, { selector: 'input' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo(`PATCH /api/design/games/${game.id}`)).toHaveLength(1));
    // The API refuses market settings while the market is off: the form sends them emptied.
    expect(api.callsTo(`PATCH /api/design/games/${game.id}`)[0]?.body).toMatchObject({
      market: false,
      currencyName: '',
      currencyIcon: null,
      currencyItemId: null,
    });
    expect(screen.queryByRole('alert', { name: FORM_ERROR_MESSAGE })).not.toBeInTheDocument();
  });

  it('needs a logo once the game exists', async () => {
    const game = makeGame({ logoId: null });
    const api = editApi(game);
    const { user } = renderApp(`/games/edit/${game.id}`);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled(), { timeout: 5000 });
    const logo = screen.getByRole('group', { name: 'Logo' });
    expect(within(logo).getByText('No media selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert', { name: FORM_ERROR_MESSAGE })).toBeInTheDocument();
    // The error is tied to the picker (its group and its Choose button), not only shown beside it.
    expect(logo).toHaveAccessibleDescription(mentioning(GAME_MESSAGES.required));
    expect(within(logo).getByRole('button', { name: /^Choose/ })).toHaveAccessibleDescription(
      mentioning(GAME_MESSAGES.required),
    );
    expect(api.callsTo(`PATCH /api/design/games/${game.id}`)).toHaveLength(0);
  });

  it('shows the lock banner and stays read-only while another user holds the lock', async () => {
    const game = makeGame();
    editApi(game, {
      'POST /api/design/cc': {
        status: 409,
        body: {
          locked: false,
          holder: { id: 'u9', name: 'Olga Owner' },
          message: LOCK_MESSAGES.heldByOther,
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        },
      },
    });
    renderApp(`/games/edit/${game.id}`);

    expect(await screen.findByText(LOCK_MESSAGES.heldByOther)).toBeInTheDocument();
    expect(screen.getByText('Being edited by Olga Owner')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(field(/^Title/)).toBeDisabled();
  });

  it('is read-only without the edit right, and asks for no lock', async () => {
    const game = makeGame({ rights: ['view'] });
    const api = editApi(game);
    renderApp(`/games/edit/${game.id}`);

    expect(await screen.findByText('You can view these settings but not change them.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(field(/^Title/)).toBeDisabled();
    expect(api.callsTo('POST /api/design/cc')).toHaveLength(0);
  });

  it('deletes an unpublished game after "Are you really sure?" and goes home', async () => {
    const game = makeGame();
    const api = editApi(game, {
      [`DELETE /api/design/games/${game.id}`]: { body: { success: true } },
      'GET /api/design/games': { body: { games: [], total: 0, page: 1, pageSize: 10 } },
    });
    const { user, pathname } = renderApp(`/games/edit/${game.id}`);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(GAME_TEXTS.confirmDelete)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(GAME_TEXTS.gameDeleted)).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/'));
    expect(api.callsTo(`DELETE /api/design/games/${game.id}`)).toHaveLength(1);
    expect(await screen.findByText(GAME_TEXTS.emptyGamesList)).toBeInTheDocument();
    expect(api.callsTo(`GET /api/design/games/${game.id}`)).toHaveLength(1);
    expect(screen.queryByText(GAME_TEXTS.errorRetrievingGame(game.id))).not.toBeInTheDocument();
  });

  it('offers no Delete for a published game', async () => {
    const game = makeGame({ publicVersionId: 'v1' });
    editApi(game);
    renderApp(`/games/edit/${game.id}`);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('says so when the game does not exist', async () => {
    signIn({ role: 'designer' });
    mockApi({ ...account, 'GET /api/design/games/missing': { status: 404, body: { message: 'Not found' } } });
    renderApp('/games/edit/missing');

    expect(await screen.findByText(GAME_TEXTS.gameNotFound)).toBeInTheDocument();
  });
});
