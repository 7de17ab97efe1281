import {
  type Paginator,
  PRODUCT_REVIEWS_PER_PAGE,
  type ProductAnswer,
  type ProductImagesAnswer,
  type PublicAttribute,
  type PublicReview,
} from '@haat/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { paginate } from '../../http/pagination';
import { approvedProductReviews, productRatingStars } from '../content';
import { PriceBook } from '../marketing';
import { productPictures, productVariantChoices, publishedProductByReference, relatedProductCards } from '../products';
import type { StorefrontContext } from './catalogue-snapshot';
import { productCards } from './product-card.service';

const RELATED = 8;

export const productNotFound = () => new HttpError(404, 'This product was not found or is not available.');

/** A published product by id (digits) or slug; anything else is not found. */
export async function findPublishedProduct(db: Db, reference: string) {
  const value = reference.trim();
  if (!value || value.length > 200) throw productNotFound();
  const row = await publishedProductByReference(db, value);
  if (!row) throw productNotFound();
  return row;
}

/** A page of a product's approved reviews, newest first (no query when it has none). */
async function approvedReviews(db: Db, productId: number, total: number, page: number): Promise<Paginator<PublicReview>> {
  const perPage = PRODUCT_REVIEWS_PER_PAGE;
  const reviews = total ? await approvedProductReviews(db, productId, { limit: perPage, offset: (page - 1) * perPage }) : [];
  return paginate(reviews, total, { page, perPage }, (to) => `/_public/product/${productId}/reviews?page=${to}`).plain;
}

const reviewPageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** `GET /_public/product/{id}/reviews?page=N`: the "more" call under the product page's reviews. */
export async function productReviewPage(ctx: StorefrontContext, reference: string, query: unknown): Promise<Paginator<PublicReview>> {
  const { page } = reviewPageQuery.parse(query);
  const row = await findPublishedProduct(ctx.db, reference);
  const stars = await productRatingStars(ctx.db, row.id);
  return approvedReviews(ctx.db, row.id, stars.count, page);
}

/** `GET /_public/product/{id}`: the product page: prices now, variants, pictures, path, related products, stars. */
export async function productPage(ctx: StorefrontContext, reference: string): Promise<ProductAnswer> {
  const { db } = ctx;
  const row = await findPublishedProduct(db, reference);
  const catalogue = await ctx.catalogue();
  const images = await productPictures(db, row.id);
  const { variants, links } = await productVariantChoices(db, row.id);
  const stars = await productRatingStars(db, row.id);
  const leaf = row.subSubcategoryId ?? row.subcategoryId ?? row.categoryId;
  const relatedRows = await relatedProductCards(db, row, RELATED);
  const related = await productCards(ctx, relatedRows);
  const book = await PriceBook.load(db, [row], ctx.now, ctx.freshness);
  const quote = book.quote(row);

  // Options in their attributes' order, each attribute listing the values its variants use.
  const valuesOf = new Map<number, number[]>();
  for (const link of links) valuesOf.set(link.variantId, [...(valuesOf.get(link.variantId) ?? []), link.valueId]);
  const option = (id: number) => catalogue.values.get(id);
  const byOrder = (a: number, b: number) => {
    const left = option(a);
    const right = option(b);
    if (!left || !right) return 0;
    return left.attributeOrder - right.attributeOrder || left.attribute.localeCompare(right.attribute) || left.sortOrder - right.sortOrder;
  };
  const attributeMap = new Map<string, PublicAttribute>();
  const usedValues = [...new Set(links.map((link) => link.valueId))].sort(byOrder);
  for (const id of usedValues) {
    const value = option(id);
    if (!value) continue;
    const attribute = attributeMap.get(value.attribute) ?? { name: value.attribute, values: [] };
    attribute.values.push({ id: value.id, value: value.value, color_hex: value.colorHex });
    attributeMap.set(value.attribute, attribute);
  }
  const brand = row.brandId ? catalogue.brands.get(row.brandId) : undefined;

  return {
    product: {
      id: row.id,
      name: row.name,
      slug: row.slug,
      status: row.status,
      sku: row.sku,
      description: row.description,
      retail_price: quote.retail_price,
      price: quote.price,
      discount_price: quote.discount_price,
      discount_ends_at: quote.discount_ends_at,
      discount_percent: quote.discount_percent,
      discount_source: quote.discount_source,
      stock: row.stock,
      in_stock: row.stock > 0,
      brand: brand?.active ? { id: brand.id, name: brand.name, slug: brand.slug } : null,
      category_path: catalogue.path(leaf),
      images,
      variants: variants.map((variant) => {
        const variantQuote = book.quote(row, variant.priceOverride ?? row.retailPrice);
        return {
          id: variant.id,
          sku: variant.sku,
          label: variant.label,
          values: (valuesOf.get(variant.id) ?? []).sort(byOrder).flatMap((id) => {
            const value = option(id);
            return value ? [{ id: value.id, attribute: value.attribute, value: value.value, color_hex: value.colorHex }] : [];
          }),
          price: variantQuote.price,
          retail_price: variantQuote.retail_price,
          stock: variant.stock,
        };
      }),
      attributes: [...attributeMap.values()],
      video_url: row.videoUrl,
      seo_title: row.seoTitle,
      seo_description: row.seoDescription,
      payment_rule: row.paymentRule,
      related,
    },
    rating_stars: stars,
    reviews: await approvedReviews(db, row.id, stars.count, 1),
  };
}

/** `GET /_public/product/images/{id}`: a published product's pictures in order. */
export async function productImageList(ctx: StorefrontContext, reference: string): Promise<ProductImagesAnswer> {
  const row = await findPublishedProduct(ctx.db, reference);
  return { images: await productPictures(ctx.db, row.id) };
}
