import type { PayoutAccount } from '@haat/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { type Ctx, inTransaction } from '../../../context';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/constraint-errors';
import { invalid, notFound } from '../../../http/errors';
import { diffChanges, recordAudit } from '../../audit';
import { type PayoutKind, payoutLabel, payoutValues, payoutView } from '../../payouts';
import { resellerPayoutAccounts } from './money.table';

type Row = typeof resellerPayoutAccounts.$inferSelect;

export type { PayoutKind };
export { payoutLabel };

export async function listPayoutAccounts({ db }: Ctx, resellerId: number, kind?: PayoutKind): Promise<PayoutAccount[]> {
  const rows = await db
    .select()
    .from(resellerPayoutAccounts)
    .where(and(eq(resellerPayoutAccounts.resellerId, resellerId), kind ? eq(resellerPayoutAccounts.kind, kind) : undefined))
    .orderBy(asc(resellerPayoutAccounts.id));
  return rows.map(payoutView);
}

/** One of this reseller's accounts; another reseller's id is "not found", never "forbidden". */
export async function findPayoutAccount(db: Db, resellerId: number, id: number, kind?: PayoutKind): Promise<Row> {
  const [row] = await db
    .select()
    .from(resellerPayoutAccounts)
    .where(
      and(
        eq(resellerPayoutAccounts.id, id),
        eq(resellerPayoutAccounts.resellerId, resellerId),
        kind ? eq(resellerPayoutAccounts.kind, kind) : undefined,
      ),
    );
  if (!row) throw notFound(kind === 'mobile' ? 'The mobile-banking number' : kind === 'bank' ? 'The bank account' : 'The payout account');
  return row;
}

async function written<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'reseller_payout_accounts_unique'))
      throw invalid('account_number', 'You have already saved this account.');
    throw error;
  }
}

/** What the audit log compares of a saved account. */
function audited(row: Row): Record<string, unknown> {
  return {
    reseller_id: row.resellerId,
    kind: row.kind,
    provider: row.provider,
    account_name: row.accountName,
    account_number: row.accountNumber,
    bank_name: row.bankName,
    branch_name: row.branchName,
    routing_number: row.routingNumber,
    account_type: row.accountType,
  };
}

/** Saves one of the ctx's reseller's accounts (new when `id` is null), audited in the same transaction. */
export async function savePayoutAccount(
  ctx: Ctx,
  resellerId: number,
  kind: PayoutKind,
  body: unknown,
  id: number | null,
): Promise<PayoutAccount> {
  const values = payoutValues(kind, body);
  const row = await written(() =>
    inTransaction(ctx, async (tx) => {
      const before = id !== null ? await findPayoutAccount(tx.db, resellerId, id, kind) : null;
      const [saved] =
        id !== null
          ? await tx.db
              .update(resellerPayoutAccounts)
              .set(values)
              .where(and(eq(resellerPayoutAccounts.id, id), eq(resellerPayoutAccounts.resellerId, resellerId)))
              .returning()
          : await tx.db
              .insert(resellerPayoutAccounts)
              .values({ ...values, resellerId })
              .returning();
      if (!saved) throw notFound();
      await recordAudit(tx, {
        action: before ? 'update' : 'create',
        entity: 'reseller_payout_account',
        entityId: saved.id,
        changes: diffChanges(before ? audited(before) : null, audited(saved)),
      });
      return saved;
    }),
  );
  return payoutView(row);
}

/** Past withdrawals keep their own copy of the account, so deleting one never rewrites history. */
export async function deletePayoutAccount(ctx: Ctx, resellerId: number, kind: PayoutKind, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const before = await findPayoutAccount(tx.db, resellerId, id, kind);
    await tx.db
      .delete(resellerPayoutAccounts)
      .where(and(eq(resellerPayoutAccounts.id, id), eq(resellerPayoutAccounts.resellerId, resellerId)));
    await recordAudit(tx, {
      action: 'delete',
      entity: 'reseller_payout_account',
      entityId: id,
      changes: diffChanges(audited(before), null),
    });
  });
}
