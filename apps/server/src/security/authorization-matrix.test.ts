/**
 * The authorization matrix: every route of the API × every kind of caller,
 * with the answer each must get (issue 9). The routes are read from the router
 * itself, so a route added without a line here fails the test until it is
 * classified. Each route declares who is allowed (2xx, or its `ok` status) and
 * how the others are refused (anonymous 401; signed-in callers 403, or 404
 * where hiding that the thing exists is the rule); the test derives the cells.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_KIND_INFO, DESIGN_KINDS, worldStateKey, type DesignKind } from '@loci/domain';
import { scheduleMessage } from '../modules/manage/scheduled-messages.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createUser, DEFAULT_PASSWORD, uniqueEmail, type TestUser } from '../test/factories.js';
import { createEntity, designRequest, designValues, worldObjectValues } from '../test/design-factories.js';
import {
  createGame,
  createMedia,
  gameFormValues,
  multipartBody,
  pngBytes,
  publishGame,
} from '../test/game-factories.js';
import { createInstance, createLoggedInstance } from '../test/instance-factories.js';
import { createPlayableGame, PIER, publishVersionOf, startedInstance } from '../test/play-factories.js';

const ROLES = [
  'anonymous',
  'player',
  'authorisedPlayer',
  'tester',
  'outsider',
  'coDesigner',
  'owner',
  'admin',
] as const;
type Role = (typeof ROLES)[number];

const SIGNED_IN = ROLES.filter((role) => role !== 'anonymous');
/** Accounts that may author games: designers (whatever their relation to the game) and admins. */
const AUTHORS: Role[] = ['tester', 'outsider', 'coDesigner', 'owner', 'admin'];
/** The game's edit (and manage) right. */
const EDITORS: Role[] = ['coDesigner', 'owner', 'admin'];
/** The game's view right (its design, read-only). */
const VIEWERS: Role[] = ['tester', ...EDITORS];
/** Who may play the seeded game, whose published version lists its authorised players. */
const PLAYERS: Role[] = ['authorisedPlayer', 'tester', ...EDITORS];
const ADMIN: Role[] = ['admin'];

/** A trade id no trade has. */
const NO_TRADE = '00000000-0000-4000-8000-000000000000';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Call {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Call as this account instead of the role's seeded one (for calls that use the account up). */
  as?: TestUser | null;
}

interface Rule {
  /** Who gets the route's success; 'everyone' includes anonymous visitors. */
  allow: readonly Role[] | 'everyone';
  /** The answer a refused signed-in caller gets (default 403; 404 where existence is hidden). */
  refused?: 403 | 404 | 409;
  /** The success status when it is not 2xx (a redirect, or a public call answering the same to all). */
  ok?: number;
  /** The request of one cell; may prepare what it uses up (a fresh game, entity or instance). */
  call: (seed: Seed, role: Role) => Call | Promise<Call>;
}

interface Seed {
  t: TestApp;
  users: Record<Exclude<Role, 'anonymous'>, TestUser>;
  gameId: string;
  versionId: string;
  settings: Record<string, unknown>;
  refs: { sceneId: string; locationId: string; interactionId: string };
  entities: Record<DesignKind, { id: string; values: Record<string, unknown> }>;
  archetypeId: string;
  mediaId: string;
  instanceId: string;
}

/** A fresh game with the seeded game's people in it (for calls that change or end a game). */
async function freshGame(seed: Seed, options: { published?: boolean } = {}): Promise<string> {
  const game = await createGame(seed.t.app.ctx, seed.users.owner, accessLists(seed.users));
  if (options.published) await publishGame(seed.t.app.ctx, game.row.id);
  return game.row.id;
}

function accessLists(users: Seed['users']) {
  return {
    additionalDesignersEmailsText: users.coDesigner.user.email,
    additionalDesignerOnlyAccessEmailsText: users.tester.user.email,
    restrictAccessToEmailsText: users.authorisedPlayer.user.email,
  };
}

/** A game of the seeded game's people with German as another language (translations; made once). */
let translatedGameId: Promise<string> | null = null;
function translatedGame(seed: Seed): Promise<string> {
  translatedGameId ??= createGame(seed.t.app.ctx, seed.users.owner, {
    ...accessLists(seed.users),
    otherLanguages: ['de'],
  }).then((game) => game.row.id);
  return translatedGameId;
}

/** A fresh account of the role's kind (player, designer or admin), for calls that use the account up. */
function freshAccount(seed: Seed, role: Role, extra: { roleRequest?: { role: 'designer'; date: string } } = {}) {
  if (role === 'anonymous') return Promise.resolve(null);
  const kind = role === 'admin' ? 'admin' : role === 'player' || role === 'authorisedPlayer' ? 'player' : 'designer';
  return createUser(seed.t.app.ctx, { role: kind, ...extra });
}

const designKindRoutes = (): Record<string, Rule> =>
  Object.fromEntries(
    DESIGN_KINDS.flatMap((kind): Array<[string, Rule]> => {
      const base = (seed: Seed) => `/api/design/${seed.gameId}/${DESIGN_KIND_INFO[kind].segment}`;
      return [
        [
          `GET /api/design/:gameId/${DESIGN_KIND_INFO[kind].segment}`,
          { allow: VIEWERS, call: (s) => ({ url: base(s) }) },
        ],
        [
          `GET /api/design/:gameId/${DESIGN_KIND_INFO[kind].segment}/:id`,
          { allow: VIEWERS, call: (s) => ({ url: `${base(s)}/${s.entities[kind].id}` }) },
        ],
        [
          `POST /api/design/:gameId/${DESIGN_KIND_INFO[kind].segment}`,
          { allow: EDITORS, call: (s) => ({ url: base(s), payload: designValues(kind, s.refs) }) },
        ],
        [
          `PATCH /api/design/:gameId/${DESIGN_KIND_INFO[kind].segment}/:id`,
          {
            allow: EDITORS,
            call: (s) => ({ url: `${base(s)}/${s.entities[kind].id}`, payload: s.entities[kind].values }),
          },
        ],
        [
          `DELETE /api/design/:gameId/${DESIGN_KIND_INFO[kind].segment}/:id`,
          {
            allow: EDITORS,
            call: async (s) => {
              const entity = await createEntity(s.t.app, s.users.owner, s.gameId, kind, designValues(kind, s.refs));
              return { url: `${base(s)}/${entity.id}` };
            },
          },
        ],
      ];
    }),
  );

