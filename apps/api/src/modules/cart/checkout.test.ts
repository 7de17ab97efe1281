import { randomUUID } from 'node:crypto';
import { checkoutQuoteSchema, checkoutResultSchema } from '@haat/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../customers/customer.table';
import { couponUses } from '../marketing/coupon.table';
import { daysFromNow } from '../marketing/marketing.fixture';
import { variantSalesMismatches } from '../orders';
import { addToCart, checkoutBody, freshPhone, openShop, type Shop, shopper, stockAndLedger, stockedProduct } from '../orders/order.fixture';
import { orderLines, orderStatusHistory, orders } from '../orders/order.table';
import { ledgerMismatches } from '../products';
import { stockMovements } from '../products/product.table';
import { cartItems } from './cart.table';

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.t.close());

async function createCoupon(body: Record<string, unknown>) {
  const response = await shop.admin.post('/api/admin/coupons', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; code: string };
}

async function ordersCount(where = eq(orders.type, 'website')) {
  const [row] = await shop.t.database.db.select({ n: count() }).from(orders).where(where);
  return row?.n ?? 0;
}

describe('POST /_public/checkout/quote', () => {
  it('works out the subtotal, the delivery charge by city and weight, and offers the payment methods', async () => {
    const light = await stockedProduct(shop, 10, { weight_grams: 300 });
    const heavy = await stockedProduct(shop, 10, { weight_grams: 900, retail_price: 250000, wholesale_price: 100000 });
    const browser = await shopper(shop);
    await addToCart(browser, light.variantId, 2);
    const inside = await browser.post('/_public/checkout/quote', shop.dhaka);
    expect(inside.statusCode, inside.body).toBe(200);
    expect(checkoutQuoteSchema.parse(inside.json())).toEqual({
      subtotal: 200000,
      delivery_charge: 7000,
      discount: 0,
      total: 207000,
      coupon: null,
      coupon_error: null,
      payment_methods: [{ code: 'cod', label: 'Cash on delivery', purposes: [] }],
      payment_rule: 'any',
    });
    expect((await browser.post('/_public/checkout/quote', shop.sylhet)).json()).toMatchObject({ delivery_charge: 13000, total: 213000 });
    // 0.6 kg + 0.9 kg = 1.5 kg: one started kilogram over the first adds ৳20.
    await addToCart(browser, heavy.variantId, 1);
    expect((await browser.post('/_public/checkout/quote', shop.dhaka)).json()).toMatchObject({
      subtotal: 450000,
      delivery_charge: 9000,
      total: 459000,
    });
    // Only the city: its default charge.
    expect((await browser.post('/_public/checkout/quote', { city_id: shop.sylhet.city_id })).json().delivery_charge).toBe(15000);
  });

  it('names a bad place or an empty cart', async () => {
    const browser = await shopper(shop);
    expect((await browser.post('/_public/checkout/quote', shop.dhaka)).json()).toEqual({
      message: 'Your cart is empty.',
      errors: { cart: ['Your cart is empty.'] },
    });
    await addToCart(browser, (await stockedProduct(shop, 3)).variantId);
    const wrongArea = await browser.post('/_public/checkout/quote', { city_id: shop.dhaka.city_id, sub_city_id: shop.sylhet.sub_city_id });
    expect(wrongArea.json().errors).toEqual({ sub_city_id: ['Choose an area of the chosen city.'] });
    expect((await browser.post('/_public/checkout/quote', {})).json().errors.city_id).toBeDefined();
  });

  it('applies a coupon, or says why it does not apply and quotes without it', async () => {
    await createCoupon({ code: 'QUOTE50', amount_off: 5000 });
    await createCoupon({ code: 'BIGSPEND', amount_off: 20000, min_order_total: 1000000 });
    const browser = await shopper(shop);
    await addToCart(browser, (await stockedProduct(shop, 5)).variantId, 1);
    expect((await browser.post('/_public/checkout/quote', { ...shop.dhaka, coupon: 'quote50' })).json()).toMatchObject({
      subtotal: 100000,
      discount: 5000,
      total: 102000,
      coupon: { code: 'QUOTE50', discount: 5000 },
      coupon_error: null,
    });
    expect((await browser.post('/_public/checkout/quote', { ...shop.dhaka, coupon: 'BIGSPEND' })).json()).toMatchObject({
      discount: 0,
      total: 107000,
      coupon: null,
      coupon_error: 'Your order total is below the minimum for this coupon code.',
    });
    expect((await browser.post('/_public/checkout/quote', { ...shop.dhaka, coupon: 'NOPE' })).json().coupon_error).toBe(
      'This coupon code does not exist.',
    );
  });
});

