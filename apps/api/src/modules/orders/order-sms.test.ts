import { formatMoney } from '@haat/contracts';
import { and, asc, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { actingAs, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { smsLog } from '../sms/sms-log.table';
import { admins } from '../staff/admin.table';
import { freshPhone, openShop, type Shop, stockedProduct } from './order.fixture';
import { placeOrder } from './order.service';
import { orders } from './order.table';
import { afterOrdersPlaced, emitAfterOrdersPlaced, settleAfterCommitWork } from './order-events';

let shop: Shop;
let db: Db;
/** Acting as this admin (the services take who acts from their ctx). */
const asAdmin = (id: number) => actingAs(systemCtx(db), { kind: 'admin', id, name: null });
let ownerId: number;
let item: Awaited<ReturnType<typeof stockedProduct>>;

/** Placed orders whose listener fails (another module's work after placing, say); empty: none. */
const failFor = new Set<number>();
afterOrdersPlaced(async ({ orderIds }) => {
  if (orderIds.some((id) => failFor.has(id))) throw new Error('The other listener failed');
});

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
  const [owner] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1);
  ownerId = owner?.id as number;
  item = await stockedProduct(shop, 1000);
});
afterAll(async () => {
  await settleAfterCommitWork();
  await shop.t.close();
});

let customerCount = 0;

/** `count` orders by different customers, with their after-placing work done. */
async function placeSeveral(count: number) {
  const placed = [];
  for (let index = 0; index < count; index += 1) {
    customerCount += 1;
    const { order } = await placeOrder(asAdmin(ownerId), {
      type: 'phone',
      customer: { name: `Customer ${customerCount}`, phone: freshPhone(), address: 'Road 7, Dhanmondi', cityId: shop.dhaka.city_id },
      lines: [{ variantId: item.variantId, quantity: 1 }],
    });
    placed.push(order);
  }
  await settleAfterCommitWork();
  return placed;
}

/** The SMS log's newest id: rows written after it are the ones under test. */
async function logMark(): Promise<number> {
  const [row] = await db.select({ id: max(smsLog.id) }).from(smsLog);
  return Number(row?.id ?? 0);
}

async function logSince(mark: number) {
  return db
    .select({
      recipients: smsLog.recipients,
      message: smsLog.message,
      purpose: smsLog.purpose,
      status: smsLog.status,
      adminId: smsLog.adminId,
    })
    .from(smsLog)
    .where(gt(smsLog.id, mark))
    .orderBy(asc(smsLog.id));
}

/** 01711000001 → 8801711000001, as the SMS log keeps numbers. */
const logged = (phone: string) => `88${phone}`;

/** Edits the shop's "order placed" SMS template through the back office. */
async function setPlacedTemplate(values: { body?: string; status?: number }) {
  const list = (await shop.admin.get('/api/admin/templates?per_page=100&filter[kind]=sms')).json().data;
  const template = list.find((row: { event: string | null }) => row.event === 'order_placed');
  if (!template) throw new Error('no order_placed template');
  const saved = await shop.admin.put(`/api/admin/templates/${template.id}`, {
    name: template.name,
    kind: template.kind,
    event: template.event,
    body: values.body ?? template.body,
    status: values.status ?? template.status,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('the "order placed" SMS of a batch of orders', () => {
  it('placing orders sends each customer one SMS', async () => {
    const mark = await logMark();
    const placed = await placeSeveral(2);
    const rows = await logSince(mark);
    expect(rows.map((row) => [row.recipients, row.purpose])).toEqual(placed.map((order) => [logged(order.phone), 'order_placed']));
    expect(rows.every((row, index) => row.message.includes(placed[index]?.number as string))).toBe(true);
  });

  it('sends every order of the batch its customer’s text in the shop’s active template', async () => {
    await setPlacedTemplate({ body: 'Hi {{customer_name}}, order {{order_number}} of {{total}} is in. {{shop_name}}', status: 1 });
    const placed = await placeSeveral(3);
    const mark = await logMark();
    emitAfterOrdersPlaced(
      db,
      placed.map((order) => order.id),
    );
    await settleAfterCommitWork();
    expect(await logSince(mark)).toEqual(
      placed.map((order) => ({
        recipients: logged(order.phone),
        message: `Hi ${order.customer_name}, order ${order.number} of ${formatMoney(order.total, '৳')} is in. Haat`,
        purpose: 'order_placed',
        status: 'logged',
        adminId: null,
      })),
    );
  });

  it('sends our own text when the shop has switched its template off', async () => {
    await setPlacedTemplate({ status: 0 });
    try {
      const placed = await placeSeveral(3);
      const mark = await logMark();
      emitAfterOrdersPlaced(
        db,
        placed.map((order) => order.id),
      );
      await settleAfterCommitWork();
      expect((await logSince(mark)).map((row) => [row.recipients, row.message])).toEqual(
        placed.map((order) => [
          logged(order.phone),
          `Dear ${order.customer_name}, your order ${order.number} of ${formatMoney(order.total, '৳')} is placed. We will call you to confirm. Haat`,
        ]),
      );
    } finally {
      await setPlacedTemplate({ status: 1 });
    }
  });

  it('sends nothing for an empty batch', async () => {
    const mark = await logMark();
    emitAfterOrdersPlaced(db, []);
    await settleAfterCommitWork();
    expect(await logSince(mark)).toEqual([]);
  });

  it('logs a listener’s failure for the batch and keeps the orders and the other listeners’ SMS', async () => {
    const placed = await placeSeveral(2);
    const ids = placed.map((order) => order.id);
    for (const id of ids) failFor.add(id);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const mark = await logMark();
      emitAfterOrdersPlaced(db, ids);
      await settleAfterCommitWork();
      expect(errors).toHaveBeenCalledWith(`After placing orders ${ids.join(', ')}: The other listener failed`);
      expect((await logSince(mark)).map((row) => row.recipients)).toEqual(placed.map((order) => logged(order.phone)));
      const kept = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 1), gt(orders.id, Math.min(...ids) - 1)));
      expect(kept.map((row) => row.id)).toEqual(expect.arrayContaining(ids));
    } finally {
      errors.mockRestore();
      failFor.clear();
    }
  });
});
