import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { accountBalance, accountIdFor } from '../accounts';
import { expectBooksBalanced } from '../accounts/accounts.fixture';
import { ledgerAccounts } from '../accounts/ledger.table';
import { addMonths, allocateRepayment, flatInterest, loanSchedule } from './loan-schedule';

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
const count = async (table: string) =>
  Number(rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n);

async function addBalance(name: string, opening: number): Promise<number> {
  const response = await admin.post('/api/admin/balances', { name, kind: 'cash', opening_balance: opening });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

const loanBody = (balance: number, extra: Record<string, unknown> = {}) => ({
  direction: 'taken',
  loaner_name: 'Sonali Bank, Motijheel',
  loaner_phone: '01711000111',
  loaner_organisation: 'Sonali Bank PLC',
  principal: 1_20_000_00,
  date: '2026-06-01',
  balance_id: balance,
  interest_rate: 12,
  term_months: 12,
  first_due_date: '2026-07-01',
  ...extra,
});

describe('the schedule (flat interest)', () => {
  it('৳1,20,000 at 12% flat over 12 months: ৳10,000 principal + ৳1,200 interest a month', () => {
    expect(flatInterest({ principal: 1_20_000_00, rateBp: 1200, termMonths: 12 })).toBe(14_400_00);
    const schedule = loanSchedule({ principal: 1_20_000_00, rateBp: 1200, termMonths: 12, firstDueDate: '2026-01-31' });
    expect(schedule).toHaveLength(12);
    expect(schedule[0]).toEqual({ number: 1, dueDate: '2026-01-31', principal: 10_000_00, interest: 1_200_00 });
    expect(schedule[1]?.dueDate).toBe('2026-02-28');
    expect(schedule[11]?.dueDate).toBe('2026-12-31');
    expect(schedule.reduce((sum, each) => sum + each.principal, 0)).toBe(1_20_000_00);
    expect(schedule.reduce((sum, each) => sum + each.interest, 0)).toBe(14_400_00);
  });

  it('rounding leftovers go to the last instalment', () => {
    const schedule = loanSchedule({ principal: 1_000_00, rateBp: 1250, termMonths: 7, firstDueDate: '2026-03-15' });
    expect(schedule.reduce((sum, each) => sum + each.principal, 0)).toBe(1_000_00);
    expect(schedule.reduce((sum, each) => sum + each.interest, 0)).toBe(flatInterest({ principal: 1_000_00, rateBp: 1250, termMonths: 7 }));
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
  });

  it('a repayment pays each instalment’s interest before its principal, oldest first', () => {
    const owed = [
      { id: 1, principal: 1000, interest: 100, paid: 0 },
      { id: 2, principal: 1000, interest: 100, paid: 0 },
    ];
    expect(allocateRepayment(owed, 1150)).toEqual({
      changes: [
        { id: 1, paid: 1100 },
        { id: 2, paid: 50 },
      ],
      interest: 150,
      principal: 1000,
      left: 0,
    });
  });
});

describe('a loan taken', () => {
  it('brings the money in, shows its schedule, and repayments split interest and principal', async () => {
    const bank = await addBalance('Loan test bank', 0);
    const made = await admin.post('/api/admin/loans', loanBody(bank));
    expect(made.statusCode, made.body).toBe(201);
    const loan = made.json().data;
    expect(loan).toMatchObject({ direction: 'taken', principal: 1_20_000_00, total_interest: 14_400_00, outstanding: 1_34_400_00 });
    expect(await balanceOf(bank)).toBe(1_20_000_00);
    expect(await accountBalance(t.database.db, await accountIdFor(t.database.db, 'loan_payable'))).toBe(1_20_000_00);

    // Part of the first instalment: interest first.
    const part = await admin.post(`/api/admin/loans/${loan.id}/repayments`, { date: '2026-07-01', balance_id: bank, amount: 5_000_00 });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().data).toMatchObject({ interest_part: 1_200_00, principal_part: 3_800_00 });
    // The rest of it and the whole second one.
    const more = await admin.post(`/api/admin/loans/${loan.id}/repayments`, { date: '2026-08-01', balance_id: bank, amount: 17_400_00 });
    expect(more.json().data).toMatchObject({ interest_part: 1_200_00, principal_part: 16_200_00 });
    expect(await balanceOf(bank)).toBe(1_20_000_00 - 22_400_00);
    expect(await accountBalance(t.database.db, await accountIdFor(t.database.db, 'interest'))).toBe(2_400_00);

    const detail = await admin.get(`/api/admin/loaners/${loan.loaner_id}/details`);
    expect(detail.statusCode, detail.body).toBe(200);
    const shown = detail.json().data;
    expect(shown.loaner).toMatchObject({ name: 'Sonali Bank, Motijheel', organisation: 'Sonali Bank PLC', we_owe: 1_12_000_00 });
    expect(shown.loans[0].schedule.slice(0, 3).map((each: { paid: number }) => each.paid)).toEqual([11_200_00, 11_200_00, 0]);
    expect(shown.loans[0].repayments).toHaveLength(2);
    expect(shown.loans[0].principal_outstanding).toBe(1_00_000_00);
    await expectBooksBalanced(t.database.db);
  });

  it('paying more than is owed is refused', async () => {
    const bank = await addBalance('Overpay bank', 5_00_000_00);
    const loan = (await admin.post('/api/admin/loans', loanBody(bank, { principal: 10_000_00, term_months: 2, interest_rate: 0 }))).json()
      .data;
    const refused = await admin.post(`/api/admin/loans/${loan.id}/repayments`, { date: '2026-07-01', balance_id: bank, amount: 10_000_01 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.amount).toEqual(['That is more than is still owed: ৳10,000.']);
    await expectBooksBalanced(t.database.db);
  });

  it('5 repayments at once that together exceed what is owed: only those that fit go through', async () => {
    const bank = await addBalance('Race bank', 0);
    const loan = (await admin.post('/api/admin/loans', loanBody(bank, { principal: 10_000_00, term_months: 4, interest_rate: 0 }))).json()
      .data;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin.post(`/api/admin/loans/${loan.id}/repayments`, { date: '2026-07-01', balance_id: bank, amount: 3_000_00 }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(3);
    expect(codes.filter((code) => code === 422)).toHaveLength(2);
    const listed = (await admin.get(`/api/admin/loans/${loan.id}`)).json().data;
    expect(listed.outstanding).toBe(1_000_00);
    expect(await balanceOf(bank)).toBe(1_000_00);
    await expectBooksBalanced(t.database.db);
  });
});

describe('a loan given', () => {
  it('from a balance that holds too little is refused on the balance, with nothing written', async () => {
    const box = await addBalance('Short box', 2_000_00);
    const loans = await count('loans');
    const people = await count('loaners');
    const refused = await admin.post(
      '/api/admin/loans',
      loanBody(box, { direction: 'given', loaner_name: 'Karim Mia', principal: 5_000_00, term_months: 5 }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.balance_id).toEqual(['Not enough in Short box: ৳2,000 available']);
    expect(await count('loans')).toBe(loans);
    expect(await count('loaners')).toBe(people);
    expect(await balanceOf(box)).toBe(2_000_00);
    await expectBooksBalanced(t.database.db);
  });

  it('a repayment received brings money in, the interest as income; overdue shows on the list', async () => {
    const box = await addBalance('Lending box', 50_000_00);
    const made = await admin.post(
      '/api/admin/loans',
      loanBody(box, {
        direction: 'given',
        loaner_name: 'Karim Mia',
        principal: 12_000_00,
        interest_rate: 10,
        term_months: 6,
        date: '2025-01-01',
        first_due_date: '2025-02-01',
      }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const loan = made.json().data;
    expect(await balanceOf(box)).toBe(38_000_00);
    const income = await accountIdFor(t.database.db, 'interest_income');
    const before = await accountBalance(t.database.db, income);
    const paid = await admin.post(`/api/admin/loans/${loan.id}/repayments`, { date: '2025-02-01', balance_id: box, amount: 2_100_00 });
    expect(paid.json().data).toMatchObject({ interest_part: 100_00, principal_part: 2_000_00 });
    expect(await balanceOf(box)).toBe(40_100_00);
    expect((await accountBalance(t.database.db, income)) - before).toBe(100_00);
    const overdue = (await admin.get(`/api/admin/loans?filter[overdue]=1&filter[direction]=given`)).json().data;
    expect(overdue.map((row: { id: number }) => row.id)).toContain(loan.id);
    expect(overdue.find((row: { id: number }) => row.id === loan.id)).toMatchObject({ overdue: true, next_due_date: '2025-03-01' });
    // The credit-due screen shows the borrower within loans given: the principal not yet repaid, as the books hold it.
    const due = (await admin.get('/api/admin/credit-due')).json().data;
    const given = due.find((row: { system_key: string }) => row.system_key === 'loan_receivable');
    expect(given.parts).toContainEqual({
      name: 'Karim Mia',
      due: 10_000_00,
      overdue: true,
      link: `/admin/loaner/details/${loan.loaner_id}`,
    });
    expect(given.parts.reduce((sum: number, part: { due: number }) => sum + part.due, 0)).toBe(given.due);
    await expectBooksBalanced(t.database.db);
  });
});

describe('input and ids', () => {
  it('bad input names the field; an unknown id is a 404', async () => {
    const bad = await admin.post('/api/admin/loans', { direction: 'lent', principal: -1, term_months: 0 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['direction', 'principal', 'term_months', 'balance_id', 'date']));
    expect((await admin.post('/api/admin/loans/999999/repayments', { date: '2026-01-01', balance_id: 1, amount: 100 })).statusCode).toBe(
      404,
    );
    expect((await admin.get('/api/admin/loaners/999999/details')).statusCode).toBe(404);
  });
});
