import {
  formatMoney,
  WITHDRAWAL_STATUS_LABELS,
  type WithdrawalPayInput,
  type WithdrawalView,
  type WithdrawRequestInput,
  withdrawalPayInput,
  withdrawalRejectInput,
  withdrawRequestInput,
} from '@haat/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../../context';
import type { Db } from '../../../db/client';
import { HttpError, invalid, notFound } from '../../../http/errors';
import { diffChanges, recordAudit } from '../../audit';
import { withdrawalNumber } from '../../payouts';
import { readSetting, SETTING_GROUPS } from '../../settings';
import { adminNames } from '../../staff';
import { resellers } from '../reseller.table';
import { ACCOUNTS, resellerBalance, writeEntry } from './ledger.service';
import { resellerWithdrawals } from './money.table';
import { findPayoutAccount, payoutLabel } from './payout-account.service';

type Row = typeof resellerWithdrawals.$inferSelect;

export { withdrawalNumber };

/** What the audit log compares of a withdraw request. */
function audited(row: Row | null): Record<string, unknown> | null {
  if (!row) return null;
  return {
    reseller_id: row.resellerId,
    amount: row.amount,
    status: row.status,
    payout_label: row.payoutLabel,
    note: row.note,
    paid_method: row.paidMethod,
    transaction_id: row.transactionId,
    reject_reason: row.rejectReason,
    override_reason: row.overrideReason,
  };
}

/** Rows → views, with the reseller's and the deciding admin's names read in one query each. */
export async function withdrawalViews(db: Db, rows: Row[]): Promise<WithdrawalView[]> {
  const resellerIds = [...new Set(rows.map((row) => row.resellerId))];
  const adminIds = [...new Set(rows.map((row) => row.decidedBy).filter((id): id is number => id !== null))];
  const people = resellerIds.length
    ? await db
        .select({ id: resellers.id, name: resellers.name, phone: resellers.phone, shopName: resellers.shopName })
        .from(resellers)
        .where(inArray(resellers.id, resellerIds))
    : [];
  const staff = await adminNames(db, adminIds);
  return rows.map((row) => {
    const person = people.find((each) => each.id === row.resellerId);
    return {
      id: row.id,
      number: withdrawalNumber(row.id),
      reseller_id: row.resellerId,
      reseller_name: person?.name ?? '',
      reseller_phone: person?.phone ?? '',
      shop_name: person?.shopName ?? '',
      amount: row.amount,
      status: row.status,
      status_label: WITHDRAWAL_STATUS_LABELS[row.status],
      payout_provider: row.payoutProvider,
      payout_label: row.payoutLabel,
      payout_account_name: row.payoutAccountName,
      payout_account_number: row.payoutAccountNumber,
      note: row.note,
      paid_method: row.paidMethod,
      transaction_id: row.transactionId,
      reject_reason: row.rejectReason,
      override_reason: row.overrideReason,
      decided_by: row.decidedBy === null ? null : (staff.get(row.decidedBy) ?? null),
      requested_at: row.requestedAt.toISOString(),
      decided_at: row.decidedAt?.toISOString() ?? null,
    };
  });
}

/**
 * A reseller asks to be paid (`/dropshipper/payment/withdraw/request`), in one transaction: the
 * reseller's row is locked FOR UPDATE first, so two requests at once are decided one after the
 * other, each against the balance the other left; the amount may not exceed the available
 * balance; the request, its journal row (balance → pending) and its audit row (by the ctx's actor,
 * the reseller) are written together.
 */
export async function requestWithdrawal(ctx: Ctx, resellerId: number, body: WithdrawRequestInput): Promise<WithdrawalView> {
  const input = withdrawRequestInput.parse(body);
  const { now } = ctx;
  const row = await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const [reseller] = await tx.select({ status: resellers.status }).from(resellers).where(eq(resellers.id, resellerId)).for('update');
    if (!reseller) throw notFound('The reseller');
    if (reseller.status !== 'active') throw new HttpError(403, 'Your reseller account is not active. Please contact the shop.');
    const account = await findPayoutAccount(tx, resellerId, input.payout_account_id).catch(() => {
      throw invalid('payout_account_id', 'Choose one of your saved bank accounts or mobile-banking numbers.');
    });
    const { available } = await resellerBalance(txCtx, resellerId);
    if (input.amount > available) {
      const { currency_symbol: symbol } = await readSetting(tx, SETTING_GROUPS.general);
      throw invalid(
        'amount',
        available > 0
          ? `You can withdraw at most ${formatMoney(available, symbol)}, your available balance.`
          : 'You have no balance to withdraw yet.',
      );
    }
    const [written] = await tx
      .insert(resellerWithdrawals)
      .values({
        resellerId,
        amount: input.amount,
        status: 'pending',
        payoutAccountId: account.id,
        payoutProvider: account.provider,
        payoutLabel: payoutLabel(account),
        payoutAccountName: account.accountName,
        payoutAccountNumber: account.accountNumber,
        note: input.note,
        requestedAt: now,
      })
      .returning();
    if (!written) throw new Error('the withdrawal was not written');
    await writeEntry(tx, {
      resellerId,
      kind: 'withdrawal',
      amount: input.amount,
      debitAccount: ACCOUNTS.balance,
      creditAccount: ACCOUNTS.pending,
      withdrawalId: written.id,
      note: `Withdraw request ${withdrawalNumber(written.id)} to ${written.payoutLabel}`,
      at: now,
    });
    await recordAudit(txCtx, {
      action: 'withdrawal.request',
      entity: 'reseller_withdrawal',
      entityId: written.id,
      changes: { ...diffChanges(null, audited(written)), available_balance: { before: available, after: available - input.amount } },
    });
    return written;
  });
  const [view] = await withdrawalViews(ctx.db, [row]);
  if (!view) throw new Error('the withdrawal view is missing');
  return view;
}

