import { PayoutAccounts } from '../ui/portal/money/PayoutAccounts';

/** `/merchant/bank/account`. */
export default function MerchantBankAccounts() {
  return <PayoutAccounts kind="bank" />;
}
