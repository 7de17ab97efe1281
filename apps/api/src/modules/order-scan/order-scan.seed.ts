import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { actingAs, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { couriers } from '../couriers/courier.table';
import { moveOrderStatus, placeOrder } from '../orders';
import { orderLines, orders } from '../orders/order.table';
import { admins } from '../staff/admin.table';
import { orderReturnReceipts } from './order-scan.table';

const HOUR = 3600_000;

/**
 * The demo shop's dispatch desk and returns check-in (decision 059): six orders packed this morning
 * and waiting for their couriers (two already meant for Sundarban Courier, the others for whoever
 * comes), the shipped demo orders out with a courier and a tracking code, and the oldest returned
 * order received back on the shelf. Runs after the demo orders and remittances.
 */
export async function seedDemoParcels(db: Db): Promise<number> {
  const list = await db.select({ id: couriers.id, name: couriers.name }).from(couriers).orderBy(asc(couriers.id));
  const byName = new Map(list.map((courier) => [courier.name, courier.id]));
  const sundarban = byName.get('Sundarban Courier');
  const [owner] = await db.select({ id: admins.id, name: admins.name }).from(admins).orderBy(asc(admins.id)).limit(1);
  if (!owner || list.length === 0) return 0;

  // The shipped ones: each with a courier and the tracking code it gave.
  const shipped = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 4), isNull(orders.courierId)))
    .orderBy(asc(orders.id));
  for (const [index, order] of shipped.entries()) {
    const courier = list[index % list.length] as (typeof list)[number];
    const manual = courier.id === sundarban;
    await db
      .update(orders)
      .set({
        courierId: courier.id,
        consignmentId: manual ? null : String(19_100_000 + order.id * 13),
        trackingCode: manual ? `SCL${700_100 + order.id}` : `DM${order.id}S${index}`,
      })
      .where(eq(orders.id, order.id));
  }

  // Packed this morning, to dispatch: copies of delivered orders' customers and first lines.
  const models = await db
    .select({
      id: orders.id,
      name: orders.customerName,
      phone: orders.customerPhone,
      address: orders.customerAddress,
      cityId: orders.cityId,
      subCityId: orders.subCityId,
    })
    .from(orders)
    .where(eq(orders.status, 5))
    .orderBy(asc(orders.id))
    .limit(6);
  const lines = models.length
    ? await db
        .select({ orderId: orderLines.orderId, variantId: orderLines.variantId })
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            models.map((model) => model.id),
          ),
        )
        .orderBy(asc(orderLines.id))
    : [];
  let made = 0;
  const morning = Date.now() - 3 * HOUR;
  for (const [index, model] of models.entries()) {
    const line = lines.find((each) => each.orderId === model.id);
    if (!line) continue;
    const at = new Date(morning + index * 10 * 60_000);
    const staff = actingAs(systemCtx(db, at), { kind: 'admin', id: owner.id, name: owner.name });
    const { order } = await placeOrder(staff, {
      type: 'phone',
      customer: { name: model.name, phone: model.phone, address: model.address, cityId: model.cityId, subCityId: model.subCityId },
      lines: [{ variantId: line.variantId, quantity: 1 + (index % 2) }],
      source: 'Phone',
    });
    if (index < 2 && sundarban) await db.update(orders).set({ courierId: sundarban }).where(eq(orders.id, order.id));
    await moveOrderStatus(staff, { orderIds: [order.id], to: 2, note: 'Confirmed by phone' });
    await moveOrderStatus(actingAs(systemCtx(db, new Date(at.getTime() + HOUR)), staff.actor), {
      orderIds: [order.id],
      to: 3,
      note: 'Packed',
    });
    made += 1;
  }

  // The oldest return is back on the shelf.
  const [returned] = await db
    .select({ id: orders.id, updatedAt: orders.updatedAt })
    .from(orders)
    .where(eq(orders.status, 6))
    .orderBy(asc(orders.id))
    .limit(1);
  if (returned) {
    await db
      .insert(orderReturnReceipts)
      .values({ orderId: returned.id, receivedAt: returned.updatedAt, adminId: owner.id })
      .onConflictDoNothing();
  }
  return made;
}
