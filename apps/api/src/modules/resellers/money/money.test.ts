import { randomUUID } from 'node:crypto';
import type { OrderStatusCode } from '@haat/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, systemCtx } from '../../../context';
import type { Db } from '../../../db/client';
import { staffWith } from '../../../test/staff';
import { fundShopBalances } from '../../accounts/accounts.fixture';
import { moveOrderStatus } from '../../orders';
import { freshPhone, openShop, type Shop, stockedProduct } from '../../orders/order.fixture';
import { orders } from '../../orders/order.table';
import { emitOrderMoved, onOrderMoved } from '../../orders/order-events';
import { newSignedInReseller, RESELLER_PASSWORD, type SignedInReseller } from '../reseller.fixture';
import { resellerLedger } from './money.table';

let shop: Shop;
let db: Db;
beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
  // Money in the shop's balances to pay withdrawals from (a payout may not take one below zero).
  await fundShopBalances(db);
});
afterAll(() => shop.t.close());

/** A reseller order placed by staff: `quantity` units at `unitPrice` (wholesale ৳700, delivery ৳70 in Dhanmondi). */
async function resellerOrder(reseller: SignedInReseller, options: { quantity?: number; unitPrice?: number } = {}) {
  const item = await stockedProduct(shop, 20);
  const response = await shop.admin.post('/api/admin/reseller-sales', {
    reseller_id: reseller.id,
    name: 'Rina Akter',
    phone: freshPhone(),
    address: 'House 4, Road 2, Dhanmondi',
    city_id: shop.dhaka.city_id,
    sub_city_id: shop.dhaka.sub_city_id,
    lines: [{ variant_id: item.variantId, quantity: options.quantity ?? 2, unit_price: options.unitPrice ?? 90000 }],
    idempotency_key: randomUUID(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().order as { id: number; number: string; total: number; delivery_charge: number };
}

/**
 * Moves an order the way the workflow does: the row and the event in one transaction. (The
 * workflow's own tests cover its rules; here the cashbook's reaction is what is tested.)
 */
async function move(orderId: number, from: OrderStatusCode, to: OrderStatusCode, set: Partial<typeof orders.$inferInsert> = {}) {
  await inTransaction(systemCtx(db), async (ctx) => {
    const [order] = await ctx.db
      .update(orders)
      .set({ status: to, ...set })
      .where(eq(orders.id, orderId))
      .returning();
    if (!order) throw new Error('no order');
    await emitOrderMoved({ ctx, order, from, to, note: '', audit: {} });
  });
}

async function deliver(orderId: number) {
  await move(orderId, 1, 4);
  await move(orderId, 4, 5);
}

async function balanceOf(reseller: SignedInReseller) {
  const response = await reseller.browser.get('/api/reseller/balance');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().balance as { income: number; pending_withdrawals: number; paid_withdrawals: number; available: number };
}

async function bkash(reseller: SignedInReseller, number = '01712345678') {
  const response = await reseller.browser.post('/api/reseller/mobile-banking', { provider: 'bkash', account_number: number });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

describe('cashbook income from order moves', () => {
  it('credits profit = total − wholesale − delivery charge on delivery, once, and shows it in the income list', async () => {
    const reseller = await newSignedInReseller(shop);
    const order = await resellerOrder(reseller);
    // 2 × ৳900 + ৳70 delivery = ৳1,870; wholesale 2 × ৳700; profit ৳1,870 − ৳1,400 − ৳70 = ৳400.
    expect(order.total).toBe(187000);
    expect(await balanceOf(reseller)).toEqual({ income: 0, pending_withdrawals: 0, paid_withdrawals: 0, available: 0 });
    await deliver(order.id);
    expect(await balanceOf(reseller)).toMatchObject({ income: 40000, available: 40000 });

    // The same event again (a retried move) writes nothing more.
    await move(order.id, 4, 5);
    expect(await balanceOf(reseller)).toMatchObject({ income: 40000, available: 40000 });
    const [rows] = await db.select({ n: count() }).from(resellerLedger).where(eq(resellerLedger.orderId, order.id));
    expect(rows?.n).toBe(1);

    const income = (await reseller.browser.get('/api/reseller/cashbook/income')).json();
    expect(income.total).toBe(1);
    expect(income.data[0]).toMatchObject({ kind: 'order_profit', amount: 40000, order_id: order.id, order_number: order.number });
    expect(income.balance.available).toBe(40000);
    // Double entry: the profit moved from the shop's reseller-profit account to the reseller's balance.
    const [row] = await db.select().from(resellerLedger).where(eq(resellerLedger.orderId, order.id));
    expect(row).toMatchObject({ debitAccount: 'shop.reseller_profit', creditAccount: 'reseller.balance', amount: 40000 });
  });

  it('reverses the profit on return and applies the return charge (the order’s, else its delivery charge)', async () => {
    const reseller = await newSignedInReseller(shop);
    const withCharge = await resellerOrder(reseller);
    await deliver(withCharge.id);
    await move(withCharge.id, 5, 6, { returnCharge: 5000 });
    expect(await balanceOf(reseller)).toMatchObject({ income: -5000, available: -5000 });
    const kinds = (await reseller.browser.get('/api/reseller/cashbook/income'))
      .json()
      .data.map((entry: { kind: string; amount: number }) => [entry.kind, entry.amount]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['order_profit', 40000],
        ['order_profit_reversal', -40000],
        ['return_charge', -5000],
      ]),
    );
    // Again: nothing more.
    await move(withCharge.id, 5, 6, { returnCharge: 5000 });
    expect((await balanceOf(reseller)).income).toBe(-5000);

    // Refused at the door (4 → 6): nothing was credited, the delivery charge is the return charge.
    const refused = await resellerOrder(reseller);
    await move(refused.id, 1, 4);
    await move(refused.id, 4, 6);
    expect((await balanceOf(reseller)).income).toBe(-5000 - 7000);
  });

  it('follows the order workflow end to end: moveOrderStatus to delivered credits, to returned reverses with its charge', async () => {
    const reseller = await newSignedInReseller(shop);
    const order = await resellerOrder(reseller);
    for (const to of [2, 3, 4, 5] as const) {
      const result = await moveOrderStatus(systemCtx(db), { orderIds: [order.id], to });
      expect(result.refused).toEqual([]);
    }
    expect(await balanceOf(reseller)).toMatchObject({ income: 40000, available: 40000 });
    await moveOrderStatus(systemCtx(db), { orderIds: [order.id], to: 6, returnCharge: 9000 });
    expect(await balanceOf(reseller)).toMatchObject({ income: -9000, available: -9000 });
  });

  it('credits two bulk deliveries at once with orders of the same two resellers in one pass each, without a deadlock', async () => {
    const first = await newSignedInReseller(shop, 'First Reseller');
    const second = await newSignedInReseller(shop, 'Second Reseller');
    // Batch one starts with the first reseller's order, batch two with the second's: taken one by one in
    // the orders' order, each batch would hold one reseller's row and wait for the other's.
    const one = [await resellerOrder(first), await resellerOrder(second)].map((order) => order.id);
    const two = [await resellerOrder(second), await resellerOrder(first)].map((order) => order.id);
    for (const to of [2, 3, 4] as const) {
      expect((await moveOrderStatus(systemCtx(db), { orderIds: [...one, ...two], to })).refused).toEqual([]);
    }
    // Each batch lingers after crediting its first order, so the two overlap.
    const credited = new Map<number, number>();
    const firstOfBatch = new Set([one[0], two[0]]);
    onOrderMoved(async ({ order, to }) => {
      if (to !== 5 || ![...one, ...two].includes(order.id)) return;
      credited.set(order.id, (credited.get(order.id) ?? 0) + 1);
      if (firstOfBatch.has(order.id)) await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const [a, b] = await Promise.all([
      moveOrderStatus(systemCtx(db), { orderIds: one, to: 5 }),
      moveOrderStatus(systemCtx(db), { orderIds: two, to: 5 }),
    ]);
    expect([...a.refused, ...b.refused]).toEqual([]);
    // A deadlock would roll one batch back and credit its orders again, one transaction each.
    expect([...credited.values()]).toEqual([1, 1, 1, 1]);
    expect(await balanceOf(first)).toMatchObject({ income: 80000 });
    expect(await balanceOf(second)).toMatchObject({ income: 80000 });
  });

  it('debits a negative profit and ignores orders that are not a reseller’s', async () => {
    const reseller = await newSignedInReseller(shop);
    // Sold at wholesale with ৳100 off: the customer pays ৳670 for ৳700 of goods and ৳70 of delivery.
    const atWholesale = await resellerOrder(reseller, { quantity: 1, unitPrice: 70000 });
    await db.update(orders).set({ discount: 10000, total: 67000 }).where(eq(orders.id, atWholesale.id));
    await deliver(atWholesale.id);
    expect((await balanceOf(reseller)).income).toBe(-10000);
    const [row] = await db.select().from(resellerLedger).where(eq(resellerLedger.orderId, atWholesale.id));
    expect(row).toMatchObject({ debitAccount: 'reseller.balance', creditAccount: 'shop.reseller_profit', amount: 10000 });

    const [website] = await db.select({ id: orders.id }).from(orders).where(eq(orders.type, 'website')).limit(1);
    const before = await db.select({ n: count() }).from(resellerLedger);
    if (website) await move(website.id, 4, 5);
    expect(await db.select({ n: count() }).from(resellerLedger)).toEqual(before);
  });

  it('refuses a sale below the wholesale price and a sale for a reseller who is not active', async () => {
    const reseller = await newSignedInReseller(shop);
    const item = await stockedProduct(shop, 5);
    const body = {
      reseller_id: reseller.id,
      name: 'Rina Akter',
      phone: freshPhone(),
      address: 'House 4, Road 2, Dhanmondi',
      city_id: shop.dhaka.city_id,
      sub_city_id: shop.dhaka.sub_city_id,
      lines: [{ variant_id: item.variantId, quantity: 1, unit_price: 69999 }],
      idempotency_key: randomUUID(),
    };
    const below = await shop.admin.post('/api/admin/reseller-sales', body);
    expect(below.statusCode).toBe(422);
    expect(below.json().errors['lines.0.unit_price'][0]).toContain('wholesale');
    const suspend = await shop.admin.post('/api/admin/resellers/bulk', { action: 'suspend', ids: [reseller.id] });
    expect(suspend.json().done).toEqual([reseller.id]);
    const suspended = await shop.admin.post('/api/admin/reseller-sales', {
      ...body,
      lines: [{ variant_id: item.variantId, quantity: 1 }],
      idempotency_key: randomUUID(),
    });
    expect(suspended.statusCode).toBe(422);
    expect(suspended.json().errors.reseller_id[0]).toContain('suspended');
  });
});

describe('withdrawals', () => {
  it('keeps available = income − paid − pending through requests, payment and rejection', async () => {
    const reseller = await newSignedInReseller(shop);
    const order = await resellerOrder(reseller, { quantity: 5, unitPrice: 100000 });
    // 5 × ৳1,000 − 5 × ৳700 = ৳1,500 profit (the delivery charge paid by the customer goes to the shop).
    await deliver(order.id);
    const account = await bkash(reseller);
    const ask = (amount: number) => reseller.browser.post('/api/reseller/withdrawals', { amount, payout_account_id: account });

    const first = await ask(50000);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ amount: 50000, status: 'pending', payout_label: 'bKash 01712345678 (personal)' });
    const second = (await ask(30000)).json().data;
    const third = (await ask(20000)).json().data;
    expect(await balanceOf(reseller)).toEqual({ income: 150000, pending_withdrawals: 100000, paid_withdrawals: 0, available: 50000 });

    const tooMuch = await ask(50001);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount[0]).toContain('৳500');

    const paid = await shop.admin.post(`/api/admin/reseller-withdrawals/${second.id}/pay`, {
      method: 'bkash',
      transaction_id: 'TRX9A8B7C6D',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'paid', paid_method: 'bkash', transaction_id: 'TRX9A8B7C6D' });
    expect(await balanceOf(reseller)).toEqual({ income: 150000, pending_withdrawals: 70000, paid_withdrawals: 30000, available: 50000 });

    const noReason = await shop.admin.post(`/api/admin/reseller-withdrawals/${third.id}/reject`, {});
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toBeDefined();
    const rejected = await shop.admin.post(`/api/admin/reseller-withdrawals/${third.id}/reject`, {
      reason: 'The bKash number is not registered',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reject_reason: 'The bKash number is not registered' });
    expect(await balanceOf(reseller)).toEqual({ income: 150000, pending_withdrawals: 50000, paid_withdrawals: 30000, available: 70000 });

    // A decided request stays decided.
    expect((await shop.admin.post(`/api/admin/reseller-withdrawals/${second.id}/reject`, { reason: 'Changed my mind' })).statusCode).toBe(
      409,
    );
    expect(
      (await shop.admin.post(`/api/admin/reseller-withdrawals/${third.id}/pay`, { method: 'cash', transaction_id: 'CASH-1' })).statusCode,
    ).toBe(409);

    // The lists: history has all three, pay-off only the paid one; the admin's unpaid and paid lists split them.
    const history = (await reseller.browser.get('/api/reseller/withdrawals')).json();
    expect(history.data.map((row: { id: number }) => row.id)).toEqual([third.id, second.id, first.json().data.id]);
    // The shared list's spelling of the status filter; a bad value or a NUL is refused, never a 500.
    const paidOnly = (await reseller.browser.get('/api/reseller/withdrawals?filter[status]=paid')).json();
    expect(paidOnly.data.map((row: { id: number }) => row.id)).toEqual([second.id]);
    for (const query of ['filter[status]=bogus', 'q=a%00b', 'page=99999999999999999999']) {
      const refused = await reseller.browser.get(`/api/reseller/withdrawals?${query}`);
      expect(refused.statusCode, `${query}: ${refused.body}`).toBe(422);
      expect(refused.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    }
    expect((await shop.t.browser().then((visitor) => visitor.get('/api/reseller/withdrawals?filter[status]=paid'))).statusCode).toBe(401);
    const payOff = (await reseller.browser.get('/api/reseller/cashbook/pay-off')).json();
    expect(payOff.data).toHaveLength(1);
    expect(payOff.data[0]).toMatchObject({ id: second.id, amount: 30000, transaction_id: 'TRX9A8B7C6D' });
    const unpaid = (await shop.admin.get(`/api/admin/reseller-withdrawals?status=pending&reseller_id=${reseller.id}`)).json();
    expect(unpaid.data.map((row: { id: number }) => row.id)).toEqual([first.json().data.id]);
    const paidList = (await shop.admin.get(`/api/admin/reseller-withdrawals?status=paid&q=${reseller.phone}`)).json();
    expect(paidList.data.map((row: { id: number }) => row.id)).toEqual([second.id]);
    const invoice = (await shop.admin.get(`/api/admin/reseller-withdrawals/${second.id}`)).json();
    expect(invoice.data).toMatchObject({
      number: `WD-${String(second.id).padStart(6, '0')}`,
      status: 'paid',
      decided_by: expect.any(String),
    });
    expect(invoice.balance.available).toBe(70000);
    const csv = await shop.admin.get('/api/admin/reseller-withdrawals/export.csv?status=paid');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('TRX9A8B7C6D');

    // Journal: each withdrawal moved balance → pending, then pending → the shop's payout or back to the balance.
    const journal = await db
      .select()
      .from(resellerLedger)
      .where(and(eq(resellerLedger.resellerId, reseller.id), eq(resellerLedger.withdrawalId, second.id)));
    expect(journal.map((row) => [row.kind, row.debitAccount, row.creditAccount])).toEqual([
      ['withdrawal', 'reseller.balance', 'reseller.withdrawal.pending'],
      ['withdrawal_paid', 'reseller.withdrawal.pending', 'shop.payout.bkash'],
    ]);
  });

  it('accepts exactly 5 of 20 simultaneous requests when the balance covers 5', async () => {
    const reseller = await newSignedInReseller(shop);
    const order = await resellerOrder(reseller, { quantity: 5, unitPrice: 100000 });
    await deliver(order.id);
    const account = await bkash(reseller);
    expect((await balanceOf(reseller)).available).toBe(150000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => reseller.browser.post('/api/reseller/withdrawals', { amount: 30000, payout_account_id: account })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 422)).toHaveLength(15);
    for (const refused of answers.filter((answer) => answer.statusCode === 422)) expect(refused.json().errors.amount).toBeDefined();
    expect(await balanceOf(reseller)).toMatchObject({ pending_withdrawals: 150000, available: 0 });
  });

  it('validates the request: amount, minimum, and a payout account of one’s own', async () => {
    const reseller = await newSignedInReseller(shop);
    const account = await bkash(reseller);
    const noAccount = await reseller.browser.post('/api/reseller/withdrawals', { amount: 10000 });
    expect(noAccount.statusCode).toBe(422);
    expect(noAccount.json().errors.payout_account_id).toBeDefined();
    const small = await reseller.browser.post('/api/reseller/withdrawals', { amount: 5000, payout_account_id: account });
    expect(small.json().errors.amount[0]).toContain('৳100');
    const nothing = await reseller.browser.post('/api/reseller/withdrawals', { amount: 10000, payout_account_id: account });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors.amount[0]).toBe('You have no balance to withdraw yet.');
    // Signed out: 401.
    const stranger = await shop.t.browser();
    expect((await stranger.get('/api/reseller/balance')).statusCode).toBe(401);
  });
});

