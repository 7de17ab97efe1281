import type { ListingSort } from '@haat/contracts';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchKey } from '../../lib/search-key';
import { categoryColumn } from './product.service';
import { products, productVariants, productVariantValues } from './product.table';
import { nameMatches } from './product-search';
import { cardColumns, type ProductCardRow, type ProductRanking, published, rankingOrder } from './public-catalogue.service';

/** The storefront listing's filters over published products. */
export interface PublicListingFilter {
  /** A category of any level (1 category, 2 subcategory, 3 sub-subcategory). */
  category?: { level: number; id: number };
  brandIds: readonly number[];
  /** Name (contains, or close to one of its words) or exact SKU. */
  q?: string;
  /** Attribute values grouped by attribute: a variant must hold one value of every group. */
  valueGroups: readonly (readonly number[])[];
  /** The price to filter and sort by: an SQL expression over products' columns (marketing's list price). */
  price: SQL<number>;
  minPrice?: number;
  maxPrice?: number;
}

export type PublicListingSort = ListingSort | 'relevance';

/**
 * Name (contains, in English or Bengali or a Bengali spelling of it, or close to one of the
 * name's words, through the trigram indexes) or exact SKU.
 */
function searchCondition(q: string): SQL {
  return sql`(${nameMatches(q)} or ${q} <% ${products.name} or ${products.sku} = ${q.toUpperCase()})`;
}

/** Closest names first: to the English name as typed, or to both names' key (a query in Bengali). */
function relevance(q: string): SQL {
  return sql`greatest(word_similarity(${q}, ${products.name}), word_similarity(${searchKey(q)}, ${products.searchKey})) desc`;
}

/** Products with a variant holding one of the chosen values of every group. */
function valuesCondition(groups: PublicListingFilter['valueGroups']): SQL | undefined {
  if (groups.length === 0) return undefined;
  const perAttribute = groups.map(
    (ids) =>
      sql`exists (select 1 from ${productVariantValues} where ${productVariantValues.variantId} = ${productVariants.id} and ${inArray(productVariantValues.attributeValueId, [...ids])})`,
  );
  return sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and ${and(...perAttribute)})`;
}

interface Conditions {
  base: SQL[];
  brand?: SQL;
  price?: SQL;
  values?: SQL;
}

function conditionsOf(filter: PublicListingFilter): Conditions {
  return {
    base: [
      published,
      ...(filter.category ? [eq(categoryColumn(filter.category.level), filter.category.id)] : []),
      ...(filter.q ? [searchCondition(filter.q)] : []),
    ],
    brand: filter.brandIds.length ? inArray(products.brandId, [...filter.brandIds]) : undefined,
    price: and(
      filter.minPrice !== undefined ? gte(filter.price, filter.minPrice) : undefined,
      filter.maxPrice !== undefined ? lte(filter.price, filter.maxPrice) : undefined,
    ),
    values: valuesCondition(filter.valueGroups),
  };
}

/** Every condition, or every one but the filter left out (a facet counts without its own filter). */
const combine = (conditions: Conditions, leaveOut?: 'brand' | 'price' | 'values') =>
  and(
    ...conditions.base,
    ...(['brand', 'price', 'values'] as const).filter((key) => key !== leaveOut).map((key) => conditions[key]),
  ) as SQL;

/**
 * The matching products grouped by brand, without the brand filter: per brand, how many also match
 * the price filter, and the lowest and highest of `range` (a price read at the caller's moment).
 */
export async function listingBrandGroups(db: Db, filter: PublicListingFilter, range: SQL<number>) {
  const conditions = conditionsOf(filter);
  return db
    .select({
      brandId: products.brandId,
      n: sql<number>`count(*) filter (where ${conditions.price ?? sql`true`})`.mapWith(Number),
      min: sql<string | null>`min(${range})`,
      max: sql<string | null>`max(${range})`,
    })
    .from(products)
    .where(and(...conditions.base, conditions.values))
    .groupBy(products.brandId);
}

/** How many products match every filter but the attribute values. */
export async function listingCountWithoutValues(db: Db, filter: PublicListingFilter): Promise<number> {
  const [counted] = await db
    .select({ n: count() })
    .from(products)
    .where(combine(conditionsOf(filter), 'values'));
  return counted?.n ?? 0;
}

/** For each attribute value, how many products matching every filter but the values have a variant holding it. */
export async function listingValueCounts(db: Db, filter: PublicListingFilter) {
  return db
    .select({ id: productVariantValues.attributeValueId, n: sql<number>`count(distinct ${products.id})`.mapWith(Number) })
    .from(productVariantValues)
    .innerJoin(productVariants, eq(productVariants.id, productVariantValues.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(combine(conditionsOf(filter), 'values'))
    .groupBy(productVariantValues.attributeValueId);
}

/** A page of the matching products in a sort; `popularity` ranks the popular sort. */
export async function listingPage(
  db: Db,
  filter: PublicListingFilter,
  page: { sort: PublicListingSort; popularity: ProductRanking; limit: number; offset: number },
): Promise<ProductCardRow[]> {
  const { price } = filter;
  const order: SQL[] = {
    newest: [desc(products.id)],
    price_asc: [asc(price), desc(products.id)],
    price_desc: [desc(price), desc(products.id)],
    popular: rankingOrder(page.popularity),
    relevance: [relevance(filter.q ?? ''), desc(products.id)],
  }[page.sort];
  const query = db.select(cardColumns).from(products).$dynamic();
  return (page.sort === 'popular' ? query.leftJoin(page.popularity.table, eq(page.popularity.productId, products.id)) : query)
    .where(combine(conditionsOf(filter)))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}

/** Published products matching what is typed (name or exact SKU), the closest names first. */
export async function productSuggestionCards(db: Db, q: string, limit: number): Promise<ProductCardRow[]> {
  return db
    .select(cardColumns)
    .from(products)
    .where(and(published, searchCondition(q)))
    .orderBy(relevance(q), desc(products.id))
    .limit(limit);
}
