import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { productGallery, productSubquery, variantChoices } from '../products';
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
  const joined = productSubquery('product');
  const [page] = await db
    .select({
      landing: landingPages,
      product: {
        id: joined.id,
        name: joined.name,
        slug: joined.slug,
        description: joined.description,
        retailPrice: joined.retailPrice,
        stock: joined.stock,
        categoryId: joined.categoryId,
        subcategoryId: joined.subcategoryId,
        subSubcategoryId: joined.subSubcategoryId,
      },
    })
    .from(landingPages)
    .innerJoin(joined, eq(joined.id, landingPages.productId))
    .where(and(eq(landingPages.slug, slug), eq(landingPages.status, 1), eq(joined.status, 1)));
  if (!page) throw notFound('The landing page');
  const { landing, product } = page;
  const [images, variants, offer, campaign] = await Promise.all([
    productGallery(db, product.id),
    variantChoices(db, product.id),
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
      variants: variants.map((variant) => ({
        id: variant.id,
        label: variant.label,
        price: variant.priceOverride ?? product.retailPrice,
        stock: variant.stock,
      })),
    },
  };
}
