import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPayShop, type PayShop } from '../payments/payment.fixture';
import { addToCart, checkoutBody, freshPhone, shopper } from './order.fixture';

let pay: PayShop;
beforeAll(async () => {
  pay = await openPayShop();
});
afterAll(() => pay?.close());

/** A registered, signed-in shopper with one of the shop's product in the cart. */
async function signedInWithCart() {
  const phone = freshPhone();
  const browser = await shopper(pay.shop);
  const registered = await browser.post('/_public/register', {
    name: 'Tania Sultana',
    phone,
    password: 'shopper-password-1',
    password_confirmation: 'shopper-password-1',
  });
  expect(registered.statusCode, registered.body).toBe(201);
  await addToCart(browser, pay.item.variantId, 1);
  return { browser, phone };
}

describe('GET /_public/account/orders/{number}: the pay link of an order awaiting its online payment', () => {
  it('answers the checkout’s pay link while the order awaits payment, and none for an order paid on delivery', async () => {
    const online = await signedInWithCart();
    const placed = await online.browser.post(
      '/_public/checkout',
      checkoutBody(pay.shop.dhaka, { phone: online.phone, payment_method: 'bkash', payment_purpose: 'full' }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, pay_url } = placed.json() as { order: { number: string; payment_status: string }; pay_url: string };
    expect(order.payment_status).toBe('awaiting');
    expect(pay_url).toMatch(new RegExp(`^/pay/${order.number}\\?key=.+`));
    const seen = await online.browser.get(`/_public/account/orders/${order.number}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ order: { number: order.number, payment_status: 'awaiting' }, pay_url });
    // The link opens the order's pay page.
    const page = await online.browser.get(
      `/_public/orders/${order.number}/pay?key=${new URL(pay_url, 'http://shop').searchParams.get('key')}`,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ number: order.number, payment_status: 'awaiting' });

    const cash = await signedInWithCart();
    const cod = await cash.browser.post('/_public/checkout', checkoutBody(pay.shop.dhaka, { phone: cash.phone }));
    expect(cod.statusCode, cod.body).toBe(201);
    const codOrder = cod.json().order as { number: string };
    const codSeen = await cash.browser.get(`/_public/account/orders/${codOrder.number}`);
    expect(codSeen.statusCode, codSeen.body).toBe(200);
    expect(codSeen.json().pay_url).toBeNull();
  });
});
