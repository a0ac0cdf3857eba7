import type { GalleryItem } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { makeUser, signIn } from '../../test/factories';
import { renderApp } from '../../test/render-app';
import { makeGame } from './test-factories';

// Whole pages in jsdom are slow, more so when every test file runs at once.
const UI_TEST_TIMEOUT_MS = 20_000;

function galleryItem(overrides: Partial<GalleryItem>): GalleryItem {
  return {
    id: 'g-harbour',
    title: 'Harbour walk',
    logoId: null,
    language: 'el-Gr',
    publicAccess: 'clone',
    size: { scenes: 2, locations: 3, interactions: 1 },
    place: { lat: 40.63, lng: 22.94, radius: 300 },
    ownerName: 'Bob Quill',
    canClone: true,
    ...overrides,
  };
}

describe('#games.gallery', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('lists the public games with language and size on a map, and clones one to another place', async () => {
    signIn({ role: 'designer' });
    const harbour = galleryItem({});
    const castle = galleryItem({
      id: 'g-castle',
      title: 'Castle tour',
      language: 'en-Us',
      publicAccess: 'view',
      size: { scenes: 1, locations: 0, interactions: 0 },
      canClone: false,
    });
    const api = mockApi({
      'GET /api/users/account': { body: { user: makeUser({ role: 'designer' }) } },
      'GET /api/design/gallery': { body: { games: [harbour, castle], total: 2, page: 1, pageSize: 20 } },
      'GET /api/design/games/g-harbour': { body: makeGame({ id: 'g-harbour', title: 'Harbour walk' }) },
      'POST /api/design/games/g-harbour/clone': { status: 201, body: makeGame({ id: 'g-copy', title: 'Copy' }) },
      'GET /api/design/games/g-copy': { body: makeGame({ id: 'g-copy', title: 'Copy' }) },
    });
    const { user } = renderApp('/gallery');

    const harbourCard = await screen.findByRole('article', { name: 'Harbour walk' });
    expect(within(harbourCard).getByText('Greek')).toBeInTheDocument();
    expect(within(harbourCard).getByText('2 scenes')).toBeInTheDocument();
    expect(within(harbourCard).getByText('3 places')).toBeInTheDocument();
    expect(within(harbourCard).getByText('1 interaction')).toBeInTheDocument();
    expect(within(harbourCard).getByText('by Bob Quill')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Map of the gallery’s games' })).toBeInTheDocument();

    const castleCard = screen.getByRole('article', { name: 'Castle tour' });
    expect(within(castleCard).getByText('English')).toBeInTheDocument();
    expect(within(castleCard).queryByRole('button', { name: 'Clone to another place…' })).not.toBeInTheDocument();
    expect(within(castleCard).getByText('Public to view only')).toBeInTheDocument();

    await user.click(within(harbourCard).getByRole('button', { name: 'Clone to another place…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clone Harbour walk to another place' });
    await user.click(await within(dialog).findByRole('button', { name: 'Clone here' }));
    await waitFor(() => expect(api.callsTo('POST /api/design/games/g-harbour/clone')).toHaveLength(1));
    expect(api.callsTo('POST /api/design/games/g-harbour/clone')[0]?.body).toMatchObject({
      relocate: { rotation: 0 },
    });
  });

  it('is reachable from the games list', async () => {
    signIn({ role: 'designer' });
    mockApi({
      'GET /api/users/account': { body: { user: makeUser({ role: 'designer' }) } },
      'GET /api/design/games': { body: { games: [], total: 0, page: 1, pageSize: 10 } },
    });
    renderApp('/');
    // The games list's header and the sidebar.
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: 'Gallery' }).map((link) => link.getAttribute('href'))).toEqual([
        '/gallery',
        '/gallery',
      ]),
    );
  });
});
