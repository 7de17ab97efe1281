import {
  type ResellerShopCoupon,
  type ResellerShopPage,
  type ResellerShopSlider,
  resellerShopCouponInput,
  resellerShopPageInput,
  resellerShopSliderInput,
} from '@haat/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { invalid } from '../../../http/errors';
import { type ResourceOwner, resourceOf } from '../../../http/resource';
import { requireReseller } from '../portal/guard';
import { resellerShopCoupons, resellerShopPages, resellerShopSliders } from './shop.table';

type Row = Record<string, unknown>;

/** The signed-in reseller owns the rows of their shop's settings. */
const owner = (column: PgColumn): ResourceOwner => ({
  column,
  session: async (request) => (await requireReseller(request)).account.id,
});

/** Whether another of the reseller's rows (not `existing`) already has this value. */
async function taken(
  db: Db,
  table: typeof resellerShopCoupons | typeof resellerShopPages,
  column: PgColumn,
  value: string,
  resellerId: number,
  existing: Row | null,
) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.resellerId, resellerId), eq(column, value), existing ? ne(table.id, Number(existing.id)) : undefined))
    .limit(1);
  return Boolean(row);
}

const couponView = (row: Row) =>
  ({
    id: Number(row.id),
    code: String(row.code),
    kind: row.kind as ResellerShopCoupon['kind'],
    value: Number(row.value),
    minimum_order: Number(row.minimumOrder),
    starts_on: (row.startsOn as string | null) ?? null,
    ends_on: (row.endsOn as string | null) ?? null,
    usage_limit: (row.usageLimit as number | null) ?? null,
    used_count: Number(row.usedCount),
    status: Number(row.status),
  }) satisfies ResellerShopCoupon;

/** `/dropshipper/coupon`: the reseller's own coupons, taken at checkout in their shop only. */
export const shopCouponResource = resourceOf({
  label: 'coupon',
  path: '/api/reseller/shop/coupons',
  permission: 'reseller.shop.coupon',
  owner: owner(resellerShopCoupons.resellerId),
  table: resellerShopCoupons,
  id: resellerShopCoupons.id,
  input: resellerShopCouponInput,
  search: [resellerShopCoupons.code],
  sort: { id: resellerShopCoupons.id, code: resellerShopCoupons.code, used: resellerShopCoupons.usedCount },
  defaultSort: '-id',
  filters: { status: { column: resellerShopCoupons.status, schema: z.coerce.number().int().min(0).max(1) } },
  async toValues({ db }, input, existing, resellerId = 0) {
    if (await taken(db, resellerShopCoupons, resellerShopCoupons.code, input.code, resellerId, existing)) {
      throw invalid('code', 'You already have a coupon with this code.');
    }
    const used = Number(existing?.usedCount ?? 0);
    if (input.usage_limit !== null && input.usage_limit < used) {
      throw invalid('usage_limit', `This coupon was used ${used} times already; allow at least that many.`);
    }
    return {
      code: input.code,
      kind: input.kind,
      value: input.value,
      minimumOrder: input.minimum_order,
      startsOn: input.starts_on,
      endsOn: input.ends_on,
      usageLimit: input.usage_limit,
      status: input.status,
    };
  },
  toViews: async (_ctx, rows) => rows.map(couponView),
});

/** `/dropshipper/slider`: the slides at the top of the reseller's shop home page, in their order. */
export const shopSliderResource = resourceOf({
  label: 'slide',
  path: '/api/reseller/shop/sliders',
  permission: 'reseller.shop.slider',
  owner: owner(resellerShopSliders.resellerId),
  table: resellerShopSliders,
  id: resellerShopSliders.id,
  input: resellerShopSliderInput,
  search: [resellerShopSliders.title, resellerShopSliders.link],
  sort: { sort_order: resellerShopSliders.sortOrder, title: resellerShopSliders.title },
  defaultSort: 'sort_order',
  filters: { status: { column: resellerShopSliders.status, schema: z.coerce.number().int().min(0).max(1) } },
  toValues: (_ctx, input) => ({
    image: input.image,
    title: input.title,
    link: input.link,
    sortOrder: input.sort_order,
    status: input.status,
  }),
  toViews: async (_ctx, rows) =>
    rows.map(
      (row) =>
        ({
          id: Number(row.id),
          image: String(row.image),
          title: String(row.title),
          link: String(row.link),
          sort_order: Number(row.sortOrder),
          status: Number(row.status),
        }) satisfies ResellerShopSlider,
    ),
});

/** `/dropshipper/page/info/lists`: the reseller's own pages (about, delivery, returns), by title. */
export const shopPageResource = resourceOf({
  label: 'page',
  path: '/api/reseller/shop/pages',
  permission: 'reseller.shop.page',
  owner: owner(resellerShopPages.resellerId),
  table: resellerShopPages,
  id: resellerShopPages.id,
  input: resellerShopPageInput,
  search: [resellerShopPages.title, resellerShopPages.slug],
  sort: { title: resellerShopPages.title, updated_at: resellerShopPages.updatedAt },
  defaultSort: 'title',
  async toValues({ db }, input, existing, resellerId = 0) {
    if (await taken(db, resellerShopPages, resellerShopPages.slug, input.slug, resellerId, existing)) {
      throw invalid('slug', 'Another of your pages has this address.');
    }
    return { title: input.title, slug: input.slug, content: input.content };
  },
  toViews: async (_ctx, rows) =>
    rows.map(
      (row) =>
        ({
          id: Number(row.id),
          title: String(row.title),
          slug: String(row.slug),
          content: String(row.content),
          updated_at: (row.updatedAt as Date).toISOString(),
        }) satisfies ResellerShopPage,
    ),
});
