import {
  formatMoney,
  GATEWAY_CODES,
  GATEWAY_NAMES,
  type GatewayCodeName,
  type PaymentPurpose,
  type PaymentSetting,
  type PayPageView,
  type StartedPaymentView,
  startPaymentInput,
} from '@haat/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Ctx, inTransaction } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { type GatewayCode, PaymentGatewayError, type PaymentOutcome, type PaymentRef } from '../../integrations/payments/payment-provider';
import { type EntryLineInput, postEntry } from '../accounts';
import { recordAudit } from '../audit';
import { applyOnlinePayment, findOrder, findPayableOrder, type OrderRow } from '../orders';
import { resellerShopHome } from '../resellers';
import { type GatewaysConfig, gatewayAndSetting, gatewayFor, gatewayPurposes, paymentSettings, settingFee } from './gateways';
import { isPayKey, payPath } from './pay-link';
import { payments } from './payment.table';

export type PaymentRow = typeof payments.$inferSelect;

/** Statuses an order may be paid online in: pending, or on hold (decision 055's risky phone). */
const PAYABLE_STATUSES: readonly number[] = [1, 8];
/** States of an attempt that took the shopper's money. */
const PAID_STATES = ['paid', 'refunded', 'partly_refunded'] as const;

export function gatewayName(code: GatewayCode): string {
  return code === 'sslcommerz' ? 'SSLCommerz' : GATEWAY_NAMES[code];
}

/** What is due online on an order now (paisa), by what the shopper chose to pay online: 0 when nothing is. */
export function amountDueOnline(order: Pick<OrderRow, 'total' | 'advancePaid' | 'deliveryCharge' | 'paymentPurpose'>): number {
  if (order.paymentPurpose === 'full') return Math.max(0, order.total - order.advancePaid);
  if (order.paymentPurpose === 'delivery') return Math.max(0, Math.min(order.deliveryCharge, order.total) - order.advancePaid);
  return 0;
}

/** Why an order cannot be paid online now, in the shopper's words, or null when it can. */
function payRefusal(order: OrderRow, now: Date): string | null {
  if (order.status === 7) return 'This order was cancelled.';
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'partial' || order.paidOnline > 0) return 'This order is already paid.';
  if (!order.paymentPurpose || order.paymentStatus !== 'awaiting') return 'This order is paid in cash on delivery: nothing is due online.';
  if (!PAYABLE_STATUSES.includes(order.status)) return 'This order can no longer be paid online.';
  if (order.paymentDueBy && order.paymentDueBy.getTime() <= now.getTime()) {
    return 'The time to pay this order has passed: its items are no longer held.';
  }
  if (amountDueOnline(order) <= 0) return 'Nothing is due online on this order.';
  return null;
}

/** The order a pay link opens: 404 for an unknown number or a wrong key (the same answer, so keys cannot be probed). */
async function orderOfPayLink(ctx: Ctx, config: GatewaysConfig, number: string, key: string) {
  const order = await findPayableOrder(ctx.db, number);
  if (!order || !key || !isPayKey(config, order, key)) throw notFound('The order');
  return order;
}

/** `GET /_public/orders/:number/pay?key=`: what the pay page shows. */
export async function payPage(ctx: Ctx, config: GatewaysConfig, number: string, key: string): Promise<PayPageView> {
  const order = await orderOfPayLink(ctx, config, number, key);
  const [setting, [last]] = await Promise.all([
    paymentSettings(ctx.db),
    ctx.db
      .select({ state: payments.state, message: payments.message })
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(desc(payments.id))
      .limit(1),
  ]);
  const due = payRefusal(order, ctx.now) ? 0 : amountDueOnline(order);
  const purpose = order.paymentPurpose as PaymentPurpose | null;
  return {
    number: order.number,
    status: order.status,
    payment_status: order.paymentStatus,
    purpose,
    total: order.total,
    paid: order.advancePaid,
    due_online: due,
    due_on_delivery: Math.max(0, order.total - order.advancePaid - due),
    pay_by: due > 0 && order.paymentDueBy ? order.paymentDueBy.toISOString() : null,
    gateways:
      due > 0 && purpose
        ? GATEWAY_CODES.filter((code) => gatewayPurposes(setting, code).includes(purpose)).map((code) => ({
            code,
            label: GATEWAY_NAMES[code],
          }))
        : [],
    last_attempt: last ? { state: last.state, message: last.message } : null,
  };
}

/** Our addresses the gateway sends the shopper (and SSLCommerz its IPN) back to, on the host the shopper is on. */
export function returnUrls(origin: string, gateway: GatewayCode, paymentId: number): { returnUrl: string; notifyUrl?: string } {
  const base = origin.replace(/\/+$/, '');
  return {
    returnUrl: `${base}/api/payments/${gateway}/return/${paymentId}`,
    ...(gateway === 'sslcommerz' ? { notifyUrl: `${base}/api/payments/sslcommerz/ipn` } : {}),
  };
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') return true;
  }
  return false;
};

