import type { Db } from '../../../db/client';
import { HttpError } from '../../../http/errors';
import { productRatingStars } from '../../content';
import type { AreaPageHead } from '../../storefront';
import { publicShopPage } from './settings.service';
import { activeShop, shopProduct } from './shop.service';
import { htmlAsPlainText } from './shop-description';

/** Plain text of a page or description, cut for a search result's snippet. */
const snippet = (html: string) => htmlAsPlainText(html).slice(0, 160);

/**
 * The head the server puts in a reseller shop's pages (`/shop/{slug}/…`, or bare paths on the reseller's own
 * host name): the shop's name as the site's, the product's or page's title, description and picture, so a
 * link shared from the shop shows the shop. An unknown or suspended shop, product or page keeps the site's
 * head and is not indexed; the cart, checkout and thank-you pages are not indexed either.
 */
export const shopPageHead: AreaPageHead = async (db: Db, parts: string[]) => {
  const [slug, area, name, ...rest] = parts;
  if (!slug) return null;
  try {
    const shop = await activeShop(db, slug);
    const titled = (title: string) => `${title} | ${shop.name}`;
    if (!area) return { title: shop.name, description: `Shop at ${shop.name}, cash on delivery.`, siteName: shop.name, indexable: true };
    if (area === 'product' && name && rest.length === 0) {
      const product = await shopProduct(db, slug, name);
      const description = snippet(product.description);
      return {
        title: titled(product.name),
        description,
        image: product.images[0] ?? null,
        siteName: shop.name,
        indexable: true,
        // The shop's own price and stock for search engines (decision 060).
        product: {
          name: product.name,
          description,
          images: product.images,
          category: product.category?.name ?? null,
          price: product.price,
          inStock: product.in_stock,
          seller: shop.name,
          rating: await productRatingStars(db, product.id),
        },
      };
    }
    if (area === 'page' && name && rest.length === 0) {
      const page = await publicShopPage(db, shop.id, name);
      return { title: titled(page.title), description: snippet(page.content), siteName: shop.name, indexable: true };
    }
    return { title: shop.name, siteName: shop.name, indexable: false };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
};
