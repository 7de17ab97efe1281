import { z } from 'zod';
import { passwordSchema, phoneSchema } from './auth';
import { idField, nameField } from './fields';
import { ORDER_STATUSES, ORDER_TYPES, type OrderStatusCode, type OrderType } from './order-status';
import type { Paginator } from './pagination';
import { PAYMENT_PURPOSES, PRODUCT_PAYMENT_RULES } from './payments';
import { otpCodeField } from './risk';
import { PAYMENT_METHODS, type PaymentMethodCode } from './settings';

/**
 * The storefront's cart, checkout, order tracking and customer account (issue 5), and the order
 * views the back office reads. Shapes here are what the API answers and the web parses.
 */

// ---- Order statuses -----------------------------------------------------------------------------

/** What a shopper and the back office read for each status code (PRODUCT.md §3). */
export const ORDER_STATUS_LABELS: Record<OrderStatusCode, string> = {
  1: 'Pending',
  2: 'Confirmed',
  3: 'Processing',
  4: 'Shipped',
  5: 'Delivered',
  6: 'Returned',
  7: 'Cancelled',
  8: 'On hold',
};

export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  website: 'Website',
  reseller: 'Reseller',
  phone: 'Phone',
  wholesale: 'Wholesale',
  exchange: 'Exchange',
  landing: 'Landing page',
};

export const orderStatusCode = z.coerce
  .number({ error: 'Choose a status' })
  .int()
  .refine((value) => Object.hasOwn(ORDER_STATUSES, value), 'Choose a status from 1 to 8')
  .transform((value) => value as OrderStatusCode);

export const orderTypeField = z.enum(ORDER_TYPES, { error: `Choose one of: ${ORDER_TYPES.join(', ')}` });

