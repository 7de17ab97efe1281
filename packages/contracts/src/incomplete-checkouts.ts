import { z } from 'zod';
import { phoneSchema } from './auth';
import { idField, idSchema } from './fields';
import { resellerShopLines } from './reseller-shop';
import { defineResourceDescriptor, viewOf } from './resources/descriptor';

/**
 * Incomplete checkouts (issue 20, decision 056): what a shopper typed at the checkout and the cart
 * they had, saved once the phone number is valid, for staff to call back and turn into an order.
 */

/** open: waiting for a call back; converted: an order was made of it (by the shopper or by staff); dismissed: set aside. */
export const INCOMPLETE_STATUSES = ['open', 'converted', 'dismissed'] as const;
export type IncompleteStatus = (typeof INCOMPLETE_STATUSES)[number];
export const INCOMPLETE_STATUS_LABELS: Record<IncompleteStatus, string> = {
  open: 'Open',
  converted: 'Converted',
  dismissed: 'Dismissed',
};

/** What a call back came to. */
export const CALL_OUTCOMES = ['no_answer', 'call_later', 'wants_to_order', 'not_interested', 'wrong_number'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  no_answer: 'No answer',
  call_later: 'Call later',
  wants_to_order: 'Wants to order',
  not_interested: 'Not interested',
  wrong_number: 'Wrong number',
};

/** Lines a draft keeps at most (a cart holds fewer in practice); more are left out of the snapshot. */
export const DRAFT_LINE_LIMIT = 50;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? '');
const optionalPlace = (label: string) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), idField(label).nullable());

/**
 * `POST /_public/checkout/draft`: the checkout form as it stands, sent by the page a moment after typing
 * stops and when the page is hidden. Only a valid phone makes a draft worth a call.
 */
export const checkoutDraftInput = z.object({
  name: optionalText(120),
  phone: phoneSchema,
  address: optionalText(300),
  city_id: optionalPlace('city'),
  sub_city_id: optionalPlace('area'),
  note: optionalText(500),
  coupon: z
    .string()
    .trim()
    .max(32, 'Use at most 32 characters')
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : null)),
});
export type CheckoutDraftInput = z.input<typeof checkoutDraftInput>;

/**
 * `POST /_public/shop/{slug}/checkout/draft`: a reseller shop's checkout form with the browser's cart
 * (the shop's cart lives in the browser) and the checkout page's key, which names the draft: the
 * order placed with that key closes it.
 */
export const shopCheckoutDraftInput = checkoutDraftInput.extend({
  key: z.uuid({ error: 'Reload the checkout page and try again' }),
  lines: resellerShopLines,
});
export type ShopCheckoutDraftInput = z.input<typeof shopCheckoutDraftInput>;

/** Where a draft was typed: the storefront's checkout, or a reseller's shop. */
export const INCOMPLETE_CHANNELS = ['website', 'reseller_shop'] as const;
export const INCOMPLETE_CHANNEL_LABELS: Record<(typeof INCOMPLETE_CHANNELS)[number], string> = {
  website: 'Website',
  reseller_shop: 'Reseller shop',
};

/** One line of a draft, as the cart had it when it was last saved (price then; the order prices again). */
export interface IncompleteLine {
  variant_id: number;
  name: string;
  variant_label: string;
  quantity: number;
  unit_price: number;
}

/** A row of `/admin/incomplete/order`. */
export interface IncompleteCheckoutView {
  id: number;
  name: string;
  phone: string;
  address: string;
  city_id: number | null;
  city_name: string | null;
  sub_city_id: number | null;
  sub_city_name: string | null;
  item_count: number;
  subtotal: number;
  status: IncompleteStatus;
  last_outcome: CallOutcome | null;
  call_count: number;
  last_called_at: string | null;
  order_id: number | null;
  order_number: string | null;
  /** The reseller whose shop it was typed in, and the shop's name; null for the storefront. */
  reseller_id: number | null;
  shop_name: string | null;
  /** Who made the order: the shopper at the checkout, or staff from this list. */
  converted_by: 'shopper' | 'staff' | null;
  created_at: string;
  updated_at: string;
}

export interface IncompleteCall {
  id: number;
  outcome: CallOutcome;
  note: string;
  admin_name: string | null;
  called_at: string;
}

/** `GET /api/admin/incomplete-checkouts/:id`. */
export interface IncompleteCheckoutDetail extends IncompleteCheckoutView {
  note: string;
  coupon: string | null;
  lines: IncompleteLine[];
  calls: IncompleteCall[];
}

/** `POST /api/admin/incomplete-checkouts/:id/calls`: one call back. */
export const incompleteCallInput = z.object({
  outcome: z.enum(CALL_OUTCOMES, { error: 'Choose what the call came to' }),
  note: optionalText(500),
});
export type IncompleteCallInput = z.input<typeof incompleteCallInput>;

/** `PUT /api/admin/incomplete-checkouts/:id`: staff correct who and where (before converting). */
export const incompleteCustomerInput = z.object({
  name: optionalText(120),
  phone: phoneSchema,
  address: optionalText(300),
  city_id: optionalPlace('city'),
  sub_city_id: optionalPlace('area'),
  note: optionalText(500),
});
export type IncompleteCustomerInput = z.input<typeof incompleteCustomerInput>;

/** `POST /api/admin/incomplete-checkouts/:id/status`: set aside, or open again. */
export const incompleteStatusInput = z.object({
  status: z.enum(['open', 'dismissed'], { error: 'Choose open or dismissed' }),
});

/**
 * `POST /api/admin/incomplete-checkouts/:id/convert`: the order is made with these details (what the
 * call confirmed), the draft's lines and coupon, at today's prices and delivery charges (a reseller
 * shop's draft: a reseller order at the shop's prices and the reseller's delivery charges).
 */
export const incompleteConvertInput = z.object({
  name: z.string().trim().min(1, 'Enter the name').max(120, 'Use at most 120 characters'),
  phone: phoneSchema,
  address: z.string({ error: 'Enter the delivery address' }).trim().min(5, 'Enter the full address: house, road, area').max(300),
  city_id: idField('city'),
  sub_city_id: idField('area'),
  note: optionalText(500),
});
export type IncompleteConvertInput = z.input<typeof incompleteConvertInput>;

/** The answer of a conversion: the order (made now, or the one a first click made). */
export interface IncompleteConverted {
  order_id: number;
  order_number: string;
  created: boolean;
  message: string;
}

/** The list at `/admin/incomplete/order`: declared; calls, corrections and conversion are the cart module's routes. */
export const incompleteCheckoutDescriptor = defineResourceDescriptor({
  name: 'incomplete-checkout',
  label: 'incomplete checkout',
  title: 'Incomplete orders',
  path: '/api/admin/incomplete-checkouts',
  permission: 'order.incomplete',
  input: z.object({}),
  view: viewOf<{ [K in keyof IncompleteCheckoutView]: IncompleteCheckoutView[K] }>(),
  sort: ['updated_at', 'created_at', 'subtotal', 'last_called_at'],
  defaultSort: '-updated_at',
  filters: {
    status: z.enum(INCOMPLETE_STATUSES),
    outcome: z.enum([...CALL_OUTCOMES, 'none']),
    channel: z.enum(INCOMPLETE_CHANNELS),
    reseller_id: idSchema,
    from: z.iso.date(),
    to: z.iso.date(),
    id: idSchema,
  },
  readOnly: true,
});
