import {
  PRICE_MESSAGES,
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_STATUS,
  type ProductImportColumn,
  type ProductImportIssue,
  type ProductImportRow,
  priceIssues,
  productImportRow,
  slugify,
} from '@haat/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { parseCsv } from '../../http/csv';
import { HttpError } from '../../http/errors';
import { sanitizeRichText } from '../../lib/rich-text';
import { nameSearchKey } from '../../lib/search-key';
import { allBrands, categoryTree } from '../catalog';
import { products, productVariants } from './product.table';
import { moveStock } from './stock.service';

/** More rows than this are refused: split the file. */
export const IMPORT_ROW_LIMIT = 20_000;
const CHUNK = 500;

/** Header spellings people use for our columns ("Product SKU", "Opening stock", "Weight (g)"). */
const HEADER_ALIASES: Record<string, ProductImportColumn> = {
  product_sku: 'sku',
  product: 'name',
  product_name: 'name',
  product_bengali: 'name_bn',
  name_bengali: 'name_bn',
  bengali_name: 'name_bn',
  category_path: 'category',
  opening_stock: 'stock',
  weight: 'weight_grams',
  weight_g: 'weight_grams',
  low_stock: 'low_stock_threshold',
  cost: 'purchase_cost',
  price: 'retail_price',
  ean: 'barcode',
  gtin: 'barcode',
};

function normaliseHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export interface ImportResult {
  dry_run: boolean;
  created: number;
  updated: number;
  /** Columns of the file that are not ours and were not read. */
  ignored_columns: string[];
}

interface Category {
  id: number;
  level: number;
  parentId: number | null;
  name: string;
  slug: string;
}

/** Finds categories by slug or by a name path ("Women > Kurti"), from one read of the tree. */
function categoryFinder(all: Category[]) {
  const byId = new Map(all.map((category) => [category.id, category]));
  const bySlug = new Map(all.map((category) => [category.slug.toLowerCase(), category]));
  const key = (parentId: number | null, name: string) => `${parentId ?? 0}:${name.trim().toLowerCase()}`;
  const byParentAndName = new Map(all.map((category) => [key(category.parentId, category.name), category]));
  const byName = new Map<string, Category[]>();
  for (const category of all) {
    const name = category.name.trim().toLowerCase();
    byName.set(name, [...(byName.get(name) ?? []), category]);
  }
  /** The category, subcategory and sub-subcategory ids of the path down to `leaf`. */
  const chain = (leaf: Category) => {
    const path: Category[] = [leaf];
    for (let parent = leaf.parentId; parent; parent = byId.get(parent)?.parentId ?? null) {
      const found = byId.get(parent);
      if (!found) break;
      path.unshift(found);
    }
    return { categoryId: path[0]?.id ?? null, subcategoryId: path[1]?.id ?? null, subSubcategoryId: path[2]?.id ?? null };
  };
  return (text: string): ReturnType<typeof chain> | string => {
    if (text.includes('>')) {
      let parentId: number | null = null;
      let found: Category | undefined;
      for (const part of text.split('>')) {
        found = byParentAndName.get(key(parentId, part));
        if (!found) return `There is no category "${part.trim()}"${parentId ? ` under ${byId.get(parentId)?.name}` : ''}.`;
        parentId = found.id;
      }
      return found ? chain(found) : 'Name a category.';
    }
    const slugged = bySlug.get(text.trim().toLowerCase());
    if (slugged) return chain(slugged);
    const named = byName.get(text.trim().toLowerCase()) ?? [];
    if (named.length === 1 && named[0]) return chain(named[0]);
    if (named.length > 1) return `Several categories are called "${text.trim()}"; write the path, like Women > Kurti, or the slug.`;
    return `There is no category "${text.trim()}"; use its slug or a path like Women > Kurti.`;
  };
}

type Existing = typeof products.$inferSelect;

/** A product as it will be written, after the row is merged over what exists. */
interface Planned {
  row: number;
  sku: string;
  existing: Existing | null;
  values: {
    name: string;
    nameBn: string | null;
    searchKey: string;
    categoryId: number | null;
    subcategoryId: number | null;
    subSubcategoryId: number | null;
    brandId: number | null;
    description: string;
    purchaseCost: number;
    wholesalePrice: number;
    retailPrice: number;
    discountPrice: number | null;
    status: number;
    lowStockThreshold: number;
    weightGrams: number;
  };
  stock: number;
  /** A barcode for the product's variant with its SKU; undefined: the file does not set one. */
  barcode?: string | null;
  /** That variant, for an existing product. */
  variantId?: number;
}

