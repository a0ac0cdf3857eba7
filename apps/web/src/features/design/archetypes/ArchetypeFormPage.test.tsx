import { DESIGN_MESSAGES, DESIGN_TEXTS, FORM_ERROR_MESSAGE, QR_TEXTS, newArchetypeDefaults } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  GAME_ID,
  UI_TEST_TIMEOUT_MS,
  makeEntity,
  makeWorkspace,
  mentioning,
  mockDesignApi,
  renderRoute,
} from '../world/test-support';
import { ArchetypeFormPage } from './ArchetypeFormPage';

const CREATE = ['/games/:gameId/archetypes/create/0', `/games/${GAME_ID}/archetypes/create/0`] as const;
const editAt = (id: string) =>
  ['/games/:gameId/archetypes/edit/:entityId', `/games/${GAME_ID}/archetypes/edit/${id}`] as const;

const action = (actionName: string, actorId = 'player') => ({ actorId, actionName, actionArgs: {}, notify: false });

/** A stored object type that passes every rule but the ones a test breaks. */
function storedArchetype(id: string, fields: Record<string, unknown> = {}) {
  return makeEntity(id, {
    ...newArchetypeDefaults(),
    name: id,
    title: 'Treasure chest',
    logoId: 'm-logo',
    actionLabelContact: 'Open',
    ...fields,
  });
}

/** The Save button, once the workspace (and with it the edit right) is in. */
async function editableSave() {
  const save = await screen.findByRole('button', { name: 'Save' });
  await waitFor(() => expect(save).toBeEnabled());
  return save;
}

function switchNamed(name: string) {
  return screen.getByRole('switch', { name: new RegExp(`^${name}`) });
}

