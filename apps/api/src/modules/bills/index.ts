/**
 * Recurring bills (rent, electricity, internet…), each period's bill and its payments (issue 19,
 * decision 051), posted through the accounts module in each event's transaction.
 */
export { billRoutes } from './bill.routes';
