import type { CheckoutPaymentMethod, PaymentPurpose } from '@haat/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhrase } from '../lib/phrases';
import { useMoney } from './money';

/**
 * A method checkout may offer (decision 062): cash on delivery, or a gateway with what the shop lets it take —
 * the whole order, the delivery charge in advance, or both. An answer without `purposes` (a server before
 * online payments) offers a gateway for the whole order.
 */
export type OfferedMethod = { code: string; label: string; purposes?: CheckoutPaymentMethod['purposes'] };

/** What a gateway may take; cash on delivery takes nothing online. */
export function purposesOf(method: OfferedMethod | undefined): PaymentPurpose[] {
  if (!method || method.code === 'cod') return [];
  return method.purposes ?? ['full'];
}

/** The purpose to keep when the shopper picks `method`: the one chosen if it still applies, else the first allowed. */
export function purposeFor(method: OfferedMethod | undefined, wanted: string | null | undefined): PaymentPurpose | null {
  const allowed = purposesOf(method);
  if (allowed.length === 0) return null;
  return allowed.includes(wanted as PaymentPurpose) ? (wanted as PaymentPurpose) : (allowed[0] ?? null);
}

/**
 * When checkout refuses cash on delivery (a risky phone, decision 055; a product paid online only), the choice the
 * page moves to: the first gateway that takes the delivery charge in advance, else the first that takes the order.
 */
export function advanceChoice(methods: OfferedMethod[]): { code: string; purpose: PaymentPurpose } | null {
  const advance = methods.find((method) => purposesOf(method).includes('delivery'));
  if (advance) return { code: advance.code, purpose: 'delivery' };
  const full = methods.find((method) => purposesOf(method).includes('full'));
  return full ? { code: full.code, purpose: 'full' } : null;
}

/** The method's name for the shopper: cash on delivery in the page's language, a gateway by the shop's label. */
export function useMethodName(): (method: { code: string; label?: string }) => string {
  const { t } = useTranslation();
  const phrase = usePhrase();
  return (method) => (method.code === 'cod' ? t('store.cashOnDelivery') : phrase(method.label || method.code));
}

interface ChoiceForm {
  values: unknown;
  errors: Record<string, string | undefined>;
  setValues: (values: never) => void;
}

/**
 * The checkout form's payment choice (`payment_method`, `payment_purpose`), kept to what is offered: a method the
 * shop no longer offers for this cart (cash on delivery for a product paid online only) gives way to the first
 * offered; when checkout refuses cash on delivery (a risky phone must pay the delivery charge online, decision
 * 055), the choice moves to the advance and the refusal stays beside it — placing the order again pays it.
 */
export function usePaymentChoice(form: ChoiceForm, methods: OfferedMethod[]) {
  const values = form.values as { payment_method?: string; payment_purpose?: PaymentPurpose | null };
  const method = values.payment_method || 'cod';
  const purpose = values.payment_purpose ?? null;
  const { setValues } = form;
  const [notice, setNotice] = useState<string | null>(null);
  const choose = useCallback(
    (code: string, next: PaymentPurpose | null) =>
      setValues({ payment_method: code, payment_purpose: code === 'cod' ? null : next } as never),
    [setValues],
  );
  const codes = methods.map((offered) => offered.code).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the offered codes, not the list's identity
  useEffect(() => {
    const first = methods[0];
    if (!first || methods.some((offered) => offered.code === method)) return;
    choose(first.code, purposeFor(first, purpose));
  }, [codes, method]);
  const refusal = form.errors.payment_method;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to a new refusal only
  useEffect(() => {
    if (!refusal || method !== 'cod') return;
    const advance = advanceChoice(methods);
    if (!advance) return;
    setNotice(refusal);
    choose(advance.code, advance.purpose);
  }, [refusal]);
  return {
    method,
    purpose,
    /** PaymentChoice's props for this form. */
    props: {
      methods,
      method,
      purpose,
      notice,
      methodError: form.errors.payment_method,
      purposeError: form.errors.payment_purpose,
      onChange: (code: string, next: PaymentPurpose | null) => {
        setNotice(null);
        choose(code, next);
      },
    },
  };
}

interface Props {
  /** Prefix of the radios' ids (`checkout` → `checkout-payment_method-bkash`). */
  id: string;
  methods: OfferedMethod[];
  method: string;
  purpose: string | null;
  onChange: (method: string, purpose: PaymentPurpose | null) => void;
  /** The order's total and delivery charge once quoted for the place (null before a district is chosen). */
  total: number | null;
  delivery: number | null;
  methodError?: string;
  purposeError?: string;
  /** Why the page moved the choice (checkout refused cash on delivery for this phone). */
  notice?: string | null;
}

