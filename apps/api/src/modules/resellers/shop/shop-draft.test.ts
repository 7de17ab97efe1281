import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { hashPassword } from '../../../lib/password';
import { incompleteCheckouts } from '../../cart/incomplete-checkout.table';
import { freshPhone, openShop, type Shop, stockAndLedger, stockedProduct } from '../../orders/order.fixture';
import { orders } from '../../orders/order.table';
import { resellerDeliveryCharges, resellerProductPrices } from '../portal/portal.table';
import { resellers } from '../reseller.table';

/** Incomplete checkouts typed in a reseller's shop (decision 056): saved, listed with the shop, converted once at the shop's prices. */
let shop: Shop;
let db: Db;
let resellerCount = 0;

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
});
afterAll(() => shop.t.close());

async function newReseller() {
  resellerCount += 1;
  const [row] = await db
    .insert(resellers)
    .values({
      name: `Draft Owner ${resellerCount}`,
      phone: `0185${3_000_000 + resellerCount}`,
      passwordHash: await hashPassword('reseller-password-1'),
      status: 'active',
      shopName: `Draft Corner ${resellerCount}`,
      slug: `draft-corner-${resellerCount}`,
      referralCode: `DRAFTC${resellerCount}`,
    })
    .returning({ id: resellers.id, slug: resellers.slug });
  return row as { id: number; slug: string };
}

/** A reseller's shop selling a product at ৳1,150 (retail ৳1,000) with its own ৳50 delivery in Dhaka, and a shopper who typed their details at its checkout. */
async function typedShopCheckout(stock = 10, quantity = 2) {
  const reseller = await newReseller();
  const item = await stockedProduct(shop, stock);
  await db.insert(resellerProductPrices).values({ resellerId: reseller.id, productId: item.productId, price: 115000 });
  await db.insert(resellerDeliveryCharges).values({ resellerId: reseller.id, cityId: shop.dhaka.city_id, charge: 5000 });
  const browser = await shop.t.browser();
  const phone = freshPhone();
  const key = randomUUID();
  const body = {
    key,
    name: 'Sadia Islam',
    phone,
    address: 'Flat 3B, Road 7, Mirpur 10',
    ...shop.dhaka,
    // A price sent by the browser is not read.
    lines: [{ variant_id: item.variantId, quantity, unit_price: 1 }],
  };
  const saved = await browser.post(`/_public/shop/${reseller.slug}/checkout/draft`, body);
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json()).toEqual({ saved: true });
  const [draft] = await db.select().from(incompleteCheckouts).where(eq(incompleteCheckouts.phone, phone));
  if (!draft) throw new Error('no draft');
  return { reseller, item, browser, phone, key, body, draft };
}

const convertBody = (phone: string) => ({ name: 'Sadia Islam', phone, address: 'Flat 3B, Road 7, Mirpur 10', ...shop.dhaka });

