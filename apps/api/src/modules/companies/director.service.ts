import {
  type DirectorPaymentDetails,
  type DirectorView,
  directorDescriptor,
  directorPaymentInput,
  formatMoney,
  reversalInput,
  type SystemAccountKey,
} from '@haat/contracts';
import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { HttpError, invalid, notFound } from '../../http/errors';
import { createResource, likeContains } from '../../http/resource';
import { activeBalance, type EntryInput, postEntry, replaceEntry, reversalOf, reversalRecord, reverseEntry } from '../accounts';
import { diffChanges, recordAudit } from '../audit';
import { accountNames, assertOwnCompany, companyNames } from './asset.service';
import { directorPayments, directors } from './own-company.table';

type Row = Record<string, unknown>;
type Payment = typeof directorPayments.$inferSelect;

async function directorViews(ctx: Ctx, rows: Row[]): Promise<DirectorView[]> {
  const ids = rows.map((row) => Number(row.id));
  const sums = ids.length
    ? await ctx.db
        .select({ directorId: directorPayments.directorId, kind: directorPayments.kind, sum: sql<string>`sum(${directorPayments.amount})` })
        .from(directorPayments)
        .where(and(inArray(directorPayments.directorId, ids), isNull(directorPayments.reversedAt)))
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
  const total = (kind: string) => rows.filter((row) => row.kind === kind && !row.reversedAt).reduce((sum, row) => sum + row.amount, 0);
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
      balance_id: row.balanceId,
      balance_name: names.get(row.balanceId) ?? '',
      note: row.note,
      admin_name: row.actorName,
      ...reversalOf(row),
    })),
    totals: { remuneration: total('remuneration'), drawing: total('drawing'), capital_in: total('capital_in') },
  };
}

/** A director payment's entry: paid out of a balance (remuneration, drawing; 422 on `balance_id` when short) or brought into one. */
function paymentEntry(directorName: string, payment: Pick<Payment, 'id' | 'kind' | 'date' | 'amount' | 'balanceId' | 'note'>): EntryInput {
  const other = PAYMENT_ACCOUNT[payment.kind];
  const words = { remuneration: 'Remuneration paid to', drawing: 'Drawing by', capital_in: 'Money brought in by' }[payment.kind];
  return {
    date: payment.date,
    source: `director.${payment.kind}`,
    sourceType: 'director_payment',
    sourceId: payment.id,
    memo: `${words} ${directorName}: ${formatMoney(payment.amount)}${payment.note ? `: ${payment.note}` : ''}`,
    lines:
      payment.kind === 'capital_in'
        ? [
            { account: payment.balanceId, debit: payment.amount },
            { account: other, credit: payment.amount },
          ]
        : [
            { account: other, debit: payment.amount },
            { account: payment.balanceId, credit: payment.amount, field: 'balance_id' },
          ],
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
    const entry = await postEntry(tx, paymentEntry(director.name, { id: paymentId, ...input, balanceId: input.balance_id }));
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

/** A payment under its row lock, with its director: its corrections are decided one at a time. */
async function lockPayment(tx: Ctx, id: number) {
  const [payment] = await tx.db.select().from(directorPayments).where(eq(directorPayments.id, id)).for('update');
  if (!payment) throw notFound('The payment');
  const [director] = await tx.db.select().from(directors).where(eq(directors.id, payment.directorId));
  return { payment, director: director as typeof directors.$inferSelect };
}

const auditedPayment = (payment: Payment) => ({
  kind: payment.kind,
  date: payment.date,
  amount: payment.amount,
  balance_id: payment.balanceId,
  note: payment.note,
});

/**
 * Corrects a director payment (`PUT /api/admin/director-payments/{id}`): its kind, date, amount, balance
 * or note. Under its row lock the entry is reversed and the right one posted; a balance may not go below
 * zero (422 on `balance_id`). A reversed payment is not corrected (409).
 */
export async function editDirectorPayment(ctx: Ctx, id: number, body: unknown): Promise<DirectorPaymentDetails> {
  const input = directorPaymentInput.parse(body);
  const directorId = await inTransaction(ctx, async (tx) => {
    const { payment, director } = await lockPayment(tx, id);
    if (payment.reversedAt) throw new HttpError(409, 'This payment was reversed; it cannot be changed.');
    if (!(await activeBalance(tx.db, input.balance_id))) {
      throw invalid(
        'balance_id',
        input.kind === 'capital_in' ? 'Choose an active balance to receive into.' : 'Choose an active balance to pay from.',
      );
    }
    const [saved] = await tx.db
      .update(directorPayments)
      .set({ kind: input.kind, date: input.date, amount: input.amount, balanceId: input.balance_id, note: input.note })
      .where(eq(directorPayments.id, id))
      .returning();
    const after = saved as Payment;
    const changes = diffChanges(auditedPayment(payment), auditedPayment(after));
    if (Object.keys(changes).length === 0) return director.id;
    const entry = await replaceEntry(
      tx,
      { id: Number(payment.entryId), date: payment.date },
      paymentEntry(director.name, after),
      'payment corrected',
      payment.kind !== 'capital_in',
    );
    await tx.db.update(directorPayments).set({ entryId: entry.id }).where(eq(directorPayments.id, id));
    await recordAudit(tx, { action: 'update', entity: 'director.payment', entityId: id, changes });
    return director.id;
  });
  return directorPaymentDetails(ctx, directorId);
}

/**
 * Reverses a director payment (`POST /api/admin/director-payments/{id}/reverse`, a reason): its entry is
 * reversed and it no longer counts in the totals. Once only (409), decided under its row lock; money a
 * director brought in that has since been spent cannot be reversed (422 on `balance_id`).
 */
export async function reverseDirectorPayment(ctx: Ctx, id: number, body: unknown): Promise<DirectorPaymentDetails> {
  const { reason } = reversalInput.parse(body);
  const directorId = await inTransaction(ctx, async (tx) => {
    const { payment, director } = await lockPayment(tx, id);
    if (payment.reversedAt) throw new HttpError(409, 'This payment is already reversed.');
    const reversal = await reverseEntry(tx, Number(payment.entryId), reason, { date: payment.date, field: 'balance_id' });
    await tx.db
      .update(directorPayments)
      .set(reversalRecord(tx, reason, reversal.id).columns)
      .where(eq(directorPayments.id, id));
    await recordAudit(tx, {
      action: 'reverse',
      entity: 'director.payment',
      entityId: id,
      changes: {
        director: { before: director.name, after: director.name },
        amount: { before: payment.amount, after: payment.amount },
        ...reversalRecord(tx, reason, reversal.id).changes,
      },
    });
    return director.id;
  });
  return directorPaymentDetails(ctx, directorId);
}
