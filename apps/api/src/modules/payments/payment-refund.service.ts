import {
  formatMoney,
  GATEWAY_NAMES,
  type PaymentRefundedView,
  type PaymentRefundsView,
  type PaymentRefundView,
  paymentRefundInput,
} from '@haat/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { HttpError, invalid, notFound } from '../../http/errors';
import {
  type GatewayCode,
  PaymentGatewayError,
  type PaymentProvider,
  type RefundOutcome,
} from '../../integrations/payments/payment-provider';
import { accountBalance, accountIdFor } from '../accounts';
import { diffChanges, recordAudit } from '../audit';
import { lockOrderForRefund, onRefundHolds, recordGatewayRefund } from '../orders';
import { paymentViews } from './payment.resource';
import { paymentRefunds, payments } from './payment.table';

/** The gateway client a payment's gateway is reached by (the routes make it from the settings: `gatewayFor`). */
export type GatewayResolver = (code: GatewayCode) => Promise<PaymentProvider>;

/** Order statuses whose money may be refunded (decision 054): returned (6) and cancelled (7). */
const REFUNDABLE_ORDER_STATUSES = [6, 7];
/** Payment states a refund may start from. */
const REFUNDABLE_PAYMENT_STATES = ['paid', 'partly_refunded'] as const;

type RefundRow = typeof paymentRefunds.$inferSelect;

function refundView(row: RefundRow): PaymentRefundView {
  return {
    id: row.id,
    payment_id: row.paymentId,
    amount: row.amount,
    reason: row.reason,
    state: row.state,
    refund_id: row.refundId,
    message: row.message,
    admin_name: row.actorName,
    at: row.createdAt.toISOString(),
  };
}

