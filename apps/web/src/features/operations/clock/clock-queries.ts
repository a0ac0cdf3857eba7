import type { ClockControlRequest, ScheduleMessageRequest } from '@loci/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clockApi, clockQueryKeys } from '../../../api/clock';
import { operationsQueryKeys } from '../../../api/operations';
import { notifySuccess } from '../../../components/notify';
import './clock-locales';

/**
 * POST …/clock: pause, resume, add time (issue 28). The instance (its players' clocks), its audit and the
 * Gameplay page's list are read again; a failure is left to the form that asked (it shows the server's words).
 */
export function useClockControl(gameId: string, instanceId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ instanceId: target = instanceId, body }: { instanceId?: string; body: ClockControlRequest }) =>
      clockApi.control(target, body),
    onSuccess: (_answer, { body }) => {
      notifySuccess(t(`operations.clockControls.done.${body.control}`));
      void queryClient.invalidateQueries({ queryKey: operationsQueryKeys.game(gameId) });
    },
  });
}

/** GET …/scheduled-messages of an instance. */
export function useScheduledMessages(instanceId: string) {
  return useQuery({
    queryKey: clockQueryKeys.scheduled(instanceId),
    queryFn: ({ signal }) => clockApi.scheduledMessages(instanceId, signal),
    enabled: Boolean(instanceId),
    // A message is sent by the server's clock: the list follows it.
    refetchInterval: 30_000,
  });
}

/** POST and DELETE of a scheduled message; the list is read again. */
export function useScheduledMessageMutations(instanceId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: clockQueryKeys.scheduled(instanceId) });
  const schedule = useMutation({
    mutationFn: (body: ScheduleMessageRequest) => clockApi.scheduleMessage(instanceId, body),
    onSuccess: () => {
      notifySuccess(t('operations.scheduled.scheduledToast'));
      refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: (messageId: string) => clockApi.cancelScheduledMessage(instanceId, messageId),
    onSuccess: () => {
      notifySuccess(t('operations.scheduled.cancelledToast'));
      refresh();
    },
    onError: refresh,
  });
  return { schedule, cancel };
}
