import type {
  DashboardView,
  OrderReportAnswer,
  OrderStatusCode,
  ProcessingReportAnswer,
  ProfitReportAnswer,
  StaffMovesAnswer,
} from '@haat/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { parseCsv } from '../../http/csv';
import { ADMIN, type TestBrowser } from '../../test/harness';
import { staffWith } from '../../test/staff';
import { freshPhone, openShop, type Shop, stockedProduct } from '../orders/order.fixture';
import { type PlaceOrderInput, placeOrder } from '../orders/order.service';
import { orderStatusHistory, orders } from '../orders/order.table';
import { moveOrderStatus } from '../orders/order-status.service';
import { createAdmin } from '../staff';
import { admins } from '../staff/admin.table';

let shop: Shop;
let db: Db;
/** Acting as this admin (the services take who acts from their ctx). */
const asAdmin = (id: number) => actingAs(systemCtx(db), { kind: 'admin', id, name: null });
let owner: TestBrowser;
let ownerId: number;
let packerId: number;
const MINUTE = 60_000;

/** The orders of the known set, each with what it was placed as. */
const placed: Record<string, { id: number; number: string; total: number; subtotal: number; delivery: number; discount: number }> = {};

async function place(name: string, input: Partial<PlaceOrderInput> & { quantity: number; variantId: number }) {
  const result = await placeOrder(asAdmin(ownerId), {
    type: input.type ?? 'phone',
    customer: { name, phone: freshPhone(), address: 'Road 1', cityId: shop.sylhet.city_id, subCityId: shop.sylhet.sub_city_id },
    lines: [{ variantId: input.variantId, quantity: input.quantity }],
    source: input.source ?? null,
    manualDiscount: input.manualDiscount,
    publishedOnly: false,
  });
  const order = result.order;
  placed[name] = {
    id: order.id,
    number: order.number,
    total: order.total,
    subtotal: order.subtotal,
    delivery: order.delivery_charge,
    discount: order.discount,
  };
  return order.id;
}

async function move(id: number, path: OrderStatusCode[], adminId: number, note = '') {
  for (const to of path) {
    const result = await moveOrderStatus(asAdmin(adminId), { orderIds: [id], to, note });
    expect(result.refused, `move ${id} to ${to}`).toEqual([]);
  }
}

/** Puts the order's placement and each of its history rows (in order) at `placedAt + minutes[i]`. */
async function backdate(id: number, placedAt: string, minutes: number[]) {
  const start = Date.parse(placedAt);
  await db
    .update(orders)
    .set({ placedAt: new Date(start) })
    .where(eq(orders.id, id));
  const rows = await db
    .select({ id: orderStatusHistory.id })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(asc(orderStatusHistory.id));
  expect(rows).toHaveLength(minutes.length);
  for (const [index, row] of rows.entries()) {
    await db
      .update(orderStatusHistory)
      .set({ at: new Date(start + (minutes[index] ?? 0) * MINUTE) })
      .where(eq(orderStatusHistory.id, row.id));
  }
}