/** Refunds of the payment still waiting for the gateway's answer: their money is spoken for. */
async function pendingOf(db: Db, column: typeof paymentRefunds.paymentId | typeof paymentRefunds.orderId, id: number): Promise<number> {
  const [row] = await db
    .select({ amount: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)`.mapWith(Number) })
    .from(paymentRefunds)
    .where(and(eq(column, id), eq(paymentRefunds.state, 'pending')));
  return row?.amount ?? 0;
}

// A refund by staff's own hand (decision 054's card) leaves aside what a gateway refund has promised.
onRefundHolds((db, orderId) => pendingOf(db, paymentRefunds.orderId, orderId));

/**
 * What may still be refunded through a payment: the least of what its order still owes the customer and what
 * the gateway holds of it (paid less refunded), less refunds waiting for the gateway's answer; 0 when the
 * order is not returned or cancelled or the payment was never paid.
 */
async function refundableOf(db: Db, payment: typeof payments.$inferSelect, order: { status: number; outstanding: number }) {
  if (!REFUNDABLE_ORDER_STATUSES.includes(order.status)) return 0;
  if (!(REFUNDABLE_PAYMENT_STATES as readonly string[]).includes(payment.state)) return 0;
  const ofOrder = order.outstanding - (await pendingOf(db, paymentRefunds.orderId, payment.orderId));
  const ofPayment = payment.paidAmount - payment.refundedAmount - (await pendingOf(db, paymentRefunds.paymentId, payment.id));
  return Math.max(0, Math.min(ofOrder, ofPayment));
}

/** `GET /api/admin/payments/{id}/refunds`: the payment, what may still be refunded through it, its refunds newest first. */
export async function paymentRefundsOf(ctx: Ctx, paymentId: number): Promise<PaymentRefundsView> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw notFound('The payment');
  const rows = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)).orderBy(desc(paymentRefunds.id));
  const refundable = await inTransaction(ctx, async (tx) => {
    // Read like a refund reads it; the lock is held only for this read.
    const order = await lockOrderForRefund(tx, payment.orderId);
    return order ? refundableOf(tx.db, payment, order) : 0;
  });
  const [view] = await paymentViews(ctx.db, [payment]);
  return { payment: view as NonNullable<typeof view>, refundable, refunds: rows.map(refundView) };
}

/** Every refund of some orders' payments, newest first (the order's payments card). */
export async function refundsOfOrders(db: Db, orderIds: number[]): Promise<PaymentRefundView[]> {
  if (orderIds.length === 0) return [];
  const rows = await db.select().from(paymentRefunds).where(inArray(paymentRefunds.orderId, orderIds)).orderBy(desc(paymentRefunds.id));
  return rows.map(refundView);
}

/**
 * `POST /api/admin/payments/{id}/refunds` `{amount, reason}` (decision 062, Refunds): sends back all or part of a
 * payment through its gateway, for a returned or cancelled order that still owes its customer.
 *
 * 1. One transaction holding the order's row lock, then the payment's: the order must be returned or cancelled
 *    (409), the amount at most what is refundable (422 on `amount`: owed and outstanding, paid less refunded,
 *    less refunds still waiting), the gateway's balance must hold it (422 on `amount`); a `pending` refund is
 *    written with its unique reference (`<invoice>R<n>`), so refunds at once never promise more than there is.
 * 2. The gateway is called outside any transaction (the reference makes a repeat refund nothing).
 * 3. A second transaction records the answer: `refunded` → the payment's refunded amount and state
 *    (`partly_refunded` / `refunded`), and the order's refund through the orders module (debit
 *    customer_refunds, credit the gateway's balance, the gateway's refund id as reference); `refused` → the
 *    gateway's message kept, nothing booked, 422 with that message. A gateway that cannot be reached is a
 *    refusal too (502), so the amount is free again.
 */
export async function refundPayment(ctx: Ctx, gateways: GatewayResolver, paymentId: number, body: unknown): Promise<PaymentRefundedView> {
  const input = paymentRefundInput.parse(body);
  const [known] = await ctx.db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId));
  if (!known) throw notFound('The payment');

  const pending = await inTransaction(ctx, async (tx) => {
    const order = await lockOrderForRefund(tx, known.orderId);
    if (!order) throw notFound('The order');
    const [payment] = await tx.db.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw notFound('The payment');
    if (!REFUNDABLE_ORDER_STATUSES.includes(order.status)) {
      throw new HttpError(409, `Order ${order.number} is neither returned nor cancelled: nothing is owed back on it yet.`);
    }
    if (!(REFUNDABLE_PAYMENT_STATES as readonly string[]).includes(payment.state) && payment.state !== 'refunded') {
      throw new HttpError(409, 'This payment was not paid: there is nothing to refund through it.');
    }
    const refundable = await refundableOf(tx.db, payment, order);
    if (refundable <= 0) {
      throw invalid('amount', 'Nothing more can be refunded through this payment.');
    }
    if (input.amount > refundable) throw invalid('amount', `At most ${formatMoney(refundable)} can be refunded through this payment.`);
    const held = await accountBalance(tx.db, await accountIdFor(tx.db, payment.gateway));
    if (held < input.amount) {
      throw invalid(
        'amount',
        `The books show ${formatMoney(Math.max(held, 0))} in ${GATEWAY_NAMES[payment.gateway]}: record its top-up or settlement first.`,
      );
    }
    const [{ count } = { count: 0 }] = await tx.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, paymentId));
    const [row] = await tx.db
      .insert(paymentRefunds)
      .values({
        paymentId,
        orderId: payment.orderId,
        amount: input.amount,
        reason: input.reason,
        reference: `${payment.invoice}R${count + 1}`,
        adminId: adminIdOf(tx),
        actorName: tx.actor.name,
        createdAt: tx.now,
      })
      .returning();
    return { refund: row as RefundRow, payment, orderNumber: order.number };
  });

  const { refund, payment } = pending;
  let outcome: RefundOutcome;
  let unreachable = false;
  try {
    const provider = await gateways(payment.gateway);
    outcome = await provider.refund({
      payment: {
        invoice: payment.invoice,
        amount: payment.amount,
        providerRef: payment.providerRef,
        trxId: payment.trxId,
        extra: payment.extra,
      },
      amount: refund.amount,
      reason: refund.reason,
      reference: refund.reference,
    });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    unreachable = true;
    outcome = {
      state: 'refused',
      refundId: null,
      message: `${GATEWAY_NAMES[payment.gateway]} did not answer: ${error.message}`,
      raw: null,
    };
  }

  const result = await inTransaction(ctx, async (tx) => {
    const order = await lockOrderForRefund(tx, payment.orderId);
    if (!order) throw notFound('The order');
    const [locked] = await tx.db.select().from(payments).where(eq(payments.id, payment.id)).for('update');
    if (!locked) throw notFound('The payment');
    const name = GATEWAY_NAMES[payment.gateway];
    if (outcome.state === 'refused') {
      const [row] = await tx.db
        .update(paymentRefunds)
        .set({ state: 'refused', message: outcome.message || `${name} refused the refund.` })
        .where(eq(paymentRefunds.id, refund.id))
        .returning();
      await recordAudit(tx, {
        action: 'refund_refused',
        entity: 'payment.refund',
        entityId: refund.id,
        changes: diffChanges(null, { payment: payment.invoice, amount: refund.amount, reason: refund.reason, message: row?.message }),
      });
      return { refund: row as RefundRow, payment: locked };
    }
    const refundedAmount = locked.refundedAmount + refund.amount;
    const [updated] = await tx.db
      .update(payments)
      .set({ refundedAmount, state: refundedAmount >= locked.paidAmount ? 'refunded' : 'partly_refunded', updatedAt: tx.now })
      .where(eq(payments.id, payment.id))
      .returning();
    const [row] = await tx.db
      .update(paymentRefunds)
      .set({ state: 'refunded', refundId: outcome.refundId, message: outcome.message })
      .where(eq(paymentRefunds.id, refund.id))
      .returning();
    await recordGatewayRefund(tx, {
      orderId: payment.orderId,
      amount: refund.amount,
      balance: payment.gateway,
      gatewayName: name,
      reference: outcome.refundId ?? refund.reference,
      note: refund.reason,
    });
    await recordAudit(tx, {
      action: 'refund',
      entity: 'payment.refund',
      entityId: refund.id,
      changes: diffChanges(null, {
        payment: payment.invoice,
        amount: refund.amount,
        reason: refund.reason,
        refund_id: outcome.refundId,
        state: updated?.state,
      }),
    });
    return { refund: row as RefundRow, payment: updated ?? locked };
  });

  if (result.refund.state === 'refused') {
    throw new HttpError(unreachable ? 502 : 422, result.refund.message);
  }
  return paymentRefundedView(ctx, result.payment, result.refund);
}

async function paymentRefundedView(ctx: Ctx, payment: typeof payments.$inferSelect, refund: RefundRow): Promise<PaymentRefundedView> {
  const state = await paymentRefundsOf(ctx, payment.id);
  return { refund: refundView(refund), payment: state.payment, refundable: state.refundable };
}
