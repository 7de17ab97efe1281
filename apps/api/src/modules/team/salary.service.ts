import {
  formatMoney,
  SALARY_MONTH,
  type SalaryAdvanceView,
  type SalaryMemberSummary,
  type SalaryMonthDetail,
  type SalaryMonthRow,
  type SalaryOverview,
  type SalaryPaymentView,
  salaryAdvanceInput,
  salaryMonthInput,
  salaryPaymentInput,
} from '@haat/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { invalid, notFound } from '../../http/errors';
import { activeBalance, type EntryLineInput, postEntry, reverseEntry, shopDay } from '../accounts';
import { diffChanges, recordAudit } from '../audit';
import { salaryAdvances, salaryMonths, salaryPayments, salaryRecoveries, teamMembers } from './team.table';

/**
 * Salaries (issue 19 §5, decision 050). A month's salary is saved (booked) the first time it is saved
 * or paid: Dr salaries (basic + bonus − deductions) / Cr salaries due (the net) and Cr advances to
 * staff (what it recovers). A change reverses that entry and posts the new one. Each payment is
 * Dr salaries due / Cr the chosen balance; an advance is Dr advances to staff / Cr the balance. What
 * is left of an advance is decided under the member's and the advances' row locks, so two months
 * saved at once never recover the same taka twice.
 */

type Member = typeof teamMembers.$inferSelect;
type MonthRow = typeof salaryMonths.$inferSelect;
type Advance = typeof salaryAdvances.$inferSelect;
type MonthInput = z.output<typeof salaryMonthInput>;

// ---- Months ---------------------------------------------------------------------------------------

const daysIn = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
/** The last day of a month: `2026-02` → `2026-02-28`. */
export const monthEnd = (month: string) => `${month}-${String(daysIn(month)).padStart(2, '0')}`;
/** A month moved by `count` months: `2026-01`, −1 → `2025-12`. */
export function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A month from a path: `2026-11`; anything else is refused naming `month`. */
export function parseMonth(raw: string): string {
  if (!SALARY_MONTH.test(raw)) throw invalid('month', 'Use a month like 2026-11');
  return raw;
}

/** The basic salary a month proposes: the monthly salary, pro-rated by days for the joining month, nothing before it. */
export function proposedBasic(member: Pick<Member, 'joiningDate' | 'monthlySalary'>, month: string): number {
  const joining = member.joiningDate.slice(0, 7);
  if (month < joining) return 0;
  if (month > joining) return member.monthlySalary;
  const days = daysIn(month);
  const from = Number(member.joiningDate.slice(8, 10));
  return Math.round((member.monthlySalary * (days - from + 1)) / days);
}

interface OpenAdvance {
  id: number;
  givenOn: string;
  instalment: number;
  /** What is left to recover, counting back what this month itself recovered before. */
  left: number;
}

/** Advances given by the month's end with something left, oldest first. */
function openAdvances(advances: Advance[], month: string, own: Map<number, number>): OpenAdvance[] {
  const end = monthEnd(month);
  return advances
    .filter((advance) => advance.givenOn <= end)
    .map((advance) => ({
      id: advance.id,
      givenOn: advance.givenOn,
      instalment: advance.instalment,
      left: advance.amount - advance.recovered + (own.get(advance.id) ?? 0),
    }))
    .filter((advance) => advance.left > 0)
    .sort((a, b) => (a.givenOn === b.givenOn ? a.id - b.id : a.givenOn < b.givenOn ? -1 : 1));
}

/** The planned recovery: each open advance's instalment, capped by what is left of it. */
export const plannedRecovery = (open: OpenAdvance[]) => open.reduce((sum, advance) => sum + Math.min(advance.instalment, advance.left), 0);

/**
 * Spreads a month's recovery over its open advances: the planned instalments first (oldest first),
 * then anything more from what is left of each, oldest first.
 */