const RANGE = 'from=2025-03-01&to=2025-03-10';
let unitCost = 0;
let wholesale = 0;

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
  owner = shop.admin;
  const [me] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, ADMIN.email));
  ownerId = me?.id ?? 0;
  packerId = await createAdmin(db, { name: 'Nasrin Packer', email: 'packer@test.haat', password: 'packer-password-1' });
  const item = await stockedProduct(shop, 100, { purchase_cost: 40000, wholesale_price: 70000, retail_price: 100000 });
  unitCost = 40000;
  wholesale = 70000;

  // The known set, all in March 2025 (Asia/Dhaka, UTC+6):
  // A: phone, Facebook, 2 units, placed 3 March 02:00 Dhaka (2 March 20:00 UTC): confirmed by the owner after
  //    30 min, processing, shipped by the packer 120 min after confirmation, delivered on 5 March.
  await place('A', { variantId: item.variantId, quantity: 2, source: 'Facebook' });
  await move(placed.A?.id ?? 0, [2], ownerId, 'Called, confirmed');
  await move(placed.A?.id ?? 0, [3, 4], packerId);
  await move(placed.A?.id ?? 0, [5], packerId, 'Cash collected');
  await backdate(placed.A?.id ?? 0, '2025-03-02T20:00:00Z', [0, 30, 60, 150, 2 * 1440]);

  // B: website, 1 unit, ৳100 off by hand, placed 4 March 10:00 Dhaka; confirmed by the owner after 90 min;
  //    shipped by the packer 60 min after confirmation, delivered 6 March, then returned 8 March.
  await place('B', { variantId: item.variantId, quantity: 1, type: 'website', manualDiscount: 10000 });
  await move(placed.B?.id ?? 0, [2], ownerId);
  await move(placed.B?.id ?? 0, [3, 4, 5], packerId);
  await move(placed.B?.id ?? 0, [6], ownerId, 'Came back');
  await backdate(placed.B?.id ?? 0, '2025-03-04T04:00:00Z', [0, 90, 120, 150, 2 * 1440, 4 * 1440]);

  // C: reseller order, 3 units, placed 5 March 12:00 Dhaka; confirmed by the owner after 10 min, delivered 7 March.
  await place('C', { variantId: item.variantId, quantity: 3, type: 'reseller', source: 'Facebook' });
  await move(placed.C?.id ?? 0, [2], ownerId);
  await move(placed.C?.id ?? 0, [3, 4, 5], packerId);
  await backdate(placed.C?.id ?? 0, '2025-03-05T06:00:00Z', [0, 10, 20, 30, 2 * 1440]);

  // D: phone, 1 unit, placed 9 March, put on hold by the owner; E: placed 20 March (outside the range), cancelled.
  await place('D', { variantId: item.variantId, quantity: 1 });
  await move(placed.D?.id ?? 0, [8], ownerId, 'Not answering');
  await backdate(placed.D?.id ?? 0, '2025-03-09T08:00:00Z', [0, 5]);
  await place('E', { variantId: item.variantId, quantity: 1 });
  await move(placed.E?.id ?? 0, [7], ownerId);
  await backdate(placed.E?.id ?? 0, '2025-03-20T08:00:00Z', [0, 5]);
});
afterAll(() => shop.t.close());

