import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { productImages, products, productVariants } from '../products';
import { campaignPricesFor } from './campaign.service';
import { landingPages } from './landing-page.table';
import { activeOfferFor } from './offer.service';

/**
 * `GET /_public/landing/{slug}`: a published landing page with its product (published too): the
 * sections in order, the order form's settings, and the product's pictures, variants and price —
 * the retail price, the best running offer and the lowest running campaign price, `price` being
 * the lowest of them. Orders from the page arrive as type `landing` (the orders module takes them).
 */
export async function publicLandingPage(db: Db, slug: string, now: Date = new Date()) {
  const [page] = await db
    .select()
    .from(landingPages)
    .innerJoin(products, eq(products.id, landingPages.productId))
    .where(and(eq(landingPages.slug, slug), eq(landingPages.status, 1), eq(products.status, 1)));
  if (!page) throw notFound('The landing page');
  const product = page.products;
  const [images, variants, offer, campaign] = await Promise.all([
    db
      .select({ path: productImages.path, thumbnail: productImages.thumbnail, is_main: productImages.isMain })
      .from(productImages)
      .where(eq(productImages.productId, product.id))
      .orderBy(sql`${productImages.isMain} desc`, asc(productImages.sortOrder), asc(productImages.id)),
    db
      .select({ id: productVariants.id, label: productVariants.label, price: productVariants.priceOverride, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(asc(productVariants.sortOrder), asc(productVariants.id)),
    activeOfferFor(
      db,
      {
        productId: product.id,
        categoryIds: [product.categoryId, product.subcategoryId, product.subSubcategoryId].filter((id): id is number => id !== null),
        price: product.retailPrice,
      },
      now,
    ),
    campaignPricesFor(db, [product.id], now).then((prices) => prices.get(product.id) ?? null),
  ]);
  const price = Math.min(product.retailPrice, offer?.final_price ?? product.retailPrice, campaign?.campaign_price ?? product.retailPrice);
  const landing = page.landing_pages;
  return {
    landing_page: {
      id: landing.id,
      slug: landing.slug,
      headline: landing.headline,
      sections: landing.sections,
      order_form: { button_text: landing.buttonText, delivery_note: landing.deliveryNote, order_type: 'landing' as const },
      updated_at: landing.updatedAt.toISOString(),
    },
    product: {
      id: product.id,
      name: product.name,
      slug: product.slug,
      description: product.description,
      retail_price: product.retailPrice,
      offer,
      campaign_price: campaign?.campaign_price ?? null,
      price,
      stock: product.stock,
      images,
      variants: variants.map((variant) => ({ ...variant, price: variant.price ?? product.retailPrice })),
    },
  };
}
