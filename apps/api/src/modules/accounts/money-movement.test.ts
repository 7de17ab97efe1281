import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { auditLog } from '../audit/audit.table';
import { expectBooksBalanced } from './accounts.fixture';
import { accountBalance } from './ledger.service';
import { journalEntries, ledgerAccounts } from './ledger.table';

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
const addBalance = (name: string, opening: number) => created('/api/admin/balances', { name, kind: 'cash', opening_balance: opening });
const addPurpose = (name: string, type: 'income' | 'expense') => created('/api/admin/account-purposes', { name, type });

describe('money in', () => {
  it('posts one entry: the balance and the income grow; an edit reverses and reposts; a delete reverses', async () => {
    const box = await addBalance('Money-in box', 0);
    const other = await addBalance('Money-in wallet', 0);
    const scrap = await addPurpose('Scrap sales', 'income');
    const id = await created('/api/admin/credits', {
      date: '2026-10-05',
      purpose_id: scrap,
      balance_id: box,
      amount: 1_200_00,
      party: 'Kabadiwala',
      reference: 'R-1',
      note: 'Old cartons',
    });
    expect(await balanceOf(box)).toBe(1_200_00);
    expect(await accountBalance(t.database.db, scrap)).toBe(1_200_00);
    const listed = await admin.get(`/api/admin/credits?filter[purpose_id]=${scrap}`);
    expect(listed.json().data).toMatchObject([{ id, purpose_name: 'Scrap sales', balance_name: 'Money-in box', amount: 1_200_00 }]);

    const first = (await admin.get(`/api/admin/credits/${id}`)).json().data.entry_id;
    const edited = await admin.put(`/api/admin/credits/${id}`, {
      date: '2026-10-06',
      purpose_id: scrap,
      balance_id: other,
      amount: 1_500_00,
      party: 'Kabadiwala',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.entry_id).not.toBe(first);
    const entries = await t.database.db
      .select({ id: journalEntries.id, reversalOf: journalEntries.reversalOf, source: journalEntries.source })
      .from(journalEntries)
      .where(eq(journalEntries.sourceId, id))
      .orderBy(asc(journalEntries.id));
    const ofCredit = entries.filter((entry) => entry.source === 'credit' || entry.reversalOf === first);
    expect(ofCredit.map((entry) => entry.reversalOf)).toEqual([null, first, null]);
    expect(await balanceOf(box)).toBe(0);
    expect(await balanceOf(other)).toBe(1_500_00);
    expect(await accountBalance(t.database.db, scrap)).toBe(1_500_00);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'credit'));
    expect(audits.map((row) => row.action)).toEqual(['create', 'update']);

    expect((await admin.delete(`/api/admin/credits/${id}`)).statusCode).toBeLessThan(300);
    expect(await balanceOf(other)).toBe(0);
    expect((await accountBalance(t.database.db, scrap)) + 0).toBe(0);
    await expectBooksBalanced(t.database.db);
  });

  it('refuses an expense purpose and a purpose that is not one, naming the field', async () => {
    const box = await addBalance('Refusal box', 0);
    const rent = await addPurpose('Refusal rent', 'expense');
    const answer = await admin.post('/api/admin/credits', { date: '2026-10-05', purpose_id: rent, balance_id: box, amount: 100 });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors.purpose_id).toEqual(['Choose an active income purpose.']);
    const swapped = await admin.post('/api/admin/credits', { date: '2026-10-05', purpose_id: box, balance_id: rent, amount: 100 });
    expect(swapped.statusCode).toBe(422);
    await expectBooksBalanced(t.database.db);
  });
});

