import { useEffect, useState } from 'react';
import { usePhrase } from '../lib/phrases';

interface CodeForm {
  values: unknown;
  errors: Record<string, string | undefined>;
  setValue: (name: never, value: never) => void;
}

/**
 * The checkout's code from the SMS (decision 055): shown once the shop asks for one (the checkout
 * answers 428 with `errors.otp_code`); the shopper types it and places the order again. Left empty,
 * placing the order again sends a new code (at most once a minute).
 */
export function CheckoutCode({ form }: { form: CodeForm }) {
  const phrase = usePhrase();
  const error = form.errors.otp_code;
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (error) setAsked(true);
  }, [error]);
  if (!asked) return null;
  const value = String((form.values as Record<string, unknown>).otp_code ?? '');
  return (
    <div className="s-field s-card" data-testid="checkout-code">
      <label htmlFor="checkout-otp_code">{phrase('Code from the SMS')}</label>
      <input
        id="checkout-otp_code"
        name="otp_code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        onChange={(event) => form.setValue('otp_code' as never, event.currentTarget.value.replace(/\D/g, '') as never)}
        aria-invalid={error ? true : undefined}
        aria-describedby="checkout-otp_code-hint"
      />
      {error && (
        <span className="s-field-error" role="alert">
          {error}
        </span>
      )}
      <span id="checkout-otp_code-hint" className="s-field-hint">
        {phrase('Type the 6-digit code and place the order again. No SMS? Leave it empty and place the order again for a new code.')}
      </span>
    </div>
  );
}
