import { z } from 'zod';
import {
  apiBalanceSchema,
  apiErrorSchema,
  apiOrderInput,
  apiOrderListQuery,
  apiOrderListSchema,
  apiOrderSchema,
  apiPlacedOrderSchema,
  apiProductListQuery,
  apiProductListSchema,
  apiProductSchema,
  idempotencyKeyField,
} from './api.schemas';

type JsonSchema = Record<string, unknown>;

/** A request body's schema (what a client may send) or a response's (what it gets back). */
const inputSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
};
const outputSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
};

/** Query parameters, one per property of a zod object, with their descriptions and defaults. */
function queryParameters(schema: z.ZodObject): JsonSchema[] {
  const json = inputSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: 'query', required: json.required?.includes(name) ?? false, description, schema: rest };
  });
}

const idParameter = (what: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `The ${what}'s id.`,
  schema: { type: 'integer', minimum: 1 },
});

const json = (ref: string, description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});
const errorResponse = (description: string) => json('Error', description);
const common = {
  '401': errorResponse('No key, or an unknown or revoked key, or a reseller account that is not active.'),
  '429': {
    ...errorResponse('Too many requests for this key; wait the seconds in Retry-After.'),
    headers: { 'Retry-After': { description: 'Seconds until the key may call again.', schema: { type: 'integer' } } },
  },
};

/**
 * The reseller API's OpenAPI 3.1 document, generated from the zod schemas the routes validate with,
 * for the shop at `serverUrl`.
 */
export function openApiDocument(serverUrl: string, rateLimit: number) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Haat reseller API',
      version: '1.0.0',
      description:
        'List the shop’s products at your prices, place orders for your customers, follow their status and read your balance. ' +
        'Create an API key on the Security page of the reseller portal (/dropshipper/security/edit) and send it as `Authorization: Bearer <key>`. ' +
        `Money is in paisa (৳1 = 100). Each key may make ${rateLimit} requests a minute. Errors answer \`{message, errors}\`.`,
      'x-rate-limit-per-minute': rateLimit,
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'Products', description: 'The shop’s catalogue with wholesale prices, suggested prices, your prices and stock.' },
      { name: 'Orders', description: 'Orders for your customers, at your prices (never below wholesale).' },
      { name: 'Balance', description: 'Your profit and withdrawals.' },
    ],
    paths: {
      '/api/v1/reseller/products': {
        get: {
          operationId: 'listProducts',
          tags: ['Products'],
          summary: 'List products',
          description: 'Published products, newest first, with your price and stock; search and filter by category.',
          parameters: queryParameters(apiProductListQuery),
          responses: { '200': json('ProductList', 'A page of products.'), '422': errorResponse('A parameter is invalid.'), ...common },
        },
      },
      '/api/v1/reseller/products/{id}': {
        get: {
          operationId: 'getProduct',
          tags: ['Products'],
          summary: 'One product',
          parameters: [idParameter('product')],
          responses: {
            '200': {
              description: 'The product.',
              content: {
                'application/json': { schema: { type: 'object', properties: { data: { $ref: '#/components/schemas/Product' } } } },
              },
            },
            '404': errorResponse('No published product has this id.'),
            ...common,
          },
        },
      },
      '/api/v1/reseller/orders': {
        get: {
          operationId: 'listOrders',
          tags: ['Orders'],
          summary: 'List your orders',
          description: 'Your orders, newest first, optionally of one status.',
          parameters: queryParameters(apiOrderListQuery),
          responses: { '200': json('OrderList', 'A page of orders.'), '422': errorResponse('A parameter is invalid.'), ...common },
        },
        post: {
          operationId: 'placeOrder',
          tags: ['Orders'],
          summary: 'Place an order',
          description:
            'An order for your customer at your prices; each `unit_price` must be at least the wholesale price. The stock is reserved at once. ' +
            'Send an `Idempotency-Key` (a UUID made for each order): repeating the request with the same key answers the same order (200, `created: false`) instead of placing another.',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description: 'Makes a repeated request answer the first order. Letters, digits and - _ . : up to 100 characters.',
              schema: inputSchema(idempotencyKeyField),
            },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/OrderInput' } } } },
          responses: {
            '201': json('PlacedOrder', 'The order was placed.'),
            '200': json('PlacedOrder', 'The idempotency key had been used: the order placed then.'),
            '409': errorResponse('Not enough stock for a line.'),
            '422': errorResponse('A field is invalid, e.g. `lines.0.unit_price` below the wholesale price.'),
            ...common,
          },
        },
      },
      '/api/v1/reseller/orders/{id}': {
        get: {
          operationId: 'getOrder',
          tags: ['Orders'],
          summary: 'One order and its status',
          parameters: [idParameter('order')],
          responses: {
            '200': {
              description: 'The order with its lines, status history and your profit.',
              content: { 'application/json': { schema: { type: 'object', properties: { data: { $ref: '#/components/schemas/Order' } } } } },
            },
            '404': errorResponse('You have no order with this id.'),
            ...common,
          },
        },
      },
      '/api/v1/reseller/balance': {
        get: {
          operationId: 'getBalance',
          tags: ['Balance'],
          summary: 'Your balance',
          description: 'Income credited on delivered orders, withdrawals pending and paid, and the available balance.',
          responses: { '200': json('Balance', 'Your balance.'), ...common },
        },
      },
    },
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key from the Security page of the reseller portal.' },
      },
      schemas: {
        Product: outputSchema(apiProductSchema),
        ProductList: outputSchema(apiProductListSchema),
        OrderInput: inputSchema(apiOrderInput),
        Order: outputSchema(apiOrderSchema),
        OrderList: outputSchema(apiOrderListSchema),
        PlacedOrder: outputSchema(apiPlacedOrderSchema),
        Balance: outputSchema(apiBalanceSchema),
        Error: outputSchema(apiErrorSchema),
      },
    },
  };
}
