import { formatMoney, type OrderStatusCode, type PaymentPurpose } from '@haat/contracts';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { type AuditEntry, recordAudit } from '../audit';
import { cityNameSql } from '../locations';
import { orders } from './order.table';
import type { OrderRow } from './order-events';
import { moveOrderStatus } from './order-status.service';

/** Statuses an order awaiting its online payment may be in: pending, or on hold (a risky phone, decision 055). */
const AWAITING_FROM: readonly OrderStatusCode[] = [1, 8];

export interface ConfirmedOnlinePayment {
  /** Paisa the gateway confirmed. */
  amount: number;
  purpose: PaymentPurpose;
  /** "bKash", for the history note. */
  gatewayName: string;
  trxId: string | null;
}

/**
 * A gateway's confirmed payment applied to its order (decision 062), in the caller's transaction and under the
 * order's row lock the caller already holds (`findOrder(db, id, { lock: true })`, the row it read then): the
 * advance paid and the part paid online grow by the amount, the payment status becomes `paid` (the whole order)
 * or `partial` (the delivery charge), the hold's deadline is gone, and a pending or held order moves to confirmed
 * (2) through the workflow with "Paid ৳… by bKash (trx …)" in its history — the payment's columns written by the
 * move's own update, the caller's audit row (`audit`) in the move's insert. When the order does not move (it was
 * confirmed by hand, or the move was refused) the columns and the audit row are written on their own.
 */
export async function applyOnlinePayment(
  ctx: Ctx,
  order: OrderRow,
  payment: ConfirmedOnlinePayment,
  /** The caller's context outside its transaction: the confirmation's SMS is sent there, after the commit. */
  outside: Ctx = ctx,
  /** The caller's audit row of the payment, written with the order's. */
  audit?: AuditEntry,
): Promise<void> {
  const advance = order.advancePaid + payment.amount;
  const paid = {
    advancePaid: sql`${orders.advancePaid} + ${payment.amount}`,
    paidOnline: sql`${orders.paidOnline} + ${payment.amount}`,
    paymentStatus: advance >= order.total ? ('paid' as const) : ('partial' as const),
    paymentDueBy: null,
    updatedAt: ctx.now,
  };
  if (AWAITING_FROM.includes(order.status as OrderStatusCode)) {
    const note = `Paid ${formatMoney(payment.amount)} by ${payment.gatewayName}${payment.trxId ? ` (trx ${payment.trxId})` : ''}`;
    const result = await moveOrderStatus(ctx, {
      orderIds: [order.id],
      to: 2,
      note,
      onlyFrom: AWAITING_FROM,
      rows: [order],
      set: paid,
      audit: audit ? [audit] : undefined,
      afterCommitCtx: outside,
    });
    if (result.moved.length > 0) return;
    // The money is taken either way: the order stays where it is and staff confirm it by hand.
    console.error(`Order ${order.number} was paid online but not confirmed: ${result.refused[0]?.message}`);
  }
  const [updated] = await ctx.db.update(orders).set(paid).where(eq(orders.id, order.id)).returning({ id: orders.id });
  if (!updated) throw new Error(`order ${order.id} vanished while its payment was applied`);
  if (audit) await recordAudit(ctx, audit);
}

/**
 * An order whose online payment never came (decision 062), in the caller's transaction under the order's lock:
 * cancelled (7) through the workflow — its reserved stock released, the note in its history — and its payment
 * deadline cleared. Answers false when the order was no longer pending or on hold: staff moved it on by hand
 * (cash on delivery after all), so only the deadline goes and the order stays.
 */
export async function cancelUnpaidOrder(ctx: Ctx, order: OrderRow, note: string, outside: Ctx = ctx): Promise<boolean> {
  const result = AWAITING_FROM.includes(order.status as OrderStatusCode)
    ? await moveOrderStatus(ctx, { orderIds: [order.id], to: 7, note, onlyFrom: AWAITING_FROM, afterCommitCtx: outside })
    : { moved: [] };
  if (result.moved.length === 0) {
    await ctx.db.update(orders).set({ paymentDueBy: null }).where(eq(orders.id, order.id));
    return false;
  }
  await ctx.db
    .update(orders)
    .set({ paymentDueBy: null, paymentStatus: order.paymentStatus === 'awaiting' ? 'unpaid' : order.paymentStatus })
    .where(eq(orders.id, order.id));
  return true;
}

/** Orders whose online payment is overdue (payment_due_by before `now`), oldest first: the expiry job's work. */
export async function overdueOnlineOrders(ctx: Ctx, now: Date, limit = 200): Promise<OrderRow[]> {
  return ctx.db
    .select()
    .from(orders)
    .where(sql`${orders.paymentDueBy} is not null and ${orders.paymentDueBy} < ${now.toISOString()}`)
    .orderBy(orders.paymentDueBy, orders.id)
    .limit(limit);
}

/** An order by its number (as the pay link spells it) with its city's name, for starting its online payment: one statement. */
export async function findPayableOrder(db: Db, number: string): Promise<(OrderRow & { cityName: string | null }) | null> {
  const [row] = await db
    .select({ ...getTableColumns(orders), cityName: cityNameSql(orders.cityId) })
    .from(orders)
    .where(eq(orders.number, number.trim().toUpperCase()))
    .limit(1);
  return row ?? null;
}
