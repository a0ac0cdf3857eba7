import { DESIGN_MESSAGES, DESIGN_TEXTS, FORM_ERROR_MESSAGE, LOCK_DURATION_SECONDS, QR_TEXTS } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { WorldEntryForm, type WorldEntryFormProps } from './WorldEntryForm';
import { WorldEntryFormPage } from './WorldEntryFormPage';
import {
  GAME_ID,
  UI_TEST_TIMEOUT_MS,
  choose,
  makeSpecs,
  makeState,
  makeVersion,
  makeWorkspace,
  mentioning,
  mockDesignApi,
  renderRoute,
} from './test-support';
import { sceneContaining, type WorldSpecs } from './world-values';

function renderForm(props: Partial<WorldEntryFormProps> = {}) {
  mockApi({});
  const onSubmit = vi.fn();
  const view = renderRoute(
    <WorldEntryForm
      gameId={GAME_ID}
      type="object"
      specs={makeSpecs() as WorldSpecs}
      readOnly={false}
      onSubmit={onSubmit}
      {...props}
    />,
    '/',
    '/',
  );
  return { ...view, onSubmit };
}

const input = (name: RegExp | string) => screen.getByRole('textbox', { name });

describe('#design.world.WorldEntryForm', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('requires a system name, a scene and an object type', async () => {
    const { user, onSubmit } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert', { name: FORM_ERROR_MESSAGE })).toBeInTheDocument();
    expect(input(/^System name/)).toHaveAccessibleDescription(mentioning(DESIGN_MESSAGES.systemNameRequired));
    expect(screen.getByRole('combobox', { name: /^Scene/ })).toHaveAccessibleDescription(
      mentioning(DESIGN_MESSAGES.selectScene),
    );
    expect(screen.getByRole('combobox', { name: /^Object type/ })).toHaveAccessibleDescription(
      mentioning(DESIGN_MESSAGES.selectObjectType),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("moves the place to the scene's centre when the scene changes", async () => {
    const { user } = renderForm();

    await choose(user, /^Scene/, 'The Square');

    expect(input('Latitude')).toHaveValue('40');
    expect(input('Longitude')).toHaveValue('23');
  });

  it('moves the marker to each newly chosen scene it lies outside, keeps one already inside, warns when left outside', async () => {
    const { user } = renderForm();

    await user.clear(input('Latitude'));
    await user.type(input('Latitude'), '39.5001');
    await user.clear(input('Longitude'));
    await user.type(input('Longitude'), '22.5001');
    // Inside the harbour: kept.
    await choose(user, /^Scene/, 'The Harbour');
    expect(input('Latitude')).toHaveValue('39.5001');
    expect(input('Longitude')).toHaveValue('22.5001');
    // Outside the square: to its centre; and back again, not only on the first choice.
    await choose(user, /^Scene/, 'The Square');
    expect(input('Latitude')).toHaveValue('40');
    expect(input('Longitude')).toHaveValue('23');
    await choose(user, /^Scene/, 'The Harbour');
    expect(input('Latitude')).toHaveValue('39.5');
    expect(input('Longitude')).toHaveValue('22.5');
    expect(screen.queryByText(/This position lies outside the scene/)).not.toBeInTheDocument();
    // A position typed outside the chosen scene is warned about.
    await user.clear(input('Latitude'));
    await user.type(input('Latitude'), '41');
    expect(screen.getByRole('status')).toHaveTextContent(/This position lies outside the scene The Harbour/);
  });

  it('resets the payload when the object type changes, and names the types it cannot edit', async () => {
    const { user } = renderForm({
      value: { archetypeId: 'a-chest', payload: { motto: 'Ahoy', coins: 3, tune: null } },
    });

    expect(input(/^Motto/)).toHaveValue('Ahoy');
    expect(screen.getByText(DESIGN_MESSAGES.typeNotSupported('sound'))).toBeInTheDocument();

    await choose(user, /^Object type/, 'Signpost');
    expect(screen.queryByRole('textbox', { name: /^Motto/ })).not.toBeInTheDocument();
    expect(input('Note')).toHaveValue('');

    await choose(user, /^Object type/, 'Treasure chest');
    expect(input(/^Motto/)).toHaveValue('');
    expect(input('Coins')).toHaveValue('');
  });

  it('checks the payload against the type: required properties', async () => {
    const { user, onSubmit } = renderForm({ value: { archetypeId: 'a-chest', sceneId: 's-harbour', name: 'chest-1' } });

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(input(/^Motto/)).toHaveAccessibleDescription(mentioning(DESIGN_MESSAGES.required)));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows approval for moderated object types only', async () => {
    const { user } = renderForm({ value: { archetypeId: 'a-chest' } });
    expect(screen.getByRole('switch', { name: /^Approved/ })).toBeInTheDocument();
    await choose(user, /^Object type/, 'Signpost');
    expect(screen.queryByRole('switch', { name: /^Approved/ })).not.toBeInTheDocument();
  });

  it('offers the object QR code (event do, with the in-app text code) for a stored object', async () => {
    const { user } = renderForm({
      value: {
        id: 'obj-1',
        name: 'chest-1',
        archetypeId: 'a-chest',
        sceneId: 's-harbour',
        payload: { motto: 'Ahoy' },
        location: { latitude: 39.5, longitude: 22.5 },
      },
    });

    await user.click(screen.getByRole('button', { name: 'QR code' }));

    const dialog = await screen.findByRole('dialog', { name: QR_TEXTS.title });
    expect(within(dialog).getByLabelText('Encoded text')).toHaveTextContent(
      `gameplay/${GAME_ID}/s-harbour/do/Contact_a-chest/obj-1`,
    );
    expect(within(dialog).getByRole('tab', { name: QR_TEXTS.textCodeTab })).toBeInTheDocument();
  });
});

describe('#design.world.sceneContaining', () => {
  const specs = makeSpecs();
  it('picks the scene whose circle holds a dropped point, or none', () => {
    expect(sceneContaining(specs.scenes, 39.5003, 22.5003)).toBe('s-harbour');
    expect(sceneContaining(specs.scenes, 39.51, 22.5)).toBe('');
    expect(sceneContaining(specs.scenes, 40.001, 23)).toBe('s-square');
  });
});

const CREATE_PATTERN = '/games/:gameId/initialState/create/:typeId/objects';
const EDIT_PATTERN = '/games/:gameId/initialState/edit/:entityId/objects';

describe('#design.world.WorldEntryFormPage', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it("posts the form values and returns to the list with 'Initial state updated'", async () => {
    const state = makeState([]);
    const api = mockDesignApi(makeWorkspace(), {
      [`GET /api/design/${GAME_ID}/initialStates/current`]: { body: { state } },
      [`GET /api/design/${GAME_ID}/initialStateSpecs/current`]: { body: makeSpecs() },
      [`POST /api/design/${GAME_ID}/initialStates/current`]: ({ body }) => ({
        body: { state: makeState([{ ...(body as object), id: 'obj-new', sceneId: 's-harbour', type: 'object' }]) },
      }),
    });
    const { user, pathname } = renderRoute(
      <WorldEntryFormPage />,
      CREATE_PATTERN,
      `/games/${GAME_ID}/initialState/create/a-chest/objects`,
    );

    await user.type(await screen.findByRole('textbox', { name: /^System name/ }), 'chest-1');
    await choose(user, /^Scene/, 'The Harbour');
    await user.type(input(/^Motto/), 'Ahoy');
    await user.type(input('Coins'), '3');
    await user.clear(input('Longitude'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(DESIGN_TEXTS.initialStateUpdated)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/design/${GAME_ID}/initialStates/current`)[0]?.body).toEqual({
      name: 'chest-1',
      sceneId: 's-harbour',
      archetypeId: 'a-chest',
      payload: { motto: 'Ahoy', coins: 3, tune: null },
      location: { latitude: 39.5, longitude: 0 },
      approved: false,
      type: 'object',
    });
    await waitFor(() => expect(pathname()).toBe(`/games/${GAME_ID}/initialState/manage-objects/0`));
  });

  it('edits a stored object under its object lock, and deletes it after asking', async () => {
    const state = makeState([
      {
        id: 'obj-1',
        name: 'chest-1',
        sceneId: 's-harbour',
        type: 'object',
        archetypeId: 'a-chest',
        payload: { motto: 'Ahoy' },
      },
    ]);
    const api = mockDesignApi(makeWorkspace(), {
      [`GET /api/design/${GAME_ID}/initialStates/current`]: { body: { state } },
      [`GET /api/design/${GAME_ID}/initialStateSpecs/current`]: { body: makeSpecs() },
      [`DELETE /api/design/${GAME_ID}/initialStates/current/state.has.object/s-harbour/obj-1`]: {
        body: { state: makeState([]) },
      },
    });
    const { user, pathname } = renderRoute(
      <WorldEntryFormPage />,
      EDIT_PATTERN,
      `/games/${GAME_ID}/initialState/edit/obj-1/objects`,
    );

    expect(await screen.findByRole('textbox', { name: /^System name/ })).toHaveValue('chest-1');
    await waitFor(() =>
      expect(api.callsTo('POST /api/design/cc')[0]?.body).toEqual({
        gameId: GAME_ID,
        kind: 'object',
        id: 'obj-1',
        duration: LOCK_DURATION_SECONDS,
      }),
    );
    const remove = screen.getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(remove).toBeEnabled());
    await user.click(remove);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(DESIGN_TEXTS.confirmDelete)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(DESIGN_TEXTS.itemDeleted)).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe(`/games/${GAME_ID}/initialState/manage-objects/0`));
  });

  it('shows a published version read-only', async () => {
    const published = makeVersion({ id: 'v-1', isLiveSpec: false, version: 1 });
    const state = makeState([
      { id: 'off-1', name: 'coffee-1', sceneId: 's-harbour', type: 'offer', offerId: 'o-coffee' },
    ]);
    const api = mockDesignApi(makeWorkspace({ versions: [makeVersion(), published] }), {
      [`GET /api/design/${GAME_ID}/initialStates/v-1`]: { body: { state } },
      [`GET /api/design/${GAME_ID}/initialStateSpecs/v-1`]: { body: makeSpecs() },
    });
    renderRoute(
      <WorldEntryFormPage />,
      '/games/:gameId/initialState/edit/:entityId/offers',
      `/games/${GAME_ID}/initialState/edit/off-1/offers?versionId=v-1`,
    );

    expect(await screen.findByRole('textbox', { name: /^System name/ })).toHaveValue('coffee-1');
    expect(screen.getByRole('combobox', { name: 'Game version' })).toHaveValue('Version 1');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(api.callsTo('POST /api/design/cc')).toHaveLength(0);
  });
});
