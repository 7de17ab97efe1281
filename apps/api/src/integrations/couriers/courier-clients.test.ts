import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CourierError } from './courier-provider';
import { FakeCourierServer, PATHAO_LOGIN, STEADFAST_KEYS } from './courier-server.fixture';
import { orderStatusForCourier } from './courier-status';
import { forgetPathaoTokens, pathaoProvider } from './pathao';
import { steadfastProvider } from './steadfast';

let server: FakeCourierServer;
beforeAll(async () => {
  server = await new FakeCourierServer().start();
});
afterAll(() => server.close());
beforeEach(() => {
  server.delayMs = 0;
  forgetPathaoTokens();
});

const parcel = (invoice: string, overrides: Record<string, unknown> = {}) => ({
  invoice,
  recipientName: 'Sadia Islam',
  recipientPhone: '+8801712345678',
  recipientAddress: 'House 7, Road 3, Dhanmondi, Dhaka',
  codAmount: 1250_50,
  note: 'Call before coming',
  ...overrides,
});

async function courierError(promise: Promise<unknown>): Promise<CourierError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(CourierError);
  return error as CourierError;
}

describe('Steadfast client', () => {
  const steadfast = (overrides: Partial<Parameters<typeof steadfastProvider>[0]> = {}) =>
    steadfastProvider({ baseUrl: server.steadfastUrl, ...STEADFAST_KEYS, timeoutMs: 1000, ...overrides });

  it('creates a consignment with the documented fields and headers, and reads its status', async () => {
    const made = await steadfast().createConsignment(parcel('HB-200001'));
    expect(made).toMatchObject({ status: 'in_review' });
    expect(made.consignmentId).toMatch(/^\d+$/);
    expect(made.trackingCode).toContain(made.consignmentId);
    const [call] = server.callsTo('/create_order').slice(-1);
    expect(call?.headers['api-key']).toBe(STEADFAST_KEYS.apiKey);
    expect(call?.headers['secret-key']).toBe(STEADFAST_KEYS.secretKey);
    expect(call?.body).toMatchObject({
      invoice: 'HB-200001',
      recipient_name: 'Sadia Islam',
      recipient_phone: '01712345678',
      recipient_address: 'House 7, Road 3, Dhanmondi, Dhaka',
      cod_amount: 1250.5,
      note: 'Call before coming',
    });

    server.statuses.set(made.consignmentId, 'delivered');
    expect(await steadfast().status(made.consignmentId)).toBe('delivered');
  });

  it("reports a 4xx in the courier's own words", async () => {
    await steadfast().createConsignment(parcel('HB-200002'));
    const error = await courierError(steadfast().createConsignment(parcel('HB-200002', { recipientPhone: '12345' })));
    expect(error.kind).toBe('refused');
    expect(error.httpStatus).toBe(422);
    expect(error.message).toContain('recipient_phone: The recipient phone must be 11 digits.');
    expect(error.message).toContain('invoice: The invoice has already been taken.');
  });

  it('gives up after its timeout and says so', async () => {
    server.delayMs = 600;
    const started = Date.now();
    const error = await courierError(steadfast({ timeoutMs: 200 }).createConsignment(parcel('HB-200003')));
    expect(Date.now() - started).toBeLessThan(550);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('Steadfast did not answer within 0.2 seconds. Try again later.');
  });

  it('names wrong keys and an unreachable host', async () => {
    const wrong = await courierError(steadfast({ secretKey: 'wrong' }).testConnection());
    expect(wrong.kind).toBe('credentials');
    expect(wrong.message).toContain('Steadfast refused the Api-Key and Secret-Key');
    expect(await steadfast().testConnection()).toBe('Connected to Steadfast. Current balance: ৳1,520.');
    const unreachable = await courierError(steadfast({ baseUrl: 'http://127.0.0.1:9/api/v1' }).testConnection());
    expect(unreachable.kind).toBe('unreachable');
  });

  it('lists the payments made to the shop, newest first, in either wrapping, and reads one with its consignments in paisa', async () => {
    server.payments.push(
      { id: 501, amount: 1009.3, status: 'Paid', created_at: '2026-10-01T19:00:00.000000Z', consignments: [] },
      {
        id: 502,
        amount: '2,018.60' as unknown as number,
        status: 'paid',
        created_at: '2026-10-03 10:00:00',
        consignments: [
          { consignment_id: 1424107, invoice: 'HB-1', tracking_code: '15BAEB8A', cod_amount: 1070, delivery_charge: 60, cod_charge: 10.7 },
          { consignment_id: 1424108, invoice: 'HB-2', tracking_code: '', cod_amount: 1070, delivery_charge: 60, cod_charge: 10.7 },
        ],
      },
    );
    for (const shape of ['wrapped', 'bare'] as const) {
      server.paymentsShape = shape;
      const listed = await steadfast().listPayments?.(new Date('2026-09-01T00:00:00Z'));
      expect(listed?.filter((payment) => ['501', '502'].includes(payment.id))).toEqual([
        { id: '502', paidOn: '2026-10-03', amount: 201860, consignments: 2, status: 'paid' },
        // 19:00 UTC on the 1st is the 2nd in Dhaka.
        { id: '501', paidOn: '2026-10-02', amount: 100930, consignments: 0, status: 'paid' },
      ]);
    }
    server.paymentsShape = 'wrapped';
    expect((await steadfast().listPayments?.(new Date('2026-10-03T00:00:00Z')))?.map((payment) => payment.id)).toContain('502');
    expect((await steadfast().listPayments?.(new Date('2026-10-03T00:00:00Z')))?.map((payment) => payment.id)).not.toContain('501');
    const call = server.callsTo('/payments').at(-1);
    expect(call?.headers['api-key']).toBe(STEADFAST_KEYS.apiKey);

    const detail = await steadfast().paymentDetails?.('502');
    expect(detail?.lines).toEqual([
      { consignmentId: '1424107', invoice: 'HB-1', trackingCode: '15BAEB8A', collected: 107000, deliveryFee: 6000, codCharge: 1070 },
      { consignmentId: '1424108', invoice: 'HB-2', trackingCode: '', collected: 107000, deliveryFee: 6000, codCharge: 1070 },
    ]);
    const missing = await courierError(steadfast().paymentDetails?.('9999') as Promise<unknown>);
    expect(missing.kind).toBe('refused');
    expect(missing.message).toContain('Payment not found.');
  });
});

