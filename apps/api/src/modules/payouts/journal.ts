import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** WD-000012: a withdraw request's number, the same for every payee. */
export const withdrawalNumber = (id: number) => `WD-${String(id).padStart(6, '0')}`;

/** How a journal row moves `account`: + when it credits it, − when it debits it, else 0. */
export function signedBalanceSql(
  columns: { amount: AnyColumn; debitAccount: AnyColumn; creditAccount: AnyColumn },
  account: string,
): SQL<number> {
  return sql<number>`(case when ${columns.creditAccount} = ${account} then ${columns.amount} when ${columns.debitAccount} = ${account} then -${columns.amount} else 0 end)`;
}
