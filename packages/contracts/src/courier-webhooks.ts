import { z } from 'zod';
import type { CourierProviderCode } from './couriers';
import { idField, idSchema } from './fields';

/**
 * Couriers, both ways (issue 20, decision 058): the couriers' signed status pushes, the mapping of
 * every courier status to ours, the review queue for the ambiguous ones, bulk booking and the CSV
 * for couriers booked by hand.
 */

/** What a courier's status does to a shipped order. */
export const COURIER_OUTCOMES = ['delivered', 'returned', 'shipped', 'review'] as const;
export type CourierOutcome = (typeof COURIER_OUTCOMES)[number];
export const COURIER_OUTCOME_LABELS: Record<CourierOutcome, string> = {
  delivered: 'Delivered (5)',
  returned: 'Returned (6)',
  shipped: 'Stays shipped',
  review: 'Needs a person',
};

export interface CourierStatusEntry {
  /** The courier's word, normalised: lower case, `order.` dropped, spaces and dashes as `_`. */
  status: string;
  label: string;
  outcome: CourierOutcome;
}

/**
 * Every status each courier documents, and what it does to a shipped order. Steadfast: the
 * `delivery_status` of `status_by_cid` and of its webhook (which writes them capitalised:
 * "Partial Delivered"). Pathao: its webhook events (`order.delivered`…) and its API's `order_status`
 * words. A partial delivery, an exchange, a cancelled pickup and any status not listed go to a person.
 */
export const COURIER_STATUS_MAP: Record<CourierProviderCode, CourierStatusEntry[]> = {
  steadfast: [
    { status: 'in_review', label: 'In review (booked, not yet accepted)', outcome: 'shipped' },
    { status: 'pending', label: 'Pending (on its way)', outcome: 'shipped' },
    { status: 'hold', label: 'On hold at the courier', outcome: 'shipped' },
    { status: 'delivered_approval_pending', label: 'Delivered, approval pending', outcome: 'shipped' },
    { status: 'partial_delivered_approval_pending', label: 'Partly delivered, approval pending', outcome: 'shipped' },
    { status: 'cancelled_approval_pending', label: 'Cancelled, approval pending', outcome: 'shipped' },
    { status: 'unknown_approval_pending', label: 'Unknown, approval pending', outcome: 'review' },
    { status: 'delivered', label: 'Delivered', outcome: 'delivered' },
    { status: 'partial_delivered', label: 'Partly delivered', outcome: 'review' },
    { status: 'cancelled', label: 'Cancelled (coming back)', outcome: 'returned' },
    { status: 'unknown', label: 'Unknown', outcome: 'review' },
  ],
  pathao: [
    { status: 'created', label: 'Order created', outcome: 'shipped' },
    { status: 'updated', label: 'Order updated', outcome: 'shipped' },
    { status: 'pending', label: 'Pending', outcome: 'shipped' },
    { status: 'pickup_requested', label: 'Pickup requested', outcome: 'shipped' },
    { status: 'assigned_for_pickup', label: 'Assigned for pickup', outcome: 'shipped' },
    { status: 'picked', label: 'Picked up', outcome: 'shipped' },
    { status: 'pickup_failed', label: 'Pickup failed', outcome: 'shipped' },
    { status: 'pickup_cancelled', label: 'Pickup cancelled', outcome: 'review' },
    { status: 'at_the_sorting_hub', label: 'At the sorting hub', outcome: 'shipped' },
    { status: 'in_transit', label: 'In transit', outcome: 'shipped' },
    { status: 'received_at_last_mile_hub', label: 'At the last-mile hub', outcome: 'shipped' },
    { status: 'assigned_for_delivery', label: 'Out for delivery', outcome: 'shipped' },
    { status: 'delivery_failed', label: 'Delivery attempt failed', outcome: 'shipped' },
    { status: 'on_hold', label: 'On hold', outcome: 'shipped' },
    { status: 'hold', label: 'On hold', outcome: 'shipped' },
    { status: 'delivered', label: 'Delivered', outcome: 'delivered' },
    { status: 'paid', label: 'Paid to the shop (delivered)', outcome: 'delivered' },
    { status: 'partial_delivery', label: 'Partly delivered', outcome: 'review' },
    { status: 'exchanged', label: 'Exchanged', outcome: 'review' },
    { status: 'return', label: 'Return', outcome: 'returned' },
    { status: 'returned', label: 'Returned', outcome: 'returned' },
    { status: 'return_id_created', label: 'Return started', outcome: 'returned' },
    { status: 'return_in_transit', label: 'Return in transit', outcome: 'returned' },
    { status: 'returned_to_merchant', label: 'Returned to the shop', outcome: 'returned' },
    { status: 'paid_return', label: 'Paid return', outcome: 'returned' },
  ],
};

/** "Partial Delivered", "order.paid-return" → partial_delivered, paid_return: one spelling for every courier. */
export function normalCourierStatus(status: string): string {
  return status
    .trim()
    .toLowerCase()
    .replace(/^order\./, '')
    .replace(/[\s-]+/g, '_');
}

/** The shop's own choices over the defaults, per provider: status → outcome. */
export type CourierStatusOverrides = Partial<Record<CourierProviderCode, Record<string, CourierOutcome>>>;

