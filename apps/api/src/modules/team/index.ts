/**
 * The team and its salaries (issue 19 §5, decision 050): members who may have no login, salary
 * months booked and paid through the accounts module's postEntry, advances recovered from later months.
 */
export { teamRoutes } from './team.routes';
