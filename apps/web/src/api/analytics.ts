import type { AnalyticsEntry } from '@loci/domain';
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
};

/** TanStack Query keys of the analytics page. */
export const analyticsQueryKeys = {
  analytics: (versionId: string, includeAbandoned: boolean) => ['analytics', versionId, includeAbandoned] as const,
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
