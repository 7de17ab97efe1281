import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { auditOf } from '../../test/audit';
import { auditLog } from '../audit/audit.table';
import { admins } from '../staff/admin.table';
import { freshPhone, openShop, type Shop, stockedProduct } from './order.fixture';
import { placeOrder } from './order.service';
import { settleAfterCommitWork } from './order-events';
import { moveOrderStatus } from './order-status.service';

let shop: Shop;
let db: Db;
let owner: { id: number; name: string };
let item: Awaited<ReturnType<typeof stockedProduct>>;

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
  const [first] = await db.select({ id: admins.id, name: admins.name }).from(admins).orderBy(asc(admins.id)).limit(1);
  owner = first as { id: number; name: string };
  item = await stockedProduct(shop, 100);
});
afterAll(async () => {
  await settleAfterCommitWork();
  await shop.t.close();
});

async function pending(quantity = 1) {
  const { order } = await placeOrder(systemCtx(db), {
    type: 'phone',
    customer: { name: 'Jamal Hossain', phone: freshPhone(), address: 'Village Road, Beanibazar', cityId: shop.sylhet.city_id },
    lines: [{ variantId: item.variantId, quantity }],
  });
  return order;
}

describe('the audit of order moves', () => {
  it('records a single move with the admin, the status before → after, the note and the address', async () => {
    const order = await pending();
    const moved = await shop.admin.post(`/api/admin/orders/${order.id}/status`, { to: 2, note: 'Called, all fine' });
    expect(moved.statusCode, moved.body).toBe(200);
    const [row, ...more] = await auditOf(db, 'order', order.id, 'status.change');
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      actorKind: 'admin',
      actorId: owner.id,
      actorName: owner.name,
      entity: 'order',
      entityId: String(order.id),
      changes: { status: { before: 1, after: 2 }, note: { before: null, after: 'Called, all fine' } },
      ip: '127.0.0.1',
    });
  });

  it('records one row per order of a bulk move, none for the order it refuses', async () => {
    const [a, b, c] = [await pending(), await pending(), await pending()];
    const cancelled = await pending();
    await moveOrderStatus(systemCtx(db), { orderIds: [cancelled.id], to: 7 });
    const result = await shop.admin.post('/api/admin/orders/status', { ids: [a?.id, b?.id, c?.id, cancelled.id], to: 8 });
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().moved).toEqual([a?.id, b?.id, c?.id]);
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'status.change'), eq(auditLog.actorKind, 'admin')))
      .orderBy(asc(auditLog.id));
    const bulk = rows.filter((row) => [a?.id, b?.id, c?.id, cancelled.id].map(String).includes(row.entityId ?? ''));
    expect(bulk.map((row) => [row.entityId, row.changes])).toEqual(
      [a, b, c].map((order) => [String(order?.id), { status: { before: 1, after: 8 } }]),
    );
    // Written together: one statement, one moment.
    expect(new Set(bulk.map((row) => row.createdAt.getTime())).size).toBe(1);
    expect(await auditOf(db, 'order', cancelled.id, 'status.change')).toHaveLength(1); // its own move to 7, by the system
  });

  it('records a move nobody asked for in a request (courier tracking) as the system', async () => {
    const order = await pending();
    expect((await moveOrderStatus(systemCtx(db), { orderIds: [order.id], to: 7, note: 'Courier: cancelled' })).moved).toEqual([order.id]);
    const [row] = await auditOf(db, 'order', order.id, 'status.change');
    expect(row).toMatchObject({
      actorKind: 'system',
      actorId: null,
      actorName: null,
      ip: null,
      changes: { status: { before: 1, after: 7 }, note: { before: null, after: 'Courier: cancelled' } },
    });
  });

  it('writes no row for a refused move', async () => {
    const order = await pending();
    const refused = await shop.admin.post(`/api/admin/orders/${order.id}/status`, { to: 5 });
    expect(refused.statusCode).toBe(409);
    expect(await auditOf(db, 'order', order.id, 'status.change')).toEqual([]);
  });
});

describe('the audit of order edits', () => {
  it('records the changed fields and lines before → after, with the reason', async () => {
    const order = await pending(2);
    const edited = await shop.admin.put(`/api/admin/orders/${order.id}`, {
      name: 'Jamal Uddin',
      phone: order.phone,
      address: order.address,
      ...shop.sylhet,
      lines: [{ variant_id: item.variantId, quantity: 3 }],
      payment_method: 'cod',
      reason: 'Customer wants one more',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [row, ...more] = await auditOf(db, 'order', order.id, 'update');
    expect(more).toEqual([]);
    const changes = row?.changes as Record<string, { before: unknown; after: unknown }>;
    expect(row).toMatchObject({ actorKind: 'admin', actorId: owner.id, actorName: owner.name, ip: '127.0.0.1' });
    expect(changes.customer_name).toEqual({ before: 'Jamal Hossain', after: 'Jamal Uddin' });
    expect(changes.lines?.before).toEqual({ [String(item.variantId)]: { quantity: 2, unit_price: order.lines[0]?.unit_price } });
    expect(changes.lines?.after).toEqual({ [String(item.variantId)]: { quantity: 3, unit_price: order.lines[0]?.unit_price } });
    expect(changes.total?.before).toBe(order.total);
    expect(changes.total?.after).toBe(edited.json().data.total);
    expect(changes.reason).toEqual({ before: null, after: 'Customer wants one more' });
    expect(changes.customer_phone).toBeUndefined();
  });

  it('writes no row for a refused edit', async () => {
    const order = await pending();
    await moveOrderStatus(systemCtx(db), { orderIds: [order.id], to: 2 });
    await moveOrderStatus(systemCtx(db), { orderIds: [order.id], to: 3 });
    const refused = await shop.admin.put(`/api/admin/orders/${order.id}`, {
      name: 'Someone Else',
      phone: order.phone,
      address: order.address,
      ...shop.sylhet,
      lines: [{ variant_id: item.variantId, quantity: 1 }],
      payment_method: 'cod',
    });
    expect(refused.statusCode).toBe(409);
    const tooMany = await pending();
    const noStock = await shop.admin.put(`/api/admin/orders/${tooMany.id}`, {
      name: 'Jamal Hossain',
      phone: tooMany.phone,
      address: tooMany.address,
      ...shop.sylhet,
      lines: [{ variant_id: item.variantId, quantity: 5000 }],
      payment_method: 'cod',
    });
    expect(noStock.statusCode).toBe(422);
    expect(await auditOf(db, 'order', order.id, 'update')).toEqual([]);
    expect(await auditOf(db, 'order', tooMany.id, 'update')).toEqual([]);
  });
});
