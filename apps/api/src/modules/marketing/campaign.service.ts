import {
  type CampaignImagesInput,
  campaignImagesInput,
  campaignSliderInput,
  formatMoney,
  type PublicCampaignProduct,
  type PublicCampaignSummary,
} from '@haat/contracts';
import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';
import { diffChanges, recordAudit } from '../audit';
import { mainPictures, productSubquery, productSummaries } from '../products';
import { readSetting, SETTING_GROUPS } from '../settings';
import { campaignImages, campaignProducts, campaigns } from './campaign.table';
import { windowState, windowStateWhere } from './time-window';

/** Throws one 422 naming every field that is wrong (the first message as the answer's message). */
export function throwFieldErrors(errors: Record<string, string[]>): void {
  const [first] = Object.values(errors);
  if (first?.[0]) throw new HttpError(422, first[0], errors);
}

/**
 * Checks each campaign price against its product: never above the retail price (it would not be an
 * offer) nor below the wholesale price (resellers buy at that). A wrong row is named by its
 * position and product, on its own field (`products.2.campaign_price`).
 */
export async function checkCampaignPrices(db: Db, rows: { product_id: number; campaign_price: number }[]): Promise<void> {
  if (rows.length === 0) return;
  const found = await productSummaries(
    db,
    rows.map((row) => row.product_id),
  );
  const byId = new Map(found.map((product) => [product.id, product]));
  const { currency_symbol: symbol } = await readSetting(db, SETTING_GROUPS.general);
  const money = (paisa: number) => formatMoney(paisa, symbol);
  const errors: Record<string, string[]> = {};
  rows.forEach((row, index) => {
    const product = byId.get(row.product_id);
    const name = `Row ${index + 1}${product ? ` (${product.name})` : ''}`;
    if (!product) errors[`products.${index}.product_id`] = [`${name}: this product no longer exists; remove the row.`];
    else if (row.campaign_price > product.retailPrice) {
      errors[`products.${index}.campaign_price`] = [
        `${name}: the campaign price ${money(row.campaign_price)} is above the retail price ${money(product.retailPrice)}.`,
      ];
    } else if (row.campaign_price < product.wholesalePrice) {
      errors[`products.${index}.campaign_price`] = [
        `${name}: the campaign price ${money(row.campaign_price)} is below the wholesale price ${money(product.wholesalePrice)}.`,
      ];
    }
  });
  throwFieldErrors(errors);
}

/** A campaign's products with what the form and the list show of each. */
export async function campaignProductsOf(db: Db, campaignIds: number[]) {
  if (campaignIds.length === 0) return [];
  const product = productSubquery('product');
  return db
    .select({
      campaignId: campaignProducts.campaignId,
      product_id: campaignProducts.productId,
      campaign_price: campaignProducts.campaignPrice,
      name: product.name,
      sku: product.sku,
      retail_price: product.retailPrice,
      wholesale_price: product.wholesalePrice,
      status: product.status,
    })
    .from(campaignProducts)
    .innerJoin(product, eq(product.id, campaignProducts.productId))
    .where(inArray(campaignProducts.campaignId, campaignIds))
    .orderBy(asc(campaignProducts.campaignId), asc(campaignProducts.sortOrder));
}

/** Replaces a campaign's products (in the form's order) inside the save's transaction. */
export async function saveCampaignProducts(tx: Db, campaignId: number, rows: { product_id: number; campaign_price: number }[]) {
  await tx.delete(campaignProducts).where(eq(campaignProducts.campaignId, campaignId));
  if (rows.length) {
    await tx
      .insert(campaignProducts)
      .values(rows.map((row, index) => ({ campaignId, productId: row.product_id, campaignPrice: row.campaign_price, sortOrder: index })));
  }
}

/** The banner and gallery of some campaigns. */
export async function imagesOf(db: Db, campaignIds: number[]) {
  if (campaignIds.length === 0) return [];
  return db
    .select()
    .from(campaignImages)
    .where(inArray(campaignImages.campaignId, campaignIds))
    .orderBy(asc(campaignImages.campaignId), asc(campaignImages.sortOrder), asc(campaignImages.id));
}

