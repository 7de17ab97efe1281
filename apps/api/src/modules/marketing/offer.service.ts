import { type DiscountType, discountOn, type OfferPrice } from '@haat/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { productPriceRows } from '../products';
import { offerCategories, offerProducts, offers } from './offer.table';
import { windowStateWhere } from './time-window';

/** What an offer is looked up for: a product, its categories at every level, and the price to discount. */
export interface OfferTarget {
  productId: number;
  /** The product's category, subcategory and sub-subcategory; read from the product when left out. */
  categoryIds?: number[];
  /** The price (paisa) the discount is worked out on; the product's retail price when left out. */
  price?: number;
}

/** Offers that run at `now`: switched on, started, not yet ended. */
export function offerRunning(now: Date): SQL {
  return windowStateWhere(offers, 'running', now);
}

/**
 * The best running offer of each target (the one taking the most off its price), keyed by product
 * id; products with no running offer are left out. Three queries whatever the number of targets,
 * for product lists as well as a single product.
 */
export async function activeOffersFor(db: Db, targets: OfferTarget[], now: Date = new Date()): Promise<Map<number, OfferPrice>> {
  const result = new Map<number, OfferPrice>();
  if (targets.length === 0) return result;

  // Fill in categories and prices the caller did not give, from the products themselves.
  const missing = targets.filter((target) => !target.categoryIds || target.price === undefined).map((target) => target.productId);
  const known = missing.length ? await productPriceRows(db, [...new Set(missing)]) : [];
  const byId = new Map(known.map((row) => [row.id, row]));
  const resolved = targets.map((target) => {
    const row = byId.get(target.productId);
    const categoryIds =
      target.categoryIds ??
      [row?.categoryId, row?.subcategoryId, row?.subSubcategoryId].filter((id): id is number => typeof id === 'number');
    return { productId: target.productId, categoryIds, price: target.price ?? row?.retailPrice ?? 0 };
  });

  const productIds = [...new Set(resolved.map((target) => target.productId))];
  const categoryIds = [...new Set(resolved.flatMap((target) => target.categoryIds))];
  // One statement for the offers on the products and on their categories, with each offer's terms
  // (by_category tells which a row links).
  const offerColumns = {
    id: offers.id,
    name: offers.name,
    discountType: offers.discountType,
    percentOff: offers.percentOff,
    amountOff: offers.amountOff,
    endsAt: offers.endsAt,
  };
  const onProducts = db
    .select({ ...offerColumns, targetId: offerProducts.productId, byCategory: sql<boolean>`false`.as('by_category') })
    .from(offerProducts)
    .innerJoin(offers, eq(offers.id, offerProducts.offerId))
    .where(and(inArray(offerProducts.productId, productIds), offerRunning(now)));
  const links = categoryIds.length
    ? await onProducts.unionAll(
        db
          .select({ ...offerColumns, targetId: offerCategories.categoryId, byCategory: sql<boolean>`true`.as('by_category') })
          .from(offerCategories)
          .innerJoin(offers, eq(offers.id, offerCategories.offerId))
          .where(and(inArray(offerCategories.categoryId, categoryIds), offerRunning(now))),
      )
    : await onProducts;
  if (links.length === 0) return result;
  const productLinks = links.filter((link) => !link.byCategory);
  const categoryLinks = links.filter((link) => link.byCategory);
  const running = [...new Map(links.map((link) => [link.id, link])).values()].sort((a, b) => a.id - b.id);

  for (const target of resolved) {
    const candidates = new Set([
      ...productLinks.filter((link) => link.targetId === target.productId).map((link) => link.id),
      ...categoryLinks.filter((link) => target.categoryIds.includes(link.targetId)).map((link) => link.id),
    ]);
    let best: OfferPrice | null = null;
    for (const offer of running) {
      if (!candidates.has(offer.id)) continue;
      const type = offer.discountType as DiscountType;
      const discount = discountOn(target.price, { type, percent: offer.percentOff, amount: offer.amountOff });
      // The biggest saving wins; on a tie, the offer made first.
      if (best && (discount < best.discount || (discount === best.discount && offer.id > best.offer_id))) continue;
      best = {
        offer_id: offer.id,
        name: offer.name,
        discount_type: type,
        percent_off: offer.percentOff,
        amount_off: offer.amountOff,
        price: target.price,
        discount,
        final_price: target.price - discount,
        ends_at: offer.endsAt.toISOString(),
      };
    }
    if (best && best.discount > 0) result.set(target.productId, best);
  }
  return result;
}

/**
 * The best running offer for one product — what the storefront shows and the checkout charges.
 * `categoryIds` are the product's categories at every level; null when no offer applies.
 */
export async function activeOfferFor(db: Db, target: OfferTarget, now: Date = new Date()): Promise<OfferPrice | null> {
  return (await activeOffersFor(db, [target], now)).get(target.productId) ?? null;
}

/** The offers running now, for the storefront's offer list: name, discount, what they apply to, end. */
/** Reads at the context's time (a request's or the storefront's). */
export async function runningOffers({ db, now }: Pick<Ctx, 'db' | 'now'>) {
  const rows = await db.select().from(offers).where(offerRunning(now)).orderBy(offers.endsAt, offers.id);
  const ids = rows.map((row) => row.id);
  const productLinks = ids.length ? await db.select().from(offerProducts).where(inArray(offerProducts.offerId, ids)) : [];
  const categoryLinks = ids.length ? await db.select().from(offerCategories).where(inArray(offerCategories.offerId, ids)) : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    discount_type: row.discountType,
    percent_off: row.percentOff,
    amount_off: row.amountOff,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    product_ids: productLinks.filter((link) => link.offerId === row.id).map((link) => link.productId),
    category_ids: categoryLinks.filter((link) => link.offerId === row.id).map((link) => link.categoryId),
  }));
}
