import { usePhrase } from '../../lib/phrases';
import { WithdrawalList } from './WithdrawalList';

/** `/admin/paid/payment/reseller`: requests paid, each with its printable invoice. */
export default function PaidPayments() {
  const phrase = usePhrase();
  return (
    <WithdrawalList
      status="paid"
      title={phrase('Paid reseller payments')}
      intro={phrase('Withdrawals paid to resellers, with how and the transaction id.')}
    />
  );
}
