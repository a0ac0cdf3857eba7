/**
 * The players' way in (docs/web-player.md "The way in"): the play link and its
 * QR code, the lobby a visitor reads before having an account, the return
 * path kept through sign-in, a player's own games and joining with a code.
 */
import { z } from 'zod';
import { FRONTEND_BASE_PATH } from './constants.js';
import { deepLink, type DeepLinkParts } from './design/qr.js';

// ─── Links ───────────────────────────────────────────────────────────────────

/** The play link of a game: `{PUBLIC_URL}/fe/play/{gameId}` (what the share panel and its QR code hold). */
export function playLink(publicUrl: string, gameId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${FRONTEND_BASE_PATH}/play/${encodeURIComponent(gameId)}`;
}

/**
 * The deep link of an event as an https address under PUBLIC_URL
 * (`{PUBLIC_URL}/fe/gameplay/{gameId}/{sceneId|any}/{eventType}/{eventName}/{objectId}`):
 * an ordinary phone camera opens it in the web player, and the in-app scanner
 * reads the same `gameplay/…` path in it as in the bare form (spec 3 §9).
 */
export function deepLinkUrl(publicUrl: string, parts: DeepLinkParts): string {
  return `${publicUrl.replace(/\/+$/, '')}${FRONTEND_BASE_PATH}/${deepLink(parts)}`;
}

// The return path helpers are zod-free (return-path.ts): every page's sign-in guard uses them.
export { RETURN_PATH_MAX_LENGTH, RETURN_PATH_PARAM, safeReturnPath } from './return-path.js';

// ─── Lobby for everyone ──────────────────────────────────────────────────────

/** Why a player could not start or join now: an errorCode of PLAY_ERROR_CODES (or CONFLICT) and its message. */
export const joinRefusalSchema = z.object({ errorCode: z.string(), message: z.string() });
export type JoinRefusal = z.infer<typeof joinRefusalSchema>;

const periodSchema = z.object({ start: z.string().nullable(), end: z.string().nullable(), timezone: z.string() });

/**
 * GET /api/play/games/{gameId}/public: what anyone may read of a game with a
 * published version (the share link's lobby, no account needed). Never the
 * spec, the passcode or anybody's email.
 */
export const publicLobbySchema = z.object({
  game: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    instructions: z.string(),
    terms: z.string(),
    language: z.string(),
    logoId: z.string().nullable(),
    multiplayer: z.boolean(),
    playingPeriod: periodSchema.nullable(),
  }),
  /** A passcode will be asked before starting. */
  needsPasscode: z.boolean(),
  /** Only the players the game lists may play it. */
  restricted: z.boolean(),
  /** Why nobody could start now (the start path's rules), or null. */
  refusal: joinRefusalSchema.nullable(),
});
export type PublicLobby = z.infer<typeof publicLobbySchema>;

// ─── Share panel ─────────────────────────────────────────────────────────────

/** GET /api/design/games/{id}/share: the share panel of a game (view right; the passcode with the edit right). */
export const gameShareSchema = z.object({
  gameId: z.string(),
  title: z.string(),
  /** `{PUBLIC_URL}/fe/play/{gameId}`. */
  playUrl: z.string(),
  /** The game's passcode for those who may edit it; null without the right or when the game has none. */
  passcode: z.string().nullable(),
  hasPasscode: z.boolean(),
  published: z.boolean(),
  restricted: z.boolean(),
  playingPeriod: periodSchema.nullable(),
  /** A player could start or join the published version right now. */
  joinable: z.boolean(),
  /** Why not, when not. */
  refusal: joinRefusalSchema.nullable(),
});
export type GameShare = z.infer<typeof gameShareSchema>;

// ─── A player's home ─────────────────────────────────────────────────────────

/** GET /api/play/my-games: one game the caller plays or played (their newest instance of it). */
export const myGameSchema = z.object({
  gameId: z.string(),
  title: z.string(),
  logoId: z.string().nullable(),
  instanceId: z.string(),
  /** The instance: active, completed, terminated, expired… */
  status: z.string(),
  /** The caller's own state in it (playing, completed, abandoned…). */
  playerStatus: z.string(),
  /** The caller may come back to it (the instance is active). */
  resumable: z.boolean(),
  joinedAt: z.string(),
});
export const myGamesSchema = z.object({ games: z.array(myGameSchema) });
export type MyGame = z.infer<typeof myGameSchema>;

export const JOIN_CODE_MAX_LENGTH = 600;
export const JOIN_CODE_MESSAGES = {
  required: 'Type or scan a code',
  notFound: 'No game answers to this code',
  ambiguous: 'Several games answer to this code: ask for their play link',
  tooMany: 'Too many tries — wait a minute and try again',
} as const;

/** POST /api/play/join-code: a typed or scanned code (a play link, a deep link, a game id or a passcode). */
export const joinCodeBodySchema = z.object({
  code: z
    .string({ error: JOIN_CODE_MESSAGES.required })
    .trim()
    .min(1, JOIN_CODE_MESSAGES.required)
    .max(JOIN_CODE_MAX_LENGTH),
});
export type JoinCodeBody = z.infer<typeof joinCodeBodySchema>;

/** The game a code leads to; the passcode when the code was one; the deep link when it was one (to send once playing). */
export const joinCodeAnswerSchema = z.object({
  gameId: z.string(),
  passcode: z.string().nullable(),
  deepLink: z.string().nullable(),
});
export type JoinCodeAnswer = z.infer<typeof joinCodeAnswerSchema>;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * What a code names without asking the server about passcodes: a play link
 * (`…/play/{gameId}`), a deep link (`…gameplay/{gameId}/…`, bare or https) or a
 * bare game id. Null for anything else (a passcode, for the server to look up).
 */
export function gameOfCode(code: string): { gameId: string; deepLink: string | null } | null {
  const text = code.trim();
  const deep = /(?:^|\/)(gameplay\/([^/?#]+)\/[^/?#]+\/[^/?#]+\/[^/?#]+\/[^/?#]+)\/?(?:[?#].*)?$/.exec(text);
  if (deep && UUID.test(deep[2]!)) return { gameId: deep[2]!.toLowerCase(), deepLink: deep[1]! };
  const play = /(?:^|\/)play\/([^/?#]+)/.exec(text);
  if (play && new RegExp(`^${UUID.source}$`, 'i').test(play[1]!))
    return { gameId: play[1]!.toLowerCase(), deepLink: null };
  if (new RegExp(`^${UUID.source}$`, 'i').test(text)) return { gameId: text.toLowerCase(), deepLink: null };
  return null;
}
