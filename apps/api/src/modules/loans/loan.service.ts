import {
  formatMoney,
  type InstalmentState,
  type LoanerDetail,
  type LoanerView,
  type LoanInstalmentView,
  type LoanRepaymentView,
  type LoanView,
  loanDescriptor,
  loanerDescriptor,
  loanInput,
  loanRepaymentInput,
} from '@haat/contracts';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { rowsOf } from '../../db/client';
import { invalid, notFound } from '../../http/errors';
import { createResource, likeContains } from '../../http/resource';
import { accountNames, activeBalance, postEntry, shopDay } from '../accounts';
import { diffChanges, recordAudit } from '../audit';
import { loaners, loanInstalments, loanRepayments, loans } from './loan.table';
import { allocateRepayment, loanSchedule } from './loan-schedule';

type Row = Record<string, unknown>;
type Instalment = typeof loanInstalments.$inferSelect;

const stateOf = (instalment: Instalment, today: string): InstalmentState =>
  instalment.paid >= instalment.principal + instalment.interest ? 'paid' : instalment.dueDate < today ? 'overdue' : 'due';

function instalmentViews(instalments: Instalment[], today: string): LoanInstalmentView[] {
  return instalments.map((each) => ({
    number: each.number,
    due_date: each.dueDate,
    principal: each.principal,
    interest: each.interest,
    total: each.principal + each.interest,
    paid: each.paid,
    state: stateOf(each, today),
  }));
}

/** Loans as the lists show them, for a page of rows: names, schedule figures, next due, overdue — a fixed number of statements. */
async function loanViews(ctx: Ctx, rows: Row[]): Promise<LoanView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => Number(row.id));
  const [instalments, names, people, today] = await Promise.all([
    ctx.db
      .select()
      .from(loanInstalments)
      .where(inArray(loanInstalments.loanId, ids))
      .orderBy(asc(loanInstalments.loanId), asc(loanInstalments.number)),
    accountNames(
      ctx.db,
      rows.map((row) => Number(row.balanceAccountId)),
    ),
    ctx.db
      .select({ id: loaners.id, name: loaners.name })
      .from(loaners)
      .where(inArray(loaners.id, [...new Set(rows.map((row) => Number(row.loanerId)))])),
    shopDay(ctx),
  ]);
  const personOf = new Map(people.map((row) => [row.id, row.name]));
  return rows.map((row) => {
    const id = Number(row.id);
    const own = instalments.filter((each) => each.loanId === id);
    const open = own.filter((each) => each.paid < each.principal + each.interest);
    const overdue = open.filter((each) => each.dueDate < today);
    const next = open[0];
    const principal = Number(row.principal);
    const totalInterest = own.reduce((sum, each) => sum + each.interest, 0);
    const paid = own.reduce((sum, each) => sum + each.paid, 0);
    const principalPaid = own.reduce((sum, each) => sum + Math.max(0, Math.min(each.principal, each.paid - each.interest)), 0);
    return {
      id,
      direction: row.direction as LoanView['direction'],
      loaner_id: Number(row.loanerId),
      loaner_name: personOf.get(Number(row.loanerId)) ?? '',
      principal,
      date: String(row.date),
      balance_id: Number(row.balanceAccountId),
      balance_name: names.get(Number(row.balanceAccountId)) ?? '',
      interest_rate: Number(row.rateBp) / 100,
      term_months: Number(row.termMonths),
      first_due_date: String(row.firstDueDate),
      total_interest: totalInterest,
      paid,
      outstanding: principal + totalInterest - paid,
      principal_outstanding: principal - principalPaid,
      next_due_date: next?.dueDate ?? null,
      next_due_amount: next ? next.principal + next.interest - next.paid : 0,
      overdue: overdue.length > 0,
      overdue_amount: overdue.reduce((sum, each) => sum + each.principal + each.interest - each.paid, 0),
      note: String(row.note),
      entry_id: row.entryId == null ? null : Number(row.entryId),
      admin_name: (row.actorName as string | null) ?? null,
      created_at: (row.createdAt as Date).toISOString(),
    };
  });
}

