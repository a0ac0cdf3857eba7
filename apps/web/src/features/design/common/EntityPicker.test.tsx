import { DESIGN_TEXTS, type DesignEntity } from '@loci/domain';
import { ModalsProvider } from '@mantine/modals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../App';
import { createQueryClient } from '../../../api/query-client';
import { LocationForm } from '../locations/LocationFormPage';
import { EntityPicker } from './EntityPicker';
import { UI_TEST_TIMEOUT_MS, makeEntity, makeWorkspace, mockWorkspaceApi } from './test-workspace';

const longTitle = 'A'.repeat(200);

function Host() {
  const [value, setValue] = useState<string | null>(null);
  const { pathname } = useLocation();
  return (
    <>
      <EntityPicker
        gameId="g1"
        kind="location"
        label="Place"
        value={value}
        onChange={(id) => setValue(id)}
        renderCreateForm={(done) => <LocationForm sceneId="harbour" onDone={done} />}
      />
      <output aria-label="picked">{value ?? ''}</output>
      <output aria-label="path">{pathname}</output>
    </>
  );
}

function renderHost() {
  const queryClient = createQueryClient({ retry: false });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={['/games/g1/rules/edit/r1']}>
        <ModalsProvider>
          <Routes>
            <Route path="/games/:gameId/rules/edit/:entityId" element={<Host />} />
          </Routes>
        </ModalsProvider>
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

describe('#design.common.EntityPicker', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('lists the kind with labels cut at 150 characters, and creates a new one in a modal without leaving', async () => {
    const harbour = makeEntity('harbour', { lat: 35.5, lng: 24.1, radius: 300 });
    let created: DesignEntity | undefined;
    const api = mockWorkspaceApi(
      () => ({
        body: makeWorkspace({
          scenes: [harbour],
          locations: [makeEntity('pier', { title: longTitle, sceneId: 'harbour' }), ...(created ? [created] : [])],
        }),
      }),
      {
        'POST /api/design/g1/locations': ({ body }) => {
          created = { id: 'l9', gameId: 'g1', ...(body as { name: string }) };
          return { status: 201, body: created };
        },
      },
    );
    const { user } = renderHost();

    await user.click(await screen.findByLabelText('Place', { selector: 'input' }));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1));
    // The title first (cut at 150 characters), wrapped in a dropdown as wide as it needs; the system name after it,
    // never cut off.
    const option = within(listbox).getByRole('option');
    expect(option.textContent).toBe(`${longTitle.slice(0, 150)}… (pier)`);
    expect(within(option).getByText('(pier)')).toHaveStyle({ color: 'var(--mantine-color-dimmed)' });
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Create new…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Place' });
    // The system name sits under Advanced (issue 30: one name per thing).
    await user.click(await within(dialog).findByRole('button', { name: 'Advanced' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^System name/ }), 'gate');
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Old gate');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(DESIGN_TEXTS.locationCreated('Old gate'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status', { name: 'picked' })).toHaveTextContent('l9');
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/games/g1/rules/edit/r1');
    expect(api.callsTo('POST /api/design/g1/locations')[0]?.body).toMatchObject({ sceneId: 'harbour', name: 'gate' });
  });
});
