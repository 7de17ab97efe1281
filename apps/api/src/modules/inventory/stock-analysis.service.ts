import {
  type ReorderGroup,
  type ReorderLine,
  type ReorderSuggestions,
  reorderDraftInput,
  reorderSuggestionQuery,
  type StockAnalysisPage,
  type StockAnalysisRow,
  stockAnalysisQuery,
} from '@haat/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { rowsOf } from '../../db/client';
import { invalid } from '../../http/errors';
import { pageUrl, paginate } from '../../http/pagination';
import { variantSalesSql } from '../orders';
import { variantAnalysisSql } from '../products';
import { supplierNames, supplierOfKind } from '../purchasing';
import { draftPurchase, lastSuppliers } from './supplier-source';

type Raw = Record<string, unknown>;

/** Lookups of the last supplier are made this many variants at a time. */
const CHUNK = 5_000;

const SORT_COLUMNS: Record<string, SQL> = {
  name: sql`name`,
  sku: sql`sku`,
  stock: sql`stock`,
  sold_7: sql`sold_7`,
  sold_30: sql`sold_30`,
  sold_90: sql`sold_90`,
  cover_days: sql`cover_days`,
  stock_value: sql`stock_value`,
  last_sold_at: sql`last_sold_day`,
};

/**
 * Every variant (narrowed by search, category or ids) with its sales of 7/30/90 days, rate, cover,
 * stock value, dead and low flags, as one subquery. The rate is the last 30 days' average, or the
 * last 90 days' when nothing sold in 30; the cover is stock ÷ rate (null when nothing sold: the
 * stock never runs out at this rate); dead stock is stock with no sale in 90 days. A statement that
 * names only some of its columns computes only those (the subquery is flattened): the name,
 * category and last sale cost something per row, so the whole set is read narrow and only a page's
 * rows wide (decision 041).
 */
async function analysedVariants(
  ctx: Ctx,
  filter: { q?: string; categoryId?: number; variantIds?: readonly number[] },
  lowCoverDays: number,
): Promise<{ analysed: SQL; lastSoldAt: SQL }> {
  const variants = await variantAnalysisSql(ctx.db, filter);
  const { sales, noonOf } = await variantSalesSql(ctx.db, ctx.now, filter.variantIds);
  // The rate is a float: numeric division over 100,000 variants cost a quarter of the analysis on PGlite.
  const analysed = sql`(select r.*,
      case when r.daily_rate > 0 then round((r.stock / r.daily_rate)::numeric, 1) end as cover_days,
      (r.stock::bigint * r.unit_cost) as stock_value,
      (r.stock > 0 and r.sold_90 = 0) as dead,
      (r.daily_rate > 0 and r.stock / r.daily_rate < ${lowCoverDays}) as low_cover
    from (select v.variant_id, v.product_id, v.name, v.variant, v.sku, v.category_name, v.stock, v.unit_cost,
        coalesce(s.sold_7, 0) as sold_7, coalesce(s.sold_30, 0) as sold_30, coalesce(s.sold_90, 0) as sold_90, s.last_sold_day,
        case when coalesce(s.sold_30, 0) > 0 then s.sold_30 / 30.0::float8 when coalesce(s.sold_90, 0) > 0 then s.sold_90 / 90.0::float8
          else 0::float8 end as daily_rate
      from ${variants} v left join ${sales} s on s.variant_id = v.variant_id) r)`;
  return { analysed, lastSoldAt: noonOf(sql`a.last_sold_day`) };
}

/** The chosen variants' rows, whole, in the order of `ids` (a page picked from the narrow set). */
async function rowsOfVariants(ctx: Ctx, ids: number[], lowCoverDays: number): Promise<Raw[]> {
  if (!ids.length) return [];
  const { analysed, lastSoldAt } = await analysedVariants(ctx, { variantIds: ids }, lowCoverDays);
  const byId = new Map<number, Raw>(
    rowsOf<Raw>(await ctx.db.execute(sql`select a.*, ${lastSoldAt} as last_sold_at from ${analysed} a`)).map(
      (raw) => [Number(raw.variant_id), raw] as const,
    ),
  );
  const found: Raw[] = [];
  for (const id of ids) {
    const raw = byId.get(id);
    if (raw) found.push(raw);
  }
  return found;
}

