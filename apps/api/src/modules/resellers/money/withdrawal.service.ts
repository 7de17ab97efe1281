import type { WithdrawalPayInput, WithdrawalView, WithdrawRequestInput } from '@haat/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../../context';
import type { Db } from '../../../db/client';
import { withdrawalNumber, withdrawalRowViews, withdrawals } from '../../payouts';
import { resellers } from '../reseller.table';
import { ACCOUNTS, RESELLER_LEDGER, resellerBalance } from './ledger.service';
import { resellerWithdrawals } from './money.table';
import { findPayoutAccount } from './payout-account.service';

type Row = typeof resellerWithdrawals.$inferSelect;

export { withdrawalNumber };

/** Rows → views, with the resellers' names read in one query (the rest: payouts' withdrawalRowViews). */
export async function withdrawalViews(db: Db, rows: Row[]): Promise<WithdrawalView[]> {
  const resellerIds = [...new Set(rows.map((row) => row.resellerId))];
  const people = resellerIds.length
    ? await db
        .select({ id: resellers.id, name: resellers.name, phone: resellers.phone, shopName: resellers.shopName })
        .from(resellers)
        .where(inArray(resellers.id, resellerIds))
    : [];
  return withdrawalRowViews(db, rows, (row) => {
    const person = people.find((each) => each.id === row.resellerId);
    return {
      reseller_id: row.resellerId,
      reseller_name: person?.name ?? '',
      reseller_phone: person?.phone ?? '',
      shop_name: person?.shopName ?? '',
    };
  });
}

/**
 * A reseller's withdraw requests: request (`/dropshipper/payment/withdraw/request`, under the
 * reseller's row lock, never above the available balance), pay (the balance checked again, override
 * with a reason) and reject — the payouts module's one mechanism, shared with the merchants (decision 042).
 */
const resellerWithdrawalFlow = withdrawals<Row, WithdrawalView>({
  word: 'reseller',
  entity: 'reseller_withdrawal',
  table: resellerWithdrawals,
  ownerColumn: resellerWithdrawals.resellerId,
  ownerKey: 'resellerId',
  inactiveMessage: 'Your reseller account is not active. Please contact the shop.',
  lockOwner: async (tx, resellerId) =>
    (await tx.select({ status: resellers.status }).from(resellers).where(eq(resellers.id, resellerId)).for('update'))[0],
  findPayoutAccount,
  balance: resellerBalance,
  accounts: ACCOUNTS,
  ledger: RESELLER_LEDGER,
  views: withdrawalViews,
});

/** A reseller asks to be paid. */
export const requestWithdrawal = (ctx: Ctx, resellerId: number, body: WithdrawRequestInput) =>
  resellerWithdrawalFlow.request(ctx, resellerId, body);
/** The back office pays a reseller's request: pending → paid out through `method`, with the transfer's id. */
export const payWithdrawal = (ctx: Ctx, id: number, body: WithdrawalPayInput) => resellerWithdrawalFlow.pay(ctx, id, body);
/** The back office rejects a reseller's request with a reason. */
export const rejectWithdrawal = (ctx: Ctx, id: number, body: unknown) => resellerWithdrawalFlow.reject(ctx, id, body);
