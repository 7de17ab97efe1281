import type { AssigneesAnswer, OrderAssignmentAnswer, Permission, StaffOrderReportAnswer } from '@haat/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, type Ctx, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import type { TestBrowser } from '../../test/harness';
import { staffWith } from '../../test/staff';
import { auditLog } from '../audit/audit.table';
import { admins } from '../staff/admin.table';
import { freshPhone, openShop, type Shop, stockedProduct } from './order.fixture';
import { type PlaceOrderInput, placeOrder } from './order.service';
import { orders } from './order.table';
import { orderAssignmentHistory } from './order-assignment.table';
import { placeOrderInBatch } from './order-batch';
import { moveOrderStatus } from './order-status.service';

let shop: Shop;
let db: Db;
let variantId: number;
/** Three staff members who take orders, a fourth who may confirm orders but is not in the rotation. */
const staff: { id: number; name: string; browser: TestBrowser }[] = [];
let outsider: { id: number; name: string; browser: TestBrowser };

const TAKER: Permission[] = ['order.view', 'order.status.update'];

async function member(permissions: Permission[]) {
  const browser = await staffWith(shop.t, permissions);
  const [row] = await db.select({ id: admins.id, name: admins.name }).from(admins).orderBy(desc(admins.id)).limit(1);
  if (!row) throw new Error('no staff member');
  return { ...row, browser };
}

async function saveSettings(body: Record<string, unknown>) {
  const response = await shop.admin.put('/api/admin/order-assignment/settings', {
    enabled: true,
    mode: 'round_robin',
    admin_ids: staff.map((each) => each.id),
    order_types: ['website', 'landing', 'reseller'],
    staff_orders_to_creator: true,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

function websiteOrder(phone = freshPhone(), overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    type: 'website',
    customer: { name: 'Rina Begum', phone, address: 'House 3, Road 9', cityId: shop.dhaka.city_id, subCityId: shop.dhaka.sub_city_id },
    lines: [{ variantId, quantity: 1 }],
    ...overrides,
  };
}

async function assigneesOf(ids: number[]) {
  const rows = await db.select({ id: orders.id, adminId: orders.assignedAdminId }).from(orders).where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row.adminId]));
}

function spread(assigned: Map<number, number | null>) {
  const counts = new Map(staff.map((each) => [each.id, 0]));
  for (const adminId of assigned.values()) {
    expect(adminId === null ? undefined : counts.get(adminId), `assigned to ${adminId}`).not.toBeUndefined();
    counts.set(adminId as number, (counts.get(adminId as number) ?? 0) + 1);
  }
  return [...counts.values()];
}

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
  variantId = (await stockedProduct(shop, 5000)).variantId;
  for (let index = 0; index < 3; index++) staff.push(await member(TAKER));
  outsider = await member([...TAKER, 'order.assign']);
});
afterAll(() => shop.t.close());