function toRow(raw: Raw, supplier: { supplierId: number; supplierName: string } | undefined): StockAnalysisRow {
  const last = raw.last_sold_at;
  return {
    variant_id: Number(raw.variant_id),
    product_id: Number(raw.product_id),
    name: String(raw.name),
    variant: String(raw.variant ?? ''),
    sku: String(raw.sku),
    category_name: (raw.category_name as string | null) ?? null,
    stock: Number(raw.stock),
    sold_7: Number(raw.sold_7),
    sold_30: Number(raw.sold_30),
    sold_90: Number(raw.sold_90),
    daily_rate: Math.round(Number(raw.daily_rate) * 100) / 100,
    cover_days: raw.cover_days === null || raw.cover_days === undefined ? null : Number(raw.cover_days),
    unit_cost: Number(raw.unit_cost),
    stock_value: Number(raw.stock_value),
    last_sold_at: last === null || last === undefined ? null : new Date(last as string).toISOString(),
    dead: raw.dead === true || raw.dead === 't',
    low_cover: raw.low_cover === true || raw.low_cover === 't',
    supplier_id: supplier?.supplierId ?? null,
    supplier_name: supplier?.supplierName ?? null,
  };
}

/** The variants' last suppliers, looked up in chunks. */
async function suppliersOf(ctx: Ctx, variantIds: number[]) {
  const found = new Map<number, { supplierId: number; supplierName: string; unitCost: number }>();
  for (let start = 0; start < variantIds.length; start += CHUNK) {
    for (const [id, supplier] of await lastSuppliers(ctx.db, variantIds.slice(start, start + CHUNK))) found.set(id, supplier);
  }
  return found;
}

/**
 * `/admin/stock/and/create/analysis`: a page of variants with their figures, filtered (search,
 * category, supplier, only low cover, only dead), sorted, and totals over every match — one
 * statement over the variants and the 90 days' order lines (bench/stock-analysis.mjs).
 */
export async function stockAnalysisPage(
  ctx: Ctx,
  path: string,
  query: Record<string, unknown>,
  mode: 'page' | 'export' = 'page',
): Promise<StockAnalysisPage> {
  const parsed = stockAnalysisQuery.parse(query);
  const perPage = mode === 'export' ? 100_000 : parsed.per_page;
  const page = mode === 'export' ? 1 : parsed.page;
  const { analysed } = await analysedVariants(ctx, { q: parsed.q, categoryId: parsed.category_id }, parsed.low_cover_days);
  const conditions: SQL[] = [];
  if (parsed.low_cover) conditions.push(sql`low_cover`);
  if (parsed.dead) conditions.push(sql`dead`);
  const descending = parsed.sort.startsWith('-');
  const column = SORT_COLUMNS[parsed.sort.replace(/^-/, '')] ?? sql`cover_days`;
  const direction = descending ? sql`desc nulls last` : sql`asc nulls last`;
  const order = sql`${column} ${direction}, variant_id`;
  const pageOrder = sql`sort_key ${direction}, variant_id`;
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;

  let supplierIds: number[] | null = null;
  if (parsed.supplier_id) {
    // The last supplier is purchasing's to say: the matching variants' ids first, then theirs.
    const ids = rowsOf<{ variant_id: number }>(
      await ctx.db.execute(sql`select variant_id from ${analysed} a ${where} order by ${order}`),
    ).map((row) => Number(row.variant_id));
    const suppliers = await suppliersOf(ctx, ids);
    supplierIds = ids.filter((id) => suppliers.get(id)?.supplierId === parsed.supplier_id);
  }
  const idCondition =
    supplierIds === null
      ? sql``
      : supplierIds.length
        ? sql`${conditions.length ? sql`and` : sql`where`} variant_id = any(${`{${supplierIds.join(',')}}`}::int[])`
        : sql`${conditions.length ? sql`and` : sql`where`} false`;

  // One pass over the narrow rows (materialized once) gives the totals and the page's ids; then the
  // page's rows are read whole.
  const result = await ctx.db.execute(sql`with a as materialized (
      select variant_id, stock, stock_value, dead, low_cover, ${column} as sort_key
      from ${analysed} x ${where} ${idCondition}),
    t as (select count(*) as total_variants, coalesce(sum(stock), 0) as total_units, coalesce(sum(stock_value), 0) as total_value,
      count(*) filter (where dead) as total_dead, coalesce(sum(stock_value) filter (where dead), 0) as total_dead_value,
      count(*) filter (where low_cover) as total_low from a),
    p as (select variant_id, sort_key from a order by ${pageOrder} limit ${perPage} offset ${(page - 1) * perPage})
    select t.*, p.variant_id from t left join p on true order by ${pageOrder}`);
  const picked = rowsOf<Raw>(result);
  const first = picked[0];
  const totals = {
    variants: Number(first?.total_variants ?? 0),
    units_in_stock: Number(first?.total_units ?? 0),
    stock_value: Number(first?.total_value ?? 0),
    dead_variants: Number(first?.total_dead ?? 0),
    dead_stock_value: Number(first?.total_dead_value ?? 0),
    low_cover_variants: Number(first?.total_low ?? 0),
  };
  const raws = await rowsOfVariants(
    ctx,
    picked.filter((raw) => raw.variant_id !== null && raw.variant_id !== undefined).map((raw) => Number(raw.variant_id)),
    parsed.low_cover_days,
  );
  const suppliers = await suppliersOf(
    ctx,
    raws.map((raw) => Number(raw.variant_id)),
  );
  const rows = raws.map((raw) => toRow(raw, suppliers.get(Number(raw.variant_id))));
  return {
    ...paginate(rows, totals.variants, { page, perPage }, (each) => pageUrl(path, query, each)).plain,
    totals,
    as_of: ctx.now.toISOString(),
  };
}

