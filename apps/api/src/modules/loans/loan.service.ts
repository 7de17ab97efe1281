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
  reversalInput,
} from '@haat/contracts';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { rowsOf } from '../../db/client';
import { HttpError, invalid, notFound } from '../../http/errors';
import { createResource, likeContains } from '../../http/resource';
import {
  accountNames,
  activeBalance,
  type EntryInput,
  postEntry,
  replaceEntry,
  reversalOf,
  reversalRecord,
  reverseEntry,
  shopDay,
} from '../accounts';
import { diffChanges, recordAudit } from '../audit';
import { loaners, loanInstalments, loanRepayments, loans } from './loan.table';
import { allocateRepayment, loanSchedule } from './loan-schedule';

type Row = Record<string, unknown>;
type Instalment = typeof loanInstalments.$inferSelect;
type Loan = typeof loans.$inferSelect;
type Repayment = typeof loanRepayments.$inferSelect;

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
      interest_method: row.interestMethod as LoanView['interest_method'],
      term_months: Number(row.termMonths),
      first_due_date: String(row.firstDueDate),
      total_interest: totalInterest,
      paid,
      // A reversed loan is owed nothing (its schedule went with it).
      outstanding: row.reversedAt ? 0 : principal + totalInterest - paid,
      principal_outstanding: row.reversedAt ? 0 : principal - principalPaid,
      next_due_date: next?.dueDate ?? null,
      next_due_amount: next ? next.principal + next.interest - next.paid : 0,
      overdue: overdue.length > 0,
      overdue_amount: overdue.reduce((sum, each) => sum + each.principal + each.interest - each.paid, 0),
      note: String(row.note),
      entry_id: row.entryId == null ? null : Number(row.entryId),
      admin_name: (row.actorName as string | null) ?? null,
      created_at: (row.createdAt as Date).toISOString(),
      ...reversalOf(row),
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

type ParsedLoan = ReturnType<typeof loanInput.parse>;

/** The loan's lender or borrower: the one chosen (422 when it is not one), or a new one made from the form's details. */
async function loanerFor(tx: Ctx, input: ParsedLoan): Promise<{ id: number; name: string }> {
  if (input.loaner_id != null) {
    const [found] = await tx.db.select({ id: loaners.id, name: loaners.name }).from(loaners).where(eq(loaners.id, input.loaner_id));
    if (!found) throw invalid('loaner_id', 'Choose a lender or borrower from the list.');
    return found;
  }
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
  const id = Number(made?.id);
  await recordAudit(tx, {
    action: 'create',
    entity: 'loaner',
    entityId: id,
    changes: diffChanges(null, { name: input.loaner_name, phone: input.loaner_phone }),
  });
  return { id, name: input.loaner_name };
}

/** The loan's own entry: taken = the balance gains it, a loan payable; given = a loan receivable, the balance loses it. */
function loanEntry(loan: Pick<Loan, 'id' | 'direction' | 'principal' | 'date' | 'balanceAccountId'>, loanerName: string): EntryInput {
  const taken = loan.direction === 'taken';
  return {
    date: loan.date,
    source: taken ? 'loan.taken' : 'loan.given',
    sourceType: 'loan',
    sourceId: loan.id,
    memo: `${taken ? 'Loan taken from' : 'Loan given to'} ${loanerName}: ${formatMoney(loan.principal)}`,
    lines: taken
      ? [
          { account: loan.balanceAccountId, debit: loan.principal },
          { account: 'loan_payable', credit: loan.principal },
        ]
      : [
          { account: 'loan_receivable', debit: loan.principal },
          { account: loan.balanceAccountId, credit: loan.principal, field: 'balance_id' },
        ],
  };
}

