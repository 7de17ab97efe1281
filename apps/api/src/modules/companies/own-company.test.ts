import type { SystemAccountKey } from '@haat/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../context';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { expectBooksBalanced } from '../accounts/accounts.fixture';
import { accountBalance, accountIdFor } from '../accounts/ledger.service';
import { addMonths, depreciationOfMonth, monthEnd, runDepreciation } from './asset.service';
import { assetDepreciations, directorPayments, investorPayouts } from './own-company.table';

let t: TestApp;
let admin: TestBrowser;
let own: number;
let buyer: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  own = await created('/api/admin/companies', { name: 'Test Fashion Ltd.', kind: 'own' });
  buyer = await created('/api/admin/companies', { name: 'Test Buyer Ltd.', kind: 'buyer' });
});
afterAll(() => t.close());

async function created(path: string, body: Record<string, unknown>): Promise<number> {
  const response = await admin.post(path, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}
const addBalance = (name: string, opening: number) => created('/api/admin/balances', { name, kind: 'cash', opening_balance: opening });
const held = (key: SystemAccountKey) => accountIdFor(t.database.db, key).then((id) => accountBalance(t.database.db, id));
const balanceOf = (id: number) => accountBalance(t.database.db, id);
const entries = async () =>
  Number(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from journal_entries`))[0]?.n);
const asset = async (id: number) => (await admin.get(`/api/admin/assets/${id}`)).json().data;
const depreciate = (today: string) => runDepreciation(systemCtx(t.database.db), { today });

describe('straight-line depreciation', () => {
  it('splits value − salvage over the life to the paisa', () => {
    const months = Array.from({ length: 7 }, (_, i) => depreciationOfMonth(1_000_00, 100_00, 7, i + 1));
    expect(months.reduce((sum, value) => sum + value, 0)).toBe(900_00);
    expect(Math.max(...months) - Math.min(...months)).toBeLessThanOrEqual(1);
    expect(depreciationOfMonth(1_000_00, 100_00, 7, 8)).toBe(0);
    expect(addMonths('2026-11', 3)).toBe('2027-02');
    expect(monthEnd('2028-02')).toBe('2028-02-29');
  });

  it('posts each ended month once, idempotently, and never below the salvage value', async () => {
    const box = await addBalance('Depreciation box', 5_000_00);
    const id = await created('/api/admin/assets', {
      company_id: own,
      name: 'Counter computer',
      category: 'computer',
      purchase_date: '2026-01-15',
      purchase_value: 1_000_00,
      salvage_value: 100_00,
      useful_life_months: 7,
      balance_id: box,
    });
    expect(await balanceOf(box)).toBe(4_000_00);
    const fixedBefore = await held('fixed_assets');

    await depreciate('2026-05-10');
    let view = await asset(id);
    expect(view).toMatchObject({ months_depreciated: 4, depreciated_to: '2026-04', accumulated_depreciation: 514_28 });
    expect(view.net_book_value).toBe(1_000_00 - 514_28);
    const rows = await t.database.db.select().from(assetDepreciations).where(eq(assetDepreciations.assetId, id));
    expect(rows.map((row) => row.month).sort()).toEqual(['2026-01', '2026-02', '2026-03', '2026-04']);

    // Again, and two at once: nothing new.
    const before = await entries();
    await Promise.all([depreciate('2026-05-10'), depreciate('2026-05-10')]);
    expect(await entries()).toBe(before);

    // Long after the life ends: exactly value − salvage, never more.
    await depreciate('2027-06-01');
    await depreciate('2027-07-01');
    view = await asset(id);
    expect(view).toMatchObject({ months_depreciated: 7, accumulated_depreciation: 900_00, net_book_value: 100_00 });
    expect(await held('fixed_assets')).toBe(fixedBefore);
    const [entry] = rowsOf<{ date: string }>(
      await t.database.db.execute(
        sql`select date::text as date from journal_entries where source = 'asset.depreciation' and source_id = ${id} order by date limit 1`,
      ),
    );
    expect(entry?.date).toBe('2026-01-31');

    // The booked values stay; the name may change.
    const refused = await admin.put(`/api/admin/assets/${id}`, { ...view, purchase_value: 2_000_00 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.purchase_value).toBeTruthy();
    const renamed = await admin.put(`/api/admin/assets/${id}`, { ...view, name: 'Counter PC' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await admin.delete(`/api/admin/assets/${id}`)).statusCode).toBe(409);
    await expectBooksBalanced(t.database.db);
  });

  it('books an asset already owned against opening balances; an edit before depreciation reverses and reposts', async () => {
    const openingBefore = await held('opening_balance_equity');
    const id = await created('/api/admin/assets', {
      company_id: own,
      name: 'Old showroom racks',
      category: 'furniture',
      purchase_date: '2026-11-01',
      purchase_value: 50_000_00,
      useful_life_months: 60,
      balance_id: '',
    });
    expect((await held('opening_balance_equity')) - openingBefore).toBe(50_000_00);
    const edited = await admin.put(`/api/admin/assets/${id}`, { ...(await asset(id)), purchase_value: 40_000_00, balance_id: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await held('opening_balance_equity')) - openingBefore).toBe(40_000_00);
    await expectBooksBalanced(t.database.db);
  });
});

describe('disposal', () => {
  it('sold for more than its net book value: the gain is other income', async () => {
    const box = await addBalance('Disposal box', 1_00_000_00);
    const id = await created('/api/admin/assets', {
      company_id: own,
      name: 'Van',
      category: 'vehicle',
      purchase_date: '2026-01-10',
      purchase_value: 60_000_00,
      useful_life_months: 12,
      balance_id: box,
    });
    const incomeBefore = await held('other_income');
    const fixedBefore = await held('fixed_assets');
    const response = await admin.post(`/api/admin/assets/${id}/dispose`, { date: '2026-04-20', amount: 50_000_00, balance_id: box });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'disposed',
      accumulated_depreciation: 15_000_00,
      net_book_value: 45_000_00,
      disposal_gain: 5_000_00,
    });
    expect((await held('other_income')) - incomeBefore).toBe(5_000_00);
    expect(fixedBefore - (await held('fixed_assets'))).toBe(60_000_00);
    expect(await balanceOf(box)).toBe(1_00_000_00 - 60_000_00 + 50_000_00);
    // Disposed: the job leaves it, and it cannot be disposed of twice.
    await depreciate('2026-12-01');
    expect((await t.database.db.select().from(assetDepreciations).where(eq(assetDepreciations.assetId, id))).length).toBe(3);
    expect((await admin.post(`/api/admin/assets/${id}/dispose`, { date: '2026-05-01' })).statusCode).toBe(409);
    await expectBooksBalanced(t.database.db);
  });

  it('written off: the net book value is other expense', async () => {
    const box = await addBalance('Write-off box', 20_000_00);
    const id = await created('/api/admin/assets', {
      company_id: own,
      name: 'Broken printer',
      category: 'computer',
      purchase_date: '2026-02-01',
      purchase_value: 12_000_00,
      salvage_value: 0,
      useful_life_months: 12,
      balance_id: box,
    });
    const expenseBefore = await held('other_expense');
    const response = await admin.post(`/api/admin/assets/${id}/dispose`, { date: '2026-03-05', amount: 0 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ accumulated_depreciation: 1_000_00, disposal_gain: -11_000_00 });
    expect((await held('other_expense')) - expenseBefore).toBe(11_000_00);
    await expectBooksBalanced(t.database.db);
  });
});

describe('refusals', () => {
  it('a purchase larger than the balance is a 422 on the balance, with nothing written', async () => {
    const box = await addBalance('Short asset box', 1_000_00);
    const before = await entries();
    const response = await admin.post('/api/admin/assets', {
      company_id: own,
      name: 'Generator',
      category: 'machinery',
      purchase_date: '2026-06-01',
      purchase_value: 5_000_00,
      useful_life_months: 24,
      balance_id: box,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.balance_id[0]).toMatch(/Not enough/);
    expect(await entries()).toBe(before);
    expect((await admin.get('/api/admin/assets?q=Generator')).json().data).toEqual([]);
    await expectBooksBalanced(t.database.db);
  });

  it('a buyer company cannot hold assets; bad input names the field', async () => {
    const body = { name: 'Desk', category: 'furniture', purchase_date: '2026-06-01', purchase_value: 5_000_00, useful_life_months: 24 };
    const toBuyer = await admin.post('/api/admin/assets', { ...body, company_id: buyer });
    expect(toBuyer.statusCode).toBe(422);
    expect(toBuyer.json().errors.company_id).toBeTruthy();
    const bad = await admin.post('/api/admin/assets', {
      ...body,
      company_id: own,
      salvage_value: 6_000_00,
      useful_life_months: 0,
      category: 'x',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['salvage_value', 'useful_life_months', 'category']));
    const future = await admin.post('/api/admin/assets', { ...body, company_id: own, purchase_date: '2099-01-01' });
    expect(future.json().errors.purchase_date).toBeTruthy();
    const director = await admin.post('/api/admin/directors', { company_id: buyer, name: 'Someone', share_percent: 101 });
    expect(director.statusCode).toBe(422);
    expect(director.json().errors.share_percent).toBeTruthy();
    const investment = await admin.post('/api/admin/investments', { company_id: own, amount: 0, date: 'yesterday' });
    expect(Object.keys(investment.json().errors)).toEqual(expect.arrayContaining(['amount', 'date', 'balance_id', 'investor_id']));
  });

  it('an unknown id is a 404', async () => {
    for (const path of ['/api/admin/assets/999999', '/api/admin/investors/999999', '/api/admin/directors/999999/payments']) {
      expect((await admin.get(path)).statusCode, path).toBe(404);
    }
    expect((await admin.post('/api/admin/assets/999999/dispose', { date: '2026-05-01' })).statusCode).toBe(404);
    const box = await addBalance('404 box', 0);
    expect(
      (await admin.post('/api/admin/directors/999999/payments', { kind: 'drawing', date: '2026-05-01', amount: 1, balance_id: box }))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin.post('/api/admin/investors/999999/payouts', { kind: 'profit', date: '2026-05-01', amount: 1, balance_id: box }))
        .statusCode,
    ).toBe(404);
  });
});

describe('investment', () => {
  it('posts the money into the balance against investors’ capital; payouts come out of it', async () => {
    const box = await addBalance('Investment box', 0);
    const capitalBefore = await held('investor_capital');
    const id = await created('/api/admin/investments', {
      company_id: own,
      investor_name: 'Kamal Hossain',
      investor_phone: '01712000333',
      investor_national_id: '1990123456789',
      amount: 2_00_000_00,
      date: '2026-03-01',
      balance_id: box,
      profit_share: 12.5,
    });
    const investorId = (await admin.get(`/api/admin/investments/${id}`)).json().data.investor_id;
    await created('/api/admin/investments', {
      company_id: own,
      investor_id: investorId,
      amount: 1_00_000_00,
      date: '2026-06-01',
      balance_id: box,
      profit_share: 15,
    });
    expect(await balanceOf(box)).toBe(3_00_000_00);
    expect((await held('investor_capital')) - capitalBefore).toBe(3_00_000_00);
    const toBuyer = await admin.post('/api/admin/investments', {
      company_id: buyer,
      investor_id: investorId,
      amount: 1,
      date: '2026-06-01',
      balance_id: box,
    });
    expect(toBuyer.json().errors.company_id).toBeTruthy();

    const profit = await admin.post(`/api/admin/investors/${investorId}/payouts`, {
      kind: 'profit',
      date: '2026-09-30',
      amount: 20_000_00,
      balance_id: box,
    });
    expect(profit.statusCode, profit.body).toBe(201);
    const tooMuch = await admin.post(`/api/admin/investors/${investorId}/payouts`, {
      kind: 'capital_return',
      date: '2026-10-01',
      amount: 3_00_000_01,
      balance_id: box,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toBeTruthy();
    const returned = await admin.post(`/api/admin/investors/${investorId}/payouts`, {
      kind: 'capital_return',
      date: '2026-10-01',
      amount: 50_000_00,
      balance_id: box,
    });
    expect(returned.statusCode, returned.body).toBe(201);
    const details = (await admin.get(`/api/admin/investors/${investorId}`)).json().data;
    expect(details.investor).toMatchObject({ name: 'Kamal Hossain', phone: '01712000333' });
    expect(details.investments).toHaveLength(2);
    expect(details.totals).toEqual({
      invested: 3_00_000_00,
      profit_paid: 20_000_00,
      returned: 50_000_00,
      outstanding: 2_50_000_00,
      profit_share: 13.33,
    });
    expect(await balanceOf(box)).toBe(3_00_000_00 - 70_000_00);
    expect((await held('investor_capital')) - capitalBefore).toBe(3_00_000_00 - 70_000_00);

    // A payout larger than the balance: refused on the balance, nothing written.
    const empty = await addBalance('Empty investor box', 0);
    const rows = (await t.database.db.select().from(investorPayouts)).length;
    const short = await admin.post(`/api/admin/investors/${investorId}/payouts`, {
      kind: 'profit',
      date: '2026-10-02',
      amount: 1_00,
      balance_id: empty,
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.balance_id[0]).toMatch(/Not enough/);
    expect((await t.database.db.select().from(investorPayouts)).length).toBe(rows);

    // An edit reposts; the money follows the new balance.
    const other = await addBalance('Investment box 2', 0);
    const current = (await admin.get(`/api/admin/investments/${id}`)).json().data;
    const edited = await admin.put(`/api/admin/investments/${id}`, { ...current, balance_id: other, investor_id: investorId });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await balanceOf(other)).toBe(2_00_000_00);
    await expectBooksBalanced(t.database.db);
  });
});

describe('directors', () => {
  it('remuneration is an expense, a drawing comes out of equity, money brought in is owners’ capital', async () => {
    const box = await addBalance('Director box', 50_000_00);
    const director = await created('/api/admin/directors', {
      company_id: own,
      name: 'Farhana Akter',
      designation: 'Director',
      phone: '01812000444',
      share_percent: 25,
    });
    const salaries = await held('salaries');
    const drawings = await held('director_drawings');
    const equity = await held('owner_equity');
    const pay = (body: Record<string, unknown>) =>
      admin.post(`/api/admin/directors/${director}/payments`, { date: '2026-10-31', balance_id: box, ...body });
    expect((await pay({ kind: 'remuneration', amount: 30_000_00 })).statusCode).toBe(201);
    expect((await pay({ kind: 'drawing', amount: 5_000_00 })).statusCode).toBe(201);
    expect((await pay({ kind: 'capital_in', amount: 10_000_00 })).statusCode).toBe(201);
    expect((await held('salaries')) - salaries).toBe(30_000_00);
    // Equity: a drawing lowers what the owners have in.
    expect(drawings - (await held('director_drawings'))).toBe(5_000_00);
    expect((await held('owner_equity')) - equity).toBe(10_000_00);
    expect(await balanceOf(box)).toBe(25_000_00);

    // More than the balance holds: a 422 on the balance, nothing written.
    const rows = (await t.database.db.select().from(directorPayments)).length;
    const before = await entries();
    const short = await pay({ kind: 'remuneration', amount: 25_000_01 });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.balance_id[0]).toMatch(/Not enough/);
    expect((await t.database.db.select().from(directorPayments)).length).toBe(rows);
    expect(await entries()).toBe(before);
    expect(await balanceOf(box)).toBe(25_000_00);
    const bad = await pay({ kind: 'bonus', amount: -1 });
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['kind', 'amount']));

    const details = (await admin.get(`/api/admin/directors/${director}/payments`)).json().data;
    expect(details.totals).toEqual({ remuneration: 30_000_00, drawing: 5_000_00, capital_in: 10_000_00 });
    expect(details.payments).toHaveLength(3);
    const listed = (await admin.get(`/api/admin/directors?q=Farhana`)).json().data;
    expect(listed).toMatchObject([
      { id: director, paid: 35_000_00, brought_in: 10_000_00, share_percent: 25, company_name: 'Test Fashion Ltd.' },
    ]);
    await expectBooksBalanced(t.database.db);
  });
});

describe('the assets list totals', () => {
  it('sums every row the filters keep, not the page: cost of all, worth now of those in use', async () => {
    const fashion = await created('/api/admin/companies', { name: 'Totals Fashion Ltd.', kind: 'own' });
    const tailoring = await created('/api/admin/companies', { name: 'Totals Tailoring', kind: 'own' });
    const box = await addBalance('Totals box', 5_00_000_00);
    const asset = (company: number, name: string, value: number) =>
      created('/api/admin/assets', {
        company_id: company,
        name,
        category: 'computer',
        purchase_date: '2026-01-10',
        purchase_value: value,
        salvage_value: 0,
        useful_life_months: 10,
        balance_id: box,
      });
    await asset(fashion, 'Laptop', 10_000_00);
    const sold = await asset(fashion, 'Printer', 5_000_00);
    await asset(tailoring, 'Sewing machine', 40_000_00);
    // Four months booked (January to April): each asset still in use is worth 60% of its cost.
    await depreciate('2026-05-05');
    const disposed = await admin.post(`/api/admin/assets/${sold}/dispose`, { date: '2026-05-06', amount: 1_000_00, balance_id: box });
    expect(disposed.statusCode, disposed.body).toBe(200);

    const page = (await admin.get(`/api/admin/assets?filter[company_id]=${fashion}&per_page=1`)).json();
    expect(page.data).toHaveLength(1);
    expect(page.total).toBe(2);
    // The disposed printer cost money but is worth nothing now.
    expect(page.totals).toEqual({ purchase_value: 15_000_00, worth_now: 6_000_00 });
    const inUse = (await admin.get(`/api/admin/assets?filter[company_id]=${tailoring}&filter[status]=in_use`)).json();
    expect(inUse.totals).toEqual({ purchase_value: 40_000_00, worth_now: 24_000_00 });
    const none = (await admin.get('/api/admin/assets?q=nothing-is-called-this')).json();
    expect(none.totals).toEqual({ purchase_value: 0, worth_now: 0 });
  });
});
