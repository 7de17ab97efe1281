import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { accountBalance, accountIdFor } from '../accounts';
import { expectBooksBalanced } from '../accounts/accounts.fixture';
import { flatInterest, loanSchedule, reducingInstalment } from './loan-schedule';

/** Corrections of loans and repayments (decision 051, 2026-11-27) and reducing-balance interest. */

let t: TestApp;
let admin: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
});
afterAll(() => t.close());

const balanceOf = (id: number) => accountBalance(t.database.db, id);
const held = async (key: 'loan_payable' | 'loan_receivable' | 'interest' | 'interest_income') =>
  accountBalance(t.database.db, await accountIdFor(t.database.db, key));

async function addBalance(name: string, opening: number): Promise<number> {
  const response = await admin.post('/api/admin/balances', { name, kind: 'cash', opening_balance: opening });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

const loanBody = (balance: number, extra: Record<string, unknown> = {}) => ({
  direction: 'taken',
  loaner_name: 'City Bank, Gulshan',
  principal: 12_000_00,
  date: '2026-06-01',
  balance_id: balance,
  interest_rate: 12,
  term_months: 12,
  first_due_date: '2026-07-01',
  ...extra,
});

async function makeLoan(balance: number, extra: Record<string, unknown> = {}) {
  const made = await admin.post('/api/admin/loans', loanBody(balance, extra));
  expect(made.statusCode, made.body).toBe(201);
  return made.json().data as { id: number; loaner_id: number; outstanding: number };
}

async function repay(loan: number, balance: number, amount: number) {
  const made = await admin.post(`/api/admin/loans/${loan}/repayments`, { date: '2026-07-01', balance_id: balance, amount });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().data as { id: number; interest_part: number; principal_part: number };
}

/** Spends money out of a balance: a fund transfer to another. */
async function moveAway(from: number, amount: number) {
  const to = await addBalance(`Elsewhere ${from}`, 0);
  const moved = await admin.post('/api/admin/fund-transfers', { from_balance_id: from, to_balance_id: to, amount, date: '2026-07-02' });
  expect(moved.statusCode, moved.body).toBe(201);
}

const loanNow = async (id: number) => (await admin.get(`/api/admin/loans/${id}`)).json().data;
const repaymentsOf = async (loan: { id: number; loaner_id: number }) =>
  (await admin.get(`/api/admin/loaners/${loan.loaner_id}/details`)).json().data.loans.find((each: { id: number }) => each.id === loan.id)
    .repayments;

describe('reducing-balance interest', () => {
  it('৳1,00,000 at 12% a year over 12 months: equal instalments of ৳8,884.88, interest on what is still owed', () => {
    const terms = { principal: 1_00_000_00, rateBp: 1200, termMonths: 12, firstDueDate: '2026-01-15', method: 'reducing' as const };
    expect(reducingInstalment(terms)).toBe(8_884_88);
    const schedule = loanSchedule(terms);
    expect(schedule[0]).toEqual({ number: 1, dueDate: '2026-01-15', principal: 7_884_88, interest: 1_000_00 });
    // The second month's interest is 1% of what was left after the first.
    expect(schedule[1]?.interest).toBe(Math.round((1_00_000_00 - 7_884_88) / 100));
    expect(schedule.reduce((sum, each) => sum + each.principal, 0)).toBe(1_00_000_00);
    for (const each of schedule.slice(0, 11)) expect(each.principal + each.interest).toBe(8_884_88);
    const last = schedule[11] as { principal: number; interest: number };
    expect(Math.abs(last.principal + last.interest - 8_884_88)).toBeLessThan(100);
    const interest = schedule.reduce((sum, each) => sum + each.interest, 0);
    expect(interest).toBeLessThan(flatInterest(terms));
    expect(interest).toBe(6_618_53);
  });

  it('no interest: equal shares of the principal; a loan on it shows its method, and repayments pay interest first', async () => {
    expect(loanSchedule({ principal: 1_000_00, rateBp: 0, termMonths: 3, firstDueDate: '2026-01-01', method: 'reducing' })).toEqual([
      { number: 1, dueDate: '2026-01-01', principal: 333_34, interest: 0 },
      { number: 2, dueDate: '2026-02-01', principal: 333_34, interest: 0 },
      { number: 3, dueDate: '2026-03-01', principal: 333_32, interest: 0 },
    ]);
    const bank = await addBalance('Reducing bank', 0);
    const loan = await makeLoan(bank, { principal: 1_00_000_00, interest_method: 'reducing' });
    expect(await loanNow(loan.id)).toMatchObject({ interest_method: 'reducing', total_interest: 6_618_53 });
    const paid = await repay(loan.id, bank, 9_000_00);
    // The first instalment whole (interest ৳1,000), then the second one's interest with what is left.
    expect(paid).toMatchObject({ interest_part: 1_115_12, principal_part: 7_884_88 });
    await expectBooksBalanced(t.database.db);
  });
});

describe('correcting a repayment', () => {
  it('reversed: the loan is owed it again, the money is back, the books still balance; twice is refused', async () => {
    const bank = await addBalance('Reverse bank', 0);
    const loan = await makeLoan(bank);
    const payable = await held('loan_payable');
    const first = await repay(loan.id, bank, 1_120_00);
    const second = await repay(loan.id, bank, 1_120_00);
    expect(await balanceOf(bank)).toBe(12_000_00 - 2_240_00);
    expect((await loanNow(loan.id)).outstanding).toBe(13_440_00 - 2_240_00);

    const noReason = await admin.post(`/api/admin/loan-repayments/${first.id}/reverse`, {});
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toBeDefined();

    const reversed = await admin.post(`/api/admin/loan-repayments/${first.id}/reverse`, { reason: 'Cheque bounced' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().data).toMatchObject({ reversal_reason: 'Cheque bounced', reversed_by: expect.any(String) });
    expect(reversed.json().data.reversed_at).not.toBeNull();
    expect((await loanNow(loan.id)).outstanding).toBe(13_440_00 - 1_120_00);
    expect(await balanceOf(bank)).toBe(12_000_00 - 1_120_00);
    // The second one now pays the first instalment: the same split, so it is not reposted.
    const shown = await repaymentsOf(loan);
    expect(shown.find((each: { id: number }) => each.id === second.id)).toMatchObject({ interest_part: 120_00, reversed_at: null });
    expect(await held('loan_payable')).toBe(payable - 1_000_00);
    await expectBooksBalanced(t.database.db);

    const again = await admin.post(`/api/admin/loan-repayments/${first.id}/reverse`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    const edit = await admin.put(`/api/admin/loan-repayments/${first.id}`, { date: '2026-07-01', balance_id: bank, amount: 100_00 });
    expect(edit.statusCode).toBe(409);
  });

  it('two reversals at once: one goes through, the other is refused, and the money comes back once', async () => {
    const bank = await addBalance('Race reverse bank', 0);
    const loan = await makeLoan(bank);
    const paid = await repay(loan.id, bank, 2_000_00);
    const answers = await Promise.all(
      [1, 2, 3].map(() => admin.post(`/api/admin/loan-repayments/${paid.id}/reverse`, { reason: 'Entered twice' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(bank)).toBe(12_000_00);
    expect((await loanNow(loan.id)).outstanding).toBe(13_440_00);
    await expectBooksBalanced(t.database.db);
  });

  it('edited: the amount and balance change under the same checks as a repayment', async () => {
    const bank = await addBalance('Edit bank', 0);
    const other = await addBalance('Edit other', 500_00);
    const loan = await makeLoan(bank, { interest_rate: 0, term_months: 4 });
    const paid = await repay(loan.id, bank, 3_000_00);

    const over = await admin.put(`/api/admin/loan-repayments/${paid.id}`, { date: '2026-07-01', balance_id: bank, amount: 12_000_01 });
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().errors.amount).toBeDefined();
    const short = await admin.put(`/api/admin/loan-repayments/${paid.id}`, { date: '2026-07-01', balance_id: other, amount: 3_000_00 });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.balance_id).toEqual(['Not enough in Edit other: ৳500 available']);
    expect(await balanceOf(bank)).toBe(9_000_00);

    const fixed = await admin.put(`/api/admin/loan-repayments/${paid.id}`, {
      date: '2026-07-02',
      balance_id: bank,
      amount: 4_000_00,
      reference: 'TT 55',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({ amount: 4_000_00, date: '2026-07-02', reference: 'TT 55', principal_part: 4_000_00 });
    expect(await balanceOf(bank)).toBe(8_000_00);
    expect((await loanNow(loan.id)).outstanding).toBe(8_000_00);
    await expectBooksBalanced(t.database.db);
  });

  it('a repayment received into a balance since spent cannot be reversed (the balance may not go below zero)', async () => {
    const box = await addBalance('Spent box', 10_000_00);
    const loan = await makeLoan(box, { direction: 'given', loaner_name: 'Rahim Traders', principal: 10_000_00, interest_rate: 0 });
    const paid = await repay(loan.id, box, 5_000_00);
    await moveAway(box, 4_000_00);
    expect(await balanceOf(box)).toBe(1_000_00);
    const refused = await admin.post(`/api/admin/loan-repayments/${paid.id}/reverse`, { reason: 'Wrong loan' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.balance_id).toEqual(['Not enough in Spent box: ৳1,000 available']);
    expect((await loanNow(loan.id)).outstanding).toBe(5_000_00);
    await expectBooksBalanced(t.database.db);
  });
});

describe('correcting a loan', () => {
  it('new terms after repayments: a new schedule, the repayments shared out again and reposted, the books balanced', async () => {
    const bank = await addBalance('Terms bank', 0);
    const loan = await makeLoan(bank);
    await repay(loan.id, bank, 1_120_00);
    const interestBefore = await held('interest');

    const kind = await admin.put(`/api/admin/loans/${loan.id}`, loanBody(bank, { loaner_id: loan.loaner_id, direction: 'given' }));
    expect(kind.statusCode).toBe(422);
    expect(kind.json().errors.direction).toBeDefined();
    const tooSmall = await admin.put(
      `/api/admin/loans/${loan.id}`,
      loanBody(bank, { loaner_id: loan.loaner_id, principal: 1_000_00, interest_rate: 0, term_months: 1 }),
    );
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json().errors.principal).toBeDefined();

    const fixed = await admin.put(
      `/api/admin/loans/${loan.id}`,
      loanBody(bank, { loaner_id: loan.loaner_id, interest_rate: 24, interest_method: 'reducing', term_months: 6 }),
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    const view = fixed.json().data;
    expect(view).toMatchObject({ interest_rate: 24, interest_method: 'reducing', term_months: 6, paid: 1_120_00 });
    const schedule = loanSchedule({ principal: 12_000_00, rateBp: 2400, termMonths: 6, firstDueDate: '2026-07-01', method: 'reducing' });
    const total = schedule.reduce((sum, each) => sum + each.principal + each.interest, 0);
    expect(view.outstanding).toBe(total - 1_120_00);
    // 2% of ৳12,000 is the first month's interest now.
    const [repayment] = await repaymentsOf(loan);
    expect(repayment).toMatchObject({ interest_part: 240_00, principal_part: 880_00 });
    expect((await held('interest')) - interestBefore).toBe(240_00 - 120_00);
    expect(await balanceOf(bank)).toBe(12_000_00 - 1_120_00);
    await expectBooksBalanced(t.database.db);
  });

  it('a new amount and balance before repayments: the entry is reversed and posted again', async () => {
    const bank = await addBalance('Amount bank', 0);
    const other = await addBalance('Amount other', 0);
    const loan = await makeLoan(bank);
    const fixed = await admin.put(`/api/admin/loans/${loan.id}`, loanBody(other, { loaner_id: loan.loaner_id, principal: 15_000_00 }));
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await balanceOf(bank)).toBe(0);
    expect(await balanceOf(other)).toBe(15_000_00);
    expect(fixed.json().data).toMatchObject({ principal: 15_000_00, balance_id: other, outstanding: 15_000_00 + 1_800_00 });
    await expectBooksBalanced(t.database.db);
  });

  it('reversed: refused while it has repayments, then its money goes back and it owes nothing, once', async () => {
    const box = await addBalance('Given box', 20_000_00);
    const receivable = await held('loan_receivable');
    const loan = await makeLoan(box, { direction: 'given', loaner_name: 'Jamal Store', principal: 10_000_00, interest_rate: 0 });
    const paid = await repay(loan.id, box, 1_000_00);
    const early = await admin.post(`/api/admin/loans/${loan.id}/reverse`, { reason: 'Entered for the wrong borrower' });
    expect(early.statusCode).toBe(409);
    expect((await admin.post(`/api/admin/loan-repayments/${paid.id}/reverse`, { reason: 'Goes with the loan' })).statusCode).toBe(200);

    const reversed = await admin.post(`/api/admin/loans/${loan.id}/reverse`, { reason: 'Entered for the wrong borrower' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().data).toMatchObject({ outstanding: 0, reversal_reason: 'Entered for the wrong borrower' });
    expect(await balanceOf(box)).toBe(20_000_00);
    expect(await held('loan_receivable')).toBe(receivable);
    const person = (await admin.get(`/api/admin/loaners/${loan.loaner_id}`)).json().data;
    expect(person).toMatchObject({ they_owe: 0, loans: 0 });
    const due = (await admin.get('/api/admin/credit-due')).json().data;
    const given = due.find((row: { system_key: string }) => row.system_key === 'loan_receivable');
    expect(given.parts.map((part: { name: string }) => part.name)).not.toContain('Jamal Store');
    expect((await admin.post(`/api/admin/loans/${loan.id}/reverse`, { reason: 'Again' })).statusCode).toBe(409);
    expect((await admin.put(`/api/admin/loans/${loan.id}`, loanBody(box, { loaner_id: loan.loaner_id }))).statusCode).toBe(409);
    expect(
      (await admin.post(`/api/admin/loans/${loan.id}/repayments`, { date: '2026-07-01', balance_id: box, amount: 1 })).statusCode,
    ).toBe(409);
    const audit = rowsOf<{ action: string }>(
      await t.database.db.execute(sql`select action from audit_log where entity = 'loan' and entity_id = ${String(loan.id)} order by id`),
    );
    expect(audit.map((row) => row.action)).toEqual(['create', 'reverse']);
    await expectBooksBalanced(t.database.db);
  });

  it('a loan taken whose money was spent cannot be reversed', async () => {
    const bank = await addBalance('Spent loan bank', 0);
    const loan = await makeLoan(bank, { interest_rate: 0 });
    await moveAway(bank, 11_000_00);
    const refused = await admin.post(`/api/admin/loans/${loan.id}/reverse`, { reason: 'Never came' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.balance_id).toBeDefined();
    expect((await loanNow(loan.id)).reversed_at).toBeNull();
    await expectBooksBalanced(t.database.db);
  });
});