describe('Pathao client', () => {
  const pathao = (overrides: Partial<Parameters<typeof pathaoProvider>[0]> = {}) =>
    pathaoProvider({ baseUrl: server.url, ...PATHAO_LOGIN, timeoutMs: 1000, ...overrides });

  it('issues a token once, then creates orders with the documented fields and reads their status', async () => {
    const before = server.tokensIssued;
    const first = await pathao().createConsignment(parcel('HB-300001', { quantity: 3, weightKg: 1.25 }));
    const second = await pathao().createConsignment(parcel('HB-300002'));
    expect(server.tokensIssued - before).toBe(1);
    expect(first).toMatchObject({ status: 'pending' });
    expect(first.trackingCode).toBe(first.consignmentId);
    expect(second.consignmentId).not.toBe(first.consignmentId);
    const token = server.callsTo('/issue-token').at(-1);
    expect(token?.body).toEqual({
      client_id: PATHAO_LOGIN.clientId,
      client_secret: PATHAO_LOGIN.clientSecret,
      username: PATHAO_LOGIN.username,
      password: PATHAO_LOGIN.password,
      grant_type: 'password',
    });
    const order = server.callsTo('/aladdin/api/v1/orders').find((call) => call.body.merchant_order_id === 'HB-300001');
    expect(order?.headers.authorization).toMatch(/^Bearer pathao-token-\d+$/);
    expect(order?.body).toMatchObject({
      store_id: 4411,
      merchant_order_id: 'HB-300001',
      recipient_name: 'Sadia Islam',
      recipient_phone: '01712345678',
      delivery_type: 48,
      item_type: 2,
      item_quantity: 3,
      item_weight: 1.3,
      amount_to_collect: 1251,
    });

    server.statuses.set(first.consignmentId, 'Delivered');
    expect(await pathao().status(first.consignmentId)).toBe('delivered');
    server.statuses.set(first.consignmentId, 'Paid Return');
    expect(await pathao().status(first.consignmentId)).toBe('paid_return');
  });

  it('takes a fresh token when the cached one is refused', async () => {
    await pathao().createConsignment(parcel('HB-300003'));
    const before = server.tokensIssued;
    server.revokeTokens = true;
    await pathao().createConsignment(parcel('HB-300004'));
    expect(server.tokensIssued - before).toBe(1);
  });

  it('says so when Pathao refuses the credentials', async () => {
    const error = await courierError(pathao({ password: 'not-it' }).createConsignment(parcel('HB-300005')));
    expect(error.kind).toBe('credentials');
    expect(error.message).toContain('Pathao refused the API credentials');
    expect(error.message).toContain('The user credentials were incorrect.');
    expect(await pathao().testConnection()).toBe('Connected to Pathao: the API credentials were accepted.');
  });

  it("reports a refused order in Pathao's words, and a timeout", async () => {
    const refused = await courierError(pathao({ storeId: '1' }).createConsignment(parcel('HB-300006')));
    expect(refused.kind).toBe('refused');
    expect(refused.message).toBe(
      'Pathao refused the consignment: Please fix the given errors: store_id: The selected store id is invalid.',
    );
    await pathao().testConnection();
    server.delayMs = 600;
    const slow = await courierError(pathao({ timeoutMs: 200 }).status('DL1PTH'));
    expect(slow.kind).toBe('timeout');
  });
});

describe('courier statuses to ours', () => {
  it('moves delivered to 5, cancelled and returned to 6, and keeps the rest shipped', () => {
    expect(orderStatusForCourier('delivered')).toBe(5);
    expect(orderStatusForCourier('Delivered')).toBe(5);
    expect(orderStatusForCourier('cancelled')).toBe(6);
    expect(orderStatusForCourier('Return')).toBe(6);
    expect(orderStatusForCourier('Paid-Return')).toBe(6);
    expect(orderStatusForCourier('order.returned')).toBe(6);
    for (const other of [
      'in_review',
      'pending',
      'hold',
      'delivered_approval_pending',
      'partial_delivered',
      'unknown',
      'Pickup_Requested',
    ]) {
      expect(orderStatusForCourier(other)).toBeNull();
    }
  });
});
