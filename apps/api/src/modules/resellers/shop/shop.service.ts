import {
  type PublicAttribute,
  type PublicVariantValue,
  type ResellerShopInfo,
  type ResellerShopListing,
  type ResellerShopPlaced,
  type ResellerShopProduct,
  type ResellerShopProductPage,
  type ResellerShopQuote,
  resellerShopOrderInput,
  resellerShopQuoteInput,
  strictestPaymentRule,
} from '@haat/contracts';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { systemCtx } from '../../../context';
import type { Db } from '../../../db/client';
import { invalid, notFound } from '../../../http/errors';
import { attributeOptions, publishedTopCategories } from '../../catalog';
import { deliveryChargeFor } from '../../locations';
import {
  awaitingPayUrl,
  checkoutPayment,
  joinPlaceContexts,
  type PayUrl,
  placeOrder,
  placePublicOrder,
  type SellingPrice,
  sellingPrices,
  setOrderCouponCode,
} from '../../orders';
import {
  listedProductSubquery,
  mainThumbnails,
  type PublishedProductFilter,
  productPicturePaths,
  productVariantChoices,
  publishedProductIds,
} from '../../products';
import { checkoutPaymentMethods } from '../../settings';
import { resellerDeliveryCharges, resellerProductPrices, resellerProfiles } from '../portal/portal.table';
import { resellers } from '../reseller.table';
import { checkShopCoupon, takeShopCouponUse } from './coupon.service';
import { chosenCategoryIds } from './settings.service';
import { resellerShopPages } from './shop.table';
import { shopDescriptionHtml } from './shop-description';
import { publicShopSliders } from './slider.service';

export interface Shop {
  id: number;
  slug: string;
  name: string;
  phone: string;
}

const NOT_FOUND = 'This shop';

/** The active reseller whose shop is at `/shop/{slug}`; an unknown, pending or suspended one is not found. */
export async function activeShop(db: Db, slug: string): Promise<Shop> {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) throw notFound(NOT_FOUND);
  const [row] = await db
    .select({ id: resellers.id, slug: resellers.slug, name: resellers.name, shopName: resellers.shopName, phone: resellers.phone })
    .from(resellers)
    .where(and(eq(resellers.slug, slug), eq(resellers.status, 'active')));
  if (!row) throw notFound(NOT_FOUND);
  return { id: row.id, slug: row.slug, name: row.shopName || row.name, phone: row.phone };
}

/** What the shop sells one unit at: the reseller's own price where set, else the retail price; never below wholesale. */
export const shopPrice = (own: number | null | undefined, retail: number, wholesale: number): number => Math.max(own ?? retail, wholesale);

/** The shop's header: name, colours and the top-level categories that have published products. */
export async function shopInfo(db: Db, slug: string): Promise<ResellerShopInfo> {
  const shop = await activeShop(db, slug);
  const [profile] = await db.select().from(resellerProfiles).where(eq(resellerProfiles.resellerId, shop.id));
  const chosen = await chosenCategoryIds(db, shop.id);
  const rows = await publishedTopCategories(db, chosen.length > 0 ? chosen : undefined);
  const pages = await db
    .select({ title: resellerShopPages.title, slug: resellerShopPages.slug })
    .from(resellerShopPages)
    .where(eq(resellerShopPages.resellerId, shop.id))
    .orderBy(asc(resellerShopPages.title));
  return {
    slug: shop.slug,
    name: shop.name,
    phone: profile?.companyPhone || shop.phone,
    logo: profile?.logo ?? null,
    colors: {
      primary: profile?.primaryColor ?? '#161745',
      secondary: profile?.secondaryColor ?? '#f59f00',
      header_text: profile?.headerTextColor ?? '#ffffff',
    },
    categories: rows,
    pages,
    sliders: await publicShopSliders(db, shop.id),
  };
}

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  q: z.string().trim().max(100).optional().catch(undefined),
  category_id: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
});

const PER_PAGE = 24;

