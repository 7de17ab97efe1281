import type { CashbookKind, ResellerBalance } from '@haat/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx } from '../../../context';
import type { Db } from '../../../db/client';
import { type OrderMovedEvent, type OrderRow, onOrderMoved, onOrdersMoving, orderWholesaleTotal } from '../../orders';
import { type LedgerEntryOf, lockPayees, payeeLedger, payoutBalance, signedBalanceSql, writeLedgerEntry } from '../../payouts';
import { resellers } from '../reseller.table';
import { resellerLedger } from './money.table';

/** The accounts of the cashbook journal (see resellerLedger). */
export const ACCOUNTS = {
  balance: 'reseller.balance',
  pending: 'reseller.withdrawal.pending',
  shopProfit: 'shop.reseller_profit',
  shopReturnCharges: 'shop.return_charges',
  shopPayout: (method: string) => `shop.payout.${method}`,
  shopSms: 'shop.sms',
} as const;

/** The reseller cashbook: its rows are written by payouts' `writeLedgerEntry`, under the reseller's row lock. */
export const RESELLER_LEDGER = payeeLedger(
  resellerLedger,
  'resellerId',
  { table: resellers, id: resellers.id },
  {
    name: 'reseller',
    payable: 'reseller_payable',
    // The shop's books: what a reseller is owed is one liability, pending or not; their profit an expense;
    // a return charge delivery income won back; an SMS campaign SMS cost won back.
    account(name) {
      if (name === ACCOUNTS.balance || name === ACCOUNTS.pending) return 'reseller_payable';
      if (name === ACCOUNTS.shopProfit) return 'reseller_profit';
      if (name === ACCOUNTS.shopReturnCharges) return 'delivery_income';
      if (name === ACCOUNTS.shopSms) return 'sms_cost';
      if (name.startsWith('shop.payout.')) return payoutBalance(name.slice('shop.payout.'.length));
      throw new Error(`no book account for the reseller cashbook's ${name}`);
    },
  },
);

type CashbookEntry = LedgerEntryOf<typeof RESELLER_LEDGER>;

/** A signed amount on the reseller's balance written as a journal row against `other`. */
function signedEntry(kind: CashbookKind, signed: number, other: string, rest: Partial<CashbookEntry>): CashbookEntry | null {
  if (signed === 0) return null;
  return {
    kind,
    amount: Math.abs(signed),
    debitAccount: signed > 0 ? other : ACCOUNTS.balance,
    creditAccount: signed > 0 ? ACCOUNTS.balance : other,
    ...rest,
  };
}

/** A journal row's signed effect on the reseller's balance, for the audit log. */
function entryEffect(entry: CashbookEntry): number {
  return entry.creditAccount === ACCOUNTS.balance ? entry.amount : -entry.amount;
}

/** How a row moves the reseller's available balance: + when it credits it, − when it debits it. */
export const balanceEffect = signedBalanceSql(resellerLedger, ACCOUNTS.balance);

/**
 * The reseller's figures, summed from the journal: income (profit credited, less reversals and
 * return charges), withdrawals pending and paid, and the available balance = income − paid −
 * pending.
 */
export async function resellerBalance({ db }: Ctx, resellerId: number): Promise<ResellerBalance> {
  const [row] = await db
    .select({
      available: sql<string>`coalesce(sum(${balanceEffect}), 0)`,
      income: sql<string>`coalesce(sum(case when ${resellerLedger.kind} in ('order_profit', 'order_profit_reversal', 'return_charge', 'sms_charge') then ${balanceEffect} else 0 end), 0)`,
      pending: sql<string>`coalesce(sum(case when ${resellerLedger.creditAccount} = ${ACCOUNTS.pending} then ${resellerLedger.amount} when ${resellerLedger.debitAccount} = ${ACCOUNTS.pending} then -${resellerLedger.amount} else 0 end), 0)`,
      paid: sql<string>`coalesce(sum(case when ${resellerLedger.kind} = 'withdrawal_paid' then ${resellerLedger.amount} else 0 end), 0)`,
    })
    .from(resellerLedger)
    .where(eq(resellerLedger.resellerId, resellerId));
  return {
    income: Number(row?.income ?? 0),
    pending_withdrawals: Number(row?.pending ?? 0),
    paid_withdrawals: Number(row?.paid ?? 0),
    available: Number(row?.available ?? 0),
  };
}

// ---- Order profit -------------------------------------------------------------------------------

/**
 * The reseller's profit on an order (PRODUCT.md §4): what the customer pays (the order's total)
 * − the wholesale total (Σ wholesale price × quantity) − the shop's delivery charge. It can be
 * negative (a deep discount, a delivery charge the reseller did not pass on): then delivery
 * debits the reseller's balance by that much instead of crediting it.
 */
