import { z } from 'zod';
import { moneyField } from './fields';
import { defineResourceDescriptor, idFilter, viewOf, yesNoFilter } from './resources/descriptor';

/**
 * Online payments (issue 21, decision 062). An order's online payment attempts are kept apart from its
 * status: each attempt has its gateway, amounts, the gateway's ids, the raw answers and a state. An order
 * paid online is confirmed only when the gateway confirms; the courier collects only what is still due.
 */
export const GATEWAY_CODES = ['bkash', 'nagad', 'sslcommerz'] as const;
export type GatewayCodeName = (typeof GATEWAY_CODES)[number];

export const GATEWAY_NAMES: Record<GatewayCodeName, string> = {
  bkash: 'bKash',
  nagad: 'Nagad',
  sslcommerz: 'Card or mobile banking (SSLCommerz)',
};

/** What a shopper pays online: the whole order, or only the delivery charge (the rest in cash on delivery). */
export const PAYMENT_PURPOSES = ['full', 'delivery'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_STATES = ['initiated', 'paid', 'failed', 'cancelled', 'refunded', 'partly_refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * A product's rule for how it may be paid (products.payment_rule): any way the shop offers, at least the
 * delivery charge online (no plain cash on delivery), or in full online. A cart follows its strictest line.
 */
export const PRODUCT_PAYMENT_RULES = ['any', 'delivery', 'full'] as const;
export type ProductPaymentRule = (typeof PRODUCT_PAYMENT_RULES)[number];

/** What the product form and the storefront say of each rule. */
export const PRODUCT_PAYMENT_RULE_LABELS: Record<ProductPaymentRule, string> = {
  any: 'Any way',
  delivery: 'At least the delivery charge online',
  full: 'Only paid in full online',
};

/** The strictest of some products' rules: a cart (or landing order) follows its strictest line. */
export function strictestPaymentRule(rules: Iterable<ProductPaymentRule>): ProductPaymentRule {
  let strictest: ProductPaymentRule = 'any';
  for (const rule of rules) {
    if (PRODUCT_PAYMENT_RULES.indexOf(rule) > PRODUCT_PAYMENT_RULES.indexOf(strictest)) strictest = rule;
  }
  return strictest;
}

/** A payment method checkout may offer: cash on delivery, or a gateway with what it may take. */
export type CheckoutPaymentMethod = {
  code: 'cod' | GatewayCodeName;
  label: string;
  /** For a gateway: what the shop lets shoppers pay by it (both, one, or — for cod — none). */
  purposes: PaymentPurpose[];
};

/** `POST /_public/orders/{number}/pay` (and the reseller shop's): start (or restart) the online payment of an order. */
export const startPaymentInput = z.object({
  /** The pay link's key (from the checkout's answer, the order page or the SMS). */
  key: z.string().trim().min(1, 'The payment link is incomplete').max(200, 'The payment link is not valid'),
  gateway: z.enum(GATEWAY_CODES, { error: 'Choose how to pay' }),
  /**
   * The reseller shop (its slug) whose pay page, under `/shop/{slug}` on the shop's host, started the payment: the
   * shopper comes back to that shop's pages. Taken only when the order is that shop's.
   */
  shop: z
    .string()
    .trim()
    .max(80, 'The shop is not valid')
    .regex(/^[a-z0-9-]*$/, 'The shop is not valid')
    .optional(),
});
export type StartPaymentInput = z.input<typeof startPaymentInput>;

/** The answer to a start: where to send the shopper. */
export type StartedPaymentView = { payment_id: number; redirect_url: string };

/** `GET /_public/orders/{number}/pay?key=…`: what the pay page shows. */
export type PayPageView = {
  number: string;
  status: number;
  payment_status: string;
  purpose: PaymentPurpose | null;
  total: number;
  paid: number;
  /** What is due online now (0 when nothing is: paid, cancelled, cash on delivery). */
  due_online: number;
  /** What the courier will collect after the online part is paid. */
  due_on_delivery: number;
  /** When the held stock is released if nothing is paid (ISO), null when nothing is held. */
  pay_by: string | null;
  gateways: { code: GatewayCodeName; label: string }[];
  /** The last attempt's outcome for the page's message: failed, cancelled… */
  last_attempt: { state: PaymentState; message: string } | null;
};

/** One online payment attempt, as staff see it on the order and in the payments list. */
export type PaymentView = {
  id: number;
  order_id: number;
  order_number: string;
  gateway: GatewayCodeName;
  purpose: PaymentPurpose;
  invoice: string;
  amount: number;
  paid_amount: number;
  fee: number;
  refunded_amount: number;
  state: PaymentState;
  provider_ref: string | null;
  trx_id: string | null;
  message: string;
  created_at: string;
  paid_at: string | null;
};

/** A gateway call in a payment's log: what was asked and answered (secrets masked), for support. */
export type PaymentCallView = {
  id: number;
  operation: string;
  method: string;
  url: string;
  status: number | null;
  ms: number;
  request: unknown;
  response: unknown;
  at: string;
};

/** `GET /api/admin/orders/{id}/payments`: the order's money as the payments card shows it. */
export type OrderPaymentsView = {
  total: number;
  /** Paid online and not refunded, plus any advance staff recorded. */
  paid: number;
  /** What the courier collects: total − advance paid. */
  to_collect: number;
  payment_status: string;
  pay_by: string | null;
  /** The pay link for an order awaiting payment (staff copy it or send it by SMS). */
  pay_link: string | null;
  /** What may still be refunded online (owed to the customer and paid online, less what was refunded). */
  refundable: number;
  payments: PaymentView[];
  refunds: PaymentRefundView[];
};

/** `POST /api/admin/payments/{id}/refunds`: refund through the gateway, full or part, with the reason. */
export const paymentRefundInput = z.object({
  amount: moneyField('amount').refine((value) => value > 0, 'Enter an amount above zero'),
  reason: z.string().trim().min(2, 'Say why the money is refunded').max(255, 'Use at most 255 characters for the reason'),
});
export type PaymentRefundInput = z.input<typeof paymentRefundInput>;

export const PAYMENT_REFUND_STATES = ['refunded', 'refused', 'pending'] as const;
export type PaymentRefundState = (typeof PAYMENT_REFUND_STATES)[number];

export type PaymentRefundView = {
  id: number;
  payment_id: number;
  amount: number;
  reason: string;
  state: PaymentRefundState;
  refund_id: string | null;
  message: string;
  admin_name: string | null;
  at: string;
};

/** What a reconciliation found wrong between our records and the gateway's. */
export const RECONCILIATION_FLAGS = ['missing_at_gateway', 'missing_here', 'amount_mismatch', 'state_mismatch'] as const;
export type ReconciliationFlag = (typeof RECONCILIATION_FLAGS)[number];

/**
 * `/admin/payment/list` (decision 062): every online payment attempt, newest first, by gateway, state and the
 * day it started, searched by invoice, order number or the gateway's transaction id, with CSV. Read-only:
 * attempts are made by checkout and changed by the gateways' answers, refunds and checks.
 */
export const paymentDescriptor = defineResourceDescriptor({
  name: 'payment',
  label: 'payment',
  title: 'Online payments',
  path: '/api/admin/payments',
  permission: 'payment',
  permissions: { view: 'payment.view' },
  input: z.object({}),
  view: viewOf<PaymentView>(),
  sort: ['id', 'created_at', 'amount', 'paid_at'],
  defaultSort: '-created_at',
  filters: {
    gateway: z.enum(GATEWAY_CODES),
    state: z.enum(PAYMENT_STATES),
    from: z.iso.date(),
    to: z.iso.date(),
  },
  readOnly: true,
});

/** What a payment refund answers: the refund, and the payment as it is after it. */
export type PaymentRefundedView = { refund: PaymentRefundView; payment: PaymentView; refundable: number };

/** `GET /api/admin/payments/{id}/refunds`: a payment's refunds, newest first, and what may still be refunded through it. */
export type PaymentRefundsView = { payment: PaymentView; refundable: number; refunds: PaymentRefundView[] };

const reconciliationDay = (what: string) => z.iso.date({ error: `Enter the ${what} day as YYYY-MM-DD` });

/** `POST /api/admin/payments/reconciliations`: ask the gateway about each of our attempts in the days (at most 31). */
export const reconciliationRunInput = z
  .object({
    gateway: z.enum(GATEWAY_CODES, { error: 'Choose the gateway' }),
    from: reconciliationDay('first'),
    to: reconciliationDay('last'),
  })
  .superRefine((value, context) => {
    if (value.to < value.from) context.addIssue({ code: 'custom', path: ['to'], message: 'The last day is before the first' });
    else if (Date.parse(value.to) - Date.parse(value.from) > 30 * 86_400_000) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'Reconcile at most 31 days at a time' });
    }
  });
