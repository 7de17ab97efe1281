import {
  idField,
  ORDER_STATUS_LABELS,
  orderLineSchema,
  orderViewSchema,
  resellerBalanceSchema,
  resellerOrderInput,
  resellerOrderRowSchema,
  resellerProductSchema,
} from '@haat/contracts';
import { z } from 'zod';

/**
 * The reseller REST API's schemas (issue 7 item 3): the routes validate with them and the OpenAPI
 * document is generated from them, so the two cannot disagree. Money is integer paisa.
 */

const page = z.coerce.number({ error: 'Use a whole number' }).int('Use a whole number').min(1, 'Pages start at 1').max(100_000).default(1);
const perPage = z.coerce
  .number({ error: 'Use a whole number' })
  .int('Use a whole number')
  .min(1)
  .max(100, 'At most 100 a page')
  .default(20);

/** `GET /api/v1/reseller/products`. */
export const apiProductListQuery = z.object({
  page: page.describe('Page number, from 1.'),
  per_page: perPage.describe('Products a page, 1 to 100 (20 by default).'),
  q: z.string().trim().max(100, 'Use at most 100 characters').optional().describe('Search in the name and SKU.'),
  category_id: idField('category').optional().describe('Only products in this category or its sub-categories.'),
});

/** `GET /api/v1/reseller/orders`. */
export const apiOrderListQuery = z.object({
  page: page.describe('Page number, from 1.'),
  per_page: perPage.describe('Orders a page, 1 to 100 (20 by default).'),
  status: z.coerce
    .number({ error: 'Use a status code from 1 to 8' })
    .int('Use a status code from 1 to 8')
    .min(1, 'Use a status code from 1 to 8')
    .max(8, 'Use a status code from 1 to 8')
    .optional()
    .describe(
      `Only orders in this status: ${Object.entries(ORDER_STATUS_LABELS)
        .map(([code, label]) => `${code} ${label}`)
        .join(', ')}.`,
    ),
});

/** An `Idempotency-Key`: letters, digits and `-_.:`, up to 100 characters; a UUID is a good choice. */
export const idempotencyKeyField = z
  .string({ error: 'Send the idempotency key as text' })
  .trim()
  .min(1, 'The idempotency key is empty')
  .max(100, 'Use at most 100 characters')
  .regex(/^[A-Za-z0-9._:-]+$/, 'Use letters, digits and - _ . : only');

/** `POST /api/v1/reseller/orders`: the portal's order form, with any idempotency key (also as a header). */
export const apiOrderInput = resellerOrderInput.omit({ idempotency_key: true }).extend({
  idempotency_key: idempotencyKeyField
    .optional()
    .describe('Makes a repeated request answer the first order instead of placing another; the Idempotency-Key header wins.'),
});

export const apiProductSchema = resellerProductSchema;
export const apiProductListSchema = z.object({
  data: z.array(resellerProductSchema),
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  next_page_url: z.string().nullable(),
  prev_page_url: z.string().nullable(),
});

/** An order as its reseller sees it, with wholesale prices and the reseller's profit. */
export const apiOrderSchema = orderViewSchema.extend({
  lines: z.array(orderLineSchema.extend({ wholesale_price: z.number() })),
  wholesale_total: z.number(),
  profit: z.number().describe('What the customer pays − the wholesale total − the delivery charge.'),
  editable: z.boolean(),
});

export const apiOrderRowSchema = resellerOrderRowSchema;
export const apiOrderListSchema = apiProductListSchema.extend({ data: z.array(resellerOrderRowSchema) });
export const apiPlacedOrderSchema = z.object({
  order: apiOrderSchema,
  created: z.boolean().describe('false when the idempotency key had been used: the order is the one placed then.'),
});
export const apiBalanceSchema = z.object({ balance: resellerBalanceSchema });
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional().describe('The messages of each refused field, e.g. "lines.0.unit_price".'),
});
