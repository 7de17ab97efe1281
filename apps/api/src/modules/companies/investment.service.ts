import {
  formatMoney,
  type InvestmentView,
  type InvestorDetails,
  type InvestorPayoutKind,
  investmentDescriptor,
  investorInput,
  investorPayoutInput,
  reversalInput,
} from '@haat/contracts';
import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { HttpError, invalid, notFound } from '../../http/errors';
import { createResource, likeContains } from '../../http/resource';
import { activeBalance, type EntryInput, postEntry, replaceEntry, reversalOf, reversalRecord, reverseEntry } from '../accounts';
import { diffChanges, recordAudit } from '../audit';
import { accountNames, assertOwnCompany, companyNames } from './asset.service';
import { investments, investorPayouts, investors } from './own-company.table';

type Row = Record<string, unknown>;
type Payout = typeof investorPayouts.$inferSelect;

const toPercent = (hundredths: number) => hundredths / 100;
const toHundredths = (percent: number) => Math.round(percent * 100);

async function investmentViews(ctx: Ctx, rows: Row[]): Promise<InvestmentView[]> {
  const investorIds = [...new Set(rows.map((row) => Number(row.investorId)))];
  const people = investorIds.length ? await ctx.db.select().from(investors).where(inArray(investors.id, investorIds)) : [];
  const byId = new Map(people.map((person) => [person.id, person]));
  const balances = await accountNames(
    ctx,
    rows.map((row) => Number(row.balanceId)),
  );
  const companiesById = await companyNames(
    ctx,
    rows.map((row) => Number(row.companyId)),
  );
  return rows.map((row) => {
    const person = byId.get(Number(row.investorId));
    return {
      id: Number(row.id),
      company_id: Number(row.companyId),
      company_name: companiesById.get(Number(row.companyId)) ?? '',
      investor_id: Number(row.investorId),
      investor_name: person?.name ?? '',
      investor_phone: person?.phone ?? '',
      investor_national_id: person?.nationalId ?? '',
      investor_address: person?.address ?? '',
      amount: Number(row.amount),
      date: String(row.date),
      balance_id: Number(row.balanceId),
      balance_name: balances.get(Number(row.balanceId)) ?? '',
      profit_share: toPercent(Number(row.profitShare)),
      note: String(row.note),
      entry_id: row.entryId == null ? null : Number(row.entryId),
      created_at: (row.createdAt as Date).toISOString(),
      updated_at: (row.updatedAt as Date).toISOString(),
    };
  });
}

/** An investor locked for the caller's transaction: what may still be returned to them is decided under it. */
const lockInvestor = async ({ db }: Ctx, id: number) => (await db.select().from(investors).where(eq(investors.id, id)).for('update'))[0];

/** What an investor put in and got back, read under their lock. */
async function investorTotals({ db }: Ctx, investorId: number) {
  const [invested] = await db
    .select({
      sum: sql<string>`coalesce(sum(${investments.amount}), 0)`,
      weighted: sql<string>`coalesce(sum(${investments.amount} * ${investments.profitShare}), 0)`,
    })
    .from(investments)
    .where(eq(investments.investorId, investorId));
  const paid = await db
    .select({ kind: investorPayouts.kind, sum: sql<string>`sum(${investorPayouts.amount})` })
    .from(investorPayouts)
    .where(and(eq(investorPayouts.investorId, investorId), isNull(investorPayouts.reversedAt)))
    .groupBy(investorPayouts.kind);
  const of = (kind: InvestorPayoutKind) => Number(paid.find((row) => row.kind === kind)?.sum ?? 0);
  const total = Number(invested?.sum ?? 0);
  return {
    invested: total,
    profit_paid: of('profit'),
    returned: of('capital_return'),
    outstanding: total - of('capital_return'),
    profit_share: total > 0 ? Math.round(Number(invested?.weighted ?? 0) / total) / 100 : 0,
  };
}

