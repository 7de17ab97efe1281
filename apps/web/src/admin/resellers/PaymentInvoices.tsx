import { WithdrawalList } from './WithdrawalList';

/** `/admin/reseller/payment/invoice`: the invoices of paid withdrawals, to open and print. */
export default function PaymentInvoices() {
  return (
    <WithdrawalList
      status="paid"
      invoices
      title="Reseller payment invoices"
      intro="One invoice per paid withdrawal. Open one to print it or save it as PDF."
    />
  );
}
