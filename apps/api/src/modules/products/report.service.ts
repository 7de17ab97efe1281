import { idSchema, STOCK_REPORT_GROUPS } from '@haat/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { type Db, rowsOf } from '../../db/client';
import { invalid } from '../../http/errors';
import { ownValue } from '../../http/input';
import { pageUrl, paginate } from '../../http/pagination';
import { categoryLevel, categorySubquery } from '../catalog';
import { readSetting, SETTING_GROUPS } from '../settings';
import { categoryColumn, inCategory, lowStock } from './product.service';
import { products, productVariants, productViews } from './product.table';
import { nameMatches } from './product-search';

const asNumber = (value: unknown) => Number(value ?? 0);
const flag = z.enum(['1', '0', 'true', 'false']).transform((value) => value === '1' || value === 'true');

const pageParams = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  format: z.enum(['plain', 'resource']).default('plain'),
};

const stockReportQuery = z.object({
  ...pageParams,
  group: z.enum(STOCK_REPORT_GROUPS, { error: 'Group by product, category or variant' }).default('product'),
  q: z.string().trim().max(200).default(''),
  sort: z.string().trim().max(40).optional(),
  'filter[low_stock]': flag.optional(),
  'filter[category_id]': idSchema.optional(),
  'filter[brand_id]': idSchema.optional(),
});

/** Stock value is stock × purchase cost, in paisa (bigint arithmetic, summed exactly). */
const productValue = sql`(${products.stock}::bigint * ${products.purchaseCost})`;
const variantValue = sql`(${productVariants.stock}::bigint * ${products.purchaseCost})`;
const variantLow = sql`${productVariants.stock} <= ${products.lowStockThreshold}`;

function sortBy(key: string | undefined, fallback: string, columns: Record<string, PgColumn | SQL>, tieBreak: PgColumn | SQL) {
  const chosen = key || fallback;
  const descending = chosen.startsWith('-');
  const column = ownValue(columns, descending ? chosen.slice(1) : chosen);
  if (!column) throw invalid('sort', `The report cannot be sorted by "${chosen}".`);
  return descending ? [desc(column), desc(tieBreak)] : [asc(column), asc(tieBreak)];
}

/**
 * Stock on hand and its value (at purchase cost) by product, by variant, or by category (the level
 * below a chosen category, else top-level categories), with totals over every matching row.
 */
