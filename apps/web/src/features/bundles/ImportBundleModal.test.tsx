import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { makeUser, signIn } from '../../test/factories';
import { renderApp } from '../../test/render-app';
import { makeGamesPage } from '../games/test-factories';

// Whole pages in jsdom are slow, more so when every test file runs at once.
const UI_TEST_TIMEOUT_MS = 20_000;

describe('#bundles.import', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  afterEach(() => sessionStorage.clear());

  it('sends the chosen file (and the new centre when moving it) and shows a refusal in the dialog', async () => {
    signIn({ role: 'designer' });
    const api = mockApi({
      'GET /api/users/account': { body: { user: makeUser({ role: 'designer' }) } },
      'GET /api/design/games': { body: makeGamesPage([]) },
      'POST /api/design/games/import': {
        status: 400,
        body: { message: 'The bundle entry ../evil.json has a name a bundle never has', errors: {} },
      },
    });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Import a game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a game bundle' });
    const importButton = within(dialog).getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();

    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['PK'], 'harbour.loci.zip', { type: 'application/zip' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Move it to another place' }));
    await user.click(importButton);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The bundle entry ../evil.json has a name a bundle never has',
    );
    const sent = api.fetch.mock.calls.find(([url]) => String(url).endsWith('/design/games/import'));
    const form = sent?.[1]?.body as FormData;
    expect((form.get('bundle') as File).name).toBe('harbour.loci.zip');
    expect(Number(form.get('lat'))).toBeCloseTo(35.52);
    await waitFor(() => expect(importButton).toBeEnabled());
  });
});
