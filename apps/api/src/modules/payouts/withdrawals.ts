import {
  formatMoney,
  WITHDRAWAL_STATUS_LABELS,
  type WithdrawalPayInput,
  type WithdrawalStatus,
  type WithdrawRequestInput,
  withdrawalPayInput,
  withdrawalRejectInput,
  withdrawRequestInput,
} from '@haat/contracts';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { HttpError, invalid, notFound } from '../../http/errors';
import { diffChanges, recordAudit } from '../audit';
import { readSetting, SETTING_GROUPS } from '../settings';
import { adminNames } from '../staff';
import { withdrawalNumber } from './journal';
import { type PayeeLedger, writeLedgerEntry } from './ledger';
import { type PayoutAccountRow, payoutLabel } from './payout-account';

/** The columns every payee's withdraw request has (besides the payee's own id). */
export interface WithdrawalRow {
  id: number;
  amount: number;
  status: WithdrawalStatus;
  payoutAccountId: number | null;
  payoutProvider: string;
  payoutLabel: string;
  payoutAccountName: string;
  payoutAccountNumber: string;
  note: string;
  paidMethod: string | null;
  transactionId: string | null;
  rejectReason: string | null;
  overrideReason: string | null;
  decidedBy: number | null;
  requestedAt: Date;
  decidedAt: Date | null;
}

/**
 * Who is paid: a reseller (decision 014) or a merchant (decision 037). Each keeps its own tables,
 * journal (each with the kinds `withdrawal`, `withdrawal_paid`, `withdrawal_rejected`) and lock (its own row, FOR UPDATE); the rules of a withdraw request are the same for both
 * and live once, in `withdrawals(owner)`.
 */
export interface WithdrawalOwner<Row extends WithdrawalRow, View> {
  /** 'reseller' | 'merchant': the word in messages ("The merchant's balance …") and audit keys (merchant_id). */
  word: 'reseller' | 'merchant';
  /** The audit log's entity, e.g. 'merchant_withdrawal'. */
  entity: string;
  /** The requests' table, its id, status and payee columns, and the payee's id column's property name. */
  table: PgTable & { id: PgColumn; status: PgColumn };
  ownerColumn: PgColumn;
  ownerKey: string;
  /** 403 when the payee is not active. */
  inactiveMessage: string;
  /** The payee's row locked FOR UPDATE (the lock every change of their balance takes); its status. */
  lockOwner(tx: Db, ownerId: number): Promise<{ status: string } | undefined>;
  findPayoutAccount(tx: Db, ownerId: number, id: number): Promise<PayoutAccountRow>;
  balance(txCtx: Ctx, ownerId: number): Promise<{ available: number; pending_withdrawals: number }>;
  accounts: { balance: string; pending: string; shopPayout: (method: string) => string };
  /** The payee's journal, where a request, its payment and its rejection are written. */
  ledger: PayeeLedger;
  views(db: Db, rows: Row[]): Promise<View[]>;
}

