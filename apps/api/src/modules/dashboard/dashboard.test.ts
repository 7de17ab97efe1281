import type { DashboardCard, DashboardChart, DashboardView } from '@haat/contracts';
import { and, count, eq, lt, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { customers } from '../customers/customer.table';
import { merchants } from '../merchants/merchant.table';
import { resellers } from '../resellers/reseller.table';
import { createAdmin } from '../staff';
import { adminPermissions, adminRoles, admins, rolePermissions, roles } from '../staff/admin.table';

let t: TestApp;
let owner: TestBrowser;
// The demo shop's first start, like the other demo tests: more than the default minute on a busy machine.
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  owner = await t.browser();
  await owner.loginAdmin();
}, 120_000);
afterAll(() => t.close());

const DAY = 24 * 3600_000;
/** The calendar date of an instant in the shop's time zone (the demo shop is in Asia/Dhaka). */
const shopDate = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(instant);

async function dashboard(browser: TestBrowser): Promise<DashboardView> {
  const response = await browser.get('/api/admin/dashboard');
  expect(response.statusCode).toBe(200);
  return response.json();
}

const card = (view: DashboardView, id: string): DashboardCard | undefined => view.cards.find((item) => item.id === id);
const chart = (view: DashboardView, id: string): DashboardChart | undefined => view.charts.find((item) => item.id === id);

