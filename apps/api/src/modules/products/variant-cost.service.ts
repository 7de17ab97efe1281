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
