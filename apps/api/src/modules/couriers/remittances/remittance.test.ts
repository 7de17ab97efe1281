import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../../context';
import { rowsOf } from '../../../db/client';
import { FakeCourierServer, PATHAO_LOGIN, STEADFAST_KEYS } from '../../../integrations/couriers/courier-server.fixture';
import { createTestApp, type TestApp, type TestBrowser } from '../../../test/harness';
import { staffWith } from '../../../test/staff';
import { accountBalance, accountIdFor } from '../../accounts';
import { bookEntries, expectBooksBalanced } from '../../accounts/accounts.fixture';
import { ledgerAccounts } from '../../accounts/ledger.table';
import { auditLog } from '../../audit/audit.table';
import { cities } from '../../locations/location.table';
import { orderStatusHistory, orders } from '../../orders/order.table';
import { couriers } from '../courier.table';
import { recordNewCourierPayments } from './remittance-payments.service';
import { offRemittanceRecorded, onRemittanceRecorded, type RemittanceRecordedEvent } from './remittance-postings';

let t: TestApp;
let admin: TestBrowser;
let cityId: number;
let steadfast: number;
let pathao: number;
let serial = 0;
let server: FakeCourierServer;

beforeAll(async () => {
  server = await new FakeCourierServer().start();
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  const [city] = await t.database.db.select({ id: cities.id }).from(cities).limit(1);
  cityId = city?.id as number;
  const made = await t.database.db
    .insert(couriers)
    .values([
      { name: 'Steadfast', provider: 'steadfast' },
      { name: 'Pathao', provider: 'pathao' },
    ])
    .returning({ id: couriers.id });
  steadfast = made[0]?.id as number;
  pathao = made[1]?.id as number;
});
afterAll(async () => {
  await t.close();
  await server.close();
});

/** Orders as the courier left them: `status` (5 delivered), cash on delivery, each ৳1,000 + ৳70 to collect. */
async function deliveredOrders(n: number, options: { courierId?: number; status?: number; paymentMethod?: string } = {}) {
  const rows = Array.from({ length: n }, () => {
    serial += 1;
    return {
      number: `HB-${500000 + serial}`,
      type: 'website' as const,
      status: options.status ?? 5,
      customerName: `Customer ${serial}`,
      customerPhone: '01711000000',
      customerAddress: 'House 1, Road 2',
      cityId,
      subtotal: 100000,
      deliveryCharge: 7000,
      total: 107000,
      paymentMethod: options.paymentMethod ?? 'cod',
      courierId: options.courierId ?? steadfast,
      consignmentId: `SF${900000 + serial}`,
    };
  });
  const made = await t.database.db
    .insert(orders)
    .values(rows)
    .returning({ id: orders.id, number: orders.number, consignmentId: orders.consignmentId });
  await t.database.db
    .insert(orderStatusHistory)
    .values(made.map((order) => ({ orderId: order.id, toStatus: options.status ?? 5, note: '' })));
  return made.map((order) => ({ ...order, consignmentId: order.consignmentId as string }));
}

const paymentOf = async (ids: number[]) =>
  t.database.db.select({ id: orders.id, paymentStatus: orders.paymentStatus }).from(orders).where(inArray(orders.id, ids));
const count = async (table: string) =>
  Number(rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n);