export async function stockReport(db: Db, query: Record<string, unknown>) {
  const parsed = stockReportQuery.parse(query);
  const low = parsed['filter[low_stock]'];
  const categoryId = parsed['filter[category_id]'];
  const productConditions: (SQL | undefined)[] = [];
  if (categoryId) productConditions.push(await inCategory(db, categoryId));
  if (parsed['filter[brand_id]']) productConditions.push(eq(products.brandId, parsed['filter[brand_id]']));
  if (parsed.q) productConditions.push(sql`(${nameMatches(parsed.q)} or ${products.sku} = ${parsed.q.toUpperCase()})`);
  const offset = (parsed.page - 1) * parsed.per_page;
  const page = { page: parsed.page, perPage: parsed.per_page };
  const url = (n: number) => pageUrl('/api/admin/reports/stock', query, n);

  let rows: Record<string, unknown>[];
  let totals: { rows: number; quantity: number; stock_value: number; low_stock: number };

  if (parsed.group === 'variant') {
    const condition = and(...productConditions, low === undefined ? undefined : low ? variantLow : sql`not (${variantLow})`);
    const [found, [sum]] = await Promise.all([
      db
        .select({
          variant_id: productVariants.id,
          product_id: products.id,
          name: products.name,
          sku: productVariants.sku,
          variant: productVariants.label,
          stock: productVariants.stock,
          low_stock_threshold: products.lowStockThreshold,
          purchase_cost: products.purchaseCost,
          stock_value: sql<number>`${variantValue}`.mapWith(Number),
          low_stock: sql<boolean>`${variantLow}`,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(condition)
        .orderBy(
          ...sortBy(
            parsed.sort,
            'name',
            { name: products.name, sku: productVariants.sku, stock: productVariants.stock, stock_value: variantValue },
            productVariants.id,
          ),
        )
        .limit(parsed.per_page)
        .offset(offset),
      db
        .select({
          rows: count(),
          quantity: sql`coalesce(sum(${productVariants.stock}), 0)`.mapWith(Number),
          stock_value: sql`coalesce(sum(${variantValue}), 0)`.mapWith(Number),
          low_stock: sql`count(*) filter (where ${variantLow})`.mapWith(Number),
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(condition),
    ]);
    rows = found;
    totals = { rows: sum?.rows ?? 0, quantity: sum?.quantity ?? 0, stock_value: sum?.stock_value ?? 0, low_stock: sum?.low_stock ?? 0 };
  } else if (parsed.group === 'product') {
    const condition = and(...productConditions, low === undefined ? undefined : low ? lowStock : sql`not (${lowStock})`);
    const category = categorySubquery('category');
    const [found, [sum]] = await Promise.all([
      db
        .select({
          product_id: products.id,
          name: products.name,
          sku: products.sku,
          category_name: category.name,
          stock: products.stock,
          low_stock_threshold: products.lowStockThreshold,
          purchase_cost: products.purchaseCost,
          stock_value: sql<number>`${productValue}`.mapWith(Number),
          low_stock: sql<boolean>`${lowStock}`,
        })
        .from(products)
        .leftJoin(category, eq(category.id, products.categoryId))
        .where(condition)
        .orderBy(
          ...sortBy(
            parsed.sort,
            'name',
            { name: products.name, sku: products.sku, stock: products.stock, stock_value: productValue },
            products.id,
          ),
        )
        .limit(parsed.per_page)
        .offset(offset),
      db
        .select({
          rows: count(),
          quantity: sql`coalesce(sum(${products.stock}), 0)`.mapWith(Number),
          stock_value: sql`coalesce(sum(${productValue}), 0)`.mapWith(Number),
          low_stock: sql`count(*) filter (where ${lowStock})`.mapWith(Number),
        })
        .from(products)
        .where(condition),
    ]);
    rows = found;
    totals = { rows: sum?.rows ?? 0, quantity: sum?.quantity ?? 0, stock_value: sum?.stock_value ?? 0, low_stock: sum?.low_stock ?? 0 };
  } else {
    // Rows are the level below the chosen category (its subcategories…), or the top-level categories.
    let level = 1;
    if (categoryId) {
      level = Math.min(((await categoryLevel(db, categoryId)) ?? 0) + 1, 3);
    }
    const column = categoryColumn(level);
    const condition = and(...productConditions, low === undefined ? undefined : low ? lowStock : sql`not (${lowStock})`);
    const grouped = db
      .select({
        category_id: sql<number | null>`${column}`.as('category_id'),
        products: sql<number>`count(*)::int`.as('products'),
        quantity: sql<number>`coalesce(sum(${products.stock}), 0)::bigint`.as('quantity'),
        stock_value: sql<number>`coalesce(sum(${productValue}), 0)::bigint`.as('stock_value'),
        low_stock: sql<number>`(count(*) filter (where ${lowStock}))::int`.as('low_stock'),
      })
      .from(products)
      .where(condition)
      .groupBy(column)
      .as('grouped');
    const category = categorySubquery('category');
    const sorts: Record<string, SQL> = {
      name: sql`${category.name}`,
      products: sql`${grouped.products}`,
      stock: sql`${grouped.quantity}`,
      stock_value: sql`${grouped.stock_value}`,
    };
    const [found, [sum]] = await Promise.all([
      db
        .select({
          category_id: grouped.category_id,
          name: sql<string>`coalesce(${category.name}, 'Not filed')`,
          level: sql<number>`${level}::int`,
          products: grouped.products,
          stock: sql`${grouped.quantity}`.mapWith(Number),
          stock_value: sql`${grouped.stock_value}`.mapWith(Number),
          low_stock: grouped.low_stock,
        })
        .from(grouped)
        .leftJoin(category, eq(category.id, grouped.category_id))
        .orderBy(...sortBy(parsed.sort, '-stock_value', sorts, sql`${grouped.category_id}`))
        .limit(parsed.per_page)
        .offset(offset),
      db
        .select({
          rows: sql`count(distinct ${column}) + coalesce(max(case when ${column} is null then 1 else 0 end), 0)`.mapWith(Number),
          quantity: sql`coalesce(sum(${products.stock}), 0)`.mapWith(Number),
          stock_value: sql`coalesce(sum(${productValue}), 0)`.mapWith(Number),
          low_stock: sql`count(*) filter (where ${lowStock})`.mapWith(Number),
        })
        .from(products)
        .where(condition),
    ]);
    rows = found;
    totals = { rows: sum?.rows ?? 0, quantity: sum?.quantity ?? 0, stock_value: sum?.stock_value ?? 0, low_stock: sum?.low_stock ?? 0 };
  }
  const shaped = paginate(rows, totals.rows, page, url);
  return { ...(parsed.format === 'resource' ? shaped.resource : shaped.plain), group: parsed.group, totals };
}

const DAY_MS = 24 * 3600_000;
const isoDay = z.iso.date({ error: 'Use a date like 2025-03-01' });

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function dayIn(timeZone: string, instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/**
 * Counts one storefront view of a product on the shop's calendar day (the time zone of the
 * general settings, Asia/Dhaka by default). One upsert; safe under concurrent views.
 */
export async function recordProductView(db: Db, productId: number, now: Date = new Date(), timeZone?: string): Promise<void> {
  const zone = timeZone ?? (await readSetting(db, SETTING_GROUPS.general)).time_zone;
  await db
    .insert(productViews)
    .values({ productId, day: dayIn(zone, now), views: 1 })
    .onConflictDoUpdate({ target: [productViews.productId, productViews.day], set: { views: sql`${productViews.views} + 1` } });
}

const viewsQuery = z.object({ ...pageParams, from: isoDay.optional(), to: isoDay.optional() });

/** Storefront views between two days (both included): products most viewed first, and every day's total. */
export async function productViewsReport(db: Db, query: Record<string, unknown>, now: Date = new Date()) {
  const parsed = viewsQuery.parse(query);
  const general = await readSetting(db, SETTING_GROUPS.general);
  const to = parsed.to ?? dayIn(general.time_zone, now);
  const from = parsed.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
  if (from > to) throw invalid('to', 'The end date must be on or after the start date.');
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS > 366) throw invalid('from', 'Choose at most a year at a time.');
  const inRange = and(sql`${productViews.day} >= ${from}`, sql`${productViews.day} <= ${to}`);
  const offset = (parsed.page - 1) * parsed.per_page;
  const viewSum = sql<number>`sum(${productViews.views})`.mapWith(Number);
  const [top, [summary], days] = await Promise.all([
    db
      .select({ product_id: productViews.productId, views: viewSum })
      .from(productViews)
      .where(inRange)
      .groupBy(productViews.productId)
      .orderBy(desc(viewSum), asc(productViews.productId))
      .limit(parsed.per_page)
      .offset(offset),
    db
      .select({
        products: sql`count(distinct ${productViews.productId})`.mapWith(Number),
        views: sql`coalesce(sum(${productViews.views}), 0)`.mapWith(Number),
      })
      .from(productViews)
      .where(inRange),
    db.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(sum(v.views), 0)::int as views
      from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
      left join product_views v on v.day = d.day::date
      group by d.day order by d.day`),
  ]);
  const named = top.length
    ? await db
        .select({ id: products.id, name: products.name, sku: products.sku, status: products.status })
        .from(products)
        .where(
          inArray(
            products.id,
            top.map((row) => row.product_id),
          ),
        )
    : [];
  const rows = top.map((row) => {
    const product = named.find((each) => each.id === row.product_id);
    return {
      product_id: row.product_id,
      name: product?.name ?? null,
      sku: product?.sku ?? null,
      status: product?.status ?? null,
      views: row.views,
    };
  });
  const shaped = paginate(rows, summary?.products ?? 0, { page: parsed.page, perPage: parsed.per_page }, (n) =>
    pageUrl('/api/admin/reports/product-views', query, n),
  );
  return {
    ...(parsed.format === 'resource' ? shaped.resource : shaped.plain),
    from,
    to,
    total_views: summary?.views ?? 0,
    days: rowsOf<{ date: string; views: number }>(days).map((day) => ({ date: day.date, views: asNumber(day.views) })),
  };
}

/** The dashboard's product figures, each one query. */
export async function productFigures(db: Db) {
  const [[published], [lowVariants], [value]] = await Promise.all([
    db.select({ n: count() }).from(products).where(eq(products.status, 1)),
    db.select({ n: count() }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(variantLow),
    db.select({ value: sql`coalesce(sum(${productValue}), 0)`.mapWith(Number) }).from(products),
  ]);
  return { published: published?.n ?? 0, lowStockVariants: lowVariants?.n ?? 0, stockValue: value?.value ?? 0 };
}
