import { sql } from 'drizzle-orm';
import { actingAs, type Ctx, systemCtx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { accountBalance, accountIdFor, shopDay } from '../accounts';
import { addMonths, giveAdvance, paySalary, salaryMonthDetail, saveSalaryMonth } from './salary.service';
import { teamMemberResource } from './team-member.resource';

/**
 * Demo team (DEMO=1), through the services so the books post: five members, the last three months'
 * salaries paid (this month's only in part), and one advance of ৳6,000 recovered ৳3,000 a month over
 * the last two months. Payments come from the bank, cash and bKash the demo accounts opened.
 */
export async function seedDemoTeam(db: Db): Promise<void> {
  const [owner] = rowsOf<{ id: number; name: string }>(await db.execute(sql`select id, name from admins order by id limit 1`));
  const base = systemCtx(db);
  const ctx: Ctx = owner ? actingAs(base, { kind: 'admin', id: Number(owner.id), name: owner.name }) : base;
  const today = await shopDay(ctx);
  const thisMonth = today.slice(0, 7);
  const bank = await accountIdFor(db, 'bank');
  const cash = await accountIdFor(db, 'cash');
  const bkash = await accountIdFor(db, 'bkash');
  /** The member's usual balance when it holds enough (keeping a float), else the bank. */
  const payFrom = async (preferred: number, amount: number) =>
    preferred === bank || (await accountBalance(db, preferred)) >= amount + 2_000_00 ? preferred : bank;

  const members = [
    {
      name: 'Sumaiya Akter',
      designation: 'Order executive',
      phone: '01712458930',
      national_id: '1992347856',
      joined: '2024-03-01',
      salary: 12_000_00,
      balance: bank,
    },
    {
      name: 'Md. Rakibul Hasan',
      designation: 'Packing',
      phone: '01823561047',
      national_id: '',
      joined: '2025-01-12',
      salary: 8_000_00,
      balance: cash,
    },
    {
      name: 'Tanvir Ahmed',
      designation: 'Delivery coordinator',
      phone: '01911873264',
      national_id: '4157893021',
      joined: '2024-08-01',
      salary: 10_000_00,
      balance: bkash,
    },
    {
      name: 'Farhana Yasmin',
      designation: 'Accountant',
      phone: '01558296713',
      national_id: '19905926487130512',
      joined: '2023-11-01',
      salary: 12_000_00,
      balance: bank,
    },
    {
      name: 'Jahid Hossain',
      designation: 'Packing',
      phone: '01676340928',
      national_id: '',
      joined: '2025-06-15',
      salary: 7_500_00,
      balance: cash,
    },
  ];
  const ids: number[] = [];
  for (const member of members) {
    const saved = await teamMemberResource.save(
      ctx,
      {
        name: member.name,
        designation: member.designation,
        phone: member.phone,
        national_id: member.national_id,
        joining_date: member.joined,
        monthly_salary: member.salary,
      },
      null,
    );
    ids.push(Number((saved as { id: number }).id));
  }

  // Rakibul took ৳6,000 on the 2nd of last month, recovered ৳3,000 from last month's salary and ৳3,000 from this one's.
  const lastMonth = addMonths(thisMonth, -1);
  await giveAdvance(ctx, ids[1] as number, {
    amount: 6_000_00,
    given_on: `${lastMonth}-02`,
    balance_id: await payFrom(cash, 6_000_00),
    instalment: 3_000_00,
    note: 'Mother’s treatment',
  });

  // Two months back and last month saved and paid in full on the 3rd of the next month; a bonus and a deduction on the way.
  for (const [index, member] of members.entries()) {
    const id = ids[index] as number;
    for (const back of [2, 1]) {
      const month = addMonths(thisMonth, -back);
      const paidOn = `${addMonths(month, 1)}-03` <= today ? `${addMonths(month, 1)}-03` : today;
      if (back === 1 && index === 0) {
        await saveSalaryMonth(ctx, id, month, { basic: member.salary, bonus: 1_500_00, note: 'Eid order rush' });
      }
      if (back === 1 && index === 4) {
        await saveSalaryMonth(ctx, id, month, { basic: member.salary, deductions: 600_00, deduction_note: 'Two days absent' });
      }
      const detail = await salaryMonthDetail(ctx, id, month);
      if (detail.due <= 0) continue;
      const balance = await payFrom(member.balance, detail.due);
      await paySalary(ctx, id, month, {
        amount: detail.due,
        balance_id: balance,
        paid_on: paidOn,
        reference: balance === bank ? `DBBL-${month.replace('-', '')}-${id}` : '',
      });
    }
  }
  // This month: an advance part of the salary for the first two.
  for (const index of [0, 1]) {
    await paySalary(ctx, ids[index] as number, thisMonth, {
      amount: 5_000_00,
      balance_id: await payFrom(index === 0 ? bkash : cash, 5_000_00),
      paid_on: today,
      reference: index === 0 ? 'bKash TrxID 9KD72HX1QA' : '',
    });
  }
}
