import { DESIGN_MESSAGES, DESIGN_TEXTS, FORM_ERROR_MESSAGE } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { UI_TEST_TIMEOUT_MS, makeEntity, makeWorkspace, mockWorkspaceApi } from '../common/test-workspace';

describe('#design.attributes.form', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('requires the logo and shows the price in the currency name only with a market', async () => {
    const api = mockWorkspaceApi(makeWorkspace({ game: { market: true, currencyName: 'Shells' } }));
    const { user } = renderApp('/games/g1/attributes/create/0');

    expect(await screen.findByLabelText('Price (in Shells)')).toBeInTheDocument();
    // The system name sits under Advanced (issue 30: one name per thing).
    await user.click(await screen.findByRole('button', { name: 'Advanced' }));
    await user.type(screen.getByRole('textbox', { name: /^System name/ }), 'courage');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Courage');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert', { name: FORM_ERROR_MESSAGE })).toBeInTheDocument();
    expect(screen.getByText(DESIGN_MESSAGES.required)).toBeInTheDocument();
    expect(api.callsTo('POST /api/design/g1/attributes')).toHaveLength(0);
  });

  it('deletes an attribute after the confirmation, with the kind toast', async () => {
    const courage = makeEntity('courage', { logoId: 'm1' });
    const api = mockWorkspaceApi(makeWorkspace({ attributes: [courage] }), {
      'DELETE /api/design/g1/attributes/courage': { body: { success: true, deleted: [] } },
    });
    const { user, pathname } = renderApp('/games/g1/attributes/edit/courage');

    expect(screen.queryByLabelText(/^Price/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(DESIGN_TEXTS.confirmDelete)).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(DESIGN_TEXTS.deleted('Attribute'))).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/design/g1/attributes/courage')).toHaveLength(1);
    await waitFor(() => expect(pathname()).toBe('/games/g1'));
  });
});