describe('a courier payment sheet', () => {
  it('covering 200 delivered orders, one of them mismatched, marks 199 paid and flags one', async () => {
    const made = await deliveredOrders(200);
    const mismatched = made[137] as (typeof made)[number];
    const csv = [
      'Consignment ID,Invoice,Recipient Name,Collected Amount,Delivery Charge,COD Charge',
      ...made.map((order) => `${order.consignmentId},${order.number},Someone,${order === mismatched ? '1020.00' : '"1,070.00"'},60,10.70`),
    ].join('\n');
    const body = { courier_id: steadfast, paid_on: '2026-11-03', reference: 'SF-INV-77', layout: 'steadfast', csv };

    const preview = await admin.post('/api/admin/courier/remittances/preview', body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.counts).toEqual({ matched: 199, mismatch: 1, unknown: 0, paid: 0, refused: 0 });
    expect(await count('courier_remittances')).toBe(0);

    const recorded = await admin.post('/api/admin/courier/remittances/import', body);
    expect(recorded.statusCode, recorded.body).toBe(201);
    const remittance = recorded.json().data;
    expect(remittance.orders).toBe(200);
    expect(remittance.mismatches).toBe(1);
    expect(remittance.collected).toBe(199 * 107000 + 102000);
    expect(remittance.delivery_fees).toBe(200 * 6000);
    expect(remittance.cod_charges).toBe(200 * 1070);
    expect(remittance.net_received).toBe(remittance.collected - remittance.delivery_fees - remittance.cod_charges);

    const statuses = await paymentOf(made.map((order) => order.id));
    expect(statuses.filter((row) => row.paymentStatus === 'paid')).toHaveLength(199);
    expect(statuses.find((row) => row.id === mismatched.id)?.paymentStatus).toBe('unpaid');

    // The order's view says who paid it and what was withheld; the mismatch waits on the receivable screen.
    const view = await admin.get(`/api/admin/orders/${made[0]?.id}`);
    expect(view.json().data.payment_status).toBe('paid');
    expect(view.json().data.due).toBe(0);
    const settled = await admin.get(`/api/admin/orders/${made[0]?.id}/remittance`);
    expect(settled.json().data).toMatchObject({
      remittance_id: remittance.id,
      courier_name: 'Steadfast',
      paid_on: '2026-11-03',
      collected: 107000,
      delivery_fee: 6000,
    });
    const owed = (await admin.get('/api/admin/courier/receivable'))
      .json()
      .data.find((row: { courier_id: number }) => row.courier_id === steadfast);
    expect(owed.mismatches.map((line: { order_id: number }) => line.order_id)).toEqual([mismatched.id]);
    expect(owed.unpaid.map((order: { order_id: number }) => order.order_id)).not.toContain(mismatched.id);

    // A person accepts what was collected: the order is paid and the mismatch is gone.
    const line = owed.mismatches[0];
    const refused = await admin.post(`/api/admin/courier/remittance-lines/${line.id}/accept`, { note: '' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.note).toBeDefined();
    const accepted = await admin.post(`/api/admin/courier/remittance-lines/${line.id}/accept`, {
      note: 'Customer got ৳50 off for a late parcel',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await paymentOf([mismatched.id]))[0]?.paymentStatus).toBe('paid');
    const after = (await admin.get('/api/admin/courier/receivable'))
      .json()
      .data.find((row: { courier_id: number }) => row.courier_id === steadfast);
    expect(after.mismatches).toEqual([]);
    await expectBooksBalanced(t.database.db);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'remittance.create'));
    expect(audits.length).toBeGreaterThan(0);

    // The same sheet again: every order is paid already, nothing is recorded.
    const again = await admin.post('/api/admin/courier/remittances/preview', body);
    expect(again.json().data.counts.paid).toBe(200);
    const twice = await admin.post('/api/admin/courier/remittances/import', body);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.csv).toBeDefined();
  });

  it('imported twice at once pays each order once', async () => {
    const made = await deliveredOrders(30, { courierId: pathao });
    const csv = [
      'Merchant Order ID,Consignment ID,Collected Amount,Delivery Fee,COD Fee',
      ...made.map((order) => `${order.number},${order.consignmentId},1070,60,0`),
    ].join('\n');
    const body = { courier_id: pathao, paid_on: '2026-11-04', layout: 'pathao', csv };
    const before = await count('courier_remittances');
    const [first, second] = await Promise.all([
      admin.post('/api/admin/courier/remittances/import', body),
      admin.post('/api/admin/courier/remittances/import', body),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 422]);
    expect(await count('courier_remittances')).toBe(before + 1);
    const lines = rowsOf<{ n: number; orders: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n, count(distinct order_id)::int as orders from courier_remittance_lines where order_id in ${made.map((order) => order.id)}`,
      ),
    )[0];
    expect(lines).toEqual({ n: 30, orders: 30 });
  });

  it('reads a generic sheet and shows unknown rows in the preview', async () => {
    const [order] = await deliveredOrders(1);
    const csv = `order,collected,delivery_charge,cod_charge\n${order?.number},1070,70,0\nHB-1,500,60,0\n`;
    const preview = await admin.post('/api/admin/courier/remittances/preview', { courier_id: steadfast, paid_on: '2026-11-05', csv });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.rows.map((row: { kind: string }) => row.kind)).toEqual(['matched', 'unknown']);
    const wrong = await admin.post('/api/admin/courier/remittances/preview', {
      courier_id: steadfast,
      paid_on: '2026-11-05',
      csv: 'name,phone\na,b\n',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.csv).toBeDefined();
  });
});

describe('a remittance entered by hand', () => {
  it('pays its orders, and the books hear of it once with its totals', async () => {
    const heard: RemittanceRecordedEvent[] = [];
    const listener = async (event: RemittanceRecordedEvent) => {
      heard.push(event);
    };
    onRemittanceRecorded(listener);
    try {
      const made = await deliveredOrders(2);
      const bkash = await accountIdFor(t.database.db, 'bkash');
      const before = await accountBalance(t.database.db, bkash);
      const costsBefore = await accountBalance(t.database.db, await accountIdFor(t.database.db, 'cod_charges'));
      const unknown = await admin.post('/api/admin/courier/remittances', {
        courier_id: steadfast,
        paid_on: '2026-11-06',
        method: 'mobile_wallet',
        balance_account_id: await accountIdFor(t.database.db, 'sales_revenue'),
        lines: [{ order: made[0]?.number, collected: 107000, delivery_fee: 6000, cod_charge: 1070 }],
        net_received: 99930,
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors.balance_account_id).toBeDefined();
      const response = await admin.post('/api/admin/courier/remittances', {
        courier_id: steadfast,
        paid_on: '2026-11-06',
        reference: 'SF-99',
        method: 'mobile_wallet',
        balance_account_id: bkash,
        lines: [
          { order: made[0]?.number, collected: 107000, delivery_fee: 6000, cod_charge: 1070 },
          { order: String(made[1]?.id), collected: 107000, delivery_fee: 6000, cod_charge: 1070 },
        ],
        net_received: 198000,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect((await paymentOf(made.map((order) => order.id))).map((row) => row.paymentStatus)).toEqual(['paid', 'paid']);
      expect(heard).toHaveLength(1);
      expect(heard[0]).toMatchObject({
        remittanceId: response.json().data.id,
        courierId: steadfast,
        courierName: 'Steadfast',
        paidOn: '2026-11-06',
        method: 'mobile_wallet',
        source: 'manual',
        balanceAccountId: bkash,
        collected: 214000,
        deliveryFees: 12000,
        codCharges: 2140,
        netReceived: 198000,
      });
      expect(heard[0]?.lines.map((line) => [line.orderId, line.collected, line.status])).toEqual([
        [made[0]?.id, 107000, 'matched'],
        [made[1]?.id, 107000, 'matched'],
      ]);
      // In the books: the net into bKash, the courier's charges as costs, what it owed lowered by all it collected.
      expect(await accountBalance(t.database.db, bkash)).toBe(before + 198000);
      expect(await accountBalance(t.database.db, await accountIdFor(t.database.db, 'cod_charges'))).toBe(costsBefore + 2140);
      await expectBooksBalanced(t.database.db);
    } finally {
      offRemittanceRecorded(listener);
    }
  });

  it('refuses an order not delivered, or another courier’s, naming the line, and writes nothing', async () => {
    const [delivered] = await deliveredOrders(1);
    const [shipped] = await deliveredOrders(1, { status: 4 });
    const [theirs] = await deliveredOrders(1, { courierId: pathao });
    const before = await count('courier_remittances');
    for (const [other, message] of [
      [shipped, 'is not delivered'],
      [theirs, 'was not sent with Steadfast'],
    ] as const) {
      const response = await admin.post('/api/admin/courier/remittances', {
        courier_id: steadfast,
        paid_on: '2026-11-07',
        lines: [
          { order: delivered?.number, collected: 107000 },
          { order: other?.number, collected: 107000 },
        ],
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors['lines.1.order'][0]).toContain(message);
    }
    expect(await count('courier_remittances')).toBe(before);
    expect((await paymentOf([delivered?.id as number]))[0]?.paymentStatus).toBe('unpaid');
    const missing = await admin.post('/api/admin/courier/remittances', { courier_id: steadfast, paid_on: 'soon', lines: [] });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['paid_on', 'lines']));
  });

  it('lists remittances and shows one', async () => {
    const list = await admin.get('/api/admin/courier/remittances?per_page=2');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(2);
    const one = await admin.get(`/api/admin/courier/remittances/${list.json().data[0].id}`);
    expect(one.json().data.lines.length).toBeGreaterThan(0);
    expect((await admin.get('/api/admin/courier/remittances/999999')).statusCode).toBe(404);
  });
});

describe('the receiving balance', () => {
  it('offers the active balances and each method’s default to whoever records remittances, without balance.view', async () => {
    const clerk = await staffWith(t, ['remittance.create', 'remittance.view']);
    const answer = await clerk.get('/api/admin/courier/remittances/balances');
    expect(answer.statusCode, answer.body).toBe(200);
    const options = answer.json().data;
    const bank = await accountIdFor(t.database.db, 'bank');
    expect(options.defaults).toEqual({
      bank,
      cash: await accountIdFor(t.database.db, 'cash'),
      mobile_wallet: await accountIdFor(t.database.db, 'bkash'),
    });
    expect(options.balances.map((balance: { id: number }) => balance.id)).toContain(bank);
    expect(options.balances.every((balance: { kind: string }) => ['cash', 'bank', 'wallet'].includes(balance.kind) || balance.kind)).toBe(
      true,
    );
    expect((await clerk.get('/api/admin/balances')).statusCode).toBe(403);
  });

  it('posts the net to the balance chosen, refuses an inactive one on its field, and records the default when none is chosen', async () => {
    const nagad = await accountIdFor(t.database.db, 'nagad');
    const [first, second, third] = await deliveredOrders(3);
    const line = (order: typeof first) => [{ order: order?.number, collected: 107000, delivery_fee: 6000, cod_charge: 1000 }];
    const before = await accountBalance(t.database.db, nagad);
    const chosen = await admin.post('/api/admin/courier/remittances', {
      courier_id: steadfast,
      paid_on: '2026-11-08',
      method: 'mobile_wallet',
      balance_account_id: nagad,
      lines: line(first),
    });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().data).toMatchObject({ balance_account_id: nagad, balance_name: expect.any(String) });
    expect(await accountBalance(t.database.db, nagad)).toBe(before + 100000);

    await t.database.db.update(ledgerAccounts).set({ status: 0 }).where(eq(ledgerAccounts.id, nagad));
    try {
      const inactive = await admin.post('/api/admin/courier/remittances', {
        courier_id: steadfast,
        paid_on: '2026-11-08',
        method: 'mobile_wallet',
        balance_account_id: nagad,
        lines: line(second),
      });
      expect(inactive.statusCode).toBe(422);
      expect(inactive.json().errors.balance_account_id).toBeDefined();
      const unknown = await admin.post('/api/admin/courier/remittances', {
        courier_id: steadfast,
        paid_on: '2026-11-08',
        balance_account_id: 999999,
        lines: line(second),
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors.balance_account_id).toBeDefined();
      expect((await paymentOf([second?.id as number]))[0]?.paymentStatus).toBe('unpaid');
    } finally {
      await t.database.db.update(ledgerAccounts).set({ status: 1 }).where(eq(ledgerAccounts.id, nagad));
    }

    const cash = await accountIdFor(t.database.db, 'cash');
    const byDefault = await admin.post('/api/admin/courier/remittances', {
      courier_id: steadfast,
      paid_on: '2026-11-08',
      method: 'cash',
      lines: line(third),
    });
    expect(byDefault.statusCode, byDefault.body).toBe(201);
    expect(byDefault.json().data.balance_account_id).toBe(cash);
    const [entry] = await bookEntries(
      t.database.db,
      sql`e.source_type = 'courier_remittance' and e.source_id = ${byDefault.json().data.id}`,
    );
    expect(entry?.lines.cash).toBe(100000);
    await expectBooksBalanced(t.database.db);
  });
});

describe('payments read from the courier’s API', () => {
  const connectSteadfast = async () => {
    const saved = await admin.put('/api/admin/courier/api/steadfast', {
      enabled: true,
      base_url: server.steadfastUrl,
      api_key: STEADFAST_KEYS.apiKey,
      secret_key: STEADFAST_KEYS.secretKey,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  it('lists the courier’s payments, previews one, records it once with the balance chosen, and says it is recorded', async () => {
    await connectSteadfast();
    const made = await deliveredOrders(4);
    const [a, b, c, d] = made;
    const [otherCourier] = await deliveredOrders(1, { courierId: pathao });
    const consignment = (order: (typeof made)[number] | undefined, cod: number) => ({
      consignment_id: order?.consignmentId as string,
      invoice: order?.number as string,
      tracking_code: `TRK${order?.id}`,
      cod_amount: cod,
      delivery_charge: 60,
      cod_charge: 10.7,
    });
    server.payments.push(
      {
        id: 88001,
        // Collected ৳4,230 less ৳282.80 withheld is ৳3,947.20: the courier rounded it down.
        amount: 3947,
        status: 'paid',
        created_at: '2026-11-20T20:30:00.000000Z',
        consignments: [
          consignment(a, 1070),
          // Only the consignment id names this one (booked in the courier's panel with another invoice).
          { ...consignment(b, 1070), invoice: 'SF-PANEL-1' },
          consignment(c, 1070),
          consignment(d, 1020),
        ],
      },
      {
        id: 88002,
        amount: 999.3,
        status: 'paid',
        created_at: '2026-11-21T04:00:00.000000Z',
        consignments: [
          { ...consignment(undefined, 1070), consignment_id: '7777777', invoice: 'NOT-OURS' },
          {
            consignment_id: otherCourier?.consignmentId as string,
            invoice: otherCourier?.number as string,
            tracking_code: '',
            cod_amount: 1070,
            delivery_charge: 60,
            cod_charge: 10.7,
          },
        ],
      },
    );

    const listed = await admin.get(`/api/admin/courier/remittances/payments?courier_id=${steadfast}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const payments = listed.json().data.payments;
    expect(payments.map((payment: { payment_id: string }) => payment.payment_id).slice(0, 2)).toEqual(['88002', '88001']);
    // 20:30 UTC on the 20th is the 21st in Dhaka.
    expect(payments[1]).toMatchObject({ paid_on: '2026-11-21', consignments: 4, remittance_id: null, amount: 394700 });

    const preview = await admin.post('/api/admin/courier/remittances/payments/preview', { courier_id: steadfast, payment_id: '88001' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.counts).toEqual({ matched: 3, mismatch: 1, unknown: 0, paid: 0, refused: 0 });
    expect(preview.json().data.rows.map((row: { order_id: number }) => row.order_id)).toEqual(made.map((order) => order.id));
    expect(await count("courier_remittances where source = 'api'")).toBe(0);

    const wallet = await accountIdFor(t.database.db, 'nagad');
    const walletBefore = await accountBalance(t.database.db, wallet);
    const body = { courier_id: steadfast, payment_id: '88001', paid_on: '2026-11-21', method: 'mobile_wallet', balance_account_id: wallet };
    // Recorded twice at once: the courier's lock lets one through, the other hears it is recorded.
    const both = await Promise.all([
      admin.post('/api/admin/courier/remittances/payments/import', body),
      admin.post('/api/admin/courier/remittances/payments/import', body),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const recorded = both.find((answer) => answer.statusCode === 201) as (typeof both)[number];
    const remittance = recorded.json().data;
    expect(remittance).toMatchObject({
      source: 'api',
      courier_payment_id: '88001',
      reference: 'Payment 88001',
      orders: 4,
      mismatches: 1,
      collected: 3 * 107000 + 102000,
      delivery_fees: 4 * 6000,
      cod_charges: 4 * 1070,
      balance_account_id: wallet,
    });
    // What the courier says it paid over is what arrived.
    expect(remittance.net_received).toBe(394700);
    expect(await accountBalance(t.database.db, wallet)).toBe(walletBefore + 394700);
    const statuses = await paymentOf(made.map((order) => order.id));
    expect(
      statuses
        .filter((row) => row.paymentStatus === 'paid')
        .map((row) => row.id)
        .sort(),
    ).toEqual([a?.id, b?.id, c?.id].map(Number).sort());
    await expectBooksBalanced(t.database.db);

    // Read again: the payment says which remittance records it, and recording it again is refused.
    const again = await admin.get(`/api/admin/courier/remittances/payments?courier_id=${steadfast}`);
    expect(again.json().data.payments.find((payment: { payment_id: string }) => payment.payment_id === '88001').remittance_id).toBe(
      remittance.id,
    );
    const twice = await admin.post('/api/admin/courier/remittances/payments/import', body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors.payment_id[0]).toContain(`#${remittance.id}`);
    expect(await count("courier_remittances where source = 'api'")).toBe(1);

    // A payment of orders that are not ours (or another courier's) records nothing, naming why.
    const strange = await admin.post('/api/admin/courier/remittances/payments/preview', { courier_id: steadfast, payment_id: '88002' });
    expect(strange.json().data.counts).toMatchObject({ unknown: 1, refused: 1, matched: 0 });
    const refused = await admin.post('/api/admin/courier/remittances/payments/import', { ...body, payment_id: '88002' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.payment_id[0]).toContain('was not sent with Steadfast');
    expect(await count("courier_remittances where source = 'api'")).toBe(1);
  });

  it('records a payment whose consignments were recorded before only for what is left, at the computed net', async () => {
    await connectSteadfast();
    const made = await deliveredOrders(2);
    const [a, b] = made;
    const typed = await admin.post('/api/admin/courier/remittances', {
      courier_id: steadfast,
      paid_on: '2026-11-22',
      lines: [{ order: a?.number, collected: 107000, delivery_fee: 6000 }],
    });
    expect(typed.statusCode, typed.body).toBe(201);
    server.paymentsShape = 'bare';
    server.payments.push({
      id: 88003,
      amount: 2 * 1010,
      status: 'paid',
      created_at: '2026-11-22',
      consignments: [a, b].map((order) => ({
        consignment_id: order?.consignmentId as string,
        invoice: order?.number as string,
        tracking_code: '',
        cod_amount: 1070,
        delivery_charge: 60,
        cod_charge: 0,
      })),
    });
    try {
      const listed = await admin.get(`/api/admin/courier/remittances/payments?courier_id=${steadfast}`);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().data.payments.map((payment: { payment_id: string }) => payment.payment_id)).toContain('88003');
    } finally {
      server.paymentsShape = 'wrapped';
    }
    const recorded = await admin.post('/api/admin/courier/remittances/payments/import', {
      courier_id: steadfast,
      payment_id: 88003,
      paid_on: '2026-11-22',
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json().data).toMatchObject({ orders: 1, collected: 107000, net_received: 101000, courier_payment_id: '88003' });
    await expectBooksBalanced(t.database.db);
  });

  it('says when the courier cannot list payments, is not connected, or does not answer', async () => {
    const pathaoSaved = await admin.put('/api/admin/courier/api/pathao', {
      enabled: true,
      base_url: server.url,
      client_id: PATHAO_LOGIN.clientId,
      client_secret: PATHAO_LOGIN.clientSecret,
      username: PATHAO_LOGIN.username,
      password: PATHAO_LOGIN.password,
      store_id: PATHAO_LOGIN.storeId,
    });
    expect(pathaoSaved.statusCode, pathaoSaved.body).toBe(200);
    const none = await admin.get(`/api/admin/courier/remittances/payments?courier_id=${pathao}`);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.courier_id[0]).toContain('does not list its payments');

    const [byHand] = await t.database.db.insert(couriers).values({ name: 'Sundarban', provider: 'none' }).returning({ id: couriers.id });
    const manual = await admin.get(`/api/admin/courier/remittances/payments?courier_id=${byHand?.id}`);
    expect(manual.statusCode).toBe(422);
    expect(manual.json().errors.courier_id).toBeDefined();
    expect((await admin.get('/api/admin/courier/remittances/payments')).statusCode).toBe(422);

    await connectSteadfast();
    const missing = await admin.post('/api/admin/courier/remittances/payments/preview', { courier_id: steadfast, payment_id: '404404' });
    expect(missing.statusCode).toBe(502);
    expect(missing.json().message).toContain('Steadfast');

    const off = await admin.put('/api/admin/courier/api/steadfast', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    const disconnected = await admin.get(`/api/admin/courier/remittances/payments?courier_id=${steadfast}`);
    expect(disconnected.statusCode).toBe(422);
    expect(disconnected.json().errors.courier_id[0]).toContain('Connect Steadfast');
  });

  it('the payments job records a new payment that matches to the paisa, once, and leaves the rest for a person', async () => {
    await connectSteadfast();
    const made = await deliveredOrders(2);
    const [mismatched] = await deliveredOrders(1);
    const consignment = (order: (typeof made)[number] | undefined, cod: number) => ({
      consignment_id: order?.consignmentId as string,
      invoice: order?.number as string,
      tracking_code: '',
      cod_amount: cod,
      delivery_charge: 60,
      cod_charge: 0,
    });
    server.payments.push(
      { id: 88010, amount: 2020, status: 'paid', created_at: '2026-11-24', consignments: made.map((order) => consignment(order, 1070)) },
      { id: 88011, amount: 940, status: 'paid', created_at: '2026-11-24', consignments: [consignment(mismatched, 1000)] },
    );
    const ctx = systemCtx(t.database.db, new Date('2026-11-25T06:00:00Z'));
    const run = await recordNewCourierPayments(ctx, t.config);
    expect(run.failed).toEqual([]);
    expect(run.recorded.map((each) => each.paymentId)).toEqual(['88010']);
    expect(run.waiting.map((each) => each.paymentId)).toEqual(expect.arrayContaining(['88011', '88002']));
    const [recorded] = run.recorded;
    const detail = (await admin.get(`/api/admin/courier/remittances/${recorded?.remittanceId}`)).json().data;
    expect(detail).toMatchObject({
      source: 'api',
      courier_payment_id: '88010',
      paid_on: '2026-11-24',
      method: 'bank',
      balance_account_id: await accountIdFor(t.database.db, 'bank'),
      net_received: 202000,
      orders: 2,
      mismatches: 0,
    });
    expect((await paymentOf(made.map((order) => order.id))).map((row) => row.paymentStatus)).toEqual(['paid', 'paid']);
    expect((await paymentOf([mismatched?.id as number]))[0]?.paymentStatus).toBe('unpaid');

    const again = await recordNewCourierPayments(ctx, t.config);
    expect(again.recorded).toEqual([]);
    expect(await count(`courier_remittances where courier_payment_id = '88010'`)).toBe(1);
    await expectBooksBalanced(t.database.db);
  });
});