function investmentEntry(row: Row, investorName: string) {
  const amount = Number(row.amount);
  return {
    date: String(row.date),
    source: 'investment.received',
    sourceType: 'investment',
    sourceId: Number(row.id),
    memo: `Investment from ${investorName}: ${formatMoney(amount)}${row.note ? `: ${row.note}` : ''}`,
    lines: [
      { account: Number(row.balanceId), debit: amount },
      { account: 'investor_capital' as const, credit: amount },
    ],
  };
}

/** `/admin/company/investment`: money investors put into our own companies, each posted into a balance. */
export const investmentResource = createResource(investmentDescriptor, {
  table: investments,
  id: investments.id,
  searchWhere: (q: string) => {
    const pattern = likeContains(q);
    return or(
      ilike(investments.note, pattern),
      sql`${investments.investorId} in (select id from investors where name ilike ${pattern} or phone ilike ${pattern})`,
    );
  },
  sort: { id: investments.id, date: investments.date, amount: investments.amount, created_at: investments.createdAt },
  filters: { company_id: { column: investments.companyId }, investor_id: { column: investments.investorId } },
  audit: { entity: 'investment', ignore: ['entry_id', 'updated_at'] },
  async toValues(ctx, input, existing) {
    await assertOwnCompany(ctx, input.company_id);
    if (!(await activeBalance(ctx.db, input.balance_id))) throw invalid('balance_id', 'Choose an active balance to receive into.');
    let investorId = input.investor_id;
    if (investorId !== null) {
      const investor = await lockInvestor(ctx, investorId);
      if (!investor) throw invalid('investor_id', 'Choose an investor or enter a new investor name');
      if (existing) {
        // What was returned to them cannot exceed what they put in.
        const totals = await investorTotals(ctx, investorId);
        const after = totals.invested - (Number(existing.investorId) === investorId ? Number(existing.amount) : 0) + input.amount;
        if (after < totals.returned) {
          throw invalid(
            'amount',
            `${formatMoney(totals.returned)} was already returned to this investor; the investments cannot total less.`,
          );
        }
      }
    } else {
      const [created] = await ctx.db
        .insert(investors)
        .values({
          name: input.investor_name,
          phone: input.investor_phone,
          nationalId: input.investor_national_id,
          address: input.investor_address,
        })
        .returning({ id: investors.id });
      investorId = (created as { id: number }).id;
      await recordAudit(ctx, {
        action: 'create',
        entity: 'investor',
        entityId: investorId,
        changes: { name: { before: null, after: input.investor_name }, phone: { before: null, after: input.investor_phone } },
      });
    }
    if (existing && Number(existing.investorId) !== investorId) {
      const previous = await lockInvestor(ctx, Number(existing.investorId));
      const totals = await investorTotals(ctx, Number(previous?.id));
      if (totals.invested - Number(existing.amount) < totals.returned) {
        throw invalid('investor_id', 'Money was already returned to the first investor against this investment; it stays theirs.');
      }
    }
    return {
      companyId: input.company_id,
      investorId,
      amount: input.amount,
      date: input.date,
      balanceId: input.balance_id,
      profitShare: toHundredths(input.profit_share),
      note: input.note,
    };
  },
  /** Posts the money in; an edit of what was booked reverses the entry and posts it again (never rewrites it). */
  async afterSave(ctx, { row, existing }) {
    if (existing?.entryId) {
      const unchanged = (['date', 'amount', 'balanceId', 'investorId', 'note'] as const).every(
        (key) => String(existing[key]) === String(row[key]),
      );
      if (unchanged) return;
      await reverseEntry(ctx, Number(existing.entryId), 'edited', { date: String(existing.date), field: 'balance_id' });
    }
    const [investor] = await ctx.db
      .select({ name: investors.name })
      .from(investors)
      .where(eq(investors.id, Number(row.investorId)));
    const entry = await postEntry(ctx, investmentEntry(row, investor?.name ?? ''));
    await ctx.db
      .update(investments)
      .set({ entryId: entry.id })
      .where(eq(investments.id, Number(row.id)));
  },
  /** A delete reverses the money in; refused when it was already returned. */
  async beforeDelete(ctx, row) {
    await lockInvestor(ctx, Number(row.investorId));
    const totals = await investorTotals(ctx, Number(row.investorId));
    if (totals.invested - Number(row.amount) < totals.returned) {
      throw new HttpError(409, 'Money was already returned to this investor against it; it cannot be deleted.');
    }
    if (!row.entryId) return;
    await reverseEntry(ctx, Number(row.entryId), `deleted by ${ctx.actor.name ?? 'staff'}`, {
      date: String(row.date),
      field: 'balance_id',
    });
    await ctx.db
      .update(investments)
      .set({ entryId: null })
      .where(eq(investments.id, Number(row.id)));
  },
  toViews: investmentViews,
});