/** What each loaner has open: loans, what we owe them, what they owe us — one aggregate. */
async function loanerViews({ db }: Ctx, rows: Row[]): Promise<LoanerView[]> {
  const ids = rows.map((row) => Number(row.id));
  const sums = ids.length
    ? rowsOf<{ loaner_id: number; loans: string; we_owe: string; they_owe: string }>(
        await db.execute(sql`
          select l.loaner_id, count(distinct l.id) filter (where i.paid < i.principal + i.interest) as loans,
            coalesce(sum(i.principal + i.interest - i.paid) filter (where l.direction = 'taken'), 0) as we_owe,
            coalesce(sum(i.principal + i.interest - i.paid) filter (where l.direction = 'given'), 0) as they_owe
          from loans l join loan_instalments i on i.loan_id = l.id
          where l.loaner_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
          group by l.loaner_id`),
      )
    : [];
  const sumOf = new Map(sums.map((row) => [Number(row.loaner_id), row]));
  return rows.map((row) => {
    const sum = sumOf.get(Number(row.id));
    return {
      id: Number(row.id),
      name: String(row.name),
      phone: String(row.phone),
      address: String(row.address),
      national_id: String(row.nationalId),
      organisation: String(row.organisation),
      note: String(row.note),
      loans: Number(sum?.loans ?? 0),
      we_owe: Number(sum?.we_owe ?? 0),
      they_owe: Number(sum?.they_owe ?? 0),
      created_at: (row.createdAt as Date).toISOString(),
      updated_at: (row.updatedAt as Date).toISOString(),
    };
  });
}

/** Lenders and borrowers: their details; one with loans cannot be deleted. */
export const loanerResource = createResource(loanerDescriptor, {
  table: loaners,
  id: loaners.id,
  searchWhere: (q: string) => {
    const pattern = likeContains(q);
    return sql`(${loaners.name} ilike ${pattern} or ${loaners.phone} ilike ${pattern} or ${loaners.organisation} ilike ${pattern})`;
  },
  sort: { id: loaners.id, name: loaners.name, created_at: loaners.createdAt },
  usedBy: [{ label: 'loans', table: loans, column: loans.loanerId }],
  audit: { entity: 'loaner' },
  toValues: (_ctx, input) => ({
    name: input.name,
    phone: input.phone,
    address: input.address,
    nationalId: input.national_id,
    organisation: input.organisation,
    note: input.note,
  }),
  toViews: loanerViews,
});

/** Whether a loan has an instalment past its due date and not fully paid (the shop's today). */
const overdueSql = (ctx: Ctx) =>
  sql`exists (select 1 from loan_instalments i where i.loan_id = ${loans.id} and i.paid < i.principal + i.interest
    and i.due_date < haat_shop_day(${ctx.now.toISOString()}::timestamptz))`;

/** `/admin/loan/manage`: the list and CSV from the machinery; a loan is made by makeLoan. */
export const loanResource = createResource(loanDescriptor, {
  table: loans,
  id: loans.id,
  searchWhere: (q: string) => {
    const pattern = likeContains(q);
    return or(sql`(select l.name from loaners l where l.id = ${loans.loanerId}) ilike ${pattern}`, sql`${loans.note} ilike ${pattern}`);
  },
  sort: { id: loans.id, date: loans.date, principal: loans.principal, created_at: loans.createdAt },
  filters: {
    direction: { column: loans.direction },
    loaner_id: { column: loans.loanerId },
    overdue: {
      where: (value, ctx) => (value === '1' ? overdueSql(ctx) : sql`not ${overdueSql(ctx)}`),
    },
  },
  toValues() {
    throw new Error('Loans are made by makeLoan');
  },
  toViews: loanViews,
});

async function balanceFor(ctx: Ctx, id: number, field: string, message: string) {
  const balance = await activeBalance(ctx.db, id);
  if (!balance) throw invalid(field, message);
  return balance;
}

/**
 * Records a loan taken or given, its schedule and its entry, in one transaction: taken = the balance
 * gains it, a loan payable; given = a loan receivable, the balance loses it (422 on `balance_id` when it
 * holds too little, and nothing is written). A new loaner's details make a loaner row.
 */
