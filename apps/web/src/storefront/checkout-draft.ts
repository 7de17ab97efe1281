import { useEffect, useRef } from 'react';
import { csrfToken } from '../lib/csrf';

/** A Bangladeshi mobile number as the server reads it (+88, spaces and dashes dropped). */
const PHONE = /^01[3-9]\d{8}$/;
/** The form's fields; a reseller shop's checkout adds its page's key and the browser's cart lines (absent ones are not sent). */
const FIELDS = ['name', 'phone', 'address', 'city_id', 'sub_city_id', 'note', 'coupon', 'key', 'lines'] as const;
const QUIET_MS = 1500;

/**
 * Keeps what the shopper typed at the checkout on the server for a call back (decision 056): sent
 * 1.5 s after typing stops and when the page is hidden or left (a keepalive request, which outlives
 * the page and still carries the CSRF headers), only once the phone number is valid, only when
 * something changed, and not while the order is being placed. Failures are ignored: the checkout
 * never waits for it.
 */
export function useCheckoutDraft(url: string, values: Record<string, unknown>, active: boolean): void {
  const phone = String(values.phone ?? '')
    .trim()
    .replace(/^\+?88/, '')
    .replace(/[\s-]/g, '');
  const body = PHONE.test(phone)
    ? JSON.stringify(Object.fromEntries(FIELDS.map((key) => [key, key === 'phone' ? phone : values[key]])))
    : '';
  const sent = useRef('');
  const send = useRef(() => {});
  send.current = () => {
    if (!active || !body || body === sent.current) return;
    sent.current = body;
    const token = csrfToken();
    fetch(url, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...(token ? { 'X-CSRF-TOKEN': token } : {}) },
      body,
    }).catch(() => {});
  };

  useEffect(() => {
    const now = () => send.current();
    const hidden = () => document.visibilityState === 'hidden' && now();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', now);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', now);
      now();
    };
  }, []);

  useEffect(() => {
    if (!body) return;
    const timer = setTimeout(() => send.current(), QUIET_MS);
    return () => clearTimeout(timer);
  }, [body]);
}
