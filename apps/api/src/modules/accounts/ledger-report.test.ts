import type { AccountReportAnswer, DashboardView, LedgerLinesAnswer, LedgerProfitAnswer } from '@haat/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { moveOrderStatus, settleAfterCommitWork } from '../orders';
import { freshPhone, openShop, type Shop, stockedProduct } from '../orders/order.fixture';
import { placeOrder } from '../orders/order.service';
import { createCounterSale } from '../sales/counter-sale.service';
import { createAdmin } from '../staff';
import { adminPermissions, admins } from '../staff/admin.table';
import { expectBooksBalanced } from './accounts.fixture';
import { accountIdFor } from './ledger.service';
import { ledgerAccounts } from './ledger.table';

let shop: Shop;
let db: Db;
let ownerId: number;
/** All of the scenario happens in March 2031, a month nothing else in this database touches. */
const AT = new Date('2031-03-10T06:00:00Z');
const RANGE = 'from=2031-03-01&to=2031-03-31';
const asOwner = () => actingAs(systemCtx(db, AT), { kind: 'admin', id: ownerId, name: null });

/** What the scenario posted, worked out from the orders it placed. */
const expected = { website: { revenue: 0, delivery: 0 }, reseller: { revenue: 0, delivery: 0 }, counter: 1_500_00 };

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
  const [owner] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1);
  ownerId = owner?.id as number;
  const item = await stockedProduct(shop, 100);
  // A website order and a reseller's order, each one unit (৳1,000, cost ৳500), delivered on the 10th.
  for (const type of ['website', 'reseller'] as const) {
    const { order } = await placeOrder(asOwner(), {
      type,
      customer: { name: 'Jamal Hossain', phone: freshPhone(), address: 'Road 4, Dhanmondi', cityId: shop.dhaka.city_id },
      lines: [{ variantId: item.variantId, quantity: 1 }],
    });
    for (const to of [2, 3, 4, 5] as const) expect((await moveOrderStatus(asOwner(), { orderIds: [order.id], to })).refused).toEqual([]);
    const delivery = Math.min(order.delivery_charge, order.total);
    expected[type] = { revenue: order.total - delivery, delivery };
  }
  // A counter sale of one unit for ৳1,500 in cash.
  await createCounterSale(asOwner(), {
    lines: [{ variant_id: item.variantId, quantity: 1, unit_price: 1_500_00, discount: 0 }],
    payments: [{ method: 'cash', amount: 1_500_00 }],
  });
  // Rent of ৳500 paid from the cash on the 12th.
  const paid = await shop.admin.post('/api/admin/debits', {
    date: '2031-03-12',
    purpose_id: await accountIdFor(db, 'rent_bills'),
    balance_id: await accountIdFor(db, 'cash'),
    amount: 500_00,
    party: 'Landlord',
  });
  expect(paid.statusCode, paid.body).toBe(201);
});
afterAll(async () => {
  await settleAfterCommitWork();
  await shop.t.close();
});

