import { type ResellerShopPlaced, resellerShopOrderInput } from '@haat/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { post } from '../../lib/api';
import { useNumber } from '../../lib/numbers';
import { usePhrase } from '../../lib/phrases';
import { useStorefrontInfo } from '../../lib/site';
import { useZodForm } from '../../ui/useZodForm';
import { CheckoutCode } from '../CheckoutCode';
import { useCheckoutDraft } from '../checkout-draft';
import { DeliveryDetails } from '../DeliveryDetails';
import { FormAlert } from '../fields';
import { useMoney } from '../money';
import { type OfferedMethod, PaymentChoice, usePaymentChoice } from '../PaymentChoice';
import { type PayStart, payLinkIn, payStartState } from '../pay-link';
import { useShopQuote } from './ShopCart';
import { useShop } from './shop';

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface Problem {
  id: string;
  label: string;
  message: string;
}

/** The fields the page marks as wrong (`aria-invalid`), in the page's order, with their labels and messages. */
function problemsIn(form: HTMLFormElement | null): Problem[] {
  if (!form) return [];
  return [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"][id]')].map((field) => {
    const label = (field as HTMLInputElement).labels?.[0]?.textContent?.replace(/\s*\*\s*$/, '').trim() ?? '';
    const message = document.getElementById(`${field.id}-error`)?.textContent?.trim() ?? '';
    return { id: field.id, label, message };
  });
}

function goTo(id: string) {
  const field = document.getElementById(id);
  field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  field?.focus({ preventScroll: true });
}

/**
 * Checkout in a reseller's shop: who and where, the delivery charge of the place (the reseller's
 * own when they set one), cash on delivery or an online payment the shop takes (decision 062). The server prices
 * every line again.
 */
