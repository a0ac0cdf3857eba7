import {
  OPERATION_TEXTS,
  type PlayerStatesShowType,
  type PlayingPeriodBody,
  type RescueRequest,
  type SendMessageBody,
  type WorldEntryValues,
} from '@loci/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { designQueryKeys } from '../../api/design';
import { operationsApi, operationsQueryKeys } from '../../api/operations';
import { notifyError, notifySuccess } from '../../components/notify';
import './locales';

/** Toasts a query's failure once per failure. */
function useFailureToast(error: unknown, message: string) {
  useEffect(() => {
    if (error) notifyError(message, error);
  }, [error, message]);
}

/** GET …/thin-list: every instance of the game (spec 1 §7). */
export function useInstances(gameId: string, enabled = true) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: operationsQueryKeys.instances(gameId),
    queryFn: ({ signal }) => operationsApi.instances(gameId, undefined, signal),
    enabled: enabled && Boolean(gameId),
  });
  useFailureToast(query.error, t('operations.errors.instances'));
  return query;
}

/** GET …/playerStates, polled every `refreshSeconds` (spec 1 §7, §9). */
export function usePlayerStates(
  gameId: string,
  showType: PlayerStatesShowType,
  refreshSeconds: number,
  enabled = true,
) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: operationsQueryKeys.playerStates(gameId, showType),
    queryFn: ({ signal }) => operationsApi.playerStates(gameId, showType, signal),
    enabled: enabled && Boolean(gameId),
    refetchInterval: refreshSeconds * 1000,
    placeholderData: keepPreviousData,
  });
  useFailureToast(query.error, t('operations.errors.playerStates'));
  return query;
}

/** GET /api/instances/{id}?fullState=true; a failure shows spec 1 §8's 'Error retrieving game initial state spec'. */
export function useInstance(gameId: string, instanceId: string) {
  const query = useQuery({
    queryKey: operationsQueryKeys.instance(gameId, instanceId),
    queryFn: ({ signal }) => operationsApi.instance(instanceId, signal),
    enabled: Boolean(instanceId),
  });
  useFailureToast(query.error, OPERATION_TEXTS.errorRetrievingInstance);
  return query;
}

/** POST …/send-message with the spec's toasts. */
export function useSendMessage(gameId: string) {
  return useMutation({
    mutationFn: (body: SendMessageBody) => operationsApi.sendMessage(gameId, body),
    onSuccess: () => notifySuccess(OPERATION_TEXTS.messageSent),
    onError: (error) => notifyError(OPERATION_TEXTS.errorSendingMessage, error),
  });
}

/** POST …/terminateAllInstances: every instance of the game deleted ('All instances deleted successfully'). */
export function useDeleteAllInstances(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => operationsApi.terminateAllInstances(gameId),
    onSuccess: () => {
      notifySuccess(OPERATION_TEXTS.allInstancesDeleted);
      void queryClient.invalidateQueries({ queryKey: operationsQueryKeys.game(gameId) });
    },
    onError: (error) => notifyError(OPERATION_TEXTS.errorDeletingInstances(gameId), error),
  });
}

/** GET …/applyExpiration: 'Command sent successfully!' with the counts expired. */
export function useApplyExpiration(gameId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => operationsApi.applyExpiration(gameId),
    onSuccess: ({ expiredInstances }) => {
      notifySuccess(t('operations.expired', expiredInstances), OPERATION_TEXTS.commandSent);
      void queryClient.invalidateQueries({ queryKey: operationsQueryKeys.game(gameId) });
    },
    onError: (error) => notifyError(OPERATION_TEXTS.errorApplyingExpiration, error),
  });
}

/**
 * PATCH …/playingPeriod of a version (the Gameplay page) or of an instance
 * (the Instance page). The period belongs to the game: the game's queries are
 * refreshed either way.
 */
