/**
 * Meta Conversions API deliveries as the back office lists them (decision 060): one row per order's
 * purchase event, with where it stands.
 */
export const CONVERSION_STATUSES = ['waiting', 'pending', 'sent', 'failed'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

export interface ConversionDelivery {
  id: number;
  order_id: number;
  order_number: string;
  event_name: string;
  event_id: string;
  /** waiting: for the order's chosen move; pending: due to send; sent; failed: gave up after the retries. */
  status: ConversionStatus;
  attempts: number;
  last_error: string | null;
  /** Meta's trace id of the request that delivered it. */
  fbtrace_id: string | null;
  test_event_code: string | null;
  created_at: string;
  next_attempt_at: string | null;
  sent_at: string | null;
}

export interface ConversionDeliveryLog {
  data: ConversionDelivery[];
  counts: Record<ConversionStatus, number>;
}
