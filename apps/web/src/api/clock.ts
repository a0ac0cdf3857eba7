import type {
  ClockControlRequest,
  RescueAnswer,
  ScheduledMessage,
  ScheduledMessageList,
  ScheduleMessageRequest,
} from '@loci/domain';
import { api } from './client';

const enc = encodeURIComponent;

/** The operators' calls of the game clock (issue 28; docs/operations.md "The clock"). */
export const clockApi = {
  /** Pause or resume everyone's clock, or add (negative: take) minutes for one player or team, with a reason. */
  control: (instanceId: string, body: ClockControlRequest) =>
    api.post<RescueAnswer>(`/manage/instances/${enc(instanceId)}/clock`, body),
  scheduledMessages: (instanceId: string, signal?: AbortSignal) =>
    api.get<ScheduledMessageList>(`/manage/instances/${enc(instanceId)}/scheduled-messages`, signal),
  scheduleMessage: (instanceId: string, body: ScheduleMessageRequest) =>
    api.post<ScheduledMessage>(`/manage/instances/${enc(instanceId)}/scheduled-messages`, body),
  cancelScheduledMessage: (instanceId: string, messageId: string) =>
    api.delete<ScheduledMessage>(`/manage/instances/${enc(instanceId)}/scheduled-messages/${enc(messageId)}`),
};

export const clockQueryKeys = {
  scheduled: (instanceId: string) => ['operations', 'scheduled-messages', instanceId] as const,
};
