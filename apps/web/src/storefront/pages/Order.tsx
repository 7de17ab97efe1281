import { CUSTOMER_CANCEL_NOTE, customerOrderCancelInput, type OrderView } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { get, post } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { queryClient } from '../../lib/query';
import { useZodForm } from '../../ui/useZodForm';
import { FormAlert, TextArea } from '../fields';
import { Loading } from '../Loading';
import { useMoney } from '../money';
import { OrderHistory, orderStatusWord } from '../OrderHistory';
import { OrderLines } from '../OrderSummary';
import { PaymentOutcome } from '../PaymentOutcome';

const orderKey = (number: string) => ['store', 'account', 'order', number];

/** While the order is pending the shopper may cancel it, saying why; the shop sees the reason on its timeline. */
function CancelOrder({ number, onCancelled }: { number: string; onCancelled: (message: string) => void }) {
  const phrase = usePhrase();
  const [open, setOpen] = useState(false);
  const form = useZodForm(customerOrderCancelInput, { reason: '' });
  const submit = form.onSubmit(async (_parsed, values) => {
    const answer = await post<{ order: OrderView; message: string }>(
      `/_public/account/orders/${encodeURIComponent(number)}/cancel`,
      values,
    );
    queryClient.setQueryData(orderKey(number), { order: answer.order });
    await queryClient.invalidateQueries({ queryKey: ['store', 'account', 'orders'] });
    onCancelled(answer.message);
  });
  if (!open) {
    return (
      <div className="s-row">
        <button type="button" className="s-btn s-btn-secondary" onClick={() => setOpen(true)}>
          {phrase('Cancel this order')}
        </button>
        <span className="s-muted s-small">{phrase('You can cancel until the shop confirms the order.')}</span>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="s-stack" aria-labelledby="cancel-order">
      <h2 id="cancel-order">{phrase('Cancel this order')}</h2>
      <FormAlert>{form.formError}</FormAlert>
      <TextArea label={phrase('Why are you cancelling?')} field={form.field('reason')} hint={phrase('The shop reads this.')} required />
      <div className="s-row">
        <button type="submit" className="s-btn" disabled={form.submitting}>
          {form.submitting ? phrase('Cancelling…') : phrase('Yes, cancel the order')}
        </button>
        <button type="button" className="s-btn s-btn-secondary" onClick={() => setOpen(false)}>
          {phrase('Keep the order')}
        </button>
      </div>
    </form>
  );
}

/** The reason the shopper gave, when they cancelled the order themself. */
function cancelledByCustomer(order: OrderView): string | null {
  if (order.status !== 7) return null;
  const row = [...order.history].reverse().find((entry) => entry.status === 7 && entry.by === 'customer');
  if (!row) return null;
  return row.note.startsWith(CUSTOMER_CANCEL_NOTE) ? row.note.slice(CUSTOMER_CANCEL_NOTE.length) : row.note;
}

/** `/account/orders/:number`: one of the shopper's orders with its lines, totals and history; a pending one can be cancelled. */
export default function Order() {
  const { t } = useTranslation();
  const phrase = usePhrase();
  const { number = '' } = useParams();
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery({
    queryKey: orderKey(number),
    queryFn: () =>
      get<{ order: OrderView & { pay_url?: string | null }; pay_url?: string | null }>(
        `/_public/account/orders/${encodeURIComponent(number)}`,
      ),
  });
  const order = query.data?.order;
  // The pay link of an order awaiting its online payment (decision 062), beside the order or in it.
  const payUrl = query.data?.pay_url ?? order?.pay_url ?? null;
  const money = useMoney();
  const reason = order ? cancelledByCustomer(order) : null;
  return (
    <div className="s-stack">
      <Link to="/account/orders" className="s-link s-small">
        ← {t('store.myOrders')}
      </Link>
      <h1>
        {t('store.orderNumber')} {number}
      </h1>
      {query.isPending && <Loading />}
      {query.isError && (
        <p className="s-alert" role="alert">
          {query.error.message}
        </p>
      )}
      <FormAlert ok>{notice}</FormAlert>
      {order && (
        <div className="s-card s-stack">
          <div className="s-row s-between">
            <span className="s-muted s-small">
              {t('store.placedAt')}: {formatDateTime(order.placed_at)}
            </span>
            <span className="s-status" data-testid="order-status">
              {orderStatusWord(t, order.status, order.status_label)}
            </span>
          </div>
          {reason !== null && (
            <p className="s-small" data-testid="cancel-reason">
              {phrase('You cancelled this order: “{{reason}}”', { reason })}
            </p>
          )}
          <OrderLines
            lines={order.lines}
            subtotal={order.subtotal}
            delivery={order.delivery_charge}
            discount={order.discount}
            total={order.total}
          />
          {order.advance_paid > 0 && (
            <dl className="s-totals" data-testid="order-payment">
              <div>
                <dt>{phrase('Paid')}</dt>
                <dd>{money(order.advance_paid)}</dd>
              </div>
              <div>
                <dt>{phrase('To pay on delivery')}</dt>
                <dd data-testid="order-to-collect">{money(Math.max(0, order.total - order.advance_paid))}</dd>
              </div>
            </dl>
          )}
          {order.status !== 7 && (
            <PaymentOutcome
              number={order.number}
              payUrl={payUrl}
              paidParam={false}
              placedStatus={order.payment_status === 'awaiting' ? 'awaiting' : null}
            />
          )}
          <p className="s-small">
            {t('store.deliverTo')}: {order.customer_name}, {order.phone}, {order.address}
            {order.sub_city_name && `, ${order.sub_city_name}`}
            {order.city_name && `, ${order.city_name}`}
          </p>
          {order.status === 1 && <CancelOrder number={order.number} onCancelled={setNotice} />}
          <OrderHistory history={order.history} />
        </div>
      )}
    </div>
  );
}
