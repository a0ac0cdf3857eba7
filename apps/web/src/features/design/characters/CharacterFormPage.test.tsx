import { DESIGN_TEXTS } from '@loci/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { UI_TEST_TIMEOUT_MS, makeEntity, makeWorkspace, mockWorkspaceApi } from '../common/test-workspace';

describe('#design.characters.form', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('creates a character, male by default', async () => {
    const api = mockWorkspaceApi(makeWorkspace(), {
      'POST /api/design/g1/characters': ({ body }) => ({
        status: 201,
        body: { id: 'c9', gameId: 'g1', ...(body as object) },
      }),
    });
    const { user } = renderApp('/games/g1/characters/create/0');

    // The system name sits under Advanced (issue 30: one name per thing).
    await user.click(await screen.findByRole('button', { name: 'Advanced' }));
    await user.type(await screen.findByRole('textbox', { name: /^System name/ }), 'captain');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'The Captain');
    await user.type(screen.getByRole('textbox', { name: /^Age/ }), '54');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(DESIGN_TEXTS.created('The Captain'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/design/g1/characters')[0]?.body).toMatchObject({
      name: 'captain',
      title: 'The Captain',
      age: 54,
      gender: 'm',
    });
  });

  it('is read-only without the edit right, and takes no lock', async () => {
    const api = mockWorkspaceApi(
      makeWorkspace({ game: { rights: ['view'] }, characters: [makeEntity('captain', { gender: 'f' })] }),
    );
    renderApp('/games/g1/characters/edit/captain');

    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Title of captain'));
    expect(screen.getByText('You can look at this design but not change it.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(api.callsTo('POST /api/design/cc')).toHaveLength(0);
  });
});
