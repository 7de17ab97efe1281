import { idSchema, type StockAdjustmentInput, stockAdjustmentInput } from '@haat/contracts';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { HttpError, invalid, notFound } from '../../http/errors';
import { pageUrl, paginate } from '../../http/pagination';
import { type EntryLineInput, postEntry } from '../accounts';
import { recordAudit } from '../audit';
import { adminNames } from '../staff';
import { products, productVariants, STOCK_MOVEMENT_KINDS, stockMovements } from './product.table';
import { variantCostSql } from './variant-lookup.service';

export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** One change of one variant's stock: positive adds, negative removes. */
export interface StockMove {
  variantId: number;
  quantity: number;
  kind: StockMovementKind;
  reason?: string;
  /** What caused it (an order, a purchase…), for the ledger. */
  referenceType?: string | null;
  referenceId?: number | null;
  /**
   * The admin the ledger row names when it is not the ctx's actor: orders placed together in one
   * batch (group commit) each keep their own placer's.
   */
  adminId?: number | null;
  /** The request field named when this move would take stock below zero; default `quantity`. */
  field?: string;
}

const CHUNK = 1000;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** Whole numbers as one array parameter (`{1,2,3}`): one parameter however many rows. */
const intArray = (values: readonly number[]) => `{${values.map((value) => Math.trunc(value)).join(',')}}`;

/**
 * Adds `delta` to `stock` of each (id, delta) in one statement per chunk, the ids and deltas as two
 * array parameters; for variants, `costs` also sets the average cost of those it names (a receipt).
 */
async function addToStock(
  tx: Db,
  table: 'products' | 'product_variants',
  deltas: [number, number][],
  costs?: ReadonlyMap<number, number>,
): Promise<void> {
  const rows = deltas.filter(([id, delta]) => delta !== 0 || costs?.has(id));
  for (const chunk of chunks(rows)) {
    const ids = intArray(chunk.map(([id]) => id));
    const amounts = intArray(chunk.map(([, delta]) => delta));
    if (costs && costs.size > 0) {
      const known = chunk.map(([id]) => costs.get(id) ?? null);
      const costList = `{${known.map((cost) => (cost === null ? 'NULL' : String(Math.trunc(cost)))).join(',')}}`;
      await tx.execute(
        sql`update product_variants as t set stock = t.stock + d.delta, average_cost = coalesce(d.cost, t.average_cost), updated_at = now()
            from unnest(${ids}::int[], ${amounts}::int[], ${costList}::bigint[]) as d(id, delta, cost) where t.id = d.id`,
      );
    } else {
      await tx.execute(
        sql`update ${sql.identifier(table)} as t set stock = t.stock + d.delta, updated_at = now()
            from unnest(${ids}::int[], ${amounts}::int[]) as d(id, delta) where t.id = d.id`,
      );
    }
  }
}

/**
 * The one way stock changes (PRODUCT.md §2): writes a ledger row per move and keeps
 * product_variants.stock and products.stock in step, inside the caller's transaction. Stock never
 * goes below zero: if any variant would, nothing is written and a 422 names the move's field.
 *
 * Locks are taken in one order everywhere — the products' rows, then the variants' rows, each in
 * id order — so concurrent moves wait for each other instead of deadlocking, and each sees the
 * stock the one before it left. (Saving a product also writes its row before its variants.) On
 * PGlite transactions already run one at a time, and FOR UPDATE costs nothing.
 *
 * `averageCosts` (variant → cost, from `updateAverageCosts(…, { write: false })`) is written in the
 * same update as the variants' stock. Returns each touched variant's new stock.
 */
