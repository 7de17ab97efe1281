import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, systemCtx } from '../../../context';
import type { Db } from '../../../db/client';
import { bookEntries, expectBooksBalanced } from '../../accounts/accounts.fixture';
import { freshPhone, openShop, type Shop, stockedProduct } from '../../orders/order.fixture';
import { orders } from '../../orders/order.table';
import { emitOrderMoved } from '../../orders/order-events';
import { resellerLedger } from '../money/money.table';
import { newSignedInReseller, type SignedInReseller } from '../reseller.fixture';

/** A BulkSMSBD-style stand-in: 202 for a good key, 1007 (no balance) for the key `no-balance`. */
function startFakeGateway(): Promise<{ url: string; numbers: string[]; close: () => Promise<void> }> {
  const numbers: string[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(body));
      numbers.push(...(fields.number ?? '').split(','));
      const code = fields.api_key === 'no-balance' ? 1007 : 202;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response_code: code }));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/api/smsapi`,
        numbers,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

let shop: Shop;
let db: Db;
let gateway: Awaited<ReturnType<typeof startFakeGateway>>;
beforeAll(async () => {
  [shop, gateway] = await Promise.all([openShop(), startFakeGateway()]);
  db = shop.t.database.db;
  // ৳0.50 a part, 100 SMS a month by default.
  const saved = await shop.admin.put('/api/admin/settings/sms', { reseller_sms_rate: 50, reseller_sms_quota: 100 });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await gateway.close();
  await shop.t.close();
});

/** A reseller order for a new customer, delivered when `deliver`: profit 2 × (৳900 − ৳700) − delivery. */
async function customerOrder(reseller: SignedInReseller, customer: { name: string; phone: string }, deliver = false) {
  const item = await stockedProduct(shop, 20);
  const response = await shop.admin.post('/api/admin/reseller-sales', {
    reseller_id: reseller.id,
    name: customer.name,
    phone: customer.phone,
    address: 'House 4, Road 2, Dhanmondi',
    city_id: shop.dhaka.city_id,
    sub_city_id: shop.dhaka.sub_city_id,
    lines: [{ variant_id: item.variantId, quantity: 2, unit_price: 90000 }],
    idempotency_key: randomUUID(),
  });
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json().order as { id: number };
  if (deliver) {
    await inTransaction(systemCtx(db), async (ctx) => {
      const [row] = await ctx.db.update(orders).set({ status: 5 }).where(eq(orders.id, order.id)).returning();
      if (!row) throw new Error('no order');
      await emitOrderMoved({ ctx, order: row, from: 4, to: 5, note: '', audit: {} });
    });
  }
  return order;
}

async function balanceOf(reseller: SignedInReseller): Promise<number> {
  return (await reseller.browser.get('/api/reseller/balance')).json().balance.available;
}

/** Waits for the background sending to finish and answers the campaign with its recipients. */
async function finished(reseller: SignedInReseller, id: number) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await reseller.browser.get(`/api/reseller/sms/campaigns/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    if (response.json().data.status === 'finished') return response.json();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the campaign did not finish');
}

let rina: SignedInReseller;
const rinaCustomers = [
  { name: 'Amina Khatun', phone: freshPhone() },
  { name: 'Babul Mia', phone: freshPhone() },
  { name: 'Chameli Das', phone: freshPhone() },
];

