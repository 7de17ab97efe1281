import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { freshPhone } from '../orders/order.fixture';
import { resellers } from '../resellers/reseller.table';
import { payKey } from './pay-link';
import { choose, comeBack, openPayShop, type PayShop, start } from './payment.fixture';

/**
 * An order from a reseller's shop paid online (decision 062): the reseller's customer is sent to the reseller's
 * shop — its pay link, the SMS under the shop's name, and the gateway's return — never to the wholesale shop's
 * storefront.
 */
let pay: PayShop;
let slug: string;
let resellerId: number;
beforeAll(async () => {
  pay = await openPayShop();
  slug = `rina-${randomUUID().slice(0, 6)}`;
  const [reseller] = await pay.db
    .insert(resellers)
    .values({
      name: 'Rina Akter',
      phone: '01823999002',
      passwordHash: 'not-a-password-hash',
      status: 'active',
      shopName: 'Rina’s Corner',
      slug,
      referralCode: `R${randomUUID().slice(0, 7).toUpperCase()}`,
    })
    .returning({ id: resellers.id });
  resellerId = reseller?.id as number;
});
afterAll(() => pay?.close());

/** An order placed in Rina's shop awaiting its bKash payment. */
async function shopOrder() {
  const browser = await pay.shop.t.browser();
  const placed = await browser.post(`/_public/shop/${slug}/order`, {
    name: 'Nasrin Sultana',
    phone: freshPhone(),
    address: 'House 12, Road 5, Uttara',
    ...pay.shop.dhaka,
    lines: [{ variant_id: pay.item.variantId, quantity: 1 }],
    payment_method: 'bkash',
    payment_purpose: 'full',
    idempotency_key: randomUUID(),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const number = placed.json().number as string;
  const [row] = rowsOf<{ id: number }>(await pay.db.execute(sql`select id from orders where number = ${number}`));
  const id = Number(row?.id);
  return { browser, id, number, key: payKey(pay.shop.t.config, { id, number }) };
}

describe("a reseller shop's order paid online", () => {
  it('the pay link and its SMS are the shop’s own, on its host name when it has one', async () => {
    const order = await shopOrder();
    const card = (await pay.shop.admin.get(`/api/admin/orders/${order.id}/payments`)).json().data;
    expect(card.pay_link).toBe(`/shop/${slug}/pay/${order.number}?key=${order.key}`);
    const sent = await pay.shop.admin.post(`/api/admin/orders/${order.id}/payments/link-sms`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const [sms] = rowsOf<{ message: string }>(
      await pay.db.execute(sql`select message from sms_log where message like ${`%${order.number}%`} order by id desc limit 1`),
    );
    expect(sms?.message).toContain(`/shop/${slug}/pay/${order.number}?key=${order.key}`);
    expect(sms?.message).toContain('Rina’s Corner');

    await pay.db
      .update(resellers)
      .set({ customHost: `${slug}.example.com` })
      .where(eq(resellers.id, resellerId));
    try {
      const hosted = (await pay.shop.admin.get(`/api/admin/orders/${order.id}/payments`)).json().data;
      expect(hosted.pay_link).toBe(`https://${slug}.example.com/pay/${order.number}?key=${order.key}`);
    } finally {
      await pay.db.update(resellers).set({ customHost: null }).where(eq(resellers.id, resellerId));
    }
  });

  it('paid from the shop under /shop/{slug}: the gateway sends the shopper back to the shop’s pages', async () => {
    const order = await shopOrder();
    const cancelled = await start(order.browser, order, { shop: slug });
    expect(await comeBack(order.browser, await choose(cancelled.redirect_url, 'cancel'))).toBe(
      `/shop/${slug}/pay/${order.number}?key=${order.key}&failed=1`,
    );
    const paid = await start(order.browser, order, { shop: slug });
    expect(await comeBack(order.browser, await choose(paid.redirect_url, 'pay'))).toBe(`/shop/${slug}/order/${order.number}/thanks?paid=1`);
  });

  it('a shop the order is not from is not followed; a malformed one is refused naming the field', async () => {
    const order = await shopOrder();
    const elsewhere = await start(order.browser, order, { shop: 'someone-else' });
    expect(await comeBack(order.browser, await choose(elsewhere.redirect_url, 'cancel'))).toBe(
      `/pay/${order.number}?key=${order.key}&failed=1`,
    );
    const bad = await order.browser.post(`/_public/orders/${order.number}/pay`, { key: order.key, gateway: 'bkash', shop: '../../evil' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['shop']);
  });
});