export async function makeLoan(ctx: Ctx, body: unknown): Promise<LoanView> {
  const input = loanInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const balance = await balanceFor(
      tx,
      input.balance_id,
      'balance_id',
      input.direction === 'taken' ? 'Choose an active balance the money came into.' : 'Choose an active balance the money went out from.',
    );
    let loanerId = input.loaner_id;
    let loanerName = input.loaner_name;
    if (loanerId != null) {
      const [found] = await tx.db.select({ id: loaners.id, name: loaners.name }).from(loaners).where(eq(loaners.id, loanerId));
      if (!found) throw invalid('loaner_id', 'Choose a lender or borrower from the list.');
      loanerName = found.name;
    } else {
      const [made] = await tx.db
        .insert(loaners)
        .values({
          name: input.loaner_name,
          phone: input.loaner_phone,
          address: input.loaner_address,
          nationalId: input.loaner_national_id,
          organisation: input.loaner_organisation,
        })
        .returning({ id: loaners.id });
      loanerId = Number(made?.id);
      await recordAudit(tx, {
        action: 'create',
        entity: 'loaner',
        entityId: loanerId,
        changes: diffChanges(null, { name: input.loaner_name, phone: input.loaner_phone }),
      });
    }
    const rateBp = Math.round(input.interest_rate * 100);
    const [loan] = await tx.db
      .insert(loans)
      .values({
        direction: input.direction,
        loanerId,
        principal: input.principal,
        date: input.date,
        balanceAccountId: balance.id,
        rateBp,
        termMonths: input.term_months,
        firstDueDate: input.first_due_date,
        note: input.note,
        adminId: adminIdOf(tx),
        actorName: tx.actor.name,
      })
      .returning();
    const id = Number(loan?.id);
    const schedule = loanSchedule({
      principal: input.principal,
      rateBp,
      termMonths: input.term_months,
      firstDueDate: input.first_due_date,
    });
    await tx.db.insert(loanInstalments).values(
      schedule.map((each) => ({
        loanId: id,
        number: each.number,
        dueDate: each.dueDate,
        principal: each.principal,
        interest: each.interest,
      })),
    );
    const taken = input.direction === 'taken';
    const entry = await postEntry(tx, {
      date: input.date,
      source: taken ? 'loan.taken' : 'loan.given',
      sourceType: 'loan',
      sourceId: id,
      memo: `${taken ? 'Loan taken from' : 'Loan given to'} ${loanerName}: ${formatMoney(input.principal)}`,
      lines: taken
        ? [
            { account: balance.id, debit: input.principal },
            { account: 'loan_payable', credit: input.principal },
          ]
        : [
            { account: 'loan_receivable', debit: input.principal },
            { account: balance.id, credit: input.principal, field: 'balance_id' },
          ],
    });
    const [saved] = await tx.db.update(loans).set({ entryId: entry.id }).where(eq(loans.id, id)).returning();
    await recordAudit(tx, {
      action: 'create',
      entity: 'loan',
      entityId: id,
      changes: diffChanges(null, {
        direction: input.direction,
        loaner: loanerName,
        principal: input.principal,
        date: input.date,
        balance: balance.name,
        interest_rate: input.interest_rate,
        term_months: input.term_months,
        first_due_date: input.first_due_date,
        entry_id: entry.id,
      }),
    });
    const [view] = await loanViews(tx, [saved as Row]);
    return view as LoanView;
  });
}

/**
 * Records a repayment of a loan, part or whole, shared out oldest instalment first, interest before
 * principal. What is still owed is read under the loan's row lock, so repayments at once never pay more
 * than is owed (422 on `amount`). Taken: the balance pays it out (422 on `balance_id` when short);
 * given: it comes into the balance, interest as income.
 */
