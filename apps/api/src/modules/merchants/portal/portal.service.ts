import {
  type MerchantDashboardView,
  type MerchantOrderLineView,
  type MerchantProductView,
  type MerchantProfileView,
  merchantProfileInput,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatusCode,
  type Paginator,
  resellerPasswordChangeInput,
} from '@haat/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Ctx, inTransaction } from '../../../context';
import { rowsOf } from '../../../db/client';
import { isUniqueViolation } from '../../../db/constraint-errors';
import { invalid, notFound } from '../../../http/errors';
import { pageUrl, paginate } from '../../../http/pagination';
import { hashPassword, verifyPassword } from '../../../lib/password';
import { diffChanges, recordAudit } from '../../audit';
import { deleteSessionsOf, passwordCheckSucceeded, takePasswordCheck } from '../../auth';
import { productLineStatusCounts, productLinesPage } from '../../orders';
import { merchantProductFigures, merchantProductIdsSql, merchantProductPage } from '../../products';
import { readSetting, SETTING_GROUPS } from '../../settings';
import { merchants } from '../merchant.table';
import { earningEffect, merchantBalance, unitsEffect } from '../money/ledger.service';
import { merchantLedger } from '../money/money.table';

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

const productsQuery = pageQuery.extend({
  /** A product's name or SKU. */
  q: z
    .string()
    .trim()
    .max(100, 'Use at most 100 characters')
    .refine((text) => !text.includes('\u0000'), 'Remove the NUL character from the search.')
    .default(''),
});

/** Net earning and units delivered per product (or per order line) of a merchant, from the journal. */
async function earnedBy(ctx: Ctx, merchantId: number, by: 'product' | 'line', ids: number[]) {
  if (ids.length === 0) return new Map<number, { earned: number; units: number }>();
  const column = by === 'product' ? merchantLedger.productId : merchantLedger.orderLineId;
  const rows = await ctx.db
    .select({ id: column, earned: sql<string>`coalesce(sum(${earningEffect}), 0)`, units: sql<string>`coalesce(sum(${unitsEffect}), 0)` })
    .from(merchantLedger)
    .where(and(eq(merchantLedger.merchantId, merchantId), inArray(column, ids)))
    .groupBy(column);
  return new Map(rows.map((row) => [Number(row.id), { earned: Number(row.earned), units: Number(row.units) }]));
}

/** `/merchant/products`: the merchant's products with stock, units delivered and what they earned. */
export async function merchantProducts(
  ctx: Ctx,
  merchantId: number,
  path: string,
  query: Record<string, unknown>,
): Promise<Paginator<MerchantProductView>> {
  const { page, per_page: perPage, q } = productsQuery.parse(query);
  const found = await merchantProductPage(ctx.db, merchantId, { page, perPage, q });
  const sold = await earnedBy(
    ctx,
    merchantId,
    'product',
    found.rows.map((row) => row.id),
  );
  const rows = found.rows.map((row) => ({ ...row, units_sold: sold.get(row.id)?.units ?? 0, earned: sold.get(row.id)?.earned ?? 0 }));
  return paginate(rows, found.total, { page, perPage }, (each) => pageUrl(path, query, each)).plain;
}

const STATUS_CODES = Object.keys(ORDER_STATUSES).map(Number) as OrderStatusCode[];

const linesQuery = pageQuery.extend({
  status: z.coerce
    .number()
    .int()
    .refine((code) => Object.hasOwn(ORDER_STATUSES, code), 'Choose an order status from 1 to 8')
    .optional(),
});

/** `/merchant/orders`: the order lines of the merchant's products, newest first, with the order's status and the line's earning. */
export async function merchantOrderLines(
  ctx: Ctx,
  merchantId: number,
  path: string,
  query: Record<string, unknown>,
): Promise<Paginator<MerchantOrderLineView>> {
  const { 'filter[status]': filtered, ...rest } = query;
  const parsed = linesQuery.parse(filtered ? { ...rest, status: filtered } : rest);
  const found = await productLinesPage(ctx.db, merchantProductIdsSql(merchantId), {
    page: parsed.page,
    perPage: parsed.per_page,
    status: parsed.status as OrderStatusCode | undefined,
  });
  const earned = await earnedBy(
    ctx,
    merchantId,
    'line',
    found.rows.map((row) => row.id),
  );
  const rows = found.rows.map((row) => ({ ...row, earned: earned.get(row.id)?.earned ?? 0 }));
  return paginate(rows, found.total, { page: parsed.page, perPage: parsed.per_page }, (each) => pageUrl(path, query, each)).plain;
}

/** One order line of the merchant's products; a line of another merchant's product is "not found". */
export async function merchantOrderLine(ctx: Ctx, merchantId: number, lineId: number): Promise<MerchantOrderLineView> {
  const found = await productLinesPage(ctx.db, merchantProductIdsSql(merchantId), { page: 1, perPage: 1, id: lineId });
  const [row] = found.rows;
  if (!row) throw notFound('The order line');
  const earned = await earnedBy(ctx, merchantId, 'line', [row.id]);
  return { ...row, earned: earned.get(row.id)?.earned ?? 0 };
}

