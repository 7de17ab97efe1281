import {
  BILL_RECURRENCE_MONTHS,
  type BillDetail,
  type BillPaymentView,
  type BillPeriodView,
  type BillRecurrence,
  type BillView,
  billDescriptor,
  billPaymentInput,
  billPeriodInput,
  formatMoney,
  reversalInput,
} from '@haat/contracts';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { HttpError, invalid, notFound } from '../../http/errors';
import { createResource, likeContains } from '../../http/resource';
import {
  accountIdFor,
  accountNames,
  activeBalance,
  activeExpensePurpose,
  type EntryInput,
  postEntry,
  replaceEntry,
  reversalOf,
  reversalRecord,
  reverseEntry,
  shopDay,
} from '../accounts';
import { diffChanges, recordAudit } from '../audit';
import { billPayments, billPeriods, bills } from './bill.table';

type Row = Record<string, unknown>;
type Period = typeof billPeriods.$inferSelect;
type Payment = typeof billPayments.$inferSelect;
type Bill = typeof bills.$inferSelect;

/** `2026-10` plus whole months. */
export function addPeriodMonths(period: string, months: number): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A period's due date: its due day, or the month's last day when the month is shorter. */
export function periodDueDate(period: string, dueDay: number): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${period}-${String(Math.min(dueDay, last)).padStart(2, '0')}`;
}

/** The period to record next: the start's month first, then one recurrence after the latest; null once a one-off is recorded. */
function nextPeriodOf(bill: { startDate: string; recurrence: BillRecurrence }, latest: string | null): string | null {
  if (!latest) return bill.startDate.slice(0, 7);
  const step = BILL_RECURRENCE_MONTHS[bill.recurrence];
  return step === 0 ? null : addPeriodMonths(latest, step);
}

interface Facts {
  next_due_date: string | null;
  due: number;
  overdue: boolean;
  last_period: string | null;
  next_period: string | null;
}

/** What a bill's statement says from its periods: what is due, the next due date, whether it is overdue. */
function factsOf(row: Row, all: Period[], today: string): Facts {
  // A reversed month's bill is as if never recorded: nothing due, and its month is to record again.
  const periods = all.filter((each) => !each.reversedAt);
  const bill = { startDate: String(row.startDate), recurrence: row.recurrence as BillRecurrence };
  const open = periods.filter((each) => each.paid < each.amount).sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  const latest = periods.reduce<string | null>((top, each) => (top === null || each.period > top ? each.period : top), null);
  const next = Number(row.status) === 1 ? nextPeriodOf(bill, latest) : null;
  const nextDue = next ? periodDueDate(next, Number(row.dueDay)) : null;
  const firstOpen = open[0];
  const nextDueDate = firstOpen?.dueDate ?? nextDue;
  return {
    next_due_date: nextDueDate,
    due: open.reduce((sum, each) => sum + each.amount - each.paid, 0),
    // A recorded bill unpaid after its due date, or the next one not even recorded after its due date.
    overdue: open.some((each) => each.dueDate < today) || (nextDue !== null && nextDue < today),
    last_period: latest,
    next_period: next,
  };
}

async function billViews(ctx: Ctx, rows: Row[]): Promise<BillView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => Number(row.id));
  const [periods, names, today] = await Promise.all([
    ctx.db.select().from(billPeriods).where(inArray(billPeriods.billId, ids)),
    accountNames(
      ctx.db,
      rows.map((row) => Number(row.purposeAccountId)),
    ),
    shopDay(ctx),
  ]);
  return rows.map((row) => {
    const facts = factsOf(
      row,
      periods.filter((each) => each.billId === Number(row.id)),
      today,
    );
    return {
      id: Number(row.id),
      name: String(row.name),
      payee: String(row.payee),
      purpose_id: Number(row.purposeAccountId),
      purpose_name: names.get(Number(row.purposeAccountId)) ?? '',
      usual_amount: Number(row.usualAmount),
      recurrence: row.recurrence as BillRecurrence,
      due_day: Number(row.dueDay),
      start_date: String(row.startDate),
      note: String(row.note),
      status: Number(row.status),
      next_due_date: facts.next_due_date,
      due: facts.due,
      overdue: facts.overdue,
      last_period: facts.last_period,
      created_at: (row.createdAt as Date).toISOString(),
      updated_at: (row.updatedAt as Date).toISOString(),
    };
  });
}

/** `/admin/bill/statement` (+ `/add`, `/edit/{id}`): the bills, each with its next due date, overdue flag and what is due. */
export const billResource = createResource(billDescriptor, {
  table: bills,
  id: bills.id,
  searchWhere: (q: string) => {
    const pattern = likeContains(q);
    return sql`(${bills.name} ilike ${pattern} or ${bills.payee} ilike ${pattern} or ${bills.note} ilike ${pattern})`;
  },
  sort: { id: bills.id, name: bills.name, usual_amount: bills.usualAmount, created_at: bills.createdAt },
  filters: {
    status: { column: bills.status },
    recurrence: { column: bills.recurrence },
    purpose_id: { column: bills.purposeAccountId },
  },
  usedBy: [{ label: 'recorded bills', table: billPeriods, column: billPeriods.billId }],
  statusColumn: bills.status,
  audit: { entity: 'bill' },
  async toValues(ctx, input) {
    const purposeId = input.purpose_id ?? (await accountIdFor(ctx.db, 'rent_bills'));
    if (!(await activeExpensePurpose(ctx.db, purposeId))) throw invalid('purpose_id', 'Choose an active expense purpose.');
    return {
      name: input.name,
      payee: input.payee,
      purposeAccountId: purposeId,
      usualAmount: input.usual_amount,
      recurrence: input.recurrence,
      dueDay: input.due_day,
      startDate: input.start_date,
      note: input.note,
      status: input.status,
    };
  },
  toViews: billViews,
});

/** A period's entry: an expense of the bill's purpose, due; booked on its due date, or today for a bill recorded before it falls due. */
function periodEntry(bill: Pick<Bill, 'name' | 'payee' | 'purposeAccountId'>, period: Period, today: string): EntryInput {
  return {
    date: period.dueDate < today ? period.dueDate : today,
    source: 'bill.recorded',
    sourceType: 'bill_period',
    sourceId: period.id,
    memo: `${bill.name} ${period.period}${bill.payee ? ` (${bill.payee})` : ''}: ${formatMoney(period.amount)} due`,
    lines: [
      { account: bill.purposeAccountId, debit: period.amount },
      { account: 'bills_payable', credit: period.amount },
    ],
  };
}

/** A payment's entry: what was due is settled out of the balance (422 on `balance_id` when it holds too little). */
function paymentEntry(bill: Pick<Bill, 'name' | 'payee'> | undefined, period: Period, payment: Payment): EntryInput {
  return {
    date: payment.date,
    source: 'bill.paid',
    sourceType: 'bill_payment',
    sourceId: payment.id,
    memo: `${bill?.name ?? 'Bill'} ${period.period} paid${bill?.payee ? ` to ${bill.payee}` : ''}: ${formatMoney(payment.amount)}`,
    lines: [
      { account: 'bills_payable', debit: payment.amount },
      { account: payment.balanceAccountId, credit: payment.amount, field: 'balance_id' },
    ],
  };
}

/**
 * Records one period's bill as it came (an electricity bill varies): an expense of the bill's purpose,
 * due until paid. One per period (422 on `period`), decided under the bill's row lock.
 */
export async function recordBillPeriod(ctx: Ctx, billId: number, body: unknown): Promise<BillPeriodView> {
  const input = billPeriodInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const [bill] = await tx.db.select().from(bills).where(eq(bills.id, billId)).for('update');
    if (!bill) throw notFound('The bill');
    const [taken] = await tx.db
      .select({ id: billPeriods.id })
      .from(billPeriods)
      .where(and(eq(billPeriods.billId, billId), eq(billPeriods.period, input.period), isNull(billPeriods.reversedAt)));
    if (taken) throw invalid('period', 'This month’s bill is already recorded.');
    const [made] = await tx.db
      .insert(billPeriods)
      .values({
        billId,
        period: input.period,
        amount: input.amount,
        dueDate: input.due_date,
        note: input.note,
        adminId: adminIdOf(tx),
        actorName: tx.actor.name,
      })
      .returning();
    const id = Number(made?.id);
    const today = await shopDay(tx);
    const entry = await postEntry(tx, periodEntry(bill, made as Period, today));
    const [saved] = await tx.db
      .update(billPeriods)
      .set({ entryId: entry.id, bookedOn: entry.date })
      .where(eq(billPeriods.id, id))
      .returning();
    await recordAudit(tx, {
      action: 'create',
      entity: 'bill.period',
      entityId: id,
      changes: diffChanges(null, {
        bill: bill.name,
        period: input.period,
        amount: input.amount,
        due_date: input.due_date,
        entry_id: entry.id,
      }),
    });
    return periodView(saved as Period, [], today);
  });
}

function periodView(period: Period, payments: BillPaymentView[], today: string): BillPeriodView {
  return {
    id: period.id,
    period: period.period,
    amount: period.amount,
    due_date: period.dueDate,
    paid: period.paid,
    due: period.amount - period.paid,
    overdue: period.paid < period.amount && period.dueDate < today,
    note: period.note,
    entry_id: Number(period.entryId),
    payments,
    ...reversalOf(period),
  };
}

function paymentView(each: Payment, balanceName: string): BillPaymentView {
  return {
    id: each.id,
    period_id: each.periodId,
    date: each.date,
    balance_id: each.balanceAccountId,
    balance_name: balanceName,
    amount: each.amount,
    reference: each.reference,
    entry_id: Number(each.entryId),
    admin_name: each.actorName,
    ...reversalOf(each),
  };
}

/**
 * Pays a period's bill, part or whole, out of a balance. What is still due is read under the period's
 * row lock, so payments at once never pay more than the bill (422 on `amount`); a balance that holds too
 * little is a 422 on `balance_id`.
 */
export async function payBillPeriod(ctx: Ctx, periodId: number, body: unknown): Promise<BillPaymentView> {
  const input = billPaymentInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const [period] = await tx.db.select().from(billPeriods).where(eq(billPeriods.id, periodId)).for('update');
    if (!period) throw notFound('The bill');
    if (period.reversedAt) throw new HttpError(409, 'This month’s bill was reversed; it cannot be paid.');
    const open = period.amount - period.paid;
    if (open === 0) throw new HttpError(422, 'This bill is already paid.', { amount: ['This bill is already paid.'] });
    if (input.amount > open) throw invalid('amount', `That is more than is due: ${formatMoney(open)}.`);
    const balance = await activeBalance(tx.db, input.balance_id);
    if (!balance) throw invalid('balance_id', 'Choose an active balance to pay from.');
    const [bill] = await tx.db.select({ name: bills.name, payee: bills.payee }).from(bills).where(eq(bills.id, period.billId));
    await tx.db
      .update(billPeriods)
      .set({ paid: period.paid + input.amount })
      .where(eq(billPeriods.id, periodId));
    const [made] = await tx.db
      .insert(billPayments)
      .values({
        billId: period.billId,
        periodId,
        date: input.date,
        balanceAccountId: balance.id,
        amount: input.amount,
        reference: input.reference,
        adminId: adminIdOf(tx),
        actorName: tx.actor.name,
      })
      .returning();
    const entry = await postEntry(tx, paymentEntry(bill, period, made as Payment));
    const id = Number(made?.id);
    await tx.db.update(billPayments).set({ entryId: entry.id }).where(eq(billPayments.id, id));
    await recordAudit(tx, {
      action: 'create',
      entity: 'bill.payment',
      entityId: id,
      changes: diffChanges(null, {
        bill: bill?.name,
        period: period.period,
        amount: input.amount,
        date: input.date,
        balance: balance.name,
        reference: input.reference,
        entry_id: entry.id,
      }),
    });
    return paymentView({ ...(made as Payment), entryId: entry.id }, balance.name);
  });
}

/** The period under its bill's and its own row lock (the order a new period takes them): its corrections are decided one at a time. */
async function lockPeriod(tx: Ctx, id: number): Promise<{ bill: Bill; period: Period }> {
  const [found] = await tx.db.select({ billId: billPeriods.billId }).from(billPeriods).where(eq(billPeriods.id, id));
  if (!found) throw notFound('The bill');
  const [bill] = await tx.db.select().from(bills).where(eq(bills.id, found.billId)).for('update');
  const [period] = await tx.db.select().from(billPeriods).where(eq(billPeriods.id, id)).for('update');
  return { bill: bill as Bill, period: period as Period };
}

async function periodWithPayments(tx: Ctx, id: number): Promise<BillPeriodView> {
  const [period] = await tx.db.select().from(billPeriods).where(eq(billPeriods.id, id));
  const payments = await tx.db
    .select()
    .from(billPayments)
    .where(eq(billPayments.periodId, id))
    .orderBy(asc(billPayments.date), asc(billPayments.id));
  const names = await accountNames(
    tx.db,
    payments.map((each) => each.balanceAccountId),
  );
  return periodView(
    period as Period,
    payments.map((each) => paymentView(each, names.get(each.balanceAccountId) ?? '')),
    await shopDay(tx),
  );
}

const auditedPeriod = (period: Period) => ({ period: period.period, amount: period.amount, due_date: period.dueDate, note: period.note });

/**
 * Corrects a month's bill (`PUT /api/admin/bill-periods/{id}`): its month, amount, due date, note. A new
 * month, amount or due date reverses its entry (on the day it was booked) and books the right one. The
 * amount may not fall below what is already paid (422 on `amount`), nor the month take one already
 * recorded (422 on `period`); decided under the bill's and the period's locks. A reversed one is not corrected (409).
 */
export async function editBillPeriod(ctx: Ctx, id: number, body: unknown): Promise<BillPeriodView> {
  const input = billPeriodInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const { bill, period } = await lockPeriod(tx, id);
    if (period.reversedAt) throw new HttpError(409, 'This month’s bill was reversed; it cannot be changed.');
    if (input.amount < period.paid) {
      throw invalid('amount', `${formatMoney(period.paid)} is already paid on it: the amount cannot be less.`);
    }
    if (input.period !== period.period) {
      const [taken] = await tx.db
        .select({ id: billPeriods.id })
        .from(billPeriods)
        .where(
          and(
            eq(billPeriods.billId, bill.id),
            eq(billPeriods.period, input.period),
            isNull(billPeriods.reversedAt),
            ne(billPeriods.id, id),
          ),
        );
      if (taken) throw invalid('period', 'This month’s bill is already recorded.');
    }
    const [saved] = await tx.db
      .update(billPeriods)
      .set({ period: input.period, amount: input.amount, dueDate: input.due_date, note: input.note })
      .where(eq(billPeriods.id, id))
      .returning();
    const after = saved as Period;
    if (after.period !== period.period || after.amount !== period.amount || after.dueDate !== period.dueDate) {
      // No balance moves: the order of the two entries does not matter.
      await reverseEntry(tx, Number(period.entryId), 'bill corrected', { date: period.bookedOn ?? undefined });
      const entry = await postEntry(tx, periodEntry(bill, after, await shopDay(tx)));
      await tx.db.update(billPeriods).set({ entryId: entry.id, bookedOn: entry.date }).where(eq(billPeriods.id, id));
    }
    const changes = diffChanges(auditedPeriod(period), auditedPeriod(after));
    if (Object.keys(changes).length) await recordAudit(tx, { action: 'update', entity: 'bill.period', entityId: id, changes });
    return periodWithPayments(tx, id);
  });
}

/**
 * Reverses a month's bill recorded by mistake (`POST /api/admin/bill-periods/{id}/reverse`, a reason):
 * its expense entry is reversed, nothing is due on it, and its month may be recorded again. Once only
 * (409), and only with no standing payments (409: reverse them first); decided under the locks.
 */
export async function reverseBillPeriod(ctx: Ctx, id: number, body: unknown): Promise<BillPeriodView> {
  const { reason } = reversalInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const { period } = await lockPeriod(tx, id);
    if (period.reversedAt) throw new HttpError(409, 'This month’s bill is already reversed.');
    if (period.paid > 0) throw new HttpError(409, 'This month’s bill has payments: reverse them first.');
    const reversal = await reverseEntry(tx, Number(period.entryId), reason, { date: period.bookedOn ?? undefined });
    await tx.db
      .update(billPeriods)
      .set(reversalRecord(tx, reason, reversal.id).columns)
      .where(eq(billPeriods.id, id));
    await recordAudit(tx, {
      action: 'reverse',
      entity: 'bill.period',
      entityId: id,
      changes: {
        period: { before: period.period, after: period.period },
        amount: { before: period.amount, after: period.amount },
        ...reversalRecord(tx, reason, reversal.id).changes,
      },
    });
    return periodWithPayments(tx, id);
  });
}

/** A payment with its month's bill locked (the order a new payment takes them), and the payment itself. */
async function lockPayment(tx: Ctx, id: number) {
  const [found] = await tx.db.select({ periodId: billPayments.periodId }).from(billPayments).where(eq(billPayments.id, id));
  if (!found) throw notFound('The payment');
  const [period] = await tx.db.select().from(billPeriods).where(eq(billPeriods.id, found.periodId)).for('update');
  const [payment] = await tx.db.select().from(billPayments).where(eq(billPayments.id, id)).for('update');
  return { period: period as Period, payment: payment as Payment };
}

const auditedPayment = (payment: Payment) => ({
  date: payment.date,
  balance_id: payment.balanceAccountId,
  amount: payment.amount,
  reference: payment.reference,
});

/**
 * Corrects a bill payment (`PUT /api/admin/bill-payments/{id}`): its date, balance, amount, reference.
 * Under the month's lock, as a payment: it may not pay more than the bill (422 on `amount`); its entry
 * is reversed and the right one posted, which may not take a balance below zero (422 on `balance_id`).
 */
export async function editBillPayment(ctx: Ctx, id: number, body: unknown): Promise<BillPaymentView> {
  const input = billPaymentInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const { period, payment } = await lockPayment(tx, id);
    if (payment.reversedAt) throw new HttpError(409, 'This payment was reversed; it cannot be changed.');
    const open = period.amount - (period.paid - payment.amount);
    if (input.amount > open) throw invalid('amount', `That is more than is due: ${formatMoney(open)}.`);
    const balance = await activeBalance(tx.db, input.balance_id);
    if (!balance) throw invalid('balance_id', 'Choose an active balance to pay from.');
    const [bill] = await tx.db.select().from(bills).where(eq(bills.id, period.billId));
    await tx.db
      .update(billPeriods)
      .set({ paid: period.paid - payment.amount + input.amount })
      .where(eq(billPeriods.id, period.id));
    const [saved] = await tx.db
      .update(billPayments)
      .set({ date: input.date, balanceAccountId: balance.id, amount: input.amount, reference: input.reference })
      .where(eq(billPayments.id, id))
      .returning();
    let after = saved as Payment;
    if (after.date !== payment.date || after.amount !== payment.amount || after.balanceAccountId !== payment.balanceAccountId) {
      // The old payment took money out: given back first, a correction that leaves a balance where it was is never refused.
      const entry = await replaceEntry(
        tx,
        { id: Number(payment.entryId), date: payment.date },
        paymentEntry(bill, period, after),
        'payment corrected',
        true,
      );
      [after] = (await tx.db.update(billPayments).set({ entryId: entry.id }).where(eq(billPayments.id, id)).returning()) as [Payment];
    }
    const changes = diffChanges(auditedPayment(payment), auditedPayment(after));
    if (Object.keys(changes).length) await recordAudit(tx, { action: 'update', entity: 'bill.payment', entityId: id, changes });
    return paymentView(after, balance.name);
  });
}

/**
 * Reverses a bill payment (`POST /api/admin/bill-payments/{id}/reverse`, a reason): the money goes
 * back into its balance and the bill is due again. Once only (409), decided under the month's lock.
 */
export async function reverseBillPayment(ctx: Ctx, id: number, body: unknown): Promise<BillPaymentView> {
  const { reason } = reversalInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const { period, payment } = await lockPayment(tx, id);
    if (payment.reversedAt) throw new HttpError(409, 'This payment is already reversed.');
    const reversal = await reverseEntry(tx, Number(payment.entryId), reason, { date: payment.date, field: 'balance_id' });
    await tx.db
      .update(billPeriods)
      .set({ paid: period.paid - payment.amount })
      .where(eq(billPeriods.id, period.id));
    const [saved] = await tx.db
      .update(billPayments)
      .set(reversalRecord(tx, reason, reversal.id).columns)
      .where(eq(billPayments.id, id))
      .returning();
    await recordAudit(tx, {
      action: 'reverse',
      entity: 'bill.payment',
      entityId: id,
      changes: {
        period: { before: period.period, after: period.period },
        amount: { before: payment.amount, after: payment.amount },
        ...reversalRecord(tx, reason, reversal.id).changes,
      },
    });
    const names = await accountNames(tx.db, [payment.balanceAccountId]);
    return paymentView(saved as Payment, names.get(payment.balanceAccountId) ?? '');
  });
}

/** `/admin/bill/statement/details/{id}`: each period with its amount, due date, payments and what is due. */
export async function billDetail(ctx: Ctx, billId: number): Promise<BillDetail> {
  const [row] = await ctx.db.select().from(bills).where(eq(bills.id, billId));
  if (!row) throw notFound('The bill');
  const [periods, payments, today] = await Promise.all([
    ctx.db.select().from(billPeriods).where(eq(billPeriods.billId, billId)).orderBy(asc(billPeriods.period)),
    ctx.db.select().from(billPayments).where(eq(billPayments.billId, billId)).orderBy(asc(billPayments.date), asc(billPayments.id)),
    shopDay(ctx),
  ]);
  const names = await accountNames(
    ctx.db,
    payments.map((each) => each.balanceAccountId),
  );
  const [bill] = await billViews(ctx, [row as Row]);
  const facts = factsOf(row as Row, periods, today);
  return {
    bill: bill as BillView,
    periods: periods
      .map((period) =>
        periodView(
          period,
          payments.filter((each) => each.periodId === period.id).map((each) => paymentView(each, names.get(each.balanceAccountId) ?? '')),
          today,
        ),
      )
      .reverse(),
    next_period: facts.next_period,
    next_due_date: facts.next_period ? periodDueDate(facts.next_period, row.dueDay) : null,
  };
}
