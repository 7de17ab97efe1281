import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { auditOf } from '../../../test/audit';
import { fundShopBalances } from '../../accounts/accounts.fixture';
import { auditLog } from '../../audit/audit.table';
import { freshPhone, openShop, type Shop, stockedProduct } from '../../orders/order.fixture';
import { settleAfterCommitWork } from '../../orders/order-events';
import { admins } from '../../staff/admin.table';
import { newSignedInReseller, RESELLER_PASSWORD, type SignedInReseller } from '../reseller.fixture';
import { resellerLedger } from './money.table';

let shop: Shop;
let db: Db;
let owner: { id: number; name: string };
let item: Awaited<ReturnType<typeof stockedProduct>>;
beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
  // Money in the shop's balances to pay withdrawals from (a payout may not take one below zero).
  await fundShopBalances(db);
  const [first] = await db.select({ id: admins.id, name: admins.name }).from(admins).orderBy(asc(admins.id)).limit(1);
  owner = first as { id: number; name: string };
  item = await stockedProduct(shop, 200);
  // ৳0.50 a part, 100 SMS a month by default.
  const saved = await shop.admin.put('/api/admin/settings/sms', { reseller_sms_rate: 50, reseller_sms_quota: 100 });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await settleAfterCommitWork();
  await shop.t.close();
});

/** A reseller sale entered by staff: 5 units at ৳1,000 (wholesale ৳700, delivery ৳70 in Dhanmondi). */
function sale(reseller: SignedInReseller, unitPrice = 100000) {
  return shop.admin.post('/api/admin/reseller-sales', {
    reseller_id: reseller.id,
    name: 'Rina Akter',
    phone: freshPhone(),
    address: 'House 4, Road 2, Dhanmondi',
    city_id: shop.dhaka.city_id,
    sub_city_id: shop.dhaka.sub_city_id,
    lines: [{ variant_id: item.variantId, quantity: 5, unit_price: unitPrice }],
    idempotency_key: randomUUID(),
  });
}