/** `/merchant/dashboard`: balance, products, lines by status, units sold, this month's earnings and 30 days of them. */
export async function merchantDashboardView(ctx: Ctx, merchantId: number): Promise<MerchantDashboardView> {
  const { db } = ctx;
  const { time_zone: zone } = await readSetting(db, SETTING_GROUPS.general);
  const [balance, products, byStatus] = await Promise.all([
    merchantBalance(db, merchantId),
    merchantProductFigures(db, merchantId),
    productLineStatusCounts(db, merchantProductIdsSql(merchantId)),
  ]);
  const [totals] = await db
    .select({
      units: sql<string>`coalesce(sum(${unitsEffect}), 0)`,
      month: sql<string>`coalesce(sum(${earningEffect}) filter (where ${merchantLedger.at} >= (date_trunc('month', now() at time zone ${zone}) at time zone ${zone})), 0)`,
    })
    .from(merchantLedger)
    .where(eq(merchantLedger.merchantId, merchantId));
  const since = new Date(ctx.now.getTime() - 31 * 24 * 3600_000);
  const chart = rowsOf<{ date: string; earned: string; units: string }>(
    await db.execute(sql`
      with days as (
        select generate_series((now() at time zone ${zone})::date - 29, (now() at time zone ${zone})::date, interval '1 day')::date as day
      ),
      per_day as (
        select (${merchantLedger.at} at time zone ${zone})::date as day, sum(${earningEffect}) as earned, sum(${unitsEffect}) as units
        from ${merchantLedger}
        where ${merchantLedger.merchantId} = ${merchantId} and ${merchantLedger.at} >= ${since}
        group by 1
      )
      select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(per_day.earned, 0)::bigint as earned, coalesce(per_day.units, 0)::int as units
      from days left join per_day on per_day.day = days.day
      order by days.day`),
  );
  return {
    balance,
    products: products.products,
    low_stock: products.lowStock,
    lines_by_status: STATUS_CODES.map((status) => ({
      status,
      label: ORDER_STATUS_LABELS[status],
      lines: byStatus.get(status)?.lines ?? 0,
      units: byStatus.get(status)?.units ?? 0,
    })),
    units_sold: Number(totals?.units ?? 0),
    earned_this_month: Number(totals?.month ?? 0),
    chart: chart.map((row) => ({ date: row.date, earned: Number(row.earned), units: Number(row.units) })),
  };
}

export async function merchantProfile({ db }: Ctx, merchantId: number): Promise<MerchantProfileView> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!row) throw notFound('The merchant');
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    company_name: row.companyName,
    status: row.status,
    joined_at: row.createdAt.toISOString(),
  };
}

/** `/merchant/profile`: name, email, company; the phone is the login and stays (audited). */
export async function updateMerchantProfile(ctx: Ctx, merchantId: number, body: unknown): Promise<MerchantProfileView> {
  const input = merchantProfileInput.parse(body);
  try {
    await inTransaction(ctx, async (tx) => {
      const [before] = await tx.db.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
      if (!before) throw notFound('The merchant');
      await tx.db
        .update(merchants)
        .set({ name: input.name, email: input.email, companyName: input.company_name, updatedAt: tx.now })
        .where(eq(merchants.id, merchantId));
      await recordAudit(tx, {
        action: 'update',
        entity: 'merchant',
        entityId: merchantId,
        changes: diffChanges(
          { name: before.name, email: before.email, company_name: before.companyName },
          { name: input.name, email: input.email, company_name: input.company_name },
        ),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'merchants_email_unique')) throw invalid('email', 'Another merchant already uses this email address.');
    throw error;
  }
  return merchantProfile(ctx, merchantId);
}

/** Changes the password after checking the current one (limited like a sign-in); every other session ends. */
export async function changeMerchantPassword(ctx: Ctx, merchantId: number, currentSessionId: string, body: unknown) {
  const input = resellerPasswordChangeInput.parse(body);
  await takePasswordCheck(ctx, `merchant:${merchantId}`, 'current_password');
  const [row] = await ctx.db.select({ passwordHash: merchants.passwordHash }).from(merchants).where(eq(merchants.id, merchantId));
  if (!row || !(await verifyPassword(row.passwordHash, input.current_password))) {
    throw invalid('current_password', 'Your current password is not right.');
  }
  await passwordCheckSucceeded(ctx, `merchant:${merchantId}`);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx, async (tx) => {
    await tx.db.update(merchants).set({ passwordHash, updatedAt: tx.now }).where(eq(merchants.id, merchantId));
    await deleteSessionsOf(tx.db, 'merchant', merchantId, currentSessionId);
    await recordAudit(tx, { action: 'password.change', entity: 'merchant', entityId: merchantId, changes: { password_hash: 'changed' } });
  });
  return { message: 'Your password is changed. You were signed out everywhere else.' };
}
