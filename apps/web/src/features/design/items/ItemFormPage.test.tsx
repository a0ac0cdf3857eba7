import { DESIGN_API_MESSAGES, DESIGN_MESSAGES, DESIGN_TEXTS, FORM_ERROR_MESSAGE, LOCK_MESSAGES } from '@loci/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { UI_TEST_TIMEOUT_MS, makeEntity, makeWorkspace, mockWorkspaceApi } from '../common/test-workspace';

/** An accessible description that includes `text` (hints join error messages there). */
function mentioning(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

const key = makeEntity('key', { title: 'Rusty key', tradable: true, redeemable: true, notifyOnChange: true, price: 5 });

describe('#design.items.form', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('shows no market fields when the game has no market', async () => {
    mockWorkspaceApi(makeWorkspace({ game: { market: false } }));
    renderApp('/games/g1/items/create/0');

    expect(await screen.findByRole('switch', { name: /^Hidden/ })).not.toBeChecked();
    expect(screen.queryByRole('switch', { name: 'Tradable' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Redeemable' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Price/)).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Notify on change' })).toBeInTheDocument();
  });

  it('with a market: hiding the item hides and clears tradable, redeemable and notify on change', async () => {
    const api = mockWorkspaceApi(makeWorkspace({ game: { market: true, currencyName: 'Drachma' }, items: [key] }), {
      'PATCH /api/design/g1/items/key': ({ body }) => ({ body: { ...key, ...(body as object) } }),
    });
    const { user, pathname } = renderApp('/games/g1/items/edit/key');

    expect(await screen.findByRole('switch', { name: 'Tradable' })).toBeChecked();
    expect(screen.getByLabelText('Price (in Drachma)')).toHaveValue('5');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());

    await user.click(screen.getByRole('switch', { name: /^Hidden/ }));
    expect(screen.queryByRole('switch', { name: 'Tradable' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Notify on change' })).not.toBeInTheDocument();
    // Shown again, they stay cleared.
    await user.click(screen.getByRole('switch', { name: /^Hidden/ }));
    expect(screen.getByRole('switch', { name: 'Tradable' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Redeemable' })).not.toBeChecked();
    await user.click(screen.getByRole('switch', { name: /^Hidden/ }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DESIGN_TEXTS.saved('Rusty key'))).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/design/g1/items/key')[0]?.body).toMatchObject({
      hidden: true,
      tradable: false,
      redeemable: false,
      notifyOnChange: false,
    });
    await waitFor(() => expect(pathname()).toBe('/games/g1'));
  });

  it('retitled, the rule a quick rule named after it follows; the rule the designer named does not', async () => {
    const harbour = makeEntity('harbour', { name: 'Harbour', title: 'Harbour' });
    const pier = makeEntity('pier', { name: 'Old pier', title: 'Old pier', sceneId: 'harbour' });
    const giveRule = (id: string, name: string) =>
      makeEntity(id, {
        name,
        title: undefined,
        sceneId: 'harbour',
        trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: 'pier' },
        sideeffects: [{ actorId: 'system', actionName: 'giveToPlayer', actionArgs: { what: 'key' }, notify: false }],
      });
    const quick = giveRule('r1', 'Old pier: give Rusty key');
    const named = giveRule('r2', 'A key for every player');
    const api = mockWorkspaceApi(
      makeWorkspace({ scenes: [harbour], locations: [pier], items: [key], rules: [quick, named] }),
      {
        'PATCH /api/design/g1/items/key': ({ body }) => ({ body: { ...key, ...(body as object) } }),
        'PATCH /api/design/g1/rules/r1': ({ body }) => ({ body: { ...quick, ...(body as object) } }),
      },
    );
    const { user } = renderApp('/games/g1/items/edit/key');
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.clear(title);
    await user.type(title, 'Bronze key');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(DESIGN_TEXTS.saved('Bronze key'))).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/design/g1/rules/r1')).toHaveLength(1);
    expect(api.callsTo('PATCH /api/design/g1/rules/r1')[0]?.body).toMatchObject({
      name: 'Old pier: give Bronze key',
      trigger: quick.trigger,
      sideeffects: quick.sideeffects,
    });
    expect(api.callsTo('PATCH /api/design/g1/rules/r2')).toHaveLength(0);
  });

  it('asks for the max number when limited, and creates the item with a toast', async () => {
    const api = mockWorkspaceApi(makeWorkspace(), {
      'POST /api/design/g1/items': ({ body }) => ({
        status: 201,
        body: { id: 'i9', gameId: 'g1', ...(body as object) },
      }),
    });
    const { user, pathname } = renderApp('/games/g1/items/create/0');

    // The system name sits under Advanced (issue 30: one name per thing).
    await user.click(await screen.findByRole('button', { name: 'Advanced' }));
    await user.type(await screen.findByRole('textbox', { name: /^System name/ }), 'lamp');
    await user.click(screen.getByRole('switch', { name: 'Limited' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert', { name: FORM_ERROR_MESSAGE })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveAccessibleDescription(
      mentioning(DESIGN_MESSAGES.required),
    );
    expect(screen.getByRole('textbox', { name: /^Max items/ })).toHaveAccessibleDescription(
      mentioning(DESIGN_MESSAGES.maxItemsRequired),
    );
    expect(api.callsTo('POST /api/design/g1/items')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Oil lamp');
    await user.type(screen.getByRole('textbox', { name: /^Max items/ }), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(DESIGN_TEXTS.created('Oil lamp'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/design/g1/items')[0]?.body).toMatchObject({
      gameId: 'g1',
      name: 'lamp',
      title: 'Oil lamp',
      limited: true,
      maxItems: 2,
    });
    await waitFor(() => expect(pathname()).toBe('/games/g1'));
  });

  it('shows the server error under the name when it is taken, checked on blur', async () => {
    const api = mockWorkspaceApi(makeWorkspace({ items: [key] }), {
      'POST /api/design/utils/asyncValidateForm': ({ body }) => {
        const { values } = body as { values: { name: string } };
        return values.name === 'key'
          ? { body: { success: false, errors: { name: DESIGN_API_MESSAGES.nameTaken } } }
          : { body: { success: true, errors: {} } };
      },
    });
    const { user } = renderApp('/games/g1/items/create/0');

    // The system name sits under Advanced (issue 30: one name per thing).
    await user.click(await screen.findByRole('button', { name: 'Advanced' }));
    const name = await screen.findByRole('textbox', { name: /^System name/ });
    await user.type(name, 'key');
    await user.tab();

    await waitFor(() => expect(name).toHaveAccessibleDescription(mentioning(DESIGN_API_MESSAGES.nameTaken)));
    expect(api.callsTo('POST /api/design/utils/asyncValidateForm')[0]?.body).toMatchObject({
      activeForm: 'item',
      blurredField: 'name',
      values: { name: 'key' },
    });
    expect(screen.getByRole('img', { name: DESIGN_TEXTS.systemNameTooltip })).toBeInTheDocument();

    await user.type(name, 's');
    await user.tab();
    await waitFor(() => expect(name).not.toHaveAccessibleDescription(mentioning(DESIGN_API_MESSAGES.nameTaken)));
  });

  it('puts a 409 name taken on save under the name field', async () => {
    mockWorkspaceApi(makeWorkspace(), {
      'POST /api/design/g1/items': {
        status: 409,
        body: { message: DESIGN_API_MESSAGES.nameTaken, errors: { name: DESIGN_API_MESSAGES.nameTaken } },
      },
    });
    const { user } = renderApp('/games/g1/items/create/0');

    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Key');
    // The system name sits under Advanced (issue 30: one name per thing).
    await user.click(await screen.findByRole('button', { name: 'Advanced' }));
    // The name made from the title is replaced by the designer's own.
    expect(screen.getByRole('textbox', { name: /^System name/ })).toHaveValue('Key');
    await user.clear(screen.getByRole('textbox', { name: /^System name/ }));
    await user.type(screen.getByRole('textbox', { name: /^System name/ }), 'key');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^System name/ })).toHaveAccessibleDescription(
        mentioning(DESIGN_API_MESSAGES.nameTaken),
      ),
    );
    expect(screen.getByRole('alert', { name: FORM_ERROR_MESSAGE })).toBeInTheDocument();
  });

  it('is read-only while another user holds the lock', async () => {
    mockWorkspaceApi(makeWorkspace({ items: [key] }), {
      'POST /api/design/cc': {
        status: 409,
        body: {
          locked: false,
          holder: { id: 'u2', name: 'Ava' },
          message: LOCK_MESSAGES.heldByOther,
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        },
      },
    });
    renderApp('/games/g1/items/edit/key');

    expect(await screen.findByText(LOCK_MESSAGES.heldByOther)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toBeDisabled();
  });
});