/** `/admin/company/investor/details/{id}`: the investor, their investments, payouts and totals. */
export async function investorDetails(ctx: Ctx, id: number): Promise<InvestorDetails> {
  const [investor] = await ctx.db.select().from(investors).where(eq(investors.id, id));
  if (!investor) throw notFound('The investor');
  const rows = await ctx.db
    .select()
    .from(investments)
    .where(eq(investments.investorId, id))
    .orderBy(asc(investments.date), asc(investments.id));
  const payouts = await ctx.db
    .select()
    .from(investorPayouts)
    .where(eq(investorPayouts.investorId, id))
    .orderBy(asc(investorPayouts.date), asc(investorPayouts.id));
  const names = await accountNames(ctx, [...rows.map((row) => row.balanceId), ...payouts.map((row) => row.balanceId)]);
  const companiesById = await companyNames(
    ctx,
    rows.map((row) => row.companyId),
  );
  return {
    investor: { id: investor.id, name: investor.name, phone: investor.phone, national_id: investor.nationalId, address: investor.address },
    investments: rows.map((row) => ({
      id: row.id,
      company_name: companiesById.get(row.companyId) ?? '',
      date: row.date,
      amount: row.amount,
      balance_name: names.get(row.balanceId) ?? '',
      profit_share: toPercent(row.profitShare),
      note: row.note,
    })),
    payouts: payouts.map((row) => ({
      id: row.id,
      kind: row.kind,
      date: row.date,
      amount: row.amount,
      balance_id: row.balanceId,
      balance_name: names.get(row.balanceId) ?? '',
      note: row.note,
      ...reversalOf(row),
    })),
    totals: await investorTotals(ctx, id),
  };
}

/** A payout's entry: against investors' capital, out of a balance (422 on `balance_id` when it holds too little). */
function payoutEntry(investorName: string, payout: Pick<Payout, 'id' | 'kind' | 'date' | 'amount' | 'balanceId' | 'note'>): EntryInput {
  return {
    date: payout.date,
    source: payout.kind === 'profit' ? 'investor.profit_paid' : 'investor.capital_returned',
    sourceType: 'investor_payout',
    sourceId: payout.id,
    memo: `${payout.kind === 'profit' ? 'Profit share paid to' : 'Investment returned to'} ${investorName}: ${formatMoney(payout.amount)}${payout.note ? `: ${payout.note}` : ''}`,
    lines: [
      { account: 'investor_capital', debit: payout.amount },
      { account: payout.balanceId, credit: payout.amount, field: 'balance_id' },
    ],
  };
}

/**
 * Pays an investor (decision 052): a profit share or money returned, out of a balance, both against
 * investors' capital (a distribution to an owner of equity, never an expense). What is returned never
 * exceeds what they still have in: decided under the investor's row lock. A short balance is a 422
 * on `balance_id` and nothing is written.
 */
