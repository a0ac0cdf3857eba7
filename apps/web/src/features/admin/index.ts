export { AdminDashboardPage } from './AdminDashboardPage';
export { RoleRequestsPage } from './RoleRequestsPage';
