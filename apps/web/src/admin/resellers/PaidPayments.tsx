import { WithdrawalList } from './WithdrawalList';

/** `/admin/paid/payment/reseller`: requests paid, each with its printable invoice. */
export default function PaidPayments() {
  return (
    <WithdrawalList status="paid" title="Paid reseller payments" intro="Withdrawals paid to resellers, with how and the transaction id." />
  );
}
