import { PayoutAccounts } from '../ui/portal/money/PayoutAccounts';

/** `/merchant/mobile/banking`. */
export default function MerchantMobileBanking() {
  return <PayoutAccounts kind="mobile" />;
}
