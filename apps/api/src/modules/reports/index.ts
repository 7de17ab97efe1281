/**
 * Reports over the orders' tables (issue 6 item 7) and the order figures of the dashboard. Reports
 * are queries, never kept figures (PRODUCT.md §2).
 */
export { orderDashboardCards, orderDashboardCharts } from './order-dashboard';
export { orderReport, processingReport, profitReport, profitTotalsIn, staffMovesReport } from './order-report.service';
export { reportRoutes } from './report.routes';
