import {
  type DirectorPaymentDetails,
  type DirectorView,
  directorDescriptor,
  directorPaymentInput,
  formatMoney,
  type SystemAccountKey,
} from '@haat/contracts';
import { asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { invalid, notFound } from '../../http/errors';
import { createResource, likeContains } from '../../http/resource';
import { activeBalance, type EntryLineInput, postEntry } from '../accounts';
import { recordAudit } from '../audit';
import { accountNames, assertOwnCompany, companyNames } from './asset.service';
import { directorPayments, directors } from './own-company.table';

type Row = Record<string, unknown>;

async function directorViews(ctx: Ctx, rows: Row[]): Promise<DirectorView[]> {
  const ids = rows.map((row) => Number(row.id));
  const sums = ids.length
    ? await ctx.db
        .select({ directorId: directorPayments.directorId, kind: directorPayments.kind, sum: sql<string>`sum(${directorPayments.amount})` })
        .from(directorPayments)
        .where(inArray(directorPayments.directorId, ids))
        .groupBy(directorPayments.directorId, directorPayments.kind)
    : [];
  const companiesById = await companyNames(
    ctx,
    rows.map((row) => Number(row.companyId)),
  );
  const sumOf = (id: number, kinds: string[]) =>
    sums.filter((row) => row.directorId === id && kinds.includes(row.kind)).reduce((total, row) => total + Number(row.sum), 0);
  return rows.map((row) => ({
    id: Number(row.id),
    company_id: Number(row.companyId),
    company_name: companiesById.get(Number(row.companyId)) ?? '',
    name: String(row.name),
    designation: String(row.designation),
    phone: String(row.phone),
    national_id: String(row.nationalId),
    share_percent: Number(row.sharePercent) / 100,
    status: Number(row.status),
    paid: sumOf(Number(row.id), ['remuneration', 'drawing']),
    brought_in: sumOf(Number(row.id), ['capital_in']),
    created_at: (row.createdAt as Date).toISOString(),
    updated_at: (row.updatedAt as Date).toISOString(),
  }));
}

/** `/admin/director`: the directors of our own companies. */
export const directorResource = createResource(directorDescriptor, {
  table: directors,
  id: directors.id,
  searchWhere: (q: string) => {
    const pattern = likeContains(q);
    return or(ilike(directors.name, pattern), ilike(directors.phone, pattern), ilike(directors.designation, pattern));
  },
  sort: { id: directors.id, name: directors.name, created_at: directors.createdAt },
  filters: { company_id: { column: directors.companyId }, status: { column: directors.status } },
  statusColumn: directors.status,
  usedBy: [{ label: 'payments', table: directorPayments, column: directorPayments.directorId }],
  audit: { entity: 'director', ignore: ['paid', 'brought_in'] },
  async toValues(ctx, input) {
    await assertOwnCompany(ctx, input.company_id);
    return {
      companyId: input.company_id,
      name: input.name,
      designation: input.designation,
      phone: input.phone,
      nationalId: input.national_id,
      sharePercent: Math.round(input.share_percent * 100),
      status: input.status,
    };
  },
  toViews: directorViews,
});

/** What each kind of director payment is booked against (decision 052). */
const PAYMENT_ACCOUNT: Record<'remuneration' | 'drawing' | 'capital_in', SystemAccountKey> = {
  remuneration: 'salaries',
  drawing: 'director_drawings',
  capital_in: 'owner_equity',
};

/** `/admin/director/payment/details/{id}`: the director, every payment and the totals by kind. */
export async function directorPaymentDetails(ctx: Ctx, id: number): Promise<DirectorPaymentDetails> {
  const [director] = await ctx.db.select().from(directors).where(eq(directors.id, id));
  if (!director) throw notFound('The director');
  const rows = await ctx.db
    .select()
    .from(directorPayments)
    .where(eq(directorPayments.directorId, id))
    .orderBy(asc(directorPayments.date), asc(directorPayments.id));
  const names = await accountNames(
    ctx,
    rows.map((row) => row.balanceId),
  );
  const company = (await companyNames(ctx, [director.companyId])).get(director.companyId) ?? '';
  const total = (kind: string) => rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.amount, 0);
  return {
    director: {
      id: director.id,
      name: director.name,
      designation: director.designation,
      company_name: company,
      phone: director.phone,
      share_percent: director.sharePercent / 100,
    },
    payments: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      date: row.date,
      amount: row.amount,
      balance_name: names.get(row.balanceId) ?? '',
      note: row.note,
      admin_name: row.actorName,
    })),
    totals: { remuneration: total('remuneration'), drawing: total('drawing'), capital_in: total('capital_in') },
  };
}

/**
 * A payment to a director (remuneration: an expense under salaries; drawing: out of the owners'
 * equity) or money a director brings in (owners' capital), as one entry with the balance. A payment
 * larger than the balance holds is a 422 on `balance_id` and nothing is written.
 */
export async function payDirector(ctx: Ctx, id: number, body: unknown): Promise<DirectorPaymentDetails> {
  const input = directorPaymentInput.parse(body);
  await inTransaction(ctx, async (tx) => {
    const [director] = await tx.db.select().from(directors).where(eq(directors.id, id));
    if (!director) throw notFound('The director');
    const balance = await activeBalance(tx.db, input.balance_id);
    if (!balance) {
      throw invalid(
        'balance_id',
        input.kind === 'capital_in' ? 'Choose an active balance to receive into.' : 'Choose an active balance to pay from.',
      );
    }
    const [payment] = await tx.db
      .insert(directorPayments)
      .values({
        directorId: id,
        kind: input.kind,
        date: input.date,
        amount: input.amount,
        balanceId: input.balance_id,
        note: input.note,
        adminId: adminIdOf(tx),
        actorName: tx.actor.name,
      })
      .returning({ id: directorPayments.id });
    const paymentId = (payment as { id: number }).id;
    const other = PAYMENT_ACCOUNT[input.kind];
    const lines: EntryLineInput[] =
      input.kind === 'capital_in'
        ? [
            { account: input.balance_id, debit: input.amount },
            { account: other, credit: input.amount },
          ]
        : [
            { account: other, debit: input.amount },
            { account: input.balance_id, credit: input.amount, field: 'balance_id' },
          ];
    const words = { remuneration: 'Remuneration paid to', drawing: 'Drawing by', capital_in: 'Money brought in by' }[input.kind];
    const entry = await postEntry(tx, {
      date: input.date,
      source: `director.${input.kind}`,
      sourceType: 'director_payment',
      sourceId: paymentId,
      memo: `${words} ${director.name}: ${formatMoney(input.amount)}${input.note ? `: ${input.note}` : ''}`,
      lines,
    });
    await tx.db.update(directorPayments).set({ entryId: entry.id }).where(eq(directorPayments.id, paymentId));
    await recordAudit(tx, {
      action: `director.${input.kind}`,
      entity: 'director',
      entityId: id,
      changes: {
        amount: { before: null, after: input.amount },
        date: { before: null, after: input.date },
        balance: { before: null, after: balance.name },
      },
    });
  });
  return directorPaymentDetails(ctx, id);
}