export type ReconciliationRunInput = z.input<typeof reconciliationRunInput>;

/** `POST /api/admin/payments/reconciliations/report?gateway=…` (multipart `file`): a settlement report's gateway. */
export const reconciliationReportQuery = z.object({ gateway: z.enum(GATEWAY_CODES, { error: 'Choose the gateway' }) });

/** `POST /api/admin/payments/reconciliations/items/{id}/resolve`: what was done about the difference. */
export const reconciliationResolveInput = z.object({
  note: z.string().trim().min(2, 'Say what was done about it').max(500, 'Use at most 500 characters for the note'),
});
export type ReconciliationResolveInput = z.input<typeof reconciliationResolveInput>;

/** One reconciliation: a gateway's records compared with ours over some days. */
export type ReconciliationRunView = {
  id: number;
  gateway: GatewayCodeName;
  /** `query` (the daily job or a click) or `report` (an uploaded settlement file). */
  source: 'query' | 'report';
  from: string;
  to: string;
  checked: number;
  matched: number;
  flagged: number;
  /** Flagged items nobody has resolved yet. */
  open: number;
  /** Who ran it; null for the daily job. */
  admin_name: string | null;
  at: string;
};

/** A difference a reconciliation found, open until someone resolves it with a note. */
export type ReconciliationItemView = {
  id: number;
  reconciliation_id: number;
  gateway: GatewayCodeName;
  source: 'query' | 'report';
  flag: ReconciliationFlag;
  /** The gateway's transaction id or our invoice, whichever identifies the line. */
  reference: string;
  payment_id: number | null;
  order_id: number | null;
  order_number: string | null;
  our_amount: number | null;
  their_amount: number | null;
  our_state: string | null;
  their_state: string | null;
  resolved_at: string | null;
  resolved_by: string | null;
  note: string;
  at: string;
};

