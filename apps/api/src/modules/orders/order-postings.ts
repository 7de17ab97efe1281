import type { OrderStatusCode, SystemAccountKey } from '@haat/contracts';
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

/** Adds `amount` to one side of an account's line in `lines` (one line per account and side). */
function add(lines: Map<string, EntryLineInput>, account: SystemAccountKey, side: 'debit' | 'credit', amount: number): void {
  if (amount <= 0) return;
  const key = `${account}:${side}`;
  const line = lines.get(key) ?? { account, [side]: 0 };
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
    if (to === 5) {
      add(lines, 'courier_receivable', 'debit', figures.collect);
      add(lines, received, 'debit', figures.prepaid);
      add(lines, 'sales_revenue', 'credit', figures.revenue);
      add(lines, 'delivery_income', 'credit', figures.delivery);
      add(lines, 'cost_of_goods', 'debit', figures.cost);
      add(lines, 'inventory', 'credit', figures.cost);
    } else {
      add(lines, 'sales_revenue', 'debit', figures.revenue);
      add(lines, 'delivery_income', 'debit', figures.delivery);
      add(lines, 'courier_receivable', 'credit', figures.collect);
      add(lines, 'other_income', 'credit', figures.prepaid);
      add(lines, 'inventory', 'debit', figures.cost);
      add(lines, 'cost_of_goods', 'credit', figures.cost);
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

/** One line per account: debits and credits of the same account net to their difference. */
function netLines(lines: EntryLineInput[]): EntryLineInput[] {
  const byAccount = new Map<AccountRef, number>();
  for (const line of lines) byAccount.set(line.account, (byAccount.get(line.account) ?? 0) + (line.debit ?? 0) - (line.credit ?? 0));
  const out: EntryLineInput[] = [];
  for (const [account, net] of byAccount) {
    if (net > 0) out.push({ account, debit: net });
    else if (net < 0) out.push({ account, credit: -net });
  }
  return out;
}
