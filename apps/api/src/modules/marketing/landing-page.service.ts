import type { PublicLandingPage } from '@haat/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { productGallery, productSubquery, sellableVariants, variantChoices } from '../products';
import { campaignPricesFor } from './campaign.service';
import { landingPages } from './landing-page.table';
import { activeOfferFor } from './offer.service';
import { PriceBook } from './pricing.service';

/**
 * `GET /_public/landing/{slug}`: a published landing page with its product (published too): the
 * sections in order, the order form's settings, and the product's pictures, variants and price —
 * the retail price, the best running offer and the lowest running campaign price, `price` being
 * the lowest of them; each variant at what the checkout charges for it (variantPrices), and the product's
 * payment rule. Orders from the page arrive as type `landing` (the orders module takes them).
 */
export async function publicLandingPage(db: Db, slug: string, now: Date = new Date()): Promise<PublicLandingPage> {
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
  // The variants' prices and the product's payment rule as every order channel reads them (sellingPrices).
  const sellable = await sellableVariants(
    db,
    variants.map((variant) => variant.id),
  );
  const book = await PriceBook.load(db, sellable, now);
  const [first] = sellable;
  // The product's own discount counts too (PriceBook): the page shows what the order will charge.
  const price = first
    ? book.quote(first).price
    : Math.min(product.retailPrice, offer?.final_price ?? product.retailPrice, campaign?.campaign_price ?? product.retailPrice);
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
      payment_rule: first?.paymentRule ?? 'any',
      images,
      variants: variants.map((variant) => {
        const regular = variant.priceOverride ?? product.retailPrice;
        const row = sellable.find((each) => each.variantId === variant.id);
        const quote = row ? book.quote(row, regular) : null;
        return {
          id: variant.id,
          label: variant.label,
          retail_price: quote?.retail_price ?? regular,
          price: quote?.price ?? regular,
          stock: variant.stock,
        };
      }),
    },
  };
}