/**
 * `POST /_public/orders/:number/pay` `{key, gateway}` (decision 062): a new attempt of the order's online
 * payment. The amount is the server's (the whole order or its delivery charge, less what was paid before);
 * nothing the browser sends but the key and the gateway counts. Refused with 404 for a wrong key, 409 when
 * nothing is due (paid, cancelled, cash on delivery, the hold expired) and 422 on `gateway` when that
 * gateway is off or does not take what is due. One read and one insert before the gateway is called.
 */
export async function startPayment(
  ctx: Ctx,
  config: GatewaysConfig,
  number: string,
  body: unknown,
  origin: string,
): Promise<StartedPaymentView> {
  const input = startPaymentInput.parse(body);
  const order = await orderOfPayLink(ctx, config, number, input.key);
  const refusal = payRefusal(order, ctx.now);
  if (refusal) throw new HttpError(409, refusal);
  const purpose = order.paymentPurpose as PaymentPurpose;
  const setting = await paymentSettings(ctx.db);
  if (!gatewayPurposes(setting, input.gateway).includes(purpose)) {
    const message =
      purpose === 'full'
        ? 'This way to pay does not take full payments here: choose another'
        : 'This way to pay does not take the delivery charge in advance here: choose another';
    throw new HttpError(422, message, { gateway: [message] });
  }
  const provider = await gatewayFor(config, ctx.db, input.gateway);
  const amount = amountDueOnline(order);
  // Started in a reseller's shop on the main host: the shopper comes back there (`/shop/{slug}/…`), not to the storefront.
  const shop = input.shop ? await resellerShopHome(ctx.db, order.resellerId) : null;
  const back: Record<string, string> = shop && shop.slug === input.shop ? { back: shop.path } : {};
  const prefix = order.number.replace(/-/g, '');

  let payment: PaymentRow | undefined;
  for (let attempt = 0; !payment; attempt++) {
    try {
      [payment] = await ctx.db
        .insert(payments)
        .values({
          orderId: order.id,
          gateway: input.gateway,
          purpose,
          amount,
          extra: back,
          invoice: sql`${prefix} || 'P' || ((select count(*) from payments p where p.order_id = ${order.id}) + 1)::text`,
        })
        .returning();
    } catch (error) {
      // Two starts at once counted the same attempts: the second takes the next number.
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }

  const urls = returnUrls(origin, input.gateway, payment.id);
  try {
    const started = await provider.start({
      invoice: payment.invoice,
      amount,
      ...urls,
      customer: {
        name: order.customerName,
        phone: order.customerPhone,
        address: order.customerAddress,
        city: order.cityName ?? 'Dhaka',
      },
      description: `Order ${order.number}`,
      clientIp: ctx.ip ?? undefined,
    });
    await ctx.db.update(payments).set({ providerRef: started.providerRef, updatedAt: ctx.now }).where(eq(payments.id, payment.id));
    return { payment_id: payment.id, redirect_url: started.redirectUrl };
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    await ctx.db
      .update(payments)
      .set({ state: 'failed', message: error.message.slice(0, 500), updatedAt: ctx.now })
      .where(eq(payments.id, payment.id));
    const message = 'The payment could not be started. Try again or choose another way to pay.';
    throw new HttpError(502, message, { gateway: [message] });
  }
}

/** What the gateway's client needs of a stored attempt. */
export function paymentRef(payment: PaymentRow): PaymentRef {
  return { invoice: payment.invoice, amount: payment.amount, providerRef: payment.providerRef, trxId: payment.trxId, extra: payment.extra };
}

export interface SettleResult {
  payment: PaymentRow;
  /** Whether this call changed the attempt (false: it was settled before, or the gateway says pending). */
  changed: boolean;
  /** The order's number as read under its lock, when the settle got that far (the return's redirect needs it). */
  order?: { id: number; number: string };
}

/**
 * Writes what the gateway answered about an attempt (decision 062), in one transaction: the order's row is locked
 * first, then the attempt's (every path takes them in that order). Only an `initiated` attempt changes, so a
 * repeated return, the IPN after the return or 20 callbacks at once settle it once. A `paid` answer whose amount
 * is not ours, or that comes for an order already paid, is recorded `failed` with why and flagged for
 * reconciliation, never confirmed. A paid attempt keeps the gateway's ids, amount and fee, books the money
 * (`payment.received`: the gateway's balance less its fee, the fee as bank charges, the customer's advance) and
 * confirms the order through the orders module. `pending` changes nothing.
 */
export async function settlePayment(
  ctx: Ctx,
  paymentId: number,
  outcome: PaymentOutcome,
  known?: PaymentRow,
  /** The payment settings when the caller read them just now (a return, for its gateway's client): no second read. */
  knownSetting?: PaymentSetting,
): Promise<SettleResult> {
  // The caller's row (a return just read it) saves a statement; the row is read again under its lock below.
  const [seen] = known?.id === paymentId ? [known] : await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!seen) throw notFound('The payment');
  if (seen.state !== 'initiated' || outcome.state === 'pending') return { payment: seen, changed: false };
  const setting = outcome.state === 'paid' ? (knownSetting ?? (await paymentSettings(ctx.db))) : null;

  return inTransaction(ctx, async (tx) => {
    const order = await findOrder(tx.db, seen.orderId, { lock: true });
    const [payment] = await tx.db.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!order || !payment) throw notFound('The payment');
    if (payment.state !== 'initiated') return { payment, changed: false, order };
    const extra = { ...payment.extra, ...(outcome.extra ?? {}) };
    const base = {
      providerRef: outcome.providerRef ?? payment.providerRef,
      trxId: outcome.trxId ?? payment.trxId,
      updatedAt: tx.now,
    };

    if (outcome.state === 'failed' || outcome.state === 'cancelled') {
      const message = outcome.message || (outcome.state === 'cancelled' ? 'The payment was cancelled.' : 'The payment failed.');
      const [after] = await tx.db
        .update(payments)
        .set({ ...base, state: outcome.state, message: message.slice(0, 500), extra })
        .where(eq(payments.id, paymentId))
        .returning();
      await recordAudit(tx, auditOf(payment, outcome.state, { message }));
      return { payment: after as PaymentRow, changed: true, order };
    }

    if (outcome.state !== 'paid') return { payment, changed: false, order };
    const paidAmount = outcome.amount ?? 0;
    const problem = paidProblem(order, payment, paidAmount);
    if (problem) {
      const [after] = await tx.db
        .update(payments)
        .set({ ...base, state: 'failed', paidAmount, message: problem.message, extra: { ...extra, flag: problem.flag } })
        .where(eq(payments.id, paymentId))
        .returning();
      await recordAudit(tx, auditOf(payment, 'failed', { message: problem.message, flag: problem.flag, paid_amount: paidAmount }));
      return { payment: after as PaymentRow, changed: true, order };
    }

    const gateway = payment.gateway as GatewayCode;
    const fee = Math.min(paidAmount, outcome.fee ?? (setting ? settingFee(setting, gateway, paidAmount) : 0));
    const name = gatewayName(gateway);
    const entry = await postPaymentReceived(tx, payment, order, paidAmount, fee);
    const [after] = await tx.db
      .update(payments)
      .set({ ...base, state: 'paid', paidAmount, fee, paidAt: tx.now, message: '', extra, entryId: entry })
      .where(eq(payments.id, paymentId))
      .returning();
    // The order's update and audit row carry the payment's too (one statement each).
    await applyOnlinePayment(
      tx,
      order,
      { amount: paidAmount, purpose: payment.purpose, gatewayName: name, trxId: base.trxId },
      ctx,
      auditOf(payment, 'paid', { paid_amount: paidAmount, fee, trx_id: base.trxId }),
    );
    return { payment: after as PaymentRow, changed: true, order };
  });
}

