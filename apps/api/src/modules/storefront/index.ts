/**
 * The storefront's public catalogue: categories, sliders, offers, product pages, listings with
 * facets, search suggestions, the heads of storefront pages, sitemap and robots.txt — cached whole
 * and invalidated by the catalog epoch. Prices follow one rule, marketing's pricing.service: the cart
 * and the checkout charge what the product page shows.
 */
export { PublicCache, sendAnswer } from './public-cache';
export type { AreaPageHead } from './seo.service';
export { createStorefront, type StorefrontOptions } from './storefront.routes';