/** The shop's products (published), newest first, at the shop's prices; by category or search words. */
export async function shopProducts(db: Db, slug: string, query: Record<string, unknown>): Promise<ResellerShopListing> {
  const shop = await activeShop(db, slug);
  const parsed = listQuery.parse(query);
  const filter: PublishedProductFilter = { q: parsed.q };
  // Only the categories the reseller chose to show (all while they chose none).
  const chosen = await chosenCategoryIds(db, shop.id);
  if (parsed.category_id) {
    if (chosen.length > 0 && !chosen.includes(parsed.category_id)) throw notFound('This category');
    filter.categoryId = parsed.category_id;
  } else if (chosen.length > 0) {
    filter.topCategoryIds = chosen;
  }
  const { ids, total } = await publishedProductIds(db, filter, { limit: PER_PAGE, offset: (parsed.page - 1) * PER_PAGE });
  return { data: await productCards(db, shop.id, ids), page: parsed.page, last_page: Math.max(1, Math.ceil(total / PER_PAGE)), total };
}

async function productCards(db: Db, resellerId: number, ids: number[]): Promise<ResellerShopProduct[]> {
  if (ids.length === 0) return [];
  const product = listedProductSubquery(db, { ids });
  const rows = await db
    .select({
      id: product.id,
      name: product.name,
      nameBn: product.nameBn,
      slug: product.slug,
      retail: product.retailPrice,
      wholesale: product.wholesalePrice,
      stock: product.stock,
      own: resellerProductPrices.price,
    })
    .from(product)
    .leftJoin(
      resellerProductPrices,
      and(eq(resellerProductPrices.productId, product.id), eq(resellerProductPrices.resellerId, resellerId)),
    );
  const thumbnails = await mainThumbnails(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        name: row.name,
        name_bn: row.nameBn,
        slug: row.slug,
        thumbnail: thumbnails.get(id) ?? null,
        price: shopPrice(row.own, row.retail, row.wholesale),
        in_stock: row.stock > 0,
      },
    ];
  });
}

/** One published product of the shop by its slug, with the reseller's description when they wrote one. */
export async function shopProduct(db: Db, slug: string, productSlug: string): Promise<ResellerShopProductPage> {
  const shop = await activeShop(db, slug);
  const product = listedProductSubquery(db, { publishedSlug: productSlug.slice(0, 200) });
  const [row] = await db
    .select({
      id: product.id,
      description: product.description,
      categoryId: product.categoryId,
      categoryName: product.categoryName,
      own: resellerProductPrices.description,
    })
    .from(product)
    .leftJoin(resellerProductPrices, and(eq(resellerProductPrices.productId, product.id), eq(resellerProductPrices.resellerId, shop.id)));
  if (!row) throw notFound('This product');
  const chosen = await chosenCategoryIds(db, shop.id);
  if (chosen.length > 0 && !(row.categoryId && chosen.includes(row.categoryId))) throw notFound('This product');
  const [card] = await productCards(db, shop.id, [row.id]);
  if (!card) throw notFound('This product');
  const { variants, links } = await productVariantChoices(db, row.id);
  const prices = await sellingPrices(
    db,
    variants.map((variant) => variant.id),
  );
  const owns = await ownPrices(db, shop.id, [row.id]);
  const images = await productPicturePaths(db, row.id);
  const { attributes, valuesOf } = await variantOptions(db, links);
  return {
    ...card,
    description: shopDescriptionHtml(row.description, row.own),
    category: row.categoryId ? { id: row.categoryId, name: row.categoryName ?? '' } : null,
    images,
    variants: variants.flatMap(({ id }) => {
      const price = prices.get(id);
      return price ? [{ id, label: price.variantLabel, values: valuesOf(id), price: unitPriceOf(price, owns), stock: price.stock }] : [];
    }),
    attributes,
  };
}

/**
 * The options of a product's variants: each attribute (in the catalogue's order) with the values its
 * variants use (in their order), and each variant's values in that order, as the main storefront's product
 * page gives them.
 */
