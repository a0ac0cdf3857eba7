import type { TeamInstance } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../play/test-support';
import { TeamsSection } from './TeamsSection';
import { UI_TEST_TIMEOUT_MS } from './test-support';

vi.mock('../../components/qr/qr-image', () => ({ useQrSvg: () => null }));

const member = (id: string, name: string) => ({
  id,
  name,
  email: null,
  group: null,
  joined: false,
  latitude: null,
  longitude: null,
});

const EVENT: TeamInstance = {
  instanceId: 'ev1',
  gameId: 'g1',
  status: 'active',
  unassigned: [],
  teams: [
    {
      id: 't-owls',
      name: 'Owls',
      colour: '#1c7ed6',
      avatar: null,
      pictureId: null,
      code: 'K7P2QX',
      joinLink: '/fe/play/g1?team=K7P2QX',
      members: [member('m1', 'Maria')],
    },
    {
      id: 't-foxes',
      name: 'Foxes',
      colour: '#e03131',
      avatar: '🦊',
      pictureId: null,
      code: 'ZZ3PQR',
      joinLink: '/fe/play/g1?team=ZZ3PQR',
      members: [member('m2', 'Nikos')],
    },
  ],
};

describe('TeamsSection (the organiser’s teams)', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('gives a team an avatar, shows it by the name, and keeps the menu to move a member by keyboard', async () => {
    const api = mockApi({
      'GET /api/manage/games/g1/team-instances': { body: { instances: [EVENT] } },
      'PATCH /api/manage/team-instances/ev1/teams/t-owls': (request) => ({
        body: {
          ...EVENT,
          teams: EVENT.teams.map((team) =>
            team.id === 't-owls' ? { ...team, avatar: (request.body as { avatar: string }).avatar } : team,
          ),
        },
      }),
      'PATCH /api/manage/team-instances/ev1/members/m1': { body: EVENT },
    });
    const { user } = renderWithProviders(<TeamsSection gameId="g1" />);
    expect(await screen.findByRole('heading', { name: '🦊 Foxes' })).toBeInTheDocument();
    expect(screen.getByText(/Drag a name onto another team/)).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Avatar of Owls' }), '🦉');
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/manage/team-instances/ev1/teams/t-owls')[0]?.body).toEqual({ avatar: '🦉' }),
    );

    // The keyboard's way to move a member: the menu beside their name (the drag is the pointer's).
    const maria = screen.getByText('Maria').closest('[data-member-drag]') as HTMLElement;
    expect(maria).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Team of Maria' }), 'Foxes');
    await waitFor(() =>
      expect(api.callsTo('PATCH /api/manage/team-instances/ev1/members/m1')[0]?.body).toEqual({ teamId: 't-foxes' }),
    );
    expect(within(maria).queryByRole('button')).not.toBeInTheDocument();
  });

  it('gives a team a picture, shown beside its name (decorative), says why a file is refused, and removes it', async () => {
    let picture: string | null = null;
    const withPicture = () => ({
      ...EVENT,
      teams: EVENT.teams.map((team) => (team.id === 't-foxes' ? { ...team, pictureId: picture } : team)),
    });
    let refuse = true;
    const api = mockApi({
      'GET /api/manage/games/g1/team-instances': () => ({ body: { instances: [withPicture()] } }),
      'POST /api/manage/team-instances/ev1/teams/t-foxes/picture': () => {
        if (refuse) {
          refuse = false;
          return {
            status: 415,
            body: {
              message: 'fox.gif is not a png or jpeg image',
              errorCode: 'UNSUPPORTED_MEDIA_TYPE',
              errors: { file: 'fox.gif is not a png or jpeg image' },
            },
          };
        }
        picture = 'a1b2c3d4-0000-4000-8000-00000000f0c5';
        return { body: withPicture() };
      },
      'DELETE /api/manage/team-instances/ev1/teams/t-foxes/picture': () => {
        picture = null;
        return { body: withPicture() };
      },
    });
    const { user, container } = renderWithProviders(<TeamsSection gameId="g1" />);
    await screen.findByRole('heading', { name: '🦊 Foxes' });
    const foxes = screen.getByRole('button', { name: 'Picture of Foxes' });
    const input = foxes.parentElement!.querySelector('input[type=file]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg');

    await user.upload(input, new File(['gif'], 'fox.gif', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('fox.gif is not a png or jpeg image');

    await user.upload(input, new File(['png'], 'fox.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/manage/team-instances/ev1/teams/t-foxes/picture')).toHaveLength(2),
    );
    // The picture replaces the avatar beside the name; the name says who the team is, so the image is decorative.
    expect(await screen.findByRole('heading', { name: 'Foxes' })).toBeInTheDocument();
    const image = container.querySelector(`img[src*="${picture}"]`)!;
    expect(image).toHaveAttribute('alt', '');
    expect(image.getAttribute('src')).toContain('/api/design/medias/thumb/');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove the picture of Foxes' }));
    expect(await screen.findByRole('heading', { name: '🦊 Foxes' })).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/manage/team-instances/ev1/teams/t-foxes/picture')).toHaveLength(1);
  });
});
