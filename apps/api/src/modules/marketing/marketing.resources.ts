import { campaignDescriptor, couponDescriptor, landingPageDescriptor, offerDescriptor, smsCampaignDescriptor } from '@haat/contracts';
import { count, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { invalid } from '../../http/errors';
import { createResource, snakeRow } from '../../http/resource';
import { categoriesByIds, categorySubquery } from '../catalog';
import { productSubquery, productSummaries } from '../products';
import { campaignProductsOf, checkCampaignPrices, imagesOf, saveCampaignProducts, throwFieldErrors } from './campaign.service';
import { campaignProducts, campaigns } from './campaign.table';
import { coupons, couponUses } from './coupon.table';
import { landingPages } from './landing-page.table';
import { offerCategories, offerProducts, offers } from './offer.table';
import { smsCampaignViews } from './sms-campaign.service';
import { smsCampaigns } from './sms-campaign.table';
import { stateFilter, windowState } from './time-window';

type Row = Record<string, unknown>;
const _statusSchema = z.coerce.number().int().min(0).max(1);
const unique = <T>(values: T[]) => [...new Set(values)];

/** The ids of `ids` that `find` does not find, to name them in a field error. */
async function missingIds(ids: number[], find: (ids: number[]) => Promise<{ id: number }[]>): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await find(ids);
  return ids.filter((id) => !found.some((row) => row.id === id));
}

// ---- Offers -------------------------------------------------------------------------------------

async function offerTargets(db: Db, offerIds: number[]) {
  if (offerIds.length === 0) return { productLinks: [], categoryLinks: [] };
  // One after the other: views are also built inside a save's transaction (one connection).
  const product = productSubquery('product');
  const productLinks = await db
    .select({ offerId: offerProducts.offerId, id: product.id, name: product.name })
    .from(offerProducts)
    .innerJoin(product, eq(product.id, offerProducts.productId))
    .where(inArray(offerProducts.offerId, offerIds))
    .orderBy(product.name);
  const category = categorySubquery('category');
  const categoryLinks = await db
    .select({ offerId: offerCategories.offerId, id: category.id, name: category.name })
    .from(offerCategories)
    .innerJoin(category, eq(category.id, offerCategories.categoryId))
    .where(inArray(offerCategories.offerId, offerIds))
    .orderBy(category.name);
  return { productLinks, categoryLinks };
}

async function offerViews({ db, now }: Ctx, rows: Row[]): Promise<Row[]> {
  const { productLinks, categoryLinks } = await offerTargets(
    db,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => {
    const own = productLinks.filter((link) => link.offerId === row.id);
    const ownCategories = categoryLinks.filter((link) => link.offerId === row.id);
    const names = [...ownCategories.map((link) => link.name), ...own.map((link) => link.name)];
    return {
      ...snakeRow(row),
      product_ids: own.map((link) => link.id),
      category_ids: ownCategories.map((link) => link.id),
      products_count: own.length,
      categories_count: ownCategories.length,
      applies_to: names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', '),
      state: windowState(row as { status: number; startsAt: Date; endsAt: Date }, now),
    };
  });
}

/** Offers (`/api/admin/offers`): a percentage or an amount off products and categories between two times. */
export const offerResource = createResource(offerDescriptor, {
  table: offers,
  id: offers.id,
  search: [offers.name],
  sort: { id: offers.id, name: offers.name, starts_at: offers.startsAt, ends_at: offers.endsAt, created_at: offers.createdAt },
  filters: {
    status: { column: offers.status },
    state: stateFilter(offers),
    discount_type: { column: offers.discountType },
  },
  statusColumn: offers.status,
  async toValues({ db }, input) {
    const productIds = unique(input.product_ids);
    const categoryIds = unique(input.category_ids);
    const lostProducts = await missingIds(productIds, (ids) => productSummaries(db, ids));
    const lostCategories = await missingIds(categoryIds, (ids) => categoriesByIds(db, ids));
    throwFieldErrors({
      ...(lostProducts.length ? { product_ids: ['A chosen product no longer exists; remove it and save again.'] } : {}),
      ...(lostCategories.length ? { category_ids: ['A chosen category no longer exists; remove it and save again.'] } : {}),
    });
    return {
      name: input.name,
      discountType: input.discount_type,
      percentOff: input.discount_type === 'percent' ? input.percent_off : null,
      amountOff: input.discount_type === 'amount' ? input.amount_off : null,
      startsAt: new Date(input.starts_at),
      endsAt: new Date(input.ends_at),
      status: input.status,
    };
  },
  async afterSave({ db: tx }, saved) {
    const offerId = Number(saved.row.id);
    const productIds = unique(saved.input.product_ids);
    const categoryIds = unique(saved.input.category_ids);
    await tx.delete(offerProducts).where(eq(offerProducts.offerId, offerId));
    await tx.delete(offerCategories).where(eq(offerCategories.offerId, offerId));
    if (productIds.length) await tx.insert(offerProducts).values(productIds.map((productId) => ({ offerId, productId })));
    if (categoryIds.length) await tx.insert(offerCategories).values(categoryIds.map((categoryId) => ({ offerId, categoryId })));
  },
  audit: {
    // What an offer applies to is part of the offer.
    async snapshot(ctx, rows) {
      const views = await offerViews(ctx, rows);
      return rows.map((row, index) => ({
        ...snakeRow(row),
        product_ids: [...((views[index]?.product_ids as number[]) ?? [])].sort((a, b) => a - b),
        category_ids: [...((views[index]?.category_ids as number[]) ?? [])].sort((a, b) => a - b),
      }));
    },
  },
  toViews: offerViews,
  async toDetail(ctx, row) {
    const { db } = ctx;
    const [view] = await offerViews(ctx, [row]);
    const { productLinks, categoryLinks } = await offerTargets(db, [Number(row.id)]);
    return {
      ...view,
      products: productLinks.map(({ id, name }) => ({ id, name })),
      categories: categoryLinks.map(({ id, name }) => ({ id, name })),
    };
  },
});