export default function ShopCheckout() {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const { shop, path, cart, setCart } = useShop();
  const [idempotencyKey] = useState(newKey);
  const form = useZodForm(resellerShopOrderInput, {
    name: '',
    phone: '',
    address: '',
    city_id: '',
    sub_city_id: '',
    note: '',
    idempotency_key: idempotencyKey,
    otp_code: '',
    payment_method: 'cod',
    payment_purpose: null,
    lines: cart,
  } as never);
  const values = form.values as unknown as Record<string, string>;
  const [couponText, setCouponText] = useState('');
  const [appliedCoupon, setAppliedCoupon] = useState('');
  // Kept for a call back (decision 056), named by this page's key: the order placed with it closes the draft.
  useCheckoutDraft(
    `/_public/shop/${shop.slug}/checkout/draft`,
    { ...values, coupon: appliedCoupon, key: idempotencyKey, lines: cart },
    !form.submitting && cart.length > 0,
  );
  const quote = useShopQuote({ city_id: Number(values.city_id) || 0, sub_city_id: Number(values.sub_city_id) || 0, coupon: appliedCoupon });
  const submitting = useRef(false);
  const phrase = usePhrase();
  const site = useStorefrontInfo();
  const methods: OfferedMethod[] = site?.payment_methods ?? [{ code: 'cod', label: t('store.cashOnDelivery') }];
  const payment = usePaymentChoice(form, methods);
  const number = useNumber();
  const formRef = useRef<HTMLFormElement>(null);
  // A refused submit: the first field in error takes the focus (scrolled to the middle of the screen), and the
  // summary by the button lists what is wrong, each a link to its field.
  const [attempt, setAttempt] = useState(0);
  const [problems, setProblems] = useState<Problem[]>([]);
  const focused = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the marks in the page follow the form's errors
  useEffect(() => {
    if (attempt === 0) return;
    const found = problemsIn(formRef.current);
    setProblems(found);
    if (focused.current !== attempt && found[0]) {
      focused.current = attempt;
      goTo(found[0].id);
    }
  }, [attempt, form.errors]);

  const submit = form.onSubmit(async (_parsed, input) => {
    if (submitting.current) return;
    submitting.current = true;
    try {
      const placed = await post<ResellerShopPlaced & { pay_url?: string | null }>(`/_public/shop/${shop.slug}/order`, {
        ...(input as object),
        payment_method: payment.method,
        payment_purpose: payment.method === 'cod' ? null : payment.purpose,
        lines: cart,
        coupon: appliedCoupon || null,
      });
      setCart([]);
      // An order awaiting its online payment goes to its pay page, which starts the chosen gateway at once.
      if (placed.pay_url) {
        navigate(payLinkIn(placed.pay_url, path), { replace: true, state: payStartState(payment.method) satisfies PayStart });
        return;
      }
      navigate(path(`order/${encodeURIComponent(placed.number)}/thanks`), { replace: true, state: { placed, phone: values.phone } });
    } finally {
      submitting.current = false;
    }
  });

  if (cart.length === 0)
    return (
      <div className="s-card s-stack" style={{ alignItems: 'flex-start' }}>
        <h1>{t('store.checkout')}</h1>
        <p>{t('store.cartEmpty')}</p>
        <Link to={path()} className="s-btn">
          {t('store.keepShopping')}
        </Link>
      </div>
    );
  const placeOrder = async (event: FormEvent) => {
    await submit(event);
    setAttempt((count) => count + 1);
  };
  const lineError = Object.entries(form.errors).find(([key]) => key.startsWith('lines'))?.[1];
  const couponError = (appliedCoupon ? quote.data?.coupon_error : null) ?? form.errors.coupon;

  return (
    <form ref={formRef} onSubmit={placeOrder} noValidate className="s-stack">
      <h1>{t('store.checkout')}</h1>
      <div className="s-checkout">
        <div className="s-stack">
          <DeliveryDetails form={form} headingId="shop-checkout-delivery" />
          <PaymentChoice
            id="shop-checkout"
            {...payment.props}
            total={quote.data?.delivery_charge != null ? quote.data.total : null}
            delivery={quote.data?.delivery_charge ?? null}
          />
        </div>
        <section className="s-card s-stack" aria-labelledby="shop-checkout-summary">
          <h2 id="shop-checkout-summary">{t('store.orderSummary')}</h2>
          <ul className="s-lines" style={{ gap: 6 }}>
            {(quote.data?.lines ?? []).map((line) => (
              <li key={line.variant_id} className="s-row s-between s-small">
                <span>
                  {line.name}
                  {line.variant_label && ` (${line.variant_label})`} × {number(line.quantity)}
                </span>
                <span>{money(line.line_total)}</span>
              </li>
            ))}
          </ul>
          <p className="s-row s-between">
            <span>{t('store.subtotal')}</span>
            <span>{quote.data ? money(quote.data.subtotal) : '…'}</span>
          </p>
          <div className="s-field">
            <label htmlFor="shop-coupon">{t('store.coupon')}</label>
            <div className="s-row" style={{ flexWrap: 'nowrap' }}>
              <input
                id="shop-coupon"
                value={couponText}
                autoCapitalize="characters"
                onChange={(event) => setCouponText(event.currentTarget.value)}
                aria-invalid={couponError ? true : undefined}
                aria-describedby={couponError ? 'shop-coupon-error' : undefined}
              />
              <button type="button" className="s-btn s-btn-secondary" onClick={() => setAppliedCoupon(couponText.trim().toUpperCase())}>
                {t('store.apply')}
              </button>
            </div>
            {couponError && (
              <span id="shop-coupon-error" className="s-field-error">
                {couponError}
              </span>
            )}
            {appliedCoupon && quote.data && quote.data.discount > 0 && (
              <span className="s-small" role="status">
                {t('store.couponApplied', { code: appliedCoupon, amount: money(quote.data.discount) })}
              </span>
            )}
          </div>
          {quote.data && quote.data.discount > 0 && (
            <p className="s-row s-between">
              <span>{t('store.discount')}</span>
              <span data-testid="checkout-discount">−{money(quote.data.discount)}</span>
            </p>
          )}
          <p className="s-row s-between">
            <span>{t('store.delivery')}</span>
            <span data-testid="delivery-charge">
              {quote.data?.delivery_charge != null ? money(quote.data.delivery_charge) : t('store.deliveryAfterCity')}
            </span>
          </p>
          <p className="s-row s-between">
            <strong>{t('store.total')}</strong>
            <strong data-testid="checkout-total">{quote.data ? money(quote.data.total) : '…'}</strong>
          </p>
          {problems.length > 0 && (
            <div className="s-alert" role="alert" data-testid="error-summary">
              <p style={{ margin: 0 }}>{phrase('Check these before placing the order:')}</p>
              <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                {problems.map((problem) => (
                  <li key={problem.id}>
                    <a
                      href={`#${problem.id}`}
                      className="s-link"
                      onClick={(event) => {
                        event.preventDefault();
                        goTo(problem.id);
                      }}
                    >
                      {problem.label}
                    </a>
                    {problem.message && `: ${problem.message}`}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <CheckoutCode form={form} />
          {(form.formError ?? lineError) && problems.length === 0 && <FormAlert>{form.formError ?? lineError}</FormAlert>}
          <button type="submit" className="s-btn s-btn-block" disabled={form.submitting}>
            {form.submitting ? t('store.placingOrder') : payment.method === 'cod' ? t('store.placeOrder') : phrase('Place order and pay')}
          </button>
        </section>
      </div>
    </form>
  );
}