describe('order assignment settings', () => {
  it('is off until switched on, and refuses staff who cannot take orders', async () => {
    const before = await placeOrder(systemCtx(db), websiteOrder());
    expect((await assigneesOf([before.order.id])).get(before.order.id)).toBeNull();

    const none = await shop.admin.put('/api/admin/order-assignment/settings', {
      enabled: true,
      mode: 'round_robin',
      admin_ids: [],
      order_types: ['website'],
      staff_orders_to_creator: false,
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.admin_ids).toBeDefined();

    const clerk = await member(['order.view']);
    const refused = await shop.admin.put('/api/admin/order-assignment/settings', {
      enabled: true,
      mode: 'round_robin',
      admin_ids: [staff[0]?.id, clerk.id],
      order_types: ['website'],
      staff_orders_to_creator: false,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.admin_ids[0]).toContain(`#${clerk.id}`);

    const badMode = await shop.admin.put('/api/admin/order-assignment/settings', { enabled: true, mode: 'random' });
    expect(badMode.statusCode).toBe(422);
    expect(badMode.json().errors.mode).toBeDefined();

    // Only those who manage the assignment read or change it.
    expect((await staff[0]?.browser.get('/api/admin/order-assignment/settings'))?.statusCode).toBe(403);

    await saveSettings({});
    const read = await shop.admin.get('/api/admin/order-assignment/settings');
    expect(read.json().data).toMatchObject({ enabled: true, mode: 'round_robin', admin_ids: staff.map((each) => each.id) });
    expect(read.json().candidates.map((each: { id: number }) => each.id)).toEqual(
      expect.arrayContaining([...staff.map((each) => each.id), outsider.id]),
    );
    const audited = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order_assignment_settings'), eq(auditLog.action, 'update')));
    expect(audited.length).toBeGreaterThan(0);
  });
});

describe('assignment at placement', () => {
  it('spreads 20 concurrent checkouts over 3 staff round-robin: counts differ by at most 1', async () => {
    await saveSettings({ mode: 'round_robin' });
    const placed = await Promise.all(Array.from({ length: 20 }, () => placeOrder(systemCtx(db), websiteOrder())));
    const counts = spread(await assigneesOf(placed.map((each) => each.order.id)));
    expect(counts.reduce((sum, each) => sum + each, 0)).toBe(20);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);

    // The same through the group-commit queue (several orders per transaction).
    const batched = await Promise.all(Array.from({ length: 30 }, () => placeOrderInBatch(systemCtx(db), websiteOrder())));
    const batchCounts = spread(await assigneesOf(batched.map((each) => each.order.id)));
    expect(Math.max(...batchCounts) - Math.min(...batchCounts)).toBeLessThanOrEqual(1);
  });

  it('sticky by phone: a returning phone goes to the same person, also when placed among concurrent orders', async () => {
    await saveSettings({ mode: 'sticky_phone' });
    const returning = freshPhone();
    const first = await placeOrder(systemCtx(db), websiteOrder(returning));
    const owner = (await assigneesOf([first.order.id])).get(first.order.id);
    expect(owner).not.toBeNull();

    const newPhone = freshPhone();
    const inputs = [
      ...Array.from({ length: 15 }, () => websiteOrder()),
      websiteOrder(returning),
      websiteOrder(returning),
      websiteOrder(returning),
      websiteOrder(newPhone),
      websiteOrder(newPhone),
    ];
    const placed = await Promise.all(
      inputs.map((input, index) => (index % 2 === 0 ? placeOrder(systemCtx(db), input) : placeOrderInBatch(systemCtx(db), input))),
    );
    const assigned = await assigneesOf(placed.map((each) => each.order.id));
    const of = (index: number) => assigned.get(placed[index]?.order.id as number);
    expect([of(15), of(16), of(17)]).toEqual([owner, owner, owner]);
    // Two orders of one new phone at once meet one person.
    expect(of(18)).not.toBeNull();
    expect(of(19)).toBe(of(18));
    // New phones still take turns: 16 new phones over 3 staff.
    const fresh = new Map([...assigned].filter(([id]) => placed.slice(0, 15).some((each) => each.order.id === id)));
    fresh.set(placed[18]?.order.id as number, of(18) ?? null);
    const counts = spread(fresh);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);

    const history = await db
      .select()
      .from(orderAssignmentHistory)
      .where(eq(orderAssignmentHistory.orderId, placed[15]?.order.id as number));
    expect(history).toMatchObject([{ fromAdminId: null, toAdminId: owner, reason: 'sticky_phone', byAdminId: null }]);
  });

  it('gives a staff member the order they enter, leaves types not chosen and staff who left unassigned', async () => {
    await saveSettings({ mode: 'round_robin', order_types: ['website'] });
    const [first, second] = staff;
    const asFirst: Ctx = actingAs(systemCtx(db), { kind: 'admin', id: first?.id as number, name: first?.name as string });
    const entered = await placeOrder(asFirst, websiteOrder(freshPhone(), { type: 'phone' }));
    const landing = await placeOrder(systemCtx(db), websiteOrder(freshPhone(), { type: 'landing' }));
    // An owner outside the rotation entering a phone order: not a type that is assigned.
    const byOwner = await placeOrder(
      actingAs(systemCtx(db), { kind: 'admin', id: outsider.id, name: outsider.name }),
      websiteOrder(freshPhone(), { type: 'phone' }),
    );
    const assigned = await assigneesOf([entered.order.id, landing.order.id, byOwner.order.id]);
    expect(assigned.get(entered.order.id)).toBe(first?.id);
    expect(assigned.get(landing.order.id)).toBeNull();
    expect(assigned.get(byOwner.order.id)).toBeNull();

    // A deactivated staff member gets no more orders.
    await db
      .update(admins)
      .set({ status: 'inactive' })
      .where(eq(admins.id, second?.id as number));
    const after = await Promise.all(Array.from({ length: 6 }, () => placeOrder(systemCtx(db), websiteOrder())));
    const ids = [...(await assigneesOf(after.map((each) => each.order.id))).values()];
    expect(ids).not.toContain(second?.id);
    expect(new Set(ids).size).toBe(2);
    await db
      .update(admins)
      .set({ status: 'active' })
      .where(eq(admins.id, second?.id as number));
  });
});

