import { PayoutAccounts } from '../../ui/portal/money/PayoutAccounts';

/** `/dropshipper/mobile/banking`: bKash, Nagad and Rocket numbers. */
export default function MobileBanking() {
  return <PayoutAccounts kind="mobile" />;
}
