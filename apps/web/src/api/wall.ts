import type { FeedAnswer, FeedLikeAnswer, ResultsAnswer, WallAnswer, WallLink } from '@loci/domain';
import { api } from './client';

const enc = encodeURIComponent;

/** The feed, the projector link, the wall and the results (issue 29; docs/outings.md "The wall"). */
export const wallApi = {
  /** The big screen, by the projector link's token: no sign-in. */
  wall: (token: string, signal?: AbortSignal) => api.get<WallAnswer>(`/wall/${enc(token)}`, signal),
  feed: (instanceId: string, signal?: AbortSignal) =>
    api.get<FeedAnswer>(`/manage/instances/${enc(instanceId)}/feed`, signal),
  post: (instanceId: string, text: string) =>
    api.post<FeedAnswer>(`/manage/instances/${enc(instanceId)}/feed`, { text }),
  withdraw: (instanceId: string, itemId: string) =>
    api.delete<FeedAnswer>(`/manage/instances/${enc(instanceId)}/feed/${enc(itemId)}`),
  link: (instanceId: string, signal?: AbortSignal) =>
    api.get<WallLink>(`/manage/instances/${enc(instanceId)}/wall-link`, signal),
  makeLink: (instanceId: string, body: { showMap: boolean; layout: 'rotate' | 'grid' }) =>
    api.post<WallLink>(`/manage/instances/${enc(instanceId)}/wall-link`, body),
  revokeLink: (instanceId: string) => api.delete<WallLink>(`/manage/instances/${enc(instanceId)}/wall-link`),
  results: (instanceId: string, signal?: AbortSignal) =>
    api.get<ResultsAnswer>(`/manage/instances/${enc(instanceId)}/results`, signal),
  playerFeed: (instanceId: string, signal?: AbortSignal) =>
    api.get<FeedAnswer>(`/play/instances/${enc(instanceId)}/feed`, signal),
  /** A player's like of a feed item (liked) or its undoing. */
  like: (instanceId: string, itemId: string, liked: boolean) => {
    const url = `/play/instances/${enc(instanceId)}/feed/${enc(itemId)}/like`;
    return liked ? api.put<FeedLikeAnswer>(url, {}) : api.delete<FeedLikeAnswer>(url);
  },
};