describe('queues and reassigning', () => {
  it("lists a staff member's own queue, counts it per status, and tells who takes orders", async () => {
    await saveSettings({ mode: 'round_robin', order_types: ['website'] });
    const [first] = staff;
    const mine = await first?.browser.get(`/api/admin/orders?filter[assignee]=${first.id}&filter[status]=1&per_page=100`);
    expect(mine?.statusCode, mine?.body).toBe(200);
    const rows = mine?.json().data as { assigned_admin_id: number; assigned_admin_name: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.assigned_admin_id === first?.id && row.assigned_admin_name === first.name)).toBe(true);
    const [counted] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.assignedAdminId, first?.id as number));
    expect(counted).toBeDefined();
    const counts = await first?.browser.get(`/api/admin/orders/counts?filter[assignee]=${first.id}`);
    expect(counts?.json().total).toBe(
      (
        await db
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.assignedAdminId, first?.id as number))
      ).length,
    );
    const nobody = await shop.admin.get('/api/admin/orders?filter[assignee]=none&per_page=100');
    expect((nobody.json().data as { assigned_admin_id: null }[]).every((row) => row.assigned_admin_id === null)).toBe(true);
    expect((await shop.admin.get('/api/admin/orders?filter[assignee]=someone')).statusCode).toBe(422);

    const who = (await first?.browser.get('/api/admin/order-assignment/assignees'))?.json() as AssigneesAnswer;
    expect(who.me_takes_orders).toBe(true);
    expect(who.data.find((each) => each.id === outsider.id)?.takes_orders).toBe(false);
    expect(((await outsider.browser.get('/api/admin/order-assignment/assignees')).json() as AssigneesAnswer).me_takes_orders).toBe(false);
  });

  it('reassigns in bulk with order.assign only, recording history and audit, and the phone follows', async () => {
    await saveSettings({ mode: 'sticky_phone', order_types: ['website'] });
    const phone = freshPhone();
    const placed = await Promise.all([placeOrder(systemCtx(db), websiteOrder(phone)), placeOrder(systemCtx(db), websiteOrder())]);
    const ids = placed.map((each) => each.order.id);
    const target = staff[2] as (typeof staff)[number];

    expect((await staff[0]?.browser.post('/api/admin/orders/assign', { ids, admin_id: target.id }))?.statusCode).toBe(403);
    const clerk = await member(['order.view']);
    const refused = await outsider.browser.post('/api/admin/orders/assign', { ids, admin_id: clerk.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.admin_id).toBeDefined();
    const missing = await outsider.browser.post('/api/admin/orders/assign', { ids: [...ids, 99_999_999], admin_id: target.id });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.ids[0]).toContain('99999999');
    expect((await outsider.browser.post('/api/admin/orders/assign', { ids: [], admin_id: target.id })).statusCode).toBe(422);

    const before = await assigneesOf(ids);
    const moved = await outsider.browser.post('/api/admin/orders/assign', { ids, admin_id: target.id, note: 'Nusrat is on leave' });
    expect(moved.statusCode, moved.body).toBe(200);
    const answer = moved.json();
    const expectedChanged = ids.filter((id) => before.get(id) !== target.id);
    expect(answer.changed).toEqual(expectedChanged);
    expect([...(await assigneesOf(ids)).values()]).toEqual([target.id, target.id]);

    const view = (await outsider.browser.get(`/api/admin/orders/${ids[0]}/assignment`)).json() as OrderAssignmentAnswer;
    expect(view.data).toMatchObject({ assigned_admin_id: target.id, assigned_admin_name: target.name });
    if (before.get(ids[0] as number) !== target.id) {
      expect(view.data.history.at(-1)).toMatchObject({
        to_admin_id: target.id,
        reason: 'manual',
        by_admin_id: outsider.id,
        by_admin_name: outsider.name,
        note: 'Nusrat is on leave',
      });
    }
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.action, 'assign'), inArray(auditLog.entityId, ids.map(String))));
    expect(audits.length).toBe(expectedChanged.length);

    // Sticky: the phone's next order goes to the person it was handed to.
    const next = await placeOrder(systemCtx(db), websiteOrder(phone));
    expect((await assigneesOf([next.order.id])).get(next.order.id)).toBe(target.id);

    // To nobody.
    const cleared = await outsider.browser.post('/api/admin/orders/assign', { ids: [next.order.id], admin_id: null });
    expect(cleared.statusCode).toBe(200);
    expect((await assigneesOf([next.order.id])).get(next.order.id)).toBeNull();
    expect((await outsider.browser.get('/api/admin/orders/99999999/assignment')).statusCode).toBe(404);
  });
});

