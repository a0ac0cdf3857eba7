import type { SubmissionItem, SubmissionList, VerdictRequest } from '@loci/domain';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { judgingApi, judgingQueryKeys, type SubmissionFilters } from '../../api/judging';
import { notifyError, notifySuccess } from '../../components/notify';
import './locales';

/**
 * The review queue of an instance a page at a time (cursor-based: a thousand waiting submissions are not read at
 * once), the pages read so far refreshed every few seconds (new submissions arrive while one judges).
 */
export function useSubmissions(instanceId: string, filters: SubmissionFilters) {
  return useInfiniteQuery({
    queryKey: judgingQueryKeys.list(instanceId, filters),
    queryFn: ({ pageParam, signal }) => judgingApi.list(instanceId, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(instanceId),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
}

export function useJudgingStats(instanceId: string) {
  return useQuery({
    queryKey: judgingQueryKeys.stats(instanceId),
    queryFn: ({ signal }) => judgingApi.stats(instanceId, signal),
    enabled: Boolean(instanceId),
  });
}

/** The pages of the queue with one submission as judged (the rest as they were). */
function withJudged(
  list: InfiniteData<SubmissionList> | undefined,
  judged: SubmissionItem,
): InfiniteData<SubmissionList> | undefined {
  if (!list) return list;
  return {
    ...list,
    pages: list.pages.map((page) => ({
      ...page,
      submissions: page.submissions.map((item) => (item.id === judged.id ? judged : item)),
    })),
  };
}

/**
 * One verdict. The judged submission shows its new status at once (a quick A or R after it finds it no longer
 * waiting), and the verdict is done as soon as the server answered: the queue and the statistics refresh behind
 * it, so the next shortcut is not lost while they load.
 */
export function useVerdict(instanceId: string) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: VerdictRequest }) => judgingApi.verdict(instanceId, id, body),
    onSuccess: (answer) => {
      client.setQueriesData<InfiniteData<SubmissionList>>({ queryKey: ['judging', instanceId, 'list'] }, (list) =>
        withJudged(list, answer.submission),
      );
      notifySuccess(t(`judging.${answer.submission.status}`));
    },
    onError: (error) => notifyError(t('judging.failed'), error),
    onSettled: () => void client.invalidateQueries({ queryKey: judgingQueryKeys.all }),
  });
}

export function useBulkApprove(instanceId: string) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, points }: { ids: string[]; points: number }) =>
      judgingApi.bulkApprove(instanceId, { ids, points }),
    onSuccess: (answer) => notifySuccess(t('judging.bulkDone', answer)),
    onError: (error) => notifyError(t('judging.failed'), error),
    onSettled: () => client.invalidateQueries({ queryKey: judgingQueryKeys.all }),
  });
}
