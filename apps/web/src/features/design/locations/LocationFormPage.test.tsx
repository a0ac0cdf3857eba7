import { DEFAULT_LOCATION_RADIUS, DESIGN_MESSAGES, DESIGN_TEXTS } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { UI_TEST_TIMEOUT_MS, makeEntity, makeWorkspace, mockWorkspaceApi } from '../common/test-workspace';

function mentioning(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

const harbour = makeEntity('harbour', { lat: 35.5, lng: 24.1, radius: 300 });
const pier = makeEntity('pier', {
  title: 'The Pier',
  sceneId: 'harbour',
  lat: 35.51,
  lng: 24.11,
  radius: 40,
  trackable: true,
  visible: 'never',
  contactable: 'never',
  if: [],
});

describe('#design.locations.form', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it("says 'Non trackable locations should be visible' (and contactable) when tracking is turned off", async () => {
    mockWorkspaceApi(makeWorkspace({ scenes: [harbour], locations: [pier] }));
    const { user } = renderApp('/games/g1/locations/edit/pier');

    // The workspace loads its form chunk first: give it time on a busy machine.
    const trackable = await screen.findByRole('switch', { name: /^Trackable/ }, { timeout: 15_000 });
    await waitFor(() => expect(trackable).toBeChecked());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());

    await user.click(trackable);

    const visible = screen.getByLabelText(/^Visible/, { selector: 'input' });
    const contactable = screen.getByLabelText(/^Contactable/, { selector: 'input' });
    expect(visible).toHaveAccessibleDescription(mentioning(DESIGN_MESSAGES.nonTrackableVisible));
    expect(contactable).toHaveAccessibleDescription(mentioning(DESIGN_MESSAGES.nonTrackableContactable));

    // Not trackable: 'Never' is no longer offered for visible.
    await user.click(visible);
    const options = await screen.findByRole('listbox');
    expect(within(options).getByRole('option', { name: 'Never' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(options).getByRole('option', { name: 'Always' }));
    expect(visible).not.toHaveAccessibleDescription(mentioning(DESIGN_MESSAGES.nonTrackableVisible));
  });

  it('creates a place in the scene it was opened from, with the default radius, and goes back to the scene', async () => {
    const api = mockWorkspaceApi(makeWorkspace({ scenes: [harbour] }), {
      'POST /api/design/g1/locations': ({ body }) => ({
        status: 201,
        body: { id: 'l9', gameId: 'g1', ...(body as object) },
      }),
    });
    const { user, pathname } = renderApp('/games/g1/locations/create/0/harbour');

    expect(await screen.findByRole('textbox', { name: /^Radius/ })).toHaveValue(String(DEFAULT_LOCATION_RADIUS));
    expect(screen.getByRole('region', { name: /Map of the place/ }).querySelector('.leaflet-container')).not.toBeNull();
    // The system name sits under Advanced (issue 30: one name per thing).
    await user.click(await screen.findByRole('button', { name: 'Advanced' }));
    await user.type(screen.getByRole('textbox', { name: /^System name/ }), 'gate');
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Old gate');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(DESIGN_TEXTS.locationCreated('Old gate'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/design/g1/locations')[0]?.body).toMatchObject({
      name: 'gate',
      title: 'Old gate',
      sceneId: 'harbour',
      radius: DEFAULT_LOCATION_RADIUS,
      lat: 35.5,
      lng: 24.1,
      if: [],
    });
    // The designer lands on the scene's places (the list holding the new place), not its script.
    await waitFor(() => expect(pathname()).toBe('/games/g1/scenes/show/harbour'));
    expect(await screen.findByRole('tab', { name: /Scene Places/, selected: true })).toBeInTheDocument();
  });
});
