import { PayoutAccounts } from '../../ui/portal/money/PayoutAccounts';

/** `/dropshipper/bank/account`. */
export default function BankAccounts() {
  return <PayoutAccounts kind="bank" />;
}
