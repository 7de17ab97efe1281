import { WithdrawalList } from './WithdrawalList';

/** `/admin/un-paid/payment/reseller`: requests not paid yet. */
export default function UnpaidPayments() {
  return (
    <WithdrawalList
      status="pending"
      title="Unpaid reseller payments"
      intro="Withdraw requests resellers are waiting for. Pay or reject each from here."
    />
  );
}