describe('#design.archetypes.ArchetypeFormPage', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('asks a pickable type for a pick action, and a destroyable one for destroyObject', async () => {
    const api = mockDesignApi(makeWorkspace());
    const { user } = renderRoute(<ArchetypeFormPage />, ...CREATE);

    const save = await editableSave();
    await user.click(switchNamed('Pickable'));
    await user.click(switchNamed('Destroyable'));
    await user.click(save);

    expect(await screen.findByRole('alert', { name: FORM_ERROR_MESSAGE })).toBeInTheDocument();
    expect(
      screen.getByText(DESIGN_MESSAGES.behaviourNeedsOneOf('pickable', ['pickObject', 'pickObjectClone'])),
    ).toBeInTheDocument();
    expect(screen.getByText(DESIGN_MESSAGES.behaviourNeeds('destroyable', ['destroyObject']))).toBeInTheDocument();
    expect(api.callsTo(`POST /api/design/${GAME_ID}/archetypes`)).toHaveLength(0);
  });

  it('refuses actions whose behaviour is off, and a clone pick on a re-droppable type', async () => {
    const stored = storedArchetype('a-box', {
      redropable: true,
      actionLabelAct: 'Take',
      sideeffectsAct: [action('pickObjectClone')],
      sideeffectsContact: [action('destroyObject')],
    });
    mockDesignApi(makeWorkspace({ archetypes: [stored] }));
    const { user } = renderRoute(<ArchetypeFormPage />, ...editAt('a-box'));

    await user.click(await editableSave());

    expect(
      await screen.findByText(DESIGN_MESSAGES.actionsNeedBehaviour('pickable', ['pickObjectClone'])),
    ).toBeInTheDocument();
    expect(
      screen.getByText(DESIGN_MESSAGES.behaviourIncompatible('redropable', ['pickObjectClone'])),
    ).toBeInTheDocument();
    expect(
      screen.getByText(DESIGN_MESSAGES.actionsNeedBehaviour('destroyable', ['destroyObject'])),
    ).toBeInTheDocument();
  });

  it("allows one object title only: 'One title is allowed'", async () => {
    mockDesignApi(makeWorkspace());
    const { user } = renderRoute(<ArchetypeFormPage />, ...CREATE);

    await editableSave();
    const add = screen.getByRole('button', { name: 'Add property' });
    await user.click(add);
    await user.click(add);
    for (const [index, key] of [
      [1, 'motto'],
      [2, 'slogan'],
    ] as const) {
      const row = screen.getByRole('group', { name: `Property ${index}` });
      await user.click(within(row).getByRole('textbox', { name: /^Key/ }));
      await user.paste(key);
      await user.click(within(row).getByRole('textbox', { name: /^Label/ }));
      await user.paste(key.toUpperCase());
      await user.click(within(row).getByRole('checkbox', { name: 'Object title' }));
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const second = screen.getByRole('group', { name: 'Property 2' });
    expect(await within(second).findByText(DESIGN_MESSAGES.oneTitleAllowed)).toBeInTheDocument();
    const first = screen.getByRole('group', { name: 'Property 1' });
    expect(within(first).queryByText(DESIGN_MESSAGES.oneTitleAllowed)).not.toBeInTheDocument();
  });

  it('requires the max items and the time unit of an enabled limit', async () => {
    const stored = storedArchetype('a-coin', {
      pickable: true,
      actionLabelAct: 'Pick',
      sideeffectsAct: [action('pickObject')],
      limitPicks: { enabled: true, maxItems: null, timeUnit: '' },
    });
    mockDesignApi(makeWorkspace({ archetypes: [stored] }));
    const { user } = renderRoute(<ArchetypeFormPage />, ...editAt('a-coin'));

    await user.click(await editableSave());

    const maxItems = await screen.findByRole('textbox', { name: /^Limit picks: Max items/ });
    await waitFor(() => expect(maxItems).toHaveAccessibleDescription(mentioning(DESIGN_MESSAGES.required)));
    expect(screen.getByRole('combobox', { name: /^Limit picks: Per/ })).toHaveAccessibleDescription(
      mentioning(DESIGN_MESSAGES.required),
    );
  });

  it('saves a valid type through the domain schema, payload properties keyed by name', async () => {
    const stored = storedArchetype('a-sign');
    const api = mockDesignApi(makeWorkspace({ archetypes: [stored] }), {
      [`PATCH /api/design/${GAME_ID}/archetypes/a-sign`]: ({ body }) => ({
        body: { ...(body as object), id: 'a-sign', gameId: GAME_ID },
      }),
    });
    const { user } = renderRoute(<ArchetypeFormPage />, ...editAt('a-sign'));

    const save = await editableSave();
    await user.click(screen.getByRole('button', { name: 'Add property' }));
    const row = screen.getByRole('group', { name: 'Property 1' });
    await user.click(within(row).getByRole('textbox', { name: /^Key/ }));
    await user.paste('note');
    await user.click(within(row).getByRole('textbox', { name: /^Label/ }));
    await user.paste('Note');
    await user.click(within(row).getByRole('checkbox', { name: 'Object title' }));
    await user.click(save);

    await waitFor(() => expect(api.callsTo(`PATCH /api/design/${GAME_ID}/archetypes/a-sign`)).toHaveLength(1));
    const body = api.callsTo(`PATCH /api/design/${GAME_ID}/archetypes/a-sign`)[0]?.body as Record<string, unknown>;
    expect(body.payloadSpec).toEqual({
      note: { type: 'string', label: 'Note', hideLabel: false, required: false, hidden: false, objectTitle: true },
    });
    expect(body).not.toHaveProperty('offerorName');
    expect(await screen.findByText(DESIGN_TEXTS.saved('Treasure chest'))).toBeInTheDocument();
  });

  it('notes the missing location services of an image game and offers the direct-contact QR code', async () => {
    const stored = storedArchetype('a-door');
    const workspace = makeWorkspace({ archetypes: [stored] });
    workspace.game.pg = { ...workspace.game.pg, type: 'image' };
    mockDesignApi(workspace);
    const { user } = renderRoute(<ArchetypeFormPage />, ...editAt('a-door'));

    expect(await screen.findByText(DESIGN_TEXTS.noLocationServices)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Activity range/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'QR code' }));
    const dialog = await screen.findByRole('dialog', { name: QR_TEXTS.title });
    expect(within(dialog).getByLabelText('Encoded text')).toHaveTextContent(
      `gameplay/${GAME_ID}/any/de/Contact_a-door/a-door`,
    );
    expect(within(dialog).queryByRole('tab', { name: QR_TEXTS.textCodeTab })).not.toBeInTheDocument();
  });

  it('shows the market fields, priced in the currency, only with a market', async () => {
    mockDesignApi(makeWorkspace({ game: { market: true, currencyName: 'Doubloons' } }));
    renderRoute(<ArchetypeFormPage />, ...CREATE);
    expect(await screen.findByRole('textbox', { name: 'Price (in Doubloons)' })).toBeInTheDocument();
    expect(switchNamed('Tradable')).toBeInTheDocument();
  });
});
