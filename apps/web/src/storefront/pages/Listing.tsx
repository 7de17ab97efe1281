import type { ListingAnswer, ListingQuery, ListingSort, PublicCategoryStep } from '@haat/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { get } from '../../lib/api';
import { takeEarlyAnswer } from '../../lib/early';
import { useSiteInfo } from '../../lib/site';
import { usePageTitle } from '../../ui/Title';
import { listingSearch, storeQueries } from '../api';
import { useBootHandover } from '../boot';
import { Loading } from '../Loading';
import { ProductList } from '../ProductCard';

/** The sorts given, when they are every one of the contract's: else `never`, and the list below does not compile. */
type EverySort<Sorts extends readonly ListingSort[]> = [Exclude<ListingSort, Sorts[number]>] extends [never] ? Sorts : never;

/**
 * The contract's LISTING_SORTS, spelled out and checked against it: importing the constant would bring every
 * storefront schema of its module, and zod, into the listing's first load (about 24 kB gzipped).
 */
const LISTING_SORTS: EverySort<readonly ['newest', 'price_asc', 'price_desc', 'popular']> = [
  'newest',
  'price_asc',
  'price_desc',
  'popular',
];

/** Seed §9: an infinite list asks for more 100 px before its end. */
export const INFINITE_SCROLL_DISTANCE_PX = 100;

const ids = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);

/** Taka typed by the shopper → paisa for the call (empty stays empty). */
const toPaisa = (taka: string) => (taka.trim() === '' || Number.isNaN(Number(taka)) ? '' : String(Math.round(Number(taka) * 100)));
const toTaka = (paisa: string | null) => (paisa ? String(Number(paisa) / 100) : '');

/** The path of a category step from the listing's answer: /category/top/sub/subsub. */
function stepUrl(path: PublicCategoryStep[], upTo: number): string {
  return `/category/${path
    .slice(0, upTo + 1)
    .map((step) => step.slug)
    .join('/')}`;
}

/**
 * Category listings (`/category/:slug/:sub?/:subsub?`) and search (`/search?q=`): filters from the
 * answer's facets (price, brand, attribute values), sort, and pages that load as the end of the
 * list comes near, with a "Load more" button for those who prefer it or whose browser cannot watch.
 */
