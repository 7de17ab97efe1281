import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { orders } from '../orders/order.table';
import { courierStatusReviews, courierWebhookDeliveries } from './courier-webhook.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe("the demo shop's courier webhooks", () => {
  it('has a webhook history with repeats, a refused push, a delivery applied, and two statuses awaiting review', async () => {
    const db = t.database.db;
    const rows = await db.select().from(courierWebhookDeliveries).orderBy(asc(courierWebhookDeliveries.id));
    const outcomes = rows.map((row) => row.outcome);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(1);
    expect(outcomes).toEqual(expect.arrayContaining(['applied', 'review', 'recorded', 'no_order']));
    const reviews = await db.select().from(courierStatusReviews).where(eq(courierStatusReviews.state, 'open'));
    expect(reviews.map((review) => review.reason).sort()).toEqual(['ambiguous_status', 'partial_delivery']);
    const delivered = rows.find((row) => row.outcome === 'applied' && row.courierStatus === 'delivered');
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.id, delivered?.orderId ?? 0));
    expect(order).toMatchObject({ status: 5, courierStatus: 'delivered' });
    // Spread over the last two days, as pushes arrive.
    const first = rows[0]?.receivedAt.getTime() ?? 0;
    const last = rows.at(-1)?.receivedAt.getTime() ?? 0;
    expect(last - first).toBeGreaterThan(12 * 60 * 60 * 1000);

    const admin = await t.browser();
    await admin.loginAdmin();
    const history = await admin.get('/api/admin/courier/webhooks');
    expect(history.json().total).toBe(rows.length);
    const queue = await admin.get('/api/admin/courier/reviews');
    expect(queue.json().data).toHaveLength(2);
  });
});