export async function orderProfit(db: Db, order: Pick<OrderRow, 'id' | 'total' | 'deliveryCharge'>): Promise<number> {
  return order.total - (await orderWholesaleTotal(db, order.id)) - shopDeliveryCharge(order);
}

/**
 * The shop's delivery charge on the order. placeOrder stores the charge of the shop's
 * delivery-charge table in `delivery_charge`; if reseller orders come to keep the shop's charge
 * apart from what the reseller asks of their customer (`shop_delivery_charge`), that one counts.
 */
function shopDeliveryCharge(order: Pick<OrderRow, 'deliveryCharge'>): number {
  const apart = (order as { shopDeliveryCharge?: number | null }).shopDeliveryCharge;
  return typeof apart === 'number' ? apart : order.deliveryCharge;
}

/**
 * What a returned order costs the reseller: the return charge the move stored on the order, or
 * the delivery charge when none was set (the courier was paid for the trip anyway).
 */
function returnCharge(order: OrderRow): number {
  return order.returnCharge ?? shopDeliveryCharge(order);
}

/**
 * The cashbook side of an order move, in the move's transaction:
 * - to 5 (delivered): the profit is credited (or, when negative, debited);
 * - to 6 (returned): whatever the delivery credited is reversed, and the return charge debited.
 *   A return straight from 4 (the customer refused the parcel) credited nothing, so only the
 *   return charge applies.
 * Each row is written once per order (unique per order and kind), so a repeated event is harmless.
 * What it writes goes on the move's audit row (the reseller's balance effect, signed), so every
 * credit and reversal is traced to whoever moved the order.
 */
export async function creditResellerOnMove(event: OrderMovedEvent): Promise<void> {
  const { ctx, order, to } = event;
  const tx = ctx.db;
  const adminId = adminIdOf(ctx);
  if (order.type !== 'reseller' || !order.resellerId) return;
  const resellerId = order.resellerId;
  if (to !== 5 && to !== 6) return;
  // The reseller's row is the lock every change of their balance takes (withdraw requests too),
  // after the order's own lock the move already holds.
  await lockPayees(tx, RESELLER_LEDGER, [resellerId]);
  // The move's own time: the workflow stamps the order's updated_at with it (back-dated demo moves too).
  const at = order.updatedAt ?? new Date();
  if (to === 5) {
    const profit = await orderProfit(tx, order);
    const entry = signedEntry('order_profit', profit, ACCOUNTS.shopProfit, {
      orderId: order.id,
      adminId,
      note: `Order ${order.number} delivered`,
      at,
    });
    if (entry && (await writeLedgerEntry(ctx, RESELLER_LEDGER, resellerId, entry, 'reseller')))
      event.audit.reseller_profit = { before: null, after: entryEffect(entry) };
    return;
  }
  if (to === 6) {
    const [credited] = await tx
      .select({ effect: balanceEffect })
      .from(resellerLedger)
      .where(and(eq(resellerLedger.orderId, order.id), eq(resellerLedger.kind, 'order_profit')));
    const reversal = credited
      ? signedEntry('order_profit_reversal', -Number(credited.effect), ACCOUNTS.shopProfit, {
          orderId: order.id,
          adminId,
          note: `Order ${order.number} returned`,
          at,
        })
      : null;
    if (reversal && (await writeLedgerEntry(ctx, RESELLER_LEDGER, resellerId, reversal, 'reseller')))
      event.audit.reseller_profit_reversal = { before: null, after: entryEffect(reversal) };
    const charge = returnCharge(order);
    if (charge > 0) {
      const charged = await writeLedgerEntry(
        ctx,
        RESELLER_LEDGER,
        resellerId,
        {
          kind: 'return_charge',
          amount: charge,
          debitAccount: ACCOUNTS.balance,
          creditAccount: ACCOUNTS.shopReturnCharges,
          orderId: order.id,
          adminId,
          note: `Return charge of order ${order.number}`,
          at,
        },
        'reseller',
      );
      if (charged) event.audit.reseller_return_charge = { before: null, after: -charge };
    }
  }
}

/**
 * Before a batch of moves to delivered or returned is credited order by order: every reseller's row it
 * will lock, all at once and in id order. Locked one by one in the orders' order instead, two bulk moves
 * with orders of the same two resellers could each hold one and wait for the other.
 */
export async function lockResellersOfMoves({ db: tx }: Ctx, moved: OrderRow[], to: number): Promise<void> {
  if (to !== 5 && to !== 6) return;
  await lockPayees(
    tx,
    RESELLER_LEDGER,
    moved.flatMap((order) => (order.type === 'reseller' && order.resellerId ? [order.resellerId] : [])),
  );
}

onOrdersMoving(lockResellersOfMoves);
onOrderMoved(creditResellerOnMove);
