import type { MyTeam, TeamPositionPush } from '@loci/domain';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { PlayMap } from '../board/PlayMap';
import { makeView } from '../test-factories';
import { makeIndex, renderWithProviders } from '../test-support';
import { TeammatesLayer } from './TeammatesLayer';

const pushed = vi.hoisted(() => ({ handlers: new Map<string, (payload: unknown) => void>() }));
vi.mock('../../../api/realtime', () => ({
  REALTIME_EVENTS: { teamPosition: 'teamPosition', teamActivity: 'teamActivity' },
  useRealtimeEvent: (event: string, handler: (payload: unknown) => void, enabled = true) => {
    if (enabled) pushed.handlers.set(event, handler);
  },
}));

const member = (id: string, name: string, at: [number, number] | null, joined = true) => ({
  id,
  name,
  email: null,
  group: null,
  joined,
  latitude: at?.[0] ?? null,
  longitude: at?.[1] ?? null,
});

const OWLS: MyTeam = {
  instanceId: 'i1',
  gameId: 'g1',
  memberId: 'm1',
  team: {
    id: 't1',
    name: 'Owls',
    colour: '#e8590c',
    avatar: null,
    pictureId: null,
    code: 'K7P2QX',
    joinLink: '/fe/play/g1?team=K7P2QX',
    members: [
      member('m1', 'Maria', [37.97, 23.72]),
      member('m2', 'Nikos', [37.971, 23.721]),
      member('m3', 'Eleni', null),
      member('m4', 'Kostas', [37.972, 23.722], false),
    ],
  },
};

describe('TeammatesLayer (the team on the player’s map)', () => {
  it('shows the other members where they are, in the team’s colour, and moves them as they walk', async () => {
    mockApi({ 'GET /api/play/instances/i1/team': { body: OWLS } });
    renderWithProviders(
      <PlayMap
        center={{ lat: 37.97, lng: 23.72 }}
        index={makeIndex({})}
        view={makeView()}
        scenes={[]}
        position={{ lat: 37.97, lng: 23.72 }}
        walker={false}
        onMove={vi.fn()}
        onThing={vi.fn()}
        onTapLocation={vi.fn()}
      >
        <TeammatesLayer instanceId="i1" />
      </PlayMap>,
    );
    const nikos = await screen.findByRole('img', { name: 'Your teammate Nikos' });
    expect(nikos).toHaveTextContent('N');
    expect(nikos).toHaveStyle({ background: '#e8590c' });
    // Named on the map too.
    expect(screen.getByText('Nikos')).toBeInTheDocument();
    // The player is the walker's marker, not a teammate's; nobody is drawn without a position or before joining.
    expect(screen.queryByRole('img', { name: 'Your teammate Maria' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Your teammate Eleni' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Your teammate Kostas' })).not.toBeInTheDocument();

    // Eleni walks: her marker comes onto the map at once, from the push.
    const walk: TeamPositionPush = {
      instanceId: 'i1',
      member: { id: 'm3', name: 'Eleni' },
      latitude: 37.9705,
      longitude: 23.7205,
    };
    act(() => pushed.handlers.get('teamPosition')!(walk));
    expect(await screen.findByRole('img', { name: 'Your teammate Eleni' })).toBeInTheDocument();
    // A push of another instance moves nobody.
    act(() => pushed.handlers.get('teamPosition')!({ ...walk, instanceId: 'other', member: { id: 'm4', name: 'K' } }));
    expect(screen.queryByRole('img', { name: 'Your teammate Kostas' })).not.toBeInTheDocument();
  });
});
