import type {
  CartContent,
  CategoryAnswer,
  HomeProductsAnswer,
  ListingQuery,
  OffersAnswer,
  ProductAnswer,
  PublicCampaignSummary,
  PublicCity,
  PublicSubCity,
  SliderAnswer,
  SuggestAnswer,
} from '@haat/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { del, get, post, put } from '../lib/api';
import { takeEarlyAnswer } from '../lib/early';
import { queryClient } from '../lib/query';

/**
 * The storefront's calls, each declared once. Seed §8: failures of the catalogue, slider, offer,
 * product list and campaign calls are ignored — those queries answer `null` instead of failing, so
 * a section whose call failed simply does not show, and the page still works.
 */
const quietly =
  <T>(url: string) =>
  (): Promise<T | null> =>
    get<T>(url).catch(() => null);

const minutes = (count: number) => count * 60_000;

/** The answer index.html already has for this call, if any (lib/early.ts): the first render shows it. */
const early =
  <T>(url: string) =>
  (): T | undefined =>
    takeEarlyAnswer<T>(url);

export const storeQueries = {
  catalogue: {
    queryKey: ['store', 'category'],
    queryFn: quietly<CategoryAnswer>('/_public/category'),
    initialData: early<CategoryAnswer>('/_public/category'),
    staleTime: minutes(5),
  },
  slider: {
    queryKey: ['store', 'slider'],
    queryFn: quietly<SliderAnswer>('/_public/slider'),
    initialData: early<SliderAnswer>('/_public/slider'),
    staleTime: minutes(5),
  },
  offers: {
    queryKey: ['store', 'offers'],
    queryFn: quietly<OffersAnswer>('/_public/offers'),
    initialData: early<OffersAnswer>('/_public/offers'),
    staleTime: minutes(5),
  },
  homeProducts: {
    queryKey: ['store', 'products'],
    queryFn: quietly<HomeProductsAnswer>('/_public/products/'),
    initialData: early<HomeProductsAnswer>('/_public/products/'),
    staleTime: minutes(5),
  },
  campaigns: {
    queryKey: ['store', 'campaigns'],
    queryFn: quietly<{ campaigns: PublicCampaignSummary[] }>('/_public/campaigns'),
    initialData: early<{ campaigns: PublicCampaignSummary[] }>('/_public/campaigns'),
    staleTime: minutes(5),
  },
  /** A missing or unpublished product answers 404: the page sends the visitor home (seed §4). */
  product: (slug: string) => ({
    queryKey: ['store', 'product', slug],
    queryFn: () => get<ProductAnswer>(`/_public/product/${encodeURIComponent(slug)}`),
    staleTime: minutes(1),
  }),
  suggest: (q: string) => ({
    queryKey: ['store', 'suggest', q],
    queryFn: () => get<SuggestAnswer>(`/_public/search/suggest?q=${encodeURIComponent(q)}`),
    staleTime: minutes(1),
  }),
  cart: {
    queryKey: ['store', 'cart'],
    queryFn: () => get<CartContent>('/_public/cartToContent'),
    initialData: early<CartContent>('/_public/cartToContent'),
    staleTime: 0,
  },
  cities: { queryKey: ['store', 'cities'], queryFn: () => get<{ cities: PublicCity[] }>('/_public/cities'), staleTime: minutes(10) },
  subCities: (cityId: number) => ({
    queryKey: ['store', 'sub-cities', cityId],
    queryFn: () => get<{ sub_cities: PublicSubCity[] }>(`/_public/cities/${cityId}/sub-cities`),
    staleTime: minutes(10),
  }),
};

/** The listing's query string: empty filters are left out, lists joined with commas. */
export function listingSearch(query: ListingQuery, page: number): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) search.set(key, value.join(','));
    } else search.set(key, String(value));
  }
  search.set('page', String(page));
  return search.toString();
}

// ---- Cart ---------------------------------------------------------------------------------------

export function useCart() {
  return useQuery(storeQueries.cart);
}

/** Every cart change answers the whole cart: it replaces what the page shows (badge included). */
function setCart(cart: CartContent) {
  queryClient.setQueryData(storeQueries.cart.queryKey, cart);
}

export function useCartChange() {
  return useMutation({
    mutationFn: (change: { variantId: number; quantity: number; mode: 'add' | 'set' | 'remove' }) => {
      if (change.mode === 'add') return post<CartContent>('/_public/cart', { variant_id: change.variantId, quantity: change.quantity });
      if (change.mode === 'remove') return del<CartContent>(`/_public/cart/${change.variantId}`);
      return put<CartContent>(`/_public/cart/${change.variantId}`, { quantity: change.quantity });
    },
    onSuccess: setCart,
  });
}

/** After signing in or out the server merges or forgets the guest cart: read it again. */
export function refreshCart() {
  void queryClient.invalidateQueries({ queryKey: storeQueries.cart.queryKey });
}