export default function Listing() {
  const { t } = useTranslation();
  const { slug, sub, subsub } = useParams();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const sort = (LISTING_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as ListingSort) : undefined;
  const query: ListingQuery = {
    category: slug,
    subcategory: sub,
    sub_subcategory: subsub,
    q: q || undefined,
    sort,
    brand: ids(params.get('brand')),
    values: ids(params.get('values')),
    min_price: params.get('min_price') ?? undefined,
    max_price: params.get('max_price') ?? undefined,
  } as ListingQuery;

  const pageUrl = (page: number) => `/_public/sub/sub/category/product?${listingSearch(query, page)}`;
  const listing = useInfiniteQuery({
    queryKey: ['store', 'listing', query],
    queryFn: ({ pageParam }) => get<ListingAnswer>(pageUrl(pageParam)),
    // The first page as shop.html asked for it with the page (lib/early-boot.js): drawn at the first render.
    initialData: () => {
      const first = takeEarlyAnswer<ListingAnswer>(pageUrl(1));
      return first ? { pages: [first], pageParams: [1] } : undefined;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    staleTime: 60_000,
  });
  const catalogue = useQuery(storeQueries.catalogue).data;
  const first = listing.data?.pages[0];
  const products = listing.data?.pages.flatMap((page) => page.data) ?? [];
  const category = first?.category ?? null;

  // A category reached by its slug alone (an old link, a banner) moves to its full, canonical path.
  const navigate = useNavigate();
  const location = useLocation();
  const canonical = category && category.path.length > 0 ? stepUrl(category.path, category.path.length - 1) : null;
  useEffect(() => {
    if (canonical && !q && decodeURI(location.pathname) !== canonical) {
      navigate({ pathname: canonical, search: location.search }, { replace: true });
    }
  }, [canonical, q, location.pathname, location.search, navigate]);

  // The next page loads when the sentinel comes within 100 px of the viewport.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = listing;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_DISTANCE_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const change = (updates: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(updates)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const toggle = (key: 'brand' | 'values', id: number) => {
    const current = ids(params.get(key));
    const next = current.includes(id) ? current.filter((each) => each !== id) : [...current, id];
    change({ [key]: next.join(',') || null });
  };

  // Sub categories of the one shown, from the catalogue tree, to go one level deeper.
  const top = catalogue?.categories.find((each) => each.slug === slug);
  const middle = sub ? top?.sub_categories.find((each) => each.slug === sub) : undefined;
  const children = !slug || subsub ? [] : middle ? middle.sub_sub_categories : (top?.sub_categories ?? []);
  const childBase = `/category/${[slug, sub].filter(Boolean).join('/')}`;

  const heading = q ? t('store.resultsFor', { q }) : (category?.name ?? middle?.name ?? top?.name ?? t('store.products'));
  const site = useSiteInfo();
  usePageTitle(first && site ? `${heading} | ${site.site_name}` : null);
  const facets = first?.facets;
  // The server's drawing of this page's top gives way once the first page is drawn here (or has failed).
  useBootHandover(!listing.isPending);
  const filtered = ['brand', 'values', 'min_price', 'max_price'].some((key) => params.get(key));

  return (
    <div className="s-stack">
      {category && category.path.length > 0 && (
        <nav aria-label={t('store.breadcrumb')}>
          <ol className="s-crumbs">
            <li>
              <Link to="/">{t('common.home')}</Link>
            </li>
            {category.path.map((step, index) => (
              <li key={step.id}>
                {index === category.path.length - 1 ? (
                  <span aria-current="page">{step.name}</span>
                ) : (
                  <Link to={stepUrl(category.path, index)}>{step.name}</Link>
                )}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="s-row s-between">
        <h1>{heading}</h1>
        {first && <span className="s-muted s-small">{t('store.productCount', { count: first.total })}</span>}
      </div>
      {children.length > 0 && (
        <nav aria-label={t('store.subCategories')} className="s-chips">
          {children.map((child) => (
            <Link key={child.id} to={`${childBase}/${child.slug}`} className="s-chip" style={{ textDecoration: 'none' }}>
              {child.name}
            </Link>
          ))}
        </nav>
      )}
      <div className="s-listing">
        <Filters facets={facets} params={params} change={change} toggle={toggle} filtered={filtered} />
        <div className="s-stack">
          <div className="s-toolbar">
            <div className="s-field">
              <label htmlFor="listing-sort">{t('store.sortBy')}</label>
              <select id="listing-sort" value={sort ?? ''} onChange={(event) => change({ sort: event.currentTarget.value || null })}>
                <option value="">{q ? t('store.sort.relevance') : t('store.sort.newest')}</option>
                {LISTING_SORTS.map((each) => (
                  <option key={each} value={each}>
                    {t(`store.sort.${each}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {listing.isPending && <Loading />}
          {listing.isError && (
            <div className="s-alert" role="alert">
              {listing.error.message}
            </div>
          )}
          {first && products.length === 0 && <p className="s-empty">{q ? t('store.noResults', { q }) : t('store.noProducts')}</p>}
          {products.length > 0 && <ProductList products={products} eagerCount={4} priorityCount={2} />}
          <div ref={sentinel} className="s-load-more">
            {hasNextPage && (
              <button type="button" className="s-btn s-btn-secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                {isFetchingNextPage ? t('common.loading') : t('store.loadMore')}
              </button>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

function Filters({
  facets,
  params,
  change,
  toggle,
  filtered,
}: {
  facets: ListingAnswer['facets'] | undefined;
  params: URLSearchParams;
  change: (updates: Record<string, string | null>) => void;
  toggle: (key: 'brand' | 'values', id: number) => void;
  filtered: boolean;
}) {
  const { t } = useTranslation();
  const [min, setMin] = useState(toTaka(params.get('min_price')));
  const [max, setMax] = useState(toTaka(params.get('max_price')));
  const [open] = useState(() => window.matchMedia?.('(min-width: 960px)').matches ?? false);
  const brands = ids(params.get('brand'));
  const values = ids(params.get('values'));
  if (!facets) return <div />;
  const applyPrice = (event: FormEvent) => {
    event.preventDefault();
    change({ min_price: toPaisa(min) || null, max_price: toPaisa(max) || null });
  };
  const price = facets.price;

  return (
    <details className="s-filter-panel" open={open || undefined}>
      <summary>{t('store.filters')}</summary>
      <div className="s-filters" style={{ marginTop: 10 }}>
        <form onSubmit={applyPrice}>
          <fieldset>
            <legend>{t('store.priceRange')}</legend>
            <div className="s-price-range">
              <div className="s-field">
                <label htmlFor="price-min">{t('store.minPrice')}</label>
                <input
                  id="price-min"
                  inputMode="numeric"
                  value={min}
                  placeholder={price.min !== null ? String(Math.floor(price.min / 100)) : ''}
                  onChange={(event) => setMin(event.currentTarget.value)}
                />
              </div>
              <div className="s-field">
                <label htmlFor="price-max">{t('store.maxPrice')}</label>
                <input
                  id="price-max"
                  inputMode="numeric"
                  value={max}
                  placeholder={price.max !== null ? String(Math.ceil(price.max / 100)) : ''}
                  onChange={(event) => setMax(event.currentTarget.value)}
                />
              </div>
            </div>
            <button type="submit" className="s-btn s-btn-secondary s-btn-small">
              {t('store.applyPrice')}
            </button>
          </fieldset>
        </form>
        {facets.brands.length > 0 && (
          <fieldset>
            <legend>{t('store.brand')}</legend>
            {facets.brands.map((brand) => (
              <label key={brand.id} className="s-check">
                <input type="checkbox" checked={brands.includes(brand.id)} onChange={() => toggle('brand', brand.id)} />
                {brand.name} <span className="s-muted">({brand.count})</span>
              </label>
            ))}
          </fieldset>
        )}
        {facets.attributes.map((attribute) => (
          <fieldset key={attribute.name}>
            <legend>{attribute.name}</legend>
            <div className="s-chips">
              {attribute.values.map((value) => (
                <button
                  key={value.id}
                  type="button"
                  className="s-chip"
                  aria-pressed={values.includes(value.id)}
                  onClick={() => toggle('values', value.id)}
                >
                  {value.value} <span className="s-visually-hidden">({value.count})</span>
                </button>
              ))}
            </div>
          </fieldset>
        ))}
        {filtered && (
          <button
            type="button"
            className="s-btn s-btn-secondary s-btn-small"
            onClick={() => {
              setMin('');
              setMax('');
              change({ brand: null, values: null, min_price: null, max_price: null });
            }}
          >
            {t('store.clearFilters')}
          </button>
        )}
      </div>
    </details>
  );
}