/** A repayment's entry: taken = the balance pays it out; given = it comes into the balance, interest as income. */
function repaymentEntry(
  loan: Pick<Loan, 'direction'>,
  loanerName: string,
  repayment: Pick<Repayment, 'id' | 'date' | 'balanceAccountId' | 'amount' | 'interestPart' | 'principalPart'>,
): EntryInput {
  const taken = loan.direction === 'taken';
  const { amount, interestPart: interest, principalPart: principal } = repayment;
  return {
    date: repayment.date,
    source: taken ? 'loan.repaid' : 'loan.repayment.received',
    sourceType: 'loan_repayment',
    sourceId: repayment.id,
    memo: `${taken ? 'Loan repaid to' : 'Loan repayment from'} ${loanerName}: ${formatMoney(amount)} (interest ${formatMoney(interest)})`,
    lines: taken
      ? [
          ...(principal ? [{ account: 'loan_payable' as const, debit: principal }] : []),
          ...(interest ? [{ account: 'interest' as const, debit: interest }] : []),
          { account: repayment.balanceAccountId, credit: amount, field: 'balance_id' },
        ]
      : [
          { account: repayment.balanceAccountId, debit: amount },
          ...(principal ? [{ account: 'loan_receivable' as const, credit: principal }] : []),
          ...(interest ? [{ account: 'interest_income' as const, credit: interest }] : []),
        ],
  };
}

const loanerNameOf = async (tx: Ctx, id: number) =>
  (await tx.db.select({ name: loaners.name }).from(loaners).where(eq(loaners.id, id)))[0]?.name ?? '';

/** The loan by id under its row lock: repayments and corrections of one loan are decided one at a time. */
async function lockLoan(tx: Ctx, id: number): Promise<Loan> {
  const [loan] = await tx.db.select().from(loans).where(eq(loans.id, id)).for('update');
  if (!loan) throw notFound('The loan');
  return loan;
}

const liveRepayments = (tx: Ctx, loanId: number) =>
  tx.db
    .select()
    .from(loanRepayments)
    .where(and(eq(loanRepayments.loanId, loanId), isNull(loanRepayments.reversedAt)))
    .orderBy(asc(loanRepayments.id));

/**
 * Shares the loan's standing repayments out over its schedule again, in the order they were recorded
 * (after one is corrected or reversed, or the terms change), and reposts each one whose interest and
 * principal split changed, and each one in `changed` (its row already corrected; the map holds it as
 * it was). Refuses with a 422 on `field` when they come to more than the loan is owed. Runs under the
 * loan's lock.
 */
async function reshare(tx: Ctx, loan: Loan, field: string, changed = new Map<number, Repayment>()) {
  const instalments = await tx.db
    .select()
    .from(loanInstalments)
    .where(eq(loanInstalments.loanId, loan.id))
    .orderBy(asc(loanInstalments.number));
  const state = instalments.map((each) => ({ ...each, paid: 0 }));
  const repayments = await liveRepayments(tx, loan.id);
  const owed = instalments.reduce((sum, each) => sum + each.principal + each.interest, 0);
  const repaid = repayments.reduce((sum, each) => sum + each.amount, 0);
  if (repaid > owed) {
    throw invalid(field, `Repayments of ${formatMoney(repaid)} would be more than the loan is owed: ${formatMoney(owed)}.`);
  }
  const splits = repayments.map((repayment) => {
    const share = allocateRepayment(state, repayment.amount);
    for (const change of share.changes) {
      const target = state.find((each) => each.id === change.id);
      if (target) target.paid = change.paid;
    }
    return { repayment, interest: share.interest, principal: share.principal };
  });
  for (const each of state) {
    const before = instalments.find((row) => row.id === each.id);
    if (before?.paid !== each.paid) await tx.db.update(loanInstalments).set({ paid: each.paid }).where(eq(loanInstalments.id, each.id));
  }
  const name = await loanerNameOf(tx, loan.loanerId);
  for (const { repayment, interest, principal } of splits) {
    const old = changed.get(repayment.id);
    if (!old && repayment.interestPart === interest && repayment.principalPart === principal) continue;
    const next = { ...repayment, interestPart: interest, principalPart: principal };
    const entry = await replaceEntry(
      tx,
      { id: Number(repayment.entryId), date: (old ?? repayment).date },
      repaymentEntry(loan, name, next),
      old ? 'repayment corrected' : 'repayment shared out again after a correction',
      loan.direction === 'taken',
    );
    await tx.db
      .update(loanRepayments)
      .set({ interestPart: interest, principalPart: principal, entryId: entry.id })
      .where(eq(loanRepayments.id, repayment.id));
  }
}

