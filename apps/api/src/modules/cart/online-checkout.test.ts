import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingPages } from '../marketing/landing-page.table';
import { addToCart, checkoutBody, freshPhone, openShop, type Shop, shopper, stockAndLedger, stockedProduct } from '../orders/order.fixture';
import { orders } from '../orders/order.table';
import { payPath } from '../payments';
import { productVariants } from '../products/product.table';
import { resellers } from '../resellers/reseller.table';

// Checkout paid online (issue 21, decision 062): what is offered, what is refused and why, and the
// order placed awaiting its payment with its pay link, on the storefront, a landing page and a reseller's shop.

const BKASH = {
  bkash_enabled: true,
  bkash_mode: 'standin',
  bkash_app_key: 'standin-app-key-0001',
  bkash_app_secret: 'standin-app-secret-0001',
  bkash_username: 'standinUser',
  bkash_password: 'standin-Password-01',
};
const SSL = {
  sslcommerz_enabled: true,
  sslcommerz_mode: 'standin',
  sslcommerz_store_id: 'haat0test',
  sslcommerz_store_password: 'haat0test@ssl',
};

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.t.close());

const db = () => shop.t.database.db;

async function setPayment(values: Record<string, unknown>) {
  const response = await shop.admin.put('/api/admin/settings/payment', values);
  expect(response.statusCode, response.body).toBe(200);
}

/** bKash takes both, SSLCommerz only the full payment, cash on delivery on; an hour's hold. */
const OFFERED = {
  cod_enabled: true,
  ...BKASH,
  bkash_full: true,
  bkash_delivery: true,
  ...SSL,
  sslcommerz_full: true,
  sslcommerz_delivery: false,
  hold_minutes: 60,
};

async function cartWith(variantId: number, quantity = 1) {
  const browser = await shopper(shop);
  await addToCart(browser, variantId, quantity);
  return browser;
}

async function orderCount() {
  return (await db().select({ id: orders.id }).from(orders)).length;
}

describe('what checkout offers', () => {
  it('lists cash on delivery and each gateway on, with its purposes, and the cart’s strictest rule', async () => {
    await setPayment({ cod_enabled: true, bkash_enabled: false, nagad_enabled: false, sslcommerz_enabled: false });
    const plain = await stockedProduct(shop, 5);
    const strict = await stockedProduct(shop, 5, { payment_rule: 'full' });
    const browser = await cartWith(plain.variantId);
    const quote = async () => (await browser.post('/_public/checkout/quote', shop.dhaka)).json();
    expect((await quote()).payment_methods).toEqual([{ code: 'cod', label: 'Cash on delivery', purposes: [] }]);
    expect((await quote()).payment_rule).toBe('any');

    await setPayment(OFFERED);
    expect((await quote()).payment_methods).toEqual([
      { code: 'cod', label: 'Cash on delivery', purposes: [] },
      { code: 'bkash', label: 'bKash', purposes: ['full', 'delivery'] },
      { code: 'sslcommerz', label: 'Card or mobile banking (SSLCommerz)', purposes: ['full'] },
    ]);
    await addToCart(browser, strict.variantId);
    expect((await quote()).payment_rule).toBe('full');
    // The product page says so too, and the product form reads it back.
    expect((await browser.get(`/_public/product/${strict.productId}`)).json().product.payment_rule).toBe('full');
    expect((await shop.admin.get(`/api/admin/products/${strict.productId}`)).json().data.payment_rule).toBe('full');
    const info = await (await shopper(shop)).get('/api/get/site/info');
    expect(info.json().payment_methods.map((method: { code: string }) => method.code)).toEqual(['cod', 'bkash', 'sslcommerz']);
    expect(info.body).not.toContain(BKASH.bkash_app_secret);
    expect(info.body).not.toContain('standin');
  });

  it('refuses a product form with a rule it does not know', async () => {
    const product = await stockedProduct(shop, 1);
    const detail = (await shop.admin.get(`/api/admin/products/${product.productId}`)).json().data;
    const refused = await shop.admin.put(`/api/admin/products/${product.productId}`, { ...detail, payment_rule: 'later' });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toContain('payment_rule');
  });
});

