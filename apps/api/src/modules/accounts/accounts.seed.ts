import { sql } from 'drizzle-orm';
import { actingAs, type Ctx, systemCtx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { accountPurposeResource, balanceAccountResource } from './account.resources';
import { makeFundTransfer } from './fund-transfer.service';
import { accountIdFor } from './ledger.service';
import { creditResource, debitResource } from './money-movement.service';

/**
 * Demo balances, purposes and transfers (a fresh start with DEMO=1), through the services: the
 * chart's cash, bank, bKash and Nagad get names, numbers and opening balances two months back, a few
 * transfers move money between them, and the usual expense purposes are there to book bills under.
 */
export async function seedDemoAccounts(db: Db): Promise<void> {
  const [owner] = rowsOf<{ id: number; name: string }>(await db.execute(sql`select id, name from admins order by id limit 1`));
  const base = systemCtx(db);
  const ctx: Ctx = owner ? actingAs(base, { kind: 'admin', id: Number(owner.id), name: owner.name }) : base;
  const day = (daysAgo: number) => new Date(Date.now() + 6 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const opening = day(60);

  const balances = [
    { key: 'cash', body: { name: 'Cash box', kind: 'cash', opening_balance: 25_000_00, note: 'The shop counter' } },
    {
      key: 'bank',
      body: {
        name: 'Dutch-Bangla Bank current',
        kind: 'bank',
        provider: 'Dutch-Bangla Bank, Dhanmondi branch',
        account_number: '148-110-0023417',
        opening_balance: 1_85_000_00,
        allow_overdraft: true,
        note: 'Overdraft up to ৳50,000 agreed with the bank',
      },
    },
    {
      key: 'bkash',
      body: {
        name: 'bKash merchant',
        kind: 'mobile_wallet',
        provider: 'bKash',
        account_number: '01711-223344',
        opening_balance: 32_500_00,
      },
    },
    {
      key: 'nagad',
      body: {
        name: 'Nagad merchant',
        kind: 'mobile_wallet',
        provider: 'Nagad',
        account_number: '01911-223344',
        opening_balance: 12_000_00,
      },
    },
  ] as const;
  const ids: Record<string, number> = {};
  for (const balance of balances) {
    const id = await accountIdFor(db, balance.key);
    ids[balance.key] = id;
    await balanceAccountResource.save(ctx, { ...balance.body, opening_date: opening }, id);
  }

  const purposeIds: Record<string, number> = {};
  for (const purpose of [
    { name: 'Rent', type: 'expense', note: 'Shop and store room, paid on the 5th' },
    { name: 'Electricity', type: 'expense', note: 'DESCO prepaid meter' },
    { name: 'Internet', type: 'expense', note: 'Fibre line, 40 Mbps' },
    { name: 'Packaging', type: 'expense', note: 'Poly bags, boxes and tape' },
    { name: 'Courier charges', type: 'expense', note: 'Charges not taken out of remittances' },
    { name: 'Scrap and carton sales', type: 'income', note: 'Empty cartons and poly sold to the kabadiwala' },
  ]) {
    const saved = (await accountPurposeResource.save(ctx, purpose, null)) as { id: number };
    purposeIds[purpose.name] = Number(saved.id);
  }
  purposeIds['Other income'] = await accountIdFor(db, 'other_income');

  const transfers = [
    { from: 'bkash', to: 'bank', amount: 20_000_00, fee: 370_00, daysAgo: 40, note: 'Weekly bKash settlement to the bank' },
    { from: 'cash', to: 'bank', amount: 15_000_00, fee: 0, daysAgo: 30, note: 'Cash deposited at the branch' },
    { from: 'nagad', to: 'cash', amount: 5_000_00, fee: 92_50, daysAgo: 21, note: 'Cash out for the counter float' },
    { from: 'bank', to: 'cash', amount: 10_000_00, fee: 0, daysAgo: 9, note: 'Cheque cashed for salaries' },
    { from: 'bkash', to: 'bank', amount: 8_500_00, fee: 157_25, daysAgo: 3, note: 'Weekly bKash settlement to the bank' },
  ];
  for (const transfer of transfers) {
    await makeFundTransfer(ctx, {
      from_balance_id: ids[transfer.from],
      to_balance_id: ids[transfer.to],
      amount: transfer.amount,
      fee: transfer.fee,
      date: day(transfer.daysAgo),
      note: transfer.note,
    });
  }

  // Three months of money out from the demo balances (money in and out with a purpose, decision 048).
  const expenses = [
    {
      purpose: 'Rent',
      balance: 'bank',
      amount: 8_000_00,
      party: 'Mr Habibur Rahman (landlord)',
      reference: 'CHQ-4411',
      note: 'Shop and store room',
    },
    { purpose: 'Electricity', balance: 'bank', amount: 2_340_00, party: 'DESCO', reference: 'Meter 55120043', note: 'Prepaid recharge' },
    { purpose: 'Internet', balance: 'nagad', amount: 1_500_00, party: 'Link3 Technologies', reference: '', note: 'Fibre line, 40 Mbps' },
    {
      purpose: 'Packaging',
      balance: 'cash',
      amount: 3_750_00,
      party: 'Chawkbazar Packaging House',
      reference: 'INV-2291',
      note: 'Poly bags and boxes',
    },
    { purpose: 'Courier charges', balance: 'cash', amount: 1_180_00, party: 'Pathao Courier', reference: '', note: 'Returned parcels' },
  ];
  for (const monthsAgo of [2, 1, 0]) {
    for (const [index, expense] of expenses.entries()) {
      // Late in the opening month, then the next two: three calendar months after the opening date.
      const daysAgo = monthsAgo * 25 + 8 - index;
      await debitResource.save(
        ctx,
        {
          date: day(daysAgo),
          purpose_id: purposeIds[expense.purpose],
          balance_id: ids[expense.balance],
          amount: expense.amount + monthsAgo * 35_00 * index,
          party: expense.party,
          reference: expense.reference,
          note: expense.note,
        },
        null,
      );
    }
  }
  const incomes = [
    {
      purpose: 'Scrap and carton sales',
      balance: 'cash',
      amount: 850_00,
      party: 'Kabadiwala, Lalbagh',
      daysAgo: 50,
      note: 'Empty cartons',
    },
    { purpose: 'Other income', balance: 'bank', amount: 4_200_00, party: 'Dutch-Bangla Bank', daysAgo: 31, note: 'Quarterly interest' },
    {
      purpose: 'Scrap and carton sales',
      balance: 'cash',
      amount: 1_120_00,
      party: 'Kabadiwala, Lalbagh',
      daysAgo: 20,
      note: 'Cartons and poly',
    },
    {
      purpose: 'Other income',
      balance: 'bkash',
      amount: 2_500_00,
      party: 'Rahima Crafts',
      daysAgo: 6,
      note: 'Photo shoot space rented for a day',
    },
  ];
  for (const income of incomes) {
    await creditResource.save(
      ctx,
      {
        date: day(income.daysAgo),
        purpose_id: purposeIds[income.purpose],
        balance_id: ids[income.balance],
        amount: income.amount,
        party: income.party,
        reference: '',
        note: income.note,
      },
      null,
    );
  }
}
