import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeView } from '../test-factories';
import { makeIndex, renderWithProviders } from '../test-support';
import { AroundPanel } from './AroundPanel';
import '../locales';

// The player stands 100 m south of the fountain (0.0009° of latitude) and inside the square.
const HERE = { lat: 35.3387, lng: 25.1442 };
const index = makeIndex({
  location: [
    { id: 'fountain', title: 'The fountain', lat: HERE.lat + 0.0009, lng: HERE.lng, radius: 10 },
    { id: 'square', title: 'The square', lat: HERE.lat, lng: HERE.lng, radius: 50 },
  ],
});
const view = makeView({
  perceived: {
    objects: [],
    offers: [],
    locations: [
      { id: 'fountain', name: 'fountain', inside: false, inRange: false },
      { id: 'square', name: 'square', inside: true, inRange: true },
    ],
  },
});

function renderAround(directions: boolean) {
  return renderWithProviders(
    <AroundPanel
      view={view}
      index={index}
      position={HERE}
      heading={null}
      needsPermission={false}
      onAskCompass={vi.fn()}
      directions={directions}
    />,
  );
}

describe('AroundPanel', () => {
  it('lists what the map shows, nearest first, with distance and direction in words', () => {
    renderAround(false);
    const items = within(screen.getByRole('list', { name: 'Around you' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['The squareYou are here', 'The fountain100 m north']);
    // Without the game's seeDirections, no target.
    expect(screen.queryByRole('list', { name: 'Your target' })).not.toBeInTheDocument();
  });

  it('names the target with the seeDirections capability', () => {
    renderAround(true);
    expect(within(screen.getByRole('list', { name: 'Your target' })).getByRole('listitem')).toHaveTextContent(
      'The fountain100 m north',
    );
  });
});
