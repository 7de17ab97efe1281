import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigserial, check, integer, type PgColumn, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { money } from '../../db/columns';
import { admins } from '../staff/admin.table';

/** A journal's payee column, e.g. `merchantId: ledgerPayee('merchant_id', () => merchants.id)`. */
export const ledgerPayee = (name: string, payees: () => AnyPgColumn) =>
  integer(name).notNull().references(payees, { onDelete: 'restrict' });

/**
 * The columns every payee's journal has besides its payee (the reseller cashbook, decision 014; the
 * merchant ledger, decision 037): each row moves `amount` (> 0) from `debit_account` to
 * `credit_account`, both sides named; it may name the order and the withdraw request it came from,
 * the admin who caused it and a note. A payee's own columns (an order line, an SMS campaign) are
 * added beside these. Only the names differ between payees, so the SQL tables are the ones the
 * migrations made.
 */
export function ledgerColumns<Kind extends string, Kinds extends readonly [Kind, ...Kind[]]>(config: {
  kinds: Kinds;
  orders: () => AnyPgColumn;
  withdrawals: () => AnyPgColumn;
}) {
  return {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: config.kinds }).notNull(),
    debitAccount: text('debit_account').notNull(),
    creditAccount: text('credit_account').notNull(),
    amount: money('amount').notNull(),
    orderId: integer('order_id').references(config.orders, { onDelete: 'restrict' }),
    withdrawalId: integer('withdrawal_id').references(config.withdrawals, { onDelete: 'restrict' }),
    note: text('note').notNull().default(''),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
  };
}

/**
 * The constraints every payee's journal has, named after its table: one row of a kind per withdraw
 * request (a retried request, payment or rejection writes nothing), amounts above zero, and two
 * different accounts on a row.
 */
export function ledgerConstraints(
  name: string,
  table: { amount: PgColumn; debitAccount: PgColumn; creditAccount: PgColumn; withdrawalId: PgColumn; kind: PgColumn },
) {
  return [
    uniqueIndex(`${name}_withdrawal_kind_unique`).on(table.withdrawalId, table.kind).where(sql`${table.withdrawalId} is not null`),
    check(`${name}_amount_check`, sql`${table.amount} > 0`),
    check(`${name}_accounts_check`, sql`${table.debitAccount} <> ${table.creditAccount}`),
  ];
}