export async function payInvestor(ctx: Ctx, id: number, body: unknown): Promise<InvestorDetails> {
  const input = investorPayoutInput.parse(body);
  await inTransaction(ctx, async (tx) => {
    const investor = await lockInvestor(tx, id);
    if (!investor) throw notFound('The investor');
    if (!(await activeBalance(tx.db, input.balance_id))) throw invalid('balance_id', 'Choose an active balance to pay from.');
    const totals = await investorTotals(tx, id);
    if (input.kind === 'capital_return' && input.amount > totals.outstanding) {
      throw invalid('amount', `Only ${formatMoney(totals.outstanding)} of their investment is still in the business.`);
    }
    if (input.kind === 'profit' && totals.invested === 0) throw invalid('kind', 'This investor has no investment to share profit on.');
    const [payout] = await tx.db
      .insert(investorPayouts)
      .values({
        investorId: id,
        kind: input.kind,
        date: input.date,
        amount: input.amount,
        balanceId: input.balance_id,
        note: input.note,
        adminId: adminIdOf(tx),
        actorName: tx.actor.name,
      })
      .returning({ id: investorPayouts.id });
    const payoutId = (payout as { id: number }).id;
    const entry = await postEntry(tx, payoutEntry(investor.name, { id: payoutId, ...input, balanceId: input.balance_id }));
    await tx.db.update(investorPayouts).set({ entryId: entry.id }).where(eq(investorPayouts.id, payoutId));
    await recordAudit(tx, {
      action: input.kind === 'profit' ? 'investor.profit_paid' : 'investor.capital_returned',
      entity: 'investor',
      entityId: id,
      changes: { amount: { before: null, after: input.amount }, date: { before: null, after: input.date } },
    });
  });
  return investorDetails(ctx, id);
}

/** Investors by name, for the investment form's choice. */
export async function investorChoices({ db }: Ctx) {
  return db
    .select({ id: investors.id, name: investors.name, phone: investors.phone })
    .from(investors)
    .orderBy(asc(investors.name), asc(investors.id));
}

/**
 * The investments list's investor filter (`GET /api/admin/investments/investors`, `investment.view`):
 * id and name only, the first 100 by name matching `q`, so a person who may see investments but not
 * investors still gets the filter's options. `/investors/{id}` answers the chosen one.
 */
export async function investorFilterOptions({ db }: Ctx, query: { q?: unknown }) {
  const q = typeof query.q === 'string' ? query.q.trim() : '';
  const data = await db
    .select({ id: investors.id, name: investors.name })
    .from(investors)
    .where(q ? ilike(investors.name, likeContains(q)) : undefined)
    .orderBy(asc(investors.name), asc(investors.id))
    .limit(100);
  return { data };
}

export async function investorFilterOption({ db }: Ctx, id: number) {
  const [row] = await db.select({ id: investors.id, name: investors.name }).from(investors).where(eq(investors.id, id));
  if (!row) throw notFound('The investor');
  return { data: row };
}

/**
 * An investor's own details, after their first investment (`PUT /api/admin/investors/{id}`): name,
 * phone, national ID, address; audited. Their posted entries keep the name they were posted with.
 */
export async function updateInvestor(ctx: Ctx, id: number, body: unknown): Promise<InvestorDetails> {
  const input = investorInput.parse(body);
  await inTransaction(ctx, async (tx) => {
    const before = await lockInvestor(tx, id);
    if (!before) throw notFound('The investor');
    const after = { name: input.name, phone: input.phone, nationalId: input.national_id, address: input.address };
    await tx.db
      .update(investors)
      .set({ ...after, updatedAt: tx.now })
      .where(eq(investors.id, id));
    const changes = diffChanges(
      { name: before.name, phone: before.phone, national_id: before.nationalId, address: before.address },
      { name: after.name, phone: after.phone, national_id: after.nationalId, address: after.address },
    );
    if (Object.keys(changes).length) await recordAudit(tx, { action: 'update', entity: 'investor', entityId: id, changes });
  });
  return investorDetails(ctx, id);
}

/** A payout and its investor, the investor locked first (as a new payout takes it), then the payout. */
async function lockPayout(tx: Ctx, id: number) {
  const [found] = await tx.db.select({ investorId: investorPayouts.investorId }).from(investorPayouts).where(eq(investorPayouts.id, id));
  if (!found) throw notFound('The payment');
  const investor = await lockInvestor(tx, found.investorId);
  const [payout] = await tx.db.select().from(investorPayouts).where(eq(investorPayouts.id, id)).for('update');
  return { investor: investor as typeof investors.$inferSelect, payout: payout as Payout };
}