async function variantOptions(db: Db, links: { variantId: number; valueId: number }[]) {
  const options = await attributeOptions(db, [...new Set(links.map((link) => link.valueId))]);
  options.sort(
    (a, b) => a.attributeOrder - b.attributeOrder || a.attribute.localeCompare(b.attribute) || a.sortOrder - b.sortOrder || a.id - b.id,
  );
  const attributes = new Map<string, PublicAttribute>();
  for (const option of options) {
    const attribute = attributes.get(option.attribute) ?? { name: option.attribute, values: [] };
    attribute.values.push({ id: option.id, value: option.value, color_hex: option.colorHex });
    attributes.set(option.attribute, attribute);
  }
  const rank = new Map(options.map((option, index) => [option.id, index]));
  const byId = new Map(options.map((option) => [option.id, option]));
  const valuesOf = (variantId: number): PublicVariantValue[] =>
    links
      .filter((link) => link.variantId === variantId && byId.has(link.valueId))
      .sort((a, b) => (rank.get(a.valueId) ?? 0) - (rank.get(b.valueId) ?? 0))
      .flatMap((link) => {
        const option = byId.get(link.valueId);
        return option ? [{ id: option.id, attribute: option.attribute, value: option.value, color_hex: option.colorHex }] : [];
      });
  return { attributes: [...attributes.values()], valuesOf };
}

async function ownPrices(db: Db, resellerId: number, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: resellerProductPrices.productId, price: resellerProductPrices.price })
    .from(resellerProductPrices)
    .where(and(eq(resellerProductPrices.resellerId, resellerId), inArray(resellerProductPrices.productId, productIds)));
  return new Map(rows.map((row) => [row.productId, row.price]));
}

/** A variant's price in the shop: the reseller's price of its product, else its retail price; never below wholesale. */
const unitPriceOf = (price: SellingPrice, owns: Map<number, number>) =>
  shopPrice(owns.get(price.productId), price.regularPrice, price.wholesalePrice);

/**
 * The reseller's delivery charge for a place, the most specific of theirs (sub city, city, everywhere
 * else), or null when they set none that covers it (the shop's table decides).
 */
export async function resellerDeliveryCharge(
  db: Db,
  resellerId: number,
  place: { cityId: number; subCityId: number | null },
): Promise<number | null> {
  const rows = await db
    .select({
      cityId: resellerDeliveryCharges.cityId,
      subCityId: resellerDeliveryCharges.subCityId,
      charge: resellerDeliveryCharges.charge,
    })
    .from(resellerDeliveryCharges)
    .where(
      and(
        eq(resellerDeliveryCharges.resellerId, resellerId),
        or(
          isNull(resellerDeliveryCharges.cityId),
          and(eq(resellerDeliveryCharges.cityId, place.cityId), isNull(resellerDeliveryCharges.subCityId)),
          place.subCityId
            ? and(eq(resellerDeliveryCharges.cityId, place.cityId), eq(resellerDeliveryCharges.subCityId, place.subCityId))
            : undefined,
        ),
      ),
    );
  const rank = (row: { cityId: number | null; subCityId: number | null }) => (row.subCityId ? 2 : row.cityId ? 1 : 0);
  const [best] = rows.sort((a, b) => rank(b) - rank(a));
  return best ? best.charge : null;
}

/** The delivery charge of an order from this shop: the place is checked by the shop's table, the reseller's charge wins. */
async function shopDeliveryCharge(db: Db, resellerId: number, place: { cityId: number; subCityId: number | null; weightGrams: number }) {
  const shops = await deliveryChargeFor(db, place);
  return (await resellerDeliveryCharge(db, resellerId, place)) ?? shops;
}

/** The cart's lines at the shop's prices, and the delivery charge once a city is chosen. */
export async function shopQuote(db: Db, slug: string, body: unknown): Promise<ResellerShopQuote> {
  const shop = await activeShop(db, slug);
  const input = resellerShopQuoteInput.parse(body);
  const prices = await sellingPrices(
    db,
    input.lines.map((line) => line.variant_id),
    { thumbnails: true },
  );
  const owns = await ownPrices(
    db,
    shop.id,
    [...prices.values()].map((price) => price.productId),
  );
  const lines = input.lines.flatMap((line) => {
    const price = prices.get(line.variant_id);
    if (!price?.published) return [];
    const unit = unitPriceOf(price, owns);
    return [
      {
        variant_id: line.variant_id,
        product_id: price.productId,
        name: price.productName,
        variant_label: price.variantLabel,
        thumbnail: price.thumbnail,
        price: unit,
        quantity: line.quantity,
        stock: price.stock,
        line_total: unit * line.quantity,
      },
    ];
  });
  const subtotal = lines.reduce((sum, line) => sum + line.line_total, 0);
  const weightGrams = input.lines.reduce((sum, line) => sum + (prices.get(line.variant_id)?.weightGrams ?? 0) * line.quantity, 0);
  const delivery = input.city_id
    ? await shopDeliveryCharge(db, shop.id, { cityId: input.city_id, subCityId: input.sub_city_id ?? null, weightGrams })
    : null;
  let discount = 0;
  let couponError: string | null = null;
  if (input.coupon) {
    const checked = await checkShopCoupon(db, shop.id, input.coupon, subtotal);
    if (checked.ok) discount = checked.discount;
    else couponError = checked.message;
  }
  return {
    lines,
    subtotal,
    delivery_charge: delivery,
    discount,
    coupon_error: couponError,
    total: subtotal + (delivery ?? 0) - discount,
    payment_methods: await checkoutPaymentMethods(db),
    payment_rule: strictestPaymentRule(
      input.lines.flatMap((line) => {
        const price = prices.get(line.variant_id);
        return price?.published ? [price.paymentRule] : [];
      }),
    ),
  };
}

