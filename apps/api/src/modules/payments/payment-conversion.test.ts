import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_PIXEL } from '../../integrations/marketing/meta-graph.fixture';
import { conversionEvents } from '../marketing/conversion.table';
import { addToCart, checkoutBody, freshPhone, shopper } from '../orders/order.fixture';
import { choose, comeBack, openPayShop, type PayShop, start } from './payment.fixture';

/**
 * A shop that counts Meta purchases when placed (decision 060) does not count an order placed awaiting its
 * online payment until the payment confirms it (decision 062): an abandoned payment is never a purchase.
 */
let pay: PayShop;
beforeAll(async () => {
  pay = await openPayShop();
  const saved = await pay.shop.admin.put('/api/admin/settings/marketing', {
    facebook_pixel_id: META_PIXEL.pixelId,
    conversions_access_token: META_PIXEL.accessToken,
    purchase_moment: 'placed',
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => pay?.close());

const eventsOf = (orderId: number) =>
  pay.db.select({ status: conversionEvents.status }).from(conversionEvents).where(eq(conversionEvents.orderId, orderId));

async function checkout(body: Record<string, unknown>) {
  const browser = await shopper(pay.shop);
  await addToCart(browser, pay.item.variantId, 1);
  const placed = await browser.post('/_public/checkout', checkoutBody(pay.shop.dhaka, { phone: freshPhone(), ...body }));
  expect(placed.statusCode, placed.body).toBe(201);
  const { order, pay_url } = placed.json() as { order: { id: number; number: string }; pay_url: string | null };
  return { browser, order, key: pay_url ? (new URL(pay_url, 'http://shop').searchParams.get('key') as string) : '' };
}

describe('purchases counted when placed, for orders paid online', () => {
  it('cash on delivery counts at once; an order awaiting bKash waits, and counts when bKash confirms it', async () => {
    const cod = await checkout({});
    expect(await eventsOf(cod.order.id)).toEqual([{ status: 'pending' }]);

    const online = await checkout({ payment_method: 'bkash', payment_purpose: 'full' });
    expect(await eventsOf(online.order.id)).toEqual([{ status: 'waiting' }]);
    const started = await start(online.browser, { number: online.order.number, key: online.key });
    expect(await comeBack(online.browser, await choose(started.redirect_url, 'pay'))).toBe(`/order/${online.order.number}/thanks?paid=1`);
    expect(await eventsOf(online.order.id)).toEqual([{ status: 'pending' }]);
  });

  it('a payment the shopper cancels leaves the purchase uncounted', async () => {
    const online = await checkout({ payment_method: 'bkash', payment_purpose: 'delivery' });
    const started = await start(online.browser, { number: online.order.number, key: online.key });
    await comeBack(online.browser, await choose(started.redirect_url, 'cancel'));
    expect(await eventsOf(online.order.id)).toEqual([{ status: 'waiting' }]);
  });
});
