import type { SystemAccountKey } from '@haat/contracts';
import { formatMoney, type OrderRefundsView, type OrderRefundView, orderRefundInput } from '@haat/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { HttpError, invalid, notFound } from '../../http/errors';
import { accountIdFor, accountNames, activeBalance, postEntry } from '../accounts';
import { diffChanges, recordAudit } from '../audit';
import { orderStatusHistory, orders } from './order.table';
import { orderChannel } from './order-postings';
import { orderRefunds } from './order-refund.table';

/**
 * Money of an order already promised back to its customer elsewhere and not yet settled here — a refund sent
 * to a payment gateway and waiting for its answer (decision 062). A module that makes such promises registers
 * its reader once when it loads; a decision by staff leaves that money aside, so the two never settle more
 * than is owed. Readers run in the decision's transaction, under the order's row lock.
 */
export type RefundHoldReader = (db: Db, orderId: number) => Promise<number>;

const holdReaders: RefundHoldReader[] = [];

export function onRefundHolds(reader: RefundHoldReader): void {
  if (!holdReaders.includes(reader)) holdReaders.push(reader);
}

async function heldFor(db: Db, orderId: number): Promise<number> {
  let held = 0;
  for (const reader of holdReaders) held += await reader(db, orderId);
  return held;
}

/** What an order owes its customer and each decision about it, oldest first. */
async function refundsOf(db: Db, orderId: number, owed: number): Promise<OrderRefundsView> {
  const rows = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.id));
  const names = await accountNames(
    db,
    rows.map((row) => row.balanceAccountId).filter((id): id is number => id !== null),
  );
  const decisions = rows.map(
    (row): OrderRefundView => ({
      id: row.id,
      decision: row.decision,
      amount: row.amount,
      balance_id: row.balanceAccountId,
      balance_name: row.balanceAccountId === null ? null : (names.get(row.balanceAccountId) ?? null),
      reference: row.reference,
      note: row.note,
      entry_id: Number(row.entryId),
      admin_name: row.actorName,
      at: row.createdAt.toISOString(),
    }),
  );
  const refunded = decisions.filter((row) => row.decision === 'refund').reduce((sum, row) => sum + row.amount, 0);
  const kept = decisions.filter((row) => row.decision === 'keep').reduce((sum, row) => sum + row.amount, 0);
  return { order_id: orderId, owed, refunded, kept, outstanding: owed - refunded - kept, decisions };
}

/** `GET /api/admin/orders/{id}/refunds`: the order screen's "Owed to the customer" card. */
export async function orderRefundState(ctx: Ctx, orderId: number): Promise<OrderRefundsView> {
  const [order] = await ctx.db.select({ owed: orders.refundOwed }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('The order');
  return refundsOf(ctx.db, orderId, order.owed);
}

/**
 * Pays back (`refund`, out of a balance: customer_refunds against the balance, 422 on `balance_id` when it
 * holds too little) or keeps by decision (`keep`, e.g. an advance delivery charge the shop does not refund:
 * customer_refunds against other income, with the reason) part or all of what the order owes its customer.
 * What is still owed is read under the order's row lock, less gateway refunds still waiting (onRefundHolds), so
 * two decisions at once never settle more than is owed (422 on `amount`). The decision, its entry, the order's history and the audit log record it.
 */
export async function decideOrderRefund(ctx: Ctx, orderId: number, body: unknown): Promise<OrderRefundsView> {
  const input = orderRefundInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const [order] = await tx.db.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('The order');
    const [settled] = await tx.db
      .select({ amount: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)`.mapWith(Number) })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId));
    const held = await heldFor(tx.db, orderId);
    const outstanding = order.refundOwed - (settled?.amount ?? 0) - held;
    if (outstanding <= 0) {
      const message =
        held > 0 ? 'What is owed is waiting for the answer to a gateway refund.' : 'Nothing is owed to the customer on this order.';
      throw new HttpError(422, message, { amount: [message] });
    }
    if (input.amount > outstanding) throw invalid('amount', `That is more than is owed: ${formatMoney(outstanding)}.`);
    const balance = input.decision === 'refund' ? await activeBalance(tx.db, input.balance_id ?? 0) : null;
    if (input.decision === 'refund' && !balance) throw invalid('balance_id', 'Choose an active balance to pay from.');
    const [made] = await tx.db
      .insert(orderRefunds)
      .values({
        orderId,
        decision: input.decision,
        amount: input.amount,
        balanceAccountId: balance?.id ?? null,
        reference: input.reference,
        note: input.note,
        adminId: adminIdOf(tx),
        actorName: tx.actor.name,
      })
      .returning({ id: orderRefunds.id });
    const id = Number(made?.id);
    const amount = formatMoney(input.amount);
    const entry = await postEntry(tx, {
      source: input.decision === 'refund' ? 'order.refunded' : 'order.refund_kept',
      sourceType: 'order',
      sourceId: orderId,
      memo:
        input.decision === 'refund'
          ? `Order ${order.number}: ${amount} refunded to the customer`
          : `Order ${order.number}: ${amount} kept (${input.note})`,
      lines: [
        { account: 'customer_refunds', debit: input.amount },
        balance
          ? { account: balance.id, credit: input.amount, field: 'balance_id' }
          : { account: 'other_income', credit: input.amount, channel: orderChannel(order) },
      ],
    });
    await tx.db.update(orderRefunds).set({ entryId: entry.id }).where(eq(orderRefunds.id, id));
    await tx.db.insert(orderStatusHistory).values({
      orderId,
      fromStatus: order.status,
      toStatus: order.status,
      adminId: adminIdOf(tx),
      actorKind: tx.actor.kind,
      note: balance
        ? `Refunded ${amount} to the customer from ${balance.name}${input.reference ? ` (${input.reference})` : ''}.`
        : `Kept ${amount} owed to the customer: ${input.note}`,
      at: tx.now,
    });
    await recordAudit(tx, {
      action: input.decision,
      entity: 'order.refund',
      entityId: id,
      changes: diffChanges(null, {
        order: order.number,
        decision: input.decision,
        amount: input.amount,
        balance: balance?.name,
        reference: input.reference,
        note: input.note,
        entry_id: entry.id,
      }),
    });
    return refundsOf(tx.db, orderId, order.refundOwed);
  });
}

/** An order as a refund through a payment gateway sees it, read under the order's row lock. */
export interface RefundableOrder {
  id: number;
  number: string;
  status: number;
  /** What became owed to the customer (decision 054). */
  owed: number;
  /** Owed less what was refunded or kept by decision. */
  outstanding: number;
}

/**
 * Locks the order's row (`FOR UPDATE`, the first lock of every path that changes an order's money) in the
 * caller's transaction and says what it still owes its customer; null when there is no such order.
 */
export async function lockOrderForRefund(ctx: Ctx, orderId: number): Promise<RefundableOrder | null> {
  const [order] = await ctx.db
    .select({ id: orders.id, number: orders.number, status: orders.status, owed: orders.refundOwed })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) return null;
  const [settled] = await ctx.db
    .select({ amount: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)`.mapWith(Number) })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  return { ...order, outstanding: order.owed - (settled?.amount ?? 0) };
}

