import type { AccountOrderPage } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { useNumber } from '../../lib/numbers';
import { usePhrase } from '../../lib/phrases';
import { Loading } from '../Loading';
import { useMoney } from '../money';
import { orderStatusWord } from '../OrderHistory';

/** `/account/orders`: the shopper's orders, newest first, a page at a time. */
export default function Orders() {
  const { t } = useTranslation();
  const phrase = usePhrase();
  const number = useNumber();
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useQuery({
    queryKey: ['store', 'account', 'orders', page],
    queryFn: () => get<AccountOrderPage>(`/_public/account/orders?page=${page}`),
    placeholderData: (previous) => previous,
  });
  const data = orders.data;
  return (
    <div className="s-stack">
      <h1>{t('store.myOrders')}</h1>
      {orders.isPending && <Loading />}
      {orders.isError && (
        <p className="s-alert" role="alert">
          {orders.error.message}
        </p>
      )}
      {data && data.data.length === 0 && (
        <div className="s-card s-stack" style={{ alignItems: 'flex-start' }}>
          <p>{t('store.noOrders')}</p>
          <Link to="/" className="s-btn">
            {t('store.keepShopping')}
          </Link>
        </div>
      )}
      {data && data.data.length > 0 && (
        <ul className="s-lines">
          {data.data.map((order) => (
            <li key={order.id} className="s-card s-stack" style={{ gap: 4 }}>
              <div className="s-row s-between">
                <Link to={`/account/orders/${encodeURIComponent(order.number)}`} className="s-link">
                  {t('store.orderNumber')} {order.number}
                </Link>
                <span className="s-status">{orderStatusWord(t, order.status, order.status_label)}</span>
              </div>
              <p className="s-small">
                {order.more_items > 0
                  ? phrase('{{name}} and {{n}} more', { name: order.first_item, n: number(order.more_items) })
                  : order.first_item}
              </p>
              <p className="s-row s-between s-small">
                <span className="s-muted">{formatDate(order.placed_at)}</span>
                <strong>{money(order.total)}</strong>
              </p>
            </li>
          ))}
        </ul>
      )}
      {data && data.total > data.per_page && (
        <nav className="s-row" aria-label={t('store.pages')} style={{ justifyContent: 'center' }}>
          <button
            type="button"
            className="s-btn s-btn-secondary s-btn-small"
            disabled={page <= 1}
            onClick={() => setParams({ page: String(page - 1) })}
          >
            {t('store.previous')}
          </button>
          <span className="s-small">{phrase('Page {{page}} of {{n}}', { page: number(page), n: number(data.last_page) })}</span>
          <button
            type="button"
            className="s-btn s-btn-secondary s-btn-small"
            disabled={page >= data.last_page}
            onClick={() => setParams({ page: String(page + 1) })}
          >
            {t('store.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
