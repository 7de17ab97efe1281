import { asc, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { products, productVariants } from './product.table';

/** Units of a variant coming in (a receipt, positive) or going back to the supplier (a return, negative) at a unit cost. */
export interface CostedMove {
  variantId: number;
  quantity: number;
  /** The landed cost of one unit, paisa. */
  unitCost: number;
}

export interface AverageCostChange {
  variantId: number;
  stockBefore: number;
  before: number;
  after: number;
}

/**
 * Moves each variant's moving-average cost for units received or returned (decision 034). Call it in
 * the transaction that moves the stock, BEFORE `moveStock`: it reads the stock the units join.
 *
 * - Received: (stock × cost + units × unit cost) / (stock + units); when the stock is 0 or less the
 *   new unit cost is taken whole.
 * - Returned: (stock × cost − units × unit cost) / (stock − units), the receipt undone; when nothing
 *   would be left, or the figure would drop below zero (the units were sold meanwhile at the average),
 *   the cost stays.
 *
 * The cost before a variant's first receipt is its product's purchase cost. Locks are taken as
 * `moveStock` takes them (decision 006): the products' rows, then the variants', each in id order.
 * Several moves of one variant are applied in order. Rounded to the paisa. With `write: false` the
 * changes are only computed (the rows are still locked): pass them to `moveStock` as `averageCosts`,
 * which writes each variant's cost in the same statement as its stock.
 */
export async function updateAverageCosts(
  ctx: Ctx,
  moves: readonly CostedMove[],
  options: { write?: boolean } = {},
): Promise<AverageCostChange[]> {
  const tx = ctx.db;
  const ids = [...new Set(moves.map((move) => move.variantId))].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const owners = tx.select({ productId: productVariants.productId }).from(productVariants).where(inArray(productVariants.id, ids));
  await tx.select({ id: products.id }).from(products).where(inArray(products.id, owners)).orderBy(asc(products.id)).for('update');
  const rows = await tx
    .select({
      id: productVariants.id,
      stock: productVariants.stock,
      averageCost: productVariants.averageCost,
      productId: productVariants.productId,
    })
    .from(productVariants)
    .where(inArray(productVariants.id, ids))
    .orderBy(asc(productVariants.id))
    .for('update');
  const productIds = [...new Set(rows.map((row) => row.productId))];
  const purchaseCosts = new Map(
    (await tx.select({ id: products.id, cost: products.purchaseCost }).from(products).where(inArray(products.id, productIds))).map(
      (row) => [row.id, Number(row.cost)],
    ),
  );
  const state = new Map(
    rows.map((row) => [
      row.id,
      { stock: row.stock, cost: row.averageCost ?? purchaseCosts.get(row.productId) ?? 0, first: row.averageCost },
    ]),
  );
  const changes = new Map<number, AverageCostChange>();
  for (const move of moves) {
    const variant = state.get(move.variantId);
    if (!variant || move.quantity === 0) continue;
    const change = changes.get(move.variantId) ?? {
      variantId: move.variantId,
      stockBefore: variant.stock,
      before: variant.cost,
      after: variant.cost,
    };
    let cost = variant.cost;
    if (move.quantity > 0) {
      cost =
        variant.stock <= 0
          ? move.unitCost
          : Math.round((variant.stock * variant.cost + move.quantity * move.unitCost) / (variant.stock + move.quantity));
    } else {
      const left = variant.stock + move.quantity;
      const value = variant.stock * variant.cost + move.quantity * move.unitCost;
      if (left > 0 && value >= 0) cost = Math.round(value / left);
    }
    variant.stock += move.quantity;
    variant.cost = cost;
    change.after = cost;
    changes.set(move.variantId, change);
  }
  const written = [...changes.values()];
  // The caller writes the costs with the stock (`moveStock`'s averageCosts): one update of the variants.
  if (written.length && options.write !== false) {
    const values = sql.join(
      written.map((change) => sql`(${change.variantId}::int, ${state.get(change.variantId)?.cost ?? change.after}::bigint)`),
      sql`, `,
    );
    await tx.execute(
      sql`update product_variants as v set average_cost = d.cost, updated_at = now() from (values ${values}) as d(id, cost) where v.id = d.id`,
    );
  }
  return written;
}

/** A price reduction on units of a variant bought together (a supplier's credit note on a purchase line). */
export interface ValueCredit {
  variantId: number;
  /** The credit, paisa. */
  amount: number;
  /** The units it is for (a line's units received and not returned). */
  units: number;
}

export interface ValueCreditChange {
  variantId: number;
  /** Units of those the credit is for taken to be in stock: the smaller of them and the variant's stock. */
  unitsOnHand: number;
  /** The part that lowered the value of the stock (its moving-average cost). */
  stockValueAmount: number;
  /** The part for units already sold: it changes no recorded sale cost (decision 038). */
  soldAmount: number;
  before: number;
  after: number;
}

/**
 * Lowers the moving-average cost for a credit on units bought earlier (decision 044). The credit is
 * shared over its units evenly: the share of those still in stock (at most the variant's stock) lowers
 * the stock's value, `(stock × cost − share) / stock`, never below 0 (what cannot be taken off counts as
 * sold); the rest belongs to units already sold. Locks as `updateAverageCosts` (decision 006 order) and
 * writes the costs. Rounded to the paisa.
 */
export async function creditStockValue(ctx: Ctx, credits: readonly ValueCredit[]): Promise<ValueCreditChange[]> {
  const tx = ctx.db;
  const ids = [...new Set(credits.map((credit) => credit.variantId))].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const owners = tx.select({ productId: productVariants.productId }).from(productVariants).where(inArray(productVariants.id, ids));
  const locked = await tx
    .select({ id: products.id, cost: products.purchaseCost })
    .from(products)
    .where(inArray(products.id, owners))
    .orderBy(asc(products.id))
    .for('update');
  const purchaseCosts = new Map(locked.map((row) => [row.id, Number(row.cost)]));
  const rows = await tx
    .select({
      id: productVariants.id,
      stock: productVariants.stock,
      averageCost: productVariants.averageCost,
      productId: productVariants.productId,
    })
    .from(productVariants)
    .where(inArray(productVariants.id, ids))
    .orderBy(asc(productVariants.id))
    .for('update');
  const state = new Map(rows.map((row) => [row.id, { stock: row.stock, cost: row.averageCost ?? purchaseCosts.get(row.productId) ?? 0 }]));
  const changes: ValueCreditChange[] = [];
  for (const credit of credits) {
    const variant = state.get(credit.variantId);
    if (!variant || credit.amount <= 0) continue;
    const unitsOnHand = Math.max(0, Math.min(variant.stock, credit.units));
    const share = credit.units > 0 ? Math.round((credit.amount * unitsOnHand) / credit.units) : 0;
    const stockValueAmount = Math.min(share, Math.max(0, variant.stock) * variant.cost);
    const before = variant.cost;
    if (variant.stock > 0 && stockValueAmount > 0)
      variant.cost = Math.max(0, Math.round((variant.stock * variant.cost - stockValueAmount) / variant.stock));
    changes.push({
      variantId: credit.variantId,
      unitsOnHand,
      stockValueAmount,
      soldAmount: credit.amount - stockValueAmount,
      before,
      after: variant.cost,
    });
  }
  const moved = [...state.entries()].filter(([id]) => changes.some((change) => change.variantId === id && change.before !== change.after));
  if (moved.length) {
    const values = sql.join(
      moved.map(([id, variant]) => sql`(${id}::int, ${variant.cost}::bigint)`),
      sql`, `,
    );
    await tx.execute(
      sql`update product_variants as v set average_cost = d.cost, updated_at = now() from (values ${values}) as d(id, cost) where v.id = d.id`,
    );
  }
  return changes;
}
