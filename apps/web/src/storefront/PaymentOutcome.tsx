import { Link } from 'react-router';
import { usePhrase } from '../lib/phrases';
import { useMoney } from './money';
import { isPaidOnline, payLinkKey, usePayView } from './pay-link';

/**
 * The confirmation's word on an online payment (decision 062): "Payment received" once the gateway confirmed it,
 * or "Pay now" with the order's pay link while it awaits its payment. With the pay link the page asks the server
 * (`paid=1` from the gateway's return only says so until the answer is in); without it, `paid=1` and the placed
 * order's payment status are all it has. Nothing shows for an order paid on delivery.
 */
export function PaymentOutcome({
  number,
  payUrl,
  payHref = payUrl,
  paidParam,
  placedStatus,
}: {
  number: string;
  payUrl: string | null;
  /** Where "Pay now" goes (a reseller shop's pay page under its prefix); the pay link itself by default. */
  payHref?: string | null;
  paidParam: boolean;
  placedStatus: string | null;
}) {
  const phrase = usePhrase();
  const money = useMoney();
  const key = payLinkKey(payUrl);
  const view = usePayView(number, key).data;
  const paid = view ? isPaidOnline(view) : paidParam || placedStatus === 'paid';
  if (paid) {
    return (
      <div className="s-alert s-alert-ok s-stack" role="status" data-testid="payment-received" style={{ textAlign: 'start' }}>
        <strong>{phrase('Payment received — your order is confirmed')}</strong>
        {view && view.paid > 0 && <span>{phrase('Paid online: {{amount}}', { amount: money(view.paid) })}</span>}
        {view && view.due_on_delivery > 0 && (
          <span>{phrase('Pay the rest, {{amount}}, on delivery.', { amount: money(view.due_on_delivery) })}</span>
        )}
      </div>
    );
  }
  if (view?.status === 7) {
    return (
      <p className="s-alert" role="status" data-testid="payment-cancelled">
        {phrase('This order was cancelled, so nothing is due for it. Place a new order to buy these items.')}
      </p>
    );
  }
  const awaiting = view ? view.due_online > 0 : placedStatus === 'awaiting';
  if (!awaiting || !payHref) return null;
  return (
    <div className="s-alert s-stack" role="status" data-testid="payment-awaiting" style={{ textAlign: 'start' }}>
      <span>
        {view
          ? phrase('Your order waits for its online payment of {{amount}}: it is confirmed once paid.', { amount: money(view.due_online) })
          : phrase('Your order waits for its online payment: it is confirmed once paid.')}
      </span>
      <Link to={payHref} className="s-btn" style={{ alignSelf: 'flex-start' }}>
        {phrase('Pay now')}
      </Link>
    </div>
  );
}
