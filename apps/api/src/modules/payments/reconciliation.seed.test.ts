import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { settleAfterCommitWork } from '../orders';

/** The demo shows the refunds and the reconciliation screens with believable rows (decision 062). */
let t: TestApp;
let admin: TestBrowser;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.browser();
  await admin.loginAdmin();
}, 300_000);
afterAll(async () => {
  await settleAfterCommitWork();
  await t?.close();
});

describe('the demo’s refunds and reconciliation', () => {
  it('has a returned order refunded through bKash, booked, and a run with an open and a resolved item', async () => {
    const refunded = await admin.get('/api/admin/payments?filter[state]=refunded');
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [payment] = refunded.json().data;
    expect(payment).toMatchObject({ gateway: 'bkash', state: 'refunded' });
    expect(payment.refunded_amount).toBe(payment.paid_amount);
    const refunds = (await admin.get(`/api/admin/payments/${payment.id}/refunds`)).json().data;
    expect(refunds.refunds).toMatchObject([{ state: 'refunded', refund_id: 'BKF3R9Q7ZD', amount: payment.paid_amount }]);
    const owed = (await admin.get(`/api/admin/orders/${payment.order_id}/refunds`)).json().data;
    expect(owed).toMatchObject({ owed: payment.paid_amount, refunded: payment.paid_amount, outstanding: 0 });
    expect(owed.decisions[0]).toMatchObject({ balance_name: expect.stringContaining('bKash'), reference: 'BKF3R9Q7ZD' });

    const runs = (await admin.get('/api/admin/payments/reconciliations')).json();
    expect(runs.data).toMatchObject([{ gateway: 'bkash', source: 'report', flagged: 2, open: 1 }]);
    const items = (await admin.get(`/api/admin/payments/reconciliations/items?filter[run]=${runs.data[0].id}`)).json().data;
    expect(items.map((item: { flag: string; resolved_at: string | null }) => [item.flag, item.resolved_at === null])).toEqual([
      ['missing_at_gateway', false],
      ['missing_here', true],
    ]);
  });
});
