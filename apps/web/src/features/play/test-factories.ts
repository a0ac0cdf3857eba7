import type { PlayerView } from '@loci/engine';

/** A player's view in the harbour scene with nothing held, perceived or pending, but for `overrides`. */
export const makeView = (overrides: Partial<PlayerView> = {}): PlayerView => ({
  playerId: 'u1',
  name: 'Dana',
  status: 'playing',
  worldStatus: 'active',
  finished: null,
  currentSceneId: 'harbour',
  location: null,
  background: null,
  items: {},
  currency: null,
  attributes: {},
  objects: [],
  offers: {},
  missions: [],
  perceived: { objects: [], offers: [], locations: [] },
  pending: [],
  ...overrides,
});
