import {
  type ListingAnswer,
  type ListingFacets,
  type ListingFilters,
  listingQuery,
  SUGGEST_LIMITS,
  type SuggestAnswer,
} from '@haat/contracts';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { HttpError } from '../../http/errors';
import { pageUrl, paginate } from '../../http/pagination';
import { likeContains } from '../../http/resource';
import { listPriceSql, nextDiscountChange } from '../marketing';
import { products, productVariants, productVariantValues } from '../products';
import type { CategoryNode, StorefrontContext } from './catalogue-snapshot';
import { cardColumns, categoryColumn, productCards, published } from './product-card.service';
import { productPopularity } from './storefront.table';

export const LISTING_PATH = '/_public/sub/sub/category/product';

/**
 * Attribute facets count variant options of every matching product; over a very broad set (the
 * whole catalogue, unfiltered) that costs more than the facet is worth to a shopper, so it is left
 * out above this many products. Narrow by category, brand or search and it is there.
 */
const ATTRIBUTE_FACET_LIMIT = 20_000;

/** Name (contains, or close to one of its words, through the trigram index) or exact SKU. */
export function searchCondition(q: string): SQL {
  return sql`(${products.name} ilike ${likeContains(q)} or ${q} <% ${products.name} or ${products.sku} = ${q.toUpperCase()})`;
}

