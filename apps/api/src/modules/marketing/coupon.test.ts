import { COUPON_REFUSALS } from '@haat/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { createTestApp, TEST_DB_KIND, type TestApp, type TestBrowser } from '../../test/harness';
import { customers } from '../customers/customer.table';
import { type CouponRequest, checkCoupon, recordCouponUse } from './coupon.service';
import { coupons, couponUses } from './coupon.table';
import { daysFromNow, staffWith } from './marketing.fixture';

let t: TestApp;
let owner: TestBrowser;
let db: Db;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.browser();
  await owner.loginAdmin();
  db = t.database.db;
  const [customer] = await db.insert(customers).values({ name: 'Ayesha Siddiqua', phone: '01811000999' }).returning({ id: customers.id });
  customerId = customer?.id as number;
});
afterAll(() => t.close());

async function createCoupon(body: Record<string, unknown>) {
  const response = await owner.post('/api/admin/coupons', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; code: string; [key: string]: unknown };
}

const order = (code: string, extra: Partial<CouponRequest & { orderId: number }> = {}): CouponRequest & { orderId?: number } => ({
  code,
  subtotal: 150000,
  phone: '01712000001',
  channel: 'website',
  isFirstOrder: false,
  ...extra,
});

/** Records a use in a transaction of its own, like a checkout would. */
const use = (request: CouponRequest) => db.transaction((tx) => recordCouponUse(tx, request));

describe('coupon validation by field', () => {
  it('keeps codes in capitals, unique whatever their case', async () => {
    const created = await createCoupon({ code: ' welcome100 ', amount_off: 10000 });
    expect(created).toMatchObject({ code: 'WELCOME100', discount_type: 'amount', per_customer_limit: 1, for_website: true, used_count: 0 });
    const again = await owner.post('/api/admin/coupons', { code: 'Welcome100', amount_off: 5000 });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code).toEqual(['Another coupon already uses this code.']);
    const spaced = await owner.post('/api/admin/coupons', { code: 'EID 10', amount_off: 5000 });
    expect(spaced.json().errors.code).toEqual(['Use letters, digits, - and _ only, without spaces']);
  });

  it('names each wrong field at once', async () => {
    const response = await owner.post('/api/admin/coupons', {
      code: 'X',
      discount_type: 'percent',
      usage_limit: 5,
      per_customer_limit: 10,
      starts_at: daysFromNow(3),
      ends_at: daysFromNow(1),
      for_website: false,
      for_reseller: false,
      min_order_total: -5,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      code: ['Use at least 3 characters'],
      min_order_total: ['The minimum order total cannot be negative'],
      percent_off: ['Enter the percentage off'],
      ends_at: ['The coupon must end after it starts'],
      for_website: ['Allow the code on website orders, reseller orders or both'],
      per_customer_limit: ['The limit per customer cannot be above the usage limit'],
    });
  });

  it('keeps a cap only for a percentage', async () => {
    const capped = await createCoupon({ code: 'CAP10', discount_type: 'percent', percent_off: 10, max_discount: 30000 });
    expect(capped).toMatchObject({ percent_off: 10, amount_off: null, max_discount: 30000 });
    const amount = await createCoupon({ code: 'FLAT50', discount_type: 'amount', amount_off: 5000, max_discount: 30000 });
    expect(amount).toMatchObject({ amount_off: 5000, max_discount: null });
  });
});

