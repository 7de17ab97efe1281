/**
 * Loans taken and given, with their lenders and borrowers, schedules and repayments (issue 19,
 * decision 051). Every event posts its entry through the accounts module in its own transaction.
 */
export { loanRoutes } from './loan.routes';
export { loanReceivables } from './loan-receivables';
