/** Every TanStack Query key of the console, in one place. */
export const queryKeys = {
  account: ['account'] as const,
  providers: ['providers'] as const,
  clientConfig: ['client-config'] as const,
  confirmEmail: (mac: string, msg: string) => ['confirm-email', mac, msg] as const,
  roleRequests: ['admin', 'role-requests'] as const,
  dashboardStats: ['admin', 'dashboard-stats'] as const,
};
