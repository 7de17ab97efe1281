import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { expectBooksBalanced } from '../accounts/accounts.fixture';
import { accountBalance, accountIdFor } from '../accounts/ledger.service';
import { ledgerAccounts } from '../accounts/ledger.table';
import { addMonths, allocateRecovery, monthEnd, plannedRecovery, proposedBasic } from './salary.service';
import { salaryAdvances, salaryMonths, salaryPayments } from './team.table';

let t: TestApp;
let admin: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
});
afterAll(() => t.close());

const thisMonth = () => new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 7);
const lastMonth = () => addMonths(thisMonth(), -1);
const twoBack = () => addMonths(thisMonth(), -2);

async function created(path: string, body: Record<string, unknown>): Promise<number> {
  const response = await admin.post(path, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

let phoneSeq = 10;
const addMember = (name: string, salary: number, joined = `${addMonths(thisMonth(), -6)}-01`) =>
  created('/api/admin/team-members', {
    name,
    designation: 'Order executive',
    phone: `017${String(10_000_000 + phoneSeq++).slice(-8)}`,
    joining_date: joined,
    monthly_salary: salary,
  });
const addBalance = (name: string, opening: number) => created('/api/admin/balances', { name, kind: 'cash', opening_balance: opening });
const balanceOf = async (id: number) =>
  (await t.database.db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, id)))[0]?.balance;
const salaryPath = (member: number, month: string) => `/api/admin/team-members/${member}/salary/${month}`;