async function writeSchedule(tx: Ctx, loan: Loan) {
  const schedule = loanSchedule({
    principal: loan.principal,
    rateBp: loan.rateBp,
    termMonths: loan.termMonths,
    firstDueDate: loan.firstDueDate,
    method: loan.interestMethod,
  });
  await tx.db.insert(loanInstalments).values(
    schedule.map((each) => ({
      loanId: loan.id,
      number: each.number,
      dueDate: each.dueDate,
      principal: each.principal,
      interest: each.interest,
    })),
  );
}

async function loanView(tx: Ctx, id: number): Promise<LoanView> {
  const [row] = await tx.db.select().from(loans).where(eq(loans.id, id));
  const [view] = await loanViews(tx, [row as Row]);
  return view as LoanView;
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
    const loaner = await loanerFor(tx, input);
    const [loan] = await tx.db
      .insert(loans)
      .values({
        direction: input.direction,
        loanerId: loaner.id,
        principal: input.principal,
        date: input.date,
        balanceAccountId: balance.id,
        rateBp: Math.round(input.interest_rate * 100),
        interestMethod: input.interest_method,
        termMonths: input.term_months,
        firstDueDate: input.first_due_date,
        note: input.note,
        adminId: adminIdOf(tx),
        actorName: tx.actor.name,
      })
      .returning();
    const made = loan as Loan;
    await writeSchedule(tx, made);
    const entry = await postEntry(tx, loanEntry(made, loaner.name));
    await tx.db.update(loans).set({ entryId: entry.id }).where(eq(loans.id, made.id));
    await recordAudit(tx, {
      action: 'create',
      entity: 'loan',
      entityId: made.id,
      changes: diffChanges(null, {
        direction: input.direction,
        loaner: loaner.name,
        principal: input.principal,
        date: input.date,
        balance: balance.name,
        interest_rate: input.interest_rate,
        interest_method: input.interest_method,
        term_months: input.term_months,
        first_due_date: input.first_due_date,
        entry_id: entry.id,
      }),
    });
    return loanView(tx, made.id);
  });
}

const auditedLoan = (loan: Loan) => ({
  direction: loan.direction,
  loaner_id: loan.loanerId,
  principal: loan.principal,
  date: loan.date,
  balance_id: loan.balanceAccountId,
  interest_rate: loan.rateBp / 100,
  interest_method: loan.interestMethod,
  term_months: loan.termMonths,
  first_due_date: loan.firstDueDate,
  note: loan.note,
  entry_id: loan.entryId,
});

/**
 * Corrects a loan (`PUT /api/admin/loans/{id}`), before or after repayments, under the loan's lock:
 * new terms make a new schedule and its standing repayments are shared out over it again (each whose
 * split changes is reposted; 422 on `principal` when they come to more than it would be owed); a new
 * amount, date, balance, kind or lender reverses the loan's entry and posts the right one (422 on
 * `balance_id` when a balance would go below zero). A loan with repayments keeps its kind.
 */