// ---- Coupons ------------------------------------------------------------------------------------

async function couponViews({ db, now }: Ctx, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((row) => Number(row.id));
  const uses = ids.length
    ? await db
        .select({ couponId: couponUses.couponId, n: count() })
        .from(couponUses)
        .where(inArray(couponUses.couponId, ids))
        .groupBy(couponUses.couponId)
    : [];
  return rows.map((row) => ({
    ...snakeRow(row),
    used_count: uses.find((use) => use.couponId === row.id)?.n ?? 0,
    channels: [row.forWebsite ? 'Website' : null, row.forReseller ? 'Reseller' : null].filter(Boolean).join(', '),
    state: windowState(row as { status: number; startsAt: Date | null; endsAt: Date | null }, now),
  }));
}

/** Coupon codes (`/api/admin/coupons`); the checkout applies them through checkCoupon and recordCouponUse. */
export const couponResource = createResource(couponDescriptor, {
  table: coupons,
  id: coupons.id,
  search: [coupons.code],
  sort: { id: coupons.id, code: coupons.code, ends_at: coupons.endsAt, created_at: coupons.createdAt },
  filters: {
    status: { column: coupons.status },
    state: stateFilter(coupons),
    channel: {
      where: (value) => (value === 'website' ? eq(coupons.forWebsite, true) : eq(coupons.forReseller, true)),
    },
  },
  unique: [{ column: coupons.code, field: 'code', message: 'Another coupon already uses this code.' }],
  usedBy: [{ table: couponUses, column: couponUses.couponId, label: 'orders' }],
  statusColumn: coupons.status,
  toValues: (_ctx, input) => ({
    code: input.code,
    discountType: input.discount_type,
    percentOff: input.discount_type === 'percent' ? input.percent_off : null,
    amountOff: input.discount_type === 'amount' ? input.amount_off : null,
    maxDiscount: input.discount_type === 'percent' ? input.max_discount : null,
    minOrderTotal: input.min_order_total,
    firstOrderOnly: input.first_order_only,
    usageLimit: input.usage_limit,
    perCustomerLimit: input.per_customer_limit,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
    forWebsite: input.for_website,
    forReseller: input.for_reseller,
    status: input.status,
  }),
  toViews: couponViews,
});

// ---- Campaigns ----------------------------------------------------------------------------------

async function campaignViews({ db, now }: Ctx, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((row) => Number(row.id));
  const counts = ids.length
    ? await db
        .select({ campaignId: campaignProducts.campaignId, n: count() })
        .from(campaignProducts)
        .where(inArray(campaignProducts.campaignId, ids))
        .groupBy(campaignProducts.campaignId)
    : [];
  const images = await imagesOf(db, ids);
  return rows.map((row) => {
    const banner = images.find((image) => image.campaignId === row.id && image.kind === 'banner');
    return {
      ...snakeRow(row),
      products_count: counts.find((entry) => entry.campaignId === row.id)?.n ?? 0,
      banner_thumbnail: banner?.thumbnail ?? null,
      gallery_count: images.filter((image) => image.campaignId === row.id && image.kind === 'gallery').length,
      in_slider: row.sliderOrder !== null,
      state: windowState(row as { status: number; startsAt: Date; endsAt: Date }, now),
    };
  });
}