export function allocateRecovery(open: OpenAdvance[], amount: number): Map<number, number> {
  const taken = new Map<number, number>();
  let rest = amount;
  for (const advance of open) {
    const take = Math.min(advance.instalment, advance.left, rest);
    if (take > 0) taken.set(advance.id, take);
    rest -= take;
  }
  for (const advance of open) {
    const take = Math.min(advance.left - (taken.get(advance.id) ?? 0), rest);
    if (take > 0) taken.set(advance.id, (taken.get(advance.id) ?? 0) + take);
    rest -= take;
  }
  return taken;
}

/** A month's figures: basic + bonus − deductions (the expense), less the recovery (the net). */
export function monthFigures(input: { basic: number; bonus: number; deductions: number; recovery: number }) {
  const gross = input.basic + input.bonus - input.deductions;
  return { gross, net: gross - input.recovery };
}

// ---- Reading -------------------------------------------------------------------------------------

const summaryOf = (member: Member): SalaryMemberSummary => ({
  id: member.id,
  name: member.name,
  designation: member.designation,
  phone: member.phone,
  joining_date: member.joiningDate,
  monthly_salary: member.monthlySalary,
  status: member.status,
});

async function memberOf(db: Db, id: number, lock = false): Promise<Member> {
  const query = db.select().from(teamMembers).where(eq(teamMembers.id, id));
  const [member] = lock ? await query.for('update') : await query;
  if (!member) throw notFound('The team member');
  return member;
}

