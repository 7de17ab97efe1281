import { type SQL, sql } from 'drizzle-orm';
import { products, productViews } from './product.table';

/** Views of a product on a day (YYYY-MM-DD). */
export interface ProductViewCount {
  product_id: number;
  day: string;
  views: number;
}

/**
 * The WITH list of one statement adding views to the product view report, for the caller to finish:
 * `counted` (product_id, day, views) keeps the rows of products that still exist (a removed one's
 * would break the foreign key) and `daily` adds them to the per-day rows.
 */
export function addedProductViewsSql(batch: ProductViewCount[]): SQL {
  const rows = JSON.stringify(batch);
  return sql`counted as (
          select c.product_id, c.day, c.views
          from jsonb_to_recordset(${rows}::jsonb) as c(product_id integer, day date, views integer)
          join ${products} on ${products.id} = c.product_id
        ), daily as (
          insert into ${productViews} (product_id, day, views) select product_id, day, views from counted
          on conflict (product_id, day) do update set views = ${productViews.views} + excluded.views
        )`;
}

/**
 * Each product's views over every day of the report, as a query of (product_id, views) for the
 * caller to insert from; `when`, a condition on something else, runs it only while it holds.
 */
export function productViewTotalsSql(when?: SQL): SQL {
  return sql`select ${productViews.productId}, sum(${productViews.views}) from ${productViews}
    ${when ? sql`where ${when}` : sql``}
    group by ${productViews.productId}`;
}
