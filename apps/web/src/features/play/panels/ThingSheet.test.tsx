import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PerceivedThing } from '../board/PlayMap';
import { makeIndex, renderWithProviders } from '../test-support';
import { ThingSheet } from './ThingSheet';

const HARBOUR = { lat: 37.9715, lng: 23.7257 };
const pick = { actorId: 'system', actionName: 'pickObject', actionArgs: {} };

const index = makeIndex({
  archetype: [
    {
      id: 'lyre',
      title: 'Lyre',
      description: '<p>An <strong>old</strong> lyre.</p>',
      payloadSpec: {},
      pickable: true,
      destroyable: false,
      actionLabelContact: 'Pick up the lyre',
      sideeffectsContact: [pick],
      sideeffectsAct: [],
      radius: 20,
    },
  ],
});

// The server's view said out of range (an older position); the dot stands 15 m from the lyre.
const lyre: PerceivedThing = {
  id: 'lyre-1',
  name: 'lyre-1',
  type: 'object',
  archetypeId: 'lyre',
  sceneId: 's1',
  payload: {},
  location: { latitude: HARBOUR.lat + 15 / 111_195, longitude: HARBOUR.lng },
  approved: true,
  owner: null,
  createdBy: null,
  createdWhen: null,
  home: null,
  inRange: false,
  distance: 300,
};

describe('ThingSheet', () => {
  it('has one button per action: a contact that picks needs no Pick up beside it', async () => {
    renderWithProviders(<ThingSheet thing={lyre} index={index} position={HARBOUR} onSend={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Pick up the lyre' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pick up' })).not.toBeInTheDocument();
    // The description is rich text: its sanitiser loads with the first one shown.
    expect(await screen.findByText('old', { selector: 'strong' })).toBeInTheDocument();
  });

  it('judges the range from the player’s dot by the engine’s rule, with distance and direction', () => {
    const { unmount } = renderWithProviders(
      <ThingSheet thing={lyre} index={index} position={HARBOUR} onSend={vi.fn()} />,
    );
    expect(screen.getByText('In range')).toBeInTheDocument();
    expect(screen.getByText('15 m away')).toBeInTheDocument();
    expect(screen.getByText('north')).toBeInTheDocument();
    unmount();

    const away = { lat: HARBOUR.lat - 10 / 111_195, lng: HARBOUR.lng };
    renderWithProviders(<ThingSheet thing={lyre} index={index} position={away} onSend={vi.fn()} />);
    expect(screen.getByText('Out of range')).toBeInTheDocument();
    expect(screen.getByText('25 m away')).toBeInTheDocument();
  });
});
