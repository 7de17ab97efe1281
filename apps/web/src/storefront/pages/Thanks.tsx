import { GATEWAY_NAMES, type GatewayCodeName, type OrderView } from '@haat/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { usePhrase } from '../../lib/phrases';
import { useSiteInfo, useStorefrontInfo } from '../../lib/site';
import { AdvanceHoldNotice } from '../AdvanceHoldNotice';
import { OrderLines } from '../OrderSummary';
import { useMethodName } from '../PaymentChoice';
import { PaymentOutcome } from '../PaymentOutcome';
import { placedOrder } from '../placed-order';
import { reportPurchase } from '../purchase-signal';

const gatewayLabel = (code: string) => GATEWAY_NAMES[code as GatewayCodeName] ?? code;

/** The confirmation: the order number, what was ordered, what it costs and how to follow it. */
export default function Thanks() {
  const { t } = useTranslation();
  const { number = '' } = useParams();
  const location = useLocation();
  const order = placedOrder(number, (location.state as { order?: OrderView } | null)?.order);
  const [search] = useSearchParams();
  const methodName = useMethodName();
  const phrase = usePhrase();
  const paidParam = search.get('paid') === '1';
  // "Pay the delivery person in cash" is for an order paid on delivery, not one paid (or to be paid) online.
  const paysOnDelivery = order ? order.payment_method === 'cod' : !paidParam;
  const marketing = useStorefrontInfo()?.marketing_setting;
  const currency = useSiteInfo()?.currency ?? 'BDT';
  // The tags hear of the order once (decision 060): a Purchase with the server's event id, or a Lead.
  const reported = useRef('');
  useEffect(() => {
    if (!order || !marketing || reported.current === order.number) return;
    // An order still awaiting its online payment is reported when it comes back paid (decision 062).
    if (order.payment_status === 'awaiting' && !paidParam) return;
    reported.current = order.number;
    reportPurchase(order, marketing, currency);
  }, [order, marketing, currency, paidParam]);
  const trackLink = order
    ? `/track?number=${encodeURIComponent(order.number)}&phone=${encodeURIComponent(order.phone)}`
    : `/track?number=${encodeURIComponent(number)}`;
  return (
    <div className="s-stack s-narrow">
      <div className="s-card s-stack" style={{ textAlign: 'center' }}>
        <h1>{t('store.thanksTitle')}</h1>
        <p>{paysOnDelivery ? t('store.thanksText') : phrase('We have your order.')}</p>
        <p className="s-muted s-small">{t('store.orderNumber')}</p>
        <p className="s-order-number" data-testid="order-number">
          {number}
        </p>
        {order && <p>{t('store.thanksCall', { phone: order.phone })}</p>}
        <AdvanceHoldNotice onHold={order?.status === 8 && order.payment_status !== 'awaiting'} />
        <PaymentOutcome
          number={number}
          payUrl={order?.pay_url ?? null}
          paidParam={paidParam}
          placedStatus={order?.payment_status ?? null}
        />
      </div>
      {order && (
        <section className="s-card s-stack" aria-labelledby="thanks-items">
          <h2 id="thanks-items">{t('store.whatYouOrdered')}</h2>
          <OrderLines
            lines={order.lines}
            subtotal={order.subtotal}
            delivery={order.delivery_charge}
            discount={order.discount}
            total={order.total}
          />
          <p className="s-small">
            {t('store.deliverTo')}: {order.customer_name}, {order.address}
            {order.sub_city_name && `, ${order.sub_city_name}`}
            {order.city_name && `, ${order.city_name}`}
          </p>
          <p className="s-small">
            {t('store.payment')}: {methodName({ code: order.payment_method, label: gatewayLabel(order.payment_method) })}
          </p>
        </section>
      )}
      <section className="s-card s-stack" aria-labelledby="thanks-track">
        <h2 id="thanks-track">{t('store.howToTrack')}</h2>
        <p>{t('store.howToTrackText')}</p>
        <div className="s-row">
          <Link to={trackLink} className="s-btn">
            {t('store.trackOrder')}
          </Link>
          <Link to="/" className="s-btn s-btn-secondary">
            {t('store.keepShopping')}
          </Link>
        </div>
      </section>
    </div>
  );
}
