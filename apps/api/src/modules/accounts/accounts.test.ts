import { SYSTEM_ACCOUNTS } from '@haat/contracts';
import { asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, inTransaction, systemCtx } from '../../context';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { auditLog } from '../audit/audit.table';
import { expectBooksBalanced } from './accounts.fixture';
import { accountBalance, accountIdFor, LedgerError, postEntry, reverseEntry, trialBalance } from './ledger.service';
import { journalEntries, journalLines, ledgerAccounts } from './ledger.table';

let t: TestApp;
let admin: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
});
afterAll(() => t.close());

const ctx = () => actingAs(systemCtx(t.database.db), { kind: 'admin', id: 1, name: 'Owner' });
const balanceOf = async (id: number) =>
  (await t.database.db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, id)))[0]?.balance;
const entryCount = async () => (await t.database.db.select({ id: journalEntries.id }).from(journalEntries)).length;

async function addBalance(body: Record<string, unknown>): Promise<number> {
  const response = await admin.post('/api/admin/balances', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

describe('the chart of accounts', () => {
  it('holds the default accounts of the contract, each by its key', async () => {
    const rows = await t.database.db
      .select({ key: ledgerAccounts.systemKey, code: ledgerAccounts.code, type: ledgerAccounts.type, role: ledgerAccounts.role })
      .from(ledgerAccounts)
      .where(isNotNull(ledgerAccounts.systemKey))
      .orderBy(asc(ledgerAccounts.code));
    expect(rows).toEqual(
      [...SYSTEM_ACCOUNTS]
        .sort((a, b) => a.code.localeCompare(b.code))
        .map((account) => ({ key: account.key, code: account.code, type: account.type, role: account.role })),
    );
    expect(await accountIdFor(t.database.db, 'cash')).toBeGreaterThan(0);
  });
});

describe('posting', () => {
  it('writes a balanced entry: the balance and the income both grow, and the books balance', async () => {
    const cash = await accountIdFor(t.database.db, 'cash');
    const before = await accountBalance(t.database.db, cash);
    const entry = await postEntry(ctx(), {
      date: '2026-11-01',
      source: 'test.income',
      memo: 'Scrap cartons sold',
      lines: [
        { account: 'cash', debit: 1_500_00 },
        { account: 'other_income', credit: 1_500_00 },
      ],
    });
    expect(entry.date).toBe('2026-11-01');
    expect(await accountBalance(t.database.db, cash)).toBe(before + 1_500_00);
    expect(await balanceOf(cash)).toBe(before + 1_500_00);
    const income = await accountIdFor(t.database.db, 'other_income');
    expect(await accountBalance(t.database.db, income)).toBeGreaterThanOrEqual(1_500_00);
    expect(await accountBalance(t.database.db, cash, '2026-10-31')).toBe(before);
    await expectBooksBalanced(t.database.db);
  });

  it('refuses empty, one-sided, unbalanced and unknown-account entries, and writes nothing', async () => {
    const count = await entryCount();
    const attempts = [
      { source: 'test', memo: '', lines: [] },
      { source: 'test', memo: '', lines: [{ account: 'cash' as const, debit: 100 }] },
      {
        source: 'test',
        memo: '',
        lines: [
          { account: 'cash' as const, debit: 100 },
          { account: 'other_income' as const, credit: 99 },
        ],
      },
      {
        source: 'test',
        memo: '',
        lines: [
          { account: 'cash' as const, debit: 100, credit: 100 },
          { account: 'other_income' as const, credit: 0 },
        ],
      },
      {
        source: 'test',
        memo: '',
        lines: [
          { account: 'cash' as const, debit: 10.5 },
          { account: 'other_income' as const, credit: 10.5 },
        ],
      },
      {
        source: 'test',
        memo: '',
        lines: [
          { account: 999_999, debit: 100 },
          { account: 'other_income' as const, credit: 100 },
        ],
      },
    ];
    for (const attempt of attempts) await expect(postEntry(ctx(), attempt)).rejects.toBeInstanceOf(LedgerError);
    expect(await entryCount()).toBe(count);
    await expectBooksBalanced(t.database.db);
  });

  it("joins the caller's transaction: an event that fails takes its entry with it", async () => {
    const count = await entryCount();
    const failed = inTransaction(ctx(), async (tx) => {
      await postEntry(tx, {
        source: 'test.event',
        memo: 'rolled back',
        lines: [
          { account: 'bank', debit: 700 },
          { account: 'other_income', credit: 700 },
        ],
      });
      throw new Error('the event failed');
    });
    await expect(failed).rejects.toThrow('the event failed');
    expect(await entryCount()).toBe(count);
    await expectBooksBalanced(t.database.db);
  });

  it("a refused posting changes no balance, also when the caller's transaction goes on (no savepoint)", async () => {
    const cash = await accountIdFor(t.database.db, 'cash');
    await postEntry(ctx(), {
      source: 'test.income',
      memo: 'Cash for the test',
      lines: [
        { account: 'cash', debit: 10_00 },
        { account: 'other_income', credit: 10_00 },
      ],
    });
    // The short balance has the higher id: the cash line (the lower id) would have been changed first.
    const empty = await addBalance({ name: 'Empty wallet', kind: 'mobile_wallet' });
    const cashBefore = await balanceOf(cash);
    const count = await entryCount();
    const answer = await inTransaction(ctx(), async (tx) => {
      const refused = await postEntry(tx, {
        source: 'test.transfer',
        memo: 'refused',
        lines: [
          { account: 'cash', debit: 5_00 },
          { account: empty, credit: 5_00, field: 'wallet' },
        ],
      }).catch((error: unknown) => error);
      // The transaction goes on after the refusal and commits.
      await postEntry(tx, {
        source: 'test.income',
        memo: 'after the refusal',
        lines: [
          { account: 'cash', debit: 1_00 },
          { account: 'other_income', credit: 1_00 },
        ],
      });
      return refused as { statusCode?: number; errors?: Record<string, string[]> };
    });
    expect(answer.statusCode).toBe(422);
    expect(Object.keys(answer.errors ?? {})).toEqual(['wallet']);
    expect(await balanceOf(cash)).toBe(Number(cashBefore) + 1_00);
    expect(await balanceOf(empty)).toBe(0);
    expect(await entryCount()).toBe(count + 1);
    await expectBooksBalanced(t.database.db);
  });

  it('concurrent postings to the same accounts and day, both ways: none lost, none deadlocked', async () => {
    const one = await addBalance({ name: 'Till one', kind: 'cash', opening_balance: 1_000_00 });
    const two = await addBalance({ name: 'Till two', kind: 'cash', opening_balance: 1_000_00 });
    const sales = await accountIdFor(t.database.db, 'sales_revenue');
    const day = '2026-11-23';
    const salesBefore = await accountBalance(t.database.db, sales, day);
    const count = 24;
    await Promise.all(
      Array.from({ length: count }, (_, index) =>
        inTransaction(ctx(), async (tx) => {
          const [from, to] = index % 2 ? [one, two] : [two, one];
          const lines = [
            { account: to, debit: 10_00 },
            { account: from, credit: 10_00 },
            { account: 'courier_receivable' as const, debit: 5_00 },
            { account: 'sales_revenue' as const, credit: 5_00, channel: 'website' as const },
          ];
          await postEntry(tx, {
            date: day,
            source: 'test.concurrent',
            memo: `concurrent ${index}`,
            lines: index % 3 ? lines : lines.reverse(),
          });
          // Hold the locks a while, so that the transactions overlap on PostgreSQL.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }),
      ),
    );
    expect(await balanceOf(one)).toBe(1_000_00);
    expect(await balanceOf(two)).toBe(1_000_00);
    expect(await accountBalance(t.database.db, sales, day)).toBe(salesBefore + count * 5_00);
    await expectBooksBalanced(t.database.db);
  });

  it('reverses an entry with a new one (the posted one is never edited), once only', async () => {
    const bank = await accountIdFor(t.database.db, 'bank');
    const before = await accountBalance(t.database.db, bank);
    const entry = await postEntry(ctx(), {
      source: 'test.income',
      sourceType: 'test',
      sourceId: 7,
      memo: 'Interest',
      lines: [
        { account: 'bank', debit: 250_00 },
        { account: 'other_income', credit: 250_00 },
      ],
    });
    const reversal = await reverseEntry(ctx(), entry.id, 'typed twice');
    expect(reversal.id).toBeGreaterThan(entry.id);
    expect(await accountBalance(t.database.db, bank)).toBe(before);
    const [row] = await t.database.db.select().from(journalEntries).where(eq(journalEntries.id, reversal.id));
    expect(row).toMatchObject({ reversalOf: entry.id, source: 'reversal', sourceType: 'test', sourceId: 7 });
    await expect(reverseEntry(ctx(), entry.id, 'again')).rejects.toMatchObject({ statusCode: 409 });
    // The database itself refuses to edit a posted line.
    await expect(t.database.db.update(journalLines).set({ debit: 1 }).where(eq(journalLines.entryId, entry.id))).rejects.toThrow();
    await expectBooksBalanced(t.database.db);
  });

  it('refuses to take a balance below zero, naming the field the caller gave', async () => {
    const id = await addBalance({ name: 'Drawer two', kind: 'cash', opening_balance: 300_00 });
    const attempt = postEntry(ctx(), {
      source: 'test.expense',
      memo: 'Too much',
      lines: [
        { account: 'other_expense', debit: 301_00 },
        { account: id, credit: 301_00, field: 'paid_from' },
      ],
    });
    await expect(attempt).rejects.toMatchObject({
      statusCode: 422,
      errors: { paid_from: ['Not enough in Drawer two: ৳300 available'] },
    });
    expect(await balanceOf(id)).toBe(300_00);
    await expectBooksBalanced(t.database.db);
  });
});

describe('balances', () => {
  it('are added with an opening balance posted against opening balances, listed with what they hold', async () => {
    const bad = await admin.post('/api/admin/balances', { name: '', kind: 'safe', opening_balance: -5 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['kind', 'name', 'opening_balance']);
    const id = await addBalance({
      name: 'City Bank current',
      kind: 'bank',
      provider: 'City Bank, Gulshan',
      account_number: '1781-000-123',
      opening_balance: 50_000_00,
      opening_date: '2026-07-01',
    });
    const equity = await accountIdFor(t.database.db, 'opening_balance_equity');
    expect(await accountBalance(t.database.db, equity, '2026-07-01')).toBe(50_000_00);
    const list = await admin.get('/api/admin/balances?q=City');
    expect(list.json().data).toEqual([expect.objectContaining({ id, name: 'City Bank current', balance: 50_000_00, kind: 'bank' })]);
    const duplicate = await admin.post('/api/admin/balances', { name: 'city bank CURRENT', kind: 'bank' });
    expect(duplicate.json().errors.name).toEqual(['There is already an account with this name.']);

    // A changed opening balance posts the difference; it may not take the balance below zero.
    const changed = await admin.put(`/api/admin/balances/${id}`, { name: 'City Bank current', kind: 'bank', opening_balance: 45_000_00 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.balance).toBe(45_000_00);
    await expectBooksBalanced(t.database.db);

    const used = await admin.delete(`/api/admin/balances/${id}`);
    expect(used.statusCode).toBe(409);
    const system = await admin.delete(`/api/admin/balances/${await accountIdFor(t.database.db, 'nagad')}`);
    expect(system.statusCode).toBe(409);
  });
});

describe('fund transfers', () => {
  it('move money in one entry, with a fee as an expense, audited', async () => {
    const from = await addBalance({ name: 'Shop cash', kind: 'cash', opening_balance: 10_000_00 });
    const to = await addBalance({ name: 'Shop bKash', kind: 'mobile_wallet', provider: 'bKash', account_number: '01712000000' });
    const same = await admin.post('/api/admin/fund-transfers', {
      from_balance_id: from,
      to_balance_id: from,
      amount: 100,
      date: '2026-11-20',
    });
    expect(same.json().errors).toEqual({ to_balance_id: ['Choose a different balance to send to'] });
    const made = await admin.post('/api/admin/fund-transfers', {
      from_balance_id: from,
      to_balance_id: to,
      amount: 4_000_00,
      fee: 74_00,
      date: '2026-11-20',
      note: 'Float for refunds',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ from_balance_name: 'Shop cash', to_balance_name: 'Shop bKash', amount: 4_000_00, fee: 74_00 });
    expect(await balanceOf(from)).toBe(10_000_00 - 4_074_00);
    expect(await balanceOf(to)).toBe(4_000_00);
    const list = await admin.get(`/api/admin/fund-transfers?filter[balance_id]=${to}`);
    expect(list.json().data).toHaveLength(1);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'fund.transfer'));
    expect(audit?.changes).toMatchObject({ amount: { after: 4_000_00 } });
    expect((await admin.put(`/api/admin/fund-transfers/${made.json().data.id}`, {})).statusCode).toBe(404);
    await expectBooksBalanced(t.database.db);
  });

  it('20 at once out of a balance covering 5: exactly 5 go through, it never goes below zero', async () => {
    const from = await addBalance({ name: 'Counter cash', kind: 'cash', opening_balance: 5_000_00 });
    const to = await addBalance({ name: 'Deposit bank', kind: 'bank' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin.post('/api/admin/fund-transfers', { from_balance_id: from, to_balance_id: to, amount: 1_000_00, date: '2026-11-21' }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    const odd = answers.filter((answer) => answer.statusCode !== 201 && answer.statusCode !== 422).map((answer) => answer.body);
    expect(
      codes.filter((code) => code === 201),
      JSON.stringify({ codes, odd: odd.slice(0, 3) }),
    ).toHaveLength(5);
    expect(codes.filter((code) => code === 422)).toHaveLength(15);
    const refused = answers.find((answer) => answer.statusCode === 422);
    expect(refused?.json().errors.from_balance_id).toEqual(['Not enough in Counter cash: ৳0 available']);
    expect(await balanceOf(from)).toBe(0);
    expect(await balanceOf(to)).toBe(5_000_00);
    await expectBooksBalanced(t.database.db);
  });

  it('an overdraft balance may go below zero, and cannot lose the flag while below', async () => {
    const from = await addBalance({ name: 'Bank overdraft line', kind: 'bank', allow_overdraft: true });
    const to = await addBalance({ name: 'Supplier float', kind: 'cash' });
    const made = await admin.post('/api/admin/fund-transfers', {
      from_balance_id: from,
      to_balance_id: to,
      amount: 2_500_00,
      date: '2026-11-22',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(await balanceOf(from)).toBe(-2_500_00);
    const off = await admin.put(`/api/admin/balances/${from}`, { name: 'Bank overdraft line', kind: 'bank', allow_overdraft: false });
    expect(off.statusCode).toBe(422);
    expect(Object.keys(off.json().errors)).toEqual(['allow_overdraft']);
    await expectBooksBalanced(t.database.db);
  });
});

describe('account purposes', () => {
  it('name income and expense accounts; a type with entries cannot change; chart defaults stay', async () => {
    const made = await admin.post('/api/admin/account-purposes', { name: 'Electricity', type: 'expense' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id;
    expect(made.json().data).toMatchObject({ type: 'expense', total: 0 });
    await postEntry(ctx(), {
      source: 'test.expense',
      memo: 'November bill',
      lines: [
        { account: id, debit: 3_200_00 },
        { account: 'owner_equity', credit: 3_200_00 },
      ],
    });
    const list = await admin.get('/api/admin/account-purposes?filter[type]=expense&q=Electric');
    expect(list.json().data).toEqual([expect.objectContaining({ id, total: 3_200_00 })]);
    const retyped = await admin.put(`/api/admin/account-purposes/${id}`, { name: 'Electricity', type: 'income' });
    expect(Object.keys(retyped.json().errors)).toEqual(['type']);
    expect((await admin.delete(`/api/admin/account-purposes/${id}`)).statusCode).toBe(409);
    const rent = await accountIdFor(t.database.db, 'rent_bills');
    expect((await admin.delete(`/api/admin/account-purposes/${rent}`)).statusCode).toBe(409);
    const unused = await admin.post('/api/admin/account-purposes', { name: 'Tea for visitors', type: 'expense' });
    expect((await admin.delete(`/api/admin/account-purposes/${unused.json().data.id}`)).statusCode).toBe(200);
    await expectBooksBalanced(t.database.db);
  });
});

describe('the trial balance', () => {
  it('sums to zero for any range, and its income and expense rows are the profit and loss', async () => {
    for (const range of [
      { from: '2026-01-01', to: '2026-12-31' },
      { from: '2026-11-20', to: '2026-11-21' },
      { from: '2000-01-01', to: '2100-01-01' },
    ]) {
      const books = await trialBalance(t.database.db, range);
      expect(books.debit).toBe(books.credit);
      expect(books.closing).toBe(0);
    }
    const november = await trialBalance(t.database.db, { from: '2026-11-20', to: '2026-11-20' });
    const fees = november.rows.find((row) => row.systemKey === 'bank_charges');
    expect(fees).toMatchObject({ debit: 74_00, credit: 0 });
  });
});
