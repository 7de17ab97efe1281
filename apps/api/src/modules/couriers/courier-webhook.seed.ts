import { asc, count, inArray } from 'drizzle-orm';
import { systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { findOrder, setOrderConsignment, shippedOrdersWithoutConsignment } from '../orders';
import type { SettingsConfig } from '../settings';
import { couriers } from './courier.table';
import { updateCredentials } from './courier-credentials.service';
import { receiveCourierWebhook } from './courier-webhook.service';
import { courierWebhookDeliveries } from './courier-webhook.table';

const HOUR = 60 * 60 * 1000;
/** The demo's webhook secrets, set at /admin/courier/api (the APIs themselves stay unconnected). */
const DEMO_STEADFAST_TOKEN = 'demo-steadfast-webhook-token';
const DEMO_PATHAO_SECRET = 'demo-pathao-webhook-secret';

/**
 * The demo shop's courier webhook history (decision 058): shipped demo orders handed to Steadfast
 * and Pathao, then their pushes received through the real webhook path over the last two days:
 * moves in transit, repeats that changed nothing, one push with a bad token refused, a delivery that
 * moved its order, and a partial delivery and an exchange waiting for a person. Runs after the demo orders.
 */
export async function seedDemoCourierWebhooks(db: Db, config: SettingsConfig): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(courierWebhookDeliveries);
  if ((existing?.n ?? 0) > 0) return 0;
  const list = await db
    .select({ id: couriers.id, provider: couriers.provider })
    .from(couriers)
    .where(inArray(couriers.provider, ['steadfast', 'pathao']))
    .orderBy(asc(couriers.id));
  const steadfast = list.find((courier) => courier.provider === 'steadfast');
  const pathao = list.find((courier) => courier.provider === 'pathao');
  if (!steadfast || !pathao) return 0;
  const [a, b, c, d, e] = await shippedOrdersWithoutConsignment(db, 5);
  if (!a || !b || !c || !d || !e) return 0;
  const setup = systemCtx(db);
  await updateCredentials(setup, config, 'steadfast', { webhook_token: DEMO_STEADFAST_TOKEN });
  await updateCredentials(setup, config, 'pathao', { webhook_secret: DEMO_PATHAO_SECRET });

  const booked = [
    { order: a, courier: steadfast, id: '1834201', status: 'in_review' },
    { order: b, courier: pathao, id: 'DL271126ABCD1', status: 'pending' },
    { order: c, courier: steadfast, id: '1834207', status: 'in_review' },
    { order: d, courier: pathao, id: 'DL271126ABCD4', status: 'pending' },
    { order: e, courier: pathao, id: 'DL271126ABCD7', status: 'pending' },
  ];
  for (const each of booked) {
    await setOrderConsignment(db, each.order.id, {
      courierId: each.courier.id,
      consignmentId: each.id,
      trackingCode: each.id,
      courierStatus: each.status,
    });
  }
  const due = async (orderId: number) => {
    const order = await findOrder(db, orderId);
    return order ? Math.max(0, order.total - order.advancePaid) / 100 : 0;
  };
  const start = Date.now() - 40 * HOUR;
  let step = 0;
  const steadfastPush = async (body: Record<string, unknown>, token = DEMO_STEADFAST_TOKEN) => {
    step += 1;
    const at = new Date(start + step * 1.5 * HOUR);
    await receiveCourierWebhook(
      systemCtx(db, at),
      config,
      'steadfast',
      { authorization: `Bearer ${token}` },
      {
        notification_type: 'delivery_status',
        updated_at: at.toISOString().replace('T', ' ').slice(0, 19),
        ...body,
      },
    );
  };
  const pathaoPush = async (body: Record<string, unknown>, repeatOf?: Date) => {
    step += 1;
    const at = new Date(start + step * 1.5 * HOUR);
    await receiveCourierWebhook(
      systemCtx(db, at),
      config,
      'pathao',
      { 'x-pathao-signature': DEMO_PATHAO_SECRET },
      {
        updated_at: (repeatOf ?? at).toISOString(),
        timestamp: (repeatOf ?? at).toISOString(),
        ...body,
      },
    );
    return at;
  };

  await pathaoPush({ event: 'webhook_integration' });
  await steadfastPush({
    consignment_id: 1834201,
    invoice: a.number,
    status: 'pending',
    cod_amount: await due(a.id),
    tracking_message: 'Picked up from the shop',
  });
  await pathaoPush({ event: 'order.picked', consignment_id: 'DL271126ABCD1', merchant_order_id: b.number });
  const transit = await pathaoPush({ event: 'order.in-transit', consignment_id: 'DL271126ABCD1', merchant_order_id: b.number });
  // Pathao sent the same event again: kept as a repeat, nothing changed.
  await pathaoPush({ event: 'order.in-transit', consignment_id: 'DL271126ABCD1', merchant_order_id: b.number }, transit);
  // A push with a token the shop never set: refused and kept in the history.
  await steadfastPush({ consignment_id: 1834201, invoice: a.number, status: 'delivered', cod_amount: await due(a.id) }, 'guessed-token');
  await steadfastPush({
    consignment_id: 1834207,
    invoice: c.number,
    status: 'Partial Delivered',
    cod_amount: Math.round((await due(c.id)) / 2),
    tracking_message: 'Customer took one item, returned the rest',
  });
  await pathaoPush({ event: 'order.picked', consignment_id: 'DL271126ABCD4', merchant_order_id: d.number });
  await pathaoPush({ event: 'order.exchanged', consignment_id: 'DL271126ABCD4', merchant_order_id: d.number });
  await pathaoPush({ event: 'order.assigned-for-delivery', consignment_id: 'DL271126ABCD7', merchant_order_id: e.number });
  const delivered = await pathaoPush({
    event: 'order.delivered',
    consignment_id: 'DL271126ABCD7',
    merchant_order_id: e.number,
    collected_amount: await due(e.id),
  });
  await pathaoPush(
    { event: 'order.delivered', consignment_id: 'DL271126ABCD7', merchant_order_id: e.number, collected_amount: await due(e.id) },
    delivered,
  );
  await pathaoPush({ event: 'order.in-transit', consignment_id: 'DL000000XXXX0' });
  return step;
}