describe('one reseller’s money is theirs alone', () => {
  it('answers 404 for another reseller’s withdrawals, bank accounts and mobile-banking numbers', async () => {
    const owner = await newSignedInReseller(shop, 'Owner Reseller');
    const other = await newSignedInReseller(shop, 'Other Reseller');
    const order = await resellerOrder(owner);
    await deliver(order.id);
    const mobile = await bkash(owner);
    const bank = await owner.browser.post('/api/reseller/bank-accounts', {
      account_name: 'Owner Reseller',
      account_number: '1234567890123',
      bank_name: 'Dutch-Bangla Bank',
      branch_name: 'Dhanmondi',
    });
    expect(bank.statusCode, bank.body).toBe(201);
    const bankId = bank.json().data.id;
    const withdrawal = (await owner.browser.post('/api/reseller/withdrawals', { amount: 20000, payout_account_id: mobile })).json().data;

    expect((await other.browser.get(`/api/reseller/withdrawals/${withdrawal.id}`)).statusCode).toBe(404);
    expect((await other.browser.put(`/api/reseller/bank-accounts/${bankId}`, { ...bank.json().data, bank_name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await other.browser.delete(`/api/reseller/bank-accounts/${bankId}`)).statusCode).toBe(404);
    expect(
      (await other.browser.put(`/api/reseller/mobile-banking/${mobile}`, { provider: 'nagad', account_number: '01812345678' })).statusCode,
    ).toBe(404);
    expect((await other.browser.delete(`/api/reseller/mobile-banking/${mobile}`)).statusCode).toBe(404);
    // A bank account id is not a mobile-banking id either.
    expect((await owner.browser.delete(`/api/reseller/mobile-banking/${bankId}`)).statusCode).toBe(404);
    const borrowed = await other.browser.post('/api/reseller/withdrawals', { amount: 10000, payout_account_id: mobile });
    expect(borrowed.statusCode).toBe(422);
    expect(borrowed.json().errors.payout_account_id).toBeDefined();
    expect((await other.browser.get('/api/reseller/withdrawals')).json().total).toBe(0);
    expect((await other.browser.get('/api/reseller/bank-accounts')).json().data).toEqual([]);
    expect((await other.browser.get('/api/reseller/cashbook/income')).json().total).toBe(0);

    // The owner's own: still there, editable.
    expect((await owner.browser.get(`/api/reseller/withdrawals/${withdrawal.id}`)).statusCode).toBe(200);
    const edited = await owner.browser.put(`/api/reseller/mobile-banking/${mobile}`, {
      provider: 'nagad',
      account_number: '01812345678',
      account_type: 'agent',
    });
    expect(edited.json().data.label).toBe('Nagad 01812345678 (agent)');
    expect(
      (await owner.browser.post('/api/reseller/mobile-banking', { provider: 'nagad', account_number: '01812345678' })).json().errors
        .account_number[0],
    ).toBe('You have already saved this account.');
    expect(
      (await owner.browser.post('/api/reseller/mobile-banking', { provider: 'rocket', account_number: '01812345678' })).statusCode,
    ).toBe(422);
    // Deleting the account keeps the request's copy of where it goes.
    expect((await owner.browser.delete(`/api/reseller/mobile-banking/${mobile}`)).statusCode).toBe(200);
    expect((await owner.browser.get(`/api/reseller/withdrawals/${withdrawal.id}`)).json().data.payout_label).toBe(
      'bKash 01712345678 (personal)',
    );
  });
});

describe('the back office', () => {
  it('needs reseller.payment.view to see requests and reseller.payment.pay to decide them', async () => {
    const reseller = await newSignedInReseller(shop);
    const order = await resellerOrder(reseller);
    await deliver(order.id);
    const withdrawal = (
      await reseller.browser.post('/api/reseller/withdrawals', { amount: 10000, payout_account_id: await bkash(reseller) })
    ).json().data;
    const nobody = await staffWith(shop.t, []);
    expect((await nobody.get('/api/admin/reseller-withdrawals')).statusCode).toBe(403);
    const viewer = await staffWith(shop.t, ['reseller.payment.view']);
    expect((await viewer.get('/api/admin/reseller-withdrawals')).statusCode).toBe(200);
    expect(
      (await viewer.post(`/api/admin/reseller-withdrawals/${withdrawal.id}/pay`, { method: 'bkash', transaction_id: 'TRX1' })).statusCode,
    ).toBe(403);
    const payer = await staffWith(shop.t, ['reseller.payment.view', 'reseller.payment.pay']);
    expect(
      (await payer.post(`/api/admin/reseller-withdrawals/${withdrawal.id}/pay`, { method: 'bkash', transaction_id: 'TRX1' })).statusCode,
    ).toBe(200);
    expect((await payer.get('/api/admin/reseller-withdrawals/999999')).statusCode).toBe(404);
  });

  it('suspending a reseller ends their session and refuses their sign-in; approving lets them in', async () => {
    const reseller = await newSignedInReseller(shop);
    const edit = (await shop.admin.get(`/api/admin/resellers/${reseller.id}`)).json().data;
    expect(edit).toMatchObject({ status: 'active', available_balance: 0, referral_code: expect.stringMatching(/^TESTRE\d+$/) });
    const saved = await shop.admin.put(`/api/admin/resellers/${reseller.id}`, {
      ...edit,
      status: 'suspended',
      password: '',
      password_confirmation: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await reseller.browser.get('/api/reseller/login/session/check')).json()).toEqual({ session: 'EXPIRED' });
    expect((await reseller.browser.get('/api/reseller/balance')).statusCode).toBe(401);
    const again = await reseller.browser.post('/api/reseller/login', { login: reseller.phone, password: RESELLER_PASSWORD });
    expect(again.statusCode).toBe(403);
    await shop.admin.post('/api/admin/resellers/bulk', { action: 'approve', ids: [reseller.id] });
    expect((await reseller.browser.post('/api/reseller/login', { login: reseller.phone, password: RESELLER_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('adds resellers with checked fields and lists them with balances; lists customers and users', async () => {
    const missing = await shop.admin.post('/api/admin/resellers', { name: 'X', phone: '123' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['name', 'phone']));
    const noPassword = await shop.admin.post('/api/admin/resellers', { name: 'New Person', phone: freshPhone() });
    expect(noPassword.json().errors.password).toBeDefined();
    const reseller = await newSignedInReseller(shop, 'Listed Reseller');
    const duplicate = await shop.admin.post('/api/admin/resellers', {
      name: 'Copy',
      phone: reseller.phone,
      password: RESELLER_PASSWORD,
      password_confirmation: RESELLER_PASSWORD,
    });
    expect(duplicate.json().errors.phone[0]).toContain('already');
    const list = (await shop.admin.get(`/api/admin/resellers?q=${reseller.phone}`)).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ name: 'Listed Reseller', status: 'active', slug: 'listed-reseller-shop', orders_count: 0 });
    const pending = (await shop.admin.get('/api/admin/resellers?filter[status]=pending')).json();
    expect(pending.data.every((row: { status: string }) => row.status === 'pending')).toBe(true);

    const customers = await shop.admin.get('/api/admin/customers?per_page=100');
    expect(customers.statusCode).toBe(200);
    expect(
      customers.json().data.some((row: { name: string; orders_count: number }) => row.name === 'Rina Akter' && row.orders_count >= 1),
    ).toBe(true);
    const users = (await shop.admin.get('/api/admin/users?per_page=100')).json();
    expect(users.data.every((row: { has_account: boolean }) => row.has_account)).toBe(true);
    expect((await (await staffWith(shop.t, ['customer.view'])).get('/api/admin/users')).statusCode).toBe(403);
    // Read-only lists: customers are made by orders and sign-ups, never typed in or deleted here.
    expect((await shop.admin.post('/api/admin/customers', { name: 'Typed In' })).statusCode).toBe(404);
    const someone = customers.json().data[0] as { id: number };
    expect((await shop.admin.delete(`/api/admin/customers/${someone.id}`)).statusCode).toBe(404);
    expect((await shop.admin.get(`/api/admin/customers/${someone.id}`)).statusCode).toBe(200);
  });
});
