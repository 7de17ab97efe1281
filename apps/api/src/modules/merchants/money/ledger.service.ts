import type { MerchantBalance } from '@haat/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx } from '../../../context';
import type { Db } from '../../../db/client';
import { type OrderMovedEvent, type OrderRow, onOrderMoved, onOrdersMoving, orderLineQuantities } from '../../orders';
import { lockPayees, payeeLedger, payoutBalance, signedBalanceSql, writeLedgerEntry } from '../../payouts';
import { merchantPricesOf } from '../../products';
import { merchants } from '../merchant.table';
import { merchantLedger } from './money.table';

/** The accounts of the merchant journal (see merchantLedger). */
export const ACCOUNTS = {
  balance: 'merchant.balance',
  pending: 'merchant.withdrawal.pending',
  shopCost: 'shop.merchant_cost',
  shopPayout: (method: string) => `shop.payout.${method}`,
} as const;

const DELIVERED = 5;
/** The only status a delivered order moves on to (ORDER_MOVES). */
const RETURNED = 6;

/** The merchant ledger: its rows are written by payouts' `writeLedgerEntry`, under the merchant's row lock. */
export const MERCHANT_LEDGER = payeeLedger(
  merchantLedger,
  'merchantId',
  { table: merchants, id: merchants.id },
  {
    name: 'merchant',
    payable: 'merchant_payable',
    // The shop's books: what a merchant is owed is one liability, pending or not. Their goods become the
    // shop's when delivered, at the merchant price: into stock, which the delivery's cost of goods (the same
    // price, variantCostSql) takes out again, so a merchant's sale costs the shop its merchant price once.
    account(name) {
      if (name === ACCOUNTS.balance || name === ACCOUNTS.pending) return 'merchant_payable';
      if (name === ACCOUNTS.shopCost) return 'inventory';
      if (name.startsWith('shop.payout.')) return payoutBalance(name.slice('shop.payout.'.length));
      throw new Error(`no book account for the merchant ledger's ${name}`);
    },
  },
);

/** How a row moves the merchant's available balance. */
export const balanceEffect = signedBalanceSql(merchantLedger, ACCOUNTS.balance);
/** How a row moves what the merchant has earned (earnings less reversals), signed. */
export const earningEffect = sql<number>`(case when ${merchantLedger.kind} = 'earning' then ${merchantLedger.amount} when ${merchantLedger.kind} = 'earning_reversal' then -${merchantLedger.amount} else 0 end)`;
/** Units a row adds to the units sold (delivered): + on an earning, − on its reversal. */
export const unitsEffect = sql<number>`(case when ${merchantLedger.kind} = 'earning' then coalesce(${merchantLedger.quantity}, 0) when ${merchantLedger.kind} = 'earning_reversal' then -coalesce(${merchantLedger.quantity}, 0) else 0 end)`;

/** The merchant's figures from the journal: income (earnings net of reversals), pending, paid, and available = income − paid − pending. */
export async function merchantBalance(db: Db, merchantId: number): Promise<MerchantBalance> {
  const [row] = await db
    .select({
      available: sql<string>`coalesce(sum(${balanceEffect}), 0)`,
      income: sql<string>`coalesce(sum(${earningEffect}), 0)`,
      pending: sql<string>`coalesce(sum(${signedBalanceSql(merchantLedger, ACCOUNTS.pending)}), 0)`,
      paid: sql<string>`coalesce(sum(case when ${merchantLedger.kind} = 'withdrawal_paid' then ${merchantLedger.amount} else 0 end), 0)`,
    })
    .from(merchantLedger)
    .where(eq(merchantLedger.merchantId, merchantId));
  return {
    income: Number(row?.income ?? 0),
    pending_withdrawals: Number(row?.pending ?? 0),
    paid_withdrawals: Number(row?.paid ?? 0),
    available: Number(row?.available ?? 0),
  };
}

/** Locks merchants' rows FOR UPDATE in id order: the lock every change of a merchant's balance takes. */
export const lockMerchants = (tx: Db, ids: Iterable<number>) => lockPayees(tx, MERCHANT_LEDGER, ids);

