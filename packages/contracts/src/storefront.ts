import { z } from 'zod';
import { idSchema } from './fields';
import type { Paginator } from './pagination';
import type { ProductPaymentRule } from './payments';

/**
 * The storefront's public catalogue calls (seed §7, issue 5): the answers the API sends and the web
 * reads. Money is integer paisa; images are storage paths the client prefixes with the image base
 * link (seed §3). Only published products (status 1) and active categories, sliders and banners
 * ever appear here.
 */

// ---- Pieces -------------------------------------------------------------------------------------

/** Approved reviews of a product: the average (one decimal, 0 without reviews) and how many. */
export interface ProductRating {
  average: number;
  count: number;
}

/** One product in any list of the storefront: home rows, best sellers, listings, search, related. */
export interface ProductCard {
  id: number;
  name: string;
  /** The name in Bengali, shown instead of `name` on Bengali pages; null when none is set. */
  name_bn?: string | null;
  slug: string;
  /** The main picture's thumbnail path, or null when the product has no picture. */
  thumbnail: string | null;
  /** What the shopper pays now: after the product's discount (within its dates), offers and campaigns. */
  price: number;
  retail_price: number;
  /** Whole percent below the retail price; 0 when nothing is taken off. */
  discount_percent: number;
  in_stock: boolean;
  rating: ProductRating;
}

export interface CategoryLink {
  id: number;
  name: string;
  /** The name in Bengali, for Bengali pages; null when none is set. */
  name_bn?: string | null;
  slug: string;
}

export interface PublicSubSubCategory extends CategoryLink {
  image: string | null;
}

export interface PublicSubCategory extends CategoryLink {
  image: string | null;
  icon: string | null;
  /** The level below (empty for a sub-subcategory's own children). */
  sub_sub_categories: PublicSubSubCategory[];
}

export interface PublicCategory extends CategoryLink {
  image: string | null;
  icon: string | null;
  show_on_home: boolean;
  sub_categories: PublicSubCategory[];
}

/** One of the shop's promises (cash on delivery, delivery time, returns), from the services settings. */
export interface ServiceItem {
  /** One of SERVICE_ICONS. */
  icon: string;
  title: string;
  text: string;
}

export interface PublicSlider {
  id: number;
  title: string;
  subtitle: string;
  image: string;
  link: string;
}

export interface PublicBanner {
  id: number;
  title: string;
  image: string;
  link: string;
  position: string;
}

// ---- Answers ------------------------------------------------------------------------------------

/** `GET /_public/category`: the active category tree and the shop's services. */
export interface CategoryAnswer {
  categories: PublicCategory[];
  services: ServiceItem[];
}

/** `GET /_public/sub/category/{id}` (an id or a slug): the active children of a category or subcategory. */
export interface SubCategoryAnswer {
  sub_categories: PublicSubCategory[];
}

/** `GET /_public/slider`: the home sliders, the banners at the top of the home page, best sellers. */
export interface SliderAnswer {
  sliders: PublicSlider[];
  slider_banner: PublicBanner[];
  best_seller: ProductCard[];
}

/** An offer running now, with what it applies to. */
export interface PublicOffer {
  id: number;
  name: string;
  discount_type: 'percent' | 'amount';
  percent_off: number | null;
  amount_off: number | null;
  starts_at: string;
  ends_at: string;
  /** The published products it names (at most 24), priced with the offer. */
  products: ProductCard[];
  /** The active categories it names: every product filed under them gets the offer. */
  categories: CategoryLink[];
}

/** `GET /_public/offers`: the offers running now and the offer banners. */
export interface OffersAnswer {
  offers: PublicOffer[];
  offer_banner: PublicBanner[];
}

export interface PublicCategoryStep extends CategoryLink {
  level: 1 | 2 | 3;
}

export interface PublicVariantValue {
  /** The attribute value's id: what the listing's `values` filter takes. */
  id: number;
  attribute: string;
  value: string;
  color_hex: string | null;
}

export interface PublicVariant {
  id: number;
  sku: string;
  /** "M / Red"; empty for a product without options. */
  label: string;
  values: PublicVariantValue[];
  /** What the shopper pays for this variant now, and its price before any discount. */
  price: number;
  retail_price: number;
  stock: number;
}

export interface PublicAttribute {
  name: string;
  values: { id: number; value: string; color_hex: string | null }[];
}

export interface PublicProductImage {
  path: string;
  thumbnail: string;
  is_main: boolean;
  /** The option value (`PublicVariantValue.id`, a colour) this picture shows, or null. */
  attribute_value_id: number | null;
}

/** Where a product's current price comes from. */
export type PriceSource = 'retail' | 'discount' | 'offer' | 'campaign';

