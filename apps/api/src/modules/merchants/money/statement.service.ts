import { MERCHANT_LEDGER_KIND_LABELS, MERCHANT_LEDGER_KINDS, type MerchantLedgerEntry, type Paginator } from '@haat/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../../context';
import { pageUrl, paginate } from '../../../http/pagination';
import { orderNumberSql } from '../../orders';
import { productNames } from '../../products';
import { balanceEffect } from './ledger.service';
import { merchantLedger } from './money.table';

const statementQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(20),
  /** `earnings`: only earnings and their reversals (the portal's earnings page); empty: every row. */
  kind: z.enum(['earnings', ''], { error: 'Choose earnings, or leave it empty for every row' }).default(''),
});

/**
 * A merchant's journal, newest first, each row with its signed effect on the available balance and
 * the balance after it (a running sum over the merchant's rows in time order): the portal's earnings
 * ledger and the back office's merchant statement.
 */
export async function statementPage(
  ctx: Ctx,
  merchantId: number,
  path: string,
  query: Record<string, unknown>,
): Promise<Paginator<MerchantLedgerEntry>> {
  const { db } = ctx;
  const { 'filter[kind]': filtered, ...rest } = query;
  const parsed = statementQuery.parse(filtered ? { ...rest, kind: filtered } : rest);
  const running = db
    .select({
      id: merchantLedger.id,
      kind: merchantLedger.kind,
      effect: sql<string>`${balanceEffect}`.as('effect'),
      after: sql<string>`sum(${balanceEffect}) over (order by ${merchantLedger.at}, ${merchantLedger.id})`.as('after'),
      orderId: merchantLedger.orderId,
      productId: merchantLedger.productId,
      quantity: merchantLedger.quantity,
      unitPrice: merchantLedger.unitPrice,
      withdrawalId: merchantLedger.withdrawalId,
      note: merchantLedger.note,
      at: merchantLedger.at,
    })
    .from(merchantLedger)
    .where(eq(merchantLedger.merchantId, merchantId))
    .as('running');
  const kinds = parsed.kind === 'earnings' ? (['earning', 'earning_reversal'] as const) : MERCHANT_LEDGER_KINDS;
  const where = inArray(running.kind, [...kinds]);
  const rows = await db
    .select({
      id: running.id,
      kind: running.kind,
      effect: running.effect,
      after: running.after,
      orderId: running.orderId,
      orderNumber: orderNumberSql(running.orderId),
      productId: running.productId,
      quantity: running.quantity,
      unitPrice: running.unitPrice,
      withdrawalId: running.withdrawalId,
      note: running.note,
      at: running.at,
    })
    .from(running)
    .where(where)
    .orderBy(desc(running.at), desc(running.id))
    .limit(parsed.per_page)
    .offset((parsed.page - 1) * parsed.per_page);
  const [total] = await db
    .select({ n: count() })
    .from(merchantLedger)
    .where(and(eq(merchantLedger.merchantId, merchantId), inArray(merchantLedger.kind, [...kinds])));
  const names = await productNames(
    ctx,
    rows.flatMap((row) => (row.productId ? [row.productId] : [])),
  );
  const entries: MerchantLedgerEntry[] = rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    kind_label: MERCHANT_LEDGER_KIND_LABELS[row.kind],
    amount: Number(row.effect),
    balance_after: Number(row.after),
    order_id: row.orderId,
    order_number: row.orderNumber,
    product_name: row.productId ? (names.get(row.productId) ?? null) : null,
    quantity: row.quantity,
    unit_price: row.unitPrice === null ? null : Number(row.unitPrice),
    withdrawal_id: row.withdrawalId,
    note: row.note,
    at: new Date(row.at).toISOString(),
  }));
  return paginate(entries, total?.n ?? 0, { page: parsed.page, perPage: parsed.per_page }, (each) => pageUrl(path, query, each)).plain;
}
