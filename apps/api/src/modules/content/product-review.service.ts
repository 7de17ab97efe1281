import { customerProductReviewInput, type ProductReviewStatus } from '@haat/contracts';
import { and, avg, count, eq, inArray } from 'drizzle-orm';
import { adminIdOf, type Ctx } from '../../context';
import type { Db } from '../../db/client';
import { HttpError, invalid } from '../../http/errors';
import { customerName } from '../customers';
import { productExists } from '../products';
import { productReviews } from './product-review.table';

/**
 * A shopper's review of a product (the storefront's review form): it waits for the shop to
 * approve it. One review per customer and product.
 */
export async function createProductReview(ctx: Ctx, body: unknown) {
  const input = customerProductReviewInput.parse(body);
  const { db } = ctx;
  const customerId = ctx.actor.kind === 'customer' ? ctx.actor.id : null;
  if (customerId === null) throw new HttpError(401, 'Please sign in first.');
  if (!(await productExists(ctx, input.product_id, { published: true }))) throw invalid('product_id', 'This product is not for sale.');
  const customer = await customerName(ctx, customerId);
  if (!customer) throw new HttpError(401, 'Please sign in first.');
  const [already] = await db
    .select({ id: productReviews.id })
    .from(productReviews)
    .where(and(eq(productReviews.customerId, customer.id), eq(productReviews.productId, input.product_id)));
  if (already) throw new HttpError(409, 'You have already reviewed this product.');
  const [row] = await db
    .insert(productReviews)
    .values({
      productId: input.product_id,
      customerId: customer.id,
      customerName: customer.name,
      rating: input.rating,
      text: input.text,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  return row;
}

/** Approve or hide reviews; answers stay. Returns the ids changed. */
export async function moderateProductReviews(ctx: Ctx, ids: number[], status: ProductReviewStatus) {
  const rows = await ctx.db
    .update(productReviews)
    .set({ status, moderatedBy: adminIdOf(ctx), updatedAt: ctx.now })
    .where(inArray(productReviews.id, ids))
    .returning({ id: productReviews.id });
  return rows.map((row) => row.id);
}

/** Approved reviews' average and count per product, for the storefront's stars. */
export async function productRatings(db: Db, productIds: number[]) {
  if (!productIds.length) return new Map<number, { average: number; count: number }>();
  const rows = await db
    .select({ productId: productReviews.productId, average: avg(productReviews.rating), n: count() })
    .from(productReviews)
    .where(and(inArray(productReviews.productId, productIds), eq(productReviews.status, 'approved')))
    .groupBy(productReviews.productId);
  return new Map(rows.map((row) => [row.productId, { average: Math.round(Number(row.average) * 10) / 10, count: row.n }]));
}
