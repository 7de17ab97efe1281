/**
 * The shop's books (issue 19, decision 048): a double-entry ledger every money event posts to. Other
 * modules call postEntry in the transaction of their event, naming accounts by the default chart's
 * keys (`'cash'`, `'sales_revenue'`, `'courier_receivable'`…) or by id (a balance or purpose a person chose).
 * This module imports no other domain module; they import it.
 */

export { accountNames, activeBalanceOptions, activeExpensePurpose } from './account-names';
export { accountsRoutes } from './accounts.routes';
export { accountsDashboard } from './accounts-dashboard';
export { replaceEntry, reversalOf, reversalRecord } from './entry-correction';
export {
  type AccountRef,
  accountBalance,
  accountIdFor,
  activeBalance,
  booksMismatches,
  debitNormal,
  type EntryInput,
  type EntryLineInput,
  LedgerError,
  type PostedEntry,
  postEntry,
  reverseEntry,
  shopDay,
  type TrialBalance,
  type TrialBalanceRow,
  trialBalance,
} from './ledger.service';
export { openingBalanceRoutes } from './opening-balance.routes';
export { addReceivableSource, type ReceivableSource } from './receivable-sources';