/** A pending request locked for a decision; a decided one cannot be decided again. */
async function lockPending(tx: Db, id: number): Promise<Row> {
  const [row] = await tx.select().from(resellerWithdrawals).where(eq(resellerWithdrawals.id, id)).for('update');
  if (!row) throw notFound('The withdraw request');
  if (row.status !== 'pending') {
    throw new HttpError(409, `This withdraw request was already ${row.status === 'paid' ? 'paid' : 'rejected'}.`);
  }
  return row;
}

/**
 * The back office pays a request: pending → paid out through `method`, with the transfer's id (audited).
 * The request was covered when it was made, but a returned order may have taken its profit back since:
 * under the reseller's lock (the one every change of their balance takes, before the request's own), what
 * the shop still owes them — the available balance plus every pending request — must cover this amount.
 * When it does not, paying is refused (409) unless the admin overrides it with a reason, kept and audited.
 */
export async function payWithdrawal(ctx: Ctx, id: number, body: WithdrawalPayInput): Promise<WithdrawalView> {
  const input = withdrawalPayInput.parse(body);
  const { now } = ctx;
  const adminId = adminIdOf(ctx);
  const row = await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const [asked] = await tx
      .select({ resellerId: resellerWithdrawals.resellerId })
      .from(resellerWithdrawals)
      .where(eq(resellerWithdrawals.id, id));
    if (!asked) throw notFound('The withdraw request');
    await tx.select({ id: resellers.id }).from(resellers).where(eq(resellers.id, asked.resellerId)).for('update');
    const pending = await lockPending(tx, id);
    const balance = await resellerBalance(txCtx, pending.resellerId);
    const owed = balance.available + balance.pending_withdrawals;
    const covered = owed >= pending.amount;
    if (!covered && !input.override) {
      const { currency_symbol: symbol } = await readSetting(tx, SETTING_GROUPS.general);
      const message =
        `The reseller's balance no longer covers ${withdrawalNumber(id)}: the shop owes them ${formatMoney(owed, symbol)} ` +
        `(available ${formatMoney(balance.available, symbol)}, pending requests ${formatMoney(balance.pending_withdrawals, symbol)}), ` +
        `the request is ${formatMoney(pending.amount, symbol)}. Reject it, or pay it anyway with an override and a reason.`;
      throw new HttpError(409, message, { override: [message] }, { balance, owed });
    }
    const overrideReason = covered ? null : input.reason;
    const [updated] = await tx
      .update(resellerWithdrawals)
      .set({
        status: 'paid',
        paidMethod: input.method,
        transactionId: input.transaction_id,
        note: input.note || pending.note,
        overrideReason,
        decidedBy: adminId,
        decidedAt: now,
      })
      .where(and(eq(resellerWithdrawals.id, id), eq(resellerWithdrawals.status, 'pending')))
      .returning();
    if (!updated) throw new Error('the withdrawal was not updated');
    await writeEntry(tx, {
      resellerId: pending.resellerId,
      kind: 'withdrawal_paid',
      amount: pending.amount,
      debitAccount: ACCOUNTS.pending,
      creditAccount: ACCOUNTS.shopPayout(input.method),
      withdrawalId: id,
      adminId,
      note: `Paid by ${input.method}, transaction ${input.transaction_id}`,
      at: now,
    });
    await recordAudit(txCtx, {
      action: overrideReason === null ? 'withdrawal.pay' : 'withdrawal.pay_override',
      entity: 'reseller_withdrawal',
      entityId: id,
      changes: { ...diffChanges(audited(pending), audited(updated)), owed_to_reseller: { before: owed, after: owed - pending.amount } },
    });
    return updated;
  });
  const [view] = await withdrawalViews(ctx.db, [row]);
  if (!view) throw new Error('the withdrawal view is missing');
  return view;
}

/** The back office rejects a request with a reason: the money goes back to the available balance (audited). */
export async function rejectWithdrawal(ctx: Ctx, id: number, body: unknown): Promise<WithdrawalView> {
  const input = withdrawalRejectInput.parse(body);
  const { now } = ctx;
  const adminId = adminIdOf(ctx);
  const row = await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const pending = await lockPending(tx, id);
    const [updated] = await tx
      .update(resellerWithdrawals)
      .set({ status: 'rejected', rejectReason: input.reason, decidedBy: adminId, decidedAt: now })
      .where(and(eq(resellerWithdrawals.id, id), eq(resellerWithdrawals.status, 'pending')))
      .returning();
    if (!updated) throw new Error('the withdrawal was not updated');
    await writeEntry(tx, {
      resellerId: pending.resellerId,
      kind: 'withdrawal_rejected',
      amount: pending.amount,
      debitAccount: ACCOUNTS.pending,
      creditAccount: ACCOUNTS.balance,
      withdrawalId: id,
      adminId,
      note: `Rejected: ${input.reason}`,
      at: now,
    });
    await recordAudit(txCtx, {
      action: 'withdrawal.reject',
      entity: 'reseller_withdrawal',
      entityId: id,
      changes: diffChanges(audited(pending), audited(updated)),
    });
    return updated;
  });
  const [view] = await withdrawalViews(ctx.db, [row]);
  if (!view) throw new Error('the withdrawal view is missing');
  return view;
}
