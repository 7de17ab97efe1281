import type { OrderStatusCode, SaleChannel, SystemAccountKey } from '@haat/contracts';
import { inArray } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { type AccountRef, type EntryLineInput, postEntry } from '../accounts';
import { orderLines } from './order.table';
import { unitsReturnedByExchange } from './order-entry.service';
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
  if (method === 'sslcommerz') return 'bank';
  return 'cash';
}

/** What an order's delivery recognises (paisa): sales, delivery income, what the courier collects, what was paid before, the goods' cost. */
interface OrderFigures {
  revenue: number;
  delivery: number;
  collect: number;
  prepaid: number;
  cost: number;
}

function figuresOf(order: OrderRow, cost: number): OrderFigures {
  const delivery = Math.min(order.deliveryCharge, order.total);
  const prepaid = order.paymentStatus === 'paid' ? order.total : Math.min(order.advancePaid, order.total);
  return { revenue: order.total - delivery, delivery, collect: order.total - prepaid, prepaid, cost };
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

/**
 * The books' side of a batch of status moves (issue 19, decision 048), in the move's transaction and
 * as one entry for the batch (one order's move: that order as the entry's source):
 *
 * - delivered (→ 5): courier_receivable for what the courier collects, the method's balance for what was
 *   paid before (the advance), against sales_revenue and delivery_income; cost_of_goods against inventory at
 *   the line costs recorded when the order was written (decision 038).
 * - returned after delivery (5 → 6): the mirror of the delivery lines, the goods' cost back into inventory
 *   less what an exchange already took back; an advance the shop keeps is other_income rather than refunded
 *   (refunds are not booked here yet).
 * - returned before delivery (4 → 6) and cancelled (→ 7, only before shipping) post nothing: no sale was
 *   recognised, and money received before delivery is not on the books until the order is delivered.
 */
export async function postOrderMoves(ctx: Ctx, moved: MovedOrder[], to: OrderStatusCode): Promise<void> {
  const booked = moved.filter(({ from }) => to === 5 || (to === 6 && from === 5)).map(({ order }) => order);
  if (booked.length === 0) return;
  const ids = booked.map((order) => order.id);
  const costRows = await ctx.db
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

  const lines = new Map<string, EntryLineInput>();
  for (const order of booked) {
    const figures = figuresOf(order, costOf.get(order.id) ?? 0);
    const received = receivedInto(order.paymentMethod);
    const channel = orderChannel(order);
    if (to === 5) {
      add(lines, 'courier_receivable', 'debit', figures.collect, channel);
      add(lines, received, 'debit', figures.prepaid, channel);
      add(lines, 'sales_revenue', 'credit', figures.revenue, channel);
      add(lines, 'delivery_income', 'credit', figures.delivery, channel);
      add(lines, 'cost_of_goods', 'debit', figures.cost, channel);
      add(lines, 'inventory', 'credit', figures.cost, channel);
    } else {
      add(lines, 'sales_revenue', 'debit', figures.revenue, channel);
      add(lines, 'delivery_income', 'debit', figures.delivery, channel);
      add(lines, 'courier_receivable', 'credit', figures.collect, channel);
      add(lines, 'other_income', 'credit', figures.prepaid, channel);
      add(lines, 'inventory', 'debit', figures.cost, channel);
      add(lines, 'cost_of_goods', 'credit', figures.cost, channel);
    }
  }
  // An account on both sides (a negative revenue after a large discount) nets to one line.
  const netted = netLines([...lines.values()]);
  if (netted.length < 2) return;
  const single = booked.length === 1 ? booked[0] : undefined;
  const numbers = booked.map((order) => order.number).join(', ');
  const what = to === 5 ? 'delivered' : 'returned';
  await postEntry(ctx, {
    source: `order.${what}`,
    sourceType: single ? 'order' : 'order_batch',
    sourceId: single?.id,
    memo: single ? `Order ${single.number} ${what}` : `Orders ${numbers} ${what}`,
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
