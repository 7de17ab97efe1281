import {
  type ListingAnswer,
  type ListingFacets,
  type ListingFilters,
  listingQuery,
  SUGGEST_LIMITS,
  type SuggestAnswer,
} from '@haat/contracts';
import { HttpError } from '../../http/errors';
import { pageUrl, paginate } from '../../http/pagination';
import { searchKey } from '../../lib/search-key';
import { listPriceSql, nextDiscountChange } from '../marketing';
import {
  listingBrandGroups,
  listingCountWithoutValues,
  listingPage,
  listingValueCounts,
  type PublicListingFilter,
  productSuggestionCards,
} from '../products';
import type { CategoryNode, StorefrontContext } from './catalogue-snapshot';
import { productCards } from './product-card.service';
import { popularity } from './product-views';

export const LISTING_PATH = '/_public/sub/sub/category/product';

/**
 * Attribute facets count variant options of every matching product; over a very broad set (the
 * whole catalogue, unfiltered) that costs more than the facet is worth to a shopper, so it is left
 * out above this many products. Narrow by category, brand or search and it is there.
 */
const ATTRIBUTE_FACET_LIMIT = 20_000;

/** The chosen values grouped by attribute; an unknown value is a group of its own that nothing has. */
function valueGroups(ctx: { values: Map<number, { attributeId: number }> }, valueIds: number[]): number[][] {
  const groups = new Map<number, number[]>();
  for (const id of valueIds) {
    const attribute = ctx.values.get(id)?.attributeId ?? -id;
    groups.set(attribute, [...(groups.get(attribute) ?? []), id]);
  }
  return [...groups.values()];
}

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
  const q = filters.q && filters.q.length >= 1 ? filters.q : undefined;
  const listing: PublicListingFilter = {
    category,
    brandIds: filters.brand,
    q,
    valueGroups: valueGroups(catalogue, filters.values),
    price: listPriceSql(now),
    minPrice: filters.min_price,
    maxPrice: filters.max_price,
  };
  const sort = filters.sort ?? (q ? 'relevance' : 'newest');
  // Counts and facets do not depend on the sort or the page: one computation serves them all.
  const { sort: _sort, page: _page, per_page: _perPage, ...narrowing } = filters;
  const summary = await ctx.shared(`listing:${JSON.stringify(narrowing)}`, async (shared) => {
    const counted = await listingSummary(shared, listing, filters);
    const attributes = await attributeFacet(shared, listing, filters, counted.total);
    // Prices filter and sort on every product's own discount: any of them starting or ending changes them.
    shared.freshness.changesAt(await nextDiscountChange(shared.db, shared.now));
    return { ...counted, attributes };
  });
  const offset = (filters.page - 1) * filters.per_page;
  const rows = summary.total > offset ? await listingPage(db, listing, { sort, popularity, limit: filters.per_page, offset }) : [];
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
async function listingSummary(ctx: StorefrontContext, listing: PublicListingFilter, filters: ListingFilters) {
  const { db, now } = ctx;
  const catalogue = await ctx.catalogue();
  const groups = await listingBrandGroups(db, listing, listPriceSql(now));
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
  listing: PublicListingFilter,
  filters: ListingFilters,
  total: number,
): Promise<ListingFacets['attributes']> {
  const { db } = ctx;
  const catalogue = await ctx.catalogue();
  let broad = total;
  if (filters.values.length) broad = await listingCountWithoutValues(db, listing);
  if (broad === 0 || broad > ATTRIBUTE_FACET_LIMIT) return [];
  const valueRows = await listingValueCounts(db, listing);
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
  const rows = await productSuggestionCards(db, raw, SUGGEST_LIMITS.products);
  // Categories are few and already in memory.
  const catalogue = await ctx.catalogue();
  const needle = raw.toLocaleLowerCase();
  const key = searchKey(raw).length >= 3 ? searchKey(raw) : '';
  const rank = (node: CategoryNode) =>
    node.name.toLocaleLowerCase().startsWith(needle) || node.nameBn?.startsWith(raw) || (key && node.searchKey.startsWith(key)) ? 0 : 1;
  // By either name as typed, or by the names' search key ("পাঞ্জাবি" finds the Panjabi category).
  const matching = [...catalogue.categories.values()]
    .filter(
      (node) =>
        node.active &&
        (node.name.toLocaleLowerCase().includes(needle) || node.nameBn?.includes(raw) || (key && node.searchKey.includes(key))),
    )
    .sort((a, b) => rank(a) - rank(b) || a.level - b.level);
  return {
    products: await productCards(ctx, rows),
    categories: matching
      .slice(0, SUGGEST_LIMITS.categories)
      .map((node) => ({ id: node.id, name: node.name, name_bn: node.nameBn, slug: node.slug })),
  };
}
