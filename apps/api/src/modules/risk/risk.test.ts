import { ADVANCE_HOLD_NOTE, DEFAULT_FRAUD_SETTING, type FraudSetting } from '@haat/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../context';
import { FakeCourierServer, PATHAO_LOGIN, STEADFAST_KEYS } from '../../integrations/couriers/courier-server.fixture';
import { forgetPathaoTokens } from '../../integrations/couriers/pathao';
import { moveOrderStatus } from '../orders';
import { addToCart, checkoutBody, freshPhone, openShop, type Shop, shopper, stockedProduct } from '../orders/order.fixture';
import { orders } from '../orders/order.table';
import { smsLog } from '../sms/sms-log.table';
import { checkoutMarks, courierPhoneRecords, fraudRefusals } from './risk.table';

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.t.close());

const db = () => shop.t.database.db;

async function setFraud(changes: Partial<FraudSetting>) {
  const response = await shop.admin.put('/api/admin/settings/fraud', { ...DEFAULT_FRAUD_SETTING, ...changes });
  expect(response.statusCode, response.body).toBe(200);
}

/** A shopper with one unit of a fresh product in the cart. */
async function buyer(variantId: number, quantity = 1) {
  const browser = await shopper(shop);
  await addToCart(browser, variantId, quantity);
  return browser;
}

async function refusals(phone: string) {
  return db().select().from(fraudRefusals).where(eq(fraudRefusals.phone, phone)).orderBy(desc(fraudRefusals.id));
}

/** Orders for the phone, moved to the given ends (5 delivered, 6 returned, 7 cancelled). */
async function history(phone: string, ends: (5 | 6 | 7)[]) {
  const product = await stockedProduct(shop, ends.length + 5);
  for (const end of ends) {
    const browser = await buyer(product.variantId);
    const placed = await browser.post('/_public/checkout', checkoutBody(shop.dhaka, { phone }));
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().order.id as number;
    const path = end === 7 ? [7] : [2, 3, 4, end];
    for (const to of path) await moveOrderStatus(systemCtx(db()), { orderIds: [id], to: to as 2 });
  }
}

describe('caps per phone and IP address', () => {
  it('takes exactly the cap of 20 checkouts of one phone at once, and refuses the rest clearly and logged', async () => {
    await setFraud({ phone_orders_per_hour: 3 });
    const product = await stockedProduct(shop, 100);
    const phone = freshPhone();
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer(product.variantId)));
    const answers = await Promise.all(buyers.map((each) => each.post('/_public/checkout', checkoutBody(shop.dhaka, { phone }))));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(
      codes.filter((code) => code === 201),
      answers.map((a) => a.body).join('\n'),
    ).toHaveLength(3);
    expect(codes.filter((code) => code === 429)).toHaveLength(17);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.json()).toEqual({
      message: expect.stringContaining('This phone number has placed 3 orders in the last hour'),
      errors: { phone: [expect.stringContaining('the most the shop takes')] },
    });
    const [placed] = await db().select({ n: count() }).from(orders).where(eq(orders.customerPhone, phone));
    expect(placed?.n).toBe(3);
    const logged = await refusals(phone);
    expect(logged).toHaveLength(17);
    expect(logged[0]).toMatchObject({ reason: 'phone_cap', channel: 'website', ip: '127.0.0.1' });
    // The log lists them for staff.
    const list = await shop.admin.get(`/api/admin/fraud/log?q=${phone}&filter[reason]=phone_cap`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().total).toBe(17);
  });

  it('takes exactly the cap of 20 checkouts from one IP address at once (different phones)', async () => {
    const [before] = await db().select({ n: count() }).from(checkoutMarks).where(eq(checkoutMarks.ip, '127.0.0.1'));
    const cap = (before?.n ?? 0) + 4;
    await setFraud({ ip_orders_per_hour: cap });
    const product = await stockedProduct(shop, 100);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer(product.variantId)));
    const answers = await Promise.all(buyers.map((each) => each.post('/_public/checkout', checkoutBody(shop.dhaka))));
    const codes = answers.map((answer) => answer.statusCode);
    expect(
      codes.filter((code) => code === 201),
      answers.map((a) => a.body).join('\n'),
    ).toHaveLength(4);
    expect(codes.filter((code) => code === 429)).toHaveLength(16);
    expect(answers.find((answer) => answer.statusCode === 429)?.json().message).toBe(
      'Too many orders from your network in the last hour. Please try again later, or call the shop to order.',
    );
    await setFraud({});
  });

  it('refuses more of one product than the shop allows, on the line', async () => {
    await setFraud({ max_quantity_per_product: 2 });
    const product = await stockedProduct(shop, 10);
    const phone = freshPhone();
    const browser = await buyer(product.variantId, 3);
    const answer = await browser.post('/_public/checkout', checkoutBody(shop.dhaka, { phone }));
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json().errors[`cart.${product.variantId}`]?.[0]).toMatch(/^You can order at most 2 of .+ in one order\.$/);
    expect((await refusals(phone))[0]?.reason).toBe('max_quantity');
    // The order's transaction rolled back: the cart still holds the line.
    const twoOk = await buyer(product.variantId, 2);
    expect((await twoOk.post('/_public/checkout', checkoutBody(shop.dhaka, { phone }))).statusCode).toBe(201);
    await setFraud({});
  });
});