describe('per-staff report', () => {
  it('counts handled, confirmed, cancelled, delivered and returned per staff member with the time to confirm', async () => {
    await saveSettings({ mode: 'round_robin', order_types: ['website'] });
    const placedAt = new Date(Date.now() - 3 * 3600_000);
    const placed = await Promise.all(Array.from({ length: 3 }, () => placeOrder(systemCtx(db, placedAt), websiteOrder())));
    const [one] = placed;
    const id = one?.order.id as number;
    const adminId = (await assigneesOf([id])).get(id) as number;
    const asOwner = actingAs(systemCtx(db, new Date(placedAt.getTime() + 30 * 60_000)), { kind: 'admin', id: adminId, name: 'x' });
    await moveOrderStatus(asOwner, { orderIds: [id], to: 2, note: 'Confirmed by phone' });

    const report = await shop.admin.get('/api/admin/reports/order-staff');
    expect(report.statusCode, report.body).toBe(200);
    const answer = report.json() as StaffOrderReportAnswer;
    const all = await db.select({ adminId: orders.assignedAdminId, status: orders.status }).from(orders);
    const row = answer.data.find((each) => each.admin_id === adminId);
    expect(row?.handled).toBe(all.filter((each) => each.adminId === adminId).length);
    expect(row?.confirmed).toBe(1);
    expect(row?.average_confirm_minutes).toBe(30);
    expect(row?.delivered_ratio).toBeNull();
    expect(answer.totals.handled).toBe(all.length);
    expect(answer.data.at(-1)?.admin_id).toBeNull();
    expect(answer.chart.length).toBe(30);

    expect((await staff[0]?.browser.get('/api/admin/reports/order-staff'))?.statusCode).toBe(403);
    const csv = await shop.admin.get('/api/admin/reports/order-staff/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('Average minutes to confirm');
    expect(csv.body).toContain('Total');
    const bad = await shop.admin.get('/api/admin/reports/order-staff?from=2025-02-10&to=2025-01-01');
    expect(bad.statusCode).toBe(422);
  });
});
