import type { GameShare, JoinCodeAnswer, MyGame, PublicLobby } from '@loci/domain';
import { api } from './client';

const enc = encodeURIComponent;

/** The players' way in: a game's share panel, its public lobby, one's own games, joining with a code. */
export const wayInApi = {
  share: (gameId: string, signal?: AbortSignal) => api.get<GameShare>(`/design/games/${enc(gameId)}/share`, signal),
  publicLobby: (gameId: string, signal?: AbortSignal) =>
    api.get<PublicLobby>(`/play/games/${enc(gameId)}/public`, signal),
  myGames: (signal?: AbortSignal) => api.get<{ games: MyGame[] }>('/play/my-games', signal),
  joinCode: (code: string) => api.post<JoinCodeAnswer>('/play/join-code', { code }),
};

export const wayInQueryKeys = {
  share: (gameId: string) => ['way-in', 'share', gameId] as const,
  publicLobby: (gameId: string) => ['way-in', 'public-lobby', gameId] as const,
  myGames: ['way-in', 'my-games'] as const,
};
