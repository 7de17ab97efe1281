import {
  type CheckoutPaymentMethod,
  type PaymentPurpose,
  type PaymentStatus,
  type ProductPaymentRule,
  strictestPaymentRule,
} from '@haat/contracts';
import type { Db } from '../../db/client';
import { invalid } from '../../http/errors';
import { checkoutPaymentOptions } from '../settings';

/** How a shopper's checkout pays (decision 062): the method on the order and, paid online, what for and until when. */
export interface CheckoutPayment {
  paymentMethod: string;
  onlinePayment: { purpose: PaymentPurpose; dueBy: Date } | null;
  /** The methods the shop offers now: the products' rules are checked against them when the order is priced. */
  methods: CheckoutPaymentMethod[];
}

const MINUTE = 60_000;

/**
 * Checks a checkout's `payment_method` and `payment_purpose` against what the shop offers now: the
 * method must be on; a gateway needs a purpose it takes (`full`, `delivery`). Refusals are 422 naming
 * the field. An online payment's stock is held until now + the shop's `hold_minutes`. The products'
 * rules and the delivery charge are checked by placeOrder (`paymentRules`), where the lines are priced.
 */
export async function checkoutPayment(
  db: Db,
  now: Date,
  input: { payment_method: string; payment_purpose?: PaymentPurpose | null },
): Promise<CheckoutPayment> {
  const { methods, holdMinutes } = await checkoutPaymentOptions(db);
  const method = methods.find((each) => each.code === input.payment_method);
  if (!method) throw invalid('payment_method', 'This payment method is not available. Please choose another.');
  if (method.code === 'cod') return { paymentMethod: 'cod', onlinePayment: null, methods };
  const purpose = input.payment_purpose;
  if (!purpose) throw invalid('payment_purpose', `Choose to pay the whole order or only the delivery charge by ${method.label}.`);
  if (!method.purposes.includes(purpose)) {
    throw invalid(
      'payment_purpose',
      purpose === 'full'
        ? `${method.label} takes only the delivery charge in advance here: pay the rest on delivery, or choose another way to pay.`
        : `${method.label} takes only the full payment here: pay the whole order, or choose another way to pay.`,
    );
  }
  return { paymentMethod: method.code, onlinePayment: { purpose, dueBy: new Date(now.getTime() + holdMinutes * MINUTE) }, methods };
}

/** "bKash, Nagad or Card…": the offered gateways that take a purpose, as a shopper reads them. */
function gatewaysTaking(methods: CheckoutPaymentMethod[], purpose: PaymentPurpose): string | null {
  const labels = methods.filter((method) => method.purposes.includes(purpose)).map((method) => method.label);
  if (labels.length === 0) return null;
  return labels.length === 1 ? (labels[0] as string) : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

/**
 * Why an order of these products may not be paid the way chosen (decision 062), as `[field, message]`,
 * or null: `full` → only the whole order online; `delivery` → no plain cash on delivery. A delivery
 * charge paid in advance needs a delivery charge.
 */
export function paymentRuleProblem(
  rules: Iterable<ProductPaymentRule>,
  choice: { onlinePayment: { purpose: PaymentPurpose } | null | undefined; methods: CheckoutPaymentMethod[] | null },
  deliveryCharge: number,
): [field: string, message: string] | null {
  const rule = choice.methods ? strictestPaymentRule(rules) : 'any';
  const purpose = choice.onlinePayment?.purpose ?? null;
  const methods = choice.methods ?? [];
  if (rule === 'full' && purpose !== 'full') {
    const gateways = gatewaysTaking(methods, 'full');
    const message = gateways
      ? `This order can only be paid in full online: choose ${gateways} and pay the whole order.`
      : 'This order can only be paid in full online, which the shop does not take right now. Please call the shop.';
    return [purpose ? 'payment_purpose' : 'payment_method', message];
  }
  if (rule === 'delivery' && !purpose) {
    const gateways = gatewaysTaking(methods, 'delivery') ?? gatewaysTaking(methods, 'full');
    return [
      'payment_method',
      gateways
        ? `This order needs at least the delivery charge paid online: choose ${gateways}.`
        : 'This order needs at least the delivery charge paid online, which the shop does not take right now. Please call the shop.',
    ];
  }
  if (purpose === 'delivery' && deliveryCharge <= 0) {
    return ['payment_purpose', 'This order has no delivery charge to pay in advance; pay in full or on delivery.'];
  }
  return null;
}

/**
 * An order's pay link (the payments module's payPath under the app's key): handed to the checkout routes by
 * the app, since the payments module reads the orders and they may not import it back.
 */
export type PayUrl = (order: { id: number; number: string }) => string;

/** The checkout routes' options: the pay link of an order placed for an online payment. */
export interface CheckoutRouteOptions {
  payUrl: PayUrl;
}

/** The pay link of a placed order while it awaits its online payment; null otherwise. */
export function awaitingPayUrl(order: { id: number; number: string; payment_status: PaymentStatus }, payUrl: PayUrl): string | null {
  return order.payment_status === 'awaiting' ? payUrl(order) : null;
}
