import type { AnalyticsEntry, JudgingStats, MapAnalytics } from '@loci/domain';
import type { AnalyticsRecord, RecordName } from '@loci/engine';
import { API_BASE, api } from './client';

/** One player of a version with their records grouped by record name, oldest first (spec 3 §3). */
export type AnalyticsPlayer = Omit<AnalyticsEntry, 'events'> & {
  events: Partial<Record<RecordName, AnalyticsRecord[]>>;
};

/** GET /api/analytics/{versionId}. */
export interface AnalyticsAnswer {
  analytics: AnalyticsPlayer[];
}

const enc = encodeURIComponent;

/** The analytics call of spec 3 §7 (manage right on the version's game). */
export const analyticsApi = {
  get: (versionId: string, includeAbandoned: boolean, signal?: AbortSignal) =>
    api.get<AnalyticsAnswer>(`/analytics/${enc(versionId)}?includeAbandoned=${includeAbandoned}`, signal),
  /** GET /api/analytics/{versionId}/map (issue 16 §4). */
  map: (versionId: string, selection: MapSelection, signal?: AbortSignal) =>
    api.get<MapAnalytics>(`/analytics/${enc(versionId)}/map?${mapSearch(selection)}`, signal),
  /** GET /api/analytics/{versionId}/judging (issue 29): judged submissions per mission. */
  judging: (versionId: string, includeAbandoned: boolean, signal?: AbortSignal) =>
    api.get<JudgingStats>(`/analytics/${enc(versionId)}/judging?includeAbandoned=${includeAbandoned}`, signal),
};

/** What the map analytics are asked for: the players who started in [from, to), and whose tracks to draw. */
export interface MapSelection {
  includeAbandoned: boolean;
  from: string | null;
  to: string | null;
  playerIds: readonly string[];
}

function mapSearch(selection: MapSelection): string {
  const search = new URLSearchParams({ includeAbandoned: String(selection.includeAbandoned) });
  if (selection.from) search.set('from', selection.from);
  if (selection.to) search.set('to', selection.to);
  if (selection.playerIds.length > 0) search.set('playerIds', selection.playerIds.join(','));
  return search.toString();
}

/** TanStack Query keys of the analytics page. */
export const analyticsQueryKeys = {
  analytics: (versionId: string, includeAbandoned: boolean) => ['analytics', versionId, includeAbandoned] as const,
  map: (versionId: string, selection: MapSelection) => ['analytics', versionId, 'map', selection] as const,
  judging: (versionId: string, includeAbandoned: boolean) =>
    ['analytics', versionId, 'judging', includeAbandoned] as const,
  /** Under the game's design prefix, so design changes (a publish) refresh the selector. */
  versions: (gameId: string) => ['design', gameId, 'gameVersions'] as const,
};

/**
 * Where the original of a medium a player captured is served: its storagepath
 * (GET /api/design/medias/file/{id}), which needs no game id and no token.
 */
export function capturedMediaUrl(mediaId: string): string {
  return `${API_BASE}/design/medias/file/${enc(mediaId)}`;
}
