/**
 * What every payee's cashbook shares (resellers, decision 014; merchants, decision 037): how a saved
 * payout account is read from its input, labelled and shown, how a withdraw request is numbered, and
 * how a journal row moves a balance. Each payee keeps its own tables and lock; these are the parts
 * that must read the same everywhere.
 */

export { signedBalanceSql, withdrawalNumber } from './journal';
export {
  type PayoutAccountRow,
  type PayoutKind,
  payoutLabel,
  payoutValues,
  payoutView,
} from './payout-account';
export { type WithdrawalOwner, type WithdrawalRow, withdrawalRowViews, withdrawals } from './withdrawals';
