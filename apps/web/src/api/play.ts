import {
  DEVICE_HEADER,
  snapThumbWidth,
  type ErrorBody,
  type PlayEvent,
  type PlayEventAnswer,
  type PlayEventRequest,
  type PlayGame,
  type PlayGameAnswer,
  type PlayLobby,
  type PlayMessage,
  type PlayStateAnswer,
  type PlayerSpec,
  type RankingsAnswer,
  type StartPlayAnswer,
  type StartPlayBody,
  type Trade,
  type TradeList,
  type TradeProposalBody,
} from '@loci/domain';
import type { PlayerState, StepTrace, WorldState } from '@loci/engine';
import { API_BASE, ApiError, NoResponseError, apiHeaders } from './client';

export type { PlayEvent };
/** An operator's message to the player (shown as a notification). */
export type OperatorMessage = PlayMessage;

/**
 * What a playtest (working version, played by a designer) adds to every
 * answer: the domain keeps these engine internals open, the web reads them
 * with the engine's types.
 */
export interface PlayDebug {
  trace: StepTrace;
  player: PlayerState;
  world: WorldState;
}

type WithDebug<T extends { debug?: unknown }> = Omit<T, 'debug'> & { debug?: PlayDebug };
/** What every play call answers with: what to show, the player's view, operator messages. */
export type PlayAnswer = WithDebug<PlayEventAnswer>;
/** POST /api/play/games/{gameId}/instances: the instance started or joined. */
export type StartAnswer = WithDebug<StartPlayAnswer>;
/** GET /api/play/instances/{id}. */
export type InstanceAnswer = WithDebug<PlayStateAnswer>;
/** The game as a player sees it (no design internals). */
export type PlayGameInfo = PlayGame;

/** A player-safe spec: the entities a player's app shows, by kind (no rules, conditions, answers or notes). */
export type PlaySpec = PlayerSpec;
/** GET /api/play/instances/{id}/game. */
export type GameAnswer = PlayGameAnswer;

const DEVICE_STORAGE_KEY = 'lociDeviceId';

/** A random id of this browser, kept in localStorage. */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_STORAGE_KEY);
  if (!id) {
    id =
      typeof crypto !== 'undefined' && 'randomUUID' in crypto
        ? crypto.randomUUID()
        : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    localStorage.setItem(DEVICE_STORAGE_KEY, id);
  }
  return id;
}

// Like apiFetch, plus the device header every play call carries (and multipart bodies).
async function playFetch<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; form?: FormData; signal?: AbortSignal } = {},
) {
  const headers: Record<string, string> = { Accept: 'application/json', [DEVICE_HEADER]: deviceId(), ...apiHeaders() };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (error) {
    throw new NoResponseError(error instanceof Error ? error.message : String(error));
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = { message: text };
  }
  if (!response.ok) {
    const errorBody = body && typeof body === 'object' ? (body as ErrorBody & Record<string, unknown>) : undefined;
    throw new ApiError(response.status, response.statusText, errorBody);
  }
  return body as T;
}

const enc = encodeURIComponent;

/** The player API (spec 4 §4). */
export const playApi = {
  /** Before starting: the introduction, whether a passcode is asked, one's own instance, a refusal. */
  lobby: (gameId: string, signal?: AbortSignal) => playFetch<PlayLobby>(`/play/games/${enc(gameId)}`, { signal }),
  start: (gameId: string, body: StartPlayBody) =>
    playFetch<StartAnswer>(`/play/games/${enc(gameId)}/instances`, { method: 'POST', body }),
  instance: (instanceId: string, signal?: AbortSignal) =>
    playFetch<InstanceAnswer>(`/play/instances/${enc(instanceId)}`, { signal }),
  game: (instanceId: string, signal?: AbortSignal) =>
    playFetch<GameAnswer>(`/play/instances/${enc(instanceId)}/game`, { signal }),
  /** "See as the player" (operators, manage right): that player's view, read-only (nothing is delivered). */
  watchedInstance: (instanceId: string, playerId: string, signal?: AbortSignal) =>
    playFetch<InstanceAnswer>(`/instances/${enc(instanceId)}/players/${enc(playerId)}/view`, { signal }),
  /** "See as the player": the game as that player's app reads it. */
  watchedGame: (instanceId: string, playerId: string, signal?: AbortSignal) =>
    playFetch<GameAnswer>(`/instances/${enc(instanceId)}/players/${enc(playerId)}/game`, { signal }),
  /** One event, with the app's id for it and the revision of the view it holds (PlayEventRequest). */
  send: (instanceId: string, event: PlayEventRequest, signal?: AbortSignal) =>
    playFetch<PlayAnswer>(`/play/instances/${enc(instanceId)}/events`, { method: 'POST', body: event, signal }),
  /** The leaderboard of the caller's game version (404 NO_RANKINGS, 403 RANKINGS_AFTER_END). */
  rankings: (instanceId: string, signal?: AbortSignal) =>
    playFetch<RankingsAnswer>(`/play/instances/${enc(instanceId)}/rankings`, { signal }),
  /** The caller's open trades, the players they may trade with and their tradable assets. */
  trades: (instanceId: string, signal?: AbortSignal) =>
    playFetch<TradeList>(`/play/instances/${enc(instanceId)}/trades`, { signal }),
  proposeTrade: (instanceId: string, body: TradeProposalBody) =>
    playFetch<Trade>(`/play/instances/${enc(instanceId)}/trades`, { method: 'POST', body }),
  /** Accept, decline (the player a trade is offered to) or cancel (its proposer). */
  closeTrade: (instanceId: string, tradeId: string, as: 'accept' | 'decline' | 'cancel') =>
    playFetch<Trade>(`/play/instances/${enc(instanceId)}/trades/${enc(tradeId)}/${as}`, { method: 'POST' }),
  /** A photo, video or sound for a mission submission; answers the stored medium. */
  uploadMedia: (instanceId: string, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return playFetch<{ id: string }>(`/play/instances/${enc(instanceId)}/media`, { method: 'POST', form });
  },
};

/** TanStack Query keys of the player. */
export const playQueryKeys = {
  lobby: (gameId: string) => ['play', 'lobby', gameId] as const,
  instance: (instanceId: string) => ['play', 'instance', instanceId] as const,
  game: (instanceId: string) => ['play', 'game', instanceId] as const,
  rankings: (instanceId: string) => ['play', 'rankings', instanceId] as const,
  trades: (instanceId: string) => ['play', 'trades', instanceId] as const,
};

/** The error code of a refused play call, if the server gave one. */
export function playErrorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = error.body?.errorCode;
  return typeof code === 'string' ? code : undefined;
}

/** The URL of a medium's original file (public, as <img> needs). */
export function mediaFileUrl(mediaId: string): string {
  return `${API_BASE}/design/medias/file/${enc(mediaId)}`;
}

/** A square thumbnail of a medium (for map icons and lists). */
export function mediaIconUrl(mediaId: string, width = 64): string {
  return `${API_BASE}/design/medias/thumb/${enc(mediaId)}?width=${snapThumbWidth(width)}&square=1`;
}