/**
 * The checkout's payment choice: cash on delivery or a gateway; with a gateway, "pay in full now" or "pay the
 * delivery charge now, the rest on delivery" (only what the shop allows), each with its amounts. The amounts shown
 * are the quote's; the server computes what is charged.
 */
export function PaymentChoice({ id, methods, method, purpose, onChange, total, delivery, methodError, purposeError, notice }: Props) {
  const { t } = useTranslation();
  const phrase = usePhrase();
  const money = useMoney();
  const name = useMethodName();
  const chosen = methods.find((offered) => offered.code === method);
  const purposes = purposesOf(chosen);
  const known = total !== null && delivery !== null;
  const methodErrorId = `${id}-payment_method-error`;
  const purposeErrorId = `${id}-payment_purpose-error`;
  return (
    <fieldset className="s-card s-stack" style={{ margin: 0 }} data-testid="payment-choice">
      <legend style={{ fontWeight: 700, fontSize: '1.15rem', float: 'left', marginBottom: 8 }}>{t('store.payment')}</legend>
      <div className="s-stack" style={{ clear: 'both', gap: 8 }}>
        {notice && (
          <p className="s-alert" role="alert" data-testid="payment-notice" style={{ margin: 0 }}>
            {notice}
          </p>
        )}
        {methods.map((offered) => (
          <label key={offered.code} className="s-choice" htmlFor={`${id}-payment_method-${offered.code}`}>
            <input
              type="radio"
              id={`${id}-payment_method-${offered.code}`}
              name="payment_method"
              value={offered.code}
              checked={method === offered.code}
              onChange={() => onChange(offered.code, purposeFor(offered, purpose))}
              aria-invalid={methodError ? true : undefined}
              aria-describedby={methodError ? methodErrorId : undefined}
            />
            {name(offered)}
          </label>
        ))}
        {methodError && (
          <span id={methodErrorId} className="s-field-error" role="alert">
            {methodError}
          </span>
        )}
      </div>
      {purposes.length > 0 && (
        <fieldset className="s-stack" style={{ margin: 0, padding: 0, border: 0, gap: 8 }} data-testid="payment-purpose">
          <legend style={{ fontWeight: 600, fontSize: '0.95rem', marginBottom: 8, padding: 0 }}>
            {phrase('How much to pay with {{method}} now', { method: chosen ? name(chosen) : '' })}
          </legend>
          {purposes.map((offered) => {
            const radioId = `${id}-payment_purpose-${offered}`;
            const hintId = `${radioId}-amounts`;
            const describedBy = [known ? hintId : '', purposeError ? purposeErrorId : ''].filter(Boolean).join(' ') || undefined;
            return (
              <label key={offered} className="s-choice" htmlFor={radioId} style={{ alignItems: 'flex-start' }}>
                <input
                  type="radio"
                  id={radioId}
                  name="payment_purpose"
                  value={offered}
                  checked={purpose === offered}
                  onChange={() => onChange(method, offered)}
                  aria-invalid={purposeError ? true : undefined}
                  aria-describedby={describedBy}
                  style={{ marginTop: 2 }}
                />
                <span className="s-stack" style={{ gap: 2 }}>
                  <span>
                    {offered === 'full' ? phrase('Pay in full now') : phrase('Pay the delivery charge now, the rest on delivery')}
                  </span>
                  {known && (
                    <span id={hintId} className="s-small s-muted" style={{ fontWeight: 400 }} data-testid={`payment-amounts-${offered}`}>
                      {offered === 'full'
                        ? phrase('{{now}} now, nothing on delivery', { now: money(total) })
                        : phrase('{{now}} now, {{later}} on delivery', {
                            now: money(delivery),
                            later: money(Math.max(0, total - delivery)),
                          })}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
          {!known && <span className="s-field-hint">{phrase('The amounts show once you choose the district.')}</span>}
          {purposeError && (
            <span id={purposeErrorId} className="s-field-error" role="alert">
              {purposeError}
            </span>
          )}
          <span className="s-field-hint">
            {phrase('After placing the order you pay on the {{method}} page.', { method: chosen ? name(chosen) : '' })}
          </span>
        </fieldset>
      )}
    </fieldset>
  );
}
