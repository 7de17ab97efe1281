import type { ResellerShopQuote } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { post } from '../../lib/api';
import { useNumber } from '../../lib/numbers';
import { Loading } from '../Loading';
import { useMoney } from '../money';
import { useShop } from './shop';

/** The lines of a shop's cart priced by the server, for the cart and checkout pages. */
export function useShopQuote(place: { city_id?: number; sub_city_id?: number; coupon?: string } = {}) {
  const { shop, cart } = useShop();
  return useQuery({
    queryKey: ['shop', shop.slug, 'quote', cart, place.city_id ?? 0, place.sub_city_id ?? 0, place.coupon ?? ''],
    queryFn: () =>
      post<ResellerShopQuote>(`/_public/shop/${shop.slug}/cart/quote`, {
        lines: cart,
        city_id: place.city_id || null,
        sub_city_id: place.sub_city_id || null,
        coupon: place.coupon || null,
      }),
    enabled: cart.length > 0,
    placeholderData: (previous) => previous,
  });
}

export default function ShopCart() {
  const { t } = useTranslation();
  const number = useNumber();
  const money = useMoney();
  const { path, cart, setCart } = useShop();
  const quote = useShopQuote();

  if (cart.length === 0)
    return (
      <div className="s-card s-stack" style={{ alignItems: 'flex-start' }}>
        <h1>{t('store.cart')}</h1>
        <p>{t('store.cartEmpty')}</p>
        <Link to={path()} className="s-btn">
          {t('store.keepShopping')}
        </Link>
      </div>
    );
  if (quote.isPending) return <Loading />;
  if (quote.isError) return <p role="alert">{quote.error.message}</p>;
  const setQuantity = (variantId: number, quantity: number) =>
    setCart(
      quantity <= 0
        ? cart.filter((line) => line.variant_id !== variantId)
        : cart.map((line) => (line.variant_id === variantId ? { ...line, quantity } : line)),
    );

  return (
    <div className="s-stack">
      <h1>{t('store.cart')}</h1>
      <ul className="s-lines s-card" aria-label={t('store.cartItems')}>
        {quote.data.lines.map((line) => (
          <li key={line.variant_id} className="s-row s-between">
            <span>
              {line.name}
              {line.variant_label && ` (${line.variant_label})`}
              <br />
              <span className="s-small">{money(line.price)}</span>
            </span>
            <span className="s-row">
              <span className="s-qty">
                <button type="button" aria-label={t('store.less')} onClick={() => setQuantity(line.variant_id, line.quantity - 1)}>
                  −
                </button>
                <span>
                  <span className="s-visually-hidden">{t('store.quantityOf', { name: line.name })}: </span>
                  {number(line.quantity)}
                </span>
                <button
                  type="button"
                  aria-label={t('store.more')}
                  disabled={line.quantity >= line.stock}
                  onClick={() => setQuantity(line.variant_id, line.quantity + 1)}
                >
                  +
                </button>
              </span>
              <strong>{money(line.line_total)}</strong>
              <button type="button" className="s-btn s-btn-secondary s-btn-small" onClick={() => setQuantity(line.variant_id, 0)}>
                {t('store.remove')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      <div className="s-card s-stack">
        <p className="s-row s-between">
          <span>{t('store.subtotal')}</span>
          <strong data-testid="cart-subtotal">{money(quote.data.subtotal)}</strong>
        </p>
        <p className="s-row s-between s-small">
          <span>{t('store.delivery')}</span>
          <span>{t('store.deliveryAfterCity')}</span>
        </p>
        <Link to={path('checkout')} className="s-btn s-btn-block">
          {t('store.checkout')}
        </Link>
      </div>
    </div>
  );
}
