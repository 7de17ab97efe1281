import { fromPaisa, idSchema, PRICE_MESSAGES, type ProductValues } from '@haat/contracts';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/constraint-errors';
import { HttpError, invalid } from '../../http/errors';
import { pageUrl, paginate } from '../../http/pagination';
import { likeEscape, type Saved, snakeRow } from '../../http/resource';
import { sanitizeRichText } from '../../lib/rich-text';
import { nameSearchKey } from '../../lib/search-key';
import { attributeOptionSubquery, attributeOptions, brandsByIds, categoriesByIds, categoryLevel, chooseSlug } from '../catalog';
import { merchantNames } from './merchant-names';
import { comboItems, productImages, products, productVariants, productVariantValues, stockMovements } from './product.table';
import { mainThumbnails } from './product-picture.service';
import { nameMatches } from './product-search';
import { moveStock } from './stock.service';

type Row = Record<string, unknown>;
export type ProductRow = typeof products.$inferSelect;

/** Field errors gathered while checking, so one answer names every field that is wrong. */
export class FieldErrors {
  readonly errors: Record<string, string[]> = {};

  add(field: string, message: string): void {
    this.errors[field] = [...(this.errors[field] ?? []), message];
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  /** Throws a 422 naming every field, if any was wrong. */
  throwIfAny(): void {
    const [first] = Object.keys(this.errors);
    if (first) throw new HttpError(422, this.errors[first]?.[0] ?? 'The data given is invalid.', this.errors);
  }
}

const ids = (values: (number | null | undefined)[]) => [...new Set(values.filter((value): value is number => typeof value === 'number'))];

/** The column holding a category of the given level (1 category, 2 subcategory, 3 sub-subcategory). */
export function categoryColumn(level: number): PgColumn {
  return level === 1 ? products.categoryId : level === 2 ? products.subcategoryId : products.subSubcategoryId;
}

/** Products filed under a category of any level, using the index of that level's column. */
export async function inCategory(db: Db, categoryId: number): Promise<SQL> {
  const level = await categoryLevel(db, categoryId);
  return level === null ? sql`false` : eq(categoryColumn(level), categoryId);
}

export const lowStock = sql`${products.stock} <= ${products.lowStockThreshold}`;

/**
 * Name (contains, through the trigram indexes of the name and the search key) or SKU of the product or of a variant (exact or
 * prefix, through the pattern indexes). Written as one OR of indexable conditions — the variant
 * part as `id = any(array(…))`, computed once — so PostgreSQL can combine the indexes (BitmapOr)
 * or walk the sort's index and filter, whichever is cheaper.
 */
export function productSearch(q: string): SQL {
  const prefix = `${likeEscape(q.trim().toUpperCase())}%`;
  return sql`(${nameMatches(q)} or ${products.sku} like ${prefix}
    or ${products.id} = any(array(select v.product_id from product_variants v where v.sku like ${prefix})))`;
}

/** Checks the references of a product (category path, brand, merchant) and maps the input to columns. */
export async function productValues(db: Db, input: ProductValues, existing: Row | null): Promise<Row> {
  const errors = new FieldErrors();
  const categoryIds = ids([input.category_id, input.subcategory_id, input.sub_subcategory_id]);
  const [found, brand, merchant] = await Promise.all([
    categoriesByIds(db, categoryIds),
    input.brand_id ? brandsByIds(db, [input.brand_id]) : [],
    input.merchant_id ? merchantNames(db, [input.merchant_id]) : [],
  ]);
  const byId = new Map(found.map((category) => [category.id, category]));
  const category = byId.get(input.category_id);
  if (category?.level !== 1) errors.add('category_id', 'Choose a category.');
  if (input.subcategory_id) {
    const subcategory = byId.get(input.subcategory_id);
    if (subcategory?.level !== 2 || subcategory.parentId !== input.category_id) {
      errors.add('subcategory_id', category ? `Choose a subcategory of ${category.name}.` : 'Choose a subcategory of the category.');
    }
  }
  if (input.sub_subcategory_id) {
    const subSubcategory = byId.get(input.sub_subcategory_id);
    const parent = input.subcategory_id ? byId.get(input.subcategory_id) : undefined;
    if (!input.subcategory_id) errors.add('sub_subcategory_id', 'Choose the subcategory first.');
    else if (subSubcategory?.level !== 3 || subSubcategory.parentId !== input.subcategory_id) {
      errors.add(
        'sub_subcategory_id',
        parent ? `Choose a sub-subcategory of ${parent.name}.` : 'Choose a sub-subcategory of the subcategory.',
      );
    }
  }
  if (input.brand_id && brand.length === 0) errors.add('brand_id', 'Choose a brand.');
  if (input.merchant_id && merchant.length === 0) errors.add('merchant_id', 'Choose a merchant.');
  errors.throwIfAny();

  return {
    name: input.name,
    nameBn: input.name_bn,
    searchKey: nameSearchKey(input.name, input.name_bn),
    slug: await chooseSlug(
      db,
      { table: products, id: products.id, slug: products.slug },
      input.slug,
      input.name,
      existing ? Number(existing.id) : null,
    ),
    sku: input.sku,
    categoryId: input.category_id,
    subcategoryId: input.subcategory_id,
    subSubcategoryId: input.sub_subcategory_id,
    brandId: input.brand_id,
    merchantId: input.merchant_id,
    merchantPrice: input.merchant_id ? input.merchant_price : null,
    description: sanitizeRichText(input.description),
    purchaseCost: input.purchase_cost,
    wholesalePrice: input.wholesale_price,
    retailPrice: input.retail_price,
    discountPrice: input.discount_price,
    discountStartsAt: input.discount_starts_at ? new Date(input.discount_starts_at) : null,
    discountEndsAt: input.discount_ends_at ? new Date(input.discount_ends_at) : null,
    lowStockThreshold: input.low_stock_threshold,
    weightGrams: input.weight_grams,
    paymentRule: input.payment_rule,
    status: input.status,
    isFeatured: input.is_featured,
    isBestSeller: input.is_best_seller,
    showOnHome: input.show_on_home,
    videoUrl: input.video_url,
    seoTitle: input.seo_title,
    seoDescription: input.seo_description,
  };
}

interface OptionValue {
  id: number;
  attributeId: number;
  attribute: string;
  value: string;
  attributeOrder: number;
}

/** "M / Red": the values in their attributes' order. */
function variantLabel(values: OptionValue[]): string {
  return [...values]
    .sort((a, b) => a.attributeOrder - b.attributeOrder || a.attribute.localeCompare(b.attribute))
    .map((value) => value.value)
    .join(' / ');
}

/** A barcode another variant took since it was checked (the unique index decided): a 422 naming the field. */
function barcodeTaken(field: string, barcode: string | null) {
  return (error: unknown): never => {
    if (isUniqueViolation(error, 'product_variants_barcode_unique')) {
      throw invalid(
        field,
        barcode ? `Barcode ${barcode} is already used by another variant.` : 'This barcode is already used by another variant.',
      );
    }
    throw error;
  };
}

/**
 * Writes a saved product's images and variants in the save's transaction: images replace the old
 * ones; variants are matched by id (kept and changed), added (with their opening stock as ledger
 * rows) or removed (only while nothing but their opening stock is recorded for them, and no combo
 * holds them). Existing stock is never changed here.
 */
export async function saveProductChildren(ctx: Ctx, { row, input, existing }: Saved<ProductValues>): Promise<void> {
  const tx = ctx.db;
  const productId = Number(row.id);
  const errors = new FieldErrors();

  // Options: every value must exist, one per attribute.
  const valueIds = ids(input.variants.flatMap((variant) => variant.attribute_value_ids));
  const options = await attributeOptions(tx, valueIds);
  const optionById = new Map(options.map((option) => [option.id, option]));
  const labels: string[] = input.variants.map((variant, index) => {
    const chosen = variant.attribute_value_ids.map((id) => optionById.get(id));
    if (chosen.some((option) => !option)) {
      errors.add(`variants.${index}.attribute_value_ids`, 'An option of this variant no longer exists; reload the page.');
      return '';
    }
    const values = chosen as OptionValue[];
    const attributesSeen = new Map<number, string>();
    for (const value of values) {
      const other = attributesSeen.get(value.attributeId);
      if (other) errors.add(`variants.${index}.attribute_value_ids`, `Choose one ${value.attribute}: ${other} or ${value.value}.`);
      attributesSeen.set(value.attributeId, value.value);
    }
    return variantLabel(values);
  });

  // Which variants stay, which go.
  const current = existing
    ? await tx
        .select({ id: productVariants.id, sku: productVariants.sku, label: productVariants.label, barcode: productVariants.barcode })
        .from(productVariants)
        .where(eq(productVariants.productId, productId))
    : [];
  const currentIds = new Set(current.map((variant) => variant.id));
  input.variants.forEach((variant, index) => {
    if (variant.id && !currentIds.has(variant.id)) errors.add(`variants.${index}.id`, 'This variant is not one of this product’s.');
  });
  const keptIds = new Set(input.variants.map((variant) => variant.id).filter((id): id is number => Boolean(id)));
  const removed = current.filter((variant) => !keptIds.has(variant.id));
  if (removed.length) {
    const removedIds = removed.map((variant) => variant.id);
    // One after the other: a transaction has one connection.
    const history = await tx
      .selectDistinct({ variantId: stockMovements.variantId })
      .from(stockMovements)
      .where(and(inArray(stockMovements.variantId, removedIds), ne(stockMovements.kind, 'opening')));
    const inCombos = await tx
      .selectDistinct({ variantId: comboItems.variantId })
      .from(comboItems)
      .where(inArray(comboItems.variantId, removedIds));
    const name = (id: number) => {
      const variant = removed.find((each) => each.id === id);
      return variant?.label ? `${variant.label} (${variant.sku})` : (variant?.sku ?? String(id));
    };
    for (const { variantId } of history) {
      errors.add('variants', `The variant ${name(variantId)} has stock history and cannot be removed; set its stock to 0 instead.`);
    }
    for (const { variantId } of inCombos) {
      errors.add('variants', `The variant ${name(variantId)} is part of a combo and cannot be removed; take it out of the combo first.`);
    }
  }

  // SKUs: an empty one is made from the product's; none may belong to another product's variant.
  const taken = new Set(input.variants.map((variant) => variant.sku).filter(Boolean));
  const skus = input.variants.map((variant, index) => {
    if (variant.sku) return variant.sku;
    let candidate = input.variants.length === 1 ? input.sku : `${input.sku}-${index + 1}`;
    for (let attempt = 2; taken.has(candidate); attempt++) candidate = `${input.sku}-${index + 1}-${attempt}`;
    taken.add(candidate);
    return candidate;
  });
  const clashes = await tx
    .select({ id: productVariants.id, sku: productVariants.sku, productId: productVariants.productId, product: products.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.sku, skus));
  for (const clash of clashes) {
    if (clash.productId === productId) continue;
    const index = skus.indexOf(clash.sku);
    errors.add(`variants.${index}.sku`, `SKU ${clash.sku} is already used by ${clash.product}.`);
  }
  // Barcodes: none may belong to another product's variant (a scanner must find one variant).
  const barcodes = input.variants.map((variant) => variant.barcode).filter((code): code is string => Boolean(code));
  const barcodeOwners = barcodes.length
    ? await tx
        .select({
          barcode: productVariants.barcode,
          sku: productVariants.sku,
          productId: productVariants.productId,
          product: products.name,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(inArray(productVariants.barcode, barcodes))
    : [];
  for (const owner of barcodeOwners) {
    if (owner.productId === productId) continue;
    const index = input.variants.findIndex((variant) => variant.barcode === owner.barcode);
    errors.add(`variants.${index}.barcode`, `Barcode ${owner.barcode} is already used by ${owner.product} (${owner.sku}).`);
  }
  // A picture shows one of the product's own option values (a colour), or any.
  const usedValues = new Set(input.variants.flatMap((variant) => variant.attribute_value_ids ?? []));
  input.images.forEach((image, index) => {
    if (image.attribute_value_id !== null && !usedValues.has(image.attribute_value_id)) {
      errors.add(`images.${index}.attribute_value_id`, 'Choose one of the options the variants use');
    }
  });
  errors.throwIfAny();

  // Images, in order, with one main image.
  if (existing) await tx.delete(productImages).where(eq(productImages.productId, productId));
  if (input.images.length) {
    const markedMain = input.images.findIndex((image) => image.is_main);
    const main = input.main_index ?? Math.max(markedMain, 0);
    await tx.insert(productImages).values(
      input.images.map((image, index) => ({
        productId,
        path: image.path,
        thumbnail: image.thumbnail,
        sortOrder: index,
        isMain: index === main,
        attributeValueId: image.attribute_value_id,
      })),
    );
  }

  // Variants: remove, then change the kept ones, then add the new ones with their opening stock.
  if (removed.length) {
    await tx.delete(productVariants).where(
      inArray(
        productVariants.id,
        removed.map((variant) => variant.id),
      ),
    );
  }
  const kept = input.variants.map((variant, index) => ({ variant, index })).filter(({ variant }) => variant.id);
  // Two kept variants may swap SKUs: park the changed ones on a free value first.
  const renamed = kept.filter(({ variant, index }) => current.find((each) => each.id === variant.id)?.sku !== skus[index]);
  if (renamed.length) {
    await tx
      .update(productVariants)
      .set({ sku: sql`${productVariants.sku} || '~' || ${productVariants.id}` })
      .where(
        inArray(
          productVariants.id,
          renamed.map(({ variant }) => variant.id as number),
        ),
      );
  }
  // Two kept variants may swap barcodes too: the changed ones are cleared first.
  const recoded = kept.filter(({ variant }) => (current.find((each) => each.id === variant.id)?.barcode ?? null) !== variant.barcode);
  if (recoded.length) {
    await tx
      .update(productVariants)
      .set({ barcode: null })
      .where(
        inArray(
          productVariants.id,
          recoded.map(({ variant }) => variant.id as number),
        ),
      );
  }
  for (const { variant, index } of kept) {
    await tx
      .update(productVariants)
      .set({
        sku: skus[index],
        label: labels[index],
        priceOverride: variant.price_override,
        barcode: variant.barcode,
        sortOrder: index,
        updatedAt: ctx.now,
      })
      .where(eq(productVariants.id, variant.id as number))
      .catch(barcodeTaken(`variants.${index}.barcode`, variant.barcode));
  }
  if (kept.length) {
    await tx.delete(productVariantValues).where(
      inArray(
        productVariantValues.variantId,
        kept.map(({ variant }) => variant.id as number),
      ),
    );
  }
  if (existing) {
    // Removed variants took their stock (and ledger) with them.
    await tx
      .update(products)
      .set({ stock: sql`(select coalesce(sum(v.stock), 0)::int from product_variants v where v.product_id = ${productId})` })
      .where(eq(products.id, productId));
  }
  const added = input.variants.map((variant, index) => ({ variant, index })).filter(({ variant }) => !variant.id);
  const inserted = added.length
    ? await tx
        .insert(productVariants)
        .values(
          added.map(({ variant, index }) => ({
            productId,
            sku: skus[index] as string,
            label: labels[index] ?? '',
            priceOverride: variant.price_override,
            barcode: variant.barcode,
            sortOrder: index,
          })),
        )
        .returning({ id: productVariants.id, sku: productVariants.sku })
        .catch(
          barcodeTaken(
            `variants.${added.find(({ variant }) => variant.barcode)?.index ?? 0}.barcode`,
            added.find(({ variant }) => variant.barcode)?.variant.barcode ?? null,
          ),
        )
    : [];
  const idOf = new Map(inserted.map((variant) => [variant.sku, variant.id]));
  const variantIds = input.variants.map((variant, index) => variant.id ?? (idOf.get(skus[index] as string) as number));
  const links = input.variants.flatMap((variant, index) =>
    variant.attribute_value_ids.map((attributeValueId) => ({ variantId: variantIds[index] as number, attributeValueId })),
  );
  if (links.length) await tx.insert(productVariantValues).values(links);
  const openings = added
    .filter(({ variant }) => variant.opening_stock > 0)
    .map(({ variant, index }) => ({
      variantId: variantIds[index] as number,
      quantity: variant.opening_stock,
      kind: 'opening' as const,
      reason: 'Opening stock',
      field: `variants.${index}.opening_stock`,
    }));
  await moveStock(ctx, openings);
}

/**
 * What the audit log compares of products: each product's own columns with its variants' SKU,
 * label, price override and stock (one query for all), so a price or stock change of a variant
 * shows before → after.
 */
export async function productAuditSnapshots(ctx: Ctx, rows: Row[]): Promise<Row[]> {
  const productIds = rows.map((row) => Number(row.id));
  const variants = productIds.length
    ? await ctx.db
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          sku: productVariants.sku,
          label: productVariants.label,
          price_override: productVariants.priceOverride,
          stock: productVariants.stock,
        })
        .from(productVariants)
        .where(inArray(productVariants.productId, productIds))
        .orderBy(asc(productVariants.productId), asc(productVariants.sortOrder), asc(productVariants.id))
    : [];
  return rows.map((row) => ({
    ...snakeRow(row),
    variants: variants.filter((variant) => variant.productId === Number(row.id)).map(({ productId: _productId, ...variant }) => variant),
  }));
}

/**
 * Bulk publish (in the bulk action's transaction, rows locked): a product priced at 0, or with a
 * variant priced at 0, is refused with the reason; the others are published.
 */
export async function publishProducts(ctx: Ctx, productIds: number[]) {
  const rows = await ctx.db
    .select({
      id: products.id,
      retailPrice: products.retailPrice,
      zeroVariant: sql<boolean>`exists (select 1 from product_variants v where v.product_id = ${products.id} and v.price_override = 0)`,
    })
    .from(products)
    .where(inArray(products.id, productIds));
  const found = new Map(rows.map((row) => [row.id, row]));
  const refused: { id: number; message: string }[] = [];
  const done: number[] = [];
  for (const id of productIds) {
    const row = found.get(id);
    if (!row) refused.push({ id, message: 'The product was not found.' });
    else if (row.retailPrice === 0) refused.push({ id, message: `${PRICE_MESSAGES.zeroRetailPublished}.` });
    else if (row.zeroVariant) refused.push({ id, message: `${PRICE_MESSAGES.zeroVariantPublished}.` });
    else done.push(id);
  }
  if (done.length) await ctx.db.update(products).set({ status: 1, updatedAt: ctx.now }).where(inArray(products.id, done));
  return { done, refused };
}

/** How many combos hold a variant of the product (a product in a combo cannot be deleted). */
export async function combosUsingProduct(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${comboItems.comboId})`.mapWith(Number) })
    .from(comboItems)
    .innerJoin(productVariants, eq(productVariants.id, comboItems.variantId))
    .where(eq(productVariants.productId, productId));
  return row?.n ?? 0;
}

/** Names of categories, brands and merchants for a batch of products, in one query each. */
async function referenceNames(db: Db, rows: Row[]) {
  const categoryIds = ids(rows.flatMap((row) => [row.categoryId, row.subcategoryId, row.subSubcategoryId] as (number | null)[]));
  const brandIds = ids(rows.map((row) => row.brandId as number | null));
  const merchantIds = ids(rows.map((row) => row.merchantId as number | null));
  const [categoryRows, brandRows, merchantRows] = await Promise.all([
    categoriesByIds(db, categoryIds),
    brandsByIds(db, brandIds),
    merchantNames(db, merchantIds),
  ]);
  const lookup = (entries: { id: number; name: string }[]) => {
    const map = new Map(entries.map((entry) => [entry.id, entry.name]));
    return (id: unknown) => (typeof id === 'number' ? (map.get(id) ?? null) : null);
  };
  return { category: lookup(categoryRows), brand: lookup(brandRows), merchant: lookup(merchantRows) };
}

/** The admin list's rows: a page of products with names, main thumbnail and variant count, in four queries. */
export async function productListViews(db: Db, rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return [];
  const productIds = rows.map((row) => Number(row.id));
  const [names, thumbnails, variantCounts] = await Promise.all([
    referenceNames(db, rows),
    mainThumbnails(db, productIds),
    db
      .select({ productId: productVariants.productId, n: count() })
      .from(productVariants)
      .where(inArray(productVariants.productId, productIds))
      .groupBy(productVariants.productId),
  ]);
  const thumbnailOf = thumbnails;
  const variantsOf = new Map(variantCounts.map((entry) => [entry.productId, entry.n]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    name_bn: row.nameBn,
    slug: row.slug,
    sku: row.sku,
    status: row.status,
    purchase_cost: row.purchaseCost,
    wholesale_price: row.wholesalePrice,
    retail_price: row.retailPrice,
    discount_price: row.discountPrice,
    stock: row.stock,
    low_stock_threshold: row.lowStockThreshold,
    low_stock: Number(row.stock) <= Number(row.lowStockThreshold),
    category_id: row.categoryId,
    category_name: names.category(row.categoryId),
    subcategory_id: row.subcategoryId,
    subcategory_name: names.category(row.subcategoryId),
    sub_subcategory_id: row.subSubcategoryId,
    sub_subcategory_name: names.category(row.subSubcategoryId),
    brand_id: row.brandId,
    brand_name: names.brand(row.brandId),
    merchant_id: row.merchantId,
    merchant_price: row.merchantPrice ?? null,
    merchant_name: names.merchant(row.merchantId),
    thumbnail: thumbnailOf.get(Number(row.id)) ?? null,
    variants_count: variantsOf.get(Number(row.id)) ?? 0,
    is_featured: row.isFeatured,
    is_best_seller: row.isBestSeller,
    show_on_home: row.showOnHome,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  }));
}

/** Variants of some products with their options, stock and whether they could be removed. */
async function variantsOf(db: Db, productIds: number[]) {
  if (productIds.length === 0) return [];
  const variants = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.sortOrder), asc(productVariants.id));
  const variantIds = variants.map((variant) => variant.id);
  const option = attributeOptionSubquery('option');
  const [values, history, inCombos] = variantIds.length
    ? await Promise.all([
        db
          .select({
            variantId: productVariantValues.variantId,
            id: option.id,
            attributeId: option.attributeId,
            attribute: option.attribute,
            value: option.value,
            colorHex: option.colorHex,
          })
          .from(productVariantValues)
          .innerJoin(option, eq(option.id, productVariantValues.attributeValueId))
          .where(inArray(productVariantValues.variantId, variantIds))
          .orderBy(asc(option.attributeOrder), asc(option.attribute)),
        db
          .selectDistinct({ variantId: stockMovements.variantId })
          .from(stockMovements)
          .where(and(inArray(stockMovements.variantId, variantIds), ne(stockMovements.kind, 'opening'))),
        db.selectDistinct({ variantId: comboItems.variantId }).from(comboItems).where(inArray(comboItems.variantId, variantIds)),
      ])
    : [[], [], []];
  const withHistory = new Set(history.map((row) => row.variantId));
  const combined = new Set(inCombos.map((row) => row.variantId));
  return variants.map((variant) => {
    const options = values.filter((value) => value.variantId === variant.id);
    return {
      productId: variant.productId,
      id: variant.id,
      sku: variant.sku,
      label: variant.label,
      price_override: variant.priceOverride,
      stock: variant.stock,
      barcode: variant.barcode,
      /** Moving-average cost of one unit (paisa); null until the first purchase is received. */
      average_cost: variant.averageCost,
      sort_order: variant.sortOrder,
      attribute_value_ids: options.map((option) => option.id),
      values: options.map((option) => ({
        id: option.id,
        attribute_id: option.attributeId,
        attribute: option.attribute,
        value: option.value,
        color_hex: option.colorHex,
      })),
      has_stock_history: withHistory.has(variant.id),
      in_combo: combined.has(variant.id),
      removable: !withHistory.has(variant.id) && !combined.has(variant.id),
    };
  });
}

/** Everything the edit form needs: the product, its names, images in order, variants with options and stock. */
export async function productDetail(db: Db, row: Row): Promise<Row> {
  const productId = Number(row.id);
  const [names, images, variants] = await Promise.all([
    referenceNames(db, [row]),
    db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.sortOrder), asc(productImages.id)),
    variantsOf(db, [productId]),
  ]);
  const mainIndex = images.findIndex((image) => image.isMain);
  const retail = Number(row.retailPrice);
  return {
    ...snakeRow(row),
    low_stock: Number(row.stock) <= Number(row.lowStockThreshold),
    category_name: names.category(row.categoryId),
    subcategory_name: names.category(row.subcategoryId),
    sub_subcategory_name: names.category(row.subSubcategoryId),
    brand_name: names.brand(row.brandId),
    merchant_name: names.merchant(row.merchantId),
    images: images.map((image) => ({
      id: image.id,
      path: image.path,
      thumbnail: image.thumbnail,
      sort_order: image.sortOrder,
      is_main: image.isMain,
      attribute_value_id: image.attributeValueId,
    })),
    main_index: images.length ? Math.max(mainIndex, 0) : null,
    variants: variants.map(({ productId: _, ...variant }) => ({ ...variant, price: variant.price_override ?? retail })),
  };
}

const STATUS_LABEL: Record<number, string> = { 1: 'Published', 0: 'Draft' };
const money = (paisa: unknown) => (typeof paisa === 'number' ? fromPaisa(paisa) : '');

/** The CSV export: one line per variant, headed for people, money in taka with two decimals. */
export async function productCsvRows(db: Db, rows: Row[]): Promise<Row[]> {
  const [names, variants] = await Promise.all([
    referenceNames(db, rows),
    variantsOf(
      db,
      rows.map((row) => Number(row.id)),
    ),
  ]);
  const byProduct = new Map<number, typeof variants>();
  for (const variant of variants) byProduct.set(variant.productId, [...(byProduct.get(variant.productId) ?? []), variant]);
  return rows.flatMap((row) =>
    (byProduct.get(Number(row.id)) ?? []).map((variant) => ({
      'Product ID': row.id,
      Product: row.name,
      'Product SKU': row.sku,
      'Variant SKU': variant.sku,
      Variant: variant.label,
      Category: names.category(row.categoryId) ?? '',
      Subcategory: names.category(row.subcategoryId) ?? '',
      'Sub-subcategory': names.category(row.subSubcategoryId) ?? '',
      Brand: names.brand(row.brandId) ?? '',
      'Bengali name': row.nameBn ?? '',
      Status: STATUS_LABEL[Number(row.status)] ?? row.status,
      'Purchase cost': money(row.purchaseCost),
      'Wholesale price': money(row.wholesalePrice),
      'Retail price': money(row.retailPrice),
      'Discount price': money(row.discountPrice),
      'Variant price': money(variant.price_override ?? row.retailPrice),
      Barcode: variant.barcode ?? '',
      'Average cost': money(variant.average_cost),
      Stock: variant.stock,
      'Low-stock threshold': row.lowStockThreshold,
      'Weight (g)': row.weightGrams,
      'Created at': row.createdAt,
    })),
  );
}

const variantQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).default(''),
  format: z.enum(['plain', 'resource']).default('plain'),
  'filter[product_id]': idSchema.optional(),
});

/**
 * Variants to pick from (combo items, later order lines): by product name or SKU prefix, with
 * stock, price and the product's thumbnail; newest first, or by name when searching.
 */
export async function listVariants(db: Db, query: Record<string, unknown>) {
  const parsed = variantQuery.parse(query);
  const conditions: SQL[] = [];
  if (parsed.q) {
    const prefix = `${likeEscape(parsed.q.toUpperCase())}%`;
    conditions.push(sql`(${nameMatches(parsed.q)} or ${productVariants.sku} like ${prefix} or ${products.sku} like ${prefix})`);
  }
  if (parsed['filter[product_id]']) conditions.push(eq(productVariants.productId, parsed['filter[product_id]']));
  const condition = and(...conditions);
  const offset = (parsed.page - 1) * parsed.per_page;
  const rows = await db
    .select({
      id: productVariants.id,
      product_id: products.id,
      product_name: products.name,
      sku: productVariants.sku,
      label: productVariants.label,
      stock: productVariants.stock,
      price: sql<number>`coalesce(${productVariants.priceOverride}, ${products.retailPrice})`.mapWith(Number),
      wholesale_price: products.wholesalePrice,
      status: products.status,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(condition)
    .orderBy(
      ...(parsed.q || parsed['filter[product_id]']
        ? [asc(products.name), asc(productVariants.sortOrder), asc(productVariants.id)]
        : [desc(productVariants.id)]),
    )
    .limit(parsed.per_page)
    .offset(offset);
  let total = offset + rows.length;
  if (rows.length === parsed.per_page || (rows.length === 0 && offset > 0)) {
    const [counted] = await db
      .select({ n: count() })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(condition);
    total = counted?.n ?? 0;
  }
  const productIds = ids(rows.map((row) => row.product_id));
  const thumbnailOf = await mainThumbnails(db, productIds);
  const shaped = paginate(
    rows.map((row) => ({ ...row, thumbnail: thumbnailOf.get(row.product_id) ?? null })),
    total,
    { page: parsed.page, perPage: parsed.per_page },
    (page) => pageUrl('/api/admin/product-variants', query, page),
  );
  return parsed.format === 'resource' ? shaped.resource : shaped.plain;
}

/** The columns other modules' rows are used through: a product's category path, brand and merchant. */
const USE_COLUMNS = {
  category: products.categoryId,
  subcategory: products.subcategoryId,
  subsubcategory: products.subSubcategoryId,
  brand: products.brandId,
  merchant: products.merchantId,
  attribute_value: productVariantValues.attributeValueId,
} as const;

export type ProductUseKind = keyof typeof USE_COLUMNS;

/**
 * How many products use each of some categories, brands or merchants (for an attribute value: how
 * many variants carry it), as id → count. The catalog and merchants modules are handed this at
 * start-up for their lists and their delete checks.
 */
export async function productCountsBy(db: Db, kind: ProductUseKind, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const column = USE_COLUMNS[kind];
  const table = kind === 'attribute_value' ? productVariantValues : products;
  const rows = await db
    .select({ id: column, n: count() })
    .from(table)
    .where(inArray(column, [...ids]))
    .groupBy(column);
  return new Map(rows.map((row) => [Number(row.id), row.n]));
}

/** The weight in grams of each of some products, in one query (a courier weighs an order's parcel). */
export async function productWeights(db: Db, productIds: readonly number[]): Promise<Map<number, number>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: products.id, grams: products.weightGrams }).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.grams]));
}
