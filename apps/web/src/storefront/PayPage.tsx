import type { GatewayCodeName, PayPageView, StartedPaymentView } from '@haat/contracts';
import i18next from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, post } from '../lib/api';
import { dayjs, formatDateTime } from '../lib/dates';
import { dateLocaleReady } from '../lib/i18n';
import { loadPhrasebooksOnDemand, serverMessage, usePhrase } from '../lib/phrases';
import { Loading } from './Loading';
import { useMoney } from './money';
import { useMethodName } from './PaymentChoice';
import { isPaidOnline, type PayStart, usePayView } from './pay-link';

/**
 * The pay pages' loader: dates in the shopper's language (the hold's end, "in an hour"), and — outside English —
 * the server's messages, so a gateway's reason for a failed payment reads in Bengali too.
 */
export async function payPageLoader() {
  const language = i18next.language;
  await Promise.all([
    dateLocaleReady(),
    language && language !== 'en' ? Promise.all([import('../lib/translate-message'), loadPhrasebooksOnDemand(language)]) : null,
  ]);
  return null;
}

/** The pay page's state, from what the server says of the order. */
type PayState = 'paid' | 'cancelled' | 'expired' | 'due' | 'nothing';

function stateOf(view: PayPageView, now: number): PayState {
  if (view.status === 7) return 'cancelled';
  if (isPaidOnline(view)) return 'paid';
  if (view.due_online <= 0) return 'nothing';
  if (view.pay_by && new Date(view.pay_by).getTime() <= now) return 'expired';
  return 'due';
}

/**
 * `/pay/:number?key=…` (decision 062): an order awaiting its online payment — its total, what is paid, what is due
 * online now and on delivery, the time its items are held until — and a button per gateway that starts a payment
 * and sends the shopper to the gateway's page. Coming from checkout it starts the chosen gateway at once (once);
 * back from a failed or cancelled payment (`failed=1`) it says what went wrong and offers the buttons again.
 * `thanks` is the order's confirmation page (the storefront's or the reseller shop's), `home` the shop's first page;
 * `shop` the reseller shop's slug when its pages are under `/shop/{slug}`, so the gateway sends the shopper back there.
 */