async function inChunks<T, R>(items: T[], size: number, run: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < items.length; start += size) out.push(...(await run(items.slice(start, start + size))));
  return out;
}

/**
 * Imports products from CSV text: new SKUs are created (with their stock as opening stock), known
 * SKUs updated (stock ignored; empty cells keep what is there). Every row is checked first; if any
 * is wrong nothing is written and a 422 carries the row-by-row report. Otherwise everything is
 * written in one transaction, in batches. `dryRun` checks and counts without writing.
 */
export async function importProducts(ctx: Ctx, text: string, options: { dryRun: boolean }): Promise<ImportResult> {
  const { db } = ctx;
  const fileError = (message: string) => new HttpError(422, message, { file: [message] });
  const table = parseCsv(text);
  const [header, ...lines] = table;
  if (!header) throw fileError('The file is empty. Put the column names on the first line.');
  if (lines.length === 0) throw fileError('The file has column names but no products.');
  if (lines.length > IMPORT_ROW_LIMIT) throw fileError(`The file has ${lines.length} rows; import at most ${IMPORT_ROW_LIMIT} at a time.`);

  const columns = new Map<ProductImportColumn, number>();
  const ignored: string[] = [];
  header.forEach((name, index) => {
    const normal = normaliseHeader(name);
    const column = (PRODUCT_IMPORT_COLUMNS as readonly string[]).includes(normal)
      ? (normal as ProductImportColumn)
      : HEADER_ALIASES[normal];
    if (!column || columns.has(column)) ignored.push(name);
    else columns.set(column, index);
  });
  if (!columns.has('sku')) throw fileError('The file needs a "sku" column: products are matched by their SKU.');

  // 1. Each row on its own.
  const issues = new Map<number, ProductImportIssue>();
  const fail = (row: number, sku: string, field: string, message: string) => {
    const issue = issues.get(row) ?? { row, sku, errors: {} };
    issue.errors[field] = [...(issue.errors[field] ?? []), message];
    issues.set(row, issue);
  };
  const parsed: { row: number; data: ProductImportRow }[] = [];
  const firstRowOfSku = new Map<string, number>();
  lines.forEach((cells, index) => {
    const row = index + 2;
    const raw: Record<string, string> = {};
    for (const [column, at] of columns) raw[column] = cells[at] ?? '';
    const result = productImportRow.safeParse(raw);
    const sku = (raw.sku ?? '').trim().toUpperCase();
    if (!result.success) {
      for (const issue of result.error.issues) fail(row, sku, String(issue.path[0] ?? 'row'), issue.message);
      return;
    }
    const earlier = firstRowOfSku.get(result.data.sku);
    if (earlier) {
      fail(row, sku, 'sku', `SKU ${result.data.sku} is already on row ${earlier}.`);
      return;
    }
    firstRowOfSku.set(result.data.sku, row);
    parsed.push({ row, data: result.data });
  });

  // 2. Against the database, with a few reads for the whole file.
  const skus = parsed.map((entry) => entry.data.sku);
  const [existingRows, allCategories, knownBrands] = await Promise.all([
    inChunks(skus, 5000, (chunk) => db.select().from(products).where(inArray(products.sku, chunk))),
    columns.has('category') ? categoryTree(db) : [],
    columns.has('brand') ? allBrands(db) : [],
  ]);
  const existingBySku = new Map(existingRows.map((product) => [product.sku, product]));
  const findCategory = categoryFinder(allCategories);
  const brandByKey = new Map<string, number>();
  for (const brand of knownBrands) {
    brandByKey.set(brand.slug.toLowerCase(), brand.id);
    brandByKey.set(brand.name.trim().toLowerCase(), brand.id);
  }

  const planned: Planned[] = [];
  for (const { row, data } of parsed) {
    const existing = existingBySku.get(data.sku) ?? null;
    const problems = issues.size;
    const need = (field: keyof ProductImportRow, label: string) => {
      if (!existing && data[field] === undefined) fail(row, data.sku, field, `Enter the ${label} of a new product.`);
    };
    need('name', 'name');
    need('wholesale_price', 'wholesale price');
    need('retail_price', 'retail price');
    need('category', 'category');
    let path = existing
      ? { categoryId: existing.categoryId, subcategoryId: existing.subcategoryId, subSubcategoryId: existing.subSubcategoryId }
      : { categoryId: null as number | null, subcategoryId: null as number | null, subSubcategoryId: null as number | null };
    if (data.category !== undefined) {
      const found = findCategory(data.category);
      if (typeof found === 'string') fail(row, data.sku, 'category', found);
      else path = found;
    }
    let brandId = existing?.brandId ?? null;
    if (data.brand !== undefined) {
      const found = brandByKey.get(data.brand.toLowerCase());
      if (found === undefined) fail(row, data.sku, 'brand', `There is no brand "${data.brand}".`);
      else brandId = found;
    }
    const name = data.name ?? existing?.name ?? '';
    // An empty cell keeps the Bengali name; there is no other way to clear it than the form.
    const nameBn = data.name_bn ?? existing?.nameBn ?? null;
    const values: Planned['values'] = {
      name,
      nameBn,
      searchKey: nameSearchKey(name, nameBn),
      ...path,
      brandId,
      description: data.description !== undefined ? sanitizeRichText(data.description) : (existing?.description ?? ''),
      purchaseCost: data.purchase_cost ?? existing?.purchaseCost ?? 0,
      wholesalePrice: data.wholesale_price ?? existing?.wholesalePrice ?? 0,
      retailPrice: data.retail_price ?? existing?.retailPrice ?? 0,
      discountPrice: data.discount_price ?? existing?.discountPrice ?? null,
      status: data.status ?? existing?.status ?? 1,
      lowStockThreshold: data.low_stock_threshold ?? existing?.lowStockThreshold ?? 5,
      weightGrams: data.weight_grams ?? existing?.weightGrams ?? 0,
    };
    // A price missing from a new product's row has its own error already.
    for (const issue of priceIssues({
      wholesale_price: data.wholesale_price ?? existing?.wholesalePrice,
      retail_price: data.retail_price ?? existing?.retailPrice,
      discount_price: values.discountPrice,
      status: values.status,
    })) {
      fail(row, data.sku, issue.field, issue.message);
    }
    if (issues.size === problems) planned.push({ row, sku: data.sku, existing, values, stock: data.stock ?? 0, barcode: data.barcode });
  }

  await checkBarcodes(db, planned, fail);

  // A new product's only variant takes its SKU, which no variant may have yet.
  const fresh = planned.filter((plan) => !plan.existing);
  const usedByVariants = await inChunks(
    fresh.map((plan) => plan.sku),
    5000,
    (chunk) =>
      db
        .select({ sku: productVariants.sku, product: products.name })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(inArray(productVariants.sku, chunk)),
  );
  for (const clash of usedByVariants) {
    const plan = fresh.find((each) => each.sku === clash.sku);
    if (plan) fail(plan.row, plan.sku, 'sku', `SKU ${clash.sku} is already used by a variant of ${clash.product}.`);
  }

  // A product published by the file must not have a variant priced at 0 either.
  const publishing = planned.filter((plan) => plan.existing && plan.values.status === PRODUCT_STATUS.published);
  const zeroVariants = await inChunks(
    publishing.map((plan) => plan.existing?.id as number),
    5000,
    (chunk) =>
      db
        .selectDistinct({ productId: productVariants.productId })
        .from(productVariants)
        .where(and(inArray(productVariants.productId, chunk), eq(productVariants.priceOverride, 0))),
  );
  const withZeroVariant = new Set(zeroVariants.map((row) => row.productId));
  for (const plan of publishing) {
    if (withZeroVariant.has(plan.existing?.id as number)) fail(plan.row, plan.sku, 'status', PRICE_MESSAGES.zeroVariantPublished);
  }

  if (issues.size) {
    const report = [...issues.values()].sort((a, b) => a.row - b.row);
    const lines = report.map(
      (issue) =>
        `Row ${issue.row}${issue.sku ? ` (${issue.sku})` : ''}: ${Object.entries(issue.errors)
          .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
          .join('; ')}`,
    );
    throw new HttpError(
      422,
      `${report.length} ${report.length === 1 ? 'row has' : 'rows have'} errors; nothing was imported.`,
      { file: lines.slice(0, 50) },
      { report, ignored_columns: ignored },
    );
  }

  const updates = planned.filter((plan) => plan.existing);
  const result: ImportResult = { dry_run: options.dryRun, created: fresh.length, updated: updates.length, ignored_columns: ignored };
  if (options.dryRun) return result;

  await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const slugs = await chooseSlugs(
      tx,
      fresh.map((plan) => ({ name: plan.values.name, sku: plan.sku })),
    );
    const created = await inChunks(
      fresh.map((plan, index) => ({ plan, slug: slugs[index] as string })),
      CHUNK,
      (chunk) =>
        tx
          .insert(products)
          .values(chunk.map(({ plan, slug }) => ({ ...plan.values, sku: plan.sku, slug })))
          .returning({ id: products.id, sku: products.sku }),
    );
    const productIdOf = new Map(created.map((product) => [product.sku, product.id]));
    const variants = await inChunks(fresh, CHUNK * 4, (chunk) =>
      tx
        .insert(productVariants)
        .values(
          chunk.map((plan) => ({
            productId: productIdOf.get(plan.sku) as number,
            sku: plan.sku,
            label: '',
            barcode: plan.barcode ?? null,
          })),
        )
        .returning({ id: productVariants.id, sku: productVariants.sku }),
    );
    const variantIdOf = new Map(variants.map((variant) => [variant.sku, variant.id]));
    await moveStock(
      txCtx,
      fresh
        .filter((plan) => plan.stock > 0)
        .map((plan) => ({
          variantId: variantIdOf.get(plan.sku) as number,
          quantity: plan.stock,
          kind: 'opening' as const,
          reason: 'Opening stock (CSV import)',
        })),
    );
    // Locked in id order first, like stock moves do, so a concurrent sale waits rather than deadlocks.
    const updateIds = updates.map((plan) => plan.existing?.id as number).sort((a, b) => a - b);
    for (let start = 0; start < updateIds.length; start += 5000) {
      await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, updateIds.slice(start, start + 5000)))
        .orderBy(asc(products.id))
        .for('update');
    }
    for (let start = 0; start < updates.length; start += CHUNK) await updateProducts(tx, updates.slice(start, start + CHUNK));
    await updateBarcodes(
      tx,
      updates.filter((plan) => plan.barcode !== undefined && plan.variantId),
    );
  });
  return result;
}

