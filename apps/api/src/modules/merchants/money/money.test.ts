import { and, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../../context';
import type { Db } from '../../../db/client';
import type { TestBrowser } from '../../../test/harness';
import { fundShopBalances } from '../../accounts/accounts.fixture';
import { moveOrderStatus, placeOrder } from '../../orders';
import { freshPhone, openShop, type Shop, stockedProduct } from '../../orders/order.fixture';
import { productBody } from '../../products/catalogue.fixture';
import { smsLog } from '../../sms/sms-log.table';
import { merchantLedger, merchantWithdrawals } from './money.table';

let shop: Shop;
let db: Db;
beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
  // Money in the shop's balances to pay withdrawals from (a payout may not take one below zero).
  await fundShopBalances(db);
});
afterAll(() => shop.t.close());

const PASSWORD = 'merchant-pass-1';
interface Merchant {
  id: number;
  phone: string;
  browser: TestBrowser;
}

async function newMerchant(name = 'Test Merchant'): Promise<Merchant> {
  const phone = freshPhone();
  const created = await shop.admin.post('/api/admin/merchants', {
    name,
    phone,
    company_name: `${name} Ltd`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(created.statusCode, created.body).toBe(201);
  const browser = await shop.t.browser();
  const login = await browser.post('/api/merchant/login', { login: phone, password: PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  return { id: created.json().data.id, phone, browser };
}

/** A product of the merchant at ৳1,000 retail, the merchant's price ৳600. */
async function merchantProduct(merchant: Merchant, stock = 50, merchantPrice = 60000) {
  return stockedProduct(shop, stock, { merchant_id: merchant.id, merchant_price: merchantPrice });
}

async function order(lines: { variantId: number; quantity: number }[]) {
  const { order } = await placeOrder(systemCtx(db), {
    type: 'phone',
    customer: {
      name: 'Rina Akter',
      phone: freshPhone(),
      address: 'House 4, Road 2, Dhanmondi',
      cityId: shop.dhaka.city_id,
      subCityId: shop.dhaka.sub_city_id,
    },
    lines,
    publishedOnly: false,
  });
  return order as { id: number; number: string };
}

async function moveTo(orderId: number, ...statuses: number[]) {
  for (const to of statuses) {
    const result = await moveOrderStatus(systemCtx(db), { orderIds: [orderId], to: to as never });
    expect(result.refused, JSON.stringify(result.refused)).toEqual([]);
  }
}

async function balanceOf(merchant: Merchant) {
  const response = await merchant.browser.get('/api/merchant/balance');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().balance as { income: number; pending_withdrawals: number; paid_withdrawals: number; available: number };
}

async function bkash(merchant: Merchant) {
  const response = await merchant.browser.post('/api/merchant/mobile-banking', { provider: 'bkash', account_number: merchant.phone });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

describe('the merchant price on products', () => {
  it('is required with a merchant and at most the retail price', async () => {
    const merchant = await newMerchant();
    const missing = await stockedProduct(shop, 1, { merchant_id: merchant.id }).catch((error: Error) => error);
    expect(String(missing)).toContain('merchant');
    const { catalogue } = shop;
    const body = productBody(catalogue, {
      name: 'Too Dear',
      sku: 'TOO-DEAR',
      retail_price: 50000,
      wholesale_price: 40000,
      merchant_id: merchant.id,
      merchant_price: 50001,
    });
    const refused = await shop.admin.post('/api/admin/products', body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.merchant_price[0]).toContain('retail');
    const noMerchant = await shop.admin.post('/api/admin/products', {
      ...body,
      merchant_id: null,
      merchant_price: 50001,
      sku: 'NO-MERCHANT',
    });
    expect(noMerchant.statusCode, noMerchant.body).toBe(201);
    expect(noMerchant.json().data.merchant_price).toBeNull();
  });
});

describe('earnings', () => {
  it('credits merchant price × quantity per line on delivery, once, and reverses it on return', async () => {
    const merchant = await newMerchant();
    const other = await newMerchant('Other Merchant');
    const mine = await merchantProduct(merchant, 50, 60000);
    const theirs = await merchantProduct(other, 50, 30000);
    const plain = await stockedProduct(shop, 50);
    const placed = await order([
      { variantId: mine.variantId, quantity: 3 },
      { variantId: theirs.variantId, quantity: 1 },
      { variantId: plain.variantId, quantity: 2 },
    ]);
    await moveTo(placed.id, 2, 3, 4);
    expect(await balanceOf(merchant)).toEqual({ income: 0, pending_withdrawals: 0, paid_withdrawals: 0, available: 0 });

    await moveTo(placed.id, 5);
    expect(await balanceOf(merchant)).toMatchObject({ income: 180000, available: 180000 });
    expect(await balanceOf(other)).toMatchObject({ income: 30000, available: 30000 });
    const [rows] = await db.select({ n: count() }).from(merchantLedger).where(eq(merchantLedger.orderId, placed.id));
    expect(rows?.n).toBe(2);
    const [row] = await db
      .select()
      .from(merchantLedger)
      .where(and(eq(merchantLedger.orderId, placed.id), eq(merchantLedger.merchantId, merchant.id)));
    expect(row).toMatchObject({
      kind: 'earning',
      debitAccount: 'shop.merchant_cost',
      creditAccount: 'merchant.balance',
      amount: 180000,
      quantity: 3,
      unitPrice: 60000,
    });

    // The portal shows the line delivered with its earning, the ledger entry, the product's units sold.
    const lines = (await merchant.browser.get('/api/merchant/order-lines')).json();
    expect(lines.data).toEqual([expect.objectContaining({ order_number: placed.number, status: 5, quantity: 3, earned: 180000 })]);
    expect(lines.data[0]).not.toHaveProperty('customer_name');
    const earnings = (await merchant.browser.get('/api/merchant/earnings?kind=earnings')).json();
    expect(earnings.data[0]).toMatchObject({
      kind: 'earning',
      amount: 180000,
      balance_after: 180000,
      order_number: placed.number,
      quantity: 3,
    });
    const products = (await merchant.browser.get('/api/merchant/products')).json();
    expect(products.data).toEqual([expect.objectContaining({ id: mine.productId, units_sold: 3, earned: 180000, stock: 47 })]);
    const dashboardAnswer = await merchant.browser.get('/api/merchant/dashboard');
    expect(dashboardAnswer.statusCode, dashboardAnswer.body).toBe(200);
    const dashboard = dashboardAnswer.json().data;
    expect(dashboard).toMatchObject({ units_sold: 3, earned_this_month: 180000, products: 1 });
    expect(dashboard.chart).toHaveLength(30);
    expect(dashboard.chart.at(-1)).toMatchObject({ earned: 180000, units: 3 });

    await moveTo(placed.id, 6);
    expect(await balanceOf(merchant)).toMatchObject({ income: 0, available: 0 });
    expect(await balanceOf(other)).toMatchObject({ income: 0, available: 0 });
    const after = (await merchant.browser.get('/api/merchant/earnings')).json();
    expect(after.data.map((entry: { kind: string; amount: number }) => [entry.kind, entry.amount])).toEqual([
      ['earning_reversal', -180000],
      ['earning', 180000],
    ]);
    expect((await merchant.browser.get('/api/merchant/products')).json().data[0].units_sold).toBe(0);
  });

  it('credits a line refused at the door (4 → 6) nothing', async () => {
    const merchant = await newMerchant();
    const mine = await merchantProduct(merchant);
    const placed = await order([{ variantId: mine.variantId, quantity: 1 }]);
    await moveTo(placed.id, 2, 3, 4, 6);
    expect(await balanceOf(merchant)).toMatchObject({ income: 0, available: 0 });
    const [rows] = await db.select({ n: count() }).from(merchantLedger).where(eq(merchantLedger.merchantId, merchant.id));
    expect(rows?.n).toBe(0);
  });
});

describe('withdrawals', () => {
  async function funded(lines: number, merchantPrice = 20000) {
    const merchant = await newMerchant();
    const mine = await merchantProduct(merchant, 100, merchantPrice);
    const placed = await order([{ variantId: mine.variantId, quantity: lines }]);
    await moveTo(placed.id, 2, 3, 4, 5);
    return { merchant, order: placed, account: await bkash(merchant) };
  }

  it('20 requests at once against a balance covering 5: exactly 5 are accepted', async () => {
    const { merchant, account } = await funded(5);
    // Balance ৳1,000 (5 × ৳200); each request ৳200.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => merchant.browser.post('/api/merchant/withdrawals', { amount: 20000, payout_account_id: account })),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    expect(codes.filter((code) => code === 422)).toHaveLength(15);
    expect(await balanceOf(merchant)).toEqual({ income: 100000, pending_withdrawals: 100000, paid_withdrawals: 0, available: 0 });
    const [written] = await db.select({ n: count() }).from(merchantWithdrawals).where(eq(merchantWithdrawals.merchantId, merchant.id));
    expect(written?.n).toBe(5);
  }, 60_000);

  it('keeps available = income − paid − pending; paying re-checks the balance under the lock; rejecting gives it back', async () => {
    const { merchant, order: placed, account } = await funded(5);
    const ask = (amount: number) => merchant.browser.post('/api/merchant/withdrawals', { amount, payout_account_id: account });
    const first = (await ask(60000)).json().data;
    const second = (await ask(40000)).json().data;
    expect((await ask(10000)).json().errors.amount[0]).toContain('no balance');
    expect(await balanceOf(merchant)).toEqual({ income: 100000, pending_withdrawals: 100000, paid_withdrawals: 0, available: 0 });

    const paid = await shop.admin.post(`/api/admin/merchant-withdrawals/${first.id}/pay`, { method: 'bkash', transaction_id: 'BK9X8Y7Z' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'paid', paid_method: 'bkash', transaction_id: 'BK9X8Y7Z' });
    expect(await balanceOf(merchant)).toEqual({ income: 100000, pending_withdrawals: 40000, paid_withdrawals: 60000, available: 0 });

    // The order comes back: its earning is reversed, so the shop no longer owes the second request.
    await moveTo(placed.id, 6);
    expect(await balanceOf(merchant)).toMatchObject({ income: 0, available: -100000, pending_withdrawals: 40000 });
    const refused = await shop.admin.post(`/api/admin/merchant-withdrawals/${second.id}/pay`, {
      method: 'bkash',
      transaction_id: 'BK1' + 'ABC',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('no longer covers');
    expect((await db.select().from(merchantWithdrawals).where(eq(merchantWithdrawals.id, second.id)))[0]?.status).toBe('pending');

    const noReason = await shop.admin.post(`/api/admin/merchant-withdrawals/${second.id}/reject`, {});
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toBeDefined();
    const rejected = await shop.admin.post(`/api/admin/merchant-withdrawals/${second.id}/reject`, { reason: 'The order was returned' });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reject_reason: 'The order was returned' });
    expect(await balanceOf(merchant)).toEqual({ income: 0, pending_withdrawals: 0, paid_withdrawals: 60000, available: -60000 });
    expect(
      (await shop.admin.post(`/api/admin/merchant-withdrawals/${second.id}/pay`, { method: 'cash', transaction_id: 'CASH-1' })).statusCode,
    ).toBe(409);

    // The admin lists and the statement.
    const pending = (await shop.admin.get(`/api/admin/merchant-withdrawals?status=paid&merchant_id=${merchant.id}`)).json();
    expect(pending.data.map((row: { id: number }) => row.id)).toEqual([first.id]);
    const statement = (await shop.admin.get(`/api/admin/merchants/${merchant.id}/statement`)).json();
    expect(statement.balance.available).toBe(-60000);
    expect(statement.data[0].balance_after).toBe(-60000);
    const csv = await shop.admin.get(`/api/admin/merchants/${merchant.id}/statement.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe('Date,Entry,Order,Product,Quantity,Unit price,Amount,Balance,Note');
  });

  it("a merchant cannot read another's order lines, withdrawals or accounts (404)", async () => {
    const a = await funded(2);
    const b = await newMerchant('Nosy Merchant');
    const request = (await a.merchant.browser.post('/api/merchant/withdrawals', { amount: 20000, payout_account_id: a.account })).json()
      .data;
    const line = (await a.merchant.browser.get('/api/merchant/order-lines')).json().data[0];
    expect((await a.merchant.browser.get(`/api/merchant/order-lines/${line.id}`)).statusCode).toBe(200);
    expect((await b.browser.get(`/api/merchant/order-lines/${line.id}`)).statusCode).toBe(404);
    expect((await a.merchant.browser.get(`/api/merchant/withdrawals/${request.id}`)).statusCode).toBe(200);
    expect((await b.browser.get(`/api/merchant/withdrawals/${request.id}`)).statusCode).toBe(404);
    expect((await b.browser.delete(`/api/merchant/mobile-banking/${a.account}`)).statusCode).toBe(404);
    expect((await b.browser.get('/api/merchant/withdrawals')).json().data).toEqual([]);
    expect((await b.browser.get('/api/merchant/order-lines')).json().data).toEqual([]);
    // Naming A's account in B's request: refused, nothing written.
    const stolen = await b.browser.post('/api/merchant/withdrawals', { amount: 10000, payout_account_id: a.account });
    expect(stolen.statusCode).toBe(422);
  });
});

describe('the merchant password', () => {
  it('is changed with the current one, and reset by an SMS code', async () => {
    const merchant = await newMerchant();
    const wrong = await merchant.browser.post('/api/merchant/security/password', {
      current_password: 'not-it-at-all',
      password: 'new-merchant-pass-2',
      password_confirmation: 'new-merchant-pass-2',
    });
    expect(wrong.statusCode).toBe(422);
    const changed = await merchant.browser.post('/api/merchant/security/password', {
      current_password: PASSWORD,
      password: 'new-merchant-pass-2',
      password_confirmation: 'new-merchant-pass-2',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const visitor = await shop.t.browser();
    expect((await visitor.post('/api/merchant/password/reset', { phone: merchant.phone })).statusCode).toBe(200);
    const [sms] = await db
      .select({ message: smsLog.message })
      .from(smsLog)
      .where(and(eq(smsLog.purpose, 'password_reset'), sql`${smsLog.recipients} like ${`%${merchant.phone.slice(1)}`}`))
      .orderBy(desc(smsLog.id))
      .limit(1);
    const code = sms?.message.match(/\b\d{6}\b/)?.[0];
    expect(sms?.message).toContain('merchant password reset code');
    expect(
      (await visitor.post(`/api/merchant/code/verify/${merchant.phone}`, { code: code === '000000' ? '111111' : '000000' })).statusCode,
    ).toBe(422);
    const verified = await visitor.post(`/api/merchant/code/verify/${merchant.phone}`, { code });
    expect(verified.statusCode, verified.body).toBe(200);
    const set = await visitor.post(`/api/merchant/set/new/password/${merchant.phone}`, {
      reset_token: verified.json().reset_token,
      password: 'reset-merchant-pass-3',
      password_confirmation: 'reset-merchant-pass-3',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await visitor.post('/api/merchant/login', { login: merchant.phone, password: 'reset-merchant-pass-3' })).statusCode).toBe(200);
  });
});