const auditedPayout = (payout: Payout) => ({
  kind: payout.kind,
  date: payout.date,
  amount: payout.amount,
  balance_id: payout.balanceId,
  note: payout.note,
});

/**
 * Corrects an investor payout (`PUT /api/admin/investor-payouts/{id}`): its kind, date, amount, balance,
 * note. Under the investor's lock, as a payout: what is returned never exceeds what they still have in
 * (422 on `amount`); the entry is reversed and the right one posted (422 on `balance_id` when a balance
 * would go below zero). A reversed payout is not corrected (409).
 */
export async function editInvestorPayout(ctx: Ctx, id: number, body: unknown): Promise<InvestorDetails> {
  const input = investorPayoutInput.parse(body);
  const investorId = await inTransaction(ctx, async (tx) => {
    const { investor, payout } = await lockPayout(tx, id);
    if (payout.reversedAt) throw new HttpError(409, 'This payment was reversed; it cannot be changed.');
    if (!(await activeBalance(tx.db, input.balance_id))) throw invalid('balance_id', 'Choose an active balance to pay from.');
    const totals = await investorTotals(tx, investor.id);
    const outstanding = totals.outstanding + (payout.kind === 'capital_return' ? payout.amount : 0);
    if (input.kind === 'capital_return' && input.amount > outstanding) {
      throw invalid('amount', `Only ${formatMoney(outstanding)} of their investment is still in the business.`);
    }
    if (input.kind === 'profit' && totals.invested === 0) throw invalid('kind', 'This investor has no investment to share profit on.');
    const [saved] = await tx.db
      .update(investorPayouts)
      .set({ kind: input.kind, date: input.date, amount: input.amount, balanceId: input.balance_id, note: input.note })
      .where(eq(investorPayouts.id, id))
      .returning();
    const after = saved as Payout;
    const changes = diffChanges(auditedPayout(payout), auditedPayout(after));
    if (Object.keys(changes).length === 0) return investor.id;
    const entry = await replaceEntry(
      tx,
      { id: Number(payout.entryId), date: payout.date },
      payoutEntry(investor.name, after),
      'payment corrected',
      true,
    );
    await tx.db.update(investorPayouts).set({ entryId: entry.id }).where(eq(investorPayouts.id, id));
    await recordAudit(tx, { action: 'update', entity: 'investor.payout', entityId: id, changes });
    return investor.id;
  });
  return investorDetails(ctx, investorId);
}

/**
 * Reverses an investor payout (`POST /api/admin/investor-payouts/{id}/reverse`, a reason): the money goes
 * back into its balance and it no longer counts as paid or returned. Once only (409), decided under the
 * investor's lock.
 */
export async function reverseInvestorPayout(ctx: Ctx, id: number, body: unknown): Promise<InvestorDetails> {
  const { reason } = reversalInput.parse(body);
  const investorId = await inTransaction(ctx, async (tx) => {
    const { investor, payout } = await lockPayout(tx, id);
    if (payout.reversedAt) throw new HttpError(409, 'This payment is already reversed.');
    const reversal = await reverseEntry(tx, Number(payout.entryId), reason, { date: payout.date, field: 'balance_id' });
    await tx.db
      .update(investorPayouts)
      .set(reversalRecord(tx, reason, reversal.id).columns)
      .where(eq(investorPayouts.id, id));
    await recordAudit(tx, {
      action: 'reverse',
      entity: 'investor.payout',
      entityId: id,
      changes: {
        investor: { before: investor.name, after: investor.name },
        amount: { before: payout.amount, after: payout.amount },
        ...reversalRecord(tx, reason, reversal.id).changes,
      },
    });
    return investor.id;
  });
  return investorDetails(ctx, investorId);
}