describe('team members', () => {
  it('names each wrong field', async () => {
    const response = await admin.post('/api/admin/team-members', {
      name: 'A',
      designation: '',
      phone: '12345',
      national_id: '12ab',
      joining_date: '2026-02-30x',
      monthly_salary: -5,
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['designation', 'joining_date', 'monthly_salary', 'name', 'national_id', 'phone']);
    expect(errors.phone?.[0]).toBe('Enter a mobile number like 01712345678');
  });

  it('keeps a Bangladeshi mobile number as 01XXXXXXXXX and lists what is due', async () => {
    const id = await created('/api/admin/team-members', {
      name: 'Nasrin Sultana',
      designation: 'Packing',
      phone: '+880 1712-345678',
      national_id: '1992 3478 56',
      joining_date: '2026-01-15',
      monthly_salary: 9_000_00,
    });
    const row = (await admin.get(`/api/admin/team-members/${id}`)).json().data;
    expect(row).toMatchObject({ phone: '01712345678', national_id: '1992347856', salary_due: 0, advance_left: 0, status: 1 });
  });
});

describe('salary month computation', () => {
  it('pro-rates the joining month and plans recoveries capped by what is left', () => {
    const member = { joiningDate: '2026-04-16', monthlySalary: 30_000_00 };
    expect(proposedBasic(member, '2026-03')).toBe(0);
    expect(proposedBasic(member, '2026-04')).toBe(15_000_00);
    expect(proposedBasic(member, '2026-05')).toBe(30_000_00);
    expect(monthEnd('2028-02')).toBe('2028-02-29');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    const open = [
      { id: 1, givenOn: '2026-01-02', instalment: 3_000_00, left: 1_000_00 },
      { id: 2, givenOn: '2026-02-02', instalment: 2_000_00, left: 6_000_00 },
    ];
    expect(plannedRecovery(open)).toBe(3_000_00);
    expect([...allocateRecovery(open, 3_000_00)]).toEqual([
      [1, 1_000_00],
      [2, 2_000_00],
    ]);
    expect([...allocateRecovery(open, 5_000_00)]).toEqual([
      [1, 1_000_00],
      [2, 4_000_00],
    ]);
  });

  it('proposes the month, saves it (books the expense and what is due) and corrects it by reversal and repost', async () => {
    const member = await addMember('Computed Member', 12_000_00);
    const month = lastMonth();
    const proposed = (await admin.get(salaryPath(member, month))).json().data;
    expect(proposed).toMatchObject({ saved: false, basic: 12_000_00, net: 12_000_00, paid: 0, proposed_basic: 12_000_00 });

    const saved = await admin.put(salaryPath(member, month), {
      basic: 12_000_00,
      bonus: 1_000_00,
      deductions: 500_00,
      deduction_note: 'Late twice',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ saved: true, net: 12_500_00, due: 12_500_00, deduction_note: 'Late twice' });
    const salaries = await accountIdFor(t.database.db, 'salaries');
    const payable = await accountIdFor(t.database.db, 'salary_payable');
    const before = await accountBalance(t.database.db, salaries);
    const changed = await admin.put(salaryPath(member, month), { basic: 12_000_00, bonus: 2_000_00 });
    expect(changed.json().data.net).toBe(14_000_00);
    expect((await accountBalance(t.database.db, salaries)) - before).toBe(1_500_00);
    const [row] = await t.database.db.select().from(salaryMonths).where(eq(salaryMonths.memberId, member));
    const entries = rowsOf<{ source: string }>(
      await t.database.db.execute(
        sql`select source from journal_entries where source_type = 'salary_month' and source_id = ${row?.id} order by id`,
      ),
    );
    expect(entries.map((entry) => entry.source)).toEqual(['salary.month', 'reversal', 'salary.month']);
    expect(await accountBalance(t.database.db, payable)).toBeGreaterThanOrEqual(14_000_00);

    const overview = (await admin.get(`/api/admin/team-members/${member}/salary`)).json().data;
    expect(overview.months[0].month).toBe(thisMonth());
    expect(overview.months.find((each: { month: string }) => each.month === month)).toMatchObject({
      saved: true,
      net: 14_000_00,
      due: 14_000_00,
    });
    // The current month is only proposed: shown, but not in the totals.
    expect(overview.months[0]).toMatchObject({ saved: false, net: 12_000_00 });
    expect(overview.totals).toMatchObject({ net: 14_000_00, paid: 0, due: 14_000_00 });
    await expectBooksBalanced(t.database.db);
  });

  it('refuses deductions larger than the salary, naming the field', async () => {
    const member = await addMember('Deducted Member', 8_000_00);
    const response = await admin.put(salaryPath(member, lastMonth()), { basic: 8_000_00, deductions: 9_000_00 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.deductions).toBeDefined();
  });
});

describe('salary advance', () => {
  it('salary advance recovered over two months', async () => {
    const box = await addBalance('Advance box', 50_000_00);
    const member = await addMember('Advanced Member', 15_000_00);
    const advance = await admin.post(`/api/admin/team-members/${member}/advances`, {
      amount: 6_000_00,
      given_on: `${twoBack()}-10`,
      balance_id: box,
      instalment: 3_000_00,
      note: 'Family need',
    });
    expect(advance.statusCode, advance.body).toBe(201);
    expect(await balanceOf(box)).toBe(44_000_00);
    const advances = await accountIdFor(t.database.db, 'salary_advance');
    const held = await accountBalance(t.database.db, advances);

    const first = await admin.post(`${salaryPath(member, twoBack())}/payments`, {
      amount: 12_000_00,
      balance_id: box,
      paid_on: `${lastMonth()}-03`,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ basic: 15_000_00, advance_recovery: 3_000_00, net: 12_000_00, paid: 12_000_00, due: 0 });
    const second = await admin.post(`${salaryPath(member, lastMonth())}/payments`, {
      amount: 12_000_00,
      balance_id: box,
      paid_on: `${thisMonth()}-03`,
    });
    expect(second.json().data).toMatchObject({ advance_recovery: 3_000_00, net: 12_000_00, due: 0 });
    const third = (await admin.get(salaryPath(member, thisMonth()))).json().data;
    expect(third).toMatchObject({ advance_recovery: 0, net: 15_000_00, proposed_recovery: 0 });

    const [row] = await t.database.db.select().from(salaryAdvances).where(eq(salaryAdvances.memberId, member));
    expect(row?.recovered).toBe(6_000_00);
    expect(await accountBalance(t.database.db, advances)).toBe(held - 6_000_00);
    expect(await balanceOf(box)).toBe(44_000_00 - 24_000_00);
    const overview = (await admin.get(`/api/admin/team-members/${member}/salary`)).json().data;
    expect(overview.advances).toMatchObject([{ amount: 6_000_00, recovered: 6_000_00, left: 0, balance_name: 'Advance box' }]);
    await expectBooksBalanced(t.database.db);
  });

  it('two concurrent month saves do not recover one advance twice', async () => {
    const box = await addBalance('Race box', 20_000_00);
    const member = await addMember('Raced Member', 10_000_00);
    await created(`/api/admin/team-members/${member}/advances`, {
      amount: 4_000_00,
      given_on: `${addMonths(thisMonth(), -3)}-05`,
      balance_id: box,
      instalment: 4_000_00,
    });
    const answers = await Promise.all([
      admin.put(salaryPath(member, twoBack()), { basic: 10_000_00 }),
      admin.put(salaryPath(member, lastMonth()), { basic: 10_000_00 }),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const recovered = answers.map((answer) => answer.json().data.advance_recovery as number);
    expect(recovered.reduce((sum, value) => sum + value, 0)).toBe(4_000_00);
    const [row] = await t.database.db.select().from(salaryAdvances).where(eq(salaryAdvances.memberId, member));
    expect(row?.recovered).toBe(4_000_00);
    // Asking for more than is left is refused on the field.
    const greedy = await admin.put(salaryPath(member, thisMonth()), { basic: 10_000_00, advance_recovery: 1_00 });
    expect(greedy.statusCode).toBe(422);
    expect(greedy.json().errors.advance_recovery).toBeDefined();
    await expectBooksBalanced(t.database.db);
  });

  it('refuses an advance from a balance short of money, writing nothing', async () => {
    const box = await addBalance('Thin advance box', 1_000_00);
    const member = await addMember('Thin Advance Member', 10_000_00);
    const response = await admin.post(`/api/admin/team-members/${member}/advances`, {
      amount: 2_000_00,
      given_on: `${lastMonth()}-02`,
      balance_id: box,
      instalment: 1_000_00,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.balance_id).toBeDefined();
    expect(await t.database.db.select().from(salaryAdvances).where(eq(salaryAdvances.memberId, member))).toEqual([]);
    await expectBooksBalanced(t.database.db);
  });
});

describe('paying salaries', () => {
  it('pays in parts until the net is paid and refuses more than the net', async () => {
    const box = await addBalance('Salary box', 30_000_00);
    const member = await addMember('Paid Member', 10_000_00);
    const month = lastMonth();
    const part = await admin.post(`${salaryPath(member, month)}/payments`, {
      amount: 4_000_00,
      balance_id: box,
      paid_on: `${thisMonth()}-01`,
      reference: 'CASH-1',
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().data).toMatchObject({ net: 10_000_00, paid: 4_000_00, due: 6_000_00 });
    const tooMuch = await admin.post(`${salaryPath(member, month)}/payments`, {
      amount: 6_000_01,
      balance_id: box,
      paid_on: `${thisMonth()}-01`,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount[0]).toBe('Only ৳6,000 is still due for this month.');
    const rest = await admin.post(`${salaryPath(member, month)}/payments`, {
      amount: 6_000_00,
      balance_id: box,
      paid_on: `${thisMonth()}-01`,
    });
    expect(rest.json().data).toMatchObject({ paid: 10_000_00, due: 0 });
    expect(rest.json().data.payments).toHaveLength(2);
    const again = await admin.post(`${salaryPath(member, month)}/payments`, {
      amount: 1_00,
      balance_id: box,
      paid_on: `${thisMonth()}-01`,
    });
    expect(again.statusCode).toBe(422);
    expect(await balanceOf(box)).toBe(20_000_00);
    // The net cannot go below what is paid.
    const lower = await admin.put(salaryPath(member, month), { basic: 9_000_00 });
    expect(lower.statusCode).toBe(422);
    await expectBooksBalanced(t.database.db);
  });

  it('refuses a payment from a balance short of money with nothing written', async () => {
    const box = await addBalance('Thin salary box', 2_000_00);
    const member = await addMember('Unpaid Member', 10_000_00);
    const journal = async () =>
      rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from journal_entries`))[0]?.n;
    const entries = await journal();
    const response = await admin.post(`${salaryPath(member, lastMonth())}/payments`, {
      amount: 5_000_00,
      balance_id: box,
      paid_on: `${thisMonth()}-01`,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.balance_id[0]).toMatch(/^Not enough in Thin salary box/);
    expect(await journal()).toBe(entries);
    expect(await t.database.db.select().from(salaryMonths).where(eq(salaryMonths.memberId, member))).toEqual([]);
    expect(await t.database.db.select().from(salaryPayments).where(eq(salaryPayments.memberId, member))).toEqual([]);
    expect(await balanceOf(box)).toBe(2_000_00);
    await expectBooksBalanced(t.database.db);
  });
});

describe('months that are not the member’s', () => {
  it('answers 404 for a month before the member joined, after this month, or an unknown member', async () => {
    const early = await addMember('Early Member', 10_000_00, `${addMonths(thisMonth(), -12)}-01`);
    const late = await addMember('Late Member', 10_000_00, `${thisMonth()}-01`);
    expect((await admin.get(salaryPath(early, lastMonth()))).statusCode).toBe(200);
    expect((await admin.get(salaryPath(late, lastMonth()))).statusCode).toBe(404);
    expect((await admin.put(salaryPath(late, lastMonth()), { basic: 1_000_00 })).statusCode).toBe(404);
    expect((await admin.get(salaryPath(late, addMonths(thisMonth(), 1)))).statusCode).toBe(404);
    expect((await admin.get(salaryPath(999_999, lastMonth()))).statusCode).toBe(404);
    expect((await admin.get('/api/admin/team-members/999999/salary')).statusCode).toBe(404);
  });

  it('refuses a month like 2026-13', async () => {
    const member = await addMember('Month Member', 10_000_00);
    for (const bad of ['2026-13', '2026-00', '2026-1', 'now']) {
      const response = await admin.get(salaryPath(member, bad));
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const put = await admin.put(salaryPath(member, '2026-13'), { basic: 1_000_00 });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors.month).toEqual(['Use a month like 2026-11']);
  });
});

describe('paying without the balances screen', () => {
  /** A staff member whose only role grants `permissions`, signed in. */
  const signedInWithRole = async (who: string, permissions: string[]) => {
    const role = await created('/api/admin/roles', { name: `Payroll ${who}`, permissions });
    const email = `payroll.${who}@test.haat`;
    const password = `${who}-password-1`;
    await created('/api/admin/admins', { name: `Payroll ${who}`, email, password, password_confirmation: password, role_ids: [role] });
    const browser = await t.browser();
    await browser.loginAdmin(email, password);
    return browser;
  };

  it('a role with salary rights but not balance.view gets the balances to pay from, and pays', async () => {
    const box = await addBalance('Payroll box', 50_000_00);
    await created('/api/admin/balances', { name: 'Closed box', kind: 'cash', opening_balance: 0, status: 0 });
    const member = await addMember('Role Payee', 10_000_00);
    const clerk = await signedInWithRole('clerk', ['salary.view', 'salary.pay']);

    expect((await clerk.get('/api/admin/balances')).statusCode).toBe(403);
    const options = await clerk.get('/api/admin/team/pay-from');
    expect(options.statusCode, options.body).toBe(200);
    const rows = options.json().data as Record<string, unknown>[];
    // Active balances only, with no more than the form needs.
    expect(rows.find((row) => row.id === box)).toEqual({ id: box, name: 'Payroll box', kind: 'cash', balance: 50_000_00 });
    expect(rows.map((row) => row.name)).not.toContain('Closed box');
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['balance', 'id', 'kind', 'name']);

    const paid = await clerk.post(`${salaryPath(member, lastMonth())}/payments`, {
      amount: 4_000_00,
      balance_id: box,
      paid_on: `${thisMonth()}-01`,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await balanceOf(box)).toBe(46_000_00);
    expect(
      ((await clerk.get('/api/admin/team/pay-from')).json().data as { id: number; balance: number }[]).find((row) => row.id === box)
        ?.balance,
    ).toBe(46_000_00);

    // Seeing salaries is not paying them: no balances for a viewer.
    const reader = await signedInWithRole('viewer', ['salary.view']);
    expect((await reader.get('/api/admin/team/pay-from')).statusCode).toBe(403);
  });
});