/**
 * The file's barcodes: each names the variant with the row's SKU (a new product's only variant; of an
 * existing product, its variant with the product's SKU or its only one), may be on one row only and
 * must not belong to another variant already. Sets `variantId` on existing products' plans.
 */
async function checkBarcodes(db: Db, planned: Planned[], fail: (row: number, sku: string, field: string, message: string) => void) {
  const withBarcode = planned.filter((plan) => plan.barcode !== undefined);
  if (withBarcode.length === 0) return;
  const existingIds = withBarcode.map((plan) => plan.existing?.id).filter((id): id is number => Boolean(id));
  const variants = await inChunks(existingIds, 5000, (chunk) =>
    db
      .select({ id: productVariants.id, productId: productVariants.productId, sku: productVariants.sku })
      .from(productVariants)
      .where(inArray(productVariants.productId, chunk)),
  );
  const byProduct = new Map<number, typeof variants>();
  for (const variant of variants) byProduct.set(variant.productId, [...(byProduct.get(variant.productId) ?? []), variant]);
  const firstRow = new Map<string, number>();
  for (const plan of withBarcode) {
    if (plan.existing) {
      const own = byProduct.get(plan.existing.id) ?? [];
      const target = own.find((variant) => variant.sku === plan.sku) ?? (own.length === 1 ? own[0] : undefined);
      if (!target) {
        fail(plan.row, plan.sku, 'barcode', 'This product has several variants: enter each variant’s barcode on the product form.');
        continue;
      }
      plan.variantId = target.id;
    }
    if (!plan.barcode) continue;
    const earlier = firstRow.get(plan.barcode);
    if (earlier) fail(plan.row, plan.sku, 'barcode', `Barcode ${plan.barcode} is already on row ${earlier}.`);
    else firstRow.set(plan.barcode, plan.row);
  }
  const codes = [...firstRow.keys()];
  const owners = await inChunks(codes, 5000, (chunk) =>
    db
      .select({ id: productVariants.id, barcode: productVariants.barcode, sku: productVariants.sku, product: products.name })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(productVariants.barcode, chunk)),
  );
  for (const owner of owners) {
    const plan = withBarcode.find((each) => each.barcode === owner.barcode && firstRow.get(owner.barcode ?? '') === each.row);
    if (plan && plan.variantId !== owner.id) {
      fail(plan.row, plan.sku, 'barcode', `Barcode ${owner.barcode} is already used by ${owner.product} (${owner.sku}).`);
    }
  }
}