describe('a checkout paid online', () => {
  it('places a bKash full payment awaiting its payment: pay link, hold, stock reserved; a repeat answers the same', async () => {
    await setPayment(OFFERED);
    const product = await stockedProduct(shop, 5);
    const browser = await cartWith(product.variantId, 2);
    const body = checkoutBody(shop.dhaka, { payment_method: 'bkash', payment_purpose: 'full' });
    const before = Date.now();
    const placed = await browser.post('/_public/checkout', body);
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, pay_url } = placed.json();
    expect(order).toMatchObject({ status: 1, payment_method: 'bkash', payment_status: 'awaiting', total: 200000 + 7000 });
    expect(pay_url).toBe(payPath(shop.t.app.config, order));
    expect(pay_url).toMatch(new RegExp(`^/pay/${order.number}\\?key=[\\w-]{22}$`));
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row?.paymentPurpose).toBe('full');
    const due = row?.paymentDueBy?.getTime() ?? 0;
    expect(due).toBeGreaterThanOrEqual(before + 60 * 60_000 - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 60 * 60_000 + 1000);
    // Placement reserved the stock: the hold is the order itself.
    expect(await stockAndLedger(shop.t, product.variantId)).toEqual({ stock: 3, ledger: 3 });

    const again = await browser.post('/_public/checkout', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ order: { id: order.id }, pay_url });
  });

  it('places a delivery-charge payment: the rest stays cash on delivery', async () => {
    await setPayment(OFFERED);
    const product = await stockedProduct(shop, 3, { payment_rule: 'delivery' });
    const placed = await (await cartWith(product.variantId)).post(
      '/_public/checkout',
      checkoutBody(shop.dhaka, { payment_method: 'bkash', payment_purpose: 'delivery' }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({ payment_method: 'bkash', payment_status: 'awaiting', delivery_charge: 7000 });
    expect(placed.json().pay_url).toContain(`/pay/${placed.json().order.number}?key=`);
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.json().order.id));
    expect(row?.paymentPurpose).toBe('delivery');
  });

  it('answers a cash-on-delivery order with no pay link and no hold', async () => {
    await setPayment(OFFERED);
    const product = await stockedProduct(shop, 3);
    const placed = await (await cartWith(product.variantId)).post('/_public/checkout', checkoutBody(shop.dhaka));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ order: { payment_method: 'cod', payment_status: 'unpaid' }, pay_url: null });
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.json().order.id));
    expect(row).toMatchObject({ paymentPurpose: null, paymentDueBy: null });
  });
});

describe('a checkout refused', () => {
  const refusedOn = async (variantId: number, body: Record<string, unknown>, field: string, message: string) => {
    const count = await orderCount();
    const stock = await stockAndLedger(shop.t, variantId);
    const answer = await (await cartWith(variantId)).post('/_public/checkout', checkoutBody(shop.dhaka, body));
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json().errors).toEqual({ [field]: [message] });
    expect(answer.json().message).toBe(message);
    expect(await orderCount()).toBe(count);
    expect(await stockAndLedger(shop.t, variantId)).toEqual(stock);
  };

  it('names the method or purpose the shop does not take', async () => {
    await setPayment({ ...OFFERED, nagad_enabled: false });
    const product = await stockedProduct(shop, 5);
    await refusedOn(
      product.variantId,
      { payment_method: 'nagad', payment_purpose: 'full' },
      'payment_method',
      'This payment method is not available. Please choose another.',
    );
    await refusedOn(
      product.variantId,
      { payment_method: 'bkash' },
      'payment_purpose',
      'Choose to pay the whole order or only the delivery charge by bKash.',
    );
    await refusedOn(
      product.variantId,
      { payment_method: 'sslcommerz', payment_purpose: 'delivery' },
      'payment_purpose',
      'Card or mobile banking (SSLCommerz) takes only the full payment here: pay the whole order, or choose another way to pay.',
    );
    await setPayment({ ...OFFERED, bkash_full: false });
    await refusedOn(
      product.variantId,
      { payment_method: 'bkash', payment_purpose: 'full' },
      'payment_purpose',
      'bKash takes only the delivery charge in advance here: pay the rest on delivery, or choose another way to pay.',
    );
    await setPayment({ ...OFFERED, cod_enabled: false });
    await refusedOn(
      product.variantId,
      { payment_method: 'cod' },
      'payment_method',
      'This payment method is not available. Please choose another.',
    );
  });

  it('follows the strictest product of the cart', async () => {
    await setPayment(OFFERED);
    const full = await stockedProduct(shop, 5, { payment_rule: 'full' });
    const delivery = await stockedProduct(shop, 5, { payment_rule: 'delivery' });
    const fullMessage =
      'This order can only be paid in full online: choose bKash or Card or mobile banking (SSLCommerz) and pay the whole order.';
    await refusedOn(full.variantId, { payment_method: 'cod' }, 'payment_method', fullMessage);
    await refusedOn(full.variantId, { payment_method: 'bkash', payment_purpose: 'delivery' }, 'payment_purpose', fullMessage);
    await refusedOn(
      delivery.variantId,
      { payment_method: 'cod' },
      'payment_method',
      'This order needs at least the delivery charge paid online: choose bKash.',
    );
    // A cart of both follows the full rule; paid in full it goes on.
    const browser = await cartWith(delivery.variantId);
    await addToCart(browser, full.variantId);
    const mixed = await browser.post('/_public/checkout', checkoutBody(shop.dhaka, { payment_method: 'cod' }));
    expect(mixed.json().errors).toEqual({ payment_method: [fullMessage] });
    const paid = await browser.post(
      '/_public/checkout',
      checkoutBody(shop.dhaka, { payment_method: 'sslcommerz', payment_purpose: 'full' }),
    );
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().order.lines).toHaveLength(2);
  });

  it('has no delivery charge to take in advance where delivery is free', async () => {
    await setPayment(OFFERED);
    const rule = await shop.admin.post('/api/admin/delivery-charges', { sub_city_id: shop.sylhet.sub_city_id, charge: 0 });
    expect(rule.statusCode, rule.body).toBe(201);
    const product = await stockedProduct(shop, 5);
    const count = await orderCount();
    const answer = await (await cartWith(product.variantId)).post(
      '/_public/checkout',
      checkoutBody(shop.sylhet, { payment_method: 'bkash', payment_purpose: 'delivery' }),
    );
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toEqual({
      payment_purpose: ['This order has no delivery charge to pay in advance; pay in full or on delivery.'],
    });
    expect(await orderCount()).toBe(count);
    expect((await shop.admin.delete(`/api/admin/delivery-charges/${rule.json().data.id}`)).statusCode).toBe(200);
  });
});

