import { describe, expect, it } from 'vitest';
import type { PublicAccess } from './game.js';
import {
  GAME_RIGHTS,
  cardControls,
  gameRights,
  hasRight,
  playRights,
  seesPlayLobby,
  type GameRight,
  type RightsGame,
  type RightsUser,
} from './rights.js';

const owner: RightsUser = { id: 'owner', role: 'designer', email: 'owner@example.com' };
const coDesigner: RightsUser = { id: 'co', role: 'designer', email: 'co@example.com' };
const coDesignerByEmail: RightsUser = { id: 'co2', role: 'designer', email: 'Co2@Example.com' };
const tester: RightsUser = { id: 'tester', role: 'designer', email: 'tester@example.com' };
const testerByEmail: RightsUser = { id: 'tester2', role: 'player', email: 'tester2@example.com' };
const authorisedPlayer: RightsUser = { id: 'ap', role: 'player', email: 'ap@example.com' };
const outsider: RightsUser = { id: 'out', role: 'designer', email: 'out@example.com' };
const admin: RightsUser = { id: 'adm', role: 'admin', email: 'adm@example.com' };
const playerRole: RightsUser = { id: 'pl', role: 'player', email: 'pl@example.com' };
const playerCoDesigner: RightsUser = { id: 'plco', role: 'player', email: 'plco@example.com' };

function buildGame(publicAccess: PublicAccess, overrides: Partial<RightsGame> = {}): RightsGame {
  return {
    userId: { id: owner.id },
    additionalDesigners: [coDesigner.id, playerCoDesigner.id],
    publicAccess,
    designerOnlyAccessUserIds: [tester.id],
    authorisedPlayerIds: [authorisedPlayer.id],
    additionalDesignersEmailsText: 'CO2@example.com\n',
    additionalDesignerOnlyAccessEmailsText: 'tester2@example.com',
    restrictAccessToEmailsText: '',
    ...overrides,
  };
}

const ALL: GameRight[] = ['edit', 'view', 'clone', 'manage'];

// who × publicAccess no / view / clone → rights
const table: Array<[string, RightsUser | null, GameRight[], GameRight[], GameRight[]]> = [
  ['owner', owner, ALL, ALL, ALL],
  ['co-designer', coDesigner, ALL, ALL, ALL],
  ['co-designer listed by email', coDesignerByEmail, ALL, ALL, ALL],
  ['authorised tester', tester, ['view'], ['view'], ['view', 'clone']],
  ['authorised tester (player role, by email)', testerByEmail, ['view'], ['view'], ['view']],
  ['authorised player', authorisedPlayer, [], ['view'], ['view']],
  ['outsider designer', outsider, [], ['view'], ['view', 'clone']],
  ['admin', admin, ALL, ALL, ALL],
  ['player-role user', playerRole, [], ['view'], ['view']],
  ['player-role co-designer', playerCoDesigner, ['view'], ['view'], ['view']],
  ['anonymous visitor', null, [], ['view'], ['view']],
];

describe('gameRights', () => {
  it.each(
    table.flatMap(([who, user, no, view, clone]) => [
      [who, 'no' as const, user, no],
      [who, 'view' as const, user, view],
      [who, 'clone' as const, user, clone],
    ]),
  )('%s, public access %s', (_who, publicAccess, user, expected) => {
    expect(gameRights(user, buildGame(publicAccess))).toEqual(expected);
  });

  it('accepts the owner as a plain id and returns rights in canonical order', () => {
    expect(gameRights(owner, buildGame('no', { userId: owner.id }))).toEqual([...GAME_RIGHTS]);
  });

  it('works without the optional id lists', () => {
    expect(gameRights(tester, { userId: owner.id, additionalDesigners: [], publicAccess: 'no' })).toEqual([]);
  });
});

describe('hasRight', () => {
  it('looks a right up', () => {
    expect(hasRight(['view', 'clone'], 'clone')).toBe(true);
    expect(hasRight(['view'], 'edit')).toBe(false);
  });
});

describe('playRights', () => {
  const published = { ...buildGame('no'), publicVersionId: 'v1' };

  it.each([
    ['owner', owner, { playPublished: true, playWorking: true }],
    ['co-designer', coDesigner, { playPublished: true, playWorking: true }],
    ['authorised tester', tester, { playPublished: true, playWorking: true }],
    ['authorised tester by email', testerByEmail, { playPublished: true, playWorking: true }],
    ['admin', admin, { playPublished: true, playWorking: true }],
    ['authorised player', authorisedPlayer, { playPublished: true, playWorking: false }],
    ['outsider', outsider, { playPublished: false, playWorking: false }],
    ['anonymous visitor', null, { playPublished: false, playWorking: false }],
  ])('restricted published game: %s', (_who, user, expected) => {
    expect(playRights(user, published)).toEqual(expected);
  });

  it('lets any signed-in user play a published game without authorised players', () => {
    const open = { ...published, authorisedPlayerIds: [], restrictAccessToEmailsText: '' };
    expect(playRights(outsider, open)).toEqual({ playPublished: true, playWorking: false });
  });

  it('matches authorised players by email', () => {
    const byEmail = { ...published, authorisedPlayerIds: [], restrictAccessToEmailsText: 'OUT@example.com' };
    expect(playRights(outsider, byEmail).playPublished).toBe(true);
    expect(playRights(playerRole, byEmail).playPublished).toBe(false);
  });

  it('offers no published version before publishing', () => {
    expect(playRights(owner, { ...published, publicVersionId: null })).toEqual({
      playPublished: false,
      playWorking: true,
    });
  });
});

describe('seesPlayLobby', () => {
  const published = { ...buildGame('no'), publicVersionId: 'v1' };
  const unpublished = { ...published, publicVersionId: null };

  it('opens the lobby of a published game to any signed-in user, not to anonymous visitors', () => {
    expect(seesPlayLobby(outsider, published)).toBe(true);
    expect(seesPlayLobby(null, published)).toBe(false);
  });

  it.each([
    ['owner', owner, true],
    ['co-designer', coDesigner, true],
    ['authorised tester', tester, true],
    ['admin', admin, true],
    ['authorised player', authorisedPlayer, false],
    ['outsider', outsider, false],
    ['anonymous visitor', null, false],
  ])('keeps the lobby of an unpublished game to who may playtest it: %s', (_who, user, expected) => {
    expect(seesPlayLobby(user, unpublished)).toBe(expected);
  });
});

describe('cardControls', () => {
  it.each<[string, GameRight[], boolean, string[]]>([
    [
      'all rights, unpublished',
      ALL,
      false,
      ['Clone', 'Delete', 'Archive', 'Design', 'Settings', 'Gameplay', 'Analytics'],
    ],
    [
      'all rights, published',
      ALL,
      true,
      ['Clone', 'Unpublish', 'Archive', 'Design', 'Settings', 'Gameplay', 'Analytics'],
    ],
    ['view and clone', ['view', 'clone'], true, ['Clone', 'View inside']],
    ['view only', ['view'], false, ['View inside']],
    ['no rights (card hidden)', [], false, []],
  ])('%s', (_case, rights, isPublished, expected) => {
    expect(cardControls(rights, { published: isPublished })).toEqual(expected);
  });
});