/** The playing period an operator sets: open from the test clock's now on. */
const playingPeriod = (seed: Seed) => ({
  playingPeriod: { start: seed.t.clock.now.toISOString(), end: null, timezone: 'Europe/Athens' },
});

/** A bundle every designer may import: a shipped sample. */
const SAMPLE_BUNDLE = readFileSync(
  fileURLToPath(new URL('../../../../samples/acropolis-quiz-walk.loci.zip', import.meta.url)),
);

/** Where relocation moves a game in the cells that move one. */
const HELSINKI = { lat: 60.1699, lng: 24.9384 };

/** Every route, with who may call it. */
const MATRIX: Record<string, Rule> = {
  // The console and the documents: public.
  'GET /': { allow: 'everyone', ok: 302, call: () => ({ url: '/' }) },
  'GET /fe': { allow: 'everyone', ok: 302, call: () => ({ url: '/fe' }) },
  'GET /api/health': { allow: 'everyone', call: () => ({ url: '/api/health' }) },
  'GET /api/client-config': { allow: 'everyone', call: () => ({ url: '/api/client-config' }) },
  'GET /api/openapi.json': { allow: 'everyone', call: () => ({ url: '/api/openapi.json' }) },

  // Accounts: the public calls answer every caller alike (they act on the account named in the body).
  'POST /api/users/register': {
    allow: 'everyone',
    call: () => ({
      url: '/api/users/register',
      payload: {
        name: 'New Person',
        email: uniqueEmail('new'),
        password: 'a good long password',
        password2: 'a good long password',
      },
    }),
  },
  'POST /api/users/login': {
    allow: 'everyone',
    call: (s) => ({
      url: '/api/users/login',
      payload: { email: s.users.player.user.email, password: s.users.player.password },
    }),
  },
  // A bad link is answered in the body, whoever asks.
  'POST /api/users/confirm': {
    allow: 'everyone',
    call: () => ({ url: '/api/users/confirm', payload: { msg: 'x', mac: 'y' } }),
  },
  'POST /api/users/resend': {
    allow: 'everyone',
    call: async (s) => {
      const waiting = await createUser(s.t.app.ctx, { confirmed: false });
      return { url: '/api/users/resend', payload: { email: waiting.user.email } };
    },
  },
  'POST /api/users/forgot': {
    allow: 'everyone',
    call: (s) => ({ url: '/api/users/forgot', payload: { email: s.users.player.user.email } }),
  },
  'POST /api/users/forgotchange': {
    allow: 'everyone',
    ok: 400,
    call: () => ({
      url: '/api/users/forgotchange',
      payload: { msg: 'x', mac: 'y', password: 'a good long password', password2: 'a good long password' },
    }),
  },
  'GET /api/users/providers': { allow: 'everyone', call: () => ({ url: '/api/users/providers' }) },
  'GET /api/users/googleauth': { allow: 'everyone', ok: 404, call: () => ({ url: '/api/users/googleauth' }) },
  'GET /api/users/googleauth/callback': {
    allow: 'everyone',
    ok: 302,
    call: () => ({ url: '/api/users/googleauth/callback' }),
  },
  'GET /api/users/facebookauth': { allow: 'everyone', ok: 404, call: () => ({ url: '/api/users/facebookauth' }) },
  'GET /api/users/facebookauth/callback': {
    allow: 'everyone',
    ok: 302,
    call: () => ({ url: '/api/users/facebookauth/callback' }),
  },
  'GET /api/users/jwtAsBody': { allow: 'everyone', ok: 401, call: () => ({ url: '/api/users/jwtAsBody' }) },

  // One's own account.
  'GET /api/users/account': { allow: SIGNED_IN, call: () => ({ url: '/api/users/account' }) },
  'PATCH /api/users/account': {
    allow: SIGNED_IN,
    call: async (s, role) => ({
      url: '/api/users/account',
      payload: { name: 'Renamed' },
      as: await freshAccount(s, role),
    }),
  },
  'DELETE /api/users/account': {
    allow: SIGNED_IN,
    call: async (s, role) => ({ url: '/api/users/account', as: await freshAccount(s, role) }),
  },
  'PATCH /api/users/account/profile': {
    allow: SIGNED_IN,
    call: () => ({ url: '/api/users/account/profile', payload: { birthDate: '2000-01-01', sex: 'other' } }),
  },
  'POST /api/users/account/photo': {
    allow: SIGNED_IN,
    call: async () => {
      const body = await multipartBody([{ filename: 'me.png', bytes: await pngBytes() }]);
      return { url: '/api/users/account/photo', payload: body.payload, headers: body.headers };
    },
  },
  'DELETE /api/users/account/photo': { allow: SIGNED_IN, call: () => ({ url: '/api/users/account/photo' }) },
  // A capability URL, as media files: anyone with the id gets the photo; an unknown id is 404 for all.
  'GET /api/users/photos/:photoId': {
    allow: 'everyone',
    ok: 404,
    call: () => ({ url: '/api/users/photos/00000000-0000-4000-8000-000000000000' }),
  },
  // Asking to become a designer is for players; a designer or admin has the role already (409).
  // Both end every other session of the account, so each cell uses a fresh one.
  'POST /api/users/account/password': {
    allow: SIGNED_IN,
    call: async (s, role) => ({
      url: '/api/users/account/password',
      payload: { currentPassword: DEFAULT_PASSWORD, newPassword: 'a new horse battery' },
      as: await freshAccount(s, role),
    }),
  },
  'POST /api/users/account/signOutEverywhere': {
    allow: SIGNED_IN,
    call: async (s, role) => ({ url: '/api/users/account/signOutEverywhere', as: await freshAccount(s, role) }),
  },
  'POST /api/users/account/roleRequest': {
    allow: ['player', 'authorisedPlayer'],
    refused: 409,
    call: async (s, role) => ({
      url: '/api/users/account/roleRequest',
      payload: { roleRequest: { role: 'designer' } },
      as: await freshAccount(s, role),
    }),
  },
  'DELETE /api/users/account/roleRequest': {
    allow: SIGNED_IN,
    call: async (s, role) => ({
      url: '/api/users/account/roleRequest',
      as: await freshAccount(s, role, { roleRequest: { role: 'designer', date: new Date().toISOString() } }),
    }),
  },

  // Administration.
  'GET /api/admin/role-requests': { allow: ADMIN, call: () => ({ url: '/api/admin/role-requests' }) },
  'GET /api/admin/dashboard-stats': { allow: ADMIN, call: () => ({ url: '/api/admin/dashboard-stats' }) },
  'PATCH /api/admin/role-requests': {
    allow: ADMIN,
    call: async (s) => {
      const asking = await createUser(s.t.app.ctx, {
        roleRequest: { role: 'designer', date: new Date().toISOString() },
      });
      return { url: '/api/admin/role-requests', payload: { email: asking.user.email, action: 'reject' } };
    },
  },

  // Games.
  'GET /api/design/games': { allow: AUTHORS, call: () => ({ url: '/api/design/games' }) },
  'GET /api/design/gallery': { allow: AUTHORS, call: () => ({ url: '/api/design/gallery' }) },
  'POST /api/design/games': {
    allow: AUTHORS,
    call: (s) => ({ url: '/api/design/games', payload: gameFormValues({}, s.t.clock.now) }),
  },
  'GET /api/design/games/:id': { allow: VIEWERS, call: (s) => ({ url: `/api/design/games/${s.gameId}` }) },
  'PATCH /api/design/games/:id': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/design/games/${s.gameId}`, payload: s.settings }),
  },
  'DELETE /api/design/games/:id': {
    allow: EDITORS,
    call: async (s) => ({ url: `/api/design/games/${await freshGame(s)}` }),
  },
  // Bundles and relocation: exporting is cloning (the clone right); importing and samples make a game of one's own.
  'GET /api/design/games/:id/bundle': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/design/games/${s.gameId}/bundle` }),
  },
  'POST /api/design/games/import': {
    allow: AUTHORS,
    call: async () => {
      const body = await multipartBody([{ field: 'bundle', filename: 'game.loci.zip', bytes: SAMPLE_BUNDLE }]);
      return { url: '/api/design/games/import', payload: body.payload, headers: body.headers };
    },
  },
  'POST /api/design/games/:id/relocate': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/design/games/${s.gameId}/relocate`, payload: { ...HELSINKI, preview: true } }),
  },
  'GET /api/design/samples': { allow: AUTHORS, call: () => ({ url: '/api/design/samples' }) },
  'POST /api/design/samples/:name': {
    allow: AUTHORS,
    call: () => ({ url: '/api/design/samples/acropolis-quiz-walk', payload: { relocate: HELSINKI } }),
  },
  'POST /api/design/games/:id/clone': { allow: EDITORS, call: (s) => ({ url: `/api/design/games/${s.gameId}/clone` }) },
  'POST /api/design/games/:id/unpublish': {
    allow: EDITORS,
    call: async (s) => ({ url: `/api/design/games/${await freshGame(s, { published: true })}/unpublish` }),
  },
  'POST /api/design/games/:id/archive': {
    allow: EDITORS,
    call: async (s) => ({ url: `/api/design/games/${await freshGame(s)}/archive` }),
  },
  'POST /api/design/games/:id/terminateAllInstances': {
    allow: EDITORS,
    call: async (s) => ({ url: `/api/design/games/${await freshGame(s)}/terminateAllInstances` }),
  },

  // Edit locks.
  'POST /api/design/cc': {
    allow: EDITORS,
    call: (s, role) => ({
      url: '/api/design/cc',
      payload: { gameId: s.gameId, kind: 'scene', id: `scene-of-${role}` },
    }),
  },
  'DELETE /api/design/cc': {
    allow: EDITORS,
    call: (s, role) => ({
      url: '/api/design/cc',
      payload: { gameId: s.gameId, kind: 'scene', id: `scene-of-${role}` },
    }),
  },

  // Media: files and thumbnails are addressed by unguessable ids and loaded by <img> (no token), so public.
  'GET /api/design/:gameId/medias': { allow: VIEWERS, call: (s) => ({ url: `/api/design/${s.gameId}/medias` }) },
  'POST /api/design/:gameId/medias': {
    allow: EDITORS,
    call: async (s) => {
      const body = await multipartBody([{ filename: 'logo.png', bytes: await pngBytes() }]);
      return { url: `/api/design/${s.gameId}/medias`, payload: body.payload, headers: body.headers };
    },
  },
  'PATCH /api/design/:gameId/medias/:id': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/design/${s.gameId}/medias/${s.mediaId}`, payload: { title: 'Logo', description: '' } }),
  },
  'DELETE /api/design/:gameId/medias/:id': {
    allow: EDITORS,
    call: async (s) => ({ url: `/api/design/${s.gameId}/medias/${(await createMedia(s.t.app.ctx, s.gameId)).id}` }),
  },
  'GET /api/design/:gameId/medias/thumb/:id': {
    allow: 'everyone',
    call: (s) => ({ url: `/api/design/${s.gameId}/medias/thumb/${s.mediaId}` }),
  },
  'GET /api/design/medias/thumb/:id': {
    allow: 'everyone',
    call: (s) => ({ url: `/api/design/medias/thumb/${s.mediaId}` }),
  },
  'GET /api/design/medias/file/:id': {
    allow: 'everyone',
    call: (s) => ({ url: `/api/design/medias/file/${s.mediaId}` }),
  },

  // The design workspace.
  ...designKindRoutes(),
  'GET /api/design/:gameId/workspace': { allow: VIEWERS, call: (s) => ({ url: `/api/design/${s.gameId}/workspace` }) },
  'POST /api/design/:gameId/rules/:id/move': {
    allow: EDITORS,
    call: async (s) => {
      const scene = await createEntity(s.t.app, s.users.owner, s.gameId, 'scene', designValues('scene'));
      // The rules' trigger is a place of their own scene: a place of another scene would make a design that cannot be published.
      const place = await createEntity(
        s.t.app,
        s.users.owner,
        s.gameId,
        'location',
        designValues('location', { sceneId: scene.id }),
      );
      const refs = { ...s.refs, sceneId: scene.id, locationId: place.id };
      await createEntity(s.t.app, s.users.owner, s.gameId, 'rule', designValues('rule', refs));
      const second = await createEntity(s.t.app, s.users.owner, s.gameId, 'rule', designValues('rule', refs));
      return { url: `/api/design/${s.gameId}/rules/${second.id}/move`, payload: { direction: 'up' } };
    },
  },
  'PUT /api/design/:gameId/scenes/order': {
    allow: EDITORS,
    call: async (s) => {
      const url = `/api/design/${s.gameId}/scenes`;
      const scenes = (await s.t.app.inject({ url, headers: s.users.owner.headers })).json<Array<{ id: string }>>();
      return { url: `${url}/order`, payload: { ids: scenes.map((scene) => scene.id).reverse() } };
    },
  },
  'POST /api/design/utils/asyncValidateForm': {
    allow: VIEWERS,
    call: (s) => ({
      url: `/api/design/utils/asyncValidateForm?gameId=${s.gameId}`,
      payload: { values: { name: 'A free name' }, activeForm: 'scene', blurredField: 'name' },
    }),
  },

  // Versions and the initial world.
  'GET /api/design/:gameId/gameVersions': {
    allow: VIEWERS,
    call: (s) => ({ url: `/api/design/${s.gameId}/gameVersions` }),
  },
  'GET /api/design/:gameId/gameVersions/:id': {
    allow: VIEWERS,
    call: (s) => ({ url: `/api/design/${s.gameId}/gameVersions/${s.versionId}` }),
  },
  'POST /api/design/:gameId/gameVersions': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/design/${s.gameId}/gameVersions`, payload: { versionNotes: 'Matrix' } }),
  },
  'PATCH /api/design/:gameId/gameVersions/:id': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/design/${s.gameId}/gameVersions/${s.versionId}`, payload: { versionNotes: 'Matrix' } }),
  },
  'POST /api/design/:gameId/gameVersions/:id/archive': {
    allow: EDITORS,
    call: async (s) => {
      const id = await publishVersionOf(s.t.app, s.users.owner, s.gameId, { restrictAccessToDesigner: true });
      return { url: `/api/design/${s.gameId}/gameVersions/${id}/archive` };
    },
  },
  'GET /api/design/:gameId/gameVersions/:id/compare/:otherId': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/design/${s.gameId}/gameVersions/${s.versionId}/compare/current` }),
  },
  'POST /api/design/:gameId/gameVersions/:id/rollback': {
    allow: EDITORS,
    call: async (s) => {
      const gameId = await freshGame(s);
      const id = await publishVersionOf(s.t.app, s.users.owner, gameId);
      return { url: `/api/design/${gameId}/gameVersions/${id}/rollback` };
    },
  },
  'GET /api/design/:gameId/rollbacks': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/design/${s.gameId}/rollbacks` }),
  },
  'POST /api/design/:gameId/rollbacks/:id/undo': {
    allow: EDITORS,
    call: async (s) => {
      const gameId = await freshGame(s);
      const id = await publishVersionOf(s.t.app, s.users.owner, gameId);
      const rollback = await designRequest(
        s.t.app,
        s.users.owner,
        'POST',
        `/api/design/${gameId}/gameVersions/${id}/rollback`,
      );
      return { url: `/api/design/${gameId}/rollbacks/${(rollback.json() as { id: string }).id}/undo` };
    },
  },
  // Migrating live instances: the game's manage right (operators).
  'GET /api/design/:gameId/gameVersions/:id/migration': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/design/${s.gameId}/gameVersions/${s.versionId}/migration` }),
  },
  'POST /api/design/:gameId/gameVersions/:id/migration': {
    allow: EDITORS,
    // The seeded game's running instances already run its version: nothing to migrate, but the call is answered.
    call: (s) => ({ url: `/api/design/${s.gameId}/gameVersions/${s.versionId}/migration`, payload: { canary: 1 } }),
  },
  'POST /api/design/:gameId/migrations/:id/undo': {
    allow: EDITORS,
    // No migration has this id: the manage right is checked first, so managers get its 404, others 403.
    ok: 404,
    call: (s) => ({ url: `/api/design/${s.gameId}/migrations/00000000-0000-4000-8000-000000000000/undo` }),
  },
  'GET /api/design/:gameId/instances/:instanceId/migrations': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/design/${s.gameId}/instances/${s.instanceId}/migrations` }),
  },
  'GET /api/design/:gameId/translations': {
    allow: VIEWERS,
    call: async (s) => ({ url: `/api/design/${await translatedGame(s)}/translations` }),
  },
  'GET /api/design/:gameId/translations/:language': {
    allow: VIEWERS,
    call: async (s) => ({ url: `/api/design/${await translatedGame(s)}/translations/de` }),
  },
  'PATCH /api/design/:gameId/translations/:language': {
    allow: EDITORS,
    call: async (s) => ({ url: `/api/design/${await translatedGame(s)}/translations/de`, payload: { texts: {} } }),
  },
  'GET /api/design/:gameId/translations/:language/export': {
    allow: VIEWERS,
    call: async (s) => ({ url: `/api/design/${await translatedGame(s)}/translations/de/export?format=csv` }),
  },
  'POST /api/design/:gameId/translations/:language/import': {
    allow: EDITORS,
    call: async (s) => ({
      url: `/api/design/${await translatedGame(s)}/translations/de/import`,
      payload: { format: 'csv', content: 'id,target:de\r\ngame:title,Spiel\r\n' },
    }),
  },
  'GET /api/design/:gameId/initialStates/:versionId': {
    allow: VIEWERS,
    call: (s) => ({ url: `/api/design/${s.gameId}/initialStates/current` }),
  },
  'GET /api/design/:gameId/initialStateSpecs/:versionId': {
    allow: VIEWERS,
    call: (s) => ({ url: `/api/design/${s.gameId}/initialStateSpecs/current` }),
  },
  'POST /api/design/:gameId/initialStates/:versionId': {
    allow: EDITORS,
    call: (s) => ({
      url: `/api/design/${s.gameId}/initialStates/current`,
      payload: worldObjectValues({ sceneId: s.refs.sceneId, archetypeId: s.archetypeId }),
    }),
  },
  'DELETE /api/design/:gameId/initialStates/:versionId/:path/:sceneId/:id': {
    allow: EDITORS,
    call: async (s) => {
      const values = worldObjectValues({ sceneId: s.refs.sceneId, archetypeId: s.archetypeId });
      const url = `/api/design/${s.gameId}/initialStates/current`;
      const made = await designRequest(s.t.app, s.users.owner, 'POST', url, values);
      const entries = made.json().state.has.object[s.refs.sceneId] as Record<string, { id: string; name: string }>;
      const entry = Object.values(entries).find((e) => e.name === values.name)!;
      return { url: `${url}/state.has.object/${s.refs.sceneId}/${entry.id}` };
    },
  },

  // Operations (the game's manage right).
  'GET /api/manage/gameInstances/:gameId/thin-list': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/gameInstances/${s.gameId}/thin-list` }),
  },
  'GET /api/manage/game-versions/:versionId/rankings': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/game-versions/${s.versionId}/rankings` }),
  },
  'GET /api/manage/gameInstances/:gameId/playerStates': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/gameInstances/${s.gameId}/playerStates` }),
  },
  'GET /api/instances/:id': { allow: EDITORS, call: (s) => ({ url: `/api/instances/${s.instanceId}` }) },
  'GET /api/instances/:id/players/:playerId/replay': {
    allow: EDITORS,
    call: async (s) => {
      const player = s.users.authorisedPlayer;
      const instance = await createLoggedInstance(s.t.app.ctx, { gameId: s.gameId, players: [player] });
      return { url: `/api/instances/${instance.id}/players/${player.user.id}/replay` };
    },
  },
  // "See as the player": one player's screen, read-only, for the game's operators (manage right).
  'GET /api/instances/:instanceId/players/:playerId/view': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/instances/${s.instanceId}/players/${s.users.authorisedPlayer.user.id}/view` }),
  },
  'GET /api/instances/:instanceId/players/:playerId/game': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/instances/${s.instanceId}/players/${s.users.authorisedPlayer.user.id}/game` }),
  },
  'POST /api/instances/:id/terminate': {
    allow: EDITORS,
    call: async (s) => ({
      url: `/api/instances/${(await createInstance(s.t.app.ctx, { gameId: s.gameId })).instance.id}/terminate`,
    }),
  },
  'DELETE /api/instances/:id': {
    allow: EDITORS,
    call: async (s) => ({
      url: `/api/instances/${(await createInstance(s.t.app.ctx, { gameId: s.gameId })).instance.id}`,
    }),
  },
  'POST /api/instances/:id/updateWorldStateItem': {
    allow: EDITORS,
    call: (s) => ({
      url: `/api/instances/${s.instanceId}/updateWorldStateItem`,
      payload: worldObjectValues({ sceneId: s.refs.sceneId, archetypeId: s.archetypeId }),
    }),
  },
  'POST /api/manage/instances/:id/players/:playerId/rescue': {
    allow: EDITORS,
    call: async (s) => {
      const { instance } = await createInstance(s.t.app.ctx, { gameId: s.gameId, players: [s.users.player] });
      return {
        url: `/api/manage/instances/${instance.id}/players/${s.users.player.user.id}/rescue`,
        payload: { actions: [{ kind: 'teleport', latitude: 35.5, longitude: 24 }], reason: 'GPS broken' },
      };
    },
  },
  'POST /api/manage/instances/:id/clock': {
    allow: EDITORS,
    call: async (s) => {
      const { instance } = await createInstance(s.t.app.ctx, { gameId: s.gameId, players: [s.users.player] });
      return { url: `/api/manage/instances/${instance.id}/clock`, payload: { control: 'pause', reason: 'Lunch' } };
    },
  },
  // Scheduled messages (issue 28): the operators of the game.
  'GET /api/manage/instances/:id/scheduled-messages': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/instances/${s.instanceId}/scheduled-messages` }),
  },
  'POST /api/manage/instances/:id/scheduled-messages': {
    allow: EDITORS,
    call: (s) => ({
      url: `/api/manage/instances/${s.instanceId}/scheduled-messages`,
      payload: { message: 'Back at the fountain!', at: new Date(s.t.clock.now.getTime() + 3_600_000).toISOString() },
    }),
  },
  'DELETE /api/manage/instances/:id/scheduled-messages/:messageId': {
    allow: EDITORS,
    call: async (s) => {
      const scheduled = await scheduleMessage(s.t.app.ctx, s.users.owner.user, s.instanceId, {
        message: 'Lunch',
        at: new Date(s.t.clock.now.getTime() + 3_600_000).toISOString(),
      });
      return { url: `/api/manage/instances/${s.instanceId}/scheduled-messages/${scheduled.id}` };
    },
  },
  // Judged submissions (issue 29): the review queue of an instance, for the game's operators (manage right).
  'GET /api/manage/instances/:id/submissions': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/instances/${s.instanceId}/submissions` }),
  },
  'GET /api/manage/instances/:id/submissions/stats': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/instances/${s.instanceId}/submissions/stats` }),
  },
  // Allowed callers get past the rights to the queue's own refusal: no such submission.
  'POST /api/manage/instances/:id/submissions/:submissionId/verdict': {
    allow: EDITORS,
    ok: 404,
    call: (s) => ({
      url: `/api/manage/instances/${s.instanceId}/submissions/00000000-0000-4000-8000-000000000000/verdict`,
      payload: { verdict: 'approved', points: 1 },
    }),
  },
  'POST /api/manage/instances/:id/submissions/bulk-approve': {
    allow: EDITORS,
    call: (s) => ({
      url: `/api/manage/instances/${s.instanceId}/submissions/bulk-approve`,
      payload: { ids: ['00000000-0000-4000-8000-000000000000'] },
    }),
  },
  'GET /api/manage/instances/:id/audit': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/instances/${s.instanceId}/audit` }),
  },
  'GET /api/manage/games/:gameId/stuck-players': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/games/${s.gameId}/stuck-players` }),
  },
  'DELETE /api/instances/:id/deleteWorldStateItem/:key': {
    allow: EDITORS,
    call: async (s) => {
      const { instance } = await createInstance(s.t.app.ctx, { gameId: s.gameId });
      const added = await designRequest(
        s.t.app,
        s.users.owner,
        'POST',
        `/api/instances/${instance.id}/updateWorldStateItem`,
        worldObjectValues({ sceneId: s.refs.sceneId, archetypeId: s.archetypeId }),
      );
      const [id] = Object.keys(added.json().state.worldState.objects as Record<string, unknown>);
      const key = encodeURIComponent(worldStateKey('object', s.refs.sceneId, id!));
      return { url: `/api/instances/${instance.id}/deleteWorldStateItem/${key}` };
    },
  },
  'POST /api/games/:gameId/send-message': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/games/${s.gameId}/send-message`, payload: { message: 'Hello players' } }),
  },
  // Allowed callers get past the rights to the game's own refusal: its playing period has not ended.
  'GET /api/manage/games/:id/applyExpiration': {
    allow: EDITORS,
    ok: 409,
    call: (s) => ({ url: `/api/manage/games/${s.gameId}/applyExpiration` }),
  },
  'PATCH /api/game-versions/:versionId/playingPeriod': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/game-versions/${s.versionId}/playingPeriod`, payload: playingPeriod(s) }),
  },
  'PATCH /api/manage/gameInstances/:instanceId/playingPeriod': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/gameInstances/${s.instanceId}/playingPeriod`, payload: playingPeriod(s) }),
  },
  'GET /api/analytics/:versionId': { allow: EDITORS, call: (s) => ({ url: `/api/analytics/${s.versionId}` }) },
  'GET /api/analytics/:versionId/map': { allow: EDITORS, call: (s) => ({ url: `/api/analytics/${s.versionId}/map` }) },
  'GET /api/analytics/:versionId/judging': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/analytics/${s.versionId}/judging` }),
  },
  'POST /api/users/socketio-test': {
    allow: EDITORS,
    call: (s) => ({
      url: '/api/users/socketio-test',
      payload: {
        room: `instance:${s.instanceId}`,
        message: 'LOCATION_UPDATE',
        payload: { location: { coords: { latitude: 1, longitude: 2 } } },
      },
    }),
  },

  // Teams (docs/outings.md): the organiser's calls need the manage right. The seeded game is not played in
  // teams, so allowed callers get past the rights to its refusal (409), and a member id no member has.
  'GET /api/manage/games/:gameId/team-instances': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/games/${s.gameId}/team-instances` }),
  },
  'POST /api/manage/games/:gameId/team-instances': {
    allow: EDITORS,
    ok: 409,
    call: (s) => ({ url: `/api/manage/games/${s.gameId}/team-instances`, payload: { teamNames: ['Owls'] } }),
  },
  'GET /api/manage/team-instances/:instanceId': {
    allow: EDITORS,
    ok: 409,
    call: (s) => ({ url: `/api/manage/team-instances/${s.instanceId}` }),
  },
  'POST /api/manage/team-instances/:instanceId/deal': {
    allow: EDITORS,
    ok: 409,
    call: (s) => ({ url: `/api/manage/team-instances/${s.instanceId}/deal`, payload: { mode: 'random' } }),
  },
  'PATCH /api/manage/team-instances/:instanceId/members/:memberId': {
    allow: EDITORS,
    ok: 409,
    call: (s) => ({ url: `/api/manage/team-instances/${s.instanceId}/members/${NO_TRADE}`, payload: { teamId: null } }),
  },
  // The feed and the wall (issue 29; docs/outings.md "The wall"): the organiser's calls need the manage right;
  // an item id no item has answers 404 to who passed the rights. The player's feed: a player of the instance
  // (the seeded game does not show it in the player: 404). The wall: its token alone, none here (404 to all).
  'GET /api/manage/instances/:instanceId/feed': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/instances/${s.instanceId}/feed` }),
  },
  'POST /api/manage/instances/:instanceId/feed': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/instances/${s.instanceId}/feed`, payload: { text: 'Lunch at the fountain' } }),
  },
  'DELETE /api/manage/instances/:instanceId/feed/:itemId': {
    allow: EDITORS,
    ok: 404,
    call: (s) => ({ url: `/api/manage/instances/${s.instanceId}/feed/${NO_TRADE}` }),
  },
  'GET /api/manage/instances/:instanceId/wall-link': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/instances/${s.instanceId}/wall-link` }),
  },
  'POST /api/manage/instances/:instanceId/wall-link': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/instances/${s.instanceId}/wall-link`, payload: { showMap: false } }),
  },
  'DELETE /api/manage/instances/:instanceId/wall-link': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/instances/${s.instanceId}/wall-link` }),
  },
  'GET /api/manage/instances/:instanceId/results': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/instances/${s.instanceId}/results` }),
  },
  'GET /api/play/instances/:instanceId/feed': {
    allow: ['authorisedPlayer'],
    ok: 404,
    call: (s) => ({ url: `/api/play/instances/${s.instanceId}/feed` }),
  },
  // A like: a player of the instance (the seeded game shows no feed in the player: 404).
  'PUT /api/play/instances/:instanceId/feed/:itemId/like': {
    allow: ['authorisedPlayer'],
    ok: 404,
    call: (s) => ({ url: `/api/play/instances/${s.instanceId}/feed/${NO_TRADE}/like` }),
  },
  'DELETE /api/play/instances/:instanceId/feed/:itemId/like': {
    allow: ['authorisedPlayer'],
    ok: 404,
    call: (s) => ({ url: `/api/play/instances/${s.instanceId}/feed/${NO_TRADE}/like` }),
  },
  'GET /api/wall/:token': { allow: 'everyone', ok: 404, call: () => ({ url: '/api/wall/not-a-working-token' }) },
  'PATCH /api/manage/team-instances/:instanceId/teams/:teamId': {
    allow: EDITORS,
    ok: 409,
    call: (s) => ({ url: `/api/manage/team-instances/${s.instanceId}/teams/${NO_TRADE}`, payload: { avatar: '🦉' } }),
  },
  // A team's picture: the organiser's (manage right), the file read only after the rights.
  'POST /api/manage/team-instances/:instanceId/teams/:teamId/picture': {
    allow: EDITORS,
    ok: 409,
    call: async (s) => {
      const body = await multipartBody([{ filename: 'owl.png', bytes: await pngBytes() }]);
      return {
        url: `/api/manage/team-instances/${s.instanceId}/teams/${NO_TRADE}/picture`,
        payload: body.payload,
        headers: body.headers,
      };
    },
  },
  'DELETE /api/manage/team-instances/:instanceId/teams/:teamId/picture': {
    allow: EDITORS,
    ok: 409,
    call: (s) => ({ url: `/api/manage/team-instances/${s.instanceId}/teams/${NO_TRADE}/picture` }),
  },
  // The players' way into a team: any account, answered for what the code or the game is.
  'POST /api/play/team-join': {
    allow: SIGNED_IN,
    ok: 404,
    call: () => ({ url: '/api/play/team-join', payload: { code: 'NOPE99' } }),
  },
  'POST /api/play/games/:gameId/teams': {
    allow: SIGNED_IN,
    ok: 409,
    call: (s) => ({ url: `/api/play/games/${s.gameId}/teams`, payload: { name: 'Owls' } }),
  },
  'GET /api/play/instances/:instanceId/team': {
    allow: SIGNED_IN,
    ok: 404,
    call: (s) => ({ url: `/api/play/instances/${s.instanceId}/team` }),
  },

  // Playing: the lobby of a published game is its share link; its instance is for its players.
  'GET /api/play/games/:gameId': { allow: SIGNED_IN, call: (s) => ({ url: `/api/play/games/${s.gameId}` }) },
  // The way in: the public lobby is the share link for visitors too (lobby-safe fields only); the share
  // panel is for who sees the game's design; one's own games and codes for any account.
  'GET /api/play/games/:gameId/public': {
    allow: 'everyone',
    call: (s) => ({ url: `/api/play/games/${s.gameId}/public` }),
  },
  'GET /api/design/games/:id/share': { allow: VIEWERS, call: (s) => ({ url: `/api/design/games/${s.gameId}/share` }) },
  'GET /api/play/my-games': { allow: SIGNED_IN, call: () => ({ url: '/api/play/my-games' }) },
  'POST /api/play/join-code': {
    allow: SIGNED_IN,
    call: (s) => ({ url: '/api/play/join-code', payload: { code: s.gameId } }),
  },
  'POST /api/play/games/:gameId/instances': {
    allow: PLAYERS,
    call: (s) => ({ url: `/api/play/games/${s.gameId}/instances`, payload: { versionId: s.versionId } }),
  },
  // Messages both ways (issue 29): a player reads only their own conversation; the inbox is the organisers'.
  'GET /api/play/instances/:instanceId/messages': {
    allow: ['authorisedPlayer'],
    call: (s) => ({ url: `/api/play/instances/${s.instanceId}/messages` }),
  },
  'POST /api/play/instances/:instanceId/messages/read': {
    allow: ['authorisedPlayer'],
    call: (s) => ({ url: `/api/play/instances/${s.instanceId}/messages/read` }),
  },
  'GET /api/manage/instances/:instanceId/inbox': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/instances/${s.instanceId}/inbox` }),
  },
  'POST /api/manage/instances/:instanceId/messages': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/instances/${s.instanceId}/messages`, payload: { playerId: null, text: 'Hi' } }),
  },
  'POST /api/manage/instances/:instanceId/inbox/:playerId/read': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/instances/${s.instanceId}/inbox/${s.users.authorisedPlayer.user.id}/read` }),
  },
  'PUT /api/manage/games/:gameId/quick-replies': {
    allow: EDITORS,
    call: (s) => ({ url: `/api/manage/games/${s.gameId}/quick-replies`, payload: { quickReplies: ['On my way'] } }),
  },
  'GET /api/play/instances/:instanceId': {
    allow: ['authorisedPlayer'],
    call: (s) => ({ url: `/api/play/instances/${s.instanceId}` }),
  },
  'GET /api/play/instances/:instanceId/game': {
    allow: ['authorisedPlayer'],
    call: (s) => ({ url: `/api/play/instances/${s.instanceId}/game` }),
  },
  // The seeded game has a leaderboard shown before the end: the instance's player sees it.
  'GET /api/play/instances/:instanceId/rankings': {
    allow: ['authorisedPlayer'],
    call: (s) => ({ url: `/api/play/instances/${s.instanceId}/rankings` }),
  },
  // Trades: only a player of the instance. The seeded game has no trading, so its player gets past the
  // rights to the game's refusal (409 TRADING_OFF), and to 404 TRADE_NOT_FOUND for a trade that is not there.
  'GET /api/play/instances/:instanceId/trades': {
    allow: ['authorisedPlayer'],
    call: (s) => ({ url: `/api/play/instances/${s.instanceId}/trades` }),
  },
  'POST /api/play/instances/:instanceId/trades': {
    allow: ['authorisedPlayer'],
    ok: 409,
    call: (s) => ({
      url: `/api/play/instances/${s.instanceId}/trades`,
      payload: { toPlayerId: s.users.player.user.id, give: { [s.entities.item.id]: 1 } },
    }),
  },
  ...Object.fromEntries(
    (['accept', 'decline', 'cancel'] as const).map((as): [string, Rule] => [
      `POST /api/play/instances/:instanceId/trades/:tradeId/${as}`,
      {
        allow: ['authorisedPlayer'],
        ok: 404,
        call: (s) => ({ url: `/api/play/instances/${s.instanceId}/trades/${NO_TRADE}/${as}` }),
      },
    ]),
  ),
  'POST /api/play/instances/:instanceId/events': {
    allow: ['authorisedPlayer'],
    call: (s) => ({ url: `/api/play/instances/${s.instanceId}/events`, payload: { type: 'location', ...PIER } }),
  },
  'POST /api/play/instances/:instanceId/media': {
    allow: ['authorisedPlayer'],
    call: async (s) => {
      const body = await multipartBody([{ filename: 'photo.png', bytes: await pngBytes() }]);
      return { url: `/api/play/instances/${s.instanceId}/media`, payload: body.payload, headers: body.headers };
    },
  },
};

