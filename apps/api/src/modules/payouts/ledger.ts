import type { SaleChannel, SystemAccountKey } from '@haat/contracts';
import { asc, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { postEntry } from '../accounts';

/** What every payee's journal row says (ledger.table.ts's `ledgerColumns`), besides its payee. */
export interface LedgerEntry {
  kind: string;
  debitAccount: string;
  creditAccount: string;
  /** Paisa, a whole number above zero. */
  amount: number;
  orderId?: number | null;
  withdrawalId?: number | null;
  note?: string;
  adminId?: number | null;
  /** When it happened (a move's own time, back-dated demo rows); the database's now() when left out. */
  at?: Date;
}

/**
 * A payee's journal: the merchant ledger (decision 037) or the reseller cashbook (decision 014). Its
 * table, the property of its payee column, and the payees' rows, whose lock (FOR UPDATE) every
 * change of a payee's balance takes. `Entry` is what one of its rows may say (its own columns too).
 */
export interface PayeeLedger<Entry extends LedgerEntry = LedgerEntry> {
  table: PgTable & { id: PgColumn };
  payeeKey: string;
  payees: { table: PgTable; id: PgColumn };
  books: PayeeBooks;
  /** Only for the type of `Entry`; never set. */
  readonly entry?: Entry;
}

/**
 * How a payee's journal reaches the shop's double-entry books (decision 048): its name (`reseller`,
 * `merchant`: the entries' source is `reseller.order_profit`…) and the chart account each of its
 * account names stands for. Both of a row's accounts standing for the same chart account (a withdraw
 * request moving the payee's balance to pending: still owed to them) posts nothing.
 */
export interface PayeeBooks {
  name: string;
  account(name: string): SystemAccountKey;
  /** What the shop owes the payee (`reseller_payable`): the side of a row that never carries a sale channel. */
  payable: SystemAccountKey;
}

/**
 * The shop balance a payout by `method` leaves from: bKash and Nagad their wallets, cash the cash box, a bank
 * transfer the bank; Rocket is Dutch-Bangla Bank's wallet, so the bank.
 */
export function payoutBalance(method: string): SystemAccountKey {
  if (method === 'bkash' || method === 'nagad' || method === 'cash') return method;
  return 'bank';
}

/** What a row of `Ledger` may say, e.g. `LedgerEntryOf<typeof RESELLER_LEDGER>`. */
export type LedgerEntryOf<Ledger> = Ledger extends PayeeLedger<infer Entry> ? Entry : never;

/** Declares a payee's journal; its entries are its table's columns but the id and the payee. */
export function payeeLedger<
  Table extends PgTable & { id: PgColumn; $inferInsert: LedgerEntry },
  Key extends string & keyof Table['$inferInsert'],
>(
  table: Table,
  payeeKey: Key,
  payees: { table: PgTable; id: PgColumn },
  books: PayeeBooks,
): PayeeLedger<Omit<Table['$inferInsert'], 'id' | Key> & LedgerEntry> {
  return { table, payeeKey, payees, books };
}

/**
 * Locks payees' rows FOR UPDATE in id order: the lock every change of a payee's balance takes, so
 * two changes of one balance are decided one after the other (and a batch of them never deadlocks
 * with another). Taking it again in the same transaction waits for nothing.
 */
export async function lockPayees(tx: Db, ledger: PayeeLedger<LedgerEntry>, ids: Iterable<number>): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return;
  const { table, id } = ledger.payees;
  await tx.select({ id }).from(table).where(inArray(id, sorted)).orderBy(asc(id)).for('update');
}

/**
 * The one writer of every payee's journal (merchant ledger, reseller cashbook): one row, in the
 * caller's transaction, under the payee's row lock (taken here if the caller has not yet), so what
 * the balance is after it is decided atomically with whatever the caller checked. A second row of
 * a kind for the same order, order line, withdrawal or SMS campaign is skipped by the journal's
 * unique indexes, so a repeated event changes nothing; answers whether the row was written.
 *
 * A written row is posted to the shop's books in the same transaction (`PayeeBooks`), dated at the
 * row's time: a reseller's profit as an expense owed to them, a payout out of the balance it was paid
 * from (refused with a 422 on `method` when that balance is short), an SMS campaign as SMS cost won back.
 * `channel`: the sale channel of the order the row is about, on its income or expense side (profit by channel).
 */
export async function writeLedgerEntry<Entry extends LedgerEntry>(
  ctx: Ctx,
  ledger: PayeeLedger<Entry>,
  payeeId: number,
  entry: Entry,
  channel?: SaleChannel,
): Promise<boolean> {
  if (entry.amount <= 0 || !Number.isInteger(entry.amount)) throw new Error(`ledger amounts are positive paisa, got ${entry.amount}`);
  await lockPayees(ctx.db, ledger, [payeeId]);
  const written = await ctx.db
    .insert(ledger.table)
    .values({ ...entry, note: entry.note ?? '', [ledger.payeeKey]: payeeId } as never)
    .onConflictDoNothing()
    .returning({ id: ledger.table.id });
  if (written.length === 0) return false;
  const debit = ledger.books.account(entry.debitAccount);
  const credit = ledger.books.account(entry.creditAccount);
  if (debit !== credit) {
    const { name } = ledger.books;
    await postEntry(entry.at ? { ...ctx, now: entry.at } : ctx, {
      source: `${name}.${entry.kind}`,
      sourceType: entry.orderId ? 'order' : entry.withdrawalId ? `${name}_withdrawal` : `${name}`,
      sourceId: entry.orderId ?? entry.withdrawalId ?? payeeId,
      memo: entry.note ?? entry.kind,
      lines: [
        { account: debit, debit: entry.amount, ...(channel && debit !== ledger.books.payable ? { channel } : {}) },
        { account: credit, credit: entry.amount, field: 'method', ...(channel && credit !== ledger.books.payable ? { channel } : {}) },
      ],
    });
  }
  return true;
}
