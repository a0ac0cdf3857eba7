import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App';
import { createQueryClient } from '../../api/query-client';
import { PlayersMap, useRefreshSeconds, type PlayerMarker } from './PlayersMap';
import { UI_TEST_TIMEOUT_MS } from './test-support';

const PIER = { latitude: 37.9402, longitude: 23.6461 };

/** Three players 175 m apart along the harbour, and one on another continent. */
function players(onOpen: (id: string) => void, shift = 0): PlayerMarker[] {
  const near = [0, 1, 2].map((i) => ({
    id: `p${i}`,
    name: `Player ${i}`,
    latitude: PIER.latitude + shift,
    longitude: PIER.longitude + i * 0.002,
    onOpen: () => onOpen(`p${i}`),
  }));
  return [...near, { id: 'far', name: 'Far Player', latitude: 40.7, longitude: -74, onOpen: () => onOpen('far') }];
}

function Map({ markers }: { markers: PlayerMarker[] }) {
  const refresh = useRefreshSeconds();
  return <PlayersMap players={markers} areas={[]} label="Live map of the players" refresh={refresh} />;
}

/**
 * A click on a marker as one click (detail 0): Leaflet takes two quick clicks (user-event's, detail 1) for a
 * double click on the map, which jsdom's sizeless map cannot place.
 */
const click = (element: HTMLElement) => fireEvent.click(element);

function renderMap(markers: PlayerMarker[]) {
  const queryClient = createQueryClient({ retry: false });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <Map markers={markers} />
    </AppProviders>,
  );
  const rerender = (next: PlayerMarker[]) =>
    view.rerender(
      <AppProviders queryClient={queryClient} env="test">
        <Map markers={next} />
      </AppProviders>,
    );
  return { rerender };
}

describe('PlayersMap (the live map of thousands of players)', () => {
  it(
    'draws players close together as one marker with their count, which a click opens up',
    async () => {
      const opened = vi.fn();
      renderMap(players(opened));
      const map = screen.getByRole('region', { name: 'Live map of the players' });

      // Far out (the map starts at zoom 5) the three in the harbour are one cluster; the far one is alone.
      const cluster = await screen.findByRole('button', { name: '3 players here: zoom in' });
      expect(screen.getByRole('button', { name: 'Far Player' })).toBeInTheDocument();
      expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(2);

      click(cluster);
      // Zoomed in to where the cluster falls apart: the player at the east end is alone, the other two still close.
      expect(await screen.findByRole('button', { name: 'Player 2' })).toBeInTheDocument();
      click(screen.getByRole('button', { name: '2 players here: zoom in' }));
      // One more click and each is a marker of their own.
      expect(await screen.findByRole('button', { name: 'Player 0' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Player 2' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /players here/ })).not.toBeInTheDocument();

      click(screen.getByRole('button', { name: 'Player 1' }));
      expect(opened).toHaveBeenCalledWith('p1');
    },
    UI_TEST_TIMEOUT_MS,
  );

  it(
    'moves the markers it shows when the players move, without drawing them anew',
    async () => {
      const opened = vi.fn();
      const { rerender } = renderMap(players(opened));
      click(await screen.findByRole('button', { name: '3 players here: zoom in' }));
      click(await screen.findByRole('button', { name: '2 players here: zoom in' }));
      const marker = await screen.findByRole('button', { name: 'Player 0' });
      // jsdom has no 3D transforms: Leaflet places a marker by left and top.
      const before = marker.style.top;

      // A refresh: everyone moved 20 m north; the marker is the same element, moved.
      rerender(players(opened, 0.0002));
      const after = screen.getByRole('button', { name: 'Player 0' });
      expect(after).toBe(marker);
      expect(after.style.top).not.toBe(before);
      // Its click opens the newest state of the player.
      click(after);
      expect(opened).toHaveBeenLastCalledWith('p0');
    },
    UI_TEST_TIMEOUT_MS,
  );
});