const get = async <T>(path: string, browser = owner): Promise<T> => {
  const response = await browser.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

const sumOf = (names: string[], key: 'total' | 'subtotal' | 'delivery' | 'discount') =>
  names.reduce((sum, name) => sum + (placed[name]?.[key] ?? 0), 0);

describe('GET /api/admin/reports/orders', () => {
  it('groups the orders placed in the range by status with totals over all of them', async () => {
    const report = await get<OrderReportAnswer>(`/api/admin/reports/orders?group=status&${RANGE}`);
    expect(report.range).toEqual({ from: '2025-03-01', to: '2025-03-10', time_zone: 'Asia/Dhaka' });
    expect(report.data.map((row) => [row.label, row.orders])).toEqual([
      ['Delivered', 2],
      ['Returned', 1],
      ['On hold', 1],
    ]);
    expect(report.data[0]).toMatchObject({ key: '5', total: sumOf(['A', 'C'], 'total'), subtotal: sumOf(['A', 'C'], 'subtotal') });
    expect(report.totals).toEqual({
      orders: 4,
      subtotal: sumOf(['A', 'B', 'C', 'D'], 'subtotal'),
      delivery_charge: sumOf(['A', 'B', 'C', 'D'], 'delivery'),
      discount: 10000,
      total: sumOf(['A', 'B', 'C', 'D'], 'total'),
    });
    expect(report.total).toBe(3);
  });

  it('groups by the day in the shop time zone, by type and by source, and charts every day of the range', async () => {
    const byDate = await get<OrderReportAnswer>(`/api/admin/reports/orders?group=date&${RANGE}`);
    // A was placed at 20:00 UTC on 2 March: 3 March in Dhaka. Newest day first.
    expect(byDate.data.map((row) => [row.key, row.orders])).toEqual([
      ['2025-03-09', 1],
      ['2025-03-05', 1],
      ['2025-03-04', 1],
      ['2025-03-03', 1],
    ]);
    expect(byDate.chart).toHaveLength(10);
    expect(byDate.chart[0]).toEqual({ date: '2025-03-01', orders: 0, amount: 0 });
    expect(byDate.chart[2]).toEqual({ date: '2025-03-03', orders: 1, amount: placed.A?.total });

    const byType = await get<OrderReportAnswer>(`/api/admin/reports/orders?group=type&${RANGE}`);
    expect(byType.data.map((row) => [row.label, row.orders])).toEqual([
      ['Phone', 2],
      ['Reseller', 1],
      ['Website', 1],
    ]);
    const bySource = await get<OrderReportAnswer>(`/api/admin/reports/orders?group=source&${RANGE}`);
    expect(bySource.data.map((row) => [row.label, row.orders])).toEqual([
      ['No source', 2],
      ['Facebook', 2],
    ]);
    const facebookPhone = await get<OrderReportAnswer>(
      `/api/admin/reports/orders?group=status&${RANGE}&filter[source]=Facebook&filter[type]=phone`,
    );
    expect(facebookPhone.totals).toMatchObject({ orders: 1, total: placed.A?.total });
  });

  it('narrows to the dates asked for and pages the groups', async () => {
    const later = await get<OrderReportAnswer>('/api/admin/reports/orders?group=date&from=2025-03-04&to=2025-03-20');
    expect(later.totals.orders).toBe(4); // B, C, D and E
    expect(later.data.map((row) => row.key)).toEqual(['2025-03-20', '2025-03-09', '2025-03-05', '2025-03-04']);
    const paged = await get<OrderReportAnswer>('/api/admin/reports/orders?group=date&from=2025-03-04&to=2025-03-20&per_page=3&page=2');
    expect(paged).toMatchObject({ total: 4, current_page: 2, last_page: 2, from: 4, to: 4 });
    expect(paged.data.map((row) => row.key)).toEqual(['2025-03-04']);
    expect(paged.prev_page_url).toContain('page=1');
  });

  it('refuses a range that ends before it starts, or a group it does not know, with 4xx naming the field', async () => {
    const backwards = await owner.get('/api/admin/reports/orders?from=2025-03-10&to=2025-03-01');
    expect(backwards.statusCode).toBeGreaterThanOrEqual(400);
    expect(backwards.statusCode).toBeLessThan(500);
    expect(backwards.json().errors).toHaveProperty('to');
    const badGroup = await owner.get('/api/admin/reports/orders?group=colour');
    expect(badGroup.statusCode).toBeLessThan(500);
    expect(badGroup.json().errors).toHaveProperty('group');
    const badDate = await owner.get('/api/admin/reports/orders?from=yesterday');
    expect(badDate.json().errors).toHaveProperty('from');
  });

  it('exports the groups and a total line as CSV, money in taka', async () => {
    const response = await owner.get(`/api/admin/reports/orders/export.csv?group=status&${RANGE}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="orders-by-status-/);
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(['Status', 'Orders', 'Subtotal', 'Delivery charge', 'Discount', 'Total']);
    expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual([
      ['Delivered', '2'],
      ['Returned', '1'],
      ['On hold', '1'],
      ['Total', '4'],
    ]);
    expect(Number(rows[4]?.[5])).toBe(sumOf(['A', 'B', 'C', 'D'], 'total') / 100);
    expect(Number(rows[4]?.[4])).toBe(100);
  });
});

describe('GET /api/admin/reports/order-processing', () => {
  it('counts each staff member’s moves by kind with the median minutes to confirm and to ship', async () => {
    const report = await get<ProcessingReportAnswer>(`/api/admin/reports/order-processing?${RANGE}`);
    const ownerRow = report.data.find((row) => row.admin_id === ownerId);
    const packerRow = report.data.find((row) => row.admin_id === packerId);
    // Owner: confirmed A (30 min), B (90 min), C (10 min); held D; returned B.
    expect(ownerRow).toMatchObject({ admin_name: expect.any(String), moves: 5, median_confirm_minutes: 30, median_ship_minutes: null });
    expect(ownerRow?.to_status).toMatchObject({ '2': 3, '6': 1, '8': 1, '4': 0 });
    // Packer: processing, shipped, delivered for A, B and C; shipped 120, 60 and 20 min after confirmation.
    expect(packerRow).toMatchObject({ admin_name: 'Nasrin Packer', moves: 9, median_confirm_minutes: null, median_ship_minutes: 60 });
    expect(packerRow?.to_status).toMatchObject({ '3': 3, '4': 3, '5': 3 });
    expect(report.data.map((row) => row.admin_id)).toEqual([packerId, ownerId]);
    expect(report.totals).toMatchObject({ moves: 14, staff: 2 });
    // E was cancelled on 20 March, outside the range.
    expect(report.totals.to_status['7']).toBe(0);
    expect(report.chart.find((point) => point.date === '2025-03-03')?.orders).toBe(3);
  });

  it('lists one admin’s moves with order, from, to, when and note, newest first', async () => {
    const report = await get<StaffMovesAnswer>(`/api/admin/reports/order-processing/${ownerId}?${RANGE}&per_page=2`);
    expect(report.admin).toMatchObject({ id: ownerId });
    expect(report.total).toBe(5);
    expect(report.data).toHaveLength(2);
    expect(report.data[0]).toMatchObject({
      order_number: placed.D?.number,
      from_label: 'Pending',
      to_label: 'On hold',
      note: 'Not answering',
      at: '2025-03-09T08:05:00.000Z',
    });
    expect(report.data[1]).toMatchObject({ order_number: placed.B?.number, from_status: 5, to_status: 6, note: 'Came back' });
    expect(report.totals).toMatchObject({ moves: 5, median_confirm_minutes: 30 });

    const csv = parseCsv((await owner.get(`/api/admin/reports/order-processing/${ownerId}/export.csv?${RANGE}`)).body);
    expect(csv[0]).toEqual(['Order', 'From', 'To', 'At', 'Note']);
    expect(csv).toHaveLength(6);
    expect(csv).toContainEqual([placed.A?.number, 'Pending', 'Confirmed', '2025-03-02T20:30:00.000Z', 'Called, confirmed']);

    expect((await owner.get(`/api/admin/reports/order-processing/999999?${RANGE}`)).statusCode).toBe(404);
  });

  it('exports every staff member’s figures as CSV', async () => {
    const csv = parseCsv((await owner.get(`/api/admin/reports/order-processing/export.csv?${RANGE}`)).body);
    expect(csv[0]?.slice(0, 3)).toEqual(['Staff', 'Moves', 'To Pending']);
    expect(csv[0]?.at(-1)).toBe('Median minutes, confirmed to shipped');
    expect(csv[1]).toEqual(['Nasrin Packer', '9', '0', '0', '3', '3', '3', '0', '0', '0', '', '60']);
  });
});

describe('GET /api/admin/reports/order-profit', () => {
  it('shows each order delivered in the range: sale − cost − delivery = profit, with totals', async () => {
    const report = await get<ProfitReportAnswer>(`/api/admin/reports/order-profit?${RANGE}`);
    const a = placed.A;
    const c = placed.C;
    if (!a || !c) throw new Error('orders missing');
    // B was delivered, then returned: it is not a sale. C is a reseller order: the shop's sale is wholesale + delivery.
    const rowA = { sale: a.total, cost: 2 * unitCost, delivery_charge: a.delivery, profit: a.total - 2 * unitCost - a.delivery };
    const cSale = 3 * wholesale + c.delivery;
    const rowC = { sale: cSale, cost: 3 * unitCost, delivery_charge: c.delivery, profit: cSale - 3 * unitCost - c.delivery };
    expect(report.data).toEqual([
      { order_id: c.id, number: c.number, type: 'reseller', customer_name: 'C', delivered_at: '2025-03-07T06:00:00.000Z', ...rowC },
      { order_id: a.id, number: a.number, type: 'phone', customer_name: 'A', delivered_at: '2025-03-04T20:00:00.000Z', ...rowA },
    ]);
    expect(report.totals).toEqual({
      orders: 2,
      sale: rowA.sale + rowC.sale,
      cost: rowA.cost + rowC.cost,
      delivery_charge: rowA.delivery_charge + rowC.delivery_charge,
      profit: rowA.profit + rowC.profit,
    });
    // A was delivered at 02:00 on 5 March in Dhaka.
    expect(report.chart.find((point) => point.date === '2025-03-05')).toEqual({ date: '2025-03-05', orders: 1, amount: rowA.profit });

    const early = await get<ProfitReportAnswer>('/api/admin/reports/order-profit?from=2025-03-01&to=2025-03-04');
    expect(early.totals.orders).toBe(0);
    expect(early.data).toEqual([]);

    const csv = parseCsv((await owner.get(`/api/admin/reports/order-profit/export.csv?${RANGE}`)).body);
    expect(csv[0]).toEqual(['Order', 'Type', 'Customer', 'Delivered at', 'Sale', 'Cost', 'Delivery charge', 'Profit']);
    expect(csv[2]).toEqual([
      a.number,
      'phone',
      'A',
      '2025-03-04T20:00:00.000Z',
      (rowA.sale / 100).toFixed(2),
      (rowA.cost / 100).toFixed(2),
      (rowA.delivery_charge / 100).toFixed(2),
      (rowA.profit / 100).toFixed(2),
    ]);
    expect(csv[3]?.[0]).toBe('Total');
    expect(Number(csv[3]?.[7])).toBe((rowA.profit + rowC.profit) / 100);
  });
});

describe('permissions on the reports', () => {
  it('refuses a visitor, and staff without report.view, on every report and export', async () => {
    const visitor = await shop.t.browser();
    const clerk = await staffWith(shop.t, ['order.view']);
    for (const path of [
      '/api/admin/reports/orders',
      '/api/admin/reports/orders/export.csv',
      '/api/admin/reports/order-processing',
      '/api/admin/reports/order-processing/export.csv',
      `/api/admin/reports/order-processing/${ownerId}`,
      `/api/admin/reports/order-processing/${ownerId}/export.csv`,
      '/api/admin/reports/order-profit',
      '/api/admin/reports/order-profit/export.csv',
    ]) {
      expect((await visitor.get(path)).statusCode, path).toBe(401);
      const refused = await clerk.get(path);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().message).toContain('report.view');
    }
    const reader = await staffWith(shop.t, ['report.view']);
    expect((await reader.get(`/api/admin/reports/orders?${RANGE}`)).statusCode).toBe(200);
  });
});

describe('order figures on the dashboard', () => {
  it('counts today’s and this month’s orders by status, pending and on hold, and the month’s sales and profit', async () => {
    const item = await stockedProduct(shop, 20, { purchase_cost: 30000 });
    await place('Today pending', { variantId: item.variantId, quantity: 1 });
    await place('Today held', { variantId: item.variantId, quantity: 1 });
    await move(placed['Today held']?.id ?? 0, [8], ownerId);
    await place('Today delivered', { variantId: item.variantId, quantity: 2 });
    await move(placed['Today delivered']?.id ?? 0, [2, 3, 4, 5], packerId);
    const delivered = placed['Today delivered'];
    if (!delivered) throw new Error('order missing');

    const view = await get<DashboardView>('/api/admin/dashboard');
    const card = (id: string) => view.cards.find((each) => each.id === id);
    expect(card('orders-today')).toMatchObject({ value: 3, format: 'count' });
    const breakdown = Object.fromEntries((card('orders-today')?.breakdown ?? []).map((part) => [part.label, part]));
    expect(breakdown.Pending).toEqual({ label: 'Pending', value: 1, link: '/admin/order/process/1' });
    expect(breakdown['On hold']?.value).toBe(1);
    expect(breakdown.Delivered).toEqual({ label: 'Delivered', value: 1, link: '/admin/order/process/5' });
    // The March 2025 orders are not this month's.
    expect(card('orders-month')?.value).toBe(3);
    // Now: the March orders D (on hold) and today's two; pending: today's one.
    expect(card('orders-pending')).toMatchObject({ value: 1, link: '/admin/order/process/1' });
    expect(card('orders-hold')).toMatchObject({ value: 2, link: '/admin/order/process/8' });
    const sale = delivered.total;
    expect(card('sales-month')).toMatchObject({ value: sale, format: 'money' });
    expect(card('profit-month')).toMatchObject({ value: sale - 2 * 30000 - delivered.delivery, format: 'money' });
    expect(card('profit-month')?.link).toMatch(/^\/admin\/order\/profit\/report\?from=\d{4}-\d{2}-01&to=/);

    const orders30 = view.charts.find((chart) => chart.id === 'orders-30-days')?.series[0]?.points ?? [];
    const sales30 = view.charts.find((chart) => chart.id === 'sales-30-days');
    expect(orders30).toHaveLength(30);
    expect(orders30.at(-1)?.value).toBe(3);
    expect(sales30?.format).toBe('money');
    expect(sales30?.series[0]?.points.at(-1)?.value).toBe(sale);

    // The month's figures are the profit report's for the month.
    const link = card('profit-month')?.link ?? '';
    const report = await get<ProfitReportAnswer>(`/api/admin/reports/order-profit?${link.split('?')[1]}`);
    expect(report.totals).toMatchObject({ orders: 1, sale, profit: card('profit-month')?.value });
  });

  it('shows no order figures to staff without order.view', async () => {
    const viewer = await staffWith(shop.t, ['dashboard.view']);
    const view = await get<DashboardView>('/api/admin/dashboard', viewer);
    expect(view.cards.some((each) => each.id.startsWith('orders-') || each.id.endsWith('-month'))).toBe(false);
    expect(view.charts).toEqual([]);
  });
});
