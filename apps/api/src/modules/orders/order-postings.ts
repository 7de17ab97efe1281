import type { OrderStatusCode, SaleChannel, SystemAccountKey } from '@haat/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { type AccountRef, type EntryLineInput, postEntry } from '../accounts';
import { orderLines, orders } from './order.table';
import { unitsReturnedByExchange } from './order-entry.service';
import { orderExchangeReturns } from './order-entry.table';
import type { OrderRow } from './order-events';

/** A moved order as the batch saw it: its row after the move and the status it left. */
export interface MovedOrder {
  order: OrderRow;
  from: OrderStatusCode;
}

/** The balance money paid before delivery (an advance, an online payment) came into, by the order's payment method. */
function receivedInto(method: string): SystemAccountKey {
  if (method === 'bkash') return 'bkash';
  if (method === 'nagad') return 'nagad';
  if (method === 'sslcommerz') return 'sslcommerz';
  return 'cash';
}

/**
 * What an order's delivery recognises (paisa): sales, delivery income, what the courier collects, what was paid
 * before, an exchange's credit (what came back, paid for in the earlier order), the goods' cost.
 */
interface OrderFigures {
  revenue: number;
  delivery: number;
  collect: number;
  prepaid: number;
  /** The part of `prepaid` paid online through a gateway: it sits in customer_advances since the gateway confirmed it. */
  online: number;
  credit: number;
  cost: number;
}

function figuresOf(order: OrderRow, cost: number): OrderFigures {
  const credit = order.type === 'exchange' ? order.exchangeCredit : 0;
  const gross = order.total + credit;
  const delivery = Math.min(order.deliveryCharge, gross);
  const prepaid = order.paymentStatus === 'paid' ? order.total : Math.min(order.advancePaid, order.total);
  const online = Math.min(order.paidOnline, prepaid);
  return { revenue: gross - delivery, delivery, collect: order.total - prepaid, prepaid, online, credit, cost };
}

/**
 * The sale channel of an order (decision 053): a reseller's order (or one placed for a reseller) is
 * `reseller`; one taken by staff (phone, wholesale) is `phone`; the storefront and landing pages are
 * `website`. An exchange order keeps its reseller, so it follows the same rule.
 */
export function orderChannel(order: Pick<OrderRow, 'type' | 'resellerId'>): SaleChannel {
  if (order.type === 'reseller' || order.resellerId != null) return 'reseller';
  if (order.type === 'phone' || order.type === 'wholesale') return 'phone';
  return 'website';
}

/** The accounts whose lines carry the order's channel: its income and expense (the profit by channel). */
const CHANNELLED = new Set<SystemAccountKey>(['sales_revenue', 'delivery_income', 'other_income', 'cost_of_goods']);

/**
 * Adds `amount` to one side of an account's line in `lines`: one line per account and side, and per
 * channel for income and expense, so a batch keeps each channel's sales apart.
 */
function add(
  lines: Map<string, EntryLineInput>,
  account: SystemAccountKey,
  side: 'debit' | 'credit',
  amount: number,
  channel: SaleChannel,
): void {
  if (amount <= 0) return;
  const lineChannel = CHANNELLED.has(account) ? channel : undefined;
  const key = `${account}:${side}:${lineChannel ?? ''}`;
  const line = lines.get(key) ?? { account, [side]: 0, ...(lineChannel ? { channel: lineChannel } : {}) };
  line[side] = (line[side] ?? 0) + amount;
  lines.set(key, line);
}

/** What exchanges took back from orders before they were returned: value credited and the goods' cost, per earlier order. */
async function exchangedFrom(ctx: Ctx, orderIds: number[]): Promise<Map<number, { value: number; cost: number }>> {
  const byOrder = new Map<number, { value: number; cost: number }>();
  if (orderIds.length === 0) return byOrder;
  const rows = await ctx.db
    .select({
      orderId: orderLines.orderId,
      value: sql<number>`sum(${orderExchangeReturns.quantity} * ${orderExchangeReturns.unitPrice})`.mapWith(Number),
      cost: sql<number>`sum(${orderExchangeReturns.quantity} * ${orderLines.purchaseCost})`.mapWith(Number),
    })
    .from(orderExchangeReturns)
    .innerJoin(orderLines, eq(orderLines.id, orderExchangeReturns.originalLineId))
    .where(inArray(orderLines.orderId, orderIds))
    .groupBy(orderLines.orderId);
  for (const row of rows) byOrder.set(row.orderId, { value: row.value, cost: row.cost });
  return byOrder;
}

