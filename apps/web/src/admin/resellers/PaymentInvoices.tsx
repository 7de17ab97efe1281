import { usePhrase } from '../../lib/phrases';
import { WithdrawalList } from './WithdrawalList';

/** `/admin/reseller/payment/invoice`: the invoices of paid withdrawals, to open and print. */
export default function PaymentInvoices() {
  const phrase = usePhrase();
  return (
    <WithdrawalList
      status="paid"
      invoices
      title={phrase('Reseller payment invoices')}
      intro={phrase('One invoice per paid withdrawal. Open one to print it or save it as PDF.')}
    />
  );
}
