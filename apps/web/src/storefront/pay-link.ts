import type { PayPageView } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from '../lib/api';

// Apart from the pay page: checkout, the confirmation and the order page use these without its code (or dayjs).

/** What checkout hands the pay page: the gateway the shopper chose, started once on arrival (decision 062). */
export type PayStart = { start: string } | null;

export function payStartState(gateway: string): PayStart {
  return gateway && gateway !== 'cod' ? { start: gateway } : null;
}

/** The key of a pay link (`/pay/HB-1001?key=…`), or null. */
export function payLinkKey(payUrl: string | null | undefined): string | null {
  if (!payUrl) return null;
  const query = payUrl.split('?')[1] ?? '';
  return new URLSearchParams(query).get('key');
}

/** A pay link inside a reseller's shop under `/shop/{slug}`: the same path after the shop's prefix. */
export function payLinkIn(payUrl: string, path: (rest?: string) => string): string {
  return path(payUrl.replace(/^\//, ''));
}

export const payViewKey = (number: string) => ['store', 'pay', number];

/** `GET /_public/orders/{number}/pay?key=`: what is paid and due; only with the order's own key. */
export function usePayView(number: string, key: string | null, enabled = true) {
  return useQuery({
    queryKey: payViewKey(number),
    queryFn: () => get<PayPageView>(`/_public/orders/${encodeURIComponent(number)}/pay?key=${encodeURIComponent(key ?? '')}`),
    enabled: enabled && Boolean(number && key),
    retry: false,
  });
}

/** Paid online as far as the order needs: in full, or its delivery charge with the rest due on delivery. */
export function isPaidOnline(view: Pick<PayPageView, 'payment_status' | 'due_online'>): boolean {
  return (view.payment_status === 'paid' || view.payment_status === 'partial') && view.due_online === 0;
}
