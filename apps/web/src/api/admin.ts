import type { DashboardStats, RoleDecisionInput, RoleRequestListItem, User } from '@loci/domain';
import { api } from './client';

export const adminApi = {
  getRoleRequests: (signal?: AbortSignal) => api.get<RoleRequestListItem[]>('/admin/role-requests', signal),
  decideRoleRequest: (decision: RoleDecisionInput) =>
    api.patch<{ success: boolean; user: User }>('/admin/role-requests', decision),
  getDashboardStats: (signal?: AbortSignal) => api.get<DashboardStats>('/admin/dashboard-stats', signal),
};