export async function moveStock(
  ctx: Ctx,
  moves: StockMove[],
  options: { averageCosts?: ReadonlyMap<number, number> } = {},
): Promise<Map<number, number>> {
  const tx = ctx.db;
  const actorAdminId = adminIdOf(ctx);
  const deltas = new Map<number, number>();
  const firstMove = new Map<number, StockMove>();
  for (const move of moves) {
    if (!Number.isInteger(move.quantity)) throw new Error(`stock moves are whole numbers, got ${move.quantity}`);
    deltas.set(move.variantId, (deltas.get(move.variantId) ?? 0) + move.quantity);
    if (!firstMove.has(move.variantId)) firstMove.set(move.variantId, move);
  }
  const variantIds = [...deltas.keys()].sort((a, b) => a - b);
  if (variantIds.length === 0) return new Map();

  if (variantIds.length <= CHUNK) {
    // The usual case (an order, a cart): the products are found and locked in id order in one statement.
    const owners = tx.select({ productId: productVariants.productId }).from(productVariants).where(inArray(productVariants.id, variantIds));
    await tx.select({ id: products.id }).from(products).where(inArray(products.id, owners)).orderBy(asc(products.id)).for('update');
  } else {
    // Thousands of variants: their products first, then locked in id order chunk by chunk.
    const owners = new Set<number>();
    for (const chunk of chunks(variantIds)) {
      const rows = await tx
        .selectDistinct({ productId: productVariants.productId })
        .from(productVariants)
        .where(inArray(productVariants.id, chunk));
      for (const row of rows) owners.add(row.productId);
    }
    const productIds = [...owners].sort((a, b) => a - b);
    for (const chunk of chunks(productIds)) {
      await tx.select({ id: products.id }).from(products).where(inArray(products.id, chunk)).orderBy(asc(products.id)).for('update');
    }
  }
  const variants: { id: number; productId: number; sku: string; label: string; stock: number }[] = [];
  for (const chunk of chunks(variantIds)) {
    variants.push(
      ...(await tx
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          sku: productVariants.sku,
          label: productVariants.label,
          stock: productVariants.stock,
        })
        .from(productVariants)
        .where(inArray(productVariants.id, chunk))
        .orderBy(asc(productVariants.id))
        .for('update')),
    );
  }

  const errors: Record<string, string[]> = {};
  const refuse = (variantId: number, message: string) => {
    const field = firstMove.get(variantId)?.field ?? 'quantity';
    errors[field] = [...(errors[field] ?? []), message];
  };
  const found = new Set(variants.map((variant) => variant.id));
  for (const variantId of variantIds) if (!found.has(variantId)) refuse(variantId, 'This product variant no longer exists.');
  const after = new Map<number, number>();
  const productDeltas = new Map<number, number>();
  for (const variant of variants) {
    const delta = deltas.get(variant.id) ?? 0;
    const stock = variant.stock + delta;
    const name = variant.label ? `${variant.sku} (${variant.label})` : variant.sku;
    if (stock < 0) {
      refuse(
        variant.id,
        variant.stock === 0 ? `${name} is out of stock.` : `Not enough stock of ${name}: ${variant.stock} in stock, ${-delta} to remove.`,
      );
    }
    after.set(variant.id, stock);
    productDeltas.set(variant.productId, (productDeltas.get(variant.productId) ?? 0) + delta);
  }
  const [firstField] = Object.keys(errors);
  if (firstField) throw new HttpError(422, errors[firstField]?.[0] ?? 'Not enough stock.', errors);

  // The ledger rows as one JSON parameter: a receipt of hundreds of lines is one short statement to plan.
  for (const chunk of chunks(moves)) {
    const rows = chunk.map((move) => ({
      variant_id: move.variantId,
      quantity: move.quantity,
      kind: move.kind,
      reason: move.reason ?? '',
      reference_type: move.referenceType ?? null,
      reference_id: move.referenceId ?? null,
      admin_id: move.adminId === undefined ? actorAdminId : move.adminId,
    }));
    await tx.execute(sql`insert into ${stockMovements} (variant_id, quantity, kind, reason, reference_type, reference_id, admin_id)
      select variant_id, quantity, kind, reason, reference_type, reference_id, admin_id
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(variant_id int, quantity int, kind text, reason text, reference_type text, reference_id int, admin_id int)`);
  }
  await addToStock(tx, 'product_variants', [...deltas], options.averageCosts);
  await addToStock(tx, 'products', [...productDeltas]);
  await postStockValue(ctx, moves);
  return after;
}