/**
 * Records money a payment gateway has already sent back to the customer (decision 062, Refunds): an
 * `order_refunds` row (decision `refund`, the gateway's balance, its refund id as the reference), its entry
 * (debit customer_refunds, credit the gateway's balance), a line on the order's timeline and an audit row.
 * Runs in the caller's transaction, which holds the order's lock (lockOrderForRefund) and has checked the
 * amount against what is outstanding; the money has left the gateway, so nothing here refuses it.
 */
export async function recordGatewayRefund(
  ctx: Ctx,
  refund: { orderId: number; amount: number; balance: SystemAccountKey; gatewayName: string; reference: string; note: string },
): Promise<{ id: number; entryId: number }> {
  const [order] = await ctx.db.select({ number: orders.number, status: orders.status }).from(orders).where(eq(orders.id, refund.orderId));
  if (!order) throw notFound('The order');
  const balanceId = await accountIdFor(ctx.db, refund.balance);
  const entry = await postEntry(ctx, {
    source: 'order.refunded',
    sourceType: 'order',
    sourceId: refund.orderId,
    memo: `Order ${order.number}: ${formatMoney(refund.amount)} refunded to the customer by ${refund.gatewayName}`,
    lines: [
      { account: 'customer_refunds', debit: refund.amount },
      { account: refund.balance, credit: refund.amount, field: 'amount' },
    ],
  });
  const [made] = await ctx.db
    .insert(orderRefunds)
    .values({
      orderId: refund.orderId,
      decision: 'refund',
      amount: refund.amount,
      balanceAccountId: balanceId,
      reference: refund.reference,
      note: refund.note,
      entryId: entry.id,
      adminId: adminIdOf(ctx),
      actorName: ctx.actor.name,
    })
    .returning({ id: orderRefunds.id });
  const id = Number(made?.id);
  await ctx.db.insert(orderStatusHistory).values({
    orderId: refund.orderId,
    fromStatus: order.status,
    toStatus: order.status,
    adminId: adminIdOf(ctx),
    actorKind: ctx.actor.kind,
    note: `Refunded ${formatMoney(refund.amount)} to the customer by ${refund.gatewayName} (${refund.reference}): ${refund.note}`,
    at: ctx.now,
  });
  await recordAudit(ctx, {
    action: 'refund',
    entity: 'order.refund',
    entityId: id,
    changes: diffChanges(null, {
      order: order.number,
      decision: 'refund',
      amount: refund.amount,
      balance: refund.gatewayName,
      reference: refund.reference,
      note: refund.note,
      entry_id: entry.id,
    }),
  });
  return { id, entryId: entry.id };
}
