import type { BalanceKind } from '@haat/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts } from './ledger.table';

/** The names of some accounts (balances, purposes) by id, in one statement: for lists of another module's rows that name them. */
export async function accountNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: ledgerAccounts.id, name: ledgerAccounts.name })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** An active expense purpose by id (a bill's purpose), or null. */
export async function activeExpensePurpose(db: Db, id: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({
      id: ledgerAccounts.id,
      name: ledgerAccounts.name,
      role: ledgerAccounts.role,
      type: ledgerAccounts.type,
      status: ledgerAccounts.status,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [id]));
  return row && row.role === 'purpose' && row.type === 'expense' && row.status === 1 ? { id: row.id, name: row.name } : null;
}

/**
 * The active balances (cash, bank, wallets) with what each holds, in code order: for another module's
 * form that pays from one (salaries), shown to whoever may pay without the balances screen's permission.
 */
export async function activeBalanceOptions(db: Db): Promise<{ id: number; name: string; kind: BalanceKind; balance: number }[]> {
  const rows = await db
    .select({ id: ledgerAccounts.id, name: ledgerAccounts.name, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.role, 'balance'), eq(ledgerAccounts.status, 1)))
    .orderBy(asc(ledgerAccounts.code));
  // A balance always has its kind (the table's role check).
  return rows.map((row) => ({ ...row, kind: row.kind as BalanceKind }));
}
