import {
  formatMoney,
  idSchema,
  type MerchantWithdrawalView,
  type Paginator,
  WITHDRAWAL_STATUS_LABELS,
  WITHDRAWAL_STATUSES,
  type WithdrawalPayInput,
  type WithdrawRequestInput,
  withdrawalPayInput,
  withdrawalRejectInput,
  withdrawRequestInput,
} from '@haat/contracts';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { adminIdOf, type Ctx, inTransaction } from '../../../context';
import type { Db } from '../../../db/client';
import { HttpError, invalid, notFound } from '../../../http/errors';
import { pageUrl, paginate } from '../../../http/pagination';
import { likeContains } from '../../../http/resource';
import { diffChanges, recordAudit } from '../../audit';
import { payoutLabel, withdrawalNumber } from '../../payouts';
import { readSetting, SETTING_GROUPS } from '../../settings';
import { adminNames } from '../../staff';
import { merchants } from '../merchant.table';
import { ACCOUNTS, lockMerchants, merchantBalance, writeEntry } from './ledger.service';
import { merchantWithdrawals } from './money.table';
import { findPayoutAccount } from './payout-account.service';

type Row = typeof merchantWithdrawals.$inferSelect;

function audited(row: Row | null): Record<string, unknown> | null {
  if (!row) return null;
  return {
    merchant_id: row.merchantId,
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

/** Rows → views, with the merchants' and the deciding admins' names read in one query each. */
export async function withdrawalViews(db: Db, rows: Row[]): Promise<MerchantWithdrawalView[]> {
  const merchantIds = [...new Set(rows.map((row) => row.merchantId))];
  const adminIds = [...new Set(rows.map((row) => row.decidedBy).filter((id): id is number => id !== null))];
  const people = merchantIds.length
    ? await db
        .select({ id: merchants.id, name: merchants.name, phone: merchants.phone, companyName: merchants.companyName })
        .from(merchants)
        .where(inArray(merchants.id, merchantIds))
    : [];
  const staff = await adminNames(db, adminIds);
  return rows.map((row) => {
    const person = people.find((each) => each.id === row.merchantId);
    return {
      id: row.id,
      number: withdrawalNumber(row.id),
      merchant_id: row.merchantId,
      merchant_name: person?.name ?? '',
      merchant_phone: person?.phone ?? '',
      company_name: person?.companyName ?? '',
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

async function viewOf(db: Db, row: Row): Promise<MerchantWithdrawalView> {
  const [view] = await withdrawalViews(db, [row]);
  if (!view) throw new Error('the withdrawal view is missing');
  return view;
}

/**
 * A merchant asks to be paid, in one transaction: the merchant's row is locked FOR UPDATE first (the
 * lock every change of their balance takes), so requests at once are decided one after the other,
 * each against the balance the others left; the amount may not exceed the available balance; the
 * request, its journal row (balance → pending) and its audit row are written together.
 */
export async function requestWithdrawal(ctx: Ctx, merchantId: number, body: WithdrawRequestInput): Promise<MerchantWithdrawalView> {
  const input = withdrawRequestInput.parse(body);
  const { now } = ctx;
  const row = await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const [merchant] = await tx.select({ status: merchants.status }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
    if (!merchant) throw notFound('The merchant');
    if (merchant.status !== 'active') throw new HttpError(403, 'Your merchant account is suspended. Please contact the shop.');
    const account = await findPayoutAccount(tx, merchantId, input.payout_account_id).catch(() => {
      throw invalid('payout_account_id', 'Choose one of your saved bank accounts or mobile-banking numbers.');
    });
    const { available } = await merchantBalance(tx, merchantId);
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
      .insert(merchantWithdrawals)
      .values({
        merchantId,
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
      merchantId,
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
      entity: 'merchant_withdrawal',
      entityId: written.id,
      changes: { ...diffChanges(null, audited(written)), available_balance: { before: available, after: available - input.amount } },
    });
    return written;
  });
  return viewOf(ctx.db, row);
}

/** A pending request locked for a decision; a decided one cannot be decided again (409). */
async function lockPending(tx: Db, id: number): Promise<Row> {
  const [asked] = await tx
    .select({ merchantId: merchantWithdrawals.merchantId })
    .from(merchantWithdrawals)
    .where(eq(merchantWithdrawals.id, id));
  if (!asked) throw notFound('The withdraw request');
  // The merchant's row first, as every change of their balance; then the request's own.
  await lockMerchants(tx, [asked.merchantId]);
  const [row] = await tx.select().from(merchantWithdrawals).where(eq(merchantWithdrawals.id, id)).for('update');
  if (!row) throw notFound('The withdraw request');
  if (row.status !== 'pending')
    throw new HttpError(409, `This withdraw request was already ${row.status === 'paid' ? 'paid' : 'rejected'}.`);
  return row;
}

/**
 * The back office pays a request with the method and the transfer's id. Under the merchant's lock
 * the balance is checked again: a return since the request may have taken earnings back, so what
 * the shop still owes (available + every pending request) must cover it; otherwise 409, unless the
 * admin overrides with a reason (kept and audited).
 */
export async function payWithdrawal(ctx: Ctx, id: number, body: WithdrawalPayInput): Promise<MerchantWithdrawalView> {
  const input = withdrawalPayInput.parse(body);
  const { now } = ctx;
  const adminId = adminIdOf(ctx);
  const row = await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const pending = await lockPending(tx, id);
    const balance = await merchantBalance(tx, pending.merchantId);
    const owed = balance.available + balance.pending_withdrawals;
    const covered = owed >= pending.amount;
    if (!covered && !input.override) {
      const { currency_symbol: symbol } = await readSetting(tx, SETTING_GROUPS.general);
      const message =
        `The merchant's balance no longer covers ${withdrawalNumber(id)}: the shop owes them ${formatMoney(owed, symbol)} ` +
        `(available ${formatMoney(balance.available, symbol)}, pending requests ${formatMoney(balance.pending_withdrawals, symbol)}), ` +
        `the request is ${formatMoney(pending.amount, symbol)}. Reject it, or pay it anyway with an override and a reason.`;
      throw new HttpError(409, message, { override: [message] }, { balance, owed });
    }
    const overrideReason = covered ? null : input.reason;
    const [updated] = await tx
      .update(merchantWithdrawals)
      .set({
        status: 'paid',
        paidMethod: input.method,
        transactionId: input.transaction_id,
        note: input.note || pending.note,
        overrideReason,
        decidedBy: adminId,
        decidedAt: now,
      })
      .where(and(eq(merchantWithdrawals.id, id), eq(merchantWithdrawals.status, 'pending')))
      .returning();
    if (!updated) throw new Error('the withdrawal was not updated');
    await writeEntry(tx, {
      merchantId: pending.merchantId,
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
      entity: 'merchant_withdrawal',
      entityId: id,
      changes: { ...diffChanges(audited(pending), audited(updated)), owed_to_merchant: { before: owed, after: owed - pending.amount } },
    });
    return updated;
  });
  return viewOf(ctx.db, row);
}

/** The back office rejects a request with a reason: the amount goes back to the available balance (audited). */
export async function rejectWithdrawal(ctx: Ctx, id: number, body: unknown): Promise<MerchantWithdrawalView> {
  const input = withdrawalRejectInput.parse(body);
  const { now } = ctx;
  const adminId = adminIdOf(ctx);
  const row = await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const pending = await lockPending(tx, id);
    const [updated] = await tx
      .update(merchantWithdrawals)
      .set({ status: 'rejected', rejectReason: input.reason, decidedBy: adminId, decidedAt: now })
      .where(and(eq(merchantWithdrawals.id, id), eq(merchantWithdrawals.status, 'pending')))
      .returning();
    if (!updated) throw new Error('the withdrawal was not updated');
    await writeEntry(tx, {
      merchantId: pending.merchantId,
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
      entity: 'merchant_withdrawal',
      entityId: id,
      changes: diffChanges(audited(pending), audited(updated)),
    });
    return updated;
  });
  return viewOf(ctx.db, row);
}

const withdrawalQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(WITHDRAWAL_STATUSES, { error: `Choose one of: ${WITHDRAWAL_STATUSES.join(', ')}` }).optional(),
  merchant_id: idSchema.optional(),
  /** A merchant's name, phone or company, a request number (WD-000012) or a transaction id. */
  q: z
    .string()
    .trim()
    .max(100)
    .refine((text) => !text.includes('\u0000'), 'Remove the NUL character from the search.')
    .default(''),
});