/**
 * The books' side of stock that comes or goes without a purchase or a sale (decision 048): opening stock
 * enters the stock account against opening balances; a manual adjustment is other income (units found) or
 * other expense (units lost or damaged). Valued at each unit's cost now (the moving average, else the
 * product's purchase cost). Purchases, sales and returns post in their own modules.
 */
async function postStockValue(ctx: Ctx, moves: StockMove[]): Promise<void> {
  const valued = moves.filter((move) => move.kind === 'opening' || move.kind === 'adjustment');
  if (valued.length === 0) return;
  const ids = [...new Set(valued.map((move) => move.variantId))];
  const costs = new Map(
    (
      await ctx.db
        .select({ id: productVariants.id, cost: variantCostSql() })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        // A merchant's goods are the merchant's until delivered (decision 037): not the shop's stock.
        .where(and(inArray(productVariants.id, ids), isNull(products.merchantId)))
    ).map((row) => [row.id, Number(row.cost) || 0]),
  );
  let opening = 0;
  let found = 0;
  let lost = 0;
  for (const move of valued) {
    const cost = costs.get(move.variantId);
    if (cost === undefined) continue;
    const value = move.quantity * cost;
    if (move.kind === 'opening') opening += value;
    else if (value > 0) found += value;
    else lost -= value;
  }
  if (opening > 0) {
    await postEntry(ctx, {
      source: 'stock.opening',
      sourceType: 'product_variant',
      sourceId: ids.length === 1 ? ids[0] : undefined,
      memo: 'Opening stock',
      lines: [
        { account: 'inventory', debit: opening },
        { account: 'opening_balance_equity', credit: opening },
      ],
    });
  }
  if (found > 0 || lost > 0) {
    const lines: EntryLineInput[] = [];
    if (found > lost) lines.push({ account: 'inventory', debit: found - lost }, { account: 'other_income', credit: found - lost });
    if (lost > found) lines.push({ account: 'other_expense', debit: lost - found }, { account: 'inventory', credit: lost - found });
    if (lines.length > 0) {
      await postEntry(ctx, {
        source: 'stock.adjusted',
        sourceType: 'product_variant',
        sourceId: ids.length === 1 ? ids[0] : undefined,
        memo: valued[0]?.reason || 'Stock adjustment',
        lines,
      });
    }
  }
}

/**
 * A manual adjustment of one variant of a product, with its reason (stock.adjust), by the ctx's
 * actor; its audit row (the variant's stock before → after, the reason) is written in the same
 * transaction.
 */
export async function adjustStock(ctx: Ctx, productId: number, body: StockAdjustmentInput | unknown) {
  const input = stockAdjustmentInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const [product] = await tx.db.select({ id: products.id }).from(products).where(eq(products.id, productId));
    if (!product) throw notFound('The product');
    const [variant] = await tx.db
      .select({ id: productVariants.id, sku: productVariants.sku, stock: productVariants.stock })
      .from(productVariants)
      .where(and(eq(productVariants.id, input.variant_id), eq(productVariants.productId, productId)));
    if (!variant) throw invalid('variant_id', 'Choose a variant of this product.');
    const after = await moveStock(tx, [{ variantId: variant.id, quantity: input.quantity, kind: 'adjustment', reason: input.reason }]);
    const stock = after.get(variant.id) ?? 0;
    const [total] = await tx.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
    // moveStock locked the variant: the stock it started from is the one before this adjustment.
    await recordAudit(tx, {
      action: 'stock.adjust',
      entity: 'product',
      entityId: productId,
      changes: {
        variant_id: { before: variant.id, after: variant.id },
        sku: { before: variant.sku, after: variant.sku },
        stock: { before: stock - input.quantity, after: stock },
        reason: { before: null, after: input.reason },
      },
    });
    return { variant_id: variant.id, stock, product_stock: total?.stock ?? 0 };
  });
}

const movementQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  format: z.enum(['plain', 'resource']).default('plain'),
  'filter[variant_id]': idSchema.optional(),
  'filter[kind]': z.enum(STOCK_MOVEMENT_KINDS).optional(),
});

/** A product's stock ledger, newest first, each row with the variant's stock after it. */
export async function listStockMovements({ db }: Ctx, productId: number, query: Record<string, unknown>) {
  const parsed = movementQuery.parse(query);
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('The product');
  const conditions: SQL[] = [eq(productVariants.productId, productId)];
  if (parsed['filter[variant_id]']) conditions.push(eq(stockMovements.variantId, parsed['filter[variant_id]']));
  if (parsed['filter[kind]']) conditions.push(eq(stockMovements.kind, parsed['filter[kind]']));
  const condition = and(...conditions);
  const offset = (parsed.page - 1) * parsed.per_page;
  // The running balance is over each variant's whole ledger, so it is computed before the filters that hide rows.
  const ledger = db
    .select({
      id: stockMovements.id,
      balance: sql<number>`sum(${stockMovements.quantity}) over (partition by ${stockMovements.variantId} order by ${stockMovements.id})`
        .mapWith(Number)
        .as('balance'),
    })
    .from(stockMovements)
    .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
    .where(eq(productVariants.productId, productId))
    .as('ledger');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        variant_id: stockMovements.variantId,
        sku: productVariants.sku,
        variant: productVariants.label,
        quantity: stockMovements.quantity,
        kind: stockMovements.kind,
        reason: stockMovements.reason,
        reference_type: stockMovements.referenceType,
        reference_id: stockMovements.referenceId,
        admin_id: stockMovements.adminId,
        stock_after: ledger.balance,
        created_at: stockMovements.createdAt,
      })
      .from(stockMovements)
      .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
      .innerJoin(ledger, eq(ledger.id, stockMovements.id))
      .where(condition)
      .orderBy(desc(stockMovements.id))
      .limit(parsed.per_page)
      .offset(offset),
    db
      .select({ n: count() })
      .from(stockMovements)
      .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
      .where(condition),
  ]);
  const names = await adminNames(
    db,
    rows.map((row) => row.admin_id),
  );
  const named = rows.map(({ stock_after, ...row }) => ({
    ...row,
    admin_name: row.admin_id === null ? null : (names.get(row.admin_id) ?? null),
    stock_after,
  }));
  const shaped = paginate(named, total?.n ?? 0, { page: parsed.page, perPage: parsed.per_page }, (page) =>
    pageUrl(`/api/admin/products/${productId}/stock`, query, page),
  );
  return parsed.format === 'resource' ? shaped.resource : shaped.plain;
}

/** Whether each variant's stock and each product's stock equal the sums of the ledger (for tests and checks). */
export async function ledgerMismatches(db: Db): Promise<{ kind: 'variant' | 'product'; id: number; stock: number; ledger: number }[]> {
  const result = await db.execute(sql`
    select 'variant' as kind, v.id, v.stock, coalesce(sum(m.quantity), 0)::int as ledger
      from product_variants v left join stock_movements m on m.variant_id = v.id
      group by v.id having v.stock <> coalesce(sum(m.quantity), 0)
    union all
    select 'product', p.id, p.stock, coalesce(sum(v.stock), 0)::int
      from products p left join product_variants v on v.product_id = p.id
      group by p.id having p.stock <> coalesce(sum(v.stock), 0)`);
  return rowsOf<{ kind: 'variant' | 'product'; id: number; stock: number; ledger: number }>(result).map((row) => ({
    ...row,
    id: Number(row.id),
    stock: Number(row.stock),
    ledger: Number(row.ledger),
  }));
}
