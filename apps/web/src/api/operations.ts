import type {
  ApplyExpirationAnswer,
  AuditList,
  RescueAnswer,
  RescueRequest,
  StuckList,
  FullInstance,
  InstanceListItem,
  PlayerReplay,
  PlayerStateItem,
  PlayerStatesShowType,
  PlayingPeriodAnswer,
  PlayingPeriodBody,
  RankingsAnswer,
  SendMessageAnswer,
  SendMessageBody,
  WorldEntryValues,
  WorldStatus,
} from '@loci/domain';
import { api } from './client';

const enc = encodeURIComponent;

/** Answer of both playingPeriod calls: the game's period now, and how many instances run under it. */
export type { PlayingPeriodAnswer };

/** The operators' calls of spec 1 §7 (docs/operations.md). */
export const operationsApi = {
  rescue: (instanceId: string, playerId: string, body: RescueRequest) =>
    api.post<RescueAnswer>(`/manage/instances/${enc(instanceId)}/players/${enc(playerId)}/rescue`, body),
  audit: (instanceId: string, signal?: AbortSignal) =>
    api.get<AuditList>(`/manage/instances/${enc(instanceId)}/audit`, signal),
  stuckPlayers: (gameId: string, minutes: number, signal?: AbortSignal) =>
    api.get<StuckList>(`/manage/games/${enc(gameId)}/stuck-players?minutes=${minutes}`, signal),
  instances: (gameId: string, status?: WorldStatus, signal?: AbortSignal) =>
    api.get<InstanceListItem[]>(
      `/manage/gameInstances/${enc(gameId)}/thin-list${status ? `?status=${enc(status)}` : ''}`,
      signal,
    ),
  playerStates: (gameId: string, showType: PlayerStatesShowType, signal?: AbortSignal) =>
    api.get<PlayerStateItem[]>(`/manage/gameInstances/${enc(gameId)}/playerStates?showType=${enc(showType)}`, signal),
  /** A player's game replayed step by step (409 when it was recorded before replay existed). */
  playerReplay: (instanceId: string, playerId: string, signal?: AbortSignal) =>
    api.get<PlayerReplay>(`/instances/${enc(instanceId)}/players/${enc(playerId)}/replay`, signal),
  instance: (instanceId: string, signal?: AbortSignal) =>
    api.get<FullInstance>(`/instances/${enc(instanceId)}?fullState=true`, signal),
  terminate: (instanceId: string) => api.post<FullInstance>(`/instances/${enc(instanceId)}/terminate`),
  deleteInstance: (instanceId: string) => api.delete<{ deleted: true }>(`/instances/${enc(instanceId)}`),
  /** The form values with the operator's reason beside them (kept in the audit log). */
  updateWorldStateItem: (instanceId: string, values: WorldEntryValues, reason: string) =>
    api.post<FullInstance>(`/instances/${enc(instanceId)}/updateWorldStateItem`, { ...values, reason }),
  /** `key` is the domain's worldStateKey: 'has.{object|offer}.{sceneId}.{id}'; the reason goes in the query. */
  deleteWorldStateItem: (instanceId: string, key: string, reason: string) =>
    api.delete<FullInstance>(
      `/instances/${enc(instanceId)}/deleteWorldStateItem/${enc(key)}?reason=${encodeURIComponent(reason)}`,
    ),
  sendMessage: (gameId: string, body: SendMessageBody) =>
    api.post<SendMessageAnswer>(`/games/${enc(gameId)}/send-message`, body),
  /** Deletes every instance of the game (edit right). */
  terminateAllInstances: (gameId: string) =>
    api.post<{ deleted: number }>(`/design/games/${enc(gameId)}/terminateAllInstances`),
  applyExpiration: (gameId: string) => api.get<ApplyExpirationAnswer>(`/manage/games/${enc(gameId)}/applyExpiration`),
  setVersionPlayingPeriod: (versionId: string, body: PlayingPeriodBody) =>
    api.patch<PlayingPeriodAnswer>(`/game-versions/${enc(versionId)}/playingPeriod`, body),
  setInstancePlayingPeriod: (instanceId: string, body: PlayingPeriodBody) =>
    api.patch<PlayingPeriodAnswer>(`/manage/gameInstances/${enc(instanceId)}/playingPeriod`, body),
  /** The leaderboard of one version (404 NO_RANKINGS when the version has none). */
  rankings: (versionId: string, signal?: AbortSignal) =>
    api.get<RankingsAnswer>(`/manage/game-versions/${enc(versionId)}/rankings`, signal),
};

/** TanStack Query keys of the operations area; `game(gameId)` covers every query of one game. */
export const operationsQueryKeys = {
  game: (gameId: string) => ['operations', gameId] as const,
  instances: (gameId: string) => ['operations', gameId, 'instances'] as const,
  playerStates: (gameId: string, showType: PlayerStatesShowType) =>
    ['operations', gameId, 'playerStates', showType] as const,
  instance: (gameId: string, instanceId: string) => ['operations', gameId, 'instance', instanceId] as const,
  replay: (gameId: string, instanceId: string, playerId: string) =>
    ['operations', gameId, 'instance', instanceId, 'replay', playerId] as const,
  rankings: (gameId: string, versionId: string) => ['operations', gameId, 'rankings', versionId] as const,
  audit: (gameId: string, instanceId: string) => ['operations', gameId, 'instance', instanceId, 'audit'] as const,
  stuck: (gameId: string, minutes: number) => ['operations', gameId, 'stuck', minutes] as const,
};
