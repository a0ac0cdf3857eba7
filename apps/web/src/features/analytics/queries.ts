import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { analyticsApi, analyticsQueryKeys, type MapSelection } from '../../api/analytics';
import { designApi } from '../../api/design';

/** The versions of a game for the 'Show Data' selector (GET /api/design/{gameId}/gameVersions). */
export function useGameVersions(gameId: string, enabled: boolean) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: analyticsQueryKeys.versions(gameId),
    queryFn: ({ signal }) => designApi.versions(gameId, signal),
    enabled: enabled && Boolean(gameId),
    meta: { errorMessage: t('analytics.errors.versions', { id: gameId }) },
  });
}

/** The analytics of one version (GET /api/analytics/{versionId}); failures toast spec 3 §8's message. */
export function useAnalytics(versionId: string | null, includeAbandoned: boolean) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: analyticsQueryKeys.analytics(versionId ?? '', includeAbandoned),
    queryFn: ({ signal }) => analyticsApi.get(versionId!, includeAbandoned, signal),
    enabled: Boolean(versionId),
    meta: { errorMessage: t('analytics.errors.analytics', { id: versionId }) },
  });
}

/** The map analytics of one version (GET /api/analytics/{versionId}/map); the last answer stays while the next loads. */
export function useMapAnalytics(versionId: string, selection: MapSelection) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: analyticsQueryKeys.map(versionId, selection),
    queryFn: ({ signal }) => analyticsApi.map(versionId, selection, signal),
    placeholderData: keepPreviousData,
    meta: { errorMessage: t('analytics.map.errors.load', { id: versionId }) },
  });
}

/** The judged submissions of one version per mission (GET /api/analytics/{versionId}/judging, issue 29). */
export function useJudgingAnalytics(versionId: string, includeAbandoned: boolean) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: analyticsQueryKeys.judging(versionId, includeAbandoned),
    queryFn: ({ signal }) => analyticsApi.judging(versionId, includeAbandoned, signal),
    meta: { errorMessage: t('analytics.errors.judging', { id: versionId }) },
  });
}