/**
 * The books' side of a batch of status moves (issue 19, decisions 048 and 054), in the move's transaction and
 * as one entry for the batch (one order's move: that order as the entry's source):
 *
 * - delivered (→ 5): courier_receivable for what the courier collects, customer_advances for what was paid
 *   online (decision 062: booked there when the gateway confirmed it), the method's balance for the rest of
 *   what was paid before (an advance staff typed), an exchange's credit out of customer_refunds (where the exchange put it),
 *   against sales_revenue and delivery_income; cost_of_goods against inventory at the line costs recorded
 *   when the order was written (decision 038).
 * - returned after delivery (5 → 6): the mirror of the delivery lines, the goods' cost back into inventory
 *   less what an exchange already took back; what the customer paid before (the advance) and an exchange's
 *   credit become owed to them (customer_refunds) until staff refund or keep it (order-refund.service.ts).
 *   An earlier order whose goods partly came back in exchanges has that value back out of customer_refunds.
 * - returned before delivery (4 → 6) and cancelled (→ 7): no sale was recognised, but money paid before (an
 *   advance) comes onto the books as owed to the customer: customer_advances (the part paid online) and the
 *   method's balance (the rest) against customer_refunds.
 *   An earlier order returned before delivery undoes its exchanges' entries (sales and stock value).
 *
 * Each returned or cancelled order's `refund_owed` grows by what became owed on it.
 */
export async function postOrderMoves(ctx: Ctx, moved: MovedOrder[], to: OrderStatusCode): Promise<void> {
  const booked = moved.filter(({ from }) => to === 5 || (to === 6 && from === 5)).map(({ order }) => order);
  const unbooked = moved.filter(({ from }) => to === 7 || (to === 6 && from !== 5)).map(({ order }) => order);
  if (booked.length === 0 && unbooked.length === 0) return;
  const ids = booked.map((order) => order.id);
  const costRows =
    ids.length === 0
      ? []
      : await ctx.db
          .select({
            orderId: orderLines.orderId,
            variantId: orderLines.variantId,
            quantity: orderLines.quantity,
            cost: orderLines.purchaseCost,
          })
          .from(orderLines)
          .where(inArray(orderLines.orderId, ids))
          .orderBy(orderLines.orderId, orderLines.id);
  const exchanged = to === 6 ? await unitsReturnedByExchange(ctx.db, ids) : new Map<number, Map<number, number>>();
  const costOf = new Map<number, number>();
  for (const line of costRows) {
    const taken = exchanged.get(line.orderId);
    const already = Math.min(taken?.get(line.variantId) ?? 0, line.quantity);
    if (taken && already) taken.set(line.variantId, (taken.get(line.variantId) ?? 0) - already);
    costOf.set(line.orderId, (costOf.get(line.orderId) ?? 0) + (line.quantity - already) * line.cost);
  }
  const exchangedValue =
    to === 6
      ? await exchangedFrom(
          ctx,
          moved.map(({ order }) => order.id),
        )
      : new Map();

  const lines = new Map<string, EntryLineInput>();
  const owed = new Map<number, number>();
  for (const order of booked) {
    const figures = figuresOf(order, costOf.get(order.id) ?? 0);
    const received = receivedInto(order.paymentMethod);
    const channel = orderChannel(order);
    const { credit } = figures;
    if (to === 5) {
      add(lines, 'courier_receivable', 'debit', figures.collect, channel);
      add(lines, 'customer_advances', 'debit', figures.online, channel);
      add(lines, received, 'debit', figures.prepaid - figures.online, channel);
      add(lines, 'customer_refunds', 'debit', credit, channel);
      add(lines, 'sales_revenue', 'credit', figures.revenue, channel);
      add(lines, 'delivery_income', 'credit', figures.delivery, channel);
      add(lines, 'cost_of_goods', 'debit', figures.cost, channel);
      add(lines, 'inventory', 'credit', figures.cost, channel);
    } else {
      const back = exchangedValue.get(order.id)?.value ?? 0;
      add(lines, 'sales_revenue', 'debit', figures.revenue, channel);
      add(lines, 'delivery_income', 'debit', figures.delivery, channel);
      add(lines, 'courier_receivable', 'credit', figures.collect, channel);
      add(lines, 'customer_refunds', 'credit', figures.prepaid + credit, channel);
      add(lines, 'customer_refunds', 'debit', back, channel);
      add(lines, 'sales_revenue', 'credit', back, channel);
      add(lines, 'inventory', 'debit', figures.cost, channel);
      add(lines, 'cost_of_goods', 'credit', figures.cost, channel);
      owed.set(order.id, figures.prepaid + credit);
    }
  }
  for (const order of unbooked) {
    const { prepaid, online, credit } = figuresOf(order, 0);
    const channel = orderChannel(order);
    add(lines, 'customer_advances', 'debit', online, channel);
    add(lines, receivedInto(order.paymentMethod), 'debit', prepaid - online, channel);
    add(lines, 'customer_refunds', 'credit', prepaid, channel);
    const back = exchangedValue.get(order.id);
    if (back) {
      add(lines, 'customer_refunds', 'debit', back.value, channel);
      add(lines, 'sales_revenue', 'credit', back.value, channel);
      add(lines, 'cost_of_goods', 'debit', back.cost, channel);
      add(lines, 'inventory', 'credit', back.cost, channel);
    }
    owed.set(order.id, prepaid + credit);
  }
  for (const [orderId, amount] of owed) {
    if (amount > 0) {
      await ctx.db
        .update(orders)
        .set({ refundOwed: sql`${orders.refundOwed} + ${amount}` })
        .where(eq(orders.id, orderId));
    }
  }
  // An account on both sides (a negative revenue after a large discount) nets to one line.
  const netted = netLines([...lines.values()]);
  if (netted.length < 2) return;
  const all = [...booked, ...unbooked];
  const single = all.length === 1 ? all[0] : undefined;
  const numbers = all.map((order) => order.number).join(', ');
  const what = to === 5 ? 'delivered' : to === 6 ? 'returned' : 'cancelled';
  await postEntry(ctx, {
    source: `order.${what}`,
    sourceType: single ? 'order' : 'order_batch',
    sourceId: single?.id,
    memo: single ? `Order ${single.number} ${what}` : `Orders ${numbers} ${what}`,
    lines: netted,
  });
}

