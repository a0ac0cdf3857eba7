import type {
  BulkApproveAnswer,
  BulkApproveRequest,
  JudgingStats,
  SubmissionList,
  SubmissionStatusFilter,
  VerdictAnswer,
  VerdictRequest,
} from '@loci/domain';
import { API_BASE, api } from './client';

const enc = encodeURIComponent;

/** The filters of the review queue (issue 29); empty ones are left out. */
export interface SubmissionFilters {
  status?: SubmissionStatusFilter | '';
  missionId?: string;
  playerId?: string;
}

/** How many submissions the review queue reads at a time (the next page as the organiser nears the end). */
export const REVIEW_PAGE_SIZE = 50;

/** Judged submissions (docs/outings.md "Judging"): the organisers' review queue of an instance. */
export const judgingApi = {
  /** One page of the queue, newest first: the first without `cursor`, then each answer's `nextCursor`. */
  list: (instanceId: string, filters: SubmissionFilters, cursor: string | null, signal?: AbortSignal) => {
    const query = new URLSearchParams({ limit: String(REVIEW_PAGE_SIZE) });
    if (cursor) query.set('cursor', cursor);
    for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
    return api.get<SubmissionList>(`/manage/instances/${enc(instanceId)}/submissions?${query}`, signal);
  },
  verdict: (instanceId: string, submissionId: string, body: VerdictRequest) =>
    api.post<VerdictAnswer>(`/manage/instances/${enc(instanceId)}/submissions/${enc(submissionId)}/verdict`, body),
  bulkApprove: (instanceId: string, body: BulkApproveRequest) =>
    api.post<BulkApproveAnswer>(`/manage/instances/${enc(instanceId)}/submissions/bulk-approve`, body),
  stats: (instanceId: string, signal?: AbortSignal) =>
    api.get<JudgingStats>(`/manage/instances/${enc(instanceId)}/submissions/stats`, signal),
};

export const judgingQueryKeys = {
  all: ['judging'] as const,
  list: (instanceId: string, filters: SubmissionFilters) => ['judging', instanceId, 'list', filters] as const,
  stats: (instanceId: string) => ['judging', instanceId, 'stats'] as const,
};

/** A submitted medium at a size for the reviewer's screen (images), or its original file (video, sound). */
export function submissionMediaUrl(mediaId: string, mediaType: string | null): string {
  if (mediaType?.startsWith('image/')) return `${API_BASE}/design/medias/thumb/${enc(mediaId)}?width=1200&square=0`;
  return `${API_BASE}/design/medias/file/${enc(mediaId)}`;
}
