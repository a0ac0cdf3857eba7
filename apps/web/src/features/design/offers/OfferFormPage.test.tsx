import { DESIGN_MESSAGES, newOfferDefaults } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  GAME_ID,
  UI_TEST_TIMEOUT_MS,
  makeEntity,
  makeWorkspace,
  mockDesignApi,
  renderRoute,
} from '../world/test-support';
import { OfferFormPage } from './OfferFormPage';

const CREATE = ['/games/:gameId/offers/create/0', `/games/${GAME_ID}/offers/create/0`] as const;

describe('#design.offers.OfferFormPage', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it("starts a new offer redeemable and pickable, 'Open it' showing it and 'Take it' picking it", async () => {
    mockDesignApi(makeWorkspace({ game: { market: true, currencyName: 'Coins' } }));
    renderRoute(<OfferFormPage />, ...CREATE);

    // The market fields show once the workspace (with the game) is in.
    expect(await screen.findByRole('switch', { name: /^Redeemable/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^Contact button label/ })).toHaveValue('Open it');
    expect(screen.getByRole('textbox', { name: /^Action button label/ })).toHaveValue('Take it');
    expect(screen.getByRole('switch', { name: /^Pickable/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^Tradable/ })).not.toBeChecked();

    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(
      within(contact)
        .getAllByRole('combobox')
        .some((select) => (select as HTMLInputElement).value === 'Show object'),
    ).toBe(true);
    const act = screen.getByRole('region', { name: 'Action' });
    expect(
      within(act)
        .getAllByRole('combobox')
        .some((select) => (select as HTMLInputElement).value === 'Pick object'),
    ).toBe(true);

    // The offer's own fields.
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Offeror name' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Offer terms' })).toBeInTheDocument();
  });

  it('saves the offer with its own fields, and keeps the behaviour rules of object types', async () => {
    const stored = makeEntity('o-coffee', {
      ...newOfferDefaults(),
      name: 'o-coffee',
      title: 'Free coffee',
      logoId: 'm-logo',
      pickable: false,
    });
    const api = mockDesignApi(makeWorkspace({ offers: [stored] }), {
      [`PATCH /api/design/${GAME_ID}/offers/o-coffee`]: ({ body }) => ({
        body: { ...(body as object), id: 'o-coffee', gameId: GAME_ID },
      }),
    });
    const { user } = renderRoute(
      <OfferFormPage />,
      '/games/:gameId/offers/edit/:entityId',
      `/games/${GAME_ID}/offers/edit/o-coffee`,
    );

    const save = await screen.findByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(
      await screen.findByText(DESIGN_MESSAGES.actionsNeedBehaviour('pickable', ['pickObject'])),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: /^Pickable/ }));
    await user.click(screen.getByRole('textbox', { name: 'Offeror name' }));
    await user.paste('Harbour Café');
    await user.click(screen.getByRole('textbox', { name: 'Quantity' }));
    await user.paste('25');
    await user.click(save);

    await waitFor(() => expect(api.callsTo(`PATCH /api/design/${GAME_ID}/offers/o-coffee`)).toHaveLength(1));
    expect(api.callsTo(`PATCH /api/design/${GAME_ID}/offers/o-coffee`)[0]?.body).toMatchObject({
      offerorName: 'Harbour Café',
      quantity: 25,
      pickable: true,
      redeemable: true,
      actionLabelAct: 'Take it',
      sideeffectsAct: [expect.objectContaining({ actionName: 'pickObject' })],
    });
  });
});