/** `GET /api/admin/campaigns/{id}/images`. */
export async function campaignImagesView({ db }: Ctx, campaignId: number) {
  const [campaign] = await db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(eq(campaigns.id, campaignId));
  if (!campaign) throw notFound('The campaign');
  const images = await imagesOf(db, [campaignId]);
  const banner = images.find((image) => image.kind === 'banner');
  return {
    campaign,
    banner: banner ? { path: banner.path, thumbnail: banner.thumbnail } : null,
    gallery: images.filter((image) => image.kind === 'gallery').map((image) => ({ path: image.path, thumbnail: image.thumbnail })),
  };
}

/** Replaces a campaign's banner and gallery (in order); the change is kept in the audit log. */
export async function saveCampaignImages(ctx: Ctx, campaignId: number, body: unknown) {
  const input = campaignImagesInput.parse(body) as Required<CampaignImagesInput>;
  return inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const [campaign] = await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
    if (!campaign) throw notFound('The campaign');
    const before = await campaignImagesView(txCtx, campaignId);
    await tx.delete(campaignImages).where(eq(campaignImages.campaignId, campaignId));
    const rows = [
      ...(input.banner ? [{ campaignId, kind: 'banner' as const, ...input.banner, sortOrder: 0 }] : []),
      ...(input.gallery ?? []).map((image, index) => ({ campaignId, kind: 'gallery' as const, ...image, sortOrder: index })),
    ];
    if (rows.length) await tx.insert(campaignImages).values(rows);
    const after = await campaignImagesView(txCtx, campaignId);
    await recordAudit(txCtx, {
      action: 'images.update',
      entity: 'campaign',
      entityId: campaignId,
      changes: diffChanges({ banner: before.banner, gallery: before.gallery }, { banner: after.banner, gallery: after.gallery }),
    });
    return after;
  });
}

/** `GET /api/admin/campaigns/slider`: the slider's campaigns in order, and the others that could join it. */
export async function campaignSlider({ db, now }: Ctx) {
  const rows = await db.select().from(campaigns).orderBy(asc(campaigns.sliderOrder), asc(campaigns.endsAt), asc(campaigns.id));
  const banners = await imagesOf(
    db,
    rows.map((row) => row.id),
  );
  const view = (row: typeof campaigns.$inferSelect) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    starts_at: row.startsAt,
    ends_at: row.endsAt,
    state: windowState(row, now),
    banner_thumbnail: banners.find((image) => image.campaignId === row.id && image.kind === 'banner')?.thumbnail ?? null,
  });
  return {
    in_slider: rows.filter((row) => row.sliderOrder !== null).map(view),
    others: rows.filter((row) => row.sliderOrder === null && windowState(row, now) !== 'ended').map(view),
  };
}

/** Puts these campaigns in the home slider in this order; every other campaign leaves it. */
export async function saveCampaignSlider(ctx: Ctx, body: unknown) {
  const { campaign_ids: ids } = campaignSliderInput.parse(body);
  await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const found = ids.length ? await tx.select({ id: campaigns.id }).from(campaigns).where(inArray(campaigns.id, ids)) : [];
    const missing = ids.filter((id) => !found.some((row) => row.id === id));
    if (missing.length)
      throw new HttpError(422, 'A chosen campaign no longer exists; reload the page.', { campaign_ids: ['Reload the page'] });
    const before = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(isNotNull(campaigns.sliderOrder))
      .orderBy(asc(campaigns.sliderOrder));
    await tx
      .update(campaigns)
      .set({ sliderOrder: null })
      .where(and(isNotNull(campaigns.sliderOrder), ids.length ? notInArray(campaigns.id, ids) : undefined));
    for (const [index, id] of ids.entries())
      await tx
        .update(campaigns)
        .set({ sliderOrder: index + 1 })
        .where(eq(campaigns.id, id));
    await recordAudit(txCtx, {
      action: 'slider.update',
      entity: 'campaign',
      entityId: null,
      changes: diffChanges({ slider: before.map((row) => row.id) }, { slider: ids }),
    });
  });
  return campaignSlider(ctx);
}

const running = (now: Date) => windowStateWhere(campaigns, 'running', now);

/**
 * `GET /_public/campaigns`: the campaigns running at `now`, those in the home slider first in the
 * slider's order, then by the soonest end. `sliderOnly` gives the slider's alone.
 */