describe('money out', () => {
  it('lowers the balance and raises the expense; more than the balance holds is refused on balance_id', async () => {
    const box = await addBalance('Money-out box', 3_000_00);
    const rent = await addPurpose('Godown rent', 'expense');
    await created('/api/admin/debits', { date: '2026-10-05', purpose_id: rent, balance_id: box, amount: 2_000_00, party: 'Landlord' });
    expect(await balanceOf(box)).toBe(1_000_00);
    expect(await accountBalance(t.database.db, rent)).toBe(2_000_00);
    const refused = await admin.post('/api/admin/debits', { date: '2026-10-06', purpose_id: rent, balance_id: box, amount: 1_500_00 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.balance_id).toEqual(['Not enough in Money-out box: ৳1,000 available']);
    expect(await balanceOf(box)).toBe(1_000_00);
    await expectBooksBalanced(t.database.db);
  });

  it('10 at once against a balance covering 4: exactly 4 go through', async () => {
    const box = await addBalance('Concurrent box', 4_000_00);
    const packaging = await addPurpose('Concurrent packaging', 'expense');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.post('/api/admin/debits', { date: '2026-11-01', purpose_id: packaging, balance_id: box, amount: 1_000_00 }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    const odd = answers.filter((answer) => answer.statusCode !== 201 && answer.statusCode !== 422).map((answer) => answer.body);
    expect(
      codes.filter((code) => code === 201),
      JSON.stringify({ codes, odd: odd.slice(0, 3) }),
    ).toHaveLength(4);
    expect(codes.filter((code) => code === 422)).toHaveLength(6);
    expect(answers.find((answer) => answer.statusCode === 422)?.json().errors.balance_id).toEqual([
      'Not enough in Concurrent box: ৳0 available',
    ]);
    expect(await balanceOf(box)).toBe(0);
    expect((await admin.get(`/api/admin/debits?filter[balance_id]=${box}`)).json().data).toHaveLength(4);
    await expectBooksBalanced(t.database.db);
  });

  it('an edit that would take the balance below zero is refused and changes nothing', async () => {
    const box = await addBalance('Edit box', 1_000_00);
    const internet = await addPurpose('Edit internet', 'expense');
    const id = await created('/api/admin/debits', { date: '2026-11-02', purpose_id: internet, balance_id: box, amount: 800_00 });
    const refused = await admin.put(`/api/admin/debits/${id}`, {
      date: '2026-11-02',
      purpose_id: internet,
      balance_id: box,
      amount: 1_200_00,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.balance_id).toBeDefined();
    expect(await balanceOf(box)).toBe(200_00);
    const fine = await admin.put(`/api/admin/debits/${id}`, {
      date: '2026-11-02',
      purpose_id: internet,
      balance_id: box,
      amount: 1_000_00,
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(await balanceOf(box)).toBe(0);
    await expectBooksBalanced(t.database.db);
  });
});

describe('the monthly report and what is due', () => {
  it('adds up income and expense per purpose per month, with net and CSV', async () => {
    const box = await addBalance('Report box', 50_000_00);
    const sold = await addPurpose('Report income', 'income');
    const power = await addPurpose('Report electricity', 'expense');
    const post = (path: string, purpose: number, date: string, amount: number) =>
      created(path, { date, purpose_id: purpose, balance_id: box, amount });
    await post('/api/admin/credits', sold, '2024-01-10', 5_000_00);
    await post('/api/admin/credits', sold, '2024-02-11', 7_000_00);
    await post('/api/admin/debits', power, '2024-01-20', 1_200_00);
    await post('/api/admin/debits', power, '2024-01-25', 300_00);
    await post('/api/admin/debits', power, '2024-02-20', 2_000_00);
    const answer = await admin.get('/api/admin/accounts/monthly-report?from=2024-01-01&to=2024-02-29');
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json();
    expect(report.months).toEqual(['2024-01', '2024-02']);
    expect(report.data.find((row: { account_id: number }) => row.account_id === sold)).toMatchObject({
      months: [5_000_00, 7_000_00],
      total: 12_000_00,
    });
    expect(report.data.find((row: { account_id: number }) => row.account_id === power)).toMatchObject({
      months: [1_500_00, 2_000_00],
      total: 3_500_00,
    });
    expect(report.income).toEqual([5_000_00, 7_000_00]);
    expect(report.expense).toEqual([1_500_00, 2_000_00]);
    expect(report.net).toEqual([3_500_00, 5_000_00]);
    expect(report.totals).toEqual({ income: 12_000_00, expense: 3_500_00, net: 8_500_00 });
    const year = (await admin.get('/api/admin/accounts/monthly-report?year=2024')).json();
    expect(year.months).toHaveLength(12);
    expect(year.totals.net).toBe(8_500_00);
    const csv = await admin.get('/api/admin/accounts/monthly-report/export.csv?year=2024');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Report electricity');
    expect(csv.body.split('\n')[0]).toContain('2024-02');
    expect((await admin.get('/api/admin/accounts/monthly-report?from=2024-03-01&to=2024-01-01')).statusCode).toBe(422);
    await expectBooksBalanced(t.database.db);
  });

  it('lists every receivable of the chart with what it holds', async () => {
    const answer = await admin.get('/api/admin/credit-due');
    expect(answer.statusCode).toBe(200);
    const keys = answer.json().data.map((row: { system_key: string }) => row.system_key);
    expect(keys).toEqual(expect.arrayContaining(['courier_receivable', 'company_receivable', 'loan_receivable']));
    expect((await admin.get('/api/admin/credit-due/export.csv')).body).toContain('Receivable from couriers');
    await expectBooksBalanced(t.database.db);
  });
});
