import type { PayoutAccount } from '@haat/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { type Ctx, inTransaction } from '../../../context';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/constraint-errors';
import { invalid, notFound } from '../../../http/errors';
import { diffChanges, recordAudit } from '../../audit';
import { type PayoutKind, payoutValues, payoutView } from '../../payouts';
import { merchantPayoutAccounts } from './money.table';

type Row = typeof merchantPayoutAccounts.$inferSelect;

export async function listPayoutAccounts({ db }: Ctx, merchantId: number, kind?: PayoutKind): Promise<PayoutAccount[]> {
  const rows = await db
    .select()
    .from(merchantPayoutAccounts)
    .where(and(eq(merchantPayoutAccounts.merchantId, merchantId), kind ? eq(merchantPayoutAccounts.kind, kind) : undefined))
    .orderBy(asc(merchantPayoutAccounts.id));
  return rows.map(payoutView);
}

/** One of this merchant's accounts; another merchant's id is "not found". */
export async function findPayoutAccount(db: Db, merchantId: number, id: number, kind?: PayoutKind): Promise<Row> {
  const [row] = await db
    .select()
    .from(merchantPayoutAccounts)
    .where(
      and(
        eq(merchantPayoutAccounts.id, id),
        eq(merchantPayoutAccounts.merchantId, merchantId),
        kind ? eq(merchantPayoutAccounts.kind, kind) : undefined,
      ),
    );
  if (!row) throw notFound(kind === 'mobile' ? 'The mobile-banking number' : kind === 'bank' ? 'The bank account' : 'The payout account');
  return row;
}

function audited(row: Row): Record<string, unknown> {
  const { id: _id, createdAt: _at, merchantId, ...rest } = row;
  return { merchant_id: merchantId, ...rest };
}

/** Saves one of the merchant's accounts (new when `id` is null), audited in the same transaction. */
export async function savePayoutAccount(
  ctx: Ctx,
  merchantId: number,
  kind: PayoutKind,
  body: unknown,
  id: number | null,
): Promise<PayoutAccount> {
  const values = payoutValues(kind, body);
  try {
    const row = await inTransaction(ctx, async (tx) => {
      const before = id !== null ? await findPayoutAccount(tx.db, merchantId, id, kind) : null;
      const [saved] =
        id !== null
          ? await tx.db
              .update(merchantPayoutAccounts)
              .set(values)
              .where(and(eq(merchantPayoutAccounts.id, id), eq(merchantPayoutAccounts.merchantId, merchantId)))
              .returning()
          : await tx.db
              .insert(merchantPayoutAccounts)
              .values({ ...values, merchantId })
              .returning();
      if (!saved) throw notFound();
      await recordAudit(tx, {
        action: before ? 'update' : 'create',
        entity: 'merchant_payout_account',
        entityId: saved.id,
        changes: diffChanges(before ? audited(before) : null, audited(saved)),
      });
      return saved;
    });
    return payoutView(row);
  } catch (error) {
    if (isUniqueViolation(error, 'merchant_payout_accounts_unique'))
      throw invalid('account_number', 'You have already saved this account.');
    throw error;
  }
}

/** Past withdrawals keep their own copy of the account, so deleting one never rewrites history. */
export async function deletePayoutAccount(ctx: Ctx, merchantId: number, kind: PayoutKind, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const before = await findPayoutAccount(tx.db, merchantId, id, kind);
    await tx.db
      .delete(merchantPayoutAccounts)
      .where(and(eq(merchantPayoutAccounts.id, id), eq(merchantPayoutAccounts.merchantId, merchantId)));
    await recordAudit(tx, {
      action: 'delete',
      entity: 'merchant_payout_account',
      entityId: id,
      changes: diffChanges(audited(before), null),
    });
  });
}
