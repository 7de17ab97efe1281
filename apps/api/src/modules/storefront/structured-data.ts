import { fromPaisa } from '@haat/contracts';

/**
 * A product as a page's structured data says it (decision 060): what search engines read to show a
 * product's price and stock beside its link. Prices in paisa; pictures as stored paths.
 */
export interface ProductFacts {
  name: string;
  description: string;
  /** Stored picture paths, the main one first. */
  images: string[];
  sku?: string | null;
  brand?: string | null;
  category?: string | null;
  /** What a shopper pays now on this page. */
  price: number;
  inStock: boolean;
  /** The end of the discount that makes `price`, when it has one. */
  priceValidUntil?: string | null;
  /** Who sells on this page (a reseller's shop), when not the site itself. */
  seller?: string | null;
  rating?: { average: number; count: number } | null;
}

/** schema.org `Product` with one `Offer`, as JSON-LD; `url` is the page's canonical address. */
export function productJsonLd(facts: ProductFacts, context: { origin: string; url: string; currency: string; siteName: string }) {
  const image = facts.images.map((path) => `${context.origin}/storage/${path.replace(/^\/+/, '')}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: facts.name,
    ...(facts.description ? { description: facts.description } : {}),
    ...(image.length ? { image } : {}),
    ...(facts.sku ? { sku: facts.sku } : {}),
    ...(facts.brand ? { brand: { '@type': 'Brand', name: facts.brand } } : {}),
    ...(facts.category ? { category: facts.category } : {}),
    offers: {
      '@type': 'Offer',
      url: context.url,
      price: fromPaisa(facts.price),
      priceCurrency: context.currency,
      availability: facts.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      ...(facts.priceValidUntil ? { priceValidUntil: facts.priceValidUntil.slice(0, 10) } : {}),
      seller: { '@type': 'Organization', name: facts.seller || context.siteName },
    },
    ...(facts.rating && facts.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: facts.rating.average,
            reviewCount: facts.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/**
 * The JSON-LD block for a page's head. `<` is written as `\u003c` so no text of the shop (a name with
 * `</script>`) can end the block early; the JSON reads the same.
 */
export function jsonLdScript(data: unknown): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}
