import type { TeamInstance } from '@loci/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import {
  GAME_ID,
  UI_TEST_TIMEOUT_MS,
  gameWorkspace,
  makeListItem,
  makePlayerState,
  mockOperationsApi,
} from './test-support';
import { withTeamMembers } from './team-live';

vi.mock('../../api/realtime', () => import('./quiet-realtime'));

const member = (id: string, name: string, at: [number, number] | null, joined = true) => ({
  id,
  name,
  email: null,
  group: null,
  joined,
  latitude: at?.[0] ?? null,
  longitude: at?.[1] ?? null,
});

/** An event of two teams: the Owls, two members out walking (far apart: each a marker of their own), and the Foxes, not out yet. */
const EVENT: TeamInstance = {
  instanceId: 'ev1',
  gameId: GAME_ID,
  status: 'active',
  unassigned: [],
  teams: [
    {
      id: 't-owls',
      name: 'Owls',
      colour: '#e8590c',
      avatar: null,
      pictureId: null,
      code: 'K7P2QX',
      joinLink: `/fe/play/${GAME_ID}?team=K7P2QX`,
      members: [member('m1', 'Maria', [39.5, 22.5]), member('m2', 'Nikos', [40.7, -74]), member('m3', 'Eleni', null)],
    },
    {
      id: 't-foxes',
      name: 'Foxes',
      colour: '#1c7ed6',
      avatar: null,
      pictureId: null,
      code: 'ZZ3PQR',
      joinLink: `/fe/play/${GAME_ID}?team=ZZ3PQR`,
      members: [member('m4', 'Sofia', null, false)],
    },
  ],
};

describe('the Gameplay page of a game played in teams', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('shows each team’s members on the live map in its colour, and the team with its members in the table', async () => {
    const workspace = gameWorkspace();
    (workspace.game as { teams?: unknown }).teams = {
      enabled: true,
      minSize: 1,
      maxSize: 6,
      playersFormTeams: false,
    };
    mockOperationsApi({
      [`GET /api/design/${GAME_ID}/workspace`]: { body: workspace },
      [`GET /api/manage/gameInstances/${GAME_ID}/thin-list`]: {
        body: [
          makeListItem({
            id: 'ev1',
            _id: 'ev1',
            players: [
              { id: 't-owls', name: 'Owls', status: 'playing' },
              { id: 't-foxes', name: 'Foxes', status: 'playing' },
            ],
          }),
        ],
      },
      [`GET /api/manage/gameInstances/${GAME_ID}/playerStates`]: {
        body: [
          makePlayerState({ id: 't-owls', userId: null as never, name: 'Owls', instanceId: 'ev1' }),
          makePlayerState({
            id: 't-foxes',
            userId: null as never,
            name: 'Foxes',
            instanceId: 'ev1',
            currentLocation: { latitude: -33.9, longitude: 151.2 },
          }),
        ],
      },
      [`GET /api/manage/games/${GAME_ID}/team-instances`]: { body: { instances: [EVENT] } },
    });
    renderApp(`/active-games/${GAME_ID}`);

    // The map: a marker per member out walking, named with their team; the Foxes (nobody placed) as one marker.
    const map = await screen.findByRole('region', { name: 'Live map of the players' });
    expect(await within(map).findByRole('button', { name: 'Maria (Owls)' })).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Nikos (Owls)' })).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Foxes' })).toBeInTheDocument();
    expect(within(map).queryByRole('button', { name: 'Owls' })).not.toBeInTheDocument();
    expect(map.querySelectorAll('.loci-team-member')).toHaveLength(3);
    expect(map.querySelector('.loci-team-member div')).toHaveStyle({ background: '#e8590c' });

    // The table: each team in its colour, with how many members joined.
    const table = screen.getByRole('table', { name: 'Game instances' });
    expect(await within(table).findByRole('img', { name: 'Team Owls, colour' })).toBeInTheDocument();
    expect(within(table).getByText('3 members')).toBeInTheDocument();
    expect(within(table).getByText('0 members')).toBeInTheDocument();
  });

  it('keeps solo players’ markers as they are, and a team nobody placed as one marker in its colour', () => {
    const open = vi.fn();
    const markers = [
      { id: 'ev1:t-owls', name: 'Owls', latitude: 1, longitude: 1, onOpen: open },
      { id: 'ev1:t-foxes', name: 'Foxes', latitude: 2, longitude: 2, onOpen: open },
      { id: 'solo:p1', name: 'Vera', latitude: 3, longitude: 3, onOpen: open },
    ];
    const teams = new Map(EVENT.teams.map((team) => [`ev1:${team.id}`, team]));
    const shown = withTeamMembers(markers, teams, (name, team) => `${name} of ${team}`);
    expect(shown.map((marker) => [marker.name, marker.colour ?? null])).toEqual([
      ['Maria of Owls', '#e8590c'],
      ['Nikos of Owls', '#e8590c'],
      ['Foxes', '#1c7ed6'],
      ['Vera', null],
    ]);
    // A member's marker opens their team.
    expect(shown[0]!.onOpen).toBe(open);
  });
});