export function useSetPlayingPeriod(gameId: string, target: { versionId: string } | { instanceId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlayingPeriodBody) =>
      'versionId' in target
        ? operationsApi.setVersionPlayingPeriod(target.versionId, body)
        : operationsApi.setInstancePlayingPeriod(target.instanceId, body),
    onSuccess: () => {
      notifySuccess(OPERATION_TEXTS.playingPeriodUpdated);
      void queryClient.invalidateQueries({ queryKey: operationsQueryKeys.game(gameId) });
      void queryClient.invalidateQueries({ queryKey: designQueryKeys.workspace(gameId) });
    },
    onError: (error) =>
      hasFieldErrors(error)
        ? undefined
        : notifyError(
            'versionId' in target
              ? OPERATION_TEXTS.errorSavingVersionPeriod(target.versionId)
              : OPERATION_TEXTS.errorSavingPeriod,
            error,
          ),
  });
}

/** True when the failure carries field errors, which a form shows instead of a toast. */
export function hasFieldErrors(error: unknown): boolean {
  return isApiError(error) && Object.keys(error.body?.errors ?? {}).length > 0;
}

/** Terminate, delete, and the world items of one instance, each with its toasts. */
export function useInstanceMutations(gameId: string, instanceId: string) {
  const queryClient = useQueryClient();
  const key = operationsQueryKeys.instance(gameId, instanceId);
  const refetch = () => queryClient.invalidateQueries({ queryKey: key });

  const terminate = useMutation({
    mutationFn: () => operationsApi.terminate(instanceId),
    onSuccess: () => {
      notifySuccess(OPERATION_TEXTS.instanceTerminated);
      void refetch();
      void queryClient.invalidateQueries({ queryKey: operationsQueryKeys.instances(gameId) });
    },
    onError: (error) => notifyError(OPERATION_TEXTS.errorTerminating, error),
  });

  const remove = useMutation({
    mutationFn: () => operationsApi.deleteInstance(instanceId),
    onSuccess: () => {
      notifySuccess(OPERATION_TEXTS.instanceDeleted);
      void queryClient.invalidateQueries({ queryKey: operationsQueryKeys.instances(gameId) });
    },
    onError: (error) => notifyError(OPERATION_TEXTS.errorDeletingInstance, error),
  });

  const saveItem = useMutation({
    mutationFn: ({ values, reason }: { values: WorldEntryValues; reason: string }) =>
      operationsApi.updateWorldStateItem(instanceId, values, reason),
    onSuccess: () => {
      notifySuccess(OPERATION_TEXTS.worldStateUpdated);
      void refetch();
    },
    onError: (error) => {
      if (!hasFieldErrors(error)) notifyError(OPERATION_TEXTS.errorSettingWorldState, error);
    },
  });

  const deleteItem = useMutation({
    mutationFn: ({ key, reason }: { key: string; reason: string }) =>
      operationsApi.deleteWorldStateItem(instanceId, key, reason),
    onSuccess: () => {
      notifySuccess(OPERATION_TEXTS.itemDeleted);
      void refetch();
    },
    onError: (error, { key }) => notifyError(OPERATION_TEXTS.errorDeletingItem(key), error),
  });

  return { terminate, remove, saveItem, deleteItem, refetch };
}

/** GET …/audit: the instance's audit log (rescues and world edits). */
export function useAudit(gameId: string, instanceId: string) {
  return useQuery({
    queryKey: operationsQueryKeys.audit(gameId, instanceId),
    queryFn: ({ signal }) => operationsApi.audit(instanceId, signal),
    enabled: Boolean(instanceId),
  });
}

/** GET …/stuck-players, polled every `refreshSeconds`. */
export function useStuckPlayers(gameId: string, minutes: number, refreshSeconds: number) {
  return useQuery({
    queryKey: operationsQueryKeys.stuck(gameId, minutes),
    queryFn: ({ signal }) => operationsApi.stuckPlayers(gameId, minutes, signal),
    enabled: Boolean(gameId),
    refetchInterval: refreshSeconds * 1000,
    placeholderData: keepPreviousData,
  });
}

/** POST …/rescue; the instance and its audit are read again after it. */
export function useRescue(gameId: string, instanceId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ playerId, body }: { playerId: string; body: RescueRequest }) =>
      operationsApi.rescue(instanceId, playerId, body),
    onSuccess: (_answer, { body }) => {
      // The operator sees the rescue landed (the player's screen changes on their phone, not here).
      notifySuccess(t('operations.rescue.done', { count: body.actions.length }));
      void queryClient.invalidateQueries({ queryKey: operationsQueryKeys.instance(gameId, instanceId) });
    },
  });
}