export async function editLoan(ctx: Ctx, id: number, body: unknown): Promise<LoanView> {
  const input = loanInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const before = await lockLoan(tx, id);
    if (before.reversedAt) throw new HttpError(409, 'This loan was reversed; it cannot be changed.');
    const repaid = (await liveRepayments(tx, id)).length > 0;
    if (repaid && input.direction !== before.direction) {
      throw invalid('direction', 'A loan with repayments keeps its kind: reverse its repayments first.');
    }
    const balance = await balanceFor(
      tx,
      input.balance_id,
      'balance_id',
      input.direction === 'taken' ? 'Choose an active balance the money came into.' : 'Choose an active balance the money went out from.',
    );
    const loaner = await loanerFor(tx, input);
    const [saved] = await tx.db
      .update(loans)
      .set({
        direction: input.direction,
        loanerId: loaner.id,
        principal: input.principal,
        date: input.date,
        balanceAccountId: balance.id,
        rateBp: Math.round(input.interest_rate * 100),
        interestMethod: input.interest_method,
        termMonths: input.term_months,
        firstDueDate: input.first_due_date,
        note: input.note,
      })
      .where(eq(loans.id, id))
      .returning();
    let loan = saved as Loan;
    // The schedule first: repayments that no longer fit are refused on the amount before any entry moves.
    const reshaped = (['principal', 'rateBp', 'interestMethod', 'termMonths', 'firstDueDate'] as const).some(
      (key) => before[key] !== loan[key],
    );
    if (reshaped) {
      await tx.db.delete(loanInstalments).where(eq(loanInstalments.loanId, id));
      await writeSchedule(tx, loan);
      await reshare(tx, loan, 'principal');
    }
    const moved = (['direction', 'loanerId', 'principal', 'date', 'balanceAccountId'] as const).some((key) => before[key] !== loan[key]);
    if (moved && before.entryId) {
      const entry = await replaceEntry(
        tx,
        { id: before.entryId, date: before.date },
        loanEntry(loan, loaner.name),
        'loan corrected',
        before.direction === 'given',
      );
      [loan] = (await tx.db.update(loans).set({ entryId: entry.id }).where(eq(loans.id, id)).returning()) as [Loan];
    }
    const changes = diffChanges(auditedLoan(before), auditedLoan(loan));
    if (Object.keys(changes).length) await recordAudit(tx, { action: 'update', entity: 'loan', entityId: id, changes });
    return loanView(tx, id);
  });
}

/**
 * Reverses a loan recorded by mistake (`POST /api/admin/loans/{id}/reverse`, a reason): its entry is
 * reversed, its schedule goes, and it stays listed as reversed. Decided under the loan's lock: once
 * only (409), and only with no standing repayments (409: reverse them first). A loan taken whose money
 * has been spent cannot be reversed (422 on `balance_id`).
 */
export async function reverseLoan(ctx: Ctx, id: number, body: unknown): Promise<LoanView> {
  const { reason } = reversalInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const loan = await lockLoan(tx, id);
    if (loan.reversedAt) throw new HttpError(409, 'This loan is already reversed.');
    if ((await liveRepayments(tx, id)).length > 0) {
      throw new HttpError(409, 'This loan has repayments: reverse them first.');
    }
    const reversal = loan.entryId ? await reverseEntry(tx, loan.entryId, reason, { date: loan.date, field: 'balance_id' }) : null;
    await tx.db.delete(loanInstalments).where(eq(loanInstalments.loanId, id));
    await tx.db
      .update(loans)
      .set(reversalRecord(tx, reason, reversal?.id ?? null).columns)
      .where(eq(loans.id, id));
    await recordAudit(tx, {
      action: 'reverse',
      entity: 'loan',
      entityId: id,
      changes: reversalRecord(tx, reason, reversal?.id ?? null).changes,
    });
    return loanView(tx, id);
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
    const loan = await lockLoan(tx, loanId);
    if (loan.reversedAt) throw new HttpError(409, 'This loan was reversed; it cannot be changed.');
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
    const repayment = made as Repayment;
    const entry = await postEntry(tx, repaymentEntry(loan, await loanerNameOf(tx, loan.loanerId), repayment));
    await tx.db.update(loanRepayments).set({ entryId: entry.id }).where(eq(loanRepayments.id, repayment.id));
    await recordAudit(tx, {
      action: 'create',
      entity: 'loan.repayment',
      entityId: repayment.id,
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
    return repaymentView({ ...repayment, entryId: entry.id }, balance.name);
  });
}

function repaymentView(each: Repayment, balanceName: string): LoanRepaymentView {
  return {
    id: each.id,
    loan_id: each.loanId,
    date: each.date,
    balance_id: each.balanceAccountId,
    balance_name: balanceName,
    amount: each.amount,
    interest_part: each.interestPart,
    principal_part: each.principalPart,
    reference: each.reference,
    note: each.note,
    entry_id: Number(each.entryId),
    admin_name: each.actorName,
    ...reversalOf(each),
  };
}

/** A repayment and its loan, both locked (the loan first, as a new repayment takes them). */
async function lockRepayment(tx: Ctx, id: number): Promise<{ loan: Loan; repayment: Repayment }> {
  const [found] = await tx.db.select({ loanId: loanRepayments.loanId }).from(loanRepayments).where(eq(loanRepayments.id, id));
  if (!found) throw notFound('The repayment');
  const loan = await lockLoan(tx, found.loanId);
  const [repayment] = await tx.db.select().from(loanRepayments).where(eq(loanRepayments.id, id)).for('update');
  return { loan, repayment: repayment as Repayment };
}

