import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeView } from '../test-factories';
import { makeIndex, renderWithProviders } from '../test-support';
import { PlayMap, type PlayMapProps } from './PlayMap';

const route = [
  { latitude: 37.97, longitude: 23.72 },
  { latitude: 37.971, longitude: 23.721 },
  { latitude: 37.972, longitude: 23.7205 },
];

const baseProps = (): PlayMapProps => ({
  center: { lat: 37.97, lng: 23.72 },
  index: makeIndex({}),
  view: makeView(),
  scenes: [],
  position: { lat: 37.97, lng: 23.72 },
  walker: true,
  onMove: vi.fn(),
  onThing: vi.fn(),
  onTapLocation: vi.fn(),
});

const routePoints = () => screen.queryAllByTitle(/^Route point \d+$/);

describe('PlayMap: the simulated route', () => {
  it('draws the route as a line through its points, numbered in order', () => {
    const { container } = renderWithProviders(<PlayMap {...baseProps()} route={route} />);

    expect(routePoints().map((point) => [point.getAttribute('title'), point.textContent])).toEqual([
      ['Route point 1', '1'],
      ['Route point 2', '2'],
      ['Route point 3', '3'],
    ]);
    const line = container.querySelector('path.loci-route');
    expect(line).not.toBeNull();
    expect(line?.getAttribute('d')).toMatch(/^M.+L/);
    // The points let the map's clicks through (drawing more points, or walking).
    expect(routePoints().every((point) => !point.classList.contains('leaflet-interactive'))).toBe(true);
  });

  it('follows the route as points are added, and draws nothing without one', async () => {
    function Drawing(props: PlayMapProps) {
      const [points, setPoints] = useState(route.slice(0, 1));
      return (
        <>
          <button onClick={() => setPoints(route)}>more</button>
          <button onClick={() => setPoints([])}>clear</button>
          <PlayMap {...props} route={points} />
        </>
      );
    }
    const { container, user } = renderWithProviders(<Drawing {...baseProps()} />);
    expect(routePoints()).toHaveLength(1);
    // A single point is a numbered point, with no line yet.
    expect(container.querySelector('path.loci-route')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'more' }));
    expect(routePoints()).toHaveLength(3);
    expect(container.querySelector('path.loci-route')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'clear' }));
    expect(routePoints()).toHaveLength(0);
    expect(container.querySelector('path.loci-route')).toBeNull();
  });
});