/** Names of balances by id (for lists of payments and advances). */
async function balanceNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = rowsOf<{ id: number; name: string }>(
    await db.execute(
      sql`select id, name from ledger_accounts where id in (${sql.join(
        unique.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

/** A month the member may have: from the joining month to the shop's current month, or one already saved. */
async function checkMonth(ctx: Ctx, member: Member, month: string, saved: boolean): Promise<string> {
  const today = await shopDay(ctx);
  if (!saved && (month < member.joiningDate.slice(0, 7) || month > today.slice(0, 7))) throw notFound('The salary month');
  return today;
}

async function advanceViews(db: Db, advances: Advance[]): Promise<SalaryAdvanceView[]> {
  const names = await balanceNames(
    db,
    advances.map((advance) => advance.balanceAccountId),
  );
  return advances.map((advance) => ({
    id: advance.id,
    amount: advance.amount,
    given_on: advance.givenOn,
    balance_id: advance.balanceAccountId,
    balance_name: names.get(advance.balanceAccountId) ?? '',
    instalment: advance.instalment,
    recovered: advance.recovered,
    left: advance.amount - advance.recovered,
    reference: advance.reference,
    note: advance.note,
  }));
}

const rowOf = (month: MonthRow): SalaryMonthRow => ({
  month: month.month,
  saved: true,
  basic: month.basic,
  bonus: month.bonus,
  deductions: month.deductions,
  advance_recovery: month.advanceRecovery,
  net: month.net,
  paid: month.paid,
  due: month.net - month.paid,
});

/**
 * `/admin/team/salary/{id}`: one row per month — from the first saved month, or else the joining
 * month (at most a year back) — to the shop's current month, newest first; an unsaved month shows
 * what it would be (the proposed basic, nothing recovered). And the member's advances.
 */
export async function salaryOverview(ctx: Ctx, memberId: number): Promise<SalaryOverview> {
  const member = await memberOf(ctx.db, memberId);
  const today = (await shopDay(ctx)).slice(0, 7);
  const saved = await ctx.db.select().from(salaryMonths).where(eq(salaryMonths.memberId, memberId)).orderBy(asc(salaryMonths.month));
  const joining = member.joiningDate.slice(0, 7);
  const first = saved[0]?.month ?? (joining < addMonths(today, -11) ? today : joining);
  const byMonth = new Map(saved.map((row) => [row.month, row]));
  const months: SalaryMonthRow[] = [];
  const last = saved.at(-1)?.month && (saved.at(-1)?.month as string) > today ? (saved.at(-1)?.month as string) : today;
  for (let month = last; month >= first && months.length < 240; month = addMonths(month, -1)) {
    const row = byMonth.get(month);
    if (row) {
      months.push(rowOf(row));
      continue;
    }
    const basic = proposedBasic(member, month);
    months.push({ month, saved: false, basic, bonus: 0, deductions: 0, advance_recovery: 0, net: basic, paid: 0, due: basic });
  }
  const advances = await advanceViews(
    ctx.db,
    await ctx.db
      .select()
      .from(salaryAdvances)
      .where(eq(salaryAdvances.memberId, memberId))
      .orderBy(asc(salaryAdvances.givenOn), asc(salaryAdvances.id)),
  );
  // Totals are what the books hold: saved months only (an unsaved month is a proposal).
  const sum = (pick: (row: SalaryMonthRow) => number) => months.reduce((total, row) => total + (row.saved ? pick(row) : 0), 0);
  return {
    member: summaryOf(member),
    months,
    advances,
    totals: {
      net: sum((row) => row.net),
      paid: sum((row) => row.paid),
      due: sum((row) => row.due),
      advance_left: advances.reduce((total, advance) => total + advance.left, 0),
    },
  };
}

/** `/admin/team/salary/{id}/{month}`: the month as saved, or as it would be saved now; its payments and the advances it may recover. */
export async function salaryMonthDetail(ctx: Ctx, memberId: number, rawMonth: string): Promise<SalaryMonthDetail> {
  const month = parseMonth(rawMonth);
  const member = await memberOf(ctx.db, memberId);
  const [saved] = await ctx.db
    .select()
    .from(salaryMonths)
    .where(and(eq(salaryMonths.memberId, memberId), eq(salaryMonths.month, month)));
  await checkMonth(ctx, member, month, Boolean(saved));
  const advances = await ctx.db.select().from(salaryAdvances).where(eq(salaryAdvances.memberId, memberId)).orderBy(asc(salaryAdvances.id));
  const own = new Map<number, number>();
  if (saved) {
    const recoveries = await ctx.db.select().from(salaryRecoveries).where(eq(salaryRecoveries.salaryMonthId, saved.id));
    for (const recovery of recoveries) own.set(recovery.advanceId, recovery.amount);
  }
  const open = openAdvances(advances, month, own);
  const basic = proposedBasic(member, month);
  const planned = plannedRecovery(open);
  const row: SalaryMonthRow = saved
    ? rowOf(saved)
    : (() => {
        const recovery = Math.min(planned, basic);
        return {
          month,
          saved: false,
          basic,
          bonus: 0,
          deductions: 0,
          advance_recovery: recovery,
          net: basic - recovery,
          paid: 0,
          due: basic - recovery,
        };
      })();
  const thisMonth = saved ? own : allocateRecovery(open, row.advance_recovery);
  const views = await advanceViews(
    ctx.db,
    advances.filter((advance) => open.some((each) => each.id === advance.id) || own.has(advance.id)),
  );
  const payments = saved
    ? await ctx.db.select().from(salaryPayments).where(eq(salaryPayments.salaryMonthId, saved.id)).orderBy(asc(salaryPayments.id))
    : [];
  const names = await balanceNames(
    ctx.db,
    payments.map((payment) => payment.balanceAccountId),
  );
  return {
    ...row,
    member: summaryOf(member),
    deduction_note: saved?.deductionNote ?? '',
    note: saved?.note ?? '',
    proposed_basic: basic,
    proposed_recovery: planned,
    advances: views.map((view) => ({ ...view, this_month: thisMonth.get(view.id) ?? 0 })),
    payments: payments.map(
      (payment): SalaryPaymentView => ({
        id: payment.id,
        amount: payment.amount,
        paid_on: payment.paidOn,
        balance_id: payment.balanceAccountId,
        balance_name: names.get(payment.balanceAccountId) ?? '',
        reference: payment.reference,
        by: payment.actorName,
      }),
    ),
  };
}

// ---- Writing -------------------------------------------------------------------------------------

/** The accrual's date: the month's last day, or today while the month runs. */
const accrualDate = (month: string, today: string) => (monthEnd(month) < today ? monthEnd(month) : today);

const auditView = (row: MonthRow) => ({
  month: row.month,
  basic: row.basic,
  bonus: row.bonus,
  deductions: row.deductions,
  deduction_note: row.deductionNote,
  advance_recovery: row.advanceRecovery,
  net: row.net,
  paid: row.paid,
  note: row.note,
  entry_id: row.entryId,
});

/**
 * Saves (books) a member's month in the caller's transaction, under the member's and the advances'
 * row locks: the recovery is what is left of the open advances as of now. `input` null takes the
 * month's proposal (the first payment of an unsaved month). A changed figure reverses the month's
 * entry and posts the new one.
 */
async function saveMonthIn(tx: Ctx, member: Member, month: string, input: MonthInput | null, today: string): Promise<MonthRow> {
  const [existing] = await tx.db
    .select()
    .from(salaryMonths)
    .where(and(eq(salaryMonths.memberId, member.id), eq(salaryMonths.month, month)))
    .for('update');
  const advances = await tx.db
    .select()
    .from(salaryAdvances)
    .where(eq(salaryAdvances.memberId, member.id))
    .orderBy(asc(salaryAdvances.id))
    .for('update');
  const ownRows = existing ? await tx.db.select().from(salaryRecoveries).where(eq(salaryRecoveries.salaryMonthId, existing.id)) : [];
  const own = new Map(ownRows.map((row) => [row.advanceId, row.amount]));
  const open = openAdvances(advances, month, own);

  const basic = input ? input.basic : (existing?.basic ?? proposedBasic(member, month));
  const bonus = input ? input.bonus : (existing?.bonus ?? 0);
  const deductions = input ? input.deductions : (existing?.deductions ?? 0);
  const paid = existing?.paid ?? 0;
  const { gross } = monthFigures({ basic, bonus, deductions, recovery: 0 });
  if (gross < 0) throw invalid('deductions', 'The deductions cannot be more than the basic salary and bonus.');
  const available = open.reduce((sum, advance) => sum + advance.left, 0);
  let recovery: number;
  if (input && input.advance_recovery != null) {
    recovery = input.advance_recovery;
    if (recovery > available) {
      throw invalid(
        'advance_recovery',
        available === 0 ? 'There is no advance left to recover.' : `Only ${formatMoney(available)} is left to recover from advances.`,
      );
    }
  } else if (!input && existing) {
    recovery = Math.min(existing.advanceRecovery, available);
  } else {
    recovery = Math.min(plannedRecovery(open), Math.max(0, gross - paid));
  }
  const { net } = monthFigures({ basic, bonus, deductions, recovery });
  if (net < 0) throw invalid('advance_recovery', 'The advance recovery cannot be more than the salary after deductions.');
  if (net < paid) throw invalid('basic', `${formatMoney(paid)} is paid for this month already: the net cannot be less than that.`);

  const values = {
    basic,
    bonus,
    deductions,
    advanceRecovery: recovery,
    net,
    deductionNote: input ? input.deduction_note : (existing?.deductionNote ?? ''),
    note: input ? input.note : (existing?.note ?? ''),
    updatedAt: tx.now,
  };
  const [row] = existing
    ? await tx.db.update(salaryMonths).set(values).where(eq(salaryMonths.id, existing.id)).returning()
    : await tx.db
        .insert(salaryMonths)
        .values({ ...values, memberId: member.id, month })
        .returning();
  const saved = row as MonthRow;

  // What each advance recovers now, in place of what this month recovered before (the locks are held).
  const taken = allocateRecovery(open, recovery);
  if (existing) await tx.db.delete(salaryRecoveries).where(eq(salaryRecoveries.salaryMonthId, existing.id));
  if (taken.size > 0) {
    await tx.db.insert(salaryRecoveries).values([...taken].map(([advanceId, amount]) => ({ salaryMonthId: saved.id, advanceId, amount })));
  }
  for (const advance of advances) {
    const change = (taken.get(advance.id) ?? 0) - (own.get(advance.id) ?? 0);
    if (change === 0) continue;
    await tx.db
      .update(salaryAdvances)
      .set({ recovered: sql`${salaryAdvances.recovered} + ${change}` })
      .where(eq(salaryAdvances.id, advance.id));
  }

  // The books: unchanged figures keep their entry; else reverse and repost.
  const same =
    existing &&
    existing.basic === basic &&
    existing.bonus === bonus &&
    existing.deductions === deductions &&
    existing.advanceRecovery === recovery;
  let entryId = existing?.entryId ?? null;
  if (!same) {
    const date = accrualDate(month, today);
    if (entryId) await reverseEntry(tx, entryId, `salary of ${month} changed`, { date });
    entryId = null;
    if (gross > 0) {
      const lines: EntryLineInput[] = [
        { account: 'salaries', debit: gross },
        ...(net > 0 ? [{ account: 'salary_payable' as const, credit: net }] : []),
        ...(recovery > 0 ? [{ account: 'salary_advance' as const, credit: recovery }] : []),
      ];
      const entry = await postEntry(tx, {
        date,
        source: 'salary.month',
        sourceType: 'salary_month',
        sourceId: saved.id,
        memo: `Salary of ${member.name} for ${month}`,
        lines,
      });
      entryId = entry.id;
    }
  }
  const [final] = await tx.db.update(salaryMonths).set({ entryId }).where(eq(salaryMonths.id, saved.id)).returning();
  const after = final as MonthRow;
  await recordAudit(tx, {
    action: existing ? 'update' : 'create',
    entity: 'salary.month',
    entityId: saved.id,
    changes: diffChanges(existing ? auditView(existing) : null, { member: member.name, ...auditView(after) }),
  });
  return after;
}

/** `PUT …/salary/{month}`: saves a month's salary (books it, or corrects it by reversal and repost). */
export async function saveSalaryMonth(ctx: Ctx, memberId: number, rawMonth: string, body: unknown): Promise<SalaryMonthDetail> {
  const month = parseMonth(rawMonth);
  const input = salaryMonthInput.parse(body);
  await inTransaction(ctx, async (tx) => {
    const member = await memberOf(tx.db, memberId, true);
    const [saved] = await tx.db
      .select({ id: salaryMonths.id })
      .from(salaryMonths)
      .where(and(eq(salaryMonths.memberId, memberId), eq(salaryMonths.month, month)));
    const today = await checkMonth(tx, member, month, Boolean(saved));
    await saveMonthIn(tx, member, month, input, today);
  });
  return salaryMonthDetail(ctx, memberId, month);
}

/**
 * `POST …/salary/{month}/payments`: pays (part of) a month's salary from a balance. An unsaved month
 * is saved first as proposed. More than what is still due is refused (422 on `amount`); a balance
 * short of money is refused by the books (422 on `balance_id`) and nothing is written.
 */
export async function paySalary(ctx: Ctx, memberId: number, rawMonth: string, body: unknown): Promise<SalaryMonthDetail> {
  const month = parseMonth(rawMonth);
  const input = salaryPaymentInput.parse(body);
  await inTransaction(ctx, async (tx) => {
    const member = await memberOf(tx.db, memberId, true);
    const [found] = await tx.db
      .select()
      .from(salaryMonths)
      .where(and(eq(salaryMonths.memberId, memberId), eq(salaryMonths.month, month)))
      .for('update');
    const today = await checkMonth(tx, member, month, Boolean(found));
    const balance = await activeBalance(tx.db, input.balance_id);
    if (!balance) throw invalid('balance_id', 'Choose an active balance to pay from.');
    const saved = found ?? (await saveMonthIn(tx, member, month, null, today));
    const due = saved.net - saved.paid;
    if (input.amount > due) {
      throw invalid('amount', due === 0 ? 'This month’s salary is paid in full.' : `Only ${formatMoney(due)} is still due for this month.`);
    }
    const [payment] = await tx.db
      .insert(salaryPayments)
      .values({
        salaryMonthId: saved.id,
        memberId,
        amount: input.amount,
        paidOn: input.paid_on,
        balanceAccountId: balance.id,
        reference: input.reference,
        adminId: adminIdOf(tx),
        actorName: tx.actor.name,
      })
      .returning({ id: salaryPayments.id });
    const paymentId = (payment as { id: number }).id;
    const entry = await postEntry(tx, {
      date: input.paid_on,
      source: 'salary.paid',
      sourceType: 'salary_payment',
      sourceId: paymentId,
      memo: `Salary of ${member.name} for ${month} paid from ${balance.name}${input.reference ? ` (${input.reference})` : ''}`,
      lines: [
        { account: 'salary_payable', debit: input.amount },
        { account: balance.id, credit: input.amount, field: 'balance_id' },
      ],
    });
    await tx.db.update(salaryPayments).set({ entryId: entry.id }).where(eq(salaryPayments.id, paymentId));
    // Under the month's row lock; the check constraint (paid ≤ net) is the last guard.
    await tx.db
      .update(salaryMonths)
      .set({ paid: sql`${salaryMonths.paid} + ${input.amount}`, updatedAt: tx.now })
      .where(eq(salaryMonths.id, saved.id));
    await recordAudit(tx, {
      action: 'create',
      entity: 'salary.payment',
      entityId: paymentId,
      changes: diffChanges(null, {
        member: member.name,
        month,
        amount: input.amount,
        paid_on: input.paid_on,
        balance: balance.name,
        reference: input.reference,
        entry_id: entry.id,
      }),
    });
  });
  return salaryMonthDetail(ctx, memberId, month);
}

/** `POST …/advances`: gives a member an advance from a balance (422 on `balance_id` when it cannot cover it). */
export async function giveAdvance(ctx: Ctx, memberId: number, body: unknown): Promise<SalaryAdvanceView> {
  const input = salaryAdvanceInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const member = await memberOf(tx.db, memberId, true);
    if (input.given_on < member.joiningDate) throw invalid('given_on', 'The advance cannot be given before the member joined.');
    const balance = await activeBalance(tx.db, input.balance_id);
    if (!balance) throw invalid('balance_id', 'Choose an active balance to pay from.');
    const [advance] = await tx.db
      .insert(salaryAdvances)
      .values({
        memberId,
        amount: input.amount,
        givenOn: input.given_on,
        balanceAccountId: balance.id,
        instalment: input.instalment,
        reference: input.reference,
        note: input.note,
        adminId: adminIdOf(tx),
        actorName: tx.actor.name,
      })
      .returning();
    const id = (advance as Advance).id;
    const entry = await postEntry(tx, {
      date: input.given_on,
      source: 'salary.advance',
      sourceType: 'salary_advance',
      sourceId: id,
      memo: `Salary advance to ${member.name} from ${balance.name}${input.note ? `: ${input.note}` : ''}`,
      lines: [
        { account: 'salary_advance', debit: input.amount },
        { account: balance.id, credit: input.amount, field: 'balance_id' },
      ],
    });
    const [saved] = await tx.db.update(salaryAdvances).set({ entryId: entry.id }).where(eq(salaryAdvances.id, id)).returning();
    await recordAudit(tx, {
      action: 'create',
      entity: 'salary.advance',
      entityId: id,
      changes: diffChanges(null, {
        member: member.name,
        amount: input.amount,
        given_on: input.given_on,
        balance: balance.name,
        instalment: input.instalment,
        note: input.note,
        entry_id: entry.id,
      }),
    });
    const [view] = await advanceViews(tx.db, [saved as Advance]);
    return view as SalaryAdvanceView;
  });
}
