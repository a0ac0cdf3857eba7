import type { InboxAnswer, OrganiserMessageBody, PlayerMessagesAnswer } from '@loci/domain';
import { api } from './client';

const enc = encodeURIComponent;

/**
 * Messages both ways (docs/outings.md "Messages"). A player WRITES with the play event `chat` (through the
 * offline queue, like every event); these are the reads, and the organiser's inbox (manage right).
 */
export const messagesApi = {
  mine: (instanceId: string, signal?: AbortSignal) =>
    api.get<PlayerMessagesAnswer>(`/play/instances/${enc(instanceId)}/messages`, signal),
  readMine: (instanceId: string) =>
    api.post<{ unread: number }>(`/play/instances/${enc(instanceId)}/messages/read`, {}),
  inbox: (instanceId: string, signal?: AbortSignal) =>
    api.get<InboxAnswer>(`/manage/instances/${enc(instanceId)}/inbox`, signal),
  send: (instanceId: string, body: OrganiserMessageBody) =>
    api.post<{ sent: number }>(`/manage/instances/${enc(instanceId)}/messages`, body),
  readConversation: (instanceId: string, playerId: string) =>
    api.post<{ unread: number }>(`/manage/instances/${enc(instanceId)}/inbox/${enc(playerId)}/read`, {}),
  saveQuickReplies: (gameId: string, quickReplies: string[]) =>
    api.put<{ quickReplies: string[] }>(`/manage/games/${enc(gameId)}/quick-replies`, { quickReplies }),
};