/** A page of withdraw requests, newest first (decided ones by decision); `merchantId` keeps a merchant to their own. */
export async function withdrawalPage(
  { db }: Ctx,
  path: string,
  query: Record<string, unknown>,
  merchantId?: number,
): Promise<Paginator<MerchantWithdrawalView>> {
  const { 'filter[status]': filtered, ...rest } = query;
  const parsed = withdrawalQuery.parse(filtered ? { ...rest, status: filtered } : rest);
  const owner = merchantId ?? parsed.merchant_id;
  const conditions: SQL[] = [];
  if (owner) conditions.push(eq(merchantWithdrawals.merchantId, owner));
  if (parsed.status) conditions.push(eq(merchantWithdrawals.status, parsed.status));
  if (parsed.q) {
    const pattern = likeContains(parsed.q);
    const number = /^wd-?0*(\d{1,9})$/i.exec(parsed.q);
    const matching = or(
      inArray(
        merchantWithdrawals.merchantId,
        db
          .select({ id: merchants.id })
          .from(merchants)
          .where(or(ilike(merchants.name, pattern), ilike(merchants.phone, pattern), ilike(merchants.companyName, pattern))),
      ),
      ilike(merchantWithdrawals.transactionId, pattern),
      number ? eq(merchantWithdrawals.id, Number(number[1])) : undefined,
    );
    if (matching) conditions.push(matching);
  }
  const where = and(...conditions);
  const order =
    parsed.status && parsed.status !== 'pending'
      ? [desc(merchantWithdrawals.decidedAt), desc(merchantWithdrawals.id)]
      : [desc(merchantWithdrawals.id)];
  const rows = await db
    .select()
    .from(merchantWithdrawals)
    .where(where)
    .orderBy(...order)
    .limit(parsed.per_page)
    .offset((parsed.page - 1) * parsed.per_page);
  const [total] = await db.select({ n: count() }).from(merchantWithdrawals).where(where);
  return paginate(await withdrawalViews(db, rows), total?.n ?? 0, { page: parsed.page, perPage: parsed.per_page }, (each) =>
    pageUrl(path, query, each),
  ).plain;
}

/** One request; with `merchantId`, only that merchant's (another's id is "not found"). */
export async function findWithdrawal({ db }: Ctx, id: number, merchantId?: number): Promise<MerchantWithdrawalView> {
  const [row] = await db
    .select()
    .from(merchantWithdrawals)
    .where(and(eq(merchantWithdrawals.id, id), merchantId ? eq(merchantWithdrawals.merchantId, merchantId) : undefined));
  if (!row) throw notFound('The withdraw request');
  return viewOf(db, row);
}
