import { sql } from 'drizzle-orm';
import { actingAs, type Ctx, systemCtx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { accountIdFor } from '../accounts';
import { makeLoan, repayLoan } from './loan.service';
import { addMonths, loanSchedule } from './loan-schedule';

/**
 * Demo loans (decision 051), through the services so the books post: an SME loan from a bank taken four
 * months ago with three instalments paid, and a small loan to a person with one part repayment, its first
 * instalment now overdue.
 */
export async function seedDemoLoans(db: Db): Promise<void> {
  const [owner] = rowsOf<{ id: number; name: string }>(await db.execute(sql`select id, name from admins order by id limit 1`));
  const base = systemCtx(db);
  const ctx: Ctx = owner ? actingAs(base, { kind: 'admin', id: Number(owner.id), name: owner.name }) : base;
  const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
  const bank = await accountIdFor(db, 'bank');
  const cash = await accountIdFor(db, 'cash');

  const terms = { principal: 5_00_000_00, rate: 11, months: 24 };
  const taken = await makeLoan(ctx, {
    direction: 'taken',
    loaner_name: 'BRAC Bank SME Banking, Dhanmondi',
    loaner_phone: '01730-339500',
    loaner_address: 'House 26, Road 16 (new), Dhanmondi, Dhaka 1209',
    loaner_organisation: 'BRAC Bank PLC',
    principal: terms.principal,
    date: addMonths(today, -4),
    balance_id: bank,
    interest_rate: terms.rate,
    term_months: terms.months,
    first_due_date: addMonths(today, -3),
    note: 'Working-capital loan for the Eid stock, account SME-0419-22871',
  });
  const schedule = loanSchedule({
    principal: terms.principal,
    rateBp: terms.rate * 100,
    termMonths: terms.months,
    firstDueDate: addMonths(today, -3),
  });
  for (const [index, instalment] of schedule.slice(0, 3).entries()) {
    await repayLoan(ctx, taken.id, {
      date: instalment.dueDate,
      balance_id: bank,
      amount: instalment.principal + instalment.interest,
      reference: `Standing order ${index + 1}`,
    });
  }

  const given = await makeLoan(ctx, {
    direction: 'given',
    loaner_name: 'Jamal Hossain',
    loaner_phone: '01819-445566',
    loaner_address: 'Mirpur 10, Block C, Dhaka',
    loaner_national_id: '1990269451237',
    principal: 10_000_00,
    date: addMonths(today, -2),
    balance_id: bank,
    interest_rate: 5,
    term_months: 5,
    first_due_date: addMonths(today, -1),
    note: 'For his tailoring shop’s sewing machine; cheque from the bank',
  });
  await repayLoan(ctx, given.id, { date: addMonths(today, -1), balance_id: cash, amount: 2_000_00, reference: 'Paid at the counter' });
}