/** Request, pay and reject a payee's withdrawals: one mechanism, parameterised by who is paid. */
export function withdrawals<Row extends WithdrawalRow, View>(owner: WithdrawalOwner<Row, View>) {
  const { table, word, accounts } = owner;
  const ownerOf = (row: Row) => (row as unknown as Record<string, number>)[owner.ownerKey] as number;

  function audited(row: Row | null): Record<string, unknown> | null {
    if (!row) return null;
    return {
      [`${word}_id`]: ownerOf(row),
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

  async function viewOf(db: Db, row: Row): Promise<View> {
    const [view] = await owner.views(db, [row]);
    if (!view) throw new Error('the withdrawal view is missing');
    return view;
  }

  /** A pending request locked for a decision, the payee's row first; a decided one cannot be decided again (409). */
  async function lockPending(tx: Db, id: number): Promise<Row> {
    const [asked] = await tx.select({ ownerId: owner.ownerColumn }).from(table).where(eq(table.id, id));
    if (!asked) throw notFound('The withdraw request');
    await owner.lockOwner(tx, asked.ownerId as number);
    const [row] = (await tx.select().from(table).where(eq(table.id, id)).for('update')) as unknown as Row[];
    if (!row) throw notFound('The withdraw request');
    if (row.status !== 'pending')
      throw new HttpError(409, `This withdraw request was already ${row.status === 'paid' ? 'paid' : 'rejected'}.`);
    return row;
  }

  async function decide(tx: Db, id: number, values: Partial<WithdrawalRow>): Promise<Row> {
    const [updated] = (await tx
      .update(table)
      .set(values as never)
      .where(and(eq(table.id, id), eq(table.status, 'pending')))
      .returning()) as unknown as Row[];
    if (!updated) throw new Error('the withdrawal was not updated');
    return updated;
  }

  return {
    /**
     * The payee asks to be paid, in one transaction: their row is locked FOR UPDATE first, so
     * requests at once are decided one after the other, each against the balance the others left;
     * the amount may not exceed the available balance; the request, its journal row (balance →
     * pending) and its audit row (by the ctx's actor) are written together.
     */
    async request(ctx: Ctx, ownerId: number, body: WithdrawRequestInput): Promise<View> {
      const input = withdrawRequestInput.parse(body);
      const { now } = ctx;
      const row = await inTransaction(ctx, async (txCtx) => {
        const tx = txCtx.db;
        const payee = await owner.lockOwner(tx, ownerId);
        if (!payee) throw notFound(`The ${word}`);
        if (payee.status !== 'active') throw new HttpError(403, owner.inactiveMessage);
        const account = await owner.findPayoutAccount(tx, ownerId, input.payout_account_id).catch(() => {
          throw invalid('payout_account_id', 'Choose one of your saved bank accounts or mobile-banking numbers.');
        });
        const { available } = await owner.balance(txCtx, ownerId);
        if (input.amount > available) {
          const { currency_symbol: symbol } = await readSetting(tx, SETTING_GROUPS.general);
          throw invalid(
            'amount',
            available > 0
              ? `You can withdraw at most ${formatMoney(available, symbol)}, your available balance.`
              : 'You have no balance to withdraw yet.',
          );
        }
        const [written] = (await tx
          .insert(table)
          .values({
            [owner.ownerKey]: ownerId,
            amount: input.amount,
            status: 'pending',
            payoutAccountId: account.id,
            payoutProvider: account.provider,
            payoutLabel: payoutLabel(account),
            payoutAccountName: account.accountName,
            payoutAccountNumber: account.accountNumber,
            note: input.note,
            requestedAt: now,
          } as never)
          .returning()) as unknown as Row[];
        if (!written) throw new Error('the withdrawal was not written');
        await writeLedgerEntry(txCtx, owner.ledger, ownerId, {
          kind: 'withdrawal',
          amount: input.amount,
          debitAccount: accounts.balance,
          creditAccount: accounts.pending,
          withdrawalId: written.id,
          note: `Withdraw request ${withdrawalNumber(written.id)} to ${written.payoutLabel}`,
          at: now,
        });
        await recordAudit(txCtx, {
          action: 'withdrawal.request',
          entity: owner.entity,
          entityId: written.id,
          changes: { ...diffChanges(null, audited(written)), available_balance: { before: available, after: available - input.amount } },
        });
        return written;
      });
      return viewOf(ctx.db, row);
    },

    /**
     * The back office pays a request: pending → paid out through `method`, with the transfer's id
     * (audited). A return since the request may have taken earnings back, so under the payee's lock
     * what the shop still owes them — the available balance plus every pending request — must cover
     * it; otherwise 409, unless the admin overrides with a reason (kept and audited).
     */
    async pay(ctx: Ctx, id: number, body: WithdrawalPayInput): Promise<View> {
      const input = withdrawalPayInput.parse(body);
      const { now } = ctx;
      const adminId = adminIdOf(ctx);
      const row = await inTransaction(ctx, async (txCtx) => {
        const tx = txCtx.db;
        const pending = await lockPending(tx, id);
        const balance = await owner.balance(txCtx, ownerOf(pending));
        const owed = balance.available + balance.pending_withdrawals;
        const covered = owed >= pending.amount;
        if (!covered && !input.override) {
          const { currency_symbol: symbol } = await readSetting(tx, SETTING_GROUPS.general);
          const message =
            `The ${word}'s balance no longer covers ${withdrawalNumber(id)}: the shop owes them ${formatMoney(owed, symbol)} ` +
            `(available ${formatMoney(balance.available, symbol)}, pending requests ${formatMoney(balance.pending_withdrawals, symbol)}), ` +
            `the request is ${formatMoney(pending.amount, symbol)}. Reject it, or pay it anyway with an override and a reason.`;
          throw new HttpError(409, message, { override: [message] }, { balance, owed });
        }
        const overrideReason = covered ? null : input.reason;
        const updated = await decide(tx, id, {
          status: 'paid',
          paidMethod: input.method,
          transactionId: input.transaction_id,
          note: input.note || pending.note,
          overrideReason,
          decidedBy: adminId,
          decidedAt: now,
        });
        await writeLedgerEntry(txCtx, owner.ledger, ownerOf(pending), {
          kind: 'withdrawal_paid',
          amount: pending.amount,
          debitAccount: accounts.pending,
          creditAccount: accounts.shopPayout(input.method),
          withdrawalId: id,
          adminId,
          note: `Paid by ${input.method}, transaction ${input.transaction_id}`,
          at: now,
        });
        await recordAudit(txCtx, {
          action: overrideReason === null ? 'withdrawal.pay' : 'withdrawal.pay_override',
          entity: owner.entity,
          entityId: id,
          changes: {
            ...diffChanges(audited(pending), audited(updated)),
            [`owed_to_${word}`]: { before: owed, after: owed - pending.amount },
          },
        });
        return updated;
      });
      return viewOf(ctx.db, row);
    },

    /** The back office rejects a request with a reason: the amount goes back to the available balance (audited). */
    async reject(ctx: Ctx, id: number, body: unknown): Promise<View> {
      const input = withdrawalRejectInput.parse(body);
      const { now } = ctx;
      const adminId = adminIdOf(ctx);
      const row = await inTransaction(ctx, async (txCtx) => {
        const tx = txCtx.db;
        const pending = await lockPending(tx, id);
        const updated = await decide(tx, id, { status: 'rejected', rejectReason: input.reason, decidedBy: adminId, decidedAt: now });
        await writeLedgerEntry(txCtx, owner.ledger, ownerOf(pending), {
          kind: 'withdrawal_rejected',
          amount: pending.amount,
          debitAccount: accounts.pending,
          creditAccount: accounts.balance,
          withdrawalId: id,
          adminId,
          note: `Rejected: ${input.reason}`,
          at: now,
        });
        await recordAudit(txCtx, {
          action: 'withdrawal.reject',
          entity: owner.entity,
          entityId: id,
          changes: diffChanges(audited(pending), audited(updated)),
        });
        return updated;
      });
      return viewOf(ctx.db, row);
    },
  };
}

/**
 * Rows → views: what every payee's request shows, with the deciding admins' names read in one query;
 * `payee(row)` adds who asked (id, name, phone, shop or company), placed after the request's number.
 */
export async function withdrawalRowViews<Row extends WithdrawalRow, Payee extends object>(db: Db, rows: Row[], payee: (row: Row) => Payee) {
  const staff = await adminNames(
    db,
    rows.map((row) => row.decidedBy),
  );
  return rows.map((row) => ({
    id: row.id,
    number: withdrawalNumber(row.id),
    ...payee(row),
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
  }));
}