export function PayPage({ home, thanks, shop }: { home: string; thanks: (number: string) => string; shop?: string }) {
  const { t } = useTranslation();
  const phrase = usePhrase();
  const money = useMoney();
  const name = useMethodName();
  const navigate = useNavigate();
  const location = useLocation();
  const { number = '' } = useParams();
  const [search] = useSearchParams();
  const key = search.get('key');
  const failed = search.get('failed') === '1';
  const view = usePayView(number, key);
  const [starting, setStarting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = useCallback(
    async (gateway: GatewayCodeName) => {
      setStarting(gateway);
      setError(null);
      try {
        const started = await post<StartedPaymentView>(`/_public/orders/${encodeURIComponent(number)}/pay`, {
          key,
          gateway,
          ...(shop ? { shop } : {}),
        });
        window.location.assign(started.redirect_url);
      } catch (caught) {
        setStarting(null);
        setError(caught instanceof Error ? caught.message : String(caught));
        void view.refetch();
      }
    },
    [number, key, shop, view.refetch],
  );

  // Back from the gateway's page by the browser's back button (a page restored from its cache): the buttons work again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setStarting(null);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  // From checkout: the gateway the shopper chose starts at once, once — the state is dropped first, so coming back
  // to this page shows its buttons instead of leaving again.
  const chosen = (location.state as PayStart)?.start;
  const autoStarted = useRef(false);
  useEffect(() => {
    if (autoStarted.current || !chosen || !view.data) return;
    autoStarted.current = true;
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    const gateway = view.data.gateways.find((offered) => offered.code === chosen);
    if (gateway && !failed && stateOf(view.data, Date.now()) === 'due') void start(gateway.code);
  }, [chosen, view.data, failed, navigate, location.pathname, location.search, start]);

  const heading = <h1>{phrase('Pay for order {{number}}', { number })}</h1>;
  if (!key || view.isError) {
    const message =
      !key || (view.error instanceof ApiError && [403, 404, 422].includes(view.error.status))
        ? phrase('This payment link is not valid. Open the link from your SMS or your order page again.')
        : view.error?.message;
    return (
      <div className="s-stack s-narrow">
        {heading}
        <p className="s-alert" role="alert">
          {message}
        </p>
        <Link to={home} className="s-btn s-btn-secondary">
          {t('store.keepShopping')}
        </Link>
      </div>
    );
  }
  if (!view.data) {
    return (
      <div className="s-stack s-narrow">
        {heading}
        <Loading />
      </div>
    );
  }

  const order = view.data;
  const state = stateOf(order, Date.now());
  const lastFailed = order.last_attempt && order.last_attempt.state !== 'paid' ? order.last_attempt : null;
  return (
    <div className="s-stack s-narrow" data-testid="pay-page">
      {heading}
      {failed && state === 'due' && (
        <div className="s-alert" role="alert" data-testid="pay-failed">
          <p style={{ margin: 0 }}>
            {lastFailed?.message
              ? phrase('The payment did not go through: {{reason}}', { reason: serverMessage(lastFailed.message) })
              : phrase('The payment did not go through.')}
          </p>
          <p style={{ margin: '4px 0 0' }}>{phrase('No money was taken for it. Try again, or choose another way to pay.')}</p>
        </div>
      )}
      {state === 'paid' && (
        <div className="s-alert s-alert-ok s-stack" role="status" data-testid="pay-paid">
          <strong>{phrase('Payment received — your order is confirmed')}</strong>
          {order.due_on_delivery > 0 && (
            <span>{phrase('Pay the rest, {{amount}}, on delivery.', { amount: money(order.due_on_delivery) })}</span>
          )}
        </div>
      )}
      {state === 'cancelled' && (
        <p className="s-alert" role="status" data-testid="pay-cancelled">
          {phrase('This order was cancelled, so nothing is due for it. Place a new order to buy these items.')}
        </p>
      )}
      {state === 'expired' && (
        <p className="s-alert" role="status" data-testid="pay-expired">
          {phrase('The time to pay for this order has run out: it is cancelled and its items are released. Place a new order to buy them.')}
        </p>
      )}
      {state === 'nothing' && (
        <p className="s-alert s-alert-ok" role="status">
          {phrase('Nothing is due online for this order: it is paid on delivery.')}
        </p>
      )}

      <section className="s-card s-stack" aria-labelledby="pay-amounts">
        <h2 id="pay-amounts">{phrase('What you pay')}</h2>
        {order.purpose && state === 'due' && (
          <p className="s-small" style={{ margin: 0 }}>
            {order.purpose === 'full'
              ? phrase('You chose to pay the whole order online now.')
              : phrase('You chose to pay the delivery charge online now and the rest on delivery.')}
          </p>
        )}
        <dl className="s-totals">
          <div>
            <dt>{t('store.total')}</dt>
            <dd data-testid="pay-total">{money(order.total)}</dd>
          </div>
          <div>
            <dt>{phrase('Paid')}</dt>
            <dd data-testid="pay-paid-amount">{money(order.paid)}</dd>
          </div>
          {state === 'due' && (
            <div className="s-total">
              <dt>{phrase('To pay online now')}</dt>
              <dd data-testid="pay-due-online">{money(order.due_online)}</dd>
            </div>
          )}
          {state !== 'cancelled' && state !== 'expired' && (
            <div>
              <dt>{phrase('To pay on delivery')}</dt>
              <dd data-testid="pay-due-delivery">{money(order.due_on_delivery)}</dd>
            </div>
          )}
        </dl>
        {state === 'due' && order.pay_by && (
          <p className="s-small" style={{ margin: 0 }} data-testid="pay-by">
            {phrase('Pay by {{time}} ({{left}}): the items are held for you until then.', {
              time: formatDateTime(order.pay_by),
              left: dayjs(order.pay_by).fromNow(),
            })}
          </p>
        )}
      </section>

      {state === 'due' && (
        <section className="s-card s-stack" aria-labelledby="pay-how">
          <h2 id="pay-how">{phrase('Pay with')}</h2>
          {order.gateways.length === 0 && (
            <p className="s-alert">{phrase('The shop takes no online payment right now. Please call the shop.')}</p>
          )}
          {order.gateways.map((gateway) => (
            <button
              key={gateway.code}
              type="button"
              className="s-btn s-btn-block"
              disabled={starting !== null}
              aria-busy={starting === gateway.code ? true : undefined}
              onClick={() => void start(gateway.code)}
            >
              {starting === gateway.code
                ? phrase('Opening {{method}}…', { method: name(gateway) })
                : phrase('Pay {{amount}} with {{method}}', { amount: money(order.due_online), method: name(gateway) })}
            </button>
          ))}
          {error && (
            <p className="s-alert" role="alert" data-testid="pay-error">
              {error}
            </p>
          )}
          <p className="s-small s-muted" style={{ margin: 0 }}>
            {phrase('You pay on the gateway’s own page; the shop never sees your PIN or card number.')}
          </p>
        </section>
      )}

      <div className="s-row">
        {state === 'paid' && (
          <Link to={thanks(order.number)} className="s-btn">
            {phrase('See your order')}
          </Link>
        )}
        <Link to={home} className="s-btn s-btn-secondary">
          {t('store.keepShopping')}
        </Link>
      </div>
    </div>
  );
}