describe('a reseller’s SMS campaign', () => {
  beforeAll(async () => {
    rina = await newSignedInReseller(shop, 'Rina');
    // One delivered order gives a balance; every customer ordered once.
    await customerOrder(rina, rinaCustomers[0] as { name: string; phone: string }, true);
    await customerOrder(rina, rinaCustomers[1] as { name: string; phone: string });
    await customerOrder(rina, rinaCustomers[2] as { name: string; phone: string });
  });

  it('shows the price, the quota and the customers before sending', async () => {
    const response = await rina.browser.get('/api/reseller/sms/summary');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ rate: 50, quota: 100, used_this_month: 0, remaining: 100, customers: 3, gateway: 'log' });
    expect(response.json().data.available_balance).toBeGreaterThan(0);
  });

  it('sends to all their customers, takes the cost from the balance as a cashbook row, and lists it in the history', async () => {
    const before = await balanceOf(rina);
    const response = await rina.browser.post('/api/reseller/sms/campaigns', {
      message: 'Eid sale: 20% off all sarees this week!',
      audience: 'all',
    });
    expect(response.statusCode, response.body).toBe(201);
    const campaign = response.json().data;
    expect(campaign).toMatchObject({ total: 3, parts: 1, unicode: false, rate: 50, cost: 150 });
    expect(await balanceOf(rina)).toBe(before - 150);
    const rows = await db
      .select()
      .from(resellerLedger)
      .where(and(eq(resellerLedger.resellerId, rina.id), eq(resellerLedger.kind, 'sms_charge')));
    expect(rows).toEqual([
      expect.objectContaining({ amount: 150, debitAccount: 'reseller.balance', creditAccount: 'shop.sms', smsCampaignId: campaign.id }),
    ]);
    // In the shop's books: SMS cost won back from what the shop owes the reseller.
    expect(await bookEntries(db, sql`e.source = 'reseller.sms_charge' and e.source_id = ${rina.id}`)).toEqual([
      { source: 'reseller.sms_charge', lines: { reseller_payable: 150, sms_cost: -150 } },
    ]);
    await expectBooksBalanced(db);
    const done = await finished(rina, campaign.id);
    expect(done.data).toMatchObject({ sent: 3, failed: 0 });
    expect(done.recipients.data.map((row: { name: string; status: string }) => [row.name, row.status])).toEqual([
      ['Amina Khatun', 'sent'],
      ['Babul Mia', 'sent'],
      ['Chameli Das', 'sent'],
    ]);
    const history = (await rina.browser.get('/api/reseller/sms/campaigns')).json();
    expect(history.total).toBe(1);
    expect(history.data[0]).toMatchObject({ message: 'Eid sale: 20% off all sarees this week!', total: 3, cost: 150 });
    // The cashbook shows the charge.
    const income = (await rina.browser.get('/api/reseller/cashbook/income')).json();
    expect(income.data[0]).toMatchObject({ kind: 'sms_charge', amount: -150 });
    expect((await rina.browser.get('/api/reseller/sms/summary')).json().data).toMatchObject({ used_this_month: 3, remaining: 97 });
  });

  it('counts a Bengali message by 70 / 67 characters a part, and sends to the picked customers only', async () => {
    const message = 'ঈদ মোবারক! আমাদের দোকানে সব শাড়িতে ২০% ছাড়, শুধু এই সপ্তাহে। আজই অর্ডার করুন।';
    expect([...message].length).toBeGreaterThan(70);
    const customers = (await rina.browser.get('/api/reseller/customers')).json().data as { id: number; name: string }[];
    const babul = customers.find((row) => row.name === 'Babul Mia');
    const response = await rina.browser.post('/api/reseller/sms/campaigns', { message, audience: 'selected', customer_ids: [babul?.id] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ total: 1, parts: 2, unicode: true, cost: 100 });
    const done = await finished(rina, response.json().data.id);
    expect(done.recipients.data).toEqual([expect.objectContaining({ name: 'Babul Mia', status: 'sent' })]);
  });

  it('refuses a campaign past the monthly quota, naming what is left, and charges nothing', async () => {
    const edit = await shop.admin.get(`/api/admin/resellers/${rina.id}`);
    const current = edit.json().data;
    const saved = await shop.admin.put(`/api/admin/resellers/${rina.id}`, { ...current, email: '', sms_quota: 6 });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await balanceOf(rina);
    // 5 used; 3 more would make 8 > 6.
    const response = await rina.browser.post('/api/reseller/sms/campaigns', { message: 'New arrivals today', audience: 'all' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.audience[0]).toContain('only 1 of your monthly quota of 6 are left');
    expect(await balanceOf(rina)).toBe(before);
    await shop.admin.put(`/api/admin/resellers/${rina.id}`, { ...current, email: '', sms_quota: '' });
  });

  it('refuses a campaign that costs more than the available balance', async () => {
    const poor = await newSignedInReseller(shop, 'Poor');
    await customerOrder(poor, { name: 'Dipa Roy', phone: freshPhone() });
    const response = await poor.browser.post('/api/reseller/sms/campaigns', { message: 'Hello', audience: 'all' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.audience[0]).toContain('more than your available balance of');
    expect((await poor.browser.get('/api/reseller/sms/campaigns')).json().total).toBe(0);
  });

  it('never lets concurrent campaigns spend past the balance', async () => {
    await shop.admin.put('/api/admin/settings/sms', { reseller_sms_rate: 1000, reseller_sms_quota: 100_000 });
    const busy = await newSignedInReseller(shop, 'Busy');
    await customerOrder(busy, { name: 'Esha', phone: freshPhone() }, true);
    const balance = await balanceOf(busy);
    // One customer, one part: each campaign costs ৳10.
    const affordable = Math.floor(balance / 1000);
    const attempts = affordable + 4;
    const answers = await Promise.all(
      Array.from({ length: attempts }, () => busy.browser.post('/api/reseller/sms/campaigns', { message: 'Flash sale', audience: 'all' })),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(affordable);
    expect(codes.filter((code) => code === 422)).toHaveLength(attempts - affordable);
    expect(await balanceOf(busy)).toBe(balance - affordable * 1000);
    await shop.admin.put('/api/admin/settings/sms', { reseller_sms_rate: 50, reseller_sms_quota: 100 });
  }, 60_000);

  it('keeps each reseller to their own customers and campaigns', async () => {
    const other = await newSignedInReseller(shop, 'Other');
    await customerOrder(other, { name: 'Farid', phone: freshPhone() }, true);
    const rinasCampaign = (await rina.browser.get('/api/reseller/sms/campaigns')).json().data[0];
    expect((await other.browser.get(`/api/reseller/sms/campaigns/${rinasCampaign.id}`)).statusCode).toBe(404);
    expect((await other.browser.get('/api/reseller/sms/campaigns')).json().total).toBe(0);
    const rinasCustomer = (await rina.browser.get('/api/reseller/customers')).json().data[0];
    const response = await other.browser.post('/api/reseller/sms/campaigns', {
      message: 'Hello',
      audience: 'selected',
      customer_ids: [rinasCustomer.id],
    });
    expect(response.statusCode).toBe(404);
    const visitor = await shop.t.browser();
    expect((await visitor.get('/api/reseller/sms/campaigns')).statusCode).toBe(401);
    // The shop's own SMS campaign list does not show resellers' campaigns.
    expect((await shop.admin.get('/api/admin/sms-campaigns')).json().total).toBe(0);
  });

  it('records the gateway’s failure on every recipient', async () => {
    const configured = await shop.admin.put('/api/admin/settings/sms', {
      enabled: true,
      gateway_url: gateway.url,
      api_key: 'no-balance',
      sender_id: 'Haat',
    });
    expect(configured.statusCode, configured.body).toBe(200);
    expect((await rina.browser.get('/api/reseller/sms/summary')).json().data.gateway).toBe('gateway');
    const response = await rina.browser.post('/api/reseller/sms/campaigns', { message: 'Last day of the sale', audience: 'all' });
    expect(response.statusCode, response.body).toBe(201);
    const done = await finished(rina, response.json().data.id);
    expect(done.data).toMatchObject({ sent: 0, failed: 3 });
    expect(
      done.recipients.data.every(
        (row: { status: string; error: string }) => row.status === 'failed' && row.error === 'Balance insufficient',
      ),
    ).toBe(true);
    expect(gateway.numbers).toHaveLength(3);
    await shop.admin.put('/api/admin/settings/sms', { enabled: false });
  });
});
