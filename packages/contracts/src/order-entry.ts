import { z } from 'zod';
import { phoneSchema } from './auth';
import { idField, MAX_INT, moneyField, nameField, statusField } from './fields';
import { paymentMethodField } from './orders';

/**
 * Orders the staff enter in the back office (issue 6): phone orders (`/admin/add/order`),
 * wholesale orders (`/admin/add/wholesale`), exchanges (`/admin/exchange/order/add`), editing an
 * order (`/admin/orderEdit/{id}`), and the order sources they are tagged with. Prices, delivery
 * charges and totals are always worked out on the server; these shapes carry only what staff choose.
 */

// ---- Order sources ------------------------------------------------------------------------------

/** `/admin/add/source`, `/admin/edit/source/{id}`: where orders come from (Facebook, phone…). */
export const orderSourceInput = z.object({
  name: nameField('name', 60),
  sort_order: z.coerce.number({ error: 'Enter a whole number' }).int('Enter a whole number').min(0).max(10_000).default(0),
  status: statusField,
});
export type OrderSourceInput = z.input<typeof orderSourceInput>;

/** The sources the shop starts with. */
export const DEFAULT_ORDER_SOURCES = ['Website', 'Facebook', 'Phone', 'WhatsApp', 'Instagram'] as const;

// ---- Lines and money ----------------------------------------------------------------------------

/** The most of one product an order entered by staff may hold in one line. */
export const STAFF_LINE_LIMIT = 10_000;

export const staffOrderLineInput = z.object({
  variant_id: idField('product'),
  quantity: z.coerce
    .number({ error: 'Enter a quantity' })
    .int('Enter a whole number')
    .min(1, 'Order at least 1')
    .max(STAFF_LINE_LIMIT, `Order at most ${STAFF_LINE_LIMIT}`),
});
export type StaffOrderLineInput = z.input<typeof staffOrderLineInput>;

const staffLines = z.array(staffOrderLineInput).max(100, 'Use at most 100 lines').default([]);

const optionalSubCity = z.preprocess((value) => (value === '' || value === undefined ? null : value), idField('area').nullable());

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? '');

const deliveryAddress = z
  .string({ error: 'Enter the delivery address' })
  .trim()
  .min(5, 'Enter the full address: house, road, area')
  .max(300, 'Use at most 300 characters');

/** The customer part of every staff order form. */
const customerFields = {
  name: nameField('name', 120),
  phone: phoneSchema,
  address: deliveryAddress,
  city_id: idField('city'),
  sub_city_id: optionalSubCity,
};

/** The money staff may set: a manual discount and what the customer has already paid. */
const moneyFields = {
  discount: moneyField('discount').default(0),
  advance_paid: moneyField('advance').default(0),
};

/** The kinds of order staff enter through the phone-order form. */
export const STAFF_ORDER_TYPES = ['phone', 'wholesale'] as const;
export type StaffOrderType = (typeof STAFF_ORDER_TYPES)[number];

/** `POST /api/admin/order-entry/quote`: what an order would cost, recomputed on the server as the form changes. */
export const staffOrderQuoteInput = z.object({
  type: z.enum(['phone', 'wholesale', 'exchange'], { error: 'Choose phone, wholesale or exchange' }).default('phone'),
  city_id: idField('city'),
  sub_city_id: optionalSubCity,
  lines: staffLines,
  ...moneyFields,
  /** For an exchange: the earlier order and what comes back from it. */
  exchange_of_order_id: idField('order').nullish(),
  returned: z
    .array(
      z.object({
        line_id: idField('line'),
        quantity: z.coerce.number().int().min(1, 'Return at least 1').max(MAX_INT, 'The quantity is too large'),
      }),
    )
    .max(100)
    .default([]),
  /** For an edit: the order being edited (its kept lines keep their prices). */
  order_id: idField('order').nullish(),
});
export type StaffOrderQuoteInput = z.input<typeof staffOrderQuoteInput>;

export const quotedLineSchema = z.object({
  variant_id: z.number(),
  product_id: z.number(),
  name: z.string(),
  variant_label: z.string(),
  sku: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  line_total: z.number(),
  /** Units that can still be taken (for an edit, counting what the order already holds). */
  available: z.number(),
  /** Why the line cannot be ordered as it stands, or null. */
  problem: z.string().nullable(),
});
export type QuotedLine = z.infer<typeof quotedLineSchema>;

export const staffOrderQuoteSchema = z.object({
  lines: z.array(quotedLineSchema),
  subtotal: z.number(),
  delivery_charge: z.number(),
  discount: z.number(),
  /** For an exchange: what the returned lines are worth (taken off what the customer pays). */
  exchange_credit: z.number(),
  /** For an exchange: new lines' subtotal − returned value (negative: the shop owes the customer). */
  price_difference: z.number(),
  /** For an exchange worth less than what came back: what the shop pays back. */
  refund_due: z.number(),
  advance_paid: z.number(),
  total: z.number(),
  /** What the courier collects: total − advance. */
  due: z.number(),
  /** Problems of the quote as a whole (a discount above the total…), by field. */
  errors: z.record(z.string(), z.array(z.string())),
});
export type StaffOrderQuote = z.infer<typeof staffOrderQuoteSchema>;