export interface PublicProduct {
  id: number;
  name: string;
  slug: string;
  /** Always 1 (published): anything else is not found. */
  status: number;
  sku: string;
  /** Sanitised rich text (HTML). */
  description: string;
  retail_price: number;
  /**
   * What the shopper pays now at the product's retail price: the best of its own discount (within
   * its dates), the best running offer and its lowest running campaign price — they do not add up.
   * A variant with its own price has its own (`variants[].price`).
   */
  price: number;
  /** The discounted price when something is taken off now, else null. */
  discount_price: number | null;
  /** When the discount now applied ends (ISO), or null when it has no end or nothing is taken off. */
  discount_ends_at: string | null;
  discount_percent: number;
  discount_source: PriceSource;
  stock: number;
  in_stock: boolean;
  brand: CategoryLink | null;
  /** From the top category down to the one the product is filed under. */
  category_path: PublicCategoryStep[];
  images: PublicProductImage[];
  variants: PublicVariant[];
  attributes: PublicAttribute[];
  video_url: string | null;
  seo_title: string | null;
  seo_description: string | null;
  /** How it may be paid (decision 062): `any`; `delivery` (at least the delivery charge online); `full` (only in full online). */
  payment_rule: ProductPaymentRule;
  related: ProductCard[];
}

export interface RatingStars {
  average: number;
  count: number;
  /** How many approved reviews gave 1, 2, 3, 4 and 5 stars. */
  breakdown: Record<'1' | '2' | '3' | '4' | '5', number>;
}

/** An approved review as the storefront shows it: the name the customer gave, never their phone or e-mail. */
export interface PublicReview {
  id: number;
  customer_name: string;
  rating: number;
  text: string;
  /** The shop's answer, or null. */
  answer: string | null;
  created_at: string;
}

/** How many approved reviews the product answer and each page of `GET /_public/product/{id}/reviews` carry. */
export const PRODUCT_REVIEWS_PER_PAGE = 5;

/** `GET /_public/product/{id}` (an id or a slug); a missing or unpublished product is a 404 `{message}`. */
export interface ProductAnswer {
  product: PublicProduct;
  rating_stars: RatingStars;
  /** The newest approved reviews (page 1); `next_page_url` is the "more" call. */
  reviews: Paginator<PublicReview>;
}

/** `GET /_public/product/images/{id}` (an id or a slug). */
export interface ProductImagesAnswer {
  images: PublicProductImage[];
}

/** `GET /_public/products/`: a row of products for each category shown on the home page, and featured ones. */
export interface HomeProductsAnswer {
  home_page_products: { category: CategoryLink; products: ProductCard[] }[];
  featured: ProductCard[];
}

// ---- Listing ------------------------------------------------------------------------------------

export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc', 'popular'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const LISTING_SORT_LABELS: Record<ListingSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  popular: 'Most popular',
};
export const LISTING_MAX_PER_PAGE = 48;
export const LISTING_DEFAULT_PER_PAGE = 24;

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
/** An id or a slug. */
const categoryRef = z.preprocess(emptyToUndefined, z.string().trim().min(1).max(200).optional());
/** `1,2,3` (or repeated parameters) as a list of ids. */
const idList = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return [];
    const parts = (Array.isArray(value) ? value : [value]).flatMap((item) => String(item).split(','));
    return parts.map((part) => part.trim()).filter(Boolean);
  },
  z.array(idSchema, { error: 'Use ids like 1,2,3' }).max(50, 'Choose at most 50'),
);
const paisa = z.preprocess(emptyToUndefined, z.coerce.number({ error: 'Enter an amount in paisa' }).int().min(0).optional());

/**
 * `GET /_public/sub/sub/category/product`: the product listing. Categories take an id or a slug (the
 * deepest one given is used); prices are paisa; `values` are attribute value ids, matched when one
 * variant has one of the chosen values of every chosen attribute.
 */
export const listingQuery = z.object({
  category: categoryRef,
  subcategory: categoryRef,
  sub_subcategory: categoryRef,
  brand: idList,
  min_price: paisa,
  max_price: paisa,
  values: idList,
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100, 'Search with at most 100 characters').optional()),
  /** Without it: newest, or best match when searching. */
  sort: z.preprocess(emptyToUndefined, z.enum(LISTING_SORTS, { error: 'Sort by newest, price_asc, price_desc or popular' }).optional()),
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  per_page: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .max(LISTING_MAX_PER_PAGE, `Show at most ${LISTING_MAX_PER_PAGE} per page`)
      .default(LISTING_DEFAULT_PER_PAGE),
  ),
});
export type ListingQuery = z.input<typeof listingQuery>;
export type ListingFilters = z.output<typeof listingQuery>;

export interface ListingFacets {
  /** Brands of the matching products (ignoring the brand filter), with how many match. */
  brands: { id: number; name: string; count: number }[];
  /** The lowest and highest price among the matching products (ignoring the price filter); null when none. */
  price: { min: number | null; max: number | null };
  /** Attribute values of the matching products' variants (ignoring the values filter). */
  attributes: { name: string; values: { id: number; value: string; color_hex: string | null; count: number }[] }[];
}

/** The listing's answer: the plain paginator of cards (seed §3), its facets and the category it is in. */
export interface ListingAnswer extends Paginator<ProductCard> {
  facets: ListingFacets;
  /** The category filtered on with its path from the top, or null. */
  category: (CategoryLink & { level: number; path: PublicCategoryStep[] }) | null;
}

/** `GET /_public/search/suggest?q=`: a few products and categories while the shopper types. */
export interface SuggestAnswer {
  products: ProductCard[];
  categories: CategoryLink[];
}

export const SUGGEST_LIMITS = { products: 6, categories: 4 } as const;
