/**
 * The back office's dashboard: each module contributes cards and charts (a DashboardContribution,
 * exported from its own index); the app factory hands the list to dashboardRoutes at start-up, so
 * the dashboard depends on no module it shows.
 */
export { dashboardRoutes } from './dashboard.routes';
export { buildDashboard, type DashboardContribution, type DashboardScope, dailyCounts, type Guarded } from './dashboard.service';