/** Campaigns (`/api/admin/campaigns`): products at campaign prices between two times. */
export const campaignResource = createResource(campaignDescriptor, {
  table: campaigns,
  id: campaigns.id,
  search: [campaigns.name, campaigns.slug],
  sort: { id: campaigns.id, name: campaigns.name, starts_at: campaigns.startsAt, ends_at: campaigns.endsAt },
  filters: { status: { column: campaigns.status }, state: stateFilter(campaigns) },
  slug: { from: 'name', column: campaigns.slug },
  statusColumn: campaigns.status,
  async toValues({ db }, input, _existing) {
    await checkCampaignPrices(db, input.products);
    return {
      name: input.name,
      description: input.description,
      startsAt: new Date(input.starts_at),
      endsAt: new Date(input.ends_at),
      status: input.status,
    };
  },
  async afterSave({ db: tx }, saved) {
    await saveCampaignProducts(tx, Number(saved.row.id), saved.input.products);
  },
  audit: {
    // The campaign's products and their campaign prices are part of the campaign.
    async snapshot({ db }, rows) {
      const lines = await campaignProductsOf(
        db,
        rows.map((row) => Number(row.id)),
      );
      return rows.map((row) => ({
        ...snakeRow(row),
        products: lines
          .filter((line) => line.campaignId === Number(row.id))
          .map((line) => `${line.product_id}:${line.campaign_price}`)
          .join(', '),
      }));
    },
  },
  toViews: campaignViews,
  async toDetail(ctx, row) {
    const { db } = ctx;
    const [view] = await campaignViews(ctx, [row]);
    const rows = await campaignProductsOf(db, [Number(row.id)]);
    return { ...view, products: rows.map(({ campaignId: _, ...product }) => product) };
  },
});

// ---- Landing pages ------------------------------------------------------------------------------

async function landingPageViews(db: Db, rows: Row[]): Promise<Row[]> {
  const productIds = unique(rows.map((row) => Number(row.productId)));
  const names = await productSummaries(db, productIds);
  // The list does without the sections; the edit form reads one page with them.
  return rows.map(({ sections, ...row }) => {
    const product = names.find((entry) => entry.id === row.productId);
    return {
      ...snakeRow(row),
      product_name: product?.name ?? null,
      product_published: product?.status === 1,
      sections_count: Array.isArray(sections) ? sections.length : 0,
    };
  });
}

/** Landing pages (`/api/admin/landing-pages`): one product, a headline, ordered sections, order-form settings. */
export const landingPageResource = createResource(landingPageDescriptor, {
  table: landingPages,
  id: landingPages.id,
  search: [landingPages.headline, landingPages.slug],
  sort: { id: landingPages.id, headline: landingPages.headline, updated_at: landingPages.updatedAt },
  filters: {
    status: { column: landingPages.status },
    product_id: { column: landingPages.productId },
  },
  slug: { from: 'headline', column: landingPages.slug },
  statusColumn: landingPages.status,
  async toValues({ db }, input, _existing) {
    const [product] = await productSummaries(db, [input.product_id]);
    if (!product) throw invalid('product_id', 'Choose a product.');
    return {
      headline: input.headline,
      productId: input.product_id,
      sections: input.sections,
      buttonText: input.button_text,
      deliveryNote: input.delivery_note,
      status: input.status,
    };
  },
  toViews: ({ db }, rows) => landingPageViews(db, rows),
  async toDetail({ db }, row) {
    const [view] = await landingPageViews(db, [row]);
    return { ...view, sections: row.sections };
  },
});

// ---- SMS campaigns (the history list; sending has its own routes) ------------------------------

export const smsCampaignResource = createResource(smsCampaignDescriptor, {
  table: smsCampaigns,
  id: smsCampaigns.id,
  search: [smsCampaigns.name, smsCampaigns.message],
  sort: { id: smsCampaigns.id, created_at: smsCampaigns.createdAt, total: smsCampaigns.total },
  filters: {
    status: { column: smsCampaigns.status },
    audience: { column: smsCampaigns.audience },
  },
  exportPermission: 'sms.campaign.send',
  // Resellers' campaigns to their own customers live in their SMS history, not the shop's.
  scope: () => isNull(smsCampaigns.resellerId),
  toValues: () => {
    throw new Error('SMS campaigns are created by createSmsCampaign');
  },
  toViews: ({ db }, rows) => smsCampaignViews(db, rows) as unknown as Promise<Row[]>,
});
