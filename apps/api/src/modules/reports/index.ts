/**
 * The order reports' routes (issue 6 item 7): JSON pages and CSV exports. The queries over the
 * orders' tables are the orders module's own (order-report.service), read through its index.
 * Reports are queries, never kept figures (PRODUCT.md §2).
 */
export { reportRoutes } from './report.routes';
