import { trackedOrderSchema } from '@haat/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../../test/harness';
import { couriers } from '../couriers/courier.table';
import { stockMovements } from '../products/product.table';
import { addToCart, checkoutBody, freshPhone, openShop, type Shop, shopper, stockAndLedger, stockedProduct } from './order.fixture';
import { orderStatusHistory, orders } from './order.table';

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.t.close());

const PASSWORD = 'shopper-password-1';

/** A registered, signed-in shopper. */
async function customer(): Promise<{ browser: TestBrowser; phone: string }> {
  const phone = freshPhone();
  const browser = await shopper(shop);
  const response = await browser.post('/_public/register', {
    name: 'Rafiq Hasan',
    phone,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { browser, phone };
}

/** An order the signed-in shopper places at checkout, of `quantity` units of a product with 10 in stock. */
async function placeOrder(who: { browser: TestBrowser; phone: string }, quantity = 2) {
  const item = await stockedProduct(shop, 10);
  await addToCart(who.browser, item.variantId, quantity);
  const response = await who.browser.post('/_public/checkout', checkoutBody(shop.dhaka, { phone: who.phone }));
  expect(response.statusCode, response.body).toBe(201);
  return { order: response.json().order as { id: number; number: string; placed_at: string }, item };
}

const moveTo = async (orderId: number, to: number) => {
  const response = await shop.admin.post(`/api/admin/orders/${orderId}/status`, { to });
  expect(response.statusCode, response.body).toBe(200);
};

describe('POST /_public/account/orders/{number}/cancel', () => {
  it('cancels the shopper’s pending order with their reason: stock back, a timeline row by the customer that staff see', async () => {
    const who = await customer();
    const { order, item } = await placeOrder(who, 3);
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 7, ledger: 7 });

    const noReason = await who.browser.post(`/_public/account/orders/${order.number}/cancel`, { reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ reason: ['Say why you are cancelling'] });

    const cancelled = await who.browser.post(`/_public/account/orders/${order.number.toLowerCase()}/cancel`, {
      reason: 'Ordered the wrong size',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().message).toBe('Your order is cancelled.');
    expect(cancelled.json().order).toMatchObject({ number: order.number, status: 7, status_label: 'Cancelled' });
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 10, ledger: 10 });
    const release = await shop.t.database.db.select().from(stockMovements).where(eq(stockMovements.referenceId, order.id));
    expect(release.map((row) => [row.kind, row.quantity])).toContainEqual(['release', 3]);

    const staffView = (await shop.admin.get(`/api/admin/orders/${order.id}`)).json().data;
    expect(staffView.status).toBe(7);
    expect(staffView.history.at(-1)).toMatchObject({
      from_status: 1,
      status: 7,
      note: 'Cancelled by the customer: Ordered the wrong size',
      by: 'customer',
      admin_id: null,
    });
    const [row] = await shop.t.database.db
      .select({ actorKind: orderStatusHistory.actorKind })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(orderStatusHistory.id)
      .offset(1);
    expect(row?.actorKind).toBe('customer');

    // Cancelled once: a second try is a clear refusal, and nothing more is released.
    const twice = await who.browser.post(`/_public/account/orders/${order.number}/cancel`, { reason: 'Ordered the wrong size' });
    expect(twice.statusCode).toBe(409);
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 10, ledger: 10 });
  });

  it('refuses with 409 once the order is no longer pending (confirmed or on hold), and keeps its stock reserved', async () => {
    const who = await customer();
    for (const status of [2, 8]) {
      const { order, item } = await placeOrder(who, 1);
      await moveTo(order.id, status);
      const refused = await who.browser.post(`/_public/account/orders/${order.number}/cancel`, { reason: 'Changed my mind' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/can no longer be cancelled here\. Please call the shop\./);
      expect(refused.json().errors).toEqual({ order: ['This order can no longer be cancelled here. Please call the shop.'] });
      const [row] = await shop.t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
      expect(row?.status).toBe(status);
      expect((await stockAndLedger(shop.t, item.variantId)).stock).toBe(9);
    }
  });

  it('does not find another shopper’s order, nor answers anyone signed out', async () => {
    const owner = await customer();
    const { order, item } = await placeOrder(owner, 1);
    const stranger = await customer();
    const answer = await stranger.browser.post(`/_public/account/orders/${order.number}/cancel`, { reason: 'Not mine to cancel' });
    expect(answer.statusCode).toBe(404);
    const guest = await shopper(shop);
    expect((await guest.post(`/_public/account/orders/${order.number}/cancel`, { reason: 'Not mine to cancel' })).statusCode).toBe(401);
    const [row] = await shop.t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe(1);
    expect((await stockAndLedger(shop.t, item.variantId)).stock).toBe(9);
  });
});

describe('the shopper’s lists, newest first', () => {
  it('lists “My orders” by when they were placed, newest first, whatever their ids', async () => {
    const who = await customer();
    const first = await placeOrder(who, 1);
    const second = await placeOrder(who, 1);
    const third = await placeOrder(who, 1);
    // The second was placed (back-dated, as an import does) after the third.
    await shop.t.database.db
      .update(orders)
      .set({ placedAt: new Date(Date.parse(third.order.placed_at) + 60_000) })
      .where(eq(orders.id, second.order.id));
    const list = (await who.browser.get('/_public/account/orders')).json();
    expect(list.data.map((row: { number: string }) => row.number)).toEqual([second.order.number, third.order.number, first.order.number]);
  });
});

describe('GET /_public/order/track shows the courier once shipped', () => {
  it('names the courier and links the tracking code to its tracking page from shipped on', async () => {
    const who = await customer();
    const { order } = await placeOrder(who, 1);
    const [courier] = await shop.t.database.db
      .insert(couriers)
      .values({ name: 'Sundarban Express', provider: 'none', trackingUrl: 'https://track.example.com/parcel/{code}?from=haat' })
      .returning({ id: couriers.id });
    const track = async () => {
      const answer = await (await shopper(shop)).get(`/_public/order/track?number=${order.number}&phone=${who.phone}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return trackedOrderSchema.parse(answer.json().order);
    };
    await moveTo(order.id, 2);
    await moveTo(order.id, 3);
    const withCourier = await shop.admin.put(`/api/admin/orders/${order.id}/courier`, {
      courier_id: courier?.id,
      tracking_code: 'SB-7781',
    });
    expect(withCourier.statusCode, withCourier.body).toBe(200);
    // Not yet shipped: nothing about the courier.
    expect((await track()).courier).toBeNull();
    await moveTo(order.id, 4);
    expect((await track()).courier).toEqual({
      name: 'Sundarban Express',
      tracking_code: 'SB-7781',
      tracking_url: 'https://track.example.com/parcel/SB-7781?from=haat',
    });
    await moveTo(order.id, 5);
    expect((await track()).courier?.tracking_url).toBe('https://track.example.com/parcel/SB-7781?from=haat');
  });
});
