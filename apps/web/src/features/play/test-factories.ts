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

/** The harbour game as the player API answers it (an image board, the backpack and typed codes). */
export const HARBOUR_GAME = {
  id: 'g1',
  title: 'Old Harbour Walk',
  description: '<p>A walk along the old harbour.</p>',
  instructions: '<p>Tap what you find.</p>',
  language: 'en',
  logoId: null,
  pg: {
    type: 'image',
    place: { lat: 37.97, lng: 23.72, radius: 500 },
    bgImageId: null,
    mapType: 'standard',
    simulate: false,
    showScenes: false,
  },
  capabilities: {
    seeBackPack: true,
    seeSkills: false,
    scanCodes: false,
    typeCodes: true,
    seeDirections: false,
    seeTasks: false,
  },
  market: false,
  currencyName: '',
  currencyIcon: null,
  rankings: { available: false, showBeforeComplete: false },
  endPolicies: { redeemAssets: false, pickOffers: false, redeemOffers: false, tradeAssets: false },
  multiplayer: false,
  timezone: 'Europe/Athens',
};

/** The harbour game's player-safe spec: a scene, an item and the welcome info box. */
export const HARBOUR_SPEC = {
  schemaVersion: 1,
  entities: {
    scene: [{ id: 'harbour', gameId: 'g1', name: 'harbour', title: 'The Harbour', universe: false, enabled: true }],
    item: [{ id: 'key', gameId: 'g1', name: 'brass-key', title: 'Brass key' }],
    interaction: [
      {
        id: 'welcome',
        gameId: 'g1',
        name: 'welcome-info',
        type: 'INTER_INSPECT_INFO',
        title: 'Welcome to the harbour',
        description: '<p>The fishermen left you a note.</p>',
        buttonLabel: 'Ok',
        questions: [],
        conversation: { resumable: false, statements: [] },
      },
    ],
  },
};
