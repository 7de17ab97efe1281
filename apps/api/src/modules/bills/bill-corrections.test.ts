import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { accountBalance, accountIdFor } from '../accounts';
import { expectBooksBalanced } from '../accounts/accounts.fixture';

/** Corrections of a month's bill and of its payments (decision 051, 2026-11-27). */

let t: TestApp;
let admin: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
});
afterAll(() => t.close());

const balanceOf = (id: number) => accountBalance(t.database.db, id);
const held = async (key: 'rent_bills' | 'bills_payable') => accountBalance(t.database.db, await accountIdFor(t.database.db, key));

async function created(path: string, body: Record<string, unknown>): Promise<number> {
  const response = await admin.post(path, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

async function billWithPeriod(name: string, amount = 4_000_00) {
  const bill = await created('/api/admin/bills', {
    name,
    usual_amount: amount,
    recurrence: 'monthly',
    due_day: 10,
    start_date: '2026-09-01',
  });
  const period = await created(`/api/admin/bills/${bill}/periods`, { period: '2026-09', amount, due_date: '2026-09-10' });
  return { bill, period };
}

const statement = async (bill: number) => (await admin.get(`/api/admin/bills/${bill}/statement`)).json().data;

describe('a bill payment', () => {
  it('reversed: the bill is due again, the money back, the books balanced; once only, also at once', async () => {
    const box = await created('/api/admin/balances', { name: 'Bill fix box', kind: 'cash', opening_balance: 10_000_00 });
    const { bill, period } = await billWithPeriod('Internet');
    const payment = await created(`/api/admin/bill-periods/${period}/payments`, { date: '2026-09-09', balance_id: box, amount: 4_000_00 });
    expect((await statement(bill)).bill.due).toBe(0);
    const payable = await held('bills_payable');

    const answers = await Promise.all(
      [1, 2, 3].map(() => admin.post(`/api/admin/bill-payments/${payment}/reverse`, { reason: 'Paid from the wrong month' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(box)).toBe(10_000_00);
    expect(await held('bills_payable')).toBe(payable + 4_000_00);
    const shown = await statement(bill);
    expect(shown.bill.due).toBe(4_000_00);
    expect(shown.periods[0]).toMatchObject({ paid: 0, due: 4_000_00 });
    expect(shown.periods[0].payments[0]).toMatchObject({ id: payment, reversal_reason: 'Paid from the wrong month' });
    expect((await admin.put(`/api/admin/bill-payments/${payment}`, { date: '2026-09-09', balance_id: box, amount: 1 })).statusCode).toBe(
      409,
    );
    await expectBooksBalanced(t.database.db);
  });

  it('edited: never more than the bill, never below zero in a balance; the entry posted again', async () => {
    const box = await created('/api/admin/balances', { name: 'Bill edit box', kind: 'cash', opening_balance: 5_000_00 });
    const thin = await created('/api/admin/balances', { name: 'Bill thin box', kind: 'cash', opening_balance: 100_00 });
    const { bill, period } = await billWithPeriod('Water', 3_000_00);
    const payment = await created(`/api/admin/bill-periods/${period}/payments`, { date: '2026-09-09', balance_id: box, amount: 1_000_00 });

    const over = await admin.put(`/api/admin/bill-payments/${payment}`, { date: '2026-09-09', balance_id: box, amount: 3_000_01 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toEqual(['That is more than is due: ৳3,000.']);
    const short = await admin.put(`/api/admin/bill-payments/${payment}`, { date: '2026-09-09', balance_id: thin, amount: 1_000_00 });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.balance_id).toEqual(['Not enough in Bill thin box: ৳100 available']);

    const fixed = await admin.put(`/api/admin/bill-payments/${payment}`, { date: '2026-09-10', balance_id: box, amount: 3_000_00 });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({ amount: 3_000_00, date: '2026-09-10' });
    expect(await balanceOf(box)).toBe(2_000_00);
    expect((await statement(bill)).bill.due).toBe(0);
    await expectBooksBalanced(t.database.db);
  });
});

describe("a month's bill", () => {
  it('edited: the expense follows the new amount; it may not fall below what is paid', async () => {
    const box = await created('/api/admin/balances', { name: 'Period edit box', kind: 'cash', opening_balance: 5_000_00 });
    const { bill, period } = await billWithPeriod('Electricity', 4_000_00);
    await created(`/api/admin/bill-periods/${period}/payments`, { date: '2026-09-09', balance_id: box, amount: 2_500_00 });
    const expense = await held('rent_bills');

    const below = await admin.put(`/api/admin/bill-periods/${period}`, { period: '2026-09', amount: 2_000_00, due_date: '2026-09-10' });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors.amount).toEqual(['৳2,500 is already paid on it: the amount cannot be less.']);

    const fixed = await admin.put(`/api/admin/bill-periods/${period}`, {
      period: '2026-09',
      amount: 4_350_00,
      due_date: '2026-09-12',
      note: 'Meter re-read',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({ amount: 4_350_00, due: 1_850_00, due_date: '2026-09-12', note: 'Meter re-read' });
    expect((await held('rent_bills')) - expense).toBe(350_00);
    expect((await statement(bill)).bill.due).toBe(1_850_00);
    await expectBooksBalanced(t.database.db);
  });

  it('reversed: refused while paid, then its expense goes, nothing is due and its month may be recorded again', async () => {
    const box = await created('/api/admin/balances', { name: 'Period reverse box', kind: 'cash', opening_balance: 5_000_00 });
    const { bill, period } = await billWithPeriod('Gas', 1_200_00);
    const payment = await created(`/api/admin/bill-periods/${period}/payments`, { date: '2026-09-09', balance_id: box, amount: 200_00 });
    const expense = await held('rent_bills');
    const paid = await admin.post(`/api/admin/bill-periods/${period}/reverse`, { reason: 'Recorded for the wrong bill' });
    expect(paid.statusCode).toBe(409);
    expect((await admin.post(`/api/admin/bill-payments/${payment}/reverse`, { reason: 'With the bill' })).statusCode).toBe(200);

    const reversed = await admin.post(`/api/admin/bill-periods/${period}/reverse`, { reason: 'Recorded for the wrong bill' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().data).toMatchObject({ reversal_reason: 'Recorded for the wrong bill' });
    expect(expense - (await held('rent_bills'))).toBe(1_200_00);
    const shown = await statement(bill);
    expect(shown.bill.due).toBe(0);
    expect(shown.next_period).toBe('2026-09');
    expect((await admin.post(`/api/admin/bill-periods/${period}/reverse`, { reason: 'Again' })).statusCode).toBe(409);
    expect(
      (await admin.post(`/api/admin/bill-periods/${period}/payments`, { date: '2026-09-09', balance_id: box, amount: 1 })).statusCode,
    ).toBe(409);
    // The month is free again.
    await created(`/api/admin/bills/${bill}/periods`, { period: '2026-09', amount: 1_100_00, due_date: '2026-09-10' });
    expect((await statement(bill)).bill.due).toBe(1_100_00);
    await expectBooksBalanced(t.database.db);
  });
});
