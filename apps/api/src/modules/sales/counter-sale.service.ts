import { type CounterItem, type CounterSaleDetail, type CounterSaleView, counterSaleInput, counterSaleTotals } from '@haat/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { invalid, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { variantPricesOf } from '../marketing';
import { searchVariantIds, sellableVariants, variantIdByCode } from '../products';
import { adminNames } from '../staff';
import { counterSaleLines, counterSalePayments, counterSales } from './sale.table';
import { sellSaleLines } from './sale-lines';
import { balanceOfMethod, postSaleEntry, SignedLines } from './sale-postings';

/** "CS-000042": how a counter sale is named on its receipt. */
export const counterSaleNumber = (id: number) => `CS-${String(id).padStart(6, '0')}`;

/** What the counter sells these variants for now (the product page's price: own discount, offer, campaign). */
async function counterItems(db: Db, ids: number[], now: Date): Promise<CounterItem[]> {
  const variants = await sellableVariants(db, ids);
  const prices = await variantPricesOf(db, variants, now);
  const byId = new Map(variants.map((variant) => [variant.variantId, variant]));
  return ids.flatMap((id) => {
    const variant = byId.get(id);
    if (!variant) return [];
    return [
      {
        variant_id: id,
        product_name: variant.productName,
        variant_label: variant.variantLabel,
        sku: variant.sku,
        barcode: variant.barcode,
        stock: variant.stock,
        unit_price: prices.get(id)?.price ?? variant.priceOverride ?? variant.retailPrice,
      },
    ];
  });
}

const lookupQuery = z.object({
  code: z.string().trim().max(120, 'Use at most 120 characters').default(''),
  q: z.string().trim().max(120, 'Use at most 120 characters').default(''),
});

/**
 * The counter's scan box: an exact barcode or SKU gives that one item (`exact: true`); anything else
 * is searched by name, SKU or barcode (up to 12 items, in stock first).
 */
export async function findCounterItems(ctx: Ctx, query: unknown): Promise<{ exact: boolean; data: CounterItem[] }> {
  const { code, q } = lookupQuery.parse(query);
  if (code) {
    const id = await variantIdByCode(ctx, code);
    if (id !== null) return { exact: true, data: await counterItems(ctx.db, [id], ctx.now) };
  }
  const text = q || code;
  if (!text) return { exact: false, data: [] };
  return { exact: false, data: await counterItems(ctx.db, await searchVariantIds(ctx, text, 12), ctx.now) };
}

/**
 * Records a counter sale in one transaction: stock out for every line through the stock ledger (never
 * below zero: a 422 names the line), each line's cost at this moment, the payments and the change.
 * What was handed over must cover the total; change is given from cash only.
 */
export async function createCounterSale(ctx: Ctx, body: unknown): Promise<CounterSaleDetail> {
  const input = counterSaleInput.parse(body);
  const totals = counterSaleTotals(input);
  if (totals.short > 0) throw invalid('payments', 'The payments do not cover the total');
  if (totals.other > totals.total) throw invalid('payments', 'Card and mobile payments cannot be more than the total');
  const saleId = await inTransaction(ctx, async (tx) => {
    const [sale] = await tx.db
      .insert(counterSales)
      .values({
        customerName: input.customer_name,
        customerPhone: input.customer_phone,
        note: input.note,
        subtotal: totals.subtotal,
        discount: input.discount,
        total: totals.total,
        paid: totals.tendered,
        changeGiven: totals.change,
        cost: 0,
        adminId: adminIdOf(ctx),
        soldAt: ctx.now,
      })
      .returning({ id: counterSales.id });
    if (!sale) throw new Error('The sale was not written');
    // Stock out through the ledger (locks in a stable order, a shortfall refused), each line's cost after the move.
    const { cost, lines } = await sellSaleLines(tx, sale.id, input.lines, {
      reason: `Counter sale ${counterSaleNumber(sale.id)}`,
      referenceType: 'counter_sale',
    });
    await tx.db.insert(counterSalePayments).values(
      input.payments.map((payment) => ({
        saleId: sale.id,
        method: payment.method,
        amount: payment.amount,
        reference: payment.reference,
      })),
    );
    await tx.db.update(counterSales).set({ cost }).where(eq(counterSales.id, sale.id));
    // The books: each payment into its method's balance (the change out of the cash), the sale, the goods' cost.
    const books = new SignedLines();
    for (const payment of input.payments) books.add(balanceOfMethod(payment.method), payment.amount);
    books.add('cash', -totals.change).add('sales_revenue', -totals.total).add('cost_of_goods', cost).add('inventory', -cost);
    await postSaleEntry(tx, { source: 'sale.counter', saleId: sale.id, memo: `Counter sale ${counterSaleNumber(sale.id)}`, lines: books });
    await recordAudit(tx, {
      action: 'create',
      entity: 'counter_sale',
      entityId: sale.id,
      changes: { total: { before: null, after: totals.total }, lines: { before: null, after: lines } },
    });
    return sale.id;
  });
  return counterSaleDetail(ctx, saleId);
}

const editInput = z.object({
  customer_name: z.string().trim().max(120, 'Use at most 120 characters for the customer name').default(''),
  customer_phone: z
    .string()
    .trim()
    .max(20, 'Use at most 20 characters for the phone')
    .refine((value) => value === '' || /^\+?[\d\s-]{6,}$/.test(value), 'Enter a phone number like 01712345678')
    .default(''),
  note: z.string().trim().max(500, 'Use at most 500 characters for the note').default(''),
});

