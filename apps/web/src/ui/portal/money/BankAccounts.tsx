import { PayoutAccounts } from './PayoutAccounts';

/** `/dropshipper/bank/account`, `/merchant/bank/account`. */
export default function BankAccounts() {
  return <PayoutAccounts kind="bank" />;
}
