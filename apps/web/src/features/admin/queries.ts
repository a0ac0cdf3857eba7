import type { RoleDecisionInput, RoleRequestListItem } from '@loci/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin';
import { queryKeys } from '../../api/query-keys';
import { notifySuccess } from '../../components/notify';

export function useDashboardStats() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: queryKeys.dashboardStats,
    queryFn: ({ signal }) => adminApi.getDashboardStats(signal),
    meta: { errorMessage: t('admin.errors.stats') },
  });
}

export function useRoleRequests() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: queryKeys.roleRequests,
    queryFn: ({ signal }) => adminApi.getRoleRequests(signal),
    meta: { errorMessage: t('admin.errors.roleRequests') },
  });
}

/** Approves or rejects a request; the request then leaves the list. */
export function useDecideRoleRequest() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: RoleDecisionInput) => adminApi.decideRoleRequest(decision),
    meta: { errorMessage: t('admin.errors.update') },
    onSuccess: (_answer, decision) => {
      queryClient.setQueryData<RoleRequestListItem[]>(queryKeys.roleRequests, (list) =>
        list?.filter((item) => item.email !== decision.email),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats });
      notifySuccess(
        decision.action === 'approve' ? t('admin.roleRequests.approved') : t('admin.roleRequests.rejected'),
      );
    },
  });
}