/** What a courier's status does to a shipped order: the shop's choice, else the table's, else a person decides. */
export function courierOutcome(
  provider: CourierProviderCode,
  courierStatus: string,
  overrides: CourierStatusOverrides = {},
): CourierOutcome {
  const status = normalCourierStatus(courierStatus);
  const chosen = overrides[provider]?.[status];
  if (chosen) return chosen;
  return COURIER_STATUS_MAP[provider].find((entry) => entry.status === status)?.outcome ?? 'review';
}

/** `PUT /api/admin/courier/status-map/:provider`: the shop's overrides of that courier's statuses. */
export const courierStatusOverridesInput = z.object({
  overrides: z
    .record(z.string().trim().min(1).max(60), z.enum(COURIER_OUTCOMES, { error: 'Choose delivered, returned, shipped or review' }))
    .default({}),
});

/** A row of the status mapping screen. */
export interface CourierStatusRow extends CourierStatusEntry {
  provider: CourierProviderCode;
  default_outcome: CourierOutcome;
  overridden: boolean;
}

/** What became of one webhook delivery. */
export const WEBHOOK_OUTCOMES = ['applied', 'review', 'recorded', 'duplicate', 'no_order', 'refused', 'invalid'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];
export const WEBHOOK_OUTCOME_LABELS: Record<WebhookOutcome, string> = {
  applied: 'Applied',
  review: 'Sent to review',
  recorded: 'Recorded',
  duplicate: 'Repeated (nothing changed)',
  no_order: 'No order has this consignment',
  refused: 'Refused: bad signature',
  invalid: 'Refused: incomplete',
};

/** One delivery of the webhook history (`GET /api/admin/courier/webhooks`). */
export interface CourierWebhookDelivery {
  id: number;
  provider: CourierProviderCode;
  event: string;
  consignment_id: string | null;
  courier_status: string | null;
  cod_amount: number | null;
  order_id: number | null;
  order_number: string | null;
  signature_ok: boolean;
  outcome: WebhookOutcome;
  message: string;
  received_at: string;
}

export const REVIEW_REASONS = ['partial_delivery', 'unknown_status', 'ambiguous_status', 'cod_mismatch'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];
export const REVIEW_REASON_LABELS: Record<ReviewReason, string> = {
  partial_delivery: 'Partly delivered',
  unknown_status: 'Status not known',
  ambiguous_status: 'Status needs a person',
  cod_mismatch: 'Collected amount differs',
};

export const REVIEW_STATES = ['open', 'applied', 'dismissed'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** A courier status waiting for a person (`/admin/courier/review`). Amounts in paisa. */
export interface CourierStatusReview {
  id: number;
  order_id: number;
  order_number: string;
  order_status: number;
  customer_name: string;
  provider: CourierProviderCode;
  courier_status: string;
  reason: ReviewReason;
  /** What the courier says it collected, when it says. */
  collected: number | null;
  /** What the order was to collect (total less advance). */
  due: number;
  state: ReviewState;
  resolved_to: number | null;
  note: string;
  created_at: string;
  resolved_at: string | null;
}

/** `POST /api/admin/courier/reviews/:id/apply`: the status a person chose (delivered or returned). */
export const courierReviewApplyInput = z.object({
  to: z.coerce.number().refine((value) => value === 5 || value === 6, 'Choose delivered (5) or returned (6)'),
  note: z.string().trim().max(300, 'Use at most 300 characters').default(''),
});
export type CourierReviewApplyInput = z.input<typeof courierReviewApplyInput>;

/** `POST /api/admin/courier/bulk-book`: the selected orders, booked with one courier. */
export const courierBulkBookInput = z.object({
  courier_id: idField('courier'),
  order_ids: z
    .array(idSchema, { error: 'Choose the orders to book' })
    .min(1, 'Choose the orders to book')
    .max(200, 'Book at most 200 orders at a time'),
});
export type CourierBulkBookInput = z.input<typeof courierBulkBookInput>;

/** One order's result of a bulk booking: booked with its consignment, or why not (the courier's words). */
export interface CourierBulkBookResult {
  order_id: number;
  order_number: string;
  ok: boolean;
  consignment_id: string | null;
  tracking_code: string | null;
  message: string;
}

/** The CSV layouts for couriers without an API (decision 058): Steadfast's bulk upload, or a generic sheet. */
export const COURIER_CSV_LAYOUTS = ['steadfast', 'generic'] as const;
export type CourierCsvLayout = (typeof COURIER_CSV_LAYOUTS)[number];
export const COURIER_CSV_LAYOUT_LABELS: Record<CourierCsvLayout, string> = {
  steadfast: 'Steadfast bulk upload',
  generic: 'Generic courier sheet',
};
export const COURIER_CSV_COLUMNS: Record<CourierCsvLayout, readonly string[]> = {
  steadfast: ['Invoice', 'Name', 'Address', 'Phone', 'Amount', 'Note'],
  generic: ['Invoice', 'Name', 'Phone', 'Address', 'City', 'Area', 'COD Amount', 'Items', 'Weight (kg)', 'Note'],
};
