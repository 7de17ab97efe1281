import { orderTrackInput, type TrackedOrder } from '@haat/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { dateLocaleReady } from '../../lib/i18n';
import { usePhrase } from '../../lib/phrases';
import { useZodForm } from '../../ui/useZodForm';
import { FormAlert, TextField } from '../fields';
import { OrderHistory, orderStatusWord } from '../OrderHistory';
import { OrderLines } from '../OrderSummary';

export async function loader() {
  await dateLocaleReady();
  return null;
}

/** Order tracking by order number and the phone it was placed with (`/track?number=&phone=` fills and looks it up). */
export default function Track() {
  const { t } = useTranslation();
  const phrase = usePhrase();
  const [params, setParams] = useSearchParams();
  const [order, setOrder] = useState<TrackedOrder | null>(null);
  const form = useZodForm(orderTrackInput, { number: params.get('number') ?? '', phone: params.get('phone') ?? '' });
  const submit = form.onSubmit(async (parsed) => {
    setOrder(null);
    const answer = await get<{ order: TrackedOrder }>(
      `/_public/order/track?number=${encodeURIComponent(parsed.number)}&phone=${encodeURIComponent(parsed.phone)}`,
    );
    setOrder(answer.order);
    setParams({ number: parsed.number }, { replace: true });
  });

  // Opened from the confirmation with both filled in: look it up at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (params.get('number') && params.get('phone')) void submit();
  }, []);

  return (
    <div className="s-stack s-narrow">
      <h1>{t('store.trackOrder')}</h1>
      <form onSubmit={submit} noValidate className="s-card s-stack">
        <p className="s-muted s-small">{t('store.trackHint')}</p>
        <FormAlert>{form.formError}</FormAlert>
        <TextField label={t('store.orderNumber')} field={form.field('number')} autoComplete="off" required />
        <TextField
          label={t('store.mobileNumber')}
          field={form.field('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required
        />
        <button type="submit" className="s-btn" disabled={form.submitting}>
          {form.submitting ? t('common.loading') : t('store.track')}
        </button>
      </form>
      {order && (
        <section className="s-card s-stack" aria-labelledby="tracked-order" data-testid="tracked-order">
          <div className="s-row s-between">
            <h2 id="tracked-order">
              {t('store.orderNumber')} {order.number}
            </h2>
            <span className="s-status" data-testid="order-status">
              {orderStatusWord(t, order.status, order.status_label)}
            </span>
          </div>
          <p className="s-muted s-small">
            {t('store.placedAt')}: {formatDateTime(order.placed_at)}
          </p>
          {order.courier && (
            <dl className="s-totals" data-testid="tracked-courier">
              <div>
                <dt>{phrase('Courier')}</dt>
                <dd>{order.courier.name}</dd>
              </div>
              {order.courier.tracking_code && (
                <div>
                  <dt>{phrase('Tracking code')}</dt>
                  <dd>
                    {order.courier.tracking_url ? (
                      <a href={order.courier.tracking_url} className="s-link" target="_blank" rel="noopener noreferrer">
                        {order.courier.tracking_code}
                        <span className="s-visually-hidden"> {phrase('(opens the courier’s tracking page)')}</span>
                      </a>
                    ) : (
                      order.courier.tracking_code
                    )}
                  </dd>
                </div>
              )}
            </dl>
          )}
          <OrderLines
            lines={order.lines}
            subtotal={order.subtotal}
            delivery={order.delivery_charge}
            discount={order.discount}
            total={order.total}
          />
          <OrderHistory history={order.history} />
        </section>
      )}
    </div>
  );
}
