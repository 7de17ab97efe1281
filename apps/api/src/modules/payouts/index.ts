/**
 * What every payee's cashbook shares (resellers, decision 014; merchants, decision 037): how a saved
 * payout account is read from its input, labelled and shown, how a withdraw request is numbered, and
 * how a journal row moves a balance, how one is written (`writeLedgerEntry`, the only writer) and how
 * a payee's rows are locked. Each payee keeps its own tables and lock; these are the parts that must
 * read the same everywhere (decision 042).
 */

export { signedBalanceSql, withdrawalNumber } from './journal';
export {
  type LedgerEntry,
  type LedgerEntryOf,
  lockPayees,
  type PayeeBooks,
  type PayeeLedger,
  payeeLedger,
  payoutBalance,
  writeLedgerEntry,
} from './ledger';
export {
  type PayoutAccountRow,
  type PayoutKind,
  payoutLabel,
  payoutValues,
  payoutView,
} from './payout-account';
export { type WithdrawalOwner, type WithdrawalRow, withdrawalRowViews, withdrawals } from './withdrawals';
