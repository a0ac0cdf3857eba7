import type { MyTeam } from '@loci/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { makeUser, signIn } from '../../../test/factories';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../api/realtime', () => ({
  REALTIME_EVENTS: { outputs: 'outputs', message: 'message', locationUpdate: 'LOCATION_UPDATE' },
  useRealtimeEvent: () => {},
  useRealtimeReconnect: () => {},
  useRealtimeLive: () => {},
  subscribe: () => () => {},
}));

/** The lobby of a game played in teams, whose players may (or may not) form their own teams. */
function lobby(playersFormTeams: boolean) {
  return {
    game: {
      id: 'g1',
      title: 'Harbour Race',
      description: '',
      instructions: '',
      terms: '',
      language: 'en-Us',
      logoId: null,
      multiplayer: false,
      teams: { enabled: true, playersFormTeams },
    },
    needsPasscode: false,
    instanceId: null,
    refusal: null,
  };
}

const OWLS: MyTeam = {
  instanceId: 'i1',
  gameId: 'g1',
  memberId: 'm1',
  team: {
    id: 't1',
    name: 'Owls',
    colour: '#1c7ed6',
    avatar: null,
    pictureId: null,
    code: 'K7P2QX',
    joinLink: '/fe/play/g1?team=K7P2QX',
    members: [{ id: 'm1', name: 'Maria', email: null, group: null, joined: true, latitude: null, longitude: null }],
  },
};

describe('TeamJoinCard (the lobby of a game played in teams)', () => {
  it('lets a player create a team, shows its code to share, then takes them into the game', async () => {
    signIn({ role: 'player' });
    const api = mockApi({
      'GET /api/users/account': { body: { user: makeUser({ role: 'player', name: 'Maria' }) } },
      'GET /api/play/games/g1': { body: lobby(true) },
      'POST /api/play/games/g1/teams': { status: 201, body: OWLS },
    });
    const user = userEvent.setup();
    renderApp('/play/g1');
    expect(await screen.findByRole('heading', { name: 'Join your team' })).toBeInTheDocument();
    const create = screen.getByRole('form', { name: 'Create a team' });
    expect(create).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Create the team' });
    expect(button).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Team name' }), 'Owls');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Avatar' }), '🦉');
    await user.click(button);

    expect(await screen.findByRole('heading', { name: 'Team Owls is ready' })).toBeInTheDocument();
    expect(screen.getByTestId('team-code')).toHaveTextContent('K7P2QX');
    expect(api.callsTo('POST /api/play/games/g1/teams')[0]!.body).toEqual({ name: 'Owls', avatar: '🦉' });

    const reads = api.callsTo('GET /api/play/games/g1').length;
    await user.click(screen.getByRole('button', { name: 'Start playing' }));
    // The lobby is read again: it now names the team's game, and the player comes into it.
    await waitFor(() => expect(api.callsTo('GET /api/play/games/g1').length).toBeGreaterThan(reads));
  });

  it('shows why a team cannot be made under its name field', async () => {
    signIn({ role: 'player' });
    mockApi({
      'GET /api/users/account': { body: { user: makeUser({ role: 'player' }) } },
      'GET /api/play/games/g1': { body: lobby(true) },
      'POST /api/play/games/g1/teams': {
        status: 400,
        body: {
          message: 'Please check the highlighted fields',
          errorCode: 'VALIDATION_ERROR',
          errors: { name: 'Two teams cannot have the same name' },
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/play/g1');
    await user.type(await screen.findByRole('textbox', { name: 'Team name' }), 'Owls');
    await user.click(screen.getByRole('button', { name: 'Create the team' }));
    expect(await screen.findByText('Two teams cannot have the same name')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Team name' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers only the code when the organiser makes the teams', async () => {
    signIn({ role: 'player' });
    mockApi({
      'GET /api/users/account': { body: { user: makeUser({ role: 'player' }) } },
      'GET /api/play/games/g1': { body: lobby(false) },
    });
    renderApp('/play/g1?team=K7P2QX');
    expect(await screen.findByRole('textbox', { name: 'Team code' })).toHaveValue('K7P2QX');
    expect(screen.queryByRole('form', { name: 'Create a team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Team name' })).not.toBeInTheDocument();
  });
});