/**
 * An exchange placed (decision 054), in its transaction: what came back is no longer sold — its value leaves
 * sales_revenue and is owed to the customer (customer_refunds; the new order's delivery uses it, the rest is
 * refunded or kept), and its cost leaves cost_of_goods back into inventory (the goods are on the shelf again).
 * An earlier order not delivered yet has these recognised when it is (its delivery books every line), or
 * undone when it comes back (postOrderMoves).
 */
export async function postExchangePlaced(
  ctx: Ctx,
  exchange: { orderId: number; number: string; originalNumber: string; channel: SaleChannel; value: number; cost: number },
): Promise<void> {
  const lines = new Map<string, EntryLineInput>();
  add(lines, 'sales_revenue', 'debit', exchange.value, exchange.channel);
  add(lines, 'customer_refunds', 'credit', exchange.value, exchange.channel);
  add(lines, 'inventory', 'debit', exchange.cost, exchange.channel);
  add(lines, 'cost_of_goods', 'credit', exchange.cost, exchange.channel);
  const netted = netLines([...lines.values()]);
  if (netted.length < 2) return;
  await postEntry(ctx, {
    source: 'order.exchange',
    sourceType: 'order',
    sourceId: exchange.orderId,
    memo: `Exchange ${exchange.number}: goods back from ${exchange.originalNumber}`,
    lines: netted,
  });
}

/** One line per account and channel: debits and credits of the same account in the same channel net to their difference (never across channels). */
function netLines(lines: EntryLineInput[]): EntryLineInput[] {
  const byAccount = new Map<string, { account: AccountRef; channel?: SaleChannel; net: number }>();
  for (const line of lines) {
    const key = `${line.account}:${line.channel ?? ''}`;
    const kept = byAccount.get(key) ?? { account: line.account, ...(line.channel ? { channel: line.channel } : {}), net: 0 };
    kept.net += (line.debit ?? 0) - (line.credit ?? 0);
    byAccount.set(key, kept);
  }
  const out: EntryLineInput[] = [];
  for (const { account, channel, net } of byAccount.values()) {
    const tag = channel ? { channel } : {};
    if (net > 0) out.push({ account, debit: net, ...tag });
    else if (net < 0) out.push({ account, credit: -net, ...tag });
  }
  return out;
}