/** The answer a role must get from a route: its success class, 401, or the route's refusal. */
function expectedStatus(rule: Rule, role: Role): string {
  const allowed = rule.allow === 'everyone' || rule.allow.includes(role);
  if (allowed) return rule.ok ? String(rule.ok) : '2xx';
  return role === 'anonymous' ? '401' : String(rule.refused ?? 403);
}

function statusClass(status: number, expected: string): string {
  return expected === '2xx' && status >= 200 && status < 300 ? '2xx' : String(status);
}

describe('authorization matrix', () => {
  const routes = new Set<string>();
  let seed: Seed;

  beforeAll(async () => {
    const collect = (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && method !== 'OPTIONS') routes.add(`${method} ${route.url}`);
      }
    };
    const t = await createTestApp({ onRoute: collect });
    const ctx = t.app.ctx;
    const designer = (name: string) => createUser(ctx, { role: 'designer', name });
    const users = {
      player: await createUser(ctx, { name: 'Plain Player' }),
      authorisedPlayer: await createUser(ctx, { name: 'Listed Player' }),
      tester: await designer('Tess Tester'),
      outsider: await designer('Olly Outsider'),
      coDesigner: await designer('Cora Codesigner'),
      owner: await designer('Owen Owner'),
      admin: await createUser(ctx, { role: 'admin', name: 'Ada Admin' }),
    };
    const settings = gameFormValues(
      { ...accessLists(users), publicAccess: 'no', rankings: { available: true, showBeforeComplete: true } },
      t.clock.now,
    );
    const game = await createPlayableGame(t.app, users.owner, { settings });
    const refs = { sceneId: game.scene.id, locationId: game.pier.id, interactionId: game.welcome.id };
    const entities = {} as Seed['entities'];
    for (const kind of DESIGN_KINDS) {
      const values = designValues(kind, refs);
      entities[kind] = { id: (await createEntity(t.app, users.owner, game.gameId, kind, values)).id, values };
    }
    const media = await createMedia(ctx, game.gameId);
    // Published with every kind in it, so that operators can place any object type in the instance.
    const versionId = await publishVersionOf(t.app, users.owner, game.gameId);
    const { instanceId } = await startedInstance(t.app, users.authorisedPlayer, game.gameId);
    seed = {
      t,
      users,
      gameId: game.gameId,
      versionId,
      settings: { ...settings, logoId: media.id },
      refs,
      entities,
      archetypeId: entities.archetype.id,
      mediaId: media.id,
      instanceId,
    };
  });
  afterAll(() => seed?.t.close());

  it('classifies every route of the router', () => {
    const unclassified = [...routes].filter((route) => !(route in MATRIX)).sort();
    const gone = Object.keys(MATRIX).filter((route) => !routes.has(route));
    expect({ unclassified, gone }).toEqual({ unclassified: [], gone: [] });
  });

  it('answers every route × role cell as declared', async () => {
    const failures: string[] = [];
    let cells = 0;
    for (const [route, rule] of Object.entries(MATRIX)) {
      const [method] = route.split(' ') as [Method];
      for (const role of ROLES) {
        const call = await rule.call(seed, role);
        const actor = call.as !== undefined ? call.as : role === 'anonymous' ? null : seed.users[role];
        const res = await seed.t.app.inject({
          method,
          url: call.url,
          headers: { ...(actor ? actor.headers : {}), ...call.headers },
          ...(call.payload !== undefined ? { payload: call.payload as Record<string, unknown> } : {}),
        });
        cells++;
        const expected = expectedStatus(rule, role);
        const got = statusClass(res.statusCode, expected);
        if (got !== expected)
          failures.push(`${route} as ${role}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    console.log(`authorization matrix: ${cells} cells`);
    expect(failures).toEqual([]);
  }, 180_000);
});