/**
 * Checkout in a reseller's shop: an order of type `reseller` with the reseller on it, pending, at
 * the shop's prices read inside the order's transaction (whatever price the browser sent is not
 * read), delivery charge from the reseller's charges when they set one for the place. Cash on
 * delivery or online (decision 062: awaiting its payment, answered with its pay link); idempotent on
 * the checkout page's key.
 */
export async function placeShopOrder(
  db: Db,
  slug: string,
  body: unknown,
  ip: string,
  payUrl: PayUrl,
): Promise<{ placed: ResellerShopPlaced; created: boolean }> {
  const shop = await activeShop(db, slug);
  const input = resellerShopOrderInput.parse(body);
  const ctx = systemCtx(db);
  const payment = await checkoutPayment(db, ctx.now, input);
  const before = await sellingPrices(
    db,
    input.lines.map((line) => line.variant_id),
  );
  const productIds = [...before.values()].map((price) => price.productId);
  const owns = await ownPrices(db, shop.id, productIds);
  // The reseller's coupon, on the items at the shop's prices; its use is counted inside the order's transaction.
  let coupon: { id: number; code: string; discount: number } | null = null;
  if (input.coupon) {
    const subtotal = input.lines.reduce((sum, line) => {
      const price = before.get(line.variant_id);
      return sum + (price ? unitPriceOf(price, owns) * line.quantity : 0);
    }, 0);
    const checked = await checkShopCoupon(db, shop.id, input.coupon, subtotal);
    if (!checked.ok) throw invalid('coupon', checked.message);
    coupon = checked;
  }
  const shopper = {
    channel: 'reseller_shop' as const,
    phone: input.phone,
    ip,
    otpCode: input.otp_code,
    paymentMethod: payment.paymentMethod,
  };
  const result = await placePublicOrder(ctx, shopper, (hooks) =>
    placeOrder(
      ctx,
      {
        type: 'reseller',
        resellerId: shop.id,
        customer: {
          name: input.name,
          phone: input.phone,
          address: input.address,
          cityId: input.city_id,
          subCityId: input.sub_city_id,
        },
        lines: input.lines.map((line, index) => ({
          variantId: line.variant_id,
          quantity: line.quantity,
          field: `lines.${index}.quantity`,
        })),
        paymentMethod: payment.paymentMethod,
        paymentStatus: 'unpaid',
        onlinePayment: payment.onlinePayment,
        paymentRules: payment.methods,
        manualDiscount: coupon?.discount ?? 0,
        note: input.note,
        source: `Reseller shop: ${shop.name}`,
        idempotency: { scope: `reseller-shop:${shop.id}`, key: input.idempotency_key },
      },
      joinPlaceContexts(hooks, {
        // The price read inside the order's transaction, at the reseller's price: a price sent by the browser is never read.
        unitPrice: (price) => unitPriceOf(price, owns),
        deliveryCharge: (tx, place) => shopDeliveryCharge(tx, shop.id, place),
        async placed(tx, order) {
          if (!coupon) return;
          await takeShopCouponUse(tx, coupon.id);
          await setOrderCouponCode(tx, order.id, coupon.code);
        },
      }),
    ),
  );
  const { number, total, status } = result.order;
  return {
    placed: { number, total, ...(status === 8 ? { on_hold: true } : {}), pay_url: awaitingPayUrl(result.order, payUrl) },
    created: result.created,
  };
}