/** Through the workflow, as the admin: pending → confirmed → processing → shipped → delivered. */
async function deliver(orderId: number) {
  for (const to of [2, 3, 4, 5]) {
    const moved = await shop.admin.post(`/api/admin/orders/${orderId}/status`, { to });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}

async function bkash(reseller: SignedInReseller) {
  const response = await reseller.browser.post('/api/reseller/mobile-banking', { provider: 'bkash', account_number: '01712345678' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

const asOwner = () => ({ actorKind: 'admin', actorId: owner.id, actorName: owner.name, ip: '127.0.0.1' });
const asReseller = (reseller: SignedInReseller) => ({
  actorKind: 'reseller',
  actorId: reseller.id,
  actorName: reseller.name,
  ip: '127.0.0.1',
});

describe('the audit of reseller money', () => {
  it('records a reseller sale, and the profit credited on delivery and reversed on return on the moves that did it', async () => {
    const reseller = await newSignedInReseller(shop, 'Audit Seller');
    const placed = await sale(reseller);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: number; number: string; total: number };
    const [entered] = await auditOf(db, 'order', order.id, 'reseller_sale.create');
    expect(entered).toMatchObject({
      ...asOwner(),
      changes: {
        number: { before: null, after: order.number },
        reseller_id: { before: null, after: reseller.id },
        lines: { before: null, after: [{ variant_id: item.variantId, quantity: 5, unit_price: 100000 }] },
      },
    });

    await deliver(order.id);
    // 5 × ৳1,000 − 5 × ৳700 = ৳1,500 profit.
    const moves = await auditOf(db, 'order', order.id, 'status.change');
    expect(moves.at(-1)).toMatchObject({
      ...asOwner(),
      changes: { status: { before: 4, after: 5 }, reseller_profit: { before: null, after: 150000 } },
    });
    const returned = await shop.admin.post(`/api/admin/orders/${order.id}/status`, { to: 6, return_charge: 9000 });
    expect(returned.statusCode, returned.body).toBe(200);
    expect((await auditOf(db, 'order', order.id, 'status.change')).at(-1)).toMatchObject({
      ...asOwner(),
      changes: {
        status: { before: 5, after: 6 },
        reseller_profit_reversal: { before: null, after: -150000 },
        reseller_return_charge: { before: null, after: -9000 },
      },
    });
    // Every cashbook row of the order is one its audited moves wrote.
    const rows = await db.select({ kind: resellerLedger.kind }).from(resellerLedger).where(eq(resellerLedger.orderId, order.id));
    expect(rows.map((row) => row.kind).sort()).toEqual(['order_profit', 'order_profit_reversal', 'return_charge']);
  });

  it('writes no row for a refused reseller sale', async () => {
    const reseller = await newSignedInReseller(shop, 'Cheap Seller');
    const before = await db.select().from(auditLog).where(eq(auditLog.action, 'reseller_sale.create'));
    const below = await sale(reseller, 50000);
    expect(below.statusCode).toBe(422);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'reseller_sale.create'))).toHaveLength(before.length);
  });

  it('records a withdraw request by the reseller, its payment and a rejection by the admin; refusals write nothing', async () => {
    const reseller = await newSignedInReseller(shop, 'Withdraw Seller');
    const order = (await sale(reseller)).json().order as { id: number };
    await deliver(order.id);
    const account = await bkash(reseller);
    const [saved] = await auditOf(db, 'reseller_payout_account', account);
    expect(saved).toMatchObject({
      ...asReseller(reseller),
      action: 'create',
      changes: { provider: { before: null, after: 'bkash' }, account_number: { before: null, after: '01712345678' } },
    });

    const ask = (amount: number) => reseller.browser.post('/api/reseller/withdrawals', { amount, payout_account_id: account });
    const first = (await ask(50000)).json().data as { id: number };
    const second = (await ask(30000)).json().data as { id: number };
    const [requested] = await auditOf(db, 'reseller_withdrawal', first.id);
    expect(requested).toMatchObject({
      ...asReseller(reseller),
      action: 'withdrawal.request',
      changes: {
        amount: { before: null, after: 50000 },
        status: { before: null, after: 'pending' },
        available_balance: { before: 150000, after: 100000 },
      },
    });

    const audited = async () => (await db.select().from(auditLog).where(eq(auditLog.entity, 'reseller_withdrawal'))).length;
    const count = await audited();
    const tooMuch = await ask(70001);
    expect(tooMuch.statusCode).toBe(422);
    expect(await audited()).toBe(count);

    const paid = await shop.admin.post(`/api/admin/reseller-withdrawals/${first.id}/pay`, {
      method: 'bkash',
      transaction_id: 'BK7H2Q9X4M',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await auditOf(db, 'reseller_withdrawal', first.id, 'withdrawal.pay'))[0]).toMatchObject({
      ...asOwner(),
      changes: {
        status: { before: 'pending', after: 'paid' },
        paid_method: { before: null, after: 'bkash' },
        transaction_id: { before: null, after: 'BK7H2Q9X4M' },
      },
    });
    const rejected = await shop.admin.post(`/api/admin/reseller-withdrawals/${second.id}/reject`, { reason: 'Wrong number' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await auditOf(db, 'reseller_withdrawal', second.id, 'withdrawal.reject'))[0]).toMatchObject({
      ...asOwner(),
      changes: { status: { before: 'pending', after: 'rejected' }, reject_reason: { before: null, after: 'Wrong number' } },
    });

    const before = await audited();
    expect((await shop.admin.post(`/api/admin/reseller-withdrawals/${first.id}/reject`, { reason: 'Again' })).statusCode).toBe(409);
    expect(
      (await shop.admin.post(`/api/admin/reseller-withdrawals/${second.id}/pay`, { method: 'cash', transaction_id: 'C-1' })).statusCode,
    ).toBe(409);
    // The reseller may not pay themselves.
    expect(
      (await reseller.browser.post(`/api/admin/reseller-withdrawals/${second.id}/pay`, { method: 'cash', transaction_id: 'C-2' }))
        .statusCode,
    ).toBe(401);
    expect(await audited()).toBe(before);
  });

  it('refuses to pay a request whose profit was reversed since, unless overridden with a reason (kept and audited)', async () => {
    const reseller = await newSignedInReseller(shop, 'Reversed Seller');
    const order = (await sale(reseller)).json().order as { id: number };
    await deliver(order.id);
    const account = await bkash(reseller);
    // ৳1,500 profit, asked for as five requests of ৳300; then the order comes back.
    const asked: number[] = [];
    for (let index = 0; index < 5; index++) {
      const request = await reseller.browser.post('/api/reseller/withdrawals', { amount: 30000, payout_account_id: account });
      expect(request.statusCode, request.body).toBe(201);
      asked.push(request.json().data.id);
    }
    const returned = await shop.admin.post(`/api/admin/orders/${order.id}/status`, { to: 6, return_charge: 9000 });
    expect(returned.statusCode, returned.body).toBe(200);

    const pay = (id: number, extra: Record<string, unknown> = {}) =>
      shop.admin.post(`/api/admin/reseller-withdrawals/${id}/pay`, { method: 'bkash', transaction_id: 'BK-REV-1', ...extra });
    const entries = async () => (await db.select().from(resellerLedger).where(eq(resellerLedger.resellerId, reseller.id))).length;
    const ledgerBefore = await entries();
    const refused = await pay(asked[0] as number);
    expect(refused.statusCode).toBe(409);
    // Owed: available −৳1,590 + pending ৳1,500 = −৳90.
    expect(refused.json().message).toContain('no longer covers');
    expect(refused.json().message).toContain('-৳90');
    expect(refused.json().owed).toBe(-9000);
    expect(await entries()).toBe(ledgerBefore);
    expect(await auditOf(db, 'reseller_withdrawal', asked[0] as number, 'withdrawal.pay')).toEqual([]);
    // An override needs a reason.
    const noReason = await pay(asked[0] as number, { override: true, reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toBeDefined();

    const forced = await pay(asked[0] as number, { override: true, reason: 'Agreed with the owner: deducted from next month' });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().data).toMatchObject({ status: 'paid', override_reason: 'Agreed with the owner: deducted from next month' });
    expect((await auditOf(db, 'reseller_withdrawal', asked[0] as number, 'withdrawal.pay_override'))[0]).toMatchObject({
      ...asOwner(),
      changes: {
        status: { before: 'pending', after: 'paid' },
        override_reason: { before: null, after: 'Agreed with the owner: deducted from next month' },
        owed_to_reseller: { before: -9000, after: -39000 },
      },
    });

    // A new delivered sale covers the rest again: the next request pays as before, without an override.
    await deliver(((await sale(reseller)).json().order as { id: number }).id);
    const covered = await pay(asked[1] as number);
    expect(covered.statusCode, covered.body).toBe(200);
    expect(covered.json().data.override_reason).toBeNull();
    expect(await auditOf(db, 'reseller_withdrawal', asked[1] as number, 'withdrawal.pay')).toHaveLength(1);
  });

  it('records an SMS campaign’s charge by the reseller; one they cannot pay writes nothing', async () => {
    const reseller = await newSignedInReseller(shop, 'Sms Seller');
    const poor = await reseller.browser.post('/api/reseller/sms/campaigns', { message: 'Hello', audience: 'all' });
    expect(poor.statusCode).toBe(422);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'reseller_sms_campaign'), eq(auditLog.actorId, reseller.id))),
    ).toEqual([]);

    const order = (await sale(reseller)).json().order as { id: number };
    await deliver(order.id);
    const sent = await reseller.browser.post('/api/reseller/sms/campaigns', { message: 'New arrivals today', audience: 'all' });
    expect(sent.statusCode, sent.body).toBe(201);
    const campaign = sent.json().data as { id: number; cost: number };
    const [row] = await auditOf(db, 'reseller_sms_campaign', campaign.id);
    expect(row).toMatchObject({
      ...asReseller(reseller),
      action: 'sms_campaign.send',
      changes: {
        recipients: { before: null, after: 1 },
        sms_charge: { before: null, after: campaign.cost },
        available_balance: { before: 150000, after: 150000 - campaign.cost },
      },
    });
  });
});

