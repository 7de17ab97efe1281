import { PayoutAccounts } from './PayoutAccounts';

/** `/dropshipper/mobile/banking`, `/merchant/mobile/banking`: bKash, Nagad and Rocket numbers. */
export default function MobileBanking() {
  return <PayoutAccounts kind="mobile" />;
}