/** `awaiting`: placed for an online payment not yet confirmed (decision 062); the order is not confirmed until it is. */
export const PAYMENT_STATUSES = ['unpaid', 'awaiting', 'partial', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

// ---- Cart ---------------------------------------------------------------------------------------

/** The most of one variant a cart line may hold, whatever the stock. */
export const CART_LINE_LIMIT = 100;

const cartQuantity = (min: number) =>
  z.coerce
    .number({ error: 'Enter a quantity' })
    .int('Enter a whole number')
    .min(min, min === 0 ? 'The quantity cannot be negative' : 'Add at least 1')
    .max(CART_LINE_LIMIT, `You can buy at most ${CART_LINE_LIMIT} of one item`);

/** `POST /_public/cart`: adds `quantity` of a variant to what the cart holds. */
export const cartAddInput = z.object({
  variant_id: idField('product option'),
  quantity: cartQuantity(1).default(1),
});
export type CartAddInput = z.input<typeof cartAddInput>;

/** `PUT /_public/cart/{variant_id}`: the line's new quantity; 0 removes it. */
export const cartQuantityInput = z.object({ quantity: cartQuantity(0) });
export type CartQuantityInput = z.input<typeof cartQuantityInput>;

/**
 * Why a line cannot be bought as it stands: `out_of_stock` (none left), `over_stock` (fewer left than
 * the line holds: its quantity is kept, never lowered behind the shopper's back, until they lower it
 * to `max_quantity`), `unavailable` (the product is no longer for sale). Lines with a problem are left
 * out of `cart_total` and stop the checkout until changed or removed.
 */
export const CART_PROBLEMS = ['out_of_stock', 'over_stock', 'unavailable'] as const;
export type CartProblem = (typeof CART_PROBLEMS)[number];

export const cartLineSchema = z.object({
  variant_id: z.number(),
  product_id: z.number(),
  name: z.string(),
  slug: z.string(),
  /** "M / Red"; empty for a product without options. */
  variant_label: z.string(),
  sku: z.string(),
  /** A path under the image base link, or null. */
  thumbnail: z.string().nullable(),
  /** Paisa: what one costs now (offers, campaign and discount prices applied). */
  unit_price: z.number(),
  /** Paisa: the price before any discount, for a struck-through price. */
  regular_price: z.number(),
  quantity: z.number(),
  line_total: z.number(),
  stock: z.number(),
  /** The most this line can hold now: the stock, at most CART_LINE_LIMIT. */
  max_quantity: z.number(),
  problem: z.enum(CART_PROBLEMS).nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** `GET /_public/cartToContent` (seed §7) and the answer of every cart change. */
export const cartContentSchema = z.object({
  cart_content: z.array(cartLineSchema),
  /** Paisa: the lines that can be bought as they stand (no problem). */
  cart_total: z.number(),
  /** Units in the cart, for the badge. */
  item_count: z.number(),
});
export type CartContent = z.infer<typeof cartContentSchema>;

// ---- Checkout -----------------------------------------------------------------------------------

const optionalCoupon = z
  .string()
  .trim()
  .max(32, 'Use at most 32 characters')
  .nullish()
  .transform((value) => (value ? value.toUpperCase() : null));

/** `POST /_public/checkout/quote`: what the order would cost delivered there, with this code. */
export const checkoutQuoteInput = z.object({
  city_id: idField('city'),
  sub_city_id: z.preprocess((value) => (value === '' || value === undefined ? null : value), idField('area').nullable()),
  coupon: optionalCoupon,
});
export type CheckoutQuoteInput = z.input<typeof checkoutQuoteInput>;

export const paymentMethodField = z
  .enum(PAYMENT_METHODS.map((method) => method.code) as [PaymentMethodCode, ...PaymentMethodCode[]], {
    error: 'Choose a payment method',
  })
  .default('cod');

export const checkoutQuoteSchema = z.object({
  subtotal: z.number(),
  delivery_charge: z.number(),
  discount: z.number(),
  total: z.number(),
  coupon: z.object({ code: z.string(), discount: z.number() }).nullable(),
  /** Why the code does not apply (the order is quoted without it), or null. */
  coupon_error: z.string().nullable(),
  /** What checkout offers (decision 062): cod with purposes `[]`, each gateway on with what it may take. */
  payment_methods: z.array(z.object({ code: z.string(), label: z.string(), purposes: z.array(z.enum(PAYMENT_PURPOSES)) })),
  /**
   * The cart's strictest product rule: `any`; `delivery` (no plain cash on delivery: at least the delivery
   * charge online); `full` (only paid in full online).
   */
  payment_rule: z.enum(PRODUCT_PAYMENT_RULES),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;

const addressText = z
  .string({ error: 'Enter the delivery address' })
  .trim()
  .min(5, 'Enter the full address: house, road, area')
  .max(300, 'Use at most 300 characters');

/** `POST /_public/checkout`: places the cart as an order. `idempotency_key` is made once per checkout page. */
export const checkoutInput = z.object({
  name: nameField('name', 120),
  phone: phoneSchema,
  address: addressText,
  city_id: idField('city'),
  sub_city_id: idField('area'),
  coupon: optionalCoupon,
  note: z
    .string()
    .trim()
    .max(500, 'Use at most 500 characters')
    .nullish()
    .transform((value) => value ?? ''),
  payment_method: paymentMethodField,
  /** With a gateway: pay the whole order online, or only the delivery charge (the rest on delivery); decision 062. */
  payment_purpose: z.enum(PAYMENT_PURPOSES, { error: 'Choose to pay in full or only the delivery charge' }).nullish(),
  idempotency_key: z.uuid({ error: 'Reload the checkout page and try again' }),
  /** The code sent by SMS when the shop asks one of this phone (decision 055). */
  otp_code: otpCodeField,
});
export type CheckoutInput = z.input<typeof checkoutInput>;

// ---- Order views --------------------------------------------------------------------------------

export const orderLineSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  variant_id: z.number(),
  name: z.string(),
  variant_label: z.string(),
  sku: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  line_total: z.number(),
});
export type OrderLineView = z.infer<typeof orderLineSchema>;

export const orderHistorySchema = z.object({
  from_status: z.number().nullable(),
  status: z.number(),
  status_label: z.string(),
  note: z.string(),
  admin_id: z.number().nullable(),
  admin_name: z.string().nullable(),
  /** Who made the move: staff (`admin_name` says who), the customer themself, a reseller, or the system. */
  by: z.enum(['admin', 'reseller', 'merchant', 'customer', 'system']),
  at: z.string(),
});
export type OrderHistoryView = z.infer<typeof orderHistorySchema>;

/** One order with its lines and history: the checkout's answer, the customer's order page, the back office's view. */
export const orderViewSchema = z.object({
  id: z.number(),
  number: z.string(),
  type: z.enum(ORDER_TYPES),
  status: z.number(),
  status_label: z.string(),
  customer_id: z.number().nullable(),
  customer_name: z.string(),
  phone: z.string(),
  address: z.string(),
  city_id: z.number(),
  city_name: z.string().nullable(),
  sub_city_id: z.number().nullable(),
  sub_city_name: z.string().nullable(),
  lines: z.array(orderLineSchema),
  subtotal: z.number(),
  delivery_charge: z.number(),
  discount: z.number(),
  coupon_code: z.string().nullable(),
  advance_paid: z.number(),
  total: z.number(),
  payment_method: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  note: z.string(),
  placed_at: z.string(),
  history: z.array(orderHistorySchema),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/**
 * `POST /_public/checkout` → 201 (200 when the key was seen before, with the same order); also the
 * landing page's order answer. `pay_url` (`/pay/<number>?key=…`) while the order awaits its online
 * payment (decision 062), else null.
 */
export const checkoutResultSchema = z.object({ order: orderViewSchema, pay_url: z.string().nullable().default(null) });
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** `GET /_public/order/track?number=&phone=`: what anyone holding both may see; no address. */
export const orderTrackInput = z.object({
  number: z
    .string({ error: 'Enter the order number' })
    .trim()
    .min(1, 'Enter the order number')
    .max(40)
    .transform((value) => value.toUpperCase()),
  phone: phoneSchema,
});
export type OrderTrackInput = z.input<typeof orderTrackInput>;

export const trackedOrderSchema = z.object({
  number: z.string(),
  status: z.number(),
  status_label: z.string(),
  placed_at: z.string(),
  lines: z.array(
    z.object({ name: z.string(), variant_label: z.string(), quantity: z.number(), unit_price: z.number(), line_total: z.number() }),
  ),
  subtotal: z.number(),
  delivery_charge: z.number(),
  discount: z.number(),
  total: z.number(),
  history: z.array(z.object({ status: z.number(), status_label: z.string(), at: z.string() })),
  /** Once shipped (4 and later): who carries it and its tracking code, linked to the courier's tracking page when it has one. */
  courier: z.object({ name: z.string(), tracking_code: z.string().nullable(), tracking_url: z.string().nullable() }).nullable(),
});
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;

/** A row of the customer's order history. */
export const accountOrderSummarySchema = z.object({
  id: z.number(),
  number: z.string(),
  status: z.number(),
  status_label: z.string(),
  placed_at: z.string(),
  total: z.number(),
  item_count: z.number(),
  /** The first line's product name, with "and N more". */
  summary: z.string(),
  /** The same in parts, for the page to word in its language. */
  first_item: z.string(),
  more_items: z.number(),
});
export type AccountOrderSummary = z.infer<typeof accountOrderSummarySchema>;
export type AccountOrderPage = Paginator<AccountOrderSummary>;

// ---- Customer account ---------------------------------------------------------------------------

const optionalEmail = z.preprocess(
  (value) => (value === null || value === undefined ? '' : value),
  z.union([z.literal(''), z.email('Enter a valid email address').trim().toLowerCase().max(200)]).transform((value) => value || null),
);

/** `POST /_public/register`. */
export const customerRegisterInput = z
  .object({
    name: nameField('name', 120),
    phone: phoneSchema,
    email: optionalEmail,
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The two passwords do not match',
  });
export type CustomerRegisterInput = z.input<typeof customerRegisterInput>;

/** `PUT /_public/account/profile`: the phone may stay empty (accounts made by Google or Facebook) while there is an email. */
export const customerProfileInput = z
  .object({
    name: nameField('name', 120),
    phone: z.preprocess(
      (value) => (value === null || value === undefined ? '' : value),
      z.union([z.literal(''), phoneSchema]).transform((value) => value || null),
    ),
    email: optionalEmail,
  })
  .refine((value) => value.phone || value.email, { path: ['phone'], message: 'Enter a mobile number or an email address' });
export type CustomerProfileInput = z.input<typeof customerProfileInput>;

/** A saved delivery address: `POST /_public/account/addresses`, `PUT /_public/account/addresses/{id}`. */
export const customerAddressInput = z.object({
  name: nameField('name', 120),
  phone: phoneSchema,
  address: addressText,
  city_id: idField('city'),
  sub_city_id: idField('area'),
  is_default: z.boolean().default(false),
});
export type CustomerAddressInput = z.input<typeof customerAddressInput>;

export const customerAddressSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  city_id: z.number(),
  city_name: z.string().nullable(),
  sub_city_id: z.number(),
  sub_city_name: z.string().nullable(),
  is_default: z.boolean(),
});
export type CustomerAddress = z.infer<typeof customerAddressSchema>;

/** `POST /_public/product/{id}/reviews` by a customer who received the product. */
export const productReviewByCustomerInput = z.object({
  rating: z.coerce
    .number({ error: 'Choose a rating from 1 to 5' })
    .int('Choose a rating from 1 to 5')
    .min(1, 'Choose a rating from 1 to 5')
    .max(5, 'Choose a rating from 1 to 5'),
  text: z.string().trim().min(3, 'Write at least 3 characters').max(2000, 'Use at most 2000 characters'),
});
export type ProductReviewByCustomerInput = z.input<typeof productReviewByCustomerInput>;

/** `POST /_public/landing/{slug}/order`: the one-product order form of a landing page (type `landing`). */
const landingQuantity = z.coerce
  .number({ error: 'Enter a quantity' })
  .int('Enter a whole number')
  .min(1, 'Order at least 1')
  .max(20, 'Order at most 20');

export const landingOrderInput = checkoutInput.omit({ coupon: true }).extend({
  variant_id: idField('option'),
  quantity: landingQuantity,
});
export type LandingOrderInput = z.input<typeof landingOrderInput>;

/**
 * `POST /_public/landing/{slug}/quote`: what the landing page's order costs delivered to a place, answered as the
 * checkout's quote (`CheckoutQuote`, without a coupon) with the product's payment rule and the methods offered.
 */
export const landingQuoteInput = checkoutQuoteInput.omit({ coupon: true }).extend({
  variant_id: idField('option'),
  quantity: landingQuantity,
});
export type LandingQuoteInput = z.input<typeof landingQuoteInput>;