/** Why a paid answer must not confirm the order: the amount is not ours, the order is paid already, or cancelled. */
function paidProblem(order: OrderRow, payment: PaymentRow, paidAmount: number): { message: string; flag: string } | null {
  if (paidAmount !== payment.amount) {
    return {
      flag: 'amount_mismatch',
      message: `The gateway confirmed ${formatMoney(paidAmount)}, not the ${formatMoney(payment.amount)} asked: not accepted; check with the gateway.`,
    };
  }
  // Only a paid attempt adds to paid_online (applyOnlinePayment, under this order's lock): no query needed.
  if (order.paidOnline > 0) return { flag: 'already_paid', message: 'The order was already paid by another attempt: refund this payment.' };
  if (order.status === 7) return { flag: 'order_cancelled', message: 'Paid after the order was cancelled: refund this payment.' };
  return null;
}

/**
 * The books of a confirmed payment (decision 062, `payment.received`, its source the attempt): the gateway's
 * balance gets the amount less the gateway's fee, bank charges the fee, and customer advances the amount — the
 * customer's money until the order is delivered (order-postings clears it) or refunded. Answers the entry's id.
 */
async function postPaymentReceived(tx: Ctx, payment: PaymentRow, order: OrderRow, amount: number, fee: number): Promise<number> {
  const gateway = payment.gateway as GatewayCode;
  const all: EntryLineInput[] = [
    { account: gateway, debit: amount - fee },
    { account: 'bank_charges', debit: fee },
    { account: 'customer_advances', credit: amount },
  ];
  const lines = all.filter((line) => (line.debit ?? line.credit ?? 0) > 0);
  const entry = await postEntry(tx, {
    source: 'payment.received',
    sourceType: 'payment',
    sourceId: payment.id,
    memo: `Order ${order.number}: ${formatMoney(amount)} paid by ${gatewayName(gateway)} (${payment.invoice})`,
    lines,
  });
  return entry.id;
}