describe('other checkouts paid online', () => {
  it('places a landing page order awaiting its payment, and refuses cash on delivery for a product paid in full only', async () => {
    await setPayment(OFFERED);
    const product = await stockedProduct(shop, 4, { payment_rule: 'full' });
    const slug = `online-${randomUUID().slice(0, 8)}`;
    await db().insert(landingPages).values({ slug, productId: product.productId, headline: 'Pay online kurti', status: 1 });
    const form = (method: string, purpose?: string) => ({
      name: 'Rokeya Khatun',
      phone: freshPhone(),
      address: 'House 7, Road 3, Mirpur 10',
      ...shop.dhaka,
      variant_id: product.variantId,
      quantity: 1,
      payment_method: method,
      ...(purpose ? { payment_purpose: purpose } : {}),
      idempotency_key: randomUUID(),
    });
    const browser = await shopper(shop);
    const cod = await browser.post(`/_public/landing/${slug}/order`, form('cod'));
    expect(cod.statusCode, cod.body).toBe(422);
    expect(Object.keys(cod.json().errors)).toEqual(['payment_method']);
    const placed = await browser.post(`/_public/landing/${slug}/order`, form('bkash', 'full'));
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, pay_url } = placed.json();
    expect(order).toMatchObject({ type: 'landing', status: 1, payment_method: 'bkash', payment_status: 'awaiting' });
    expect(pay_url).toBe(payPath(shop.t.app.config, order));
    expect(await stockAndLedger(shop.t, product.variantId)).toEqual({ stock: 3, ledger: 3 });
  });

  it('places a reseller shop order awaiting its payment, with its pay link', async () => {
    await setPayment(OFFERED);
    const product = await stockedProduct(shop, 4);
    const slug = `shop-${randomUUID().slice(0, 8)}`;
    const [reseller] = await db()
      .insert(resellers)
      .values({
        name: 'Rina Akter',
        phone: '01823999001',
        passwordHash: 'not-a-password-hash',
        status: 'active',
        shopName: 'Rina’s Corner',
        slug,
        referralCode: 'RINA9001',
      })
      .returning();
    expect(reseller).toBeTruthy();
    const browser = await shopper(shop);
    const order = (method: string, purpose?: string) => ({
      name: 'Nasrin Sultana',
      phone: freshPhone(),
      address: 'House 12, Road 5, Uttara',
      ...shop.dhaka,
      lines: [{ variant_id: product.variantId, quantity: 1 }],
      payment_method: method,
      ...(purpose ? { payment_purpose: purpose } : {}),
      idempotency_key: randomUUID(),
    });
    const quote = await browser.post(`/_public/shop/${slug}/cart/quote`, { lines: [{ variant_id: product.variantId, quantity: 1 }] });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ payment_rule: 'any' });
    expect(quote.json().payment_methods.map((method: { code: string }) => method.code)).toEqual(['cod', 'bkash', 'sslcommerz']);

    const refused = await browser.post(`/_public/shop/${slug}/order`, order('sslcommerz', 'delivery'));
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['payment_purpose']);
    const body = order('bkash', 'delivery');
    const placed = await browser.post(`/_public/shop/${slug}/order`, body);
    expect(placed.statusCode, placed.body).toBe(201);
    const [row] = await db().select().from(orders).where(eq(orders.number, placed.json().number));
    expect(row).toMatchObject({ type: 'reseller', paymentMethod: 'bkash', paymentStatus: 'awaiting', paymentPurpose: 'delivery' });
    expect(placed.json().pay_url).toBe(payPath(shop.t.app.config, { id: row?.id as number, number: row?.number as string }));
    const again = await browser.post(`/_public/shop/${slug}/order`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().pay_url).toBe(placed.json().pay_url);
    const cod = await browser.post(`/_public/shop/${slug}/order`, order('cod'));
    expect(cod.statusCode, cod.body).toBe(201);
    expect(cod.json().pay_url).toBeNull();
    expect(
      (await db().select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, product.variantId)))[0],
    ).toEqual({ stock: 2 });
  });
});