/** What a reconciliation answers: the run and what it flagged. */
export type ReconciliationResultView = { run: ReconciliationRunView; items: ReconciliationItemView[]; message: string };

/** How a reconciliation run stands: differences still open, all resolved, or nothing flagged. */
export const RECONCILIATION_RUN_STATUSES = ['open', 'resolved', 'clean'] as const;
export type ReconciliationRunStatus = (typeof RECONCILIATION_RUN_STATUSES)[number];

/**
 * `/admin/payment/reconciliation` (decision 062): the reconciliation runs, newest first, by gateway, how (a query
 * or a settlement report), the days they covered (overlapping `from`–`to`) and whether differences are open, with
 * CSV. Read-only: a run is made by the daily job, "Run now" or a settlement report (the module's own POST routes).
 */
export const reconciliationRunDescriptor = defineResourceDescriptor({
  name: 'payment-reconciliation',
  label: 'reconciliation',
  title: 'Payment reconciliation',
  path: '/api/admin/payments/reconciliations',
  permission: 'payment.reconciliation',
  permissions: { view: 'payment.reconcile' },
  input: z.object({}),
  view: viewOf<ReconciliationRunView>(),
  sort: ['id', 'created_at'],
  defaultSort: '-created_at',
  filters: {
    gateway: z.enum(GATEWAY_CODES),
    source: z.enum(['query', 'report']),
    status: z.enum(RECONCILIATION_RUN_STATUSES),
    from: z.iso.date(),
    to: z.iso.date(),
  },
  readOnly: true,
});

/**
 * `/admin/payment/reconciliation/items` (decision 062): what the runs flagged, newest first, by run, gateway, kind
 * and whether it is resolved, searched by the reference or the order number, with CSV. Read-only: a run flags
 * them, and "Resolve" (`POST …/items/{id}/resolve`, a note) closes one.
 */
export const reconciliationItemDescriptor = defineResourceDescriptor({
  name: 'payment-reconciliation-item',
  label: 'flagged payment',
  title: 'Flagged payments',
  path: '/api/admin/payments/reconciliations/items',
  permission: 'payment.reconciliation.item',
  permissions: { view: 'payment.reconcile' },
  input: z.object({}),
  view: viewOf<ReconciliationItemView>(),
  sort: ['id'],
  defaultSort: '-id',
  filters: {
    run: idFilter,
    gateway: z.enum(GATEWAY_CODES),
    flag: z.enum(RECONCILIATION_FLAGS),
    resolved: yesNoFilter,
  },
  readOnly: true,
});