/**
 * Edits what a sale says about its customer. Its items, prices and payments are what was sold and
 * paid: a change of goods goes through an exchange, which posts its own stock movements.
 */
export async function updateCounterSale(ctx: Ctx, id: number, body: unknown): Promise<CounterSaleDetail> {
  const input = editInput.parse(body);
  await inTransaction(ctx, async (tx) => {
    const [before] = await tx.db.select().from(counterSales).where(eq(counterSales.id, id)).for('update');
    if (!before) throw notFound('The sale');
    const after = { customerName: input.customer_name, customerPhone: input.customer_phone, note: input.note };
    await tx.db
      .update(counterSales)
      .set({ ...after, updatedAt: ctx.now })
      .where(eq(counterSales.id, id));
    const changes = Object.fromEntries(
      (Object.keys(after) as (keyof typeof after)[])
        .filter((key) => before[key] !== after[key])
        .map((key) => [key, { before: before[key], after: after[key] }]),
    );
    if (Object.keys(changes).length) await recordAudit(tx, { action: 'update', entity: 'counter_sale', entityId: id, changes });
  });
  return counterSaleDetail(ctx, id);
}

/** A payment row that paid money back to the customer (an exchange's refund, decision 040). */
export const REFUND_NOTE = 'refund';

const viewColumns = {
  id: counterSales.id,
  kind: counterSales.kind,
  refunded: counterSales.refunded,
  on_account: sql<boolean>`num_nonnulls(${counterSales.companyId}, ${counterSales.supplierId}) = 1`.mapWith(Boolean),
  customer_name: counterSales.customerName,
  customer_phone: counterSales.customerPhone,
  note: counterSales.note,
  subtotal: counterSales.subtotal,
  discount: counterSales.discount,
  total: counterSales.total,
  paid: counterSales.paid,
  change_given: counterSales.changeGiven,
  cost: counterSales.cost,
  admin_id: counterSales.adminId,
  sold_at: counterSales.soldAt,
  // Qualified by hand: inside a subquery Drizzle writes bare column names, and `id` would be the line's.
  item_count: sql<number>`(select coalesce(sum(l.quantity), 0) from counter_sale_lines l where l.sale_id = "counter_sales"."id")`.mapWith(
    Number,
  ),
};

type ViewRow = { [K in keyof typeof viewColumns]: unknown } & {
  id: number;
  kind: 'counter' | 'company' | 'exchange';
  refunded: number;
  on_account: boolean;
  customer_name: string;
  customer_phone: string;
  note: string;
  subtotal: number;
  discount: number;
  total: number;
  paid: number;
  change_given: number;
  cost: number;
  admin_id: number | null;
  sold_at: Date;
  item_count: number;
};

async function toViews(db: Db, rows: ViewRow[]): Promise<CounterSaleView[]> {
  const names = await adminNames(
    db,
    rows.map((row) => row.admin_id),
  );
  return rows.map(({ admin_id, cost, sold_at, ...row }) => ({
    ...row,
    number: counterSaleNumber(row.id),
    profit: row.total - row.refunded - cost,
    sold_by: admin_id === null ? null : (names.get(admin_id) ?? null),
    sold_at: sold_at.toISOString(),
  }));
}

/** One counter sale with its lines and payments: the view, the receipt and the invoice. */
export async function counterSaleDetail({ db }: Ctx, id: number): Promise<CounterSaleDetail> {
  const [row] = (await db.select(viewColumns).from(counterSales).where(eq(counterSales.id, id))) as ViewRow[];
  if (!row) throw notFound('The sale');
  const [view] = await toViews(db, [row]);
  const lines = await db
    .select({
      id: counterSaleLines.id,
      variant_id: counterSaleLines.variantId,
      product_name: counterSaleLines.productName,
      variant_label: counterSaleLines.variantLabel,
      sku: counterSaleLines.sku,
      quantity: counterSaleLines.quantity,
      unit_price: counterSaleLines.unitPrice,
      discount: counterSaleLines.discount,
      unit_cost: counterSaleLines.unitCost,
      line_total: counterSaleLines.lineTotal,
      direction: counterSaleLines.direction,
      return_of_sale_id: counterSaleLines.returnOfSaleId,
    })
    .from(counterSaleLines)
    .where(eq(counterSaleLines.saleId, id))
    .orderBy(asc(counterSaleLines.id));
  const payments = await db
    .select({
      id: counterSalePayments.id,
      method: counterSalePayments.method,
      amount: counterSalePayments.amount,
      reference: counterSalePayments.reference,
      note: counterSalePayments.note,
    })
    .from(counterSalePayments)
    .where(eq(counterSalePayments.saleId, id))
    .orderBy(asc(counterSalePayments.id));
  if (!view) throw notFound('The sale');
  return { ...view, lines, payments: payments.map(({ note, ...payment }) => ({ ...payment, refund: note === REFUND_NOTE })) };
}

/** The list's page of counter sales (the machinery's rows, in its order) as views. */
export async function counterSaleViews(db: Db, ids: number[]): Promise<CounterSaleView[]> {
  if (ids.length === 0) return [];
  const rows = (await db.select(viewColumns).from(counterSales).where(inArray(counterSales.id, ids))) as ViewRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return toViews(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}
