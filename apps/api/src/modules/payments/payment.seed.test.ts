import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { orders } from '../orders/order.table';
import { payKey } from './pay-link';
import { paymentCalls, payments } from './payment.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe("the demo shop's online payments", () => {
  it('has paid, failed and cancelled attempts, an advance then delivered, and an order whose pay link works', async () => {
    const db = t.database.db;
    const rows = await db.select().from(payments).orderBy(asc(payments.id));
    expect(rows.map((row) => `${row.gateway}:${row.purpose}:${row.state}`)).toEqual([
      'bkash:full:paid',
      'nagad:delivery:paid',
      'bkash:full:cancelled',
      'nagad:delivery:failed',
      'nagad:delivery:paid',
      'sslcommerz:full:paid',
      // The reconciliation's demo (reconciliation.seed.ts): a returned order refunded through bKash.
      'bkash:full:refunded',
    ]);
    for (const row of rows.filter((each) => each.state === 'paid')) {
      expect(row.entryId).not.toBeNull();
      expect(row.fee).toBeGreaterThan(0);
    }
    // Every attempt of this seed called its gateway (the reconciliation's refunded demo writes its own rows).
    expect((await db.select().from(paymentCalls)).length).toBeGreaterThanOrEqual(rows.length - 1);

    const byId = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];
    expect(await byId(rows[0]?.orderId as number)).toMatchObject({ status: 2, paymentStatus: 'paid' });
    expect(await byId(rows[1]?.orderId as number)).toMatchObject({ status: 5, paymentStatus: 'partial' });
    const waiting = await byId(rows[2]?.orderId as number);
    expect(waiting).toMatchObject({ status: 1, paymentStatus: 'awaiting' });

    const shopper = await t.browser();
    const page = await shopper.get(
      `/_public/orders/${waiting?.number}/pay?key=${payKey(t.config, waiting as { id: number; number: string })}`,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ purpose: 'full', last_attempt: { state: 'cancelled' } });
    expect(page.json().due_online).toBeGreaterThan(0);
    expect(page.json().gateways.map((gateway: { code: string }) => gateway.code)).toContain('bkash');

    const admin = await t.browser();
    await admin.loginAdmin();
    const card = await admin.get(`/api/admin/orders/${waiting?.id}/payments`);
    expect(card.json().data.pay_link).toContain(`/pay/${waiting?.number}?key=`);
  });
});
