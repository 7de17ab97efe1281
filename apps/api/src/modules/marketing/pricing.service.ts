import { discountOn, type OfferPrice, type PriceSource } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { nextOwnDiscountChange, ownDiscountPriceSql, type ProductPriceRow, productPriceColumns, variantPriceRows } from '../products';
import { campaignPricesFor } from './campaign.service';
import { campaigns } from './campaign.table';
import { activeOffersFor } from './offer.service';
import { offers } from './offer.table';

/**
 * What a shopper pays now. A product's price before any discount is its retail price (a variant's
 * own price when it has one). Three things may take something off, and the one taking the most
 * wins — they do not add up:
 *  - the product's discount price, between its discount dates (an open date means no limit);
 *  - the best offer running now on the product or on one of its categories (marketing);
 *  - the lowest price of the product in a campaign running now (marketing).
 * The discount and the campaign price are amounts off the retail price; a variant with its own
 * price gets the same amount off. The checkout charges exactly this (variantPrices).
 */
/** Told when a price will next change (the storefront's cache keeps an answer until then). */
export interface PriceChangeWatcher {
  changesAt(at: Date | string | number | null | undefined): void;
}

export interface PriceQuote {
  retail_price: number;
  price: number;
  discount_price: number | null;
  discount_ends_at: string | null;
  discount_percent: number;
  discount_source: PriceSource;
}

/** The product columns pricing reads (products' own). */
export const pricedColumns = productPriceColumns;

/** A product's price columns, as products reads them. */
export type PricedRow = ProductPriceRow;

interface Adjustments {
  offer?: OfferPrice;
  campaign?: { campaign_price: number; ends_at: string };
}

/** The running offers and campaign prices of some products, and when either could next change. */
export class PriceBook {
  private constructor(
    private readonly now: Date,
    private readonly adjustments: Map<number, Adjustments>,
  ) {}

  static async load(db: Db, rows: PricedRow[], now: Date, freshness?: PriceChangeWatcher): Promise<PriceBook> {
    const adjustments = new Map<number, Adjustments>();
    if (rows.length) {
      const unique = [...new Map(rows.map((row) => [row.id, row])).values()];
      // One after the other: the checkout may price inside its transaction (one connection).
      const offerPrices = await activeOffersFor(
        db,
        unique.map((row) => ({
          productId: row.id,
          categoryIds: [row.categoryId, row.subcategoryId, row.subSubcategoryId].filter((id): id is number => typeof id === 'number'),
          price: row.retailPrice,
        })),
        now,
      );
      const campaignPrices = await campaignPricesFor(
        db,
        unique.map((row) => row.id),
        now,
      );
      for (const [id, offer] of offerPrices) adjustments.set(id, { offer });
      for (const [id, campaign] of campaignPrices) adjustments.set(id, { ...adjustments.get(id), campaign });
      if (freshness) {
        for (const row of unique) {
          freshness.changesAt(row.discountStartsAt);
          freshness.changesAt(row.discountEndsAt);
        }
        freshness.changesAt(await nextMarketingChange(db, now));
      }
    }
    return new PriceBook(now, adjustments);
  }

  /** The price of a product (or of its variant with its own price `base`). */
  quote(row: PricedRow, base: number = row.retailPrice): PriceQuote {
    const candidates: { price: number; source: PriceSource; endsAt: string | null }[] = [];
    const nowTime = this.now.getTime();
    if (
      row.discountPrice !== null &&
      (!row.discountStartsAt || row.discountStartsAt.getTime() <= nowTime) &&
      (!row.discountEndsAt || row.discountEndsAt.getTime() > nowTime)
    ) {
      const off = Math.max(0, row.retailPrice - row.discountPrice);
      candidates.push({ price: Math.max(0, base - off), source: 'discount', endsAt: row.discountEndsAt?.toISOString() ?? null });
    }
    const { offer, campaign } = this.adjustments.get(row.id) ?? {};
    if (offer) {
      const off = discountOn(base, { type: offer.discount_type, percent: offer.percent_off, amount: offer.amount_off });
      candidates.push({ price: base - off, source: 'offer', endsAt: offer.ends_at });
    }
    if (campaign) {
      const off = Math.max(0, row.retailPrice - campaign.campaign_price);
      candidates.push({ price: Math.max(0, base - off), source: 'campaign', endsAt: campaign.ends_at });
    }
    let best: (typeof candidates)[number] = { price: base, source: 'retail', endsAt: null };
    for (const candidate of candidates) if (candidate.price < best.price) best = candidate;
    const discounted = best.price < base;
    return {
      retail_price: base,
      price: best.price,
      discount_price: discounted ? best.price : null,
      discount_ends_at: discounted ? best.endsAt : null,
      discount_percent: discounted && base > 0 ? Math.floor(((base - best.price) * 100) / base) : 0,
      discount_source: discounted ? best.source : 'retail',
    };
  }
}

/** The next moment an active offer or campaign starts or ends: prices may change then. */
export async function nextMarketingChange(db: Db, now: Date): Promise<Date | null> {
  const at = now.toISOString();
  const [row] = rowsOf<{ next: string | Date | null }>(
    await db.execute(sql`select least(
      (select min(${offers.startsAt}) from ${offers} where ${offers.status} = 1 and ${offers.startsAt} > ${at}::timestamptz),
      (select min(${offers.endsAt}) from ${offers} where ${offers.status} = 1 and ${offers.endsAt} > ${at}::timestamptz),
      (select min(${campaigns.startsAt}) from ${campaigns} where ${campaigns.status} = 1 and ${campaigns.startsAt} > ${at}::timestamptz),
      (select min(${campaigns.endsAt}) from ${campaigns} where ${campaigns.status} = 1 and ${campaigns.endsAt} > ${at}::timestamptz)
    ) as next`),
  );
  return row?.next ? new Date(row.next) : null;
}

/** The next moment any product's own discount starts or ends (listings filter and sort on it). */
export function nextDiscountChange(db: Db, now: Date): Promise<Date | null> {
  return nextOwnDiscountChange(db, now);
}

/**
 * A product's price after its own discount (within its dates), in SQL: what the listing filters and
 * sorts by. Offers and campaigns are left out here (they are in the cards' prices).
 */
export function listPriceSql(now: Date) {
  return ownDiscountPriceSql(now);
}

export interface VariantPrice extends PriceQuote {
  variant_id: number;
  product_id: number;
  /** Whether the product is published (status 1): the storefront sells nothing else. */
  published: boolean;
}

/**
 * What a shopper pays now for each variant, for the cart and the checkout: the same rule as the
 * product page. Variants that do not exist are left out.
 */
export async function variantPrices(db: Db, variantIds: number[], now: Date = new Date()): Promise<Map<number, VariantPrice>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  return variantPricesOf(db, await variantPriceRows(db, ids), now);
}

/** A variant's price columns as variantPrices reads them (products' variantPriceRows, or sellableVariants). */
export type VariantPriceRow = PricedRow & { variantId: number; priceOverride: number | null; status: number };

/** variantPrices of variants whose price columns were read already (the checkout reads them with the rest of the variant). */
export async function variantPricesOf(db: Db, rows: VariantPriceRow[], now: Date = new Date()): Promise<Map<number, VariantPrice>> {
  const prices = new Map<number, VariantPrice>();
  if (rows.length === 0) return prices;
  const book = await PriceBook.load(db, rows, now);
  for (const row of rows) {
    prices.set(row.variantId, {
      ...book.quote(row, row.priceOverride ?? row.retailPrice),
      variant_id: row.variantId,
      product_id: row.id,
      published: row.status === 1,
    });
  }
  return prices;
}
