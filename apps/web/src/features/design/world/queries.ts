import { DESIGN_TEXTS, type InitialState, type WorldEntryType, type WorldEntryValues } from '@loci/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { designApi, designQueryKeys, type GameVersionSummary } from '../../../api/design';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useWorkspace } from '../useWorkspace';
import type { WorldSpecs } from './world-values';
import './locales';

/** The version the initial world screens show (spec 3 §2: ?versionId=, else the working version). */
export interface WorldVersion {
  /** What the API is asked for: the version id, or 'current'. */
  versionId: string;
  /** The ?versionId= of the page, if any (kept on every link of the area). */
  param: string | null;
  /** The version named, once the workspace is loaded. */
  version: GameVersionSummary | undefined;
  /** A published version: nothing may change (the server answers 409). */
  readOnly: boolean;
  /** The query string to keep on links ('' or '?versionId=…'). */
  search: string;
}

/** Reads ?versionId= against the game's versions. */
export function useWorldVersion(gameId: string): WorldVersion {
  const [searchParams] = useSearchParams();
  const param = searchParams.get('versionId') || null;
  const { data: workspace } = useWorkspace(gameId);
  const version = param ? workspace?.versions.find((candidate) => candidate.id === param) : workspace?.current;
  const published = Boolean(param && version && !version.isLiveSpec);
  return {
    versionId: param ?? 'current',
    param,
    version,
    readOnly: published,
    search: param ? `?versionId=${encodeURIComponent(param)}` : '',
  };
}

/** GET the initial world of a version; a failure is toasted once (spec 3 §8). */
export function useInitialState(gameId: string, versionId: string) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: designQueryKeys.initialState(gameId, versionId),
    queryFn: ({ signal }) => designApi.initialState(gameId, versionId, signal),
    enabled: Boolean(gameId),
    select: (answer) => answer.state,
  });
  const { error } = query;
  useEffect(() => {
    if (error) notifyError(t('design.world.errors.load'), error);
  }, [error, t]);
  return query;
}

/** GET what the forms pick from (scenes, object types, offers) for a version. */
export function useInitialStateSpecs(gameId: string, versionId: string) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: designQueryKeys.initialStateSpecs(gameId, versionId),
    queryFn: async ({ signal }) => (await designApi.initialStateSpecs(gameId, versionId, signal)) as WorldSpecs,
    enabled: Boolean(gameId),
  });
  const { error } = query;
  useEffect(() => {
    if (error) notifyError(t('design.world.errors.loadSpecs'), error);
  }, [error, t]);
  return query;
}

/** True when the failure carries field errors, which the form shows instead of a toast. */
function hasFieldErrors(error: unknown): boolean {
  return isApiError(error) && Object.keys(error.body?.errors ?? {}).length > 0;
}

/**
 * Save and delete of initial world entries (spec 3 §7): the answer's state
 * replaces the cached one, the workspace (whose sidebar lists the working
 * version's world) is refreshed, and the spec's toasts show.
 */
export function useWorldMutations(gameId: string, versionId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const store = (state: InitialState) => {
    queryClient.setQueryData(designQueryKeys.initialState(gameId, versionId), { state });
    void queryClient.invalidateQueries({ queryKey: designQueryKeys.workspace(gameId) });
  };

  const save = useMutation({
    mutationFn: (values: WorldEntryValues) => designApi.saveWorldEntry(gameId, values, versionId),
    onSuccess: ({ state }) => {
      store(state);
      notifySuccess(DESIGN_TEXTS.initialStateUpdated);
    },
    onError: (error) => {
      if (!hasFieldErrors(error)) notifyError(t('design.world.errors.save'), error);
    },
  });

  const remove = useMutation({
    mutationFn: ({ type, sceneId, id }: { type: WorldEntryType; sceneId: string; id: string }) =>
      designApi.deleteWorldEntry(gameId, type, sceneId, id, versionId),
    onSuccess: ({ state }) => {
      store(state);
      notifySuccess(DESIGN_TEXTS.itemDeleted);
    },
    onError: (error) => notifyError(t('design.world.errors.delete'), error),
  });

  return { save, remove };
}
