import type { CheckoutQuote, CheckoutResult, CustomerAddress } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { get, post } from '../../lib/api';
import { useNumber } from '../../lib/numbers';
import { usePhrase } from '../../lib/phrases';
import { queryClient } from '../../lib/query';
import { useStorefrontInfo } from '../../lib/site';
import { useZodForm } from '../../ui/useZodForm';
import { storeQueries, useCart } from '../api';
import { useBootHandover } from '../boot';
import { CheckoutCode } from '../CheckoutCode';
import { useCheckoutDraft } from '../checkout-draft';
import { DeliveryDetails } from '../DeliveryDetails';
import { ErrorSummary, useErrorSummary } from '../error-summary';
import { FormAlert } from '../fields';
import { Loading } from '../Loading';
import { useMoney } from '../money';
import { Totals } from '../OrderSummary';
import { type OfferedMethod, PaymentChoice, usePaymentChoice } from '../PaymentChoice';
import { type PayStart, payStartState } from '../pay-link';
import { rememberPlacedOrder } from '../placed-order';
import { useShopper } from '../session';

/** The checkout's contract (and zod with it) loads once the page is idle: the page's first load stays small. */
const loadCheckoutInput = () => import('../checkout-input').then((module) => module.checkoutInput);

/** A random UUID; `crypto.randomUUID` exists only on HTTPS and localhost, so the rest make one by hand. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Checkout: who and where, the delivery charge and total quoted by the server for that place (and
 * coupon), payment (cash on delivery unless the shopper picks another offered method). The order's
 * idempotency key is made once per visit to this page: a double click or a resend places one order.
 */
