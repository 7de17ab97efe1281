import { type ComboInput, comboInput } from '@haat/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { createResource, type Saved, snakeRow } from '../../http/resource';
import { chooseSlug } from '../catalog';
import { FieldErrors } from './product.service';
import { comboItems, combos, products, productVariants } from './product.table';

type Row = Record<string, unknown>;
type ComboValues = z.output<typeof comboInput>;

/** The items of some combos with what each part is and how many are in stock. */
async function itemsOf(db: Db, comboIds: number[]) {
  if (comboIds.length === 0) return [];
  return db
    .select({
      comboId: comboItems.comboId,
      variant_id: comboItems.variantId,
      quantity: comboItems.quantity,
      product_id: productVariants.productId,
      product_name: products.name,
      sku: productVariants.sku,
      variant: productVariants.label,
      price: productVariants.priceOverride,
      retail_price: products.retailPrice,
      stock: productVariants.stock,
    })
    .from(comboItems)
    .innerJoin(productVariants, eq(productVariants.id, comboItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(comboItems.comboId, comboIds))
    .orderBy(asc(comboItems.comboId), asc(products.name), asc(productVariants.sortOrder));
}

/** How many whole combos the parts make: the fewest any item allows. */
export function comboStockOf(items: { stock: number; quantity: number }[]): number {
  if (items.length === 0) return 0;
  return Math.min(...items.map((item) => Math.floor(item.stock / item.quantity)));
}

/** The stock of each combo, from its parts' stock (for orders and the storefront). */
export async function comboStock(db: Db, comboIds: number[]): Promise<Map<number, number>> {
  const items = await itemsOf(db, comboIds);
  return new Map(comboIds.map((id) => [id, comboStockOf(items.filter((item) => item.comboId === id))]));
}

async function comboViews(db: Db, rows: Row[]): Promise<Row[]> {
  const items = await itemsOf(
    db,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => {
    const own = items
      .filter((item) => item.comboId === row.id)
      .map(({ comboId: _, price, retail_price, ...item }) => ({ ...item, price: price ?? retail_price }));
    const partsPrice = own.reduce((sum, item) => sum + item.price * item.quantity, 0);
    return { ...snakeRow(row), items: own, stock: comboStockOf(own), parts_price: partsPrice, saving: partsPrice - Number(row.price) };
  });
}

async function saveComboItems(tx: Db, { row, input, existing }: Saved<ComboValues>): Promise<void> {
  const comboId = Number(row.id);
  const wanted = input.items.map((item) => item.variant_id);
  const found = await tx.select({ id: productVariants.id }).from(productVariants).where(inArray(productVariants.id, wanted));
  const errors = new FieldErrors();
  const exists = new Set(found.map((variant) => variant.id));
  input.items.forEach((item, index) => {
    if (!exists.has(item.variant_id)) errors.add(`items.${index}.variant_id`, 'Choose a product variant.');
  });
  errors.throwIfAny();
  if (existing) await tx.delete(comboItems).where(eq(comboItems.comboId, comboId));
  await tx.insert(comboItems).values(input.items.map((item) => ({ comboId, variantId: item.variant_id, quantity: item.quantity })));
}

/** Combo products (`/api/admin/combos`): a bundle of variants at one price, stock limited by its parts. */
export const comboResource = createResource<ComboValues>({
  label: 'combo',
  path: '/api/admin/combos',
  permission: 'combo',
  table: combos,
  id: combos.id,
  input: comboInput as z.ZodType<ComboValues, ComboInput>,
  search: [combos.name, combos.slug],
  sort: { id: combos.id, name: combos.name, price: combos.price, created_at: combos.createdAt },
  defaultSort: '-id',
  filters: { status: { column: combos.status, schema: comboInput.shape.status } },
  unique: [{ column: combos.slug, field: 'slug', message: 'Another combo already uses this slug.' }],
  statusColumn: combos.status,
  async toValues({ db }, input, existing) {
    return {
      name: input.name,
      slug: await chooseSlug(
        db,
        { table: combos, id: combos.id, slug: combos.slug },
        input.slug,
        input.name,
        existing ? Number(existing.id) : null,
      ),
      image: input.image,
      price: input.price,
      status: input.status,
    };
  },
  afterSave: ({ db }, saved) => saveComboItems(db, saved),
  toViews: ({ db }, rows) => comboViews(db, rows),
});