describe('POST /_public/checkout', () => {
  it('places a pending website order at server prices, whatever the request says', async () => {
    const item = await stockedProduct(shop, 5, { weight_grams: 500 });
    const browser = await shopper(shop);
    await addToCart(browser, item.variantId, 2);
    const body = checkoutBody(shop.sylhet, { note: 'Call before coming' });
    // A tampered request: prices, totals and status of its own. All are ignored.
    const tampered = {
      ...body,
      unit_price: 1,
      subtotal: 1,
      delivery_charge: 0,
      discount: 999999,
      total: 1,
      status: 5,
      cart_content: [{ variant_id: item.variantId, quantity: 2, unit_price: 1 }],
      lines: [{ variant_id: item.variantId, quantity: 1, unit_price: 1 }],
    };
    const response = await browser.post('/_public/checkout', tampered);
    expect(response.statusCode, response.body).toBe(201);
    const { order } = checkoutResultSchema.parse(response.json());
    expect(order).toMatchObject({
      number: expect.stringMatching(/^HB-1\d{5}$/),
      type: 'website',
      status: 1,
      status_label: 'Pending',
      customer_name: 'Sadia Islam',
      phone: body.phone,
      address: 'House 7, Road 3, Dhanmondi',
      city_id: shop.sylhet.city_id,
      city_name: 'Sylhet',
      subtotal: 200000,
      delivery_charge: 13000,
      discount: 0,
      total: 213000,
      payment_method: 'cod',
      payment_status: 'unpaid',
      note: 'Call before coming',
      lines: [
        {
          variant_id: item.variantId,
          product_id: item.productId,
          name: item.name,
          sku: item.sku,
          quantity: 2,
          unit_price: 100000,
          line_total: 200000,
        },
      ],
      history: [{ from_status: null, status: 1, status_label: 'Pending', admin_id: null }],
    });

    // The cart is empty, the stock reserved in the ledger, the buyer a customer without a password.
    expect((await browser.get('/_public/cartToContent')).json().item_count).toBe(0);
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 3, ledger: 3 });
    const db = shop.t.database.db;
    const [movement] = await db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.variantId, item.variantId), eq(stockMovements.kind, 'reservation')));
    expect(movement).toMatchObject({ quantity: -2, referenceType: 'order', referenceId: order.id });
    const [customer] = await db.select().from(customers).where(eq(customers.phone, body.phone));
    expect(customer).toMatchObject({ name: 'Sadia Islam', passwordHash: null });
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ customerId: customer?.id, source: 'Website', idempotencyKey: body.idempotency_key });
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line).toMatchObject({ wholesalePrice: 70000, purchaseCost: 50000 });

    // The back office sees it as a pending website order.
    const list = (await shop.admin.get(`/api/admin/orders?filter[status]=1&filter[type]=website&q=${order.number}`)).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ id: order.id, status: 1, type: 'website', total: 213000, item_count: 2 });
  });

  it('checks the form field by field', async () => {
    const browser = await shopper(shop);
    await addToCart(browser, (await stockedProduct(shop, 3)).variantId);
    const response = await browser.post('/_public/checkout', {
      name: 'S',
      phone: '12345',
      address: '',
      city_id: '',
      idempotency_key: 'not-a-uuid',
      payment_method: 'cheque',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'address',
      'city_id',
      'idempotency_key',
      'name',
      'payment_method',
      'phone',
      'sub_city_id',
    ]);
    expect(response.json().errors.phone).toEqual(['Enter a mobile number like 01712345678']);
    // +88 and spaces are the same number.
    const ok = await browser.post('/_public/checkout', checkoutBody(shop.dhaka, { phone: '+88 01812-000111' }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().order.phone).toBe('01812000111');
  });

  it('takes a gateway only once it is switched on, with the purpose it allows (decision 062)', async () => {
    const browser = await shopper(shop);
    await addToCart(browser, (await stockedProduct(shop, 3)).variantId);
    const off = await browser.post('/_public/checkout', checkoutBody(shop.dhaka, { payment_method: 'bkash', payment_purpose: 'full' }));
    expect(off.statusCode).toBe(422);
    expect(off.json().errors).toEqual({ payment_method: ['This payment method is not available. Please choose another.'] });
    const setup = await shop.admin.put('/api/admin/settings/payment', {
      cod_enabled: true,
      bkash_enabled: true,
      bkash_full: true,
      bkash_delivery: false,
      bkash_app_key: 'key',
      bkash_app_secret: 'secret',
      bkash_username: 'user',
      bkash_password: 'password',
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const quote = (await browser.post('/_public/checkout/quote', shop.dhaka)).json();
    expect(quote.payment_methods).toEqual([
      { code: 'cod', label: 'Cash on delivery', purposes: [] },
      { code: 'bkash', label: 'bKash', purposes: ['full'] },
    ]);
    expect((await browser.get('/api/get/site/info')).json().payment_methods).toEqual(quote.payment_methods);
    const advance = await browser.post(
      '/_public/checkout',
      checkoutBody(shop.dhaka, { payment_method: 'bkash', payment_purpose: 'delivery' }),
    );
    expect(advance.statusCode).toBe(422);
    expect(Object.keys(advance.json().errors)).toEqual(['payment_purpose']);
    const placed = await browser.post('/_public/checkout', checkoutBody(shop.dhaka, { payment_method: 'bkash', payment_purpose: 'full' }));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({ payment_method: 'bkash', payment_status: 'awaiting' });
    const reset = await shop.admin.put('/api/admin/settings/payment', { cod_enabled: true, bkash_enabled: false });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('is refused while the shop is not taking orders', async () => {
    const browser = await shopper(shop);
    await addToCart(browser, (await stockedProduct(shop, 3)).variantId);
    const configuration = (await shop.admin.get('/api/admin/settings/configuration')).json().data;
    expect((await shop.admin.put('/api/admin/settings/configuration', { ...configuration, orders_enabled: false })).statusCode).toBe(200);
    const before = await ordersCount();
    const refused = await browser.post('/_public/checkout', checkoutBody(shop.dhaka));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('The shop is not taking orders right now. Please try again later.');
    expect(await ordersCount()).toBe(before);
    expect((await browser.get('/_public/cartToContent')).json().item_count).toBe(1);
    await shop.admin.put('/api/admin/settings/configuration', { ...configuration, orders_enabled: true });
    expect((await browser.post('/_public/checkout', checkoutBody(shop.dhaka))).statusCode).toBe(201);
  });

  it('refuses lines that cannot be bought, naming each', async () => {
    const browser = await shopper(shop);
    const hidden = await stockedProduct(shop, 3);
    const scarce = await stockedProduct(shop, 3);
    await addToCart(browser, hidden.variantId);
    await addToCart(browser, scarce.variantId, 3);
    await shop.admin.post('/api/admin/products/bulk', { action: 'unpublish', ids: [hidden.productId] });
    const unavailable = await browser.post('/_public/checkout', checkoutBody(shop.dhaka));
    expect(unavailable.statusCode).toBe(422);
    expect(unavailable.json().errors).toEqual({ [`cart.${hidden.variantId}`]: [`${hidden.name} is no longer available; remove it.`] });
    await browser.delete(`/_public/cart/${hidden.variantId}`);
    // Someone bought one meanwhile: the checkout does not quietly sell fewer.
    await shop.admin.post(`/api/admin/products/${scarce.productId}/stock`, {
      variant_id: scarce.variantId,
      quantity: -1,
      reason: 'Counter',
    });
    const short = await browser.post('/_public/checkout', checkoutBody(shop.dhaka));
    expect(short.json()).toEqual({
      message: `Only 2 of ${scarce.name} are left; the order asks for 3.`,
      errors: { [`cart.${scarce.variantId}`]: [`Only 2 of ${scarce.name} are left; the order asks for 3.`] },
    });
    expect(await stockAndLedger(shop.t, scarce.variantId)).toEqual({ stock: 2, ledger: 2 });
  });
});

describe('coupons through the checkout', () => {
  it('takes the discount off and records the use; the same phone cannot use it again', async () => {
    const coupon = await createCoupon({ code: 'SAVE100', amount_off: 10000 });
    const phone = freshPhone();
    const first = await shopper(shop);
    await addToCart(first, (await stockedProduct(shop, 5)).variantId, 2);
    const placed = await first.post('/_public/checkout', checkoutBody(shop.dhaka, { phone, coupon: 'save100' }));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({
      subtotal: 200000,
      delivery_charge: 7000,
      discount: 10000,
      total: 197000,
      coupon_code: 'SAVE100',
    });
    const [use] = await shop.t.database.db.select().from(couponUses).where(eq(couponUses.couponId, coupon.id));
    expect(use).toMatchObject({ orderId: placed.json().order.id, phone, discount: 10000, channel: 'website' });

    // The same buyer (by phone), from another browser: used once per customer by default.
    const again = await shopper(shop);
    await addToCart(again, (await stockedProduct(shop, 5)).variantId, 1);
    const refused = await again.post('/_public/checkout', checkoutBody(shop.dhaka, { phone, coupon: 'SAVE100' }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ coupon: ['You have already used this coupon code.'] });
    expect((await again.get('/_public/cartToContent')).json().item_count).toBe(1);
  });

  it('applies percentage caps, minimums, first-order-only and expiry rules', async () => {
    await createCoupon({ code: 'TENPC', discount_type: 'percent', percent_off: 10, max_discount: 15000, per_customer_limit: '' });
    await createCoupon({ code: 'FIRSTBUY', amount_off: 5000, first_order_only: true });
    await createCoupon({ code: 'OLDCODE', amount_off: 5000, starts_at: daysFromNow(-3), ends_at: daysFromNow(-1) });
    const item = await stockedProduct(shop, 20, { retail_price: 300000, wholesale_price: 100000 });
    const phone = freshPhone();
    const place = async (coupon: string, quantity = 1) => {
      const browser = await shopper(shop);
      await addToCart(browser, item.variantId, quantity);
      return browser.post('/_public/checkout', checkoutBody(shop.dhaka, { phone, coupon }));
    };
    // 10% of ৳3,000 is ৳300, capped at ৳150.
    expect((await place('TENPC')).json().order.discount).toBe(15000);
    // Not a first order any more for this phone.
    expect((await place('FIRSTBUY')).json().errors).toEqual({ coupon: ['This coupon code is only for your first order.'] });
    expect((await place('OLDCODE')).json().errors).toEqual({ coupon: ['This coupon code has expired.'] });
    const firstTimer = await shopper(shop);
    await addToCart(firstTimer, item.variantId, 1);
    const welcomed = await firstTimer.post('/_public/checkout', checkoutBody(shop.dhaka, { coupon: 'FIRSTBUY' }));
    expect(welcomed.json().order).toMatchObject({ discount: 5000, total: 300000 + 7000 - 5000 });
  });
});

describe('idempotent placement', () => {
  it('answers a repeated submit with the same order and 200', async () => {
    const item = await stockedProduct(shop, 5);
    const browser = await shopper(shop);
    await addToCart(browser, item.variantId, 1);
    const body = checkoutBody(shop.dhaka);
    const first = await browser.post('/_public/checkout', body);
    expect(first.statusCode).toBe(201);
    const second = await browser.post('/_public/checkout', body);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await ordersCount(eq(orders.idempotencyKey, body.idempotency_key))).toBe(1);
    expect((await stockAndLedger(shop.t, item.variantId)).stock).toBe(4);
    // The same key from another browser (another cart) is another checkout.
    const other = await shopper(shop);
    await addToCart(other, item.variantId, 1);
    expect((await other.post('/_public/checkout', body)).statusCode).toBe(201);
  });

  it('makes one order from two submits at once (a double click)', async () => {
    const item = await stockedProduct(shop, 5);
    const browser = await shopper(shop);
    await addToCart(browser, item.variantId, 2);
    const body = checkoutBody(shop.dhaka);
    const answers = await Promise.all([browser.post('/_public/checkout', body), browser.post('/_public/checkout', body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]?.json().order.id).toBe(answers[1]?.json().order.id);
    expect(await ordersCount(eq(orders.idempotencyKey, body.idempotency_key))).toBe(1);
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 3, ledger: 3 });
    // Two different keys from one cart at once: the cart is ordered once; the other finds it empty.
    await addToCart(browser, item.variantId, 1);
    const twice = await Promise.all([
      browser.post('/_public/checkout', checkoutBody(shop.dhaka)),
      browser.post('/_public/checkout', checkoutBody(shop.dhaka)),
    ]);
    expect(twice.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect((await stockAndLedger(shop.t, item.variantId)).stock).toBe(2);
  });
});

describe('the last unit', () => {
  it('goes to exactly one of two buyers at once; the other hears it is out of stock', async () => {
    const item = await stockedProduct(shop, 1);
    const buyers = [await shopper(shop), await shopper(shop)];
    for (const buyer of buyers) await addToCart(buyer, item.variantId, 1);
    const answers = await Promise.all(buyers.map((buyer) => buyer.post('/_public/checkout', checkoutBody(shop.dhaka))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    const refused = answers.find((answer) => answer.statusCode === 422);
    expect(refused?.json()).toEqual({
      message: `${item.name} is out of stock.`,
      errors: { [`cart.${item.variantId}`]: [`${item.name} is out of stock.`] },
    });
    const [line] = await shop.t.database.db.select({ n: count() }).from(orderLines).where(eq(orderLines.variantId, item.variantId));
    expect(line?.n).toBe(1);
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 0, ledger: 0 });
    expect(await ledgerMismatches(shop.t.database.db)).toEqual([]);
    expect(await variantSalesMismatches(shop.t.database.db)).toEqual([]);
    // The loser's cart still holds the line, now marked out of stock.
    const loser = buyers[answers.indexOf(refused as (typeof answers)[number])];
    expect((await loser?.get('/_public/cartToContent'))?.json().cart_content[0].problem).toBe('out_of_stock');
  });

  it('sells exactly the stock to many buyers at once, with no order half-written', async () => {
    const item = await stockedProduct(shop, 5);
    const buyers = await Promise.all(Array.from({ length: 12 }, () => shopper(shop)));
    for (const buyer of buyers) await addToCart(buyer, item.variantId, 1);
    const answers = await Promise.all(buyers.map((buyer) => buyer.post('/_public/checkout', checkoutBody(shop.dhaka))));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(7);
    const db = shop.t.database.db;
    const placed = await db.selectDistinct({ id: orderLines.orderId }).from(orderLines).where(eq(orderLines.variantId, item.variantId));
    expect(placed).toHaveLength(5);
    // Every order written has its first history row: nothing half-written by the refused ones.
    const [histories] = await db.select({ n: count() }).from(orderStatusHistory).where(eq(orderStatusHistory.toStatus, 1));
    const [all] = await db.select({ n: count() }).from(orders);
    expect(histories?.n).toBe(all?.n);
    expect(await stockAndLedger(shop.t, item.variantId)).toEqual({ stock: 0, ledger: 0 });
    const [left] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.variantId, item.variantId));
    expect(left?.n).toBe(7);
  });
});

describe('the signed-in customer', () => {
  it('orders as themselves and is found by their own key scope', async () => {
    const browser = await shopper(shop);
    const registered = await browser.post('/_public/register', {
      name: 'Rafiq Ahmed',
      phone: '01511000777',
      password: 'rafiq-password-1',
      password_confirmation: 'rafiq-password-1',
    });
    expect(registered.statusCode).toBe(201);
    await addToCart(browser, (await stockedProduct(shop, 3)).variantId);
    // Ordering as a gift: another name and phone on the parcel, still the customer's order.
    const placed = await browser.post(
      '/_public/checkout',
      checkoutBody(shop.dhaka, { name: 'Rafiq’s Mother', idempotency_key: randomUUID() }),
    );
    expect(placed.statusCode).toBe(201);
    const [row] = await shop.t.database.db.select().from(orders).where(eq(orders.id, placed.json().order.id));
    expect(row).toMatchObject({ customerId: registered.json().user.id, idempotencyScope: `customer:${registered.json().user.id}` });
  });
});
