import type { MapAnalytics } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UI_TEST_TIMEOUT_MS, makeVersion, makeWorkspace, mockWorkspaceApi } from '../design/common/test-workspace';
import { renderApp } from '../../test/render-app';

const version = makeVersion({ id: 'v1', isLiveSpec: false, createdAt: '2024-04-01T10:00:00.000Z', version: 1 });

const mapAnswer: MapAnalytics = {
  players: [
    { playerId: 'ann', instanceId: 'i1', name: 'Ann' },
    { playerId: 'bob', instanceId: 'i2', name: 'Bob' },
  ],
  heat: { cellDegrees: 0.0002, cells: [{ latitude: 35.5172, longitude: 24.0182, count: 7 }] },
  tracks: [],
  locations: [
    {
      id: 'pier',
      name: 'pier_location',
      title: 'The Pier',
      latitude: 35.5171,
      longitude: 24.0182,
      radius: 30,
      visits: 3,
      players: 2,
      medianSecondsInside: 125,
      dropOff: 1,
    },
  ],
  funnel: {
    milestones: [
      { id: 'm1', name: 'knows_year', title: '', reached: 2, medianSeconds: 180, gaveUp: 1 },
      { id: 'm2', name: 'found_lamp', title: '', reached: 1, medianSeconds: 3700, gaveUp: null },
    ],
    scenes: [{ id: 's1', name: 'harbour', title: 'The Harbour', reached: 2, medianSeconds: 0, gaveUp: null }],
  },
  questions: [
    {
      interactionId: 'q1',
      questionId: 'q1-1',
      title: 'The pier',
      questionTitle: 'Which year?',
      name: 'pier_year',
      right: 1,
      wrong: 2,
      unplaced: 0,
      places: [{ latitude: 35.5171, longitude: 24.0182, right: 1, wrong: 2 }],
    },
  ],
};

function openMap() {
  const api = mockWorkspaceApi(makeWorkspace({}), {
    'GET /api/design/g1/gameVersions': { body: [version] },
    'GET /api/analytics/v1': { body: { analytics: [] } },
    'GET /api/analytics/v1/map': { body: mapAnswer },
  });
  const view = renderApp('/analytics/g1');
  const mapUrls = () =>
    api.fetch.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/analytics/v1/map'));
  return { ...view, mapUrls };
}

afterEach(() => vi.restoreAllMocks());

describe('#analytics.map', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('shows the geofences and the funnels with titles first, durations as H:MM:SS', async () => {
    const { user, mapUrls } = openMap();
    await user.click(await screen.findByRole('tab', { name: 'Map' }, { timeout: 15_000 }));

    const locations = await screen.findByRole('region', { name: 'Locations' });
    const pier = within(locations).getByText('The Pier').closest('tr')!;
    expect(within(pier).getByText('pier_location')).toBeInTheDocument();
    expect([...pier.querySelectorAll('td')].slice(1).map((cell) => cell.textContent)).toEqual([
      '3',
      '2',
      '0:02:05',
      '1',
    ]);
    // The last column says what it counts, so a teacher does not read finishers as drop-outs.
    expect(within(locations).getByRole('columnheader', { name: 'No milestone after' })).toBeInTheDocument();
    expect(within(locations).queryByText('Drop-off')).not.toBeInTheDocument();
    expect(
      within(locations).getByText(/A player who finished the game right after it counts here too/),
    ).toBeInTheDocument();

    const milestones = await screen.findByRole('region', { name: 'Milestones' });
    const rows = within(milestones).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['knows_year', '2', '0:03:00', '1'],
      ['found_lamp', '1', '1:01:40', '—'],
    ]);
    const scenes = screen.getByRole('region', { name: 'Scenes' });
    expect(within(scenes).getByText('The Harbour')).toBeInTheDocument();
    expect(within(scenes).getByText('harbour')).toBeInTheDocument();

    const heat = screen.getByRole('region', { name: 'Where players went' });
    expect(within(heat).getByText('Positions').nextSibling).toHaveTextContent('7');
    expect(mapUrls()).toEqual(['/api/analytics/v1/map?includeAbandoned=false']);
  });

  it('asks for the tracks of the players chosen', async () => {
    const { user, mapUrls } = openMap();
    await user.click(await screen.findByRole('tab', { name: 'Map' }, { timeout: 15_000 }));
    await user.click(await screen.findByPlaceholderText('Choose players'));
    await user.click(await screen.findByRole('option', { name: 'Bob' }));
    await waitFor(() => expect(mapUrls()).toContain('/api/analytics/v1/map?includeAbandoned=false&playerIds=bob'));
  });

  it('exports the funnel as MapFunnel.csv', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL ??= () => '';
    URL.revokeObjectURL ??= () => {};
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = openMap();
    await user.click(await screen.findByRole('tab', { name: 'Map' }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('button', { name: 'Export MapFunnel.csv' }));
    const text = await blobs[0]!.text();
    expect(text).toContain('Funnel,Step,Title,System name,Reached,Median seconds from the step before,Gave up');
    expect(text).toContain('milestone,1,knows_year,knows_year,2,180,1');
    expect(text).toContain('scene,1,The Harbour,harbour,2,0,');
  });
});
