import { once } from 'node:events';
import zlib from 'node:zlib';
import { fromPaisa } from '@haat/contracts';
import { PriceBook } from '../marketing';
import { type FeedProduct, feedProductPage } from '../products';
import { readSetting, SETTING_GROUPS } from '../settings';
import type { StorefrontContext } from './catalogue-snapshot';
import { escapeXml, plainText } from './seo.service';

/** The two product catalogue feeds: Meta Commerce Manager's and Google Merchant Center's (decision 060). */
export const FEED_KINDS = ['facebook', 'google'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** Products read per statement: the feed is written a page at a time, whatever the catalogue's size. */
export const FEED_PAGE = 500;
const TITLE_LENGTH = 150;
const DESCRIPTION_LENGTH = 5000;
/** Both channels take at most 10 additional pictures. */
const MORE_IMAGES = 10;
const GTIN = /^(\d{8}|\d{12,14})$/;

const money = (paisa: number, currency: string) => `${fromPaisa(paisa)} ${currency}`;
const tag = (name: string, value: string | null | undefined) => (value ? `<g:${name}>${escapeXml(value)}</g:${name}>` : '');

/** One product's items: a variant in stock each, grouped by the product when it has several. */
function productItems(
  product: FeedProduct,
  context: { origin: string; currency: string; brand: string; type: string; kind: FeedKind; book: PriceBook; now: Date },
): string[] {
  const { origin, currency, book } = context;
  const link = `${origin}/product/${encodeURIComponent(product.slug)}`;
  const images = product.pictures.map((path) => `${origin}/storage/${encodeURI(path.replace(/^\/+/, ''))}`);
  const description = plainText(product.description, DESCRIPTION_LENGTH) || product.name;
  const grouped = product.variantCount > 1;
  return product.variants.map((variant) => {
    const quote = book.quote(product, variant.priceOverride ?? product.retailPrice);
    const title = (grouped && variant.label ? `${product.name} – ${variant.label}` : product.name).slice(0, TITLE_LENGTH);
    const parts = [
      tag('id', variant.sku),
      tag('title', title),
      tag('description', description),
      tag('link', link),
      tag('image_link', images[0]),
      ...images.slice(1, 1 + MORE_IMAGES).map((image) => tag('additional_image_link', image)),
      tag('availability', 'in stock'),
      tag('condition', 'new'),
      tag('price', money(quote.retail_price, currency)),
      quote.price < quote.retail_price ? tag('sale_price', money(quote.price, currency)) : '',
      quote.price < quote.retail_price && quote.discount_ends_at
        ? tag('sale_price_effective_date', `${context.now.toISOString()}/${new Date(quote.discount_ends_at).toISOString()}`)
        : '',
      tag('brand', context.brand),
      variant.barcode && GTIN.test(variant.barcode) ? tag('gtin', variant.barcode) : '',
      context.kind === 'google' && !(variant.barcode && GTIN.test(variant.barcode)) ? tag('identifier_exists', 'no') : '',
      tag('product_type', context.type),
      grouped ? tag('item_group_id', String(product.id)) : '',
      context.kind === 'facebook' ? tag('quantity_to_sell_on_facebook', String(variant.stock)) : '',
    ];
    return `<item>${parts.filter(Boolean).join('')}</item>`;
  });
}

/**
 * `GET /feed/{facebook,google}.xml`: every published product's variants in stock as RSS 2.0 items in
 * Google's `g:` namespace (which Meta reads too), at the prices a shopper pays now: `g:price` the
 * regular price, `g:sale_price` while a discount, offer or campaign lowers it. Yields the feed a page of
 * FEED_PAGE products at a time (by id), so a large catalogue is never held as one text.
 */
export async function* productFeedParts(ctx: StorefrontContext, origin: string, kind: FeedKind): AsyncGenerator<string> {
  const general = await readSetting(ctx.db, SETTING_GROUPS.general);
  const catalogue = await ctx.catalogue();
  yield [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n',
    `<title>${escapeXml(general.site_name)}</title>\n<link>${escapeXml(`${origin}/`)}</link>\n`,
    `<description>${escapeXml(general.tagline || `Products of ${general.site_name}`)}</description>\n`,
  ].join('');
  let afterId = 0;
  for (;;) {
    const page = await feedProductPage(ctx.db, afterId, FEED_PAGE);
    if (page.lastId === null) break;
    afterId = page.lastId;
    if (page.products.length === 0) continue;
    const book = await PriceBook.load(ctx.db, page.products, ctx.now, ctx.freshness);
    const lines: string[] = [];
    for (const product of page.products) {
      const brand = product.brandId ? catalogue.brands.get(product.brandId) : undefined;
      const leaf = product.subSubcategoryId ?? product.subcategoryId ?? product.categoryId;
      const type = leaf
        ? catalogue
            .path(leaf)
            .map((step) => step.name)
            .join(' > ')
        : '';
      const items = productItems(product, {
        origin,
        currency: general.currency,
        brand: brand?.active ? brand.name : general.site_name,
        type,
        kind,
        book,
        now: ctx.now,
      });
      for (const item of items) lines.push(`${item}\n`);
    }
    yield lines.join('');
  }
  yield '</channel>\n</rss>\n';
}

/** The feed gzipped as it is written: what is kept is the compressed feed (a tenth of the text), never the whole text. */
export async function gzippedProductFeed(ctx: StorefrontContext, origin: string, kind: FeedKind): Promise<Buffer> {
  const gzip = zlib.createGzip({ level: 6 });
  const parts: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => parts.push(chunk));
  const finished = once(gzip, 'end');
  for await (const part of productFeedParts(ctx, origin, kind)) {
    if (!gzip.write(part)) await once(gzip, 'drain');
  }
  gzip.end();
  await finished;
  return Buffer.concat(parts);
}