/** What each line of an order has credited so far, net of reversals: line id → { merchant, product, earned, units }. */
async function creditedLines(tx: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return (
    await tx
      .select({
        orderId: merchantLedger.orderId,
        lineId: merchantLedger.orderLineId,
        merchantId: merchantLedger.merchantId,
        productId: merchantLedger.productId,
        earned: sql<string>`sum(${earningEffect})`,
        units: sql<string>`sum(${unitsEffect})`,
      })
      .from(merchantLedger)
      .where(inArray(merchantLedger.orderId, orderIds))
      .groupBy(merchantLedger.orderId, merchantLedger.orderLineId, merchantLedger.merchantId, merchantLedger.productId)
  ).map((row) => ({ ...row, earned: Number(row.earned), units: Number(row.units) }));
}

/**
 * The merchant side of an order move, in the move's transaction (decision 037):
 * - to delivered: each line of a merchant's product is credited merchant price × quantity (less
 *   what it already holds, so a repeated event writes nothing);
 * - from delivered to anything else (returned, or moved back): whatever each line holds is reversed.
 * The merchants' rows are locked first (id order, after the order's own lock), as every change of
 * their balance does. What it writes goes on the move's audit row.
 */
export async function creditMerchantsOnMove(event: OrderMovedEvent): Promise<void> {
  const { ctx, order, from, to } = event;
  if (to !== DELIVERED && from !== DELIVERED) return;
  const tx = ctx.db;
  const adminId = adminIdOf(ctx);
  const at = order.updatedAt ?? new Date();
  const credited = await creditedLines(tx, [order.id]);
  const held = new Map(credited.map((row) => [row.lineId, row]));
  let moved = 0;
  if (to === DELIVERED) {
    const lines = await orderLineQuantities(tx, order.id);
    const prices = await merchantPricesOf(
      tx,
      lines.map((line) => line.productId),
    );
    const due = lines.flatMap((line) => {
      const price = prices.get(line.productId);
      return price ? [{ ...line, ...price }] : [];
    });
    await lockMerchants(
      tx,
      due.map((line) => line.merchantId),
    );
    for (const line of due) {
      const owed = line.merchantPrice * line.quantity - (held.get(line.id)?.earned ?? 0);
      if (owed <= 0) continue;
      await writeLedgerEntry(ctx, MERCHANT_LEDGER, line.merchantId, {
        kind: 'earning',
        amount: owed,
        debitAccount: ACCOUNTS.shopCost,
        creditAccount: ACCOUNTS.balance,
        orderId: order.id,
        orderLineId: line.id,
        productId: line.productId,
        quantity: line.quantity,
        unitPrice: line.merchantPrice,
        adminId,
        note: `Order ${order.number} delivered`,
        at,
      });
      moved += owed;
    }
    if (moved) event.audit.merchant_earnings = { before: null, after: moved };
    return;
  }
  const open = credited.filter((row) => row.earned > 0);
  await lockMerchants(
    tx,
    open.map((row) => row.merchantId),
  );
  for (const row of open) {
    await writeLedgerEntry(ctx, MERCHANT_LEDGER, row.merchantId, {
      kind: 'earning_reversal',
      amount: row.earned,
      debitAccount: ACCOUNTS.balance,
      creditAccount: ACCOUNTS.shopCost,
      orderId: order.id,
      orderLineId: row.lineId,
      productId: row.productId,
      quantity: row.units,
      adminId,
      note: to === 6 ? `Order ${order.number} returned` : `Order ${order.number} moved back from delivered`,
      at,
    });
    moved += row.earned;
  }
  if (moved) event.audit.merchant_earnings_reversed = { before: null, after: -moved };
}

/**
 * Before a batch of moves is announced order by order: every merchant whose rows the batch will
 * change, locked at once in id order (two bulk moves then wait for each other instead of deadlocking).
 * To delivered: the merchants of the orders' lines; away from it: the merchants the orders credited.
 * Other moves change no merchant's rows (an order leaves delivered only for returned), so nothing is read.
 */
export async function lockMerchantsOfMoves({ db: tx }: Ctx, moved: OrderRow[], to: number): Promise<void> {
  if (moved.length === 0 || (to !== DELIVERED && to !== RETURNED)) return;
  const ids = new Set(
    (
      await creditedLines(
        tx,
        moved.map((order) => order.id),
      )
    ).map((row) => row.merchantId),
  );
  if (to === DELIVERED) {
    const productIds: number[] = [];
    for (const order of moved) productIds.push(...(await orderLineQuantities(tx, order.id)).map((line) => line.productId));
    for (const price of (await merchantPricesOf(tx, productIds)).values()) ids.add(price.merchantId);
  }
  await lockMerchants(tx, ids);
}

onOrdersMoving(lockMerchantsOfMoves);
onOrderMoved(creditMerchantsOnMove);
