import type { TranslationTable } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { UI_TEST_TIMEOUT_MS, makeEntity, makeWorkspace, mockWorkspaceApi } from '../common/test-workspace';
import { makeTranslationRow as row, makeTranslationTable } from './test-factories';

const key = makeEntity('key', { title: 'Rusty key', description: '<p>Old and rusty.</p>' });
const harbour = makeEntity('harbour', { title: 'The harbour' });

/** German's table: the item's title (new) and description (done), and a scene's title that is no text of the item. */
function germanTable(): TranslationTable {
  return makeTranslationTable([
    row({ id: 'scene:harbour:title', kind: 'scene', entityId: 'harbour', field: 'title', text: 'The harbour' }),
    row({ id: 'item:key:title', kind: 'item', entityId: 'key', field: 'title', text: 'Rusty key' }),
    row({
      id: 'item:key:description',
      kind: 'item',
      entityId: 'key',
      field: 'description',
      text: '<p>Old and rusty.</p>',
      rich: true,
      translation: '<p>Alt und rostig.</p>',
      state: 'done',
    }),
  ]);
}

const inGerman = {
  game: { language: 'en-Us' as const, otherLanguages: ['de' as const] },
  items: [key],
  scenes: [harbour],
};

describe('#design.translations an editor’s language switch', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('shows the item’s texts side by side in German, saves only what was typed, and refreshes the coverage', async () => {
    const api = mockWorkspaceApi(makeWorkspace(inGerman), {
      'GET /api/design/g1/translations/de': { body: germanTable() },
      'PATCH /api/design/g1/translations/de': { body: germanTable() },
    });
    const { user } = renderApp('/games/g1/items/edit/key');

    const switcher = await screen.findByRole('radiogroup', { name: 'Language of the texts' });
    expect(within(switcher).getByRole('radio', { name: 'English (main)' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Rusty key');
    await user.click(within(switcher).getByRole('radio', { name: 'German' }));

    const view = await screen.findByRole('region', { name: 'Rusty key in German' });
    expect(within(view).getByText('1 of 2 texts in German')).toBeInTheDocument();
    // The main language beside the translation; the rich text in the rich-text editor; no other entity's text.
    expect(within(view).getByText('Old and rusty.')).toBeInTheDocument();
    expect(within(view).getByRole('textbox', { name: 'German: description' })).toHaveTextContent('Alt und rostig.');
    expect(within(view).queryByText('The harbour')).not.toBeInTheDocument();
    // The form in the main language is hidden meanwhile, not gone.
    expect(screen.queryByRole('textbox', { name: /^Title/ })).not.toBeInTheDocument();

    const saveButton = within(view).getByRole('button', { name: 'Save translations' });
    expect(saveButton).toBeDisabled();
    await user.type(within(view).getByRole('textbox', { name: 'German: title' }), 'Rostiger Schlüssel');
    const workspaceReads = api.callsTo('GET /api/design/g1/workspace').length;
    await user.click(saveButton);

    expect(await screen.findByText('Translations saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/design/g1/translations/de').map((call) => call.body)).toEqual([
      { texts: { 'item:key:title': 'Rostiger Schlüssel' } },
    ]);
    await waitFor(() => expect(api.callsTo('GET /api/design/g1/workspace').length).toBeGreaterThan(workspaceReads));

    await user.click(within(switcher).getByRole('radio', { name: 'English (main)' }));
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Rusty key');
  });

  it('is not there for a game in one language, nor for a new entity', async () => {
    mockWorkspaceApi(makeWorkspace({ items: [key] }));
    const { unmount } = renderApp('/games/g1/items/edit/key');
    expect(await screen.findByRole('textbox', { name: /^Title/ })).toHaveValue('Rusty key');
    expect(screen.queryByRole('radiogroup', { name: 'Language of the texts' })).not.toBeInTheDocument();
    unmount();

    mockWorkspaceApi(makeWorkspace(inGerman));
    renderApp('/games/g1/items/create/0');
    expect(await screen.findByRole('textbox', { name: /^Title/ })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Language of the texts' })).not.toBeInTheDocument();
  });
});