const auditedRepayment = (each: Repayment) => ({
  date: each.date,
  balance_id: each.balanceAccountId,
  amount: each.amount,
  reference: each.reference,
  note: each.note,
});

/**
 * Corrects a repayment (`PUT /api/admin/loan-repayments/{id}`): its date, balance, amount, reference,
 * note. Under the loan's lock its entry is reversed and the right one posted, and the loan's standing
 * repayments are shared out again; it may not make them more than is owed (422 on `amount`), nor take
 * a balance below zero (422 on `balance_id`). A reversed repayment is not corrected (409).
 */
export async function editRepayment(ctx: Ctx, id: number, body: unknown): Promise<LoanRepaymentView> {
  const input = loanRepaymentInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const { loan, repayment } = await lockRepayment(tx, id);
    if (repayment.reversedAt) throw new HttpError(409, 'This repayment was reversed; it cannot be changed.');
    const balance = await balanceFor(
      tx,
      input.balance_id,
      'balance_id',
      loan.direction === 'taken' ? 'Choose an active balance to pay from.' : 'Choose an active balance to receive into.',
    );
    const [saved] = await tx.db
      .update(loanRepayments)
      .set({
        date: input.date,
        balanceAccountId: balance.id,
        amount: input.amount,
        // Shared out again just below; until then the parts must still add up to the amount.
        ...(input.amount === repayment.amount ? {} : { interestPart: 0, principalPart: input.amount }),
        reference: input.reference,
        note: input.note,
      })
      .where(eq(loanRepayments.id, id))
      .returning();
    const after = saved as Repayment;
    const moved =
      after.date !== repayment.date || after.balanceAccountId !== repayment.balanceAccountId || after.amount !== repayment.amount;
    await reshare(tx, loan, 'amount', moved ? new Map([[id, repayment]]) : new Map());
    const changes = diffChanges(auditedRepayment(repayment), auditedRepayment(after));
    if (Object.keys(changes).length) await recordAudit(tx, { action: 'update', entity: 'loan.repayment', entityId: id, changes });
    const [latest] = await tx.db.select().from(loanRepayments).where(eq(loanRepayments.id, id));
    return repaymentView(latest as Repayment, balance.name);
  });
}

/**
 * Reverses a repayment (`POST /api/admin/loan-repayments/{id}/reverse`, a reason): its entry is reversed,
 * the loan is owed it again, and the loan's other repayments are shared out again. Decided under the
 * loan's lock, once only (409). A repayment received into a balance that has since been spent cannot be
 * reversed (422 on `balance_id`).
 */
export async function reverseRepayment(ctx: Ctx, id: number, body: unknown): Promise<LoanRepaymentView> {
  const { reason } = reversalInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const { loan, repayment } = await lockRepayment(tx, id);
    if (repayment.reversedAt) throw new HttpError(409, 'This repayment is already reversed.');
    const reversal = await reverseEntry(tx, Number(repayment.entryId), reason, { date: repayment.date, field: 'balance_id' });
    await tx.db
      .update(loanRepayments)
      .set(reversalRecord(tx, reason, reversal.id).columns)
      .where(eq(loanRepayments.id, id));
    await reshare(tx, loan, 'amount');
    await recordAudit(tx, {
      action: 'reverse',
      entity: 'loan.repayment',
      entityId: id,
      changes: {
        loan_id: { before: loan.id, after: loan.id },
        amount: { before: repayment.amount, after: repayment.amount },
        ...reversalRecord(tx, reason, reversal.id).changes,
      },
    });
    const [latest] = await tx.db.select().from(loanRepayments).where(eq(loanRepayments.id, id));
    const names = await accountNames(tx.db, [repayment.balanceAccountId]);
    return repaymentView(latest as Repayment, names.get(repayment.balanceAccountId) ?? '');
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
        .map((each) => repaymentView(each, names.get(each.balanceAccountId) ?? '')),
    })),
  };
}