describe('blocklist', () => {
  it('refuses a blocked phone until its entry expires, and an expired entry blocks nothing', async () => {
    const product = await stockedProduct(shop, 20);
    const phone = freshPhone();
    const added = await shop.admin.post('/api/admin/blocklist', {
      kind: 'phone',
      value: `+88${phone}`,
      reason: 'Refused three parcels',
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(added.statusCode, added.body).toBe(201);
    const entry = added.json().data;
    expect(entry).toMatchObject({ kind: 'phone', value: phone, active: true });

    const refused = await (await buyer(product.variantId)).post('/_public/checkout', checkoutBody(shop.dhaka, { phone }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Orders from this phone number are not accepted. Please call the shop.',
      errors: { phone: ['Orders from this phone number are not accepted. Please call the shop.'] },
    });
    expect((await refusals(phone))[0]).toMatchObject({ reason: 'blocked_phone' });

    // The same phone twice is refused; staff see its badge.
    const again = await shop.admin.post('/api/admin/blocklist', { kind: 'phone', value: phone, reason: 'Again' });
    expect(again.json().errors).toEqual({ value: ['This is on the blocklist already: edit its entry.'] });
    expect((await shop.admin.get(`/api/admin/risk/phones?phones=${phone}`)).json().data[phone]).toMatchObject({ badge: 'blocked' });

    // Expired an hour ago: the phone orders again, and the list calls the entry expired.
    const expired = await shop.admin.put(`/api/admin/blocklist/${entry.id}`, {
      kind: 'phone',
      value: phone,
      reason: 'Refused three parcels',
      expires_at: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(expired.statusCode, expired.body).toBe(200);
    const list = await shop.admin.get('/api/admin/blocklist?filter[state]=expired');
    expect(list.json().data.map((row: { value: string }) => row.value)).toContain(phone);
    const placed = await (await buyer(product.variantId)).post('/_public/checkout', checkoutBody(shop.dhaka, { phone }));
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('refuses an IP address while it is listed, and checks what is listed', async () => {
    const product = await stockedProduct(shop, 20);
    const bad = await shop.admin.post('/api/admin/blocklist', { kind: 'ip', value: '999.1.1.1', reason: 'Fake orders' });
    expect(bad.json().errors).toEqual({ value: ['Enter an IP address like 103.15.42.7'] });
    const added = await shop.admin.post('/api/admin/blocklist', { kind: 'ip', value: '127.0.0.1', reason: 'Fake orders' });
    expect(added.statusCode, added.body).toBe(201);
    const refused = await (await buyer(product.variantId)).post('/_public/checkout', checkoutBody(shop.dhaka));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Orders from your network are not accepted at the moment. Please call the shop to order.');
    expect((await shop.admin.delete(`/api/admin/blocklist/${added.json().data.id}`)).statusCode).toBe(200);
    expect((await (await buyer(product.variantId)).post('/_public/checkout', checkoutBody(shop.dhaka))).statusCode).toBe(201);
  });
});

async function codeSentTo(phone: string): Promise<string> {
  const [sms] = await db()
    .select({ message: smsLog.message })
    .from(smsLog)
    .where(and(eq(smsLog.purpose, 'checkout_code'), eq(smsLog.recipients, `88${phone}`)))
    .orderBy(desc(smsLog.id))
    .limit(1);
  const code = /^(\d{6}) is your code/.exec(sms?.message ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

describe('a code by SMS at checkout', () => {
  it('asks a new phone for the code, refuses a wrong one, and places the order with the right one', async () => {
    await setFraud({ otp_enabled: true, otp_phones: 'risky_and_new' });
    const product = await stockedProduct(shop, 20);
    const phone = freshPhone();
    const browser = await buyer(product.variantId);
    const body = checkoutBody(shop.dhaka, { phone });
    const asked = await browser.post('/_public/checkout', body);
    expect(asked.statusCode).toBe(428);
    expect(asked.json()).toEqual({
      message: `We sent a code by SMS to ${phone}. Enter it to place your order.`,
      errors: { otp_code: [`We sent a code by SMS to ${phone}. Enter it to place your order.`] },
    });
    const code = await codeSentTo(phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await browser.post('/_public/checkout', { ...body, otp_code: wrongCode });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.otp_code).toEqual(['That code is not right. Check the SMS and try again (4 tries left).']);
    const malformed = await browser.post('/_public/checkout', { ...body, otp_code: '12ab' });
    expect(malformed.json().errors.otp_code).toEqual(['Enter the 6-digit code from the SMS']);
    const placed = await browser.post('/_public/checkout', { ...body, otp_code: code });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await refusals(phone)).map((row) => row.reason)).toEqual(['otp_wrong', 'otp_required']);
    // No second SMS was needed; the code is kept only as a hash.
    const [sent] = await db().select({ n: count() }).from(smsLog).where(eq(smsLog.purpose, 'checkout_code'));
    expect(sent?.n).toBe(1);
  });

  it('ends a code after five wrong tries', async () => {
    const product = await stockedProduct(shop, 20);
    const phone = freshPhone();
    const browser = await buyer(product.variantId);
    const body = checkoutBody(shop.dhaka, { phone });
    expect((await browser.post('/_public/checkout', body)).statusCode).toBe(428);
    const code = await codeSentTo(phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) await browser.post('/_public/checkout', { ...body, otp_code: wrongCode });
    const last = await browser.post('/_public/checkout', { ...body, otp_code: code });
    expect(last.statusCode).toBe(429);
    expect(last.json().errors.otp_code).toEqual(['Too many wrong codes. Leave the code empty and place the order again for a new one.']);
  });

  it('lets a good phone through without a code, and asks only risky phones when set so', async () => {
    const good = freshPhone();
    await setFraud({});
    await history(good, [5]);
    await setFraud({ otp_enabled: true, otp_phones: 'risky' });
    const product = await stockedProduct(shop, 20);
    const goodAnswer = await (await buyer(product.variantId)).post('/_public/checkout', checkoutBody(shop.dhaka, { phone: good }));
    expect(goodAnswer.statusCode, goodAnswer.body).toBe(201);
    const newAnswer = await (await buyer(product.variantId)).post('/_public/checkout', checkoutBody(shop.dhaka, { phone: freshPhone() }));
    expect(newAnswer.statusCode, newAnswer.body).toBe(201);
    await setFraud({});
  });
});

describe('phone history and risky phones', () => {
  it('counts a phone across channels, calls it risky by the shop’s rule, and holds its order for an advance', async () => {
    const phone = freshPhone();
    await setFraud({});
    await history(phone, [6, 6, 5, 7]);
    const answer = await shop.admin.get(`/api/admin/risk/phone/${phone}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      phone,
      orders: 4,
      delivered: 1,
      returned: 2,
      cancelled: 1,
      open: 0,
      success_ratio: 25,
      badge: 'risky',
      reason: '25% delivered of 4 finished orders (below 60%).',
      blocked: null,
    });
    expect(answer.json().data.recent).toHaveLength(4);
    expect((await shop.admin.get('/api/admin/risk/phone/12345')).statusCode).toBe(422);
    const many = await shop.admin.get(`/api/admin/risk/phones?phones=${phone},01700000000`);
    expect(many.json().data['01700000000']).toMatchObject({ orders: 0, badge: 'new', success_ratio: null });

    await setFraud({ advance_for_risky: true });
    const product = await stockedProduct(shop, 5);
    const placed = await (await buyer(product.variantId)).post('/_public/checkout', checkoutBody(shop.dhaka, { phone }));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({ status: 8 });
    const view = await shop.admin.get(`/api/admin/orders/${placed.json().order.id}`);
    expect(JSON.stringify(view.json())).toContain(ADVANCE_HOLD_NOTE);
    await setFraud({});
  });

  it('refuses a risky phone cash on delivery while a gateway takes the advance, and lets it pay online (decision 062)', async () => {
    const phone = freshPhone();
    await setFraud({});
    await history(phone, [6, 6, 7]);
    await setFraud({ advance_for_risky: true });
    const payment = async (values: Record<string, unknown>) => {
      const saved = await shop.admin.put('/api/admin/settings/payment', values);
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const bkash = {
      bkash_enabled: true,
      bkash_mode: 'standin',
      bkash_app_key: 'standin-app-key-0002',
      bkash_app_secret: 'standin-app-secret-0002',
      bkash_username: 'standinUser',
      bkash_password: 'standin-Password-02',
    };
    await payment({ cod_enabled: true, ...bkash, bkash_full: true, bkash_delivery: true });
    const product = await stockedProduct(shop, 5);
    const before = (await db().select({ n: count() }).from(orders).where(eq(orders.customerPhone, phone)))[0]?.n;
    const cod = await (await buyer(product.variantId)).post('/_public/checkout', checkoutBody(shop.dhaka, { phone }));
    expect(cod.statusCode, cod.body).toBe(422);
    expect(cod.json().errors).toEqual({ payment_method: ['Please pay the delivery charge online to confirm this order.'] });
    expect((await db().select({ n: count() }).from(orders).where(eq(orders.customerPhone, phone)))[0]?.n).toBe(before);
    expect((await refusals(phone))[0]).toMatchObject({ reason: 'advance_required', channel: 'website' });

    // Paying the delivery charge online, the order awaits its payment: not on hold.
    const online = await (await buyer(product.variantId)).post(
      '/_public/checkout',
      checkoutBody(shop.dhaka, { phone, payment_method: 'bkash', payment_purpose: 'delivery' }),
    );
    expect(online.statusCode, online.body).toBe(201);
    expect(online.json().order).toMatchObject({ status: 1, payment_status: 'awaiting', payment_method: 'bkash' });
    expect(online.json().pay_url).toContain('/pay/');

    // A gateway that takes only the full payment: cash on delivery is refused all the same.
    await payment({ bkash_full: true, bkash_delivery: false });
    const full = await (await buyer(product.variantId)).post('/_public/checkout', checkoutBody(shop.dhaka, { phone }));
    expect(full.json().errors).toEqual({ payment_method: ['Please pay online to confirm this order.'] });

    // No gateway on: the order is placed on hold for the advance, as before.
    await payment({ bkash_enabled: false });
    const held = await (await buyer(product.variantId)).post('/_public/checkout', checkoutBody(shop.dhaka, { phone }));
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json()).toMatchObject({ order: { status: 8, payment_method: 'cod' }, pay_url: null });
    await setFraud({});
  });

  it('answers the staff routes only to staff who read orders', async () => {
    const guest = await shopper(shop);
    expect((await guest.get('/api/admin/risk/phone/01711111111')).statusCode).toBe(401);
    expect((await guest.get('/api/admin/blocklist')).statusCode).toBe(401);
  });
});

describe('what the couriers say of a phone', () => {
  it('asks each connected courier once a day, keeps the answer, and names a courier that does not answer', async () => {
    const server = await new FakeCourierServer().start();
    forgetPathaoTokens();
    try {
      const phone = freshPhone();
      const none = await shop.admin.get(`/api/admin/risk/phone/${phone}/courier`);
      expect(none.json().data).toEqual({ phone, couriers: [], problems: [] });
      server.customerRecords.set(phone, { delivered: 7, returned: 3 });
      const steadfast = {
        enabled: true,
        base_url: server.steadfastUrl,
        api_key: STEADFAST_KEYS.apiKey,
        secret_key: STEADFAST_KEYS.secretKey,
      };
      expect((await shop.admin.put('/api/admin/courier/api/steadfast', steadfast)).statusCode).toBe(200);
      const pathao = {
        enabled: true,
        base_url: server.url,
        client_id: PATHAO_LOGIN.clientId,
        client_secret: PATHAO_LOGIN.clientSecret,
        username: PATHAO_LOGIN.username,
        password: PATHAO_LOGIN.password,
        store_id: PATHAO_LOGIN.storeId,
      };
      expect((await shop.admin.put('/api/admin/courier/api/pathao', pathao)).statusCode).toBe(200);
      const first = await shop.admin.get(`/api/admin/risk/phone/${phone}/courier`);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data.couriers).toEqual([
        expect.objectContaining({ provider: 'pathao', courier: 'Pathao Courier', delivered: 7, returned: 3, total: 10, success_ratio: 70 }),
        expect.objectContaining({
          provider: 'steadfast',
          courier: 'Steadfast Courier',
          delivered: 7,
          returned: 3,
          total: 10,
          success_ratio: 70,
        }),
      ]);
      const asked = server.callsTo('fraud_check').length + server.callsTo('user/success').length;
      expect(asked).toBe(2);
      // Within the day the answer comes from the cache: no courier is asked again.
      await shop.admin.get(`/api/admin/risk/phone/${phone}/courier`);
      expect(server.callsTo('fraud_check').length + server.callsTo('user/success').length).toBe(2);
      expect(await db().select().from(courierPhoneRecords).where(eq(courierPhoneRecords.phone, phone))).toHaveLength(2);

      // Another phone while the couriers are down: no figure, and each courier named in words staff read.
      const other = freshPhone();
      await server.close();
      const down = await shop.admin.get(`/api/admin/risk/phone/${other}/courier`);
      expect(down.statusCode, down.body).toBe(200);
      expect(down.json().data.couriers).toEqual([]);
      expect(down.json().data.problems).toEqual([
        expect.stringContaining('could not be reached'),
        expect.stringContaining('could not be reached'),
      ]);
    } finally {
      await shop.admin.put('/api/admin/courier/api/steadfast', { enabled: false });
      await shop.admin.put('/api/admin/courier/api/pathao', { enabled: false });
    }
  });
});
