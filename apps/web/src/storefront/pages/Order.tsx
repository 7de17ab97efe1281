import type { OrderView } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { Loading } from '../Loading';
import { OrderHistory } from '../OrderHistory';
import { OrderLines } from '../OrderSummary';

/** `/account/orders/:number`: one of the shopper's orders with its lines, totals and history. */
export default function Order() {
  const { t } = useTranslation();
  const { number = '' } = useParams();
  const query = useQuery({
    queryKey: ['store', 'account', 'order', number],
    queryFn: () => get<{ order: OrderView }>(`/_public/account/orders/${encodeURIComponent(number)}`),
  });
  const order = query.data?.order;
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
      {order && (
        <div className="s-card s-stack">
          <div className="s-row s-between">
            <span className="s-muted s-small">
              {t('store.placedAt')}: {formatDateTime(order.placed_at)}
            </span>
            <span className="s-status">{t(`store.status.${order.status}`, { defaultValue: order.status_label })}</span>
          </div>
          <OrderLines
            lines={order.lines}
            subtotal={order.subtotal}
            delivery={order.delivery_charge}
            discount={order.discount}
            total={order.total}
          />
          <p className="s-small">
            {t('store.deliverTo')}: {order.customer_name}, {order.phone}, {order.address}
            {order.sub_city_name && `, ${order.sub_city_name}`}
            {order.city_name && `, ${order.city_name}`}
          </p>
          <OrderHistory history={order.history} />
        </div>
      )}
    </div>
  );
}