/** How many to order so the stock covers `coverDays` of sales at `rate` a day: at least 1. */
export function suggestedQuantity(stock: number, rate: number, coverDays: number): number {
  return Math.max(1, Math.ceil(rate * coverDays - stock));
}

/** At most this many variants are suggested at once (the lowest cover first). */
const SUGGESTION_LIMIT = 1_000;

/**
 * Reorder suggestions: the variants whose stock lasts fewer than `low_cover_days` at the current
 * rate, each with the quantity that covers `cover_days` of sales, grouped by the supplier they
 * were last bought from (none yet: one group to choose a supplier for).
 */
export async function reorderSuggestions(ctx: Ctx, query: Record<string, unknown>): Promise<ReorderSuggestions> {
  const parsed = reorderSuggestionQuery.parse(query);
  const { analysed } = await analysedVariants(ctx, { categoryId: parsed.category_id }, parsed.low_cover_days);
  const ids = rowsOf<Raw>(
    await ctx.db.execute(sql`select variant_id from ${analysed} a where low_cover
      order by cover_days asc, variant_id limit ${SUGGESTION_LIMIT}`),
  ).map((raw) => Number(raw.variant_id));
  const raws = await rowsOfVariants(ctx, ids, parsed.low_cover_days);
  const suppliers = await suppliersOf(
    ctx,
    raws.map((raw) => Number(raw.variant_id)),
  );
  const groups = new Map<number | null, ReorderGroup>();
  for (const raw of raws) {
    const row = toRow(raw, suppliers.get(Number(raw.variant_id)));
    if (parsed.supplier_id && row.supplier_id !== parsed.supplier_id) continue;
    const supplier = suppliers.get(row.variant_id);
    const line: ReorderLine = {
      variant_id: row.variant_id,
      product_id: row.product_id,
      name: row.name,
      variant: row.variant,
      sku: row.sku,
      stock: row.stock,
      sold_30: row.sold_30,
      daily_rate: row.daily_rate,
      cover_days: row.cover_days,
      suggested_quantity: suggestedQuantity(row.stock, Number(raw.daily_rate), parsed.cover_days),
      // The last purchase's cost when there is one, else the variant's cost today.
      unit_cost: supplier?.unitCost ?? row.unit_cost,
    };
    const key = row.supplier_id;
    const group = groups.get(key) ?? { supplier_id: key, supplier_name: row.supplier_name, lines: [], total_cost: 0 };
    group.lines.push(line);
    group.total_cost += line.suggested_quantity * line.unit_cost;
    groups.set(key, group);
  }
  const ordered = [...groups.values()].sort((a, b) =>
    a.supplier_id === null ? 1 : b.supplier_id === null ? -1 : (a.supplier_name ?? '').localeCompare(b.supplier_name ?? ''),
  );
  return { cover_days: parsed.cover_days, low_cover_days: parsed.low_cover_days, groups: ordered, as_of: ctx.now.toISOString() };
}

/** One supplier's suggestion, as edited, made a draft purchase (purchasing's createDraftPurchase). */
export async function createReorderDraft(ctx: Ctx, body: unknown): Promise<{ id: number; supplier_name: string }> {
  const input = reorderDraftInput.parse(body);
  const supplier = await supplierOfKind(ctx.db, input.supplier_id, 'goods');
  if (!supplier) throw invalid('supplier_id', 'Choose a supplier of goods.');
  const seen = new Set<number>();
  input.lines.forEach((line, index) => {
    if (seen.has(line.variant_id)) throw invalid(`lines.${index}.variant_id`, 'This variant is already in the list.');
    seen.add(line.variant_id);
  });
  const draft = await draftPurchase(ctx, {
    supplierId: supplier.id,
    lines: input.lines.map((line) => ({ variantId: line.variant_id, quantity: line.quantity, unitCost: line.unit_cost })),
    note: input.note || 'Reorder from the stock analysis',
  });
  const names = await supplierNames(ctx.db, [supplier.id]);
  return { id: draft.id, supplier_name: names.get(supplier.id) ?? supplier.name };
}