describe('the coupon rules', () => {
  it('gives the discount: an amount, a capped percentage, never more than the subtotal', async () => {
    await createCoupon({ code: 'AMT200', amount_off: 20000, per_customer_limit: '' });
    await createCoupon({ code: 'PCT15', discount_type: 'percent', percent_off: 15, max_discount: 10000, per_customer_limit: '' });
    expect(await checkCoupon(db, order('amt200'))).toMatchObject({ ok: true, code: 'AMT200', discount: 20000 });
    expect(await checkCoupon(db, order('AMT200', { subtotal: 15000 }))).toMatchObject({ ok: true, discount: 15000 });
    // 15% of ৳500 is ৳75; of ৳1,500 it would be ৳225, capped at ৳100.
    expect(await checkCoupon(db, order('PCT15', { subtotal: 50000 }))).toMatchObject({ ok: true, discount: 7500 });
    expect(await checkCoupon(db, order('PCT15'))).toMatchObject({ ok: true, discount: 10000 });
  });

  it('refuses with one clear message per rule', async () => {
    await createCoupon({ code: 'OFFCODE', amount_off: 1000, status: 0 });
    await createCoupon({ code: 'LATER', amount_off: 1000, starts_at: daysFromNow(1) });
    await createCoupon({ code: 'OVER', amount_off: 1000, starts_at: daysFromNow(-10), ends_at: daysFromNow(-1) });
    await createCoupon({ code: 'SHOPONLY', amount_off: 1000, for_website: true, for_reseller: false });
    await createCoupon({ code: 'RESELLONLY', amount_off: 1000, for_website: false, for_reseller: true });
    await createCoupon({ code: 'FIRST', amount_off: 1000, first_order_only: true });
    await createCoupon({ code: 'MIN1000', amount_off: 1000, min_order_total: 100000 });

    const expectRefusal = async (request: CouponRequest, reason: keyof typeof COUPON_REFUSALS) =>
      expect(await checkCoupon(db, request)).toEqual({ ok: false, reason, message: COUPON_REFUSALS[reason] });
    await expectRefusal(order('NOPE'), 'not_found');
    await expectRefusal(order('OFFCODE'), 'inactive');
    await expectRefusal(order('LATER'), 'not_started');
    await expectRefusal(order('OVER'), 'expired');
    await expectRefusal(order('SHOPONLY', { channel: 'reseller' }), 'wrong_channel');
    await expectRefusal(order('RESELLONLY'), 'wrong_channel');
    await expectRefusal(order('FIRST'), 'first_order_only');
    await expectRefusal(order('MIN1000', { subtotal: 99999 }), 'below_minimum');

    expect((await checkCoupon(db, order('RESELLONLY', { channel: 'reseller' }))).ok).toBe(true);
    expect((await checkCoupon(db, order('FIRST', { isFirstOrder: true }))).ok).toBe(true);
    expect((await checkCoupon(db, order('MIN1000', { subtotal: 100000 }))).ok).toBe(true);
    // A coupon that has not started applies once its time comes.
    expect((await checkCoupon(db, order('LATER'), new Date(Date.now() + 2 * 24 * 60 * 60 * 1000))).ok).toBe(true);
  });

  it('counts uses per code and per customer (by account or by phone), and records each use', async () => {
    await createCoupon({ code: 'TWICE', amount_off: 5000, usage_limit: 2, per_customer_limit: 1 });
    const first = await use(order('twice', { customerId, phone: '+88 01811-000999', orderId: 41 }));
    expect(first).toMatchObject({ code: 'TWICE', discount: 5000 });
    const [row] = await db.select().from(couponUses).where(eq(couponUses.id, first.couponUseId));
    expect(row).toMatchObject({ customerId, phone: '01811000999', channel: 'website', orderId: 41, subtotal: 150000, discount: 5000 });

    // The same buyer again, by account or by phone alone: already used.
    expect(await checkCoupon(db, order('TWICE', { customerId, phone: null }))).toMatchObject({ reason: 'already_used' });
    expect(await checkCoupon(db, order('TWICE', { phone: '01811000999' }))).toMatchObject({ reason: 'already_used' });
    await expect(use(order('TWICE', { phone: '01811000999' }))).rejects.toMatchObject({
      statusCode: 422,
      message: COUPON_REFUSALS.already_used,
      errors: { coupon_code: [COUPON_REFUSALS.already_used] },
    });

    await use(order('TWICE', { phone: '01912000002' }));
    expect(await checkCoupon(db, order('TWICE', { phone: '01912000003' }))).toMatchObject({ reason: 'used_up' });
    const list = await owner.get('/api/admin/coupons?q=TWICE');
    expect(list.json().data[0]).toMatchObject({ code: 'TWICE', used_count: 2 });
  });

  it('refuses to delete a coupon that orders used, and deletes an unused one', async () => {
    const [twice] = (await owner.get('/api/admin/coupons?q=TWICE')).json().data;
    const refused = await owner.delete(`/api/admin/coupons/${twice.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This coupon cannot be deleted: it is used by 2 orders.');
    const unused = await createCoupon({ code: 'GONE', amount_off: 100 });
    expect((await owner.delete(`/api/admin/coupons/${unused.id}`)).statusCode).toBe(200);
  });
});

describe(`concurrent checkouts (${TEST_DB_KIND})`, () => {
  it('with one use left, two concurrent uses give exactly one success', async () => {
    await createCoupon({ code: 'LASTONE', amount_off: 5000, usage_limit: 2, per_customer_limit: '' });
    await use(order('LASTONE', { phone: '01712000010' }));
    const results = await Promise.allSettled([
      use(order('LASTONE', { phone: '01712000011' })),
      use(order('LASTONE', { phone: '01712000012' })),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(HttpError);
    expect(refused?.reason.message).toBe(COUPON_REFUSALS.used_up);
    const [counted] = await db
      .select({ n: count() })
      .from(couponUses)
      .innerJoin(coupons, eq(coupons.id, couponUses.couponId))
      .where(eq(coupons.code, 'LASTONE'));
    expect(counted?.n).toBe(2);
  });

  it('holds the limits when many checkouts race: per code and per customer', async () => {
    const racing = await createCoupon({ code: 'RACE3', amount_off: 1000, usage_limit: 3, per_customer_limit: '' });
    const many = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => use(order('RACE3', { phone: `0171200${String(100 + index)}0` }))),
    );
    expect(many.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const [uses] = await db.select({ n: count() }).from(couponUses).where(eq(couponUses.couponId, racing.id));
    expect(uses?.n).toBe(3);

    const mine = await createCoupon({ code: 'ONEEACH', amount_off: 1000, per_customer_limit: 1 });
    const same = await Promise.allSettled(Array.from({ length: 4 }, () => use(order('ONEEACH', { phone: '01555000111' }))));
    expect(same.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of same.filter((each): each is PromiseRejectedResult => each.status === 'rejected')) {
      expect(result.reason.message).toBe(COUPON_REFUSALS.already_used);
    }
    const [each] = await db.select({ n: count() }).from(couponUses).where(eq(couponUses.couponId, mine.id));
    expect(each?.n).toBe(1);
  });
});

describe('coupon permissions', () => {
  it('lets staff with coupon.view read codes but not change them', async () => {
    const reader = await staffWith(t, owner, ['coupon.view']);
    const list = await reader.get('/api/admin/coupons?per_page=2');
    expect(list.statusCode).toBe(200);
    const id = list.json().data[0].id;
    const refused = await reader.put(`/api/admin/coupons/${id}`, { code: 'HACKED', amount_off: 99999 });
    expect(refused.statusCode).toBe(403);
    expect((await reader.delete(`/api/admin/coupons/${id}`)).statusCode).toBe(403);
    expect((await reader.post('/api/admin/coupons/bulk', { action: 'unpublish', ids: [id] })).statusCode).toBe(403);
  });
});