async function countOf(table: typeof customers | typeof resellers | typeof merchants | typeof admins, where?: SQL) {
  const [row] = await t.database.db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

let staffCount = 0;
async function signedInStaff() {
  staffCount += 1;
  const email = `dashboard${staffCount}@test.haat`;
  const id = await createAdmin(t.database.db, { name: `Dashboard Staff ${staffCount}`, email, password: 'staff-password-1' });
  const browser = await t.browser();
  await browser.loginAdmin(email, 'staff-password-1');
  return { id, browser };
}

describe('GET /api/admin/dashboard for a super admin', () => {
  it('shows cards whose values are the counts in the database', async () => {
    // Some rows the demo did not make, so the figures are not just the demo's.
    const demoCustomers = await countOf(customers);
    await t.database.db.insert(customers).values([
      { name: 'Old Shopper', phone: '01555000001', createdAt: new Date(Date.now() - 45 * DAY) },
      { name: 'New Shopper', phone: '01555000002' },
    ]);
    await t.database.db.insert(merchants).values({ name: 'Gone Merchant', phone: '01555000003', passwordHash: 'x', status: 'suspended' });

    const view = await dashboard(owner);
    expect(card(view, 'customers')?.value).toBe(await countOf(customers));
    expect(card(view, 'resellers-active')?.value).toBe(await countOf(resellers, eq(resellers.status, 'active')));
    expect(card(view, 'resellers-pending')?.value).toBe(await countOf(resellers, eq(resellers.status, 'pending')));
    expect(card(view, 'merchants')?.value).toBe(await countOf(merchants, eq(merchants.status, 'active')));
    expect(card(view, 'staff')?.value).toBe(await countOf(admins, eq(admins.status, 'active')));
    // The demo shop's customers (its shoppers and the customers of its demo orders) + 2 added,
    // 3 active resellers of 5, 1 pending, 2 active merchants.
    expect(demoCustomers).toBeGreaterThanOrEqual(12);
    expect(card(view, 'customers')?.value).toBe(demoCustomers + 2);
    expect(card(view, 'resellers-active')?.value).toBe(3);
    expect(card(view, 'resellers-pending')?.value).toBe(1);
    expect(card(view, 'merchants')?.value).toBe(2);
    for (const item of view.cards)
      expect(item).toMatchObject({ format: expect.stringMatching(/^(count|money)$/), link: expect.stringMatching(/^\/admin\//) });
  });

  it('charts customers and resellers created per day over the last 30 days, in the shop time zone', async () => {
    const now = Date.now();
    await t.database.db.insert(customers).values([
      { name: 'Edge Shopper In', phone: '01555000011', createdAt: new Date(now - 28 * DAY) },
      { name: 'Edge Shopper Out', phone: '01555000012', createdAt: new Date(now - 31 * DAY) },
      { name: 'Today Shopper', phone: '01555000013', createdAt: new Date(now - 60_000) },
    ]);

    const view = await dashboard(owner);
    const today = shopDate(new Date());
    for (const [id, table] of [
      ['customer-signups', customers],
      ['reseller-signups', resellers],
    ] as const) {
      const points = chart(view, id)?.series[0]?.points ?? [];
      expect(points).toHaveLength(30);
      const dates = points.map((point) => point.date);
      // 30 consecutive days ending today.
      expect(dates.at(-1)).toBe(today);
      expect(dates[0]).toBe(shopDate(new Date(Date.parse(`${today}T12:00:00Z`) - 29 * DAY)));
      expect(new Set(dates).size).toBe(30);

      const rows = await t.database.db.select({ createdAt: table.createdAt }).from(table);
      const perDay = new Map<string, number>();
      for (const row of rows) perDay.set(shopDate(row.createdAt), (perDay.get(shopDate(row.createdAt)) ?? 0) + 1);
      expect(points).toEqual(dates.map((date) => ({ date, value: perDay.get(date) ?? 0 })));

      const inWindow = rows.filter((row) => shopDate(row.createdAt) >= (dates[0] ?? '')).length;
      expect(points.reduce((sum, point) => sum + point.value, 0)).toBe(inWindow);
      expect(inWindow).toBeGreaterThan(0);
    }
    // The shopper made 31 days ago (and any older) is left out; the one of 28 days ago and today's are in.
    const customerPoints = chart(view, 'customer-signups')?.series[0]?.points ?? [];
    const sum = customerPoints.reduce((total, point) => total + point.value, 0);
    const older = await countOf(customers, lt(customers.createdAt, new Date(now - 30 * DAY)));
    expect(older).toBeGreaterThanOrEqual(1);
    expect(sum).toBe((await countOf(customers)) - older);
    expect(customerPoints.at(-1)?.value).toBeGreaterThanOrEqual(2);
  });
});

describe('permissions on the dashboard', () => {
  it('refuses a visitor with 401 JSON', async () => {
    const visitor = await t.browser();
    const response = await visitor.get('/api/admin/dashboard');
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().message).toMatch(/sign in/i);
  });

  it('refuses a staff admin without roles with 403 naming dashboard.view', async () => {
    const { browser } = await signedInStaff();
    const response = await browser.get('/api/admin/dashboard');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('dashboard.view');
  });

  it('applies a role given or taken away on the very next request, showing only the permitted cards', async () => {
    const { id, browser } = await signedInStaff();
    const db = t.database.db;
    expect((await browser.get('/api/admin/dashboard')).statusCode).toBe(403);

    const [role] = await db.insert(roles).values({ name: 'Dashboard viewer' }).returning({ id: roles.id });
    const roleId = role?.id ?? 0;
    await db.insert(rolePermissions).values({ roleId, permission: 'dashboard.view' });
    await db.insert(adminRoles).values({ adminId: id, roleId });

    // No new sign-in: the same session now sees the dashboard, but no figures it may not see.
    expect(await dashboard(browser)).toEqual({ cards: [], charts: [] });

    await db.insert(rolePermissions).values({ roleId, permission: 'customer.view' });
    const withCustomers = await dashboard(browser);
    expect(withCustomers.cards.map((item) => item.id)).toEqual(['customers']);
    expect(withCustomers.cards[0]?.value).toBe(await countOf(customers));
    expect(withCustomers.charts.map((item) => item.id)).toEqual(['customer-signups']);

    await db.delete(adminRoles).where(and(eq(adminRoles.adminId, id), eq(adminRoles.roleId, roleId)));
    const removed = await browser.get('/api/admin/dashboard');
    expect(removed.statusCode).toBe(403);
    expect(removed.json().message).toContain('dashboard.view');
  });

  it('honours a permission given directly to the admin', async () => {
    const { id, browser } = await signedInStaff();
    const db = t.database.db;
    await db.insert(adminPermissions).values([
      { adminId: id, permission: 'dashboard.view' },
      { adminId: id, permission: 'merchant.view' },
    ]);
    const view = await dashboard(browser);
    expect(view.cards.map((item) => item.id)).toEqual(['merchants']);
    expect(view.cards[0]?.value).toBe(await countOf(merchants, eq(merchants.status, 'active')));
    expect(view.charts).toEqual([]);

    await db.delete(adminPermissions).where(and(eq(adminPermissions.adminId, id), eq(adminPermissions.permission, 'dashboard.view')));
    expect((await browser.get('/api/admin/dashboard')).statusCode).toBe(403);
  });

  it('ends the access of an admin deactivated mid-session', async () => {
    const { id, browser } = await signedInStaff();
    await t.database.db.insert(adminPermissions).values({ adminId: id, permission: 'dashboard.view' });
    expect((await browser.get('/api/admin/dashboard')).statusCode).toBe(200);
    await t.database.db.update(admins).set({ status: 'inactive' }).where(eq(admins.id, id));
    expect((await browser.get('/api/admin/dashboard')).statusCode).toBe(401);
  });

  it("shows the demo's order manager their order figures but no money: no sales, profit or stock value", async () => {
    const { id, browser } = await signedInStaff();
    const db = t.database.db;
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Order manager'));
    await db.insert(adminRoles).values({ adminId: id, roleId: role?.id ?? 0 });

    const view = await dashboard(browser);
    const ids = view.cards.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining(['orders-today', 'orders-month', 'orders-pending', 'orders-hold', 'customers']));
    expect(ids).not.toContain('profit-month');
    expect(ids).not.toContain('sales-month');
    expect(view.cards.filter((item) => item.format === 'money')).toEqual([]);
    expect(view.charts.map((item) => item.id)).not.toContain('sales-30-days');
    expect(view.charts.filter((item) => item.format === 'money')).toEqual([]);
    // The body carries no figure's permission, and no money anywhere.
    expect(JSON.stringify(view)).not.toMatch(/profit|"permission"/i);

    // Given the reports, the same person sees the month's sales and profit on the next request.
    await db.insert(adminPermissions).values({ adminId: id, permission: 'report.view' });
    const withReports = await dashboard(browser);
    expect(withReports.cards.map((item) => item.id)).toEqual(expect.arrayContaining(['sales-month', 'profit-month']));
    expect(withReports.charts.map((item) => item.id)).toContain('sales-30-days');
  });

  it("shows the demo's accountant the month's sales and profit and the sales chart, without order.view, and no order counts", async () => {
    const { id, browser } = await signedInStaff();
    const db = t.database.db;
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Accountant'));
    await db.insert(adminRoles).values({ adminId: id, roleId: role?.id ?? 0 });

    const view = await dashboard(browser);
    expect(view.cards.map((item) => item.id)).toEqual(['sales-month', 'profit-month']);
    expect(view.cards.every((item) => item.format === 'money')).toBe(true);
    // The same figures as the owner's dashboard shows.
    const owners = await dashboard(owner);
    expect(card(view, 'sales-month')?.value).toBe(card(owners, 'sales-month')?.value);
    expect(card(view, 'profit-month')?.value).toBe(card(owners, 'profit-month')?.value);
    expect(view.charts.map((item) => item.id)).toEqual(['sales-30-days']);
    expect(chart(view, 'sales-30-days')).toEqual(chart(owners, 'sales-30-days'));
    expect(JSON.stringify(view)).not.toMatch(/"permission"/);
  });

  it('shows the stock value at cost only to those who read the stock report', async () => {
    const { id, browser } = await signedInStaff();
    const db = t.database.db;
    await db.insert(adminPermissions).values([
      { adminId: id, permission: 'dashboard.view' },
      { adminId: id, permission: 'product.view' },
    ]);
    expect((await dashboard(browser)).cards.map((item) => item.id)).toEqual(['products-published', 'low-stock-variants']);
    await db.insert(adminPermissions).values({ adminId: id, permission: 'stock.report.view' });
    expect((await dashboard(browser)).cards.map((item) => item.id)).toEqual(['products-published', 'low-stock-variants', 'stock-value']);
  });
});