/** Sets the barcodes of existing variants: the changed ones cleared first, so two variants may swap theirs. */
async function updateBarcodes(tx: Db, plans: Planned[]): Promise<void> {
  if (plans.length === 0) return;
  const ids = plans.map((plan) => plan.variantId as number);
  for (let start = 0; start < ids.length; start += 5000) {
    await tx
      .update(productVariants)
      .set({ barcode: null })
      .where(inArray(productVariants.id, ids.slice(start, start + 5000)));
  }
  for (let start = 0; start < plans.length; start += CHUNK) {
    const rows = sql.join(
      plans.slice(start, start + CHUNK).map((plan) => sql`(${plan.variantId}::int, ${plan.barcode ?? null}::text)`),
      sql`, `,
    );
    await tx.execute(
      sql`update product_variants as v set barcode = d.barcode, updated_at = now() from (values ${rows}) as d(id, barcode) where v.id = d.id`,
    );
  }
}

/** Writes merged values over existing products, one statement per batch. */
async function updateProducts(tx: Db, plans: Planned[]): Promise<void> {
  const rows = sql.join(
    plans.map(
      ({ existing, values: v }) =>
        sql`(${existing?.id}::int, ${v.name}::text, ${v.nameBn}::text, ${v.searchKey}::text, ${v.categoryId}::int, ${v.subcategoryId}::int, ${v.subSubcategoryId}::int,
             ${v.brandId}::int, ${v.description}::text, ${v.purchaseCost}::bigint, ${v.wholesalePrice}::bigint,
             ${v.retailPrice}::bigint, ${v.discountPrice}::bigint, ${v.status}::smallint, ${v.lowStockThreshold}::int,
             ${v.weightGrams}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update products as p set
      name = d.name, name_bn = d.name_bn, search_key = d.search_key, category_id = d.category_id, subcategory_id = d.subcategory_id,
      sub_subcategory_id = d.sub_subcategory_id, brand_id = d.brand_id, description = d.description,
      purchase_cost = d.purchase_cost, wholesale_price = d.wholesale_price, retail_price = d.retail_price,
      discount_price = d.discount_price, status = d.status, low_stock_threshold = d.low_stock_threshold,
      weight_grams = d.weight_grams, updated_at = now()
    from (values ${rows}) as d(id, name, name_bn, search_key, category_id, subcategory_id, sub_subcategory_id, brand_id, description,
      purchase_cost, wholesale_price, retail_price, discount_price, status, low_stock_threshold, weight_grams)
    where p.id = d.id`);
}

/** Free slugs for new products: the name's, else the name's with the SKU, with two reads in all. */
async function chooseSlugs(tx: Db, items: { name: string; sku: string }[]): Promise<string[]> {
  const candidates = items.map((item) => {
    const base = slugify(item.name) || 'product';
    return [base, `${base}-${slugify(item.sku)}`.slice(0, 140)];
  });
  const taken = new Set(
    (
      await inChunks([...new Set(candidates.flat())], 5000, (chunk) =>
        tx.select({ slug: products.slug }).from(products).where(inArray(products.slug, chunk)),
      )
    ).map((row) => row.slug),
  );
  return candidates.map(([base, withSku]) => {
    let slug = [base, withSku].find((candidate) => candidate && !taken.has(candidate));
    for (let attempt = 2; !slug; attempt++) {
      const numbered = `${withSku}-${attempt}`;
      if (!taken.has(numbered)) slug = numbered;
    }
    taken.add(slug);
    return slug;
  });
}