const get = async <T>(path: string): Promise<T> => {
  const response = await shop.admin.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

describe('the account report (issue 19 §6)', () => {
  it('profit and loss by group, and each group drills down to exactly its lines', async () => {
    const report = await get<AccountReportAnswer>(`/api/admin/account-report?${RANGE}`);
    const group = (name: string) => report.profit_loss.groups.find((row) => row.group === name)?.total;
    const sales = expected.website.revenue + expected.reseller.revenue + expected.counter;
    const delivery = expected.website.delivery + expected.reseller.delivery;
    expect(group('sales')).toBe(sales);
    expect(group('delivery')).toBe(delivery);
    expect(group('cost_of_goods')).toBe(-3 * 500_00);
    expect(group('expenses')).toBe(-500_00);
    expect(group('other_income')).toBe(0);
    expect(report.profit_loss.profit).toBe(sales + delivery - 3 * 500_00 - 500_00);
    expect(report.profit_loss.income - report.profit_loss.expense).toBe(report.profit_loss.profit);

    const lines = await get<LedgerLinesAnswer>(`/api/admin/account-report/lines?${RANGE}&group=sales`);
    expect(lines.total).toBe(3);
    expect(lines.data.reduce((sum, line) => sum + line.increase - line.decrease, 0)).toBe(sales);
    expect(lines.closing).toBe(sales);
    expect(lines.data.at(-1)?.balance).toBe(sales);
    expect(lines.data.map((line) => line.source).sort()).toEqual(['order.delivered', 'order.delivered', 'sale.counter']);
    expect(lines.data.find((line) => line.source === 'sale.counter')?.link).toMatch(/^\/admin\/sale\/view\/\d+$/);
    expect(lines.data.find((line) => line.source === 'order.delivered')?.link).toMatch(/^\/admin\/view\/order\/\d+$/);

    const rent = await accountIdFor(db, 'rent_bills');
    const rentLines = await get<LedgerLinesAnswer>(`/api/admin/account-report/lines?${RANGE}&account_id=${rent}`);
    expect(rentLines.data).toMatchObject([{ date: '2031-03-12', increase: 500_00, decrease: 0, balance: 500_00, source: 'debit' }]);
    // Paging keeps the running balance: the second line on its own page carries the first one's figure too.
    const second = await get<LedgerLinesAnswer>(`/api/admin/account-report/lines?${RANGE}&group=sales&per_page=1&page=2`);
    expect(second.data[0]?.balance).toBe(lines.data[1]?.balance);
    expect(second.last_page).toBe(3);

    const profit = await get<LedgerLinesAnswer>(`/api/admin/account-report/lines?${RANGE}&group=profit&per_page=100`);
    expect(profit.closing).toBe(report.profit_loss.profit);
    expect(profit.data.at(-1)?.balance).toBe(report.profit_loss.profit);

    const csv = await shop.admin.get(`/api/admin/account-report/export.csv?${RANGE}&section=profit_loss`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Cost of goods');
    await expectBooksBalanced(db);
  });

  it('the balance sheet at the end date balances, with the profit inside equity', async () => {
    const report = await get<AccountReportAnswer>(`/api/admin/account-report?${RANGE}`);
    const sheet = report.balance_sheet;
    expect(sheet.as_of).toBe('2031-03-31');
    expect(sheet.balanced).toBe(true);
    expect(sheet.assets).toBe(sheet.liabilities_and_equity);
    const assets = sheet.groups.find((group) => group.group === 'assets');
    expect(assets?.rows.reduce((sum, row) => sum + row.amount, 0)).toBe(sheet.assets);
    // Everything earned so far (the opening stock's purchase is not income): at least this month's profit.
    expect(sheet.retained_profit).toBe(report.profit_loss.profit);
    // Each asset drills down to lines ending at its figure.
    const cash = await accountIdFor(db, 'cash');
    const cashRow = assets?.rows.find((row) => row.account_id === cash);
    const cashLines = await get<LedgerLinesAnswer>(`/api/admin/account-report/lines?${RANGE}&account_id=${cash}`);
    expect(cashLines.closing).toBe(cashRow?.amount);
    for (const section of ['trial_balance', 'balance_sheet', 'cash_flow']) {
      expect((await shop.admin.get(`/api/admin/account-report/export.csv?${RANGE}&section=${section}`)).statusCode).toBe(200);
    }
  });

  it('the cash flow: money in and out of the balances by what caused it', async () => {
    const report = await get<AccountReportAnswer>(`/api/admin/account-report?${RANGE}`);
    const flow = report.cash_flow;
    expect(flow.rows).toEqual([
      { source: 'debit', money_in: 0, money_out: 500_00, net: -500_00 },
      { source: 'sale.counter', money_in: 1_500_00, money_out: 0, net: 1_500_00 },
    ]);
    expect(flow.closing - flow.opening).toBe(flow.money_in - flow.money_out);
    const lines = await get<LedgerLinesAnswer>(`/api/admin/account-report/lines?${RANGE}&group=money&source=sale.counter`);
    expect(lines.data.reduce((sum, line) => sum + line.increase - line.decrease, 0)).toBe(1_500_00);
  });

  it('this month by default; bad dates are refused naming the field', async () => {
    const report = await get<AccountReportAnswer>('/api/admin/account-report');
    expect(report.from.endsWith('-01')).toBe(true);
    const bad = await shop.admin.get('/api/admin/account-report?from=2031-13-01');
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.json().errors).toHaveProperty('from');
    const backwards = await shop.admin.get('/api/admin/profit-report?from=2031-03-31&to=2031-03-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toHaveProperty('to');
    const noAccount = await shop.admin.get(`/api/admin/account-report/lines?${RANGE}`);
    expect(noAccount.json().errors).toHaveProperty('account_id');
    const badLines = await shop.admin.get('/api/admin/account-report/lines?group=sales&to=yesterday');
    expect(badLines.json().errors).toHaveProperty('to');
  });
});

describe('the profit report by month and by channel', () => {
  it('splits a reseller order, a website order and a counter sale; the rent is shop-wide', async () => {
    const report = await get<LedgerProfitAnswer>('/api/admin/profit-report?year=2031');
    expect(report.months).toHaveLength(12);
    const march = report.months.find((month) => month.month === '2031-03');
    const channel = (name: string) => report.channels.find((row) => row.channel === name);
    const web = expected.website.revenue + expected.website.delivery;
    const resold = expected.reseller.revenue + expected.reseller.delivery;
    expect(channel('website')).toMatchObject({ revenue: web, cost_of_goods: 500_00, expenses: 0, profit: web - 500_00 });
    expect(channel('reseller')).toMatchObject({ revenue: resold, cost_of_goods: 500_00, profit: resold - 500_00 });
    expect(channel('counter')).toMatchObject({ revenue: 1_500_00, cost_of_goods: 500_00, profit: 1_000_00 });
    expect(channel('phone')?.revenue).toBe(0);
    expect(channel('shop_wide')).toMatchObject({ revenue: 0, expenses: 500_00, profit: -500_00 });
    expect(march).toMatchObject({ revenue: web + resold + 1_500_00, cost_of_goods: 1_500_00, expenses: 500_00 });
    expect(report.totals.profit).toBe(report.channels.reduce((sum, row) => sum + row.profit, 0));
    expect(report.totals.profit).toBe(march?.profit);

    const resellerLines = await get<LedgerLinesAnswer>(
      '/api/admin/account-report/lines?from=2031-01-01&to=2031-12-31&group=revenue&channel=reseller',
    );
    expect(resellerLines.data.reduce((sum, line) => sum + line.increase - line.decrease, 0)).toBe(resold);
    expect(resellerLines.data.every((line) => line.channel === 'reseller')).toBe(true);
    const shopWide = await get<LedgerLinesAnswer>(
      '/api/admin/account-report/lines?from=2031-01-01&to=2031-12-31&group=expenses&channel=shop_wide',
    );
    expect(shopWide.closing).toBe(500_00);
    expect((await shop.admin.get('/api/admin/profit-report/export.csv?year=2031')).body).toContain('Shop-wide');
    await expectBooksBalanced(db);
  });
});

describe('the dashboard money cards', () => {
  it('are shown with accounts.report.view and absent without it', async () => {
    const owner = await get<DashboardView>('/api/admin/dashboard');
    const cash = owner.cards.find((card) => card.id === 'money-cash');
    const [held] = await db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, await accountIdFor(db, 'cash')));
    expect(cash?.value).toBe(held?.balance);
    expect(owner.cards.map((card) => card.id)).toEqual(
      expect.arrayContaining(['money-cash', 'money-banks', 'money-courier-receivable', 'money-payable']),
    );

    const email = 'no-money@test.haat';
    const id = await createAdmin(db, { name: 'Counter Staff', email, password: 'staff-password-1' });
    await db.insert(adminPermissions).values({ adminId: id, permission: 'dashboard.view' });
    const staff = await shop.t.browser();
    await staff.loginAdmin(email, 'staff-password-1');
    const view = (await staff.get('/api/admin/dashboard')).json() as DashboardView;
    expect(view.cards.some((card) => card.id.startsWith('money-'))).toBe(false);
    expect((await staff.get(`/api/admin/account-report?${RANGE}`)).statusCode).toBe(403);

    await db.insert(adminPermissions).values({ adminId: id, permission: 'accounts.report.view' });
    const again = await shop.t.browser();
    await again.loginAdmin(email, 'staff-password-1');
    const allowed = (await again.get('/api/admin/dashboard')).json() as DashboardView;
    expect(allowed.cards.some((card) => card.id === 'money-payable')).toBe(true);
  });
});