describe('the audit of the reseller’s own account', () => {
  it('records profile changes and a password change (masked) with the reseller as actor; a refused change writes nothing', async () => {
    const reseller = await newSignedInReseller(shop, 'Profile Seller');
    const saved = await reseller.browser.put('/api/reseller/profile', {
      name: 'Profile Seller Two',
      email: 'profile.seller@example.com',
      image: null,
      address: 'Mirpur 10, Dhaka',
      shop_name: 'Profile Seller Shop',
      about: 'Kurtis',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [profile] = await auditOf(db, 'reseller', reseller.id, 'update');
    expect(profile).toMatchObject({
      actorKind: 'reseller',
      actorId: reseller.id,
      ip: '127.0.0.1',
      changes: {
        name: { before: 'Profile Seller', after: 'Profile Seller Two' },
        email: { before: null, after: 'profile.seller@example.com' },
        address: { before: '', after: 'Mirpur 10, Dhaka' },
        about: { before: '', after: 'Kurtis' },
      },
    });
    const invalid = await reseller.browser.put('/api/reseller/profile', { name: 'X', shop_name: '' });
    expect(invalid.statusCode).toBe(422);
    expect(await auditOf(db, 'reseller', reseller.id, 'update')).toHaveLength(1);

    const wrong = await reseller.browser.post('/api/reseller/security/password', {
      current_password: 'not-it',
      password: 'new-password-22',
      password_confirmation: 'new-password-22',
    });
    expect(wrong.statusCode).toBe(422);
    expect(await auditOf(db, 'reseller', reseller.id, 'password.change')).toEqual([]);
    const changed = await reseller.browser.post('/api/reseller/security/password', {
      current_password: RESELLER_PASSWORD,
      password: 'new-password-22',
      password_confirmation: 'new-password-22',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [password] = await auditOf(db, 'reseller', reseller.id, 'password.change');
    expect(password).toMatchObject({ actorKind: 'reseller', actorId: reseller.id, changes: { password_hash: 'changed' } });
    expect(JSON.stringify(password?.changes)).not.toContain('argon');
  });

  it('audits the admin’s changes of a reseller through the declared resource, the password masked', async () => {
    const reseller = await newSignedInReseller(shop, 'Managed Seller');
    const [created] = await auditOf(db, 'reseller', reseller.id, 'create');
    expect(created).toMatchObject({ ...asOwner() });
    expect(created?.changes).toMatchObject({ password_hash: 'changed' });
    const suspended = await shop.admin.post('/api/admin/resellers/bulk', { action: 'suspend', ids: [reseller.id] });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const [row] = await auditOf(db, 'reseller', reseller.id, 'suspend');
    expect(row).toMatchObject({ ...asOwner(), changes: { status: { before: 'active', after: 'suspended' } } });
  });
});