describe('POST /_public/shop/:slug/checkout/draft', () => {
  it('keeps one draft per checkout page at the shop’s prices, named with the shop in the list', async () => {
    const { reseller, item, browser, phone, key, body, draft } = await typedShopCheckout(10, 2);
    expect(draft).toMatchObject({
      resellerId: reseller.id,
      draftKey: key,
      cartId: null,
      status: 'open',
      itemCount: 2,
      subtotal: 230000,
      lines: [{ variant_id: item.variantId, quantity: 2, unit_price: 115000 }],
    });
    const again = await browser.post(`/_public/shop/${reseller.slug}/checkout/draft`, { ...body, name: 'Sadia Islam Mou' });
    expect(again.statusCode, again.body).toBe(200);
    const rows = await db.select().from(incompleteCheckouts).where(eq(incompleteCheckouts.phone, phone));
    expect(rows.map((row) => [row.id, row.name])).toEqual([[draft.id, 'Sadia Islam Mou']]);

    const listed = (await shop.admin.get(`/api/admin/incomplete-checkouts?filter[reseller_id]=${reseller.id}`)).json();
    expect(listed.data).toEqual([
      expect.objectContaining({ id: draft.id, reseller_id: reseller.id, shop_name: `Draft Corner ${resellerCount}`, subtotal: 230000 }),
    ]);
    const shops = (await shop.admin.get(`/api/admin/incomplete-checkouts?filter[channel]=reseller_shop&q=${phone}`)).json();
    expect(shops.data.map((row: { id: number }) => row.id)).toEqual([draft.id]);
    const website = (await shop.admin.get(`/api/admin/incomplete-checkouts?filter[channel]=website&q=${phone}`)).json();
    expect(website.data).toEqual([]);
    const csv = await shop.admin.get(`/api/admin/incomplete-checkouts/export.csv?q=${phone}`);
    expect(csv.body).toContain(`Draft Corner ${resellerCount}`);
  });

  it('refuses an unknown shop, a bad key or an empty cart, naming the field', async () => {
    const reseller = await newReseller();
    const visitor = await shop.t.browser();
    const base = { key: randomUUID(), phone: freshPhone(), lines: [{ variant_id: 1, quantity: 1 }] };
    expect((await visitor.post('/_public/shop/no-such-shop/checkout/draft', base)).statusCode).toBe(404);
    const badKey = await visitor.post(`/_public/shop/${reseller.slug}/checkout/draft`, { ...base, key: 'abc' });
    expect(badKey.statusCode).toBe(422);
    expect(badKey.json().errors.key).toBeDefined();
    const empty = await visitor.post(`/_public/shop/${reseller.slug}/checkout/draft`, { ...base, lines: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.lines).toBeDefined();
    // Lines of no published product leave nothing worth a call.
    const unknown = await visitor.post(`/_public/shop/${reseller.slug}/checkout/draft`, {
      ...base,
      lines: [{ variant_id: 2_000_000_000, quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.lines).toEqual(['Your cart is empty: add a product first']);
  });

  it('is closed when the shopper places the shop’s order from the same page', async () => {
    const { reseller, item, browser, phone, key, draft } = await typedShopCheckout(10, 1);
    const placed = await browser.post(`/_public/shop/${reseller.slug}/order`, {
      ...convertBody(phone),
      lines: [{ variant_id: item.variantId, quantity: 1 }],
      idempotency_key: key,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, placed.json().number));
    const [after] = await db.select().from(incompleteCheckouts).where(eq(incompleteCheckouts.id, draft.id));
    expect(after).toMatchObject({ status: 'converted', orderId: order?.id, convertedBy: null });
  });
});

describe('converting a shop’s draft', () => {
  it('places one reseller order at the shop’s prices and delivery charge, however many clicks at once', async () => {
    const { reseller, item, phone, draft } = await typedShopCheckout(10, 2);
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => shop.admin.post(`/api/admin/incomplete-checkouts/${draft.id}/convert`, convertBody(phone))),
    );
    const statuses = clicks.map((click) => click.statusCode).sort();
    expect(statuses, clicks.map((click) => click.body).join('\n')).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(clicks.map((click) => click.json().order_id)).size).toBe(1);
    const [made] = await db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.idempotencyScope, 'incomplete-checkout'), eq(orders.idempotencyKey, String(draft.id))));
    expect(made?.n).toBe(1);
    const [order] = await db.select().from(orders).where(eq(orders.id, clicks[0]?.json().order_id));
    expect(order).toMatchObject({
      type: 'reseller',
      resellerId: reseller.id,
      status: 1,
      subtotal: 230000,
      deliveryCharge: 5000,
      total: 235000,
      customerPhone: phone,
    });
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 8, ledger: 8 });
    const detail = (await shop.admin.get(`/api/admin/incomplete-checkouts/${draft.id}`)).json().data;
    expect(detail).toMatchObject({ status: 'converted', converted_by: 'staff', order_id: order?.id, shop_name: expect.any(String) });
  });

  it('refuses a shop whose reseller is no longer active, and leaves the draft open', async () => {
    const { reseller, phone, draft } = await typedShopCheckout(10, 1);
    await db.update(resellers).set({ status: 'suspended' }).where(eq(resellers.id, reseller.id));
    const refused = await shop.admin.post(`/api/admin/incomplete-checkouts/${draft.id}/convert`, convertBody(phone));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/not open/);
    const [after] = await db.select().from(incompleteCheckouts).where(eq(incompleteCheckouts.id, draft.id));
    expect(after?.status).toBe('open');
  });
});