/** Products with a variant holding one of the chosen values of every chosen attribute. */
function valuesCondition(ctx: { values: Map<number, { attributeId: number }> }, valueIds: number[]): SQL | undefined {
  if (valueIds.length === 0) return undefined;
  const groups = new Map<number, number[]>();
  for (const id of valueIds) {
    // An unknown value is a group of its own that nothing has.
    const attribute = ctx.values.get(id)?.attributeId ?? -id;
    groups.set(attribute, [...(groups.get(attribute) ?? []), id]);
  }
  const perAttribute = [...groups.values()].map(
    (ids) =>
      sql`exists (select 1 from ${productVariantValues} where ${productVariantValues.variantId} = ${productVariants.id} and ${inArray(productVariantValues.attributeValueId, ids)})`,
  );
  return sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and ${and(...perAttribute)})`;
}

interface Conditions {
  base: SQL[];
  brand?: SQL;
  price?: SQL;
  values?: SQL;
}

const combine = (conditions: Conditions, leaveOut?: 'brand' | 'price' | 'values') =>
  and(
    ...conditions.base,
    ...(['brand', 'price', 'values'] as const).filter((key) => key !== leaveOut).map((key) => conditions[key]),
  ) as SQL;

/**
 * `GET /_public/sub/sub/category/product`: a page of product cards with filters (category at any
 * level, brands, price range, attribute values, search), a sort, and the facets to narrow further.
 * Prices filter and sort on each product's price after its own discount; offers and campaigns show
 * in the cards.
 */
export async function productListing(ctx: StorefrontContext, query: Record<string, unknown>): Promise<ListingAnswer> {
  const filters = listingQuery.parse(query);
  const { db, now } = ctx;
  const catalogue = await ctx.catalogue();
  const reference = filters.sub_subcategory ?? filters.subcategory ?? filters.category;
  let category: CategoryNode | undefined;
  if (reference) {
    category = catalogue.findCategory(reference);
    if (!category) throw new HttpError(404, 'This category was not found.');
  }
  const price = listPriceSql(now);
  const q = filters.q && filters.q.length >= 1 ? filters.q : undefined;
  const conditions: Conditions = {
    base: [published, ...(category ? [eq(categoryColumn(category.level), category.id)] : []), ...(q ? [searchCondition(q)] : [])],
    brand: filters.brand.length ? inArray(products.brandId, filters.brand) : undefined,
    price: and(
      filters.min_price !== undefined ? gte(price, filters.min_price) : undefined,
      filters.max_price !== undefined ? lte(price, filters.max_price) : undefined,
    ),
    values: valuesCondition(catalogue, filters.values),
  };
  const where = combine(conditions);
  const sort = filters.sort ?? (q ? 'relevance' : 'newest');
  const order: SQL[] = {
    newest: [desc(products.id)],
    price_asc: [asc(price), desc(products.id)],
    price_desc: [desc(price), desc(products.id)],
    popular: [sql`coalesce(${productPopularity.views}, 0) desc`, desc(products.id)],
    relevance: [sql`word_similarity(${q ?? ''}, ${products.name}) desc`, desc(products.id)],
  }[sort];
  // Counts and facets do not depend on the sort or the page: one computation serves them all.
  const { sort: _sort, page: _page, per_page: _perPage, ...narrowing } = filters;
  const summary = await ctx.shared(`listing:${JSON.stringify(narrowing)}`, async (shared) => {
    const counted = await listingSummary(shared, conditions, filters);
    const attributes = await attributeFacet(shared, conditions, filters, counted.total);
    // Prices filter and sort on every product's own discount: any of them starting or ending changes them.
    shared.freshness.changesAt(await nextDiscountChange(shared.db, shared.now));
    return { ...counted, attributes };
  });
  const offset = (filters.page - 1) * filters.per_page;
  const pageQuery = db.select(cardColumns).from(products);
  const rows =
    summary.total > offset
      ? await (sort === 'popular' ? pageQuery.leftJoin(productPopularity, eq(productPopularity.productId, products.id)) : pageQuery)
          .where(where)
          .orderBy(...order)
          .limit(filters.per_page)
          .offset(offset)
      : [];
  // The shared part ends when any product's own discount starts or ends, and so does this answer:
  // the filter and the order by price follow those discounts.
  const cards = await productCards(ctx, rows);
  const shaped = paginate(cards, summary.total, { page: filters.page, perPage: filters.per_page }, (page) =>
    pageUrl(LISTING_PATH, canonicalQuery(filters), page),
  );
  return {
    ...shaped.plain,
    facets: { brands: summary.brands, price: summary.price, attributes: summary.attributes },
    category: category
      ? { id: category.id, name: category.name, slug: category.slug, level: category.level, path: catalogue.path(category.id) }
      : null,
  };
}

/** The filters as query parameters, in one order and without what was not given (page links). */
function canonicalQuery(filters: ListingFilters): Record<string, unknown> {
  return {
    category: filters.category,
    subcategory: filters.subcategory,
    sub_subcategory: filters.sub_subcategory,
    brand: filters.brand.length ? filters.brand.join(',') : undefined,
    min_price: filters.min_price,
    max_price: filters.max_price,
    values: filters.values.length ? filters.values.join(',') : undefined,
    q: filters.q,
    sort: filters.sort,
    per_page: filters.per_page,
  };
}

/**
 * The number of matches, the brand facet and the price range in one pass over the matching
 * products, grouped by brand: each facet counts the products matching every filter but its own,
 * so a shopper can widen it again.
 */
async function listingSummary(ctx: StorefrontContext, conditions: Conditions, filters: ListingFilters) {
  const { db, now } = ctx;
  const catalogue = await ctx.catalogue();
  const price = listPriceSql(now);
  const groups = await db
    .select({
      brandId: products.brandId,
      n: sql<number>`count(*) filter (where ${conditions.price ?? sql`true`})`.mapWith(Number),
      min: sql<string | null>`min(${price})`,
      max: sql<string | null>`max(${price})`,
    })
    .from(products)
    .where(and(...conditions.base, conditions.values))
    .groupBy(products.brandId);
  const chosen = (brandId: number | null) => filters.brand.length === 0 || (brandId !== null && filters.brand.includes(brandId));
  let total = 0;
  let min: number | null = null;
  let max: number | null = null;
  for (const group of groups) {
    if (!chosen(group.brandId)) continue;
    total += group.n;
    if (group.min !== null) min = min === null ? Number(group.min) : Math.min(min, Number(group.min));
    if (group.max !== null) max = max === null ? Number(group.max) : Math.max(max, Number(group.max));
  }
  const brands = groups
    .flatMap((group) => {
      const brand = group.brandId ? catalogue.brands.get(group.brandId) : undefined;
      return brand?.active && group.n > 0 ? [{ id: brand.id, name: brand.name, count: group.n }] : [];
    })
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return { total, brands, price: { min, max } satisfies ListingFacets['price'] };
}

/** Attribute values of the matching products' variants, counted without the values filter. */
async function attributeFacet(
  ctx: StorefrontContext,
  conditions: Conditions,
  filters: ListingFilters,
  total: number,
): Promise<ListingFacets['attributes']> {
  const { db } = ctx;
  const catalogue = await ctx.catalogue();
  let broad = total;
  if (filters.values.length) {
    const [counted] = await db.select({ n: count() }).from(products).where(combine(conditions, 'values'));
    broad = counted?.n ?? 0;
  }
  if (broad === 0 || broad > ATTRIBUTE_FACET_LIMIT) return [];
  const valueRows = await db
    .select({ id: productVariantValues.attributeValueId, n: sql<number>`count(distinct ${products.id})`.mapWith(Number) })
    .from(productVariantValues)
    .innerJoin(productVariants, eq(productVariants.id, productVariantValues.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(combine(conditions, 'values'))
    .groupBy(productVariantValues.attributeValueId);
  const values = valueRows
    .flatMap((row) => {
      const value = catalogue.values.get(row.id);
      return value?.active ? [{ value, n: row.n }] : [];
    })
    .sort(
      (a, b) =>
        a.value.attributeOrder - b.value.attributeOrder ||
        a.value.attribute.localeCompare(b.value.attribute) ||
        a.value.sortOrder - b.value.sortOrder ||
        a.value.id - b.value.id,
    );
  const attributes = new Map<number, ListingFacets['attributes'][number]>();
  for (const { value, n } of values) {
    const attribute = attributes.get(value.attributeId) ?? { name: value.attribute, values: [] };
    attribute.values.push({ id: value.id, value: value.value, color_hex: value.colorHex, count: n });
    attributes.set(value.attributeId, attribute);
  }
  return [...attributes.values()];
}

/** `GET /_public/search/suggest?q=`: a few published products and active categories matching what is typed. */
export async function searchSuggestions(ctx: StorefrontContext, query: Record<string, unknown>): Promise<SuggestAnswer> {
  const raw = typeof query.q === 'string' ? query.q.trim().slice(0, 100) : '';
  if (raw.length < 2) return { products: [], categories: [] };
  const { db } = ctx;
  const rows = await db
    .select(cardColumns)
    .from(products)
    .where(and(published, searchCondition(raw)))
    .orderBy(sql`word_similarity(${raw}, ${products.name}) desc`, desc(products.id))
    .limit(SUGGEST_LIMITS.products);
  // Categories are few and already in memory.
  const catalogue = await ctx.catalogue();
  const needle = raw.toLocaleLowerCase();
  const rank = (node: CategoryNode) => (node.name.toLocaleLowerCase().startsWith(needle) ? 0 : 1);
  const matching = [...catalogue.categories.values()]
    .filter((node) => node.active && node.name.toLocaleLowerCase().includes(needle))
    .sort((a, b) => rank(a) - rank(b) || a.level - b.level);
  return {
    products: await productCards(ctx, rows),
    categories: matching.slice(0, SUGGEST_LIMITS.categories).map((node) => ({ id: node.id, name: node.name, slug: node.slug })),
  };
}