function auditOf(payment: PaymentRow, state: string, more: Record<string, unknown>) {
  const changes: Record<string, { before: unknown; after: unknown }> = { state: { before: payment.state, after: state } };
  for (const [key, value] of Object.entries(more)) changes[key] = { before: null, after: value };
  return { action: `payment.${state}`, entity: 'payment', entityId: payment.id, changes };
}

/** Where the shopper's browser goes after a return: the order's thank-you page, or back to its pay page. */
export async function afterReturnPath(
  ctx: Ctx,
  config: GatewaysConfig,
  payment: PaymentRow,
  known?: { id: number; number: string },
): Promise<string> {
  const order = known?.id === payment.orderId ? known : await findOrder(ctx.db, payment.orderId);
  if (!order) return '/';
  const paid = PAID_STATES.includes(payment.state as (typeof PAID_STATES)[number]);
  // A reseller's shop on the main host (`/shop/{slug}`, startPayment); on the reseller's own host the same paths are the shop's.
  const base = payment.extra.back?.startsWith('/shop/') ? payment.extra.back : '';
  if (paid) return `${base}/order/${encodeURIComponent(order.number)}/thanks?paid=1`;
  return `${base}${payPath(config, order)}&failed=1`;
}

/**
 * A shopper back from the gateway (or SSLCommerz's IPN): the client confirms with the gateway itself (bKash
 * executes, Nagad verifies, SSLCommerz validates) and the answer is settled. An attempt settled before is not
 * asked again. A gateway that cannot answer leaves the attempt initiated (the expiry job asks it later). With
 * `onlyPaid` (SSLCommerz's IPN) only a confirmed payment is settled.
 */
export async function completeReturn(
  ctx: Ctx,
  config: GatewaysConfig,
  gateway: GatewayCode,
  payment: PaymentRow,
  params: Record<string, string>,
  options: { onlyPaid?: boolean } = {},
): Promise<SettleResult> {
  if (payment.gateway !== gateway) throw notFound('The payment');
  if (payment.state !== 'initiated') return { payment, changed: false };
  let outcome: PaymentOutcome;
  let setting: PaymentSetting;
  try {
    const gatewayClient = await gatewayAndSetting(config, ctx.db, gateway);
    setting = gatewayClient.setting;
    outcome = await gatewayClient.provider.complete(paymentRef(payment), params);
  } catch (error) {
    if (!(error instanceof PaymentGatewayError) && !(error instanceof HttpError)) throw error;
    console.error(`Payment ${payment.invoice}: ${gatewayName(gateway)} could not confirm the return: ${error.message}`);
    return { payment, changed: false };
  }
  // A notification anyone could post settles only what the gateway itself confirms as paid: a forged one naming
  // our invoice must not fail an attempt the shopper is still paying (the return or the expiry job decides that).
  if (options.onlyPaid && outcome.state !== 'paid') return { payment, changed: false };
  return settlePayment(ctx, payment.id, outcome, payment, setting);
}

/** Asks the gateway what became of an attempt and settles the answer (the expiry job, staff's "check"). */
export async function checkPayment(ctx: Ctx, config: GatewaysConfig, paymentId: number): Promise<SettleResult> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw notFound('The payment');
  if (payment.state !== 'initiated') return { payment, changed: false };
  let outcome: PaymentOutcome;
  try {
    const provider = await gatewayFor(config, ctx.db, payment.gateway as GatewayCode);
    outcome = await provider.query(paymentRef(payment));
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    const message = `${gatewayName(payment.gateway as GatewayCode)} did not answer: ${error.message}`;
    throw new HttpError(502, message);
  }
  return settlePayment(ctx, payment.id, outcome);
}

export async function findPayment(ctx: Ctx, id: number): Promise<PaymentRow | null> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, id));
  return payment ?? null;
}

export async function findPaymentByInvoice(ctx: Ctx, gateway: GatewayCodeName, invoice: string): Promise<PaymentRow | null> {
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.invoice, invoice), eq(payments.gateway, gateway)));
  return payment ?? null;
}
