import type { OrderStatusCode } from '@haat/contracts';

/** "Partial Delivery", "Paid-Return" → partial_delivery, paid_return: one spelling for every courier. */
export function normalCourierStatus(status: string): string {
  return status
    .trim()
    .toLowerCase()
    .replace(/^order\./, '')
    .replace(/[\s-]+/g, '_');
}

/** Courier statuses that mean the parcel reached the customer and the cash was collected. */
const DELIVERED = new Set(['delivered']);
/** Courier statuses that mean the parcel is coming back (or never left and was called off). */
const RETURNED = new Set(['cancelled', 'canceled', 'returned', 'return', 'paid_return']);

/**
 * The order status a shipped order moves to for a courier's status (PRODUCT.md §7): delivered → 5,
 * cancelled or returned → 6; anything else (in review, pending, hold, partly delivered) keeps it
 * shipped, and staff decide. The courier's own word is kept beside ours in `courier_status`.
 */
export function orderStatusForCourier(courierStatus: string): Extract<OrderStatusCode, 5 | 6> | null {
  const status = normalCourierStatus(courierStatus);
  if (DELIVERED.has(status)) return 5;
  if (RETURNED.has(status)) return 6;
  return null;
}