export async function repayLoan(ctx: Ctx, loanId: number, body: unknown): Promise<LoanRepaymentView> {
  const input = loanRepaymentInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const [loan] = await tx.db.select().from(loans).where(eq(loans.id, loanId)).for('update');
    if (!loan) throw notFound('The loan');
    const taken = loan.direction === 'taken';
    const balance = await balanceFor(
      tx,
      input.balance_id,
      'balance_id',
      taken ? 'Choose an active balance to pay from.' : 'Choose an active balance to receive into.',
    );
    const instalments = await tx.db
      .select()
      .from(loanInstalments)
      .where(eq(loanInstalments.loanId, loanId))
      .orderBy(asc(loanInstalments.number));
    const owed = instalments.reduce((sum, each) => sum + each.principal + each.interest - each.paid, 0);
    if (owed === 0) throw invalid('amount', 'This loan is fully repaid.');
    if (input.amount > owed) throw invalid('amount', `That is more than is still owed: ${formatMoney(owed)}.`);
    const share = allocateRepayment(instalments, input.amount);
    for (const change of share.changes) {
      await tx.db.update(loanInstalments).set({ paid: change.paid }).where(eq(loanInstalments.id, change.id));
    }
    const [made] = await tx.db
      .insert(loanRepayments)
      .values({
        loanId,
        date: input.date,
        balanceAccountId: balance.id,
        amount: input.amount,
        interestPart: share.interest,
        principalPart: share.principal,
        reference: input.reference,
        note: input.note,
        adminId: adminIdOf(tx),
        actorName: tx.actor.name,
      })
      .returning();
    const id = Number(made?.id);
    const [person] = await tx.db.select({ name: loaners.name }).from(loaners).where(eq(loaners.id, loan.loanerId));
    const lines = taken
      ? [
          ...(share.principal ? [{ account: 'loan_payable' as const, debit: share.principal }] : []),
          ...(share.interest ? [{ account: 'interest' as const, debit: share.interest }] : []),
          { account: balance.id, credit: input.amount, field: 'balance_id' },
        ]
      : [
          { account: balance.id, debit: input.amount },
          ...(share.principal ? [{ account: 'loan_receivable' as const, credit: share.principal }] : []),
          ...(share.interest ? [{ account: 'interest_income' as const, credit: share.interest }] : []),
        ];
    const entry = await postEntry(tx, {
      date: input.date,
      source: taken ? 'loan.repaid' : 'loan.repayment.received',
      sourceType: 'loan_repayment',
      sourceId: id,
      memo: `${taken ? 'Loan repaid to' : 'Loan repayment from'} ${person?.name ?? ''}: ${formatMoney(input.amount)} (interest ${formatMoney(share.interest)})`,
      lines,
    });
    await tx.db.update(loanRepayments).set({ entryId: entry.id }).where(eq(loanRepayments.id, id));
    await recordAudit(tx, {
      action: 'create',
      entity: 'loan.repayment',
      entityId: id,
      changes: diffChanges(null, {
        loan_id: loanId,
        amount: input.amount,
        interest_part: share.interest,
        principal_part: share.principal,
        date: input.date,
        balance: balance.name,
        reference: input.reference,
        entry_id: entry.id,
      }),
    });
    return {
      id,
      loan_id: loanId,
      date: input.date,
      balance_id: balance.id,
      balance_name: balance.name,
      amount: input.amount,
      interest_part: share.interest,
      principal_part: share.principal,
      reference: input.reference,
      note: input.note,
      entry_id: entry.id,
      admin_name: tx.actor.name,
    };
  });
}

/** `/admin/loaner/details/{id}`: the loaner, each loan with its schedule and repayments. */
export async function loanerDetail(ctx: Ctx, loanerId: number): Promise<LoanerDetail> {
  const [person] = await ctx.db.select().from(loaners).where(eq(loaners.id, loanerId));
  if (!person) throw notFound('The lender or borrower');
  const [loaner] = await loanerViews(ctx, [person as Row]);
  const rows = await ctx.db.select().from(loans).where(eq(loans.loanerId, loanerId)).orderBy(asc(loans.date), asc(loans.id));
  const views = await loanViews(ctx, rows as Row[]);
  const ids = rows.map((row) => row.id);
  const [instalments, repayments, today] = await Promise.all([
    ids.length
      ? ctx.db.select().from(loanInstalments).where(inArray(loanInstalments.loanId, ids)).orderBy(asc(loanInstalments.number))
      : Promise.resolve([]),
    ids.length
      ? ctx.db
          .select()
          .from(loanRepayments)
          .where(inArray(loanRepayments.loanId, ids))
          .orderBy(asc(loanRepayments.date), asc(loanRepayments.id))
      : Promise.resolve([]),
    shopDay(ctx),
  ]);
  const names = await accountNames(
    ctx.db,
    repayments.map((row) => row.balanceAccountId),
  );
  return {
    loaner: loaner as LoanerView,
    loans: views.map((view) => ({
      ...view,
      schedule: instalmentViews(
        instalments.filter((each) => each.loanId === view.id),
        today,
      ),
      repayments: repayments
        .filter((each) => each.loanId === view.id)
        .map((each) => ({
          id: each.id,
          loan_id: each.loanId,
          date: each.date,
          balance_id: each.balanceAccountId,
          balance_name: names.get(each.balanceAccountId) ?? '',
          amount: each.amount,
          interest_part: each.interestPart,
          principal_part: each.principalPart,
          reference: each.reference,
          note: each.note,
          entry_id: Number(each.entryId),
          admin_name: each.actorName,
        })),
    })),
  };
}
