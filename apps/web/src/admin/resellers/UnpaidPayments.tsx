import { usePhrase } from '../../lib/phrases';
import { WithdrawalList } from './WithdrawalList';

/** `/admin/un-paid/payment/reseller`: requests not paid yet. */
export default function UnpaidPayments() {
  const phrase = usePhrase();
  return (
    <WithdrawalList
      status="pending"
      title={phrase('Unpaid reseller payments')}
      intro={phrase('Withdraw requests resellers are waiting for. Pay or reject each from here.')}
    />
  );
}
