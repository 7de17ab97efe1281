import type { SystemAccountKey } from '@haat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { staffWith } from '../../test/staff';
import { expectBooksBalanced } from '../accounts/accounts.fixture';
import { accountBalance, accountIdFor } from '../accounts/ledger.service';

/** Corrections of director payments and investor payouts, investors' own details, the investments list's investor filter (decision 052, 2026-11-27). */

let t: TestApp;
let admin: TestBrowser;
let own: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  own = await created('/api/admin/companies', { name: 'Correction Fashion Ltd.', kind: 'own' });
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

async function investor(name: string, box: number, amount = 1_00_000_00) {
  const id = await created('/api/admin/investments', { company_id: own, investor_name: name, amount, date: '2026-03-01', balance_id: box });
  return (await admin.get(`/api/admin/investments/${id}`)).json().data.investor_id as number;
}

describe('an investor payout', () => {
  it('reversed: the money is back, it counts as paid no more, the books balance; once only, also at once', async () => {
    const box = await addBalance('Payout box', 0);
    const id = await investor('Nasir Uddin', box);
    const paid = await admin.post(`/api/admin/investors/${id}/payouts`, {
      kind: 'capital_return',
      date: '2026-04-01',
      amount: 40_000_00,
      balance_id: box,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const payout = paid.json().data.payouts[0].id;
    const capital = await held('investor_capital');

    const answers = await Promise.all(
      [1, 2, 3].map(() => admin.post(`/api/admin/investor-payouts/${payout}/reverse`, { reason: 'Paid to the wrong investor' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const details = (await admin.get(`/api/admin/investors/${id}`)).json().data;
    expect(details.totals).toMatchObject({ returned: 0, outstanding: 1_00_000_00 });
    expect(details.payouts[0]).toMatchObject({ id: payout, reversal_reason: 'Paid to the wrong investor' });
    expect(await balanceOf(box)).toBe(1_00_000_00);
    expect((await held('investor_capital')) - capital).toBe(40_000_00);
    const edit = await admin.put(`/api/admin/investor-payouts/${payout}`, {
      kind: 'profit',
      date: '2026-04-01',
      amount: 1,
      balance_id: box,
    });
    expect(edit.statusCode).toBe(409);
    await expectBooksBalanced(t.database.db);
  });

  it('edited: money returned never exceeds what is still in, a balance never goes below zero', async () => {
    const box = await addBalance('Payout edit box', 0);
    const thin = await addBalance('Payout thin box', 1_000_00);
    const id = await investor('Shirin Akter', box, 50_000_00);
    const paid = await admin.post(`/api/admin/investors/${id}/payouts`, {
      kind: 'profit',
      date: '2026-04-01',
      amount: 5_000_00,
      balance_id: box,
    });
    const payout = paid.json().data.payouts[0].id;

    const tooMuch = await admin.put(`/api/admin/investor-payouts/${payout}`, {
      kind: 'capital_return',
      date: '2026-04-01',
      amount: 50_000_01,
      balance_id: box,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual(['Only ৳50,000 of their investment is still in the business.']);
    const short = await admin.put(`/api/admin/investor-payouts/${payout}`, {
      kind: 'profit',
      date: '2026-04-01',
      amount: 5_000_00,
      balance_id: thin,
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.balance_id).toEqual(['Not enough in Payout thin box: ৳1,000 available']);

    const fixed = await admin.put(`/api/admin/investor-payouts/${payout}`, {
      kind: 'capital_return',
      date: '2026-04-02',
      amount: 20_000_00,
      balance_id: box,
      note: 'It was money back',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.totals).toMatchObject({ profit_paid: 0, returned: 20_000_00, outstanding: 30_000_00 });
    expect(await balanceOf(box)).toBe(30_000_00);
    await expectBooksBalanced(t.database.db);
  });
});

describe("an investor's own details", () => {
  it('are edited after the first investment, audited; bad input names the field', async () => {
    const box = await addBalance('Details box', 0);
    const id = await investor('Rafiq Ahmed', box);
    const bad = await admin.put(`/api/admin/investors/${id}`, { name: 'R', phone: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'phone']));
    const saved = await admin.put(`/api/admin/investors/${id}`, {
      name: 'Rafiqul Ahmed',
      phone: '01911000222',
      national_id: '1985123456789',
      address: 'House 12, Road 5, Dhanmondi',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.investor).toEqual({
      id,
      name: 'Rafiqul Ahmed',
      phone: '01911000222',
      national_id: '1985123456789',
      address: 'House 12, Road 5, Dhanmondi',
    });
    expect((await admin.get(`/api/admin/investments?filter[investor_id]=${id}`)).json().data[0].investor_name).toBe('Rafiqul Ahmed');
    expect((await admin.put('/api/admin/investors/999999', { name: 'Nobody here' })).statusCode).toBe(404);
  });
});

describe("the investments list's investor filter", () => {
  it('answers id and name to whoever may see investments, without the investors permission', async () => {
    const box = await addBalance('Filter box', 0);
    const id = await investor('Filter Investor Mahmud', box);
    const clerk = await staffWith(t, ['investment.view']);
    expect((await clerk.get('/api/admin/investors')).statusCode).toBe(403);
    const options = await clerk.get('/api/admin/investments/investors?per_page=100&q=Mahmud');
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().data).toEqual([{ id, name: 'Filter Investor Mahmud' }]);
    expect((await clerk.get(`/api/admin/investments/investors/${id}`)).json().data).toEqual({ id, name: 'Filter Investor Mahmud' });
    expect((await clerk.get('/api/admin/investments/investors/999999')).statusCode).toBe(404);
    const nobody = await staffWith(t, []);
    expect((await nobody.get('/api/admin/investments/investors')).statusCode).toBe(403);
  });
});

describe('a director payment', () => {
  it('edited and reversed: the totals and the books follow; a reversal is once only', async () => {
    const box = await addBalance('Director fix box', 50_000_00);
    const director = await created('/api/admin/directors', { company_id: own, name: 'Tanvir Hasan', share_percent: 10 });
    const salaries = await held('salaries');
    const paid = await admin.post(`/api/admin/directors/${director}/payments`, {
      kind: 'remuneration',
      date: '2026-10-31',
      amount: 30_000_00,
      balance_id: box,
    });
    const payment = paid.json().data.payments[0].id;

    const short = await admin.put(`/api/admin/director-payments/${payment}`, {
      kind: 'remuneration',
      date: '2026-10-31',
      amount: 80_000_01,
      balance_id: box,
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.balance_id).toBeDefined();

    const fixed = await admin.put(`/api/admin/director-payments/${payment}`, {
      kind: 'drawing',
      date: '2026-10-30',
      amount: 25_000_00,
      balance_id: box,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.totals).toEqual({ remuneration: 0, drawing: 25_000_00, capital_in: 0 });
    expect(await held('salaries')).toBe(salaries);
    expect(await balanceOf(box)).toBe(25_000_00);

    const answers = await Promise.all(
      [1, 2].map(() => admin.post(`/api/admin/director-payments/${payment}/reverse`, { reason: 'Never paid' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const details = (await admin.get(`/api/admin/directors/${director}/payments`)).json().data;
    expect(details.totals).toEqual({ remuneration: 0, drawing: 0, capital_in: 0 });
    expect(details.payments[0]).toMatchObject({ reversal_reason: 'Never paid' });
    expect((await admin.get(`/api/admin/directors/${director}`)).json().data.paid).toBe(0);
    expect(await balanceOf(box)).toBe(50_000_00);
    await expectBooksBalanced(t.database.db);
  });

  it('money brought in and since spent cannot be reversed (a balance never goes below zero)', async () => {
    const box = await addBalance('Brought in box', 0);
    const director = await created('/api/admin/directors', { company_id: own, name: 'Mitu Rahman' });
    const paid = await admin.post(`/api/admin/directors/${director}/payments`, {
      kind: 'capital_in',
      date: '2026-10-01',
      amount: 10_000_00,
      balance_id: box,
    });
    const payment = paid.json().data.payments[0].id;
    await admin.post(`/api/admin/directors/${director}/payments`, {
      kind: 'drawing',
      date: '2026-10-02',
      amount: 9_000_00,
      balance_id: box,
    });
    const refused = await admin.post(`/api/admin/director-payments/${payment}/reverse`, { reason: 'Was a loan' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.balance_id).toEqual(['Not enough in Brought in box: ৳1,000 available']);
    await expectBooksBalanced(t.database.db);
  });
});
