import {
  idSchema,
  type MerchantWithdrawalView,
  type Paginator,
  WITHDRAWAL_STATUSES,
  type WithdrawalPayInput,
  type WithdrawRequestInput,
} from '@haat/contracts';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../../context';
import type { Db } from '../../../db/client';
import { notFound } from '../../../http/errors';
import { pageUrl, paginate } from '../../../http/pagination';
import { likeContains } from '../../../http/resource';
import { withdrawalRowViews, withdrawals } from '../../payouts';
import { merchants } from '../merchant.table';
import { ACCOUNTS, MERCHANT_LEDGER, merchantBalance } from './ledger.service';
import { merchantWithdrawals } from './money.table';
import { findPayoutAccount } from './payout-account.service';

type Row = typeof merchantWithdrawals.$inferSelect;

/** Rows → views, with the merchants' names read in one query (the rest: payouts' withdrawalRowViews). */
export async function withdrawalViews(db: Db, rows: Row[]): Promise<MerchantWithdrawalView[]> {
  const merchantIds = [...new Set(rows.map((row) => row.merchantId))];
  const people = merchantIds.length
    ? await db
        .select({ id: merchants.id, name: merchants.name, phone: merchants.phone, companyName: merchants.companyName })
        .from(merchants)
        .where(inArray(merchants.id, merchantIds))
    : [];
  return withdrawalRowViews(db, rows, (row) => {
    const person = people.find((each) => each.id === row.merchantId);
    return {
      merchant_id: row.merchantId,
      merchant_name: person?.name ?? '',
      merchant_phone: person?.phone ?? '',
      company_name: person?.companyName ?? '',
    };
  });
}

async function viewOf(db: Db, row: Row): Promise<MerchantWithdrawalView> {
  const [view] = await withdrawalViews(db, [row]);
  if (!view) throw new Error('the withdrawal view is missing');
  return view;
}

/**
 * A merchant's withdraw requests: request (under the merchant's row lock, never above the available
 * balance), pay (the balance checked again, override with a reason) and reject — the payouts module's
 * one mechanism, shared with the resellers (decision 042).
 */
const merchantWithdrawalFlow = withdrawals<Row, MerchantWithdrawalView>({
  word: 'merchant',
  entity: 'merchant_withdrawal',
  table: merchantWithdrawals,
  ownerColumn: merchantWithdrawals.merchantId,
  ownerKey: 'merchantId',
  inactiveMessage: 'Your merchant account is suspended. Please contact the shop.',
  lockOwner: async (tx, merchantId) =>
    (await tx.select({ status: merchants.status }).from(merchants).where(eq(merchants.id, merchantId)).for('update'))[0],
  findPayoutAccount,
  balance: ({ db }, merchantId) => merchantBalance(db, merchantId),
  accounts: ACCOUNTS,
  ledger: MERCHANT_LEDGER,
  views: withdrawalViews,
});

/** A merchant asks to be paid (decision 037). */
export const requestWithdrawal = (ctx: Ctx, merchantId: number, body: WithdrawRequestInput) =>
  merchantWithdrawalFlow.request(ctx, merchantId, body);
/** The back office pays a merchant's request with the method and the transfer's id. */
export const payWithdrawal = (ctx: Ctx, id: number, body: WithdrawalPayInput) => merchantWithdrawalFlow.pay(ctx, id, body);
/** The back office rejects a merchant's request with a reason. */
export const rejectWithdrawal = (ctx: Ctx, id: number, body: unknown) => merchantWithdrawalFlow.reject(ctx, id, body);

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