/** `POST /api/admin/orders/phone` and `POST /api/admin/orders/wholesale`. */
export const staffOrderInput = z.object({
  ...customerFields,
  lines: staffLines,
  ...moneyFields,
  /** An order source's name (`/admin/order/source`); empty for none. */
  source: optionalText(60),
  payment_method: paymentMethodField,
  note: optionalText(1000),
  /** Made once per form: a repeated submit answers the order it made. */
  idempotency_key: z.uuid({ error: 'Reload the form and try again' }),
});
export type StaffOrderInput = z.input<typeof staffOrderInput>;

/** `POST /api/admin/orders/exchange`: an exchange against an earlier shipped or delivered order. */
export const exchangeOrderInput = staffOrderInput.extend({
  exchange_of_order_id: idField('earlier order'),
  returned: z
    .array(
      z.object({
        line_id: idField('line'),
        quantity: z.coerce
          .number({ error: 'Enter a quantity' })
          .int('Enter a whole number')
          .min(1, 'Return at least 1')
          .max(MAX_INT, 'The quantity is too large'),
      }),
    )
    .max(100, 'Use at most 100 lines')
    .default([]),
});
export type ExchangeOrderInput = z.input<typeof exchangeOrderInput>;

/** `PUT /api/admin/orders/{id}`: the order's lines and customer as they should be now (`/admin/orderEdit/{id}`). */
export const orderEditInput = z.object({
  ...customerFields,
  lines: staffLines,
  ...moneyFields,
  payment_method: paymentMethodField,
  note: optionalText(1000),
  /** Why it was changed, for the order's history. */
  reason: optionalText(300),
});
export type OrderEditInput = z.input<typeof orderEditInput>;

/** The statuses in which an order's lines and customer may still be changed: pending, confirmed, on hold. */
export const EDITABLE_ORDER_STATUSES = [1, 2, 8] as const;

/** The statuses an earlier order must be in to be exchanged: shipped or delivered. */
export const EXCHANGEABLE_ORDER_STATUSES = [4, 5] as const;

// ---- Lookups ------------------------------------------------------------------------------------

/** `GET /api/admin/order-entry/customer?phone=`: the customer with this phone, with where they last had things delivered. */
export const customerLookupSchema = z.object({
  customer: z
    .object({
      id: z.number(),
      name: z.string(),
      phone: z.string(),
      blocked: z.boolean(),
      address: z.string().nullable(),
      city_id: z.number().nullable(),
      sub_city_id: z.number().nullable(),
      orders_count: z.number(),
      last_order_number: z.string().nullable(),
    })
    .nullable(),
});
export type CustomerLookup = z.infer<typeof customerLookupSchema>;

/** `GET /api/admin/order-entry/variants?q=&type=`: products to add, with stock and the price this kind of order charges. */
export const entryVariantSchema = z.object({
  variant_id: z.number(),
  product_id: z.number(),
  name: z.string(),
  variant_label: z.string(),
  sku: z.string(),
  stock: z.number(),
  published: z.boolean(),
  unit_price: z.number(),
  regular_price: z.number(),
  wholesale_price: z.number(),
  tiers: z.array(z.object({ min_quantity: z.number(), unit_price: z.number() })),
});
export type EntryVariant = z.infer<typeof entryVariantSchema>;

// ---- Wholesale tiers ----------------------------------------------------------------------------

/** `PUT /api/admin/products/{id}/wholesale-tiers`: a product's quantity breaks, replacing the ones before. */
export const wholesaleTiersInput = z
  .object({
    tiers: z
      .array(
        z.object({
          min_quantity: z.coerce
            .number({ error: 'Enter a quantity' })
            .int('Enter a whole number')
            .min(2, 'A break starts at 2 or more')
            .max(1_000_000),
          unit_price: moneyField('price'),
        }),
      )
      .max(20, 'Use at most 20 breaks'),
  })
  .superRefine((value, context) => {
    const seen = new Set<number>();
    value.tiers.forEach((tier, index) => {
      if (seen.has(tier.min_quantity)) {
        context.addIssue({ code: 'custom', path: ['tiers', index, 'min_quantity'], message: 'Each break needs its own quantity' });
      }
      seen.add(tier.min_quantity);
    });
  });
export type WholesaleTiersInput = z.input<typeof wholesaleTiersInput>;

export const wholesaleTiersSchema = z.object({
  product_id: z.number(),
  name: z.string(),
  wholesale_price: z.number(),
  retail_price: z.number(),
  tiers: z.array(z.object({ min_quantity: z.number(), unit_price: z.number() })),
});
export type WholesaleTiers = z.infer<typeof wholesaleTiersSchema>;

/**
 * The wholesale price of one unit when buying `quantity`: the break with the largest minimum not
 * above the quantity, or the product's wholesale price below the first break.
 */
export function wholesaleUnitPrice(
  wholesalePrice: number,
  tiers: readonly { min_quantity: number; unit_price: number }[],
  quantity: number,
): number {
  let best: { min_quantity: number; unit_price: number } | null = null;
  for (const tier of tiers) if (tier.min_quantity <= quantity && (!best || tier.min_quantity > best.min_quantity)) best = tier;
  return best ? best.unit_price : wholesalePrice;
}
