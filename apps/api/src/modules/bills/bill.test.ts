import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { accountBalance, accountIdFor } from '../accounts';
import { expectBooksBalanced } from '../accounts/accounts.fixture';
import { ledgerAccounts } from '../accounts/ledger.table';

let t: TestApp;
let admin: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
});
afterAll(() => t.close());

const balanceOf = async (id: number) =>
  (await t.database.db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, id)))[0]?.balance;

async function created(path: string, body: Record<string, unknown>): Promise<number> {
  const response = await admin.post(path, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

describe('a bill', () => {
  it('a period recorded is an expense of its purpose and due; paying it settles it; overpaying is refused', async () => {
    const box = await created('/api/admin/balances', { name: 'Bill box', kind: 'cash', opening_balance: 20_000_00 });
    const id = await created('/api/admin/bills', {
      name: 'Electricity',
      payee: 'DESCO',
      usual_amount: 3_500_00,
      recurrence: 'monthly',
      due_day: 15,
      start_date: '2026-09-01',
    });
    const bill = (await admin.get(`/api/admin/bills/${id}`)).json().data;
    const rentBills = await accountIdFor(t.database.db, 'rent_bills');
    expect(bill).toMatchObject({ purpose_id: rentBills, purpose_name: 'Rent and bills', next_due_date: '2026-09-15', due: 0 });

    const expenseBefore = await accountBalance(t.database.db, rentBills);
    const period = await admin.post(`/api/admin/bills/${id}/periods`, { period: '2026-09', amount: 4_120_00, due_date: '2026-09-15' });
    expect(period.statusCode, period.body).toBe(201);
    const periodId = period.json().data.id;
    expect((await accountBalance(t.database.db, rentBills)) - expenseBefore).toBe(4_120_00);
    const again = await admin.post(`/api/admin/bills/${id}/periods`, { period: '2026-09', amount: 4_000_00, due_date: '2026-09-15' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.period).toBeDefined();

    const part = await admin.post(`/api/admin/bill-periods/${periodId}/payments`, {
      date: '2026-09-14',
      balance_id: box,
      amount: 4_000_00,
      reference: 'bKash TX 8AB12',
    });
    expect(part.statusCode, part.body).toBe(201);
    const over = await admin.post(`/api/admin/bill-periods/${periodId}/payments`, { date: '2026-09-14', balance_id: box, amount: 200_00 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toEqual(['That is more than is due: ৳120.']);
    await admin.post(`/api/admin/bill-periods/${periodId}/payments`, { date: '2026-09-16', balance_id: box, amount: 120_00 });
    expect(await balanceOf(box)).toBe(20_000_00 - 4_120_00);
    expect((await accountBalance(t.database.db, await accountIdFor(t.database.db, 'bills_payable'))) + 0).toBe(0);

    const detail = (await admin.get(`/api/admin/bills/${id}/statement`)).json().data;
    expect(detail.periods[0]).toMatchObject({ period: '2026-09', amount: 4_120_00, paid: 4_120_00, due: 0, overdue: false });
    expect(detail.periods[0].payments).toHaveLength(2);
    expect(detail.next_period).toBe('2026-10');
    await expectBooksBalanced(t.database.db);
  });

  it('5 payments at once that together exceed the bill: only those that fit go through', async () => {
    const box = await created('/api/admin/balances', { name: 'Race bill box', kind: 'cash', opening_balance: 50_000_00 });
    const id = await created('/api/admin/bills', { name: 'Race internet', usual_amount: 2_500_00, due_day: 10, start_date: '2026-08-01' });
    const period = await admin.post(`/api/admin/bills/${id}/periods`, { period: '2026-08', amount: 2_500_00, due_date: '2026-08-10' });
    const periodId = period.json().data.id;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin.post(`/api/admin/bill-periods/${periodId}/payments`, { date: '2026-08-09', balance_id: box, amount: 1_000_00 }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(2);
    expect(codes.filter((code) => code === 422)).toHaveLength(3);
    expect(await balanceOf(box)).toBe(48_000_00);
    const detail = (await admin.get(`/api/admin/bills/${id}/statement`)).json().data;
    expect(detail.periods[0]).toMatchObject({ paid: 2_000_00, due: 500_00 });
    await expectBooksBalanced(t.database.db);
  });

  it('an unpaid period past its due date shows overdue on the statement', async () => {
    const id = await created('/api/admin/bills', {
      name: 'Shop rent',
      payee: 'Mr. Habibur Rahman',
      usual_amount: 25_000_00,
      recurrence: 'monthly',
      due_day: 5,
      start_date: '2025-01-01',
    });
    await admin.post(`/api/admin/bills/${id}/periods`, { period: '2025-01', amount: 25_000_00, due_date: '2025-01-05' });
    const listed = (await admin.get('/api/admin/bills?q=Shop%20rent')).json().data;
    expect(listed[0]).toMatchObject({ id, overdue: true, due: 25_000_00, next_due_date: '2025-01-05' });
    const detail = (await admin.get(`/api/admin/bills/${id}/statement`)).json().data;
    expect(detail.periods[0].overdue).toBe(true);
    await expectBooksBalanced(t.database.db);
  });

  it('bad input names the field; an unknown id is a 404', async () => {
    const bad = await admin.post('/api/admin/bills', { name: 'x', recurrence: 'weekly', due_day: 40 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'recurrence', 'due_day', 'start_date', 'usual_amount']));
    const badPeriod = await admin.post('/api/admin/bills/999999/periods', { period: '2026-13', amount: 0 });
    expect(badPeriod.statusCode).toBe(422);
    expect(Object.keys(badPeriod.json().errors)).toEqual(expect.arrayContaining(['period', 'amount', 'due_date']));
    expect(
      (await admin.post('/api/admin/bills/999999/periods', { period: '2026-10', amount: 100, due_date: '2026-10-10' })).statusCode,
    ).toBe(404);
    expect(
      (await admin.post('/api/admin/bill-periods/999999/payments', { date: '2026-10-10', balance_id: 1, amount: 100 })).statusCode,
    ).toBe(404);
    expect((await admin.get('/api/admin/bills/999999/statement')).statusCode).toBe(404);
  });
});