export async function runningCampaigns({ db, now }: Pick<Ctx, 'db' | 'now'>, sliderOnly = false): Promise<PublicCampaignSummary[]> {
  const rows = await db
    .select()
    .from(campaigns)
    .where(and(running(now), sliderOnly ? isNotNull(campaigns.sliderOrder) : undefined))
    .orderBy(sql`${campaigns.sliderOrder} asc nulls last`, asc(campaigns.endsAt), asc(campaigns.id))
    .limit(100);
  const images = await imagesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const banner = images.find((image) => image.campaignId === row.id && image.kind === 'banner');
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      banner_image: banner?.path ?? null,
      banner_thumbnail: banner?.thumbnail ?? null,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      in_slider: row.sliderOrder !== null,
    };
  });
}

/**
 * `GET /_public/campaign/{id}` (an id or the slug): a running campaign with its published products at
 * campaign price; a campaign that is not running (off, ahead, over) is not found.
 */
export async function publicCampaign({ db, now }: Pick<Ctx, 'db' | 'now'>, idOrSlug: string) {
  const byId = /^\d{1,9}$/.test(idOrSlug);
  const [campaign] = await db
    .select()
    .from(campaigns)
    .where(and(byId ? eq(campaigns.id, Number(idOrSlug)) : eq(campaigns.slug, idOrSlug), running(now)));
  if (!campaign) throw new HttpError(404, 'This campaign was not found or is not running now.');
  const product = productSubquery('product');
  const [rows, images] = await Promise.all([
    db
      .select({
        id: product.id,
        name: product.name,
        slug: product.slug,
        retail: product.retailPrice,
        price: campaignProducts.campaignPrice,
        stock: product.stock,
      })
      .from(campaignProducts)
      .innerJoin(product, eq(product.id, campaignProducts.productId))
      .where(and(eq(campaignProducts.campaignId, campaign.id), eq(product.status, 1)))
      .orderBy(asc(campaignProducts.sortOrder)),
    imagesOf(db, [campaign.id]),
  ]);
  const pictures = await mainImages(
    db,
    rows.map((row) => row.id),
  );
  const banner = images.find((image) => image.kind === 'banner');
  return {
    campaign: {
      id: campaign.id,
      name: campaign.name,
      slug: campaign.slug,
      description: campaign.description,
      starts_at: campaign.startsAt.toISOString(),
      ends_at: campaign.endsAt.toISOString(),
      banner_image: banner?.path ?? null,
      banner_thumbnail: banner?.thumbnail ?? null,
      gallery: images.filter((image) => image.kind === 'gallery').map((image) => ({ path: image.path, thumbnail: image.thumbnail })),
    },
    products: rows.map(
      (row): PublicCampaignProduct => ({
        id: row.id,
        name: row.name,
        slug: row.slug,
        image: pictures.get(row.id)?.path ?? null,
        thumbnail: pictures.get(row.id)?.thumbnail ?? null,
        retail_price: row.retail,
        campaign_price: row.price,
        saving_percent: row.retail > 0 ? Math.floor(((row.retail - row.price) * 100) / row.retail) : 0,
        stock: row.stock,
      }),
    ),
  };
}

/**
 * The lowest price each product has in a campaign running at `now` (for the storefront's product
 * pages and the checkout); products in no running campaign are left out.
 */
export async function campaignPricesFor(db: Db, productIds: number[], now: Date = new Date()) {
  const prices = new Map<number, { campaign_id: number; campaign_price: number; ends_at: string }>();
  if (productIds.length === 0) return prices;
  const rows = await db
    .select({
      productId: campaignProducts.productId,
      campaignId: campaigns.id,
      price: campaignProducts.campaignPrice,
      endsAt: campaigns.endsAt,
    })
    .from(campaignProducts)
    .innerJoin(campaigns, eq(campaigns.id, campaignProducts.campaignId))
    .where(and(inArray(campaignProducts.productId, productIds), running(now)));
  for (const row of rows) {
    const current = prices.get(row.productId);
    if (!current || row.price < current.campaign_price) {
      prices.set(row.productId, { campaign_id: row.campaignId, campaign_price: row.price, ends_at: row.endsAt.toISOString() });
    }
  }
  return prices;
}

/** Each product's main picture (or its first). */
export async function mainImages(db: Db, productIds: number[]) {
  return mainPictures(db, productIds);
}
