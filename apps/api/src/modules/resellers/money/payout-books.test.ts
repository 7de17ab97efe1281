import { randomUUID } from 'node:crypto';
import type { OrderStatusCode } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../../context';
import { type Db, rowsOf } from '../../../db/client';
import { bookEntries, expectBooksBalanced, fundShopBalances } from '../../accounts/accounts.fixture';
import { moveOrderStatus, placeOrder } from '../../orders';
import { freshPhone, openShop, type Shop, stockedProduct } from '../../orders/order.fixture';
import { newSignedInReseller } from '../reseller.fixture';

/**
 * The payee journals in the shop's books (decision 048): a reseller's profit and a merchant's earning are
 * owed to them (an expense against what is due to them), a withdraw request moves nothing in the books,
 * and a payout leaves the balance it was paid from, which may not go below zero.
 */
let shop: Shop;
let db: Db;
beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
});
afterAll(() => shop.t.close());

const deliver = async (orderId: number, last: 5 | 6 = 5) => {
  const path: OrderStatusCode[] = last === 6 ? [2, 3, 4, 5, 6] : [2, 3, 4, 5];
  for (const to of path) {
    const result = await moveOrderStatus(systemCtx(db), { orderIds: [orderId], to, returnCharge: to === 6 ? 5000 : undefined });
    expect(result.refused, JSON.stringify(result.refused)).toEqual([]);
  }
};
const sourcesOf = (type: string, id: number) => bookEntries(db, sql`e.source_type = ${type} and e.source_id = ${id}`);

describe('reseller and merchant money in the books', () => {
  it('books a reseller’s profit on delivery and its reversal and return charge on return', async () => {
    const reseller = await newSignedInReseller(shop);
    const item = await stockedProduct(shop, 20);
    const placed = await shop.admin.post('/api/admin/reseller-sales', {
      reseller_id: reseller.id,
      name: 'Rina Akter',
      phone: freshPhone(),
      address: 'House 4, Road 2, Dhanmondi',
      city_id: shop.dhaka.city_id,
      sub_city_id: shop.dhaka.sub_city_id,
      lines: [{ variant_id: item.variantId, quantity: 2, unit_price: 90000 }],
      idempotency_key: randomUUID(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: number };
    await deliver(order.id, 6);
    // 2 × ৳900 + ৳70 delivery − 2 × ৳700 wholesale − ৳70 = ৳400 profit; returned with a ৳50 charge.
    const reseller_entries = (await sourcesOf('order', order.id)).filter((entry) => entry.source.startsWith('reseller.'));
    expect(reseller_entries).toEqual([
      { source: 'reseller.order_profit', lines: { reseller_payable: -40000, reseller_profit: 40000 } },
      { source: 'reseller.order_profit_reversal', lines: { reseller_payable: 40000, reseller_profit: -40000 } },
      { source: 'reseller.return_charge', lines: { reseller_payable: 5000, delivery_income: -5000 } },
    ]);
    // The profit is the reseller channel's expense (profit by channel); what is owed to them has no channel.
    const channels = rowsOf<{ key: string; channel: string | null }>(
      await db.execute(sql`select distinct a.system_key as key, l.channel from journal_lines l
        join journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id
        where e.source like 'reseller.%' and e.source_id = ${order.id} order by 1`),
    );
    expect(channels).toEqual([
      { key: 'delivery_income', channel: 'reseller' },
      { key: 'reseller_payable', channel: null },
      { key: 'reseller_profit', channel: 'reseller' },
    ]);
    await expectBooksBalanced(db);
  });

  it('books a merchant’s earning on delivery', async () => {
    const created = await shop.admin.post('/api/admin/merchants', {
      name: 'Books Merchant',
      phone: freshPhone(),
      company_name: 'Books Merchant Ltd',
      password: 'merchant-pass-1',
      password_confirmation: 'merchant-pass-1',
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = await stockedProduct(shop, 10, { merchant_id: created.json().data.id, merchant_price: 60000 });
    const { order } = await placeOrder(systemCtx(db), {
      type: 'phone',
      customer: {
        name: 'Rina Akter',
        phone: freshPhone(),
        address: 'House 4, Road 2, Dhanmondi',
        cityId: shop.dhaka.city_id,
        subCityId: shop.dhaka.sub_city_id,
      },
      lines: [{ variantId: item.variantId, quantity: 2 }],
      publishedOnly: false,
    });
    await deliver(order.id);
    const merchant = (await sourcesOf('order', order.id)).filter((entry) => entry.source.startsWith('merchant.'));
    // The goods pass from the merchant into stock at the merchant price, and the delivery's cost of goods takes
    // them out at the same price: the sale costs the shop its merchant price, once.
    expect(merchant).toEqual([{ source: 'merchant.earning', lines: { merchant_payable: -120000, inventory: 120000 } }]);
    const delivered = (await sourcesOf('order', order.id)).find((entry) => entry.source === 'order.delivered');
    expect(delivered?.lines).toMatchObject({ cost_of_goods: 120000, inventory: -120000 });
    await expectBooksBalanced(db);
  });

  it('pays a withdrawal out of the balance of its method, refusing while that balance is short', async () => {
    const reseller = await newSignedInReseller(shop, 'Payout Reseller');
    const item = await stockedProduct(shop, 20);
    const placed = await shop.admin.post('/api/admin/reseller-sales', {
      reseller_id: reseller.id,
      name: 'Karim Sheikh',
      phone: freshPhone(),
      address: 'House 9, Road 3, Dhanmondi',
      city_id: shop.dhaka.city_id,
      sub_city_id: shop.dhaka.sub_city_id,
      lines: [{ variant_id: item.variantId, quantity: 2, unit_price: 90000 }],
      idempotency_key: randomUUID(),
    });
    await deliver((placed.json().order as { id: number }).id);
    const wallet = await reseller.browser.post('/api/reseller/mobile-banking', { provider: 'bkash', account_number: '01712345678' });
    expect(wallet.statusCode, wallet.body).toBe(201);
    const requested = await reseller.browser.post('/api/reseller/withdrawals', { amount: 30000, payout_account_id: wallet.json().data.id });
    expect(requested.statusCode, requested.body).toBe(201);
    const id = requested.json().data.id as number;
    // A request moves money between what the reseller may take and what is pending: both owed to them.
    expect(await sourcesOf('reseller_withdrawal', id)).toEqual([]);

    const refused = await shop.admin.post(`/api/admin/reseller-withdrawals/${id}/pay`, { method: 'bkash', transaction_id: 'TRX-SHORT' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.method?.[0]).toMatch(/^Not enough in bKash/);
    expect((await shop.admin.get(`/api/admin/reseller-withdrawals/${id}`)).json().data.status).toBe('pending');

    await fundShopBalances(db, 1_000_00);
    const paid = await shop.admin.post(`/api/admin/reseller-withdrawals/${id}/pay`, { method: 'bkash', transaction_id: 'TRX-PAID' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await sourcesOf('reseller_withdrawal', id)).toEqual([
      { source: 'reseller.withdrawal_paid', lines: { bkash: -30000, reseller_payable: 30000 } },
    ]);
    await expectBooksBalanced(db);
  });
});
