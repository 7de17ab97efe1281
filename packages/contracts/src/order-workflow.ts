import { z } from 'zod';
import { moneyField } from './fields';
import { assigneeFilter } from './order-assignment';
import { ORDER_MOVES, type OrderStatusCode } from './order-status';
import { ORDER_STATUS_LABELS, orderStatusCode, orderTypeField, orderViewSchema } from './orders';

/**
 * The order workflow of the back office (issue 6): moving orders between statuses one at a time or
 * many together, the status tabs' counts, the staff's view of one order and the print sheets.
 */

/** The most orders one bulk move or one print sheet may take. */
export const ORDER_BULK_LIMIT = 1000;
export const ORDER_PRINT_LIMIT = 200;

/** A status as words inside a sentence: "on hold", "delivered". */
export const orderStatusWord = (status: OrderStatusCode) => ORDER_STATUS_LABELS[status].toLowerCase();

/** "a", "a or b", "a, b or c". */
function orList(words: string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** Why an order in `from` may not move to `to`, in words staff read on the screen. */
export function orderMoveRefusal(number: string, from: OrderStatusCode, to: OrderStatusCode): string {
  const allowed = ORDER_MOVES[from];
  if (from === to) return `Order ${number} is already ${orderStatusWord(from)}.`;
  if (allowed.length === 0) return `Order ${number} is ${orderStatusWord(from)}; it cannot move any more.`;
  const targets = orList(allowed.map(orderStatusWord));
  return `Order ${number} is ${orderStatusWord(from)}; it can only move to ${targets}.`;
}

const noteField = z
  .string({ error: 'Write the note as text' })
  .trim()
  .max(500, 'Use at most 500 characters')
  .nullish()
  .transform((value) => value ?? '');

/** `returnCharge` is accepted as a spelling of `return_charge`. */
const withReturnChargeSpelling = (value: unknown) => {
  if (value && typeof value === 'object' && 'returnCharge' in value && !('return_charge' in value)) {
    const { returnCharge, ...rest } = value as Record<string, unknown>;
    return { ...rest, return_charge: returnCharge };
  }
  return value;
};

const returnChargeField = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  moneyField('return charge').optional(),
);

/** `POST /api/admin/orders/:id/status`: one order to another status, with a note. */
export const orderMoveInput = z.preprocess(
  withReturnChargeSpelling,
  z.object({
    to: orderStatusCode,
    note: noteField,
    /** Paisa; only for a move to 6 (returned). Default: the order's delivery charge. */
    return_charge: returnChargeField,
  }),
);
export type OrderMoveInput = z.input<typeof orderMoveInput>;

/** `POST /api/admin/orders/status`: many orders to one status together. */
export const orderBulkMoveInput = z.preprocess(
  withReturnChargeSpelling,
  z.object({
    ids: z
      .array(z.coerce.number({ error: 'Choose orders' }).int('Choose orders').positive('Choose orders').max(2_147_483_647), {
        error: 'Choose the orders to move',
      })
      .min(1, 'Choose at least one order')
      .max(ORDER_BULK_LIMIT, `Move at most ${ORDER_BULK_LIMIT} orders at once`),
    to: orderStatusCode,
    note: noteField,
    return_charge: returnChargeField,
  }),
);
export type OrderBulkMoveInput = z.input<typeof orderBulkMoveInput>;

export const orderMoveRefusalSchema = z.object({ id: z.number(), number: z.string(), message: z.string() });
export type OrderMoveRefused = z.infer<typeof orderMoveRefusalSchema>;

/** What a move answers: the ids that moved and, for each that did not, why. */
export const orderMoveResultSchema = z.object({
  moved: z.array(z.number()),
  refused: z.array(orderMoveRefusalSchema),
});
export type OrderMoveResult = z.infer<typeof orderMoveResultSchema>;

/** `GET /api/admin/orders/counts?type=&q=&filter[placed_from]=&filter[placed_to]=`. */
export const orderCountsQuery = z.object({
  type: z.preprocess((value) => (value === '' || value === 'all' ? undefined : value), orderTypeField.optional()),
  q: z.string().trim().max(100, 'Use at most 100 characters').optional(),
  'filter[placed_from]': z.iso.date({ error: 'Use a date like 2025-03-01' }).optional(),
  'filter[placed_to]': z.iso.date({ error: 'Use a date like 2025-03-01' }).optional(),
  /** One staff member's orders, or `none` (decision 057). */
  'filter[assignee]': assigneeFilter.optional(),
});

export const orderStatusCountSchema = z.object({ status: z.number(), label: z.string(), count: z.number() });
export const orderCountsSchema = z.object({ data: z.array(orderStatusCountSchema), total: z.number() });
export type OrderCounts = z.infer<typeof orderCountsSchema>;

/** `GET /api/admin/orders/:id`: the order as staff see it, with source, courier, return charge and the moves it may take. */
export const adminOrderViewSchema = orderViewSchema.extend({
  reseller_id: z.number().nullable(),
  source: z.string().nullable(),
  courier_id: z.number().nullable(),
  courier_name: z.string().nullable(),
  consignment_id: z.string().nullable(),
  tracking_code: z.string().nullable(),
  courier_status: z.string().nullable(),
  courier_checked_at: z.string().nullable(),
  return_charge: z.number().nullable(),
  /** The earlier order an exchange order was made against. */
  exchange_of: z.object({ id: z.number(), number: z.string() }).nullable(),
  /** What is left to collect: total − advance paid. */
  due: z.number(),
  /** The statuses this order may move to now (PRODUCT.md §3). */
  allowed_moves: z.array(z.number()),
});
export type AdminOrderView = z.infer<typeof adminOrderViewSchema>;

export const ORDER_PRINT_KINDS = ['invoice', 'label'] as const;
export type OrderPrintKind = (typeof ORDER_PRINT_KINDS)[number];

/** `GET /api/admin/orders/print?ids=1,2,3&kind=invoice|label`. */
export const orderPrintQuery = z.object({
  ids: z
    .string({ error: 'Choose the orders to print' })
    .trim()
    .min(1, 'Choose the orders to print')
    .transform((value, context) => {
      const ids = [...new Set(value.split(',').map((part) => Number(part.trim())))];
      if (ids.some((id) => !Number.isInteger(id) || id <= 0 || id > 2_147_483_647)) {
        context.addIssue({ code: 'custom', message: 'Use order ids separated by commas' });
        return z.NEVER;
      }
      if (ids.length > ORDER_PRINT_LIMIT) {
        context.addIssue({ code: 'custom', message: `Print at most ${ORDER_PRINT_LIMIT} orders at once` });
        return z.NEVER;
      }
      return ids;
    }),
  kind: z.enum(ORDER_PRINT_KINDS, { error: 'Choose invoice or label' }).default('invoice'),
});

export const orderPrintSchema = z.object({
  kind: z.enum(ORDER_PRINT_KINDS),
  shop: z.object({ name: z.string(), phone: z.string(), address: z.string(), logo: z.string().nullable(), currency_symbol: z.string() }),
  orders: z.array(
    adminOrderViewSchema.extend({
      /** The shop's invoice template filled in for this order (sanitised HTML), or null when it has none. */
      invoice_html: z.string().nullable(),
    }),
  ),
});
export type OrderPrint = z.infer<typeof orderPrintSchema>;
