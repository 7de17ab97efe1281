import {
  CASHBOOK_KIND_LABELS,
  type CashbookEntry,
  idSchema,
  type Paginator,
  WITHDRAWAL_STATUSES,
  type WithdrawalView,
} from '@haat/contracts';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../../context';
import { pageUrl, paginate } from '../../../http/pagination';
import { likeContains } from '../../../http/resource';
import { orderNumberSql } from '../../orders';
import { resellers } from '../reseller.table';
import { balanceEffect } from './ledger.service';
import { resellerLedger, resellerWithdrawals } from './money.table';
import { withdrawalViews } from './withdrawal.service';

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** What the cashbook shows as income: profit, its reversals and the charges taken from it (returns, SMS). */
const INCOME_KINDS = ['order_profit', 'order_profit_reversal', 'return_charge', 'sms_charge'] as const;

/**
 * `/dropshipper/cashbook/income`: the profit credited per delivered order, its reversals and the
 * return charges, newest first, each with its signed effect on the balance.
 */
export async function incomePage(
  { db }: Ctx,
  resellerId: number,
  path: string,
  query: Record<string, unknown>,
): Promise<Paginator<CashbookEntry>> {
  const { page, per_page: perPage } = pageQuery.parse(query);
  const where = and(eq(resellerLedger.resellerId, resellerId), inArray(resellerLedger.kind, [...INCOME_KINDS]));
  const rows = await db
    .select({
      id: resellerLedger.id,
      kind: resellerLedger.kind,
      effect: balanceEffect,
      orderId: resellerLedger.orderId,
      orderNumber: orderNumberSql(resellerLedger.orderId),
      withdrawalId: resellerLedger.withdrawalId,
      note: resellerLedger.note,
      at: resellerLedger.at,
    })
    .from(resellerLedger)
    .where(where)
    .orderBy(desc(resellerLedger.at), desc(resellerLedger.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(resellerLedger).where(where);
  const entries: CashbookEntry[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    kind_label: CASHBOOK_KIND_LABELS[row.kind],
    amount: Number(row.effect),
    order_id: row.orderId,
    order_number: row.orderNumber,
    withdrawal_id: row.withdrawalId,
    note: row.note,
    at: row.at.toISOString(),
  }));
  return paginate(entries, total?.n ?? 0, { page, perPage }, (each) => pageUrl(path, query, each)).plain;
}

const withdrawalQuery = pageQuery.extend({
  status: z.enum(WITHDRAWAL_STATUSES, { error: `Choose one of: ${WITHDRAWAL_STATUSES.join(', ')}` }).optional(),
  reseller_id: idSchema.optional(),
  /** A reseller's name, phone or shop, a request number (WD-000012) or a transaction id. */
  q: z
    .string()
    .trim()
    .max(100)
    .refine((text) => !text.includes('\u0000'), 'Remove the NUL character from the search.')
    .default(''),
});

/** A page of withdraw requests, newest first; `scope` keeps a reseller to their own. */
export async function withdrawalPage(
  { db }: Ctx,
  path: string,
  query: Record<string, unknown>,
  scope: { resellerId?: number; status?: (typeof WITHDRAWAL_STATUSES)[number] } = {},
): Promise<Paginator<WithdrawalView>> {
  const parsed = withdrawalQuery.parse(query);
  const status = scope.status ?? parsed.status;
  const resellerId = scope.resellerId ?? parsed.reseller_id;
  const conditions: SQL[] = [];
  if (resellerId) conditions.push(eq(resellerWithdrawals.resellerId, resellerId));
  if (status) conditions.push(eq(resellerWithdrawals.status, status));
  if (parsed.q) {
    const pattern = likeContains(parsed.q);
    const number = /^wd-?0*(\d{1,9})$/i.exec(parsed.q);
    const matching = or(
      inArray(
        resellerWithdrawals.resellerId,
        db
          .select({ id: resellers.id })
          .from(resellers)
          .where(or(ilike(resellers.name, pattern), ilike(resellers.phone, pattern), ilike(resellers.shopName, pattern))),
      ),
      ilike(resellerWithdrawals.transactionId, pattern),
      number ? eq(resellerWithdrawals.id, Number(number[1])) : undefined,
    );
    if (matching) conditions.push(matching);
  }
  const where = and(...conditions);
  const order =
    status && status !== 'pending' ? [desc(resellerWithdrawals.decidedAt), desc(resellerWithdrawals.id)] : [desc(resellerWithdrawals.id)];
  const rows = await db
    .select()
    .from(resellerWithdrawals)
    .where(where)
    .orderBy(...order)
    .limit(parsed.per_page)
    .offset((parsed.page - 1) * parsed.per_page);
  const [total] = await db.select({ n: count() }).from(resellerWithdrawals).where(where);
  return paginate(await withdrawalViews(db, rows), total?.n ?? 0, { page: parsed.page, perPage: parsed.per_page }, (each) =>
    pageUrl(path, query, each),
  ).plain;
}

/** One request; with `resellerId`, only that reseller's (another's id is "not found"). */
export async function findWithdrawal({ db }: Ctx, id: number, resellerId?: number): Promise<WithdrawalView | null> {
  const [row] = await db
    .select()
    .from(resellerWithdrawals)
    .where(and(eq(resellerWithdrawals.id, id), resellerId ? eq(resellerWithdrawals.resellerId, resellerId) : undefined));
  if (!row) return null;
  const [view] = await withdrawalViews(db, [row]);
  return view ?? null;
}