export default function Checkout() {
  const { t } = useTranslation();
  const phrase = usePhrase();
  const number = useNumber();
  const navigate = useNavigate();
  const money = useMoney();
  const cart = useCart();
  const { user } = useShopper();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [couponText, setCouponText] = useState('');
  const [appliedCoupon, setAppliedCoupon] = useState('');
  const form = useZodForm(loadCheckoutInput, {
    name: '',
    phone: '',
    address: '',
    city_id: '',
    sub_city_id: '',
    coupon: '',
    note: '',
    payment_method: 'cod',
    payment_purpose: null,
    idempotency_key: idempotencyKey,
    otp_code: '',
  } as never);
  const values = form.values as Record<string, string>;
  const submitting = useRef(false);
  // The server draws a guest's checkout top (the API's storefront/first-paint.ts): it gives way once the cart is in.
  useBootHandover(!cart.isPending);
  const summary = useErrorSummary(form.errors);
  // What is typed is kept for a call back once the phone is valid (decision 056).
  useCheckoutDraft('/_public/checkout/draft', { ...values, coupon: appliedCoupon }, !form.submitting);

  // A signed-in customer's name, phone and default address fill the form once.
  const addresses = useQuery({
    queryKey: ['store', 'account', 'addresses'],
    queryFn: () => get<{ addresses: CustomerAddress[] }>('/_public/account/addresses'),
    enabled: Boolean(user),
  });
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current || !user) return;
    if (addresses.isPending) return;
    filled.current = true;
    const saved = addresses.data?.addresses.find((address) => address.is_default) ?? addresses.data?.addresses[0];
    form.setValues((current) => ({
      ...current,
      name: saved?.name ?? user.name,
      phone: saved?.phone ?? user.phone ?? '',
      ...(saved ? { address: saved.address, city_id: String(saved.city_id), sub_city_id: String(saved.sub_city_id) } : {}),
    }));
  }, [user, addresses.isPending, addresses.data, form.setValues]);

  const cityId = Number(values.city_id) || 0;
  const subCityId = Number(values.sub_city_id) || 0;
  const quote = useQuery({
    queryKey: ['store', 'quote', cityId, subCityId, appliedCoupon, cart.data?.cart_total, cart.data?.item_count],
    queryFn: () =>
      post<CheckoutQuote>('/_public/checkout/quote', { city_id: cityId, sub_city_id: subCityId || null, coupon: appliedCoupon || null }),
    enabled: cityId > 0 && (cart.data?.cart_content.length ?? 0) > 0,
    placeholderData: (previous) => previous,
  });
  // The quote's methods follow the cart (a product paid online only drops cash on delivery); before a district is
  // chosen, the shop's own list.
  const site = useStorefrontInfo();
  const methods: OfferedMethod[] = quote.data?.payment_methods ??
    site?.payment_methods ?? [{ code: 'cod', label: t('store.cashOnDelivery') }];
  const payment = usePaymentChoice(form, methods);

  const submit = form.onSubmit(async (_parsed, input) => {
    if (submitting.current) return;
    submitting.current = true;
    try {
      const online = input.payment_method !== 'cod';
      const answer = await post<CheckoutResult & { pay_url?: string | null }>('/_public/checkout', {
        ...input,
        payment_purpose: online ? input.payment_purpose : null,
        coupon: appliedCoupon || null,
      });
      const payUrl = answer.pay_url ?? null;
      rememberPlacedOrder(answer.order, payUrl);
      queryClient.setQueryData(storeQueries.cart.queryKey, { cart_content: [], cart_total: 0, item_count: 0 });
      void queryClient.invalidateQueries({ queryKey: storeQueries.cart.queryKey });
      // An order awaiting its online payment goes to its pay page, which starts the chosen gateway at once.
      if (payUrl && answer.order.payment_status === 'awaiting') {
        navigate(payUrl, { replace: true, state: payStartState(answer.order.payment_method) satisfies PayStart });
        return;
      }
      navigate(`/order/${encodeURIComponent(answer.order.number)}/thanks`, { replace: true, state: { order: answer.order } });
    } finally {
      submitting.current = false;
    }
  });

  // The page's top does not wait for the cart: it is drawn with the page's code, the form below once the cart is in.
  const guestLine = !user && (
    <p className="s-small">
      {t('store.checkoutGuest')}{' '}
      <Link to="/login?next=/checkout" className="s-link">
        {t('common.signIn')}
      </Link>
    </p>
  );
  if (cart.isPending)
    return (
      <div className="s-stack">
        <h1>{t('store.checkout')}</h1>
        {guestLine}
        <Loading />
      </div>
    );
  const lines = cart.data?.cart_content ?? [];
  if (lines.length === 0)
    return (
      <div className="s-card s-stack" style={{ alignItems: 'flex-start' }}>
        <h1>{t('store.checkout')}</h1>
        <p>{t('store.cartEmpty')}</p>
        <Link to="/" className="s-btn">
          {t('store.keepShopping')}
        </Link>
      </div>
    );

  const blocked = lines.some((line) => line.problem !== null);
  const couponError = quote.data?.coupon_error ?? form.errors.coupon;

  return (
    <form ref={summary.formRef} onSubmit={summary.watch(submit)} noValidate className="s-stack">
      <h1>{t('store.checkout')}</h1>
      {guestLine}
      <FormAlert>{form.formError}</FormAlert>
      <div className="s-checkout">
        <div className="s-stack">
          <DeliveryDetails form={form} headingId="checkout-delivery" />
          <PaymentChoice
            id="checkout"
            {...payment.props}
            total={quote.data && cityId ? quote.data.total : null}
            delivery={quote.data && cityId ? quote.data.delivery_charge : null}
          />
        </div>

        <section className="s-card s-stack" aria-labelledby="checkout-summary">
          <h2 id="checkout-summary">{t('store.orderSummary')}</h2>
          <ul className="s-lines" style={{ gap: 6 }}>
            {lines.map((line) => (
              <li key={line.variant_id} className="s-row s-between s-small">
                <span>
                  {line.name}
                  {line.variant_label && ` (${line.variant_label})`} × {number(line.quantity)}
                </span>
                <span>{money(line.line_total)}</span>
              </li>
            ))}
          </ul>
          <div className="s-field">
            <label htmlFor="checkout-coupon">{t('store.coupon')}</label>
            <div className="s-row" style={{ flexWrap: 'nowrap' }}>
              <input
                id="checkout-coupon"
                value={couponText}
                autoCapitalize="characters"
                onChange={(event) => setCouponText(event.currentTarget.value)}
                aria-invalid={couponError ? true : undefined}
                aria-describedby={couponError ? 'checkout-coupon-error' : undefined}
              />
              <button
                type="button"
                className="s-btn s-btn-secondary"
                onClick={() => setAppliedCoupon(couponText.trim().toUpperCase())}
                disabled={!cityId}
              >
                {t('store.apply')}
              </button>
            </div>
            {!cityId && couponText && <span className="s-field-hint">{t('store.couponNeedsCity')}</span>}
            {couponError && (
              <span id="checkout-coupon-error" className="s-field-error" role="alert">
                {couponError}
              </span>
            )}
            {quote.data?.coupon && (
              <span className="s-stock-in s-small" role="status">
                {t('store.couponApplied', { code: quote.data.coupon.code, amount: money(quote.data.coupon.discount) })}
              </span>
            )}
          </div>
          <div aria-live="polite">
            <Totals
              subtotal={quote.data?.subtotal ?? cart.data?.cart_total ?? 0}
              delivery={quote.data && cityId ? quote.data.delivery_charge : null}
              discount={quote.data?.discount ?? 0}
              total={quote.data && cityId ? quote.data.total : (cart.data?.cart_total ?? 0)}
            />
          </div>
          {quote.isError && (
            <p className="s-alert" role="alert">
              {quote.error.message}
            </p>
          )}
          {blocked && (
            <p className="s-alert" role="alert">
              {lines.some((line) => line.problem === 'over_stock')
                ? phrase('Fewer are left of some items than your cart holds. Lower or remove them to check out.')
                : t('store.removeBlocked')}{' '}
              <Link to="/cart">{t('store.cart')}</Link>
            </p>
          )}
          <CheckoutCode form={form} />
          <ErrorSummary summary={summary} id="checkout-errors" />
          <button
            type="submit"
            className="s-btn s-btn-block"
            disabled={form.submitting || blocked}
            aria-describedby={summary.fields.length > 0 ? 'checkout-errors' : undefined}
          >
            {form.submitting ? t('store.placingOrder') : payment.method === 'cod' ? t('store.placeOrder') : phrase('Place order and pay')}
          </button>
        </section>
      </div>
    </form>
  );
}
