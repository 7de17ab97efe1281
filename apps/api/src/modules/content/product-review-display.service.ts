import type { PublicReview, RatingStars } from '@haat/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productReviews } from './product-review.table';

/** A product's approved reviews: their average, count and how many gave each number of stars. */
export async function productRatingStars(db: Db, productId: number): Promise<RatingStars> {
  const rows = await db
    .select({ rating: productReviews.rating, n: count() })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.status, 'approved')))
    .groupBy(productReviews.rating);
  const breakdown: RatingStars['breakdown'] = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let total = 0;
  let sum = 0;
  for (const row of rows) {
    const stars = String(row.rating) as keyof RatingStars['breakdown'];
    if (!(stars in breakdown)) continue;
    breakdown[stars] = row.n;
    total += row.n;
    sum += row.rating * row.n;
  }
  return { average: total ? Math.round((sum / total) * 10) / 10 : 0, count: total, breakdown };
}

/**
 * Some of a product's approved reviews, newest first. Only what the shop shows: the name the
 * customer gave, the stars, the text and the shop's answer; never a phone or an e-mail.
 */
export async function approvedProductReviews(db: Db, productId: number, page: { limit: number; offset: number }): Promise<PublicReview[]> {
  const rows = await db
    .select({
      id: productReviews.id,
      customerName: productReviews.customerName,
      rating: productReviews.rating,
      text: productReviews.text,
      answer: productReviews.answer,
      createdAt: productReviews.createdAt,
    })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.status, 'approved')))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({
    id: row.id,
    customer_name: row.customerName,
    rating: row.rating,
    text: row.text,
    answer: row.answer || null,
    created_at: new Date(row.createdAt).toISOString(),
  }));
}
