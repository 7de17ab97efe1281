import { sql } from 'drizzle-orm';
import { actingAs, type Ctx, systemCtx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { accountIdFor } from '../accounts';
import { addPeriodMonths, billResource, payBillPeriod, periodDueDate, recordBillPeriod } from './bill.service';

/**
 * Demo bills (decision 051), through the services: the warehouse's rent, electricity and internet for the
 * last three months, mostly paid from the bank; last month's electricity still unpaid, so overdue.
 */
export async function seedDemoBills(db: Db): Promise<void> {
  const [owner] = rowsOf<{ id: number; name: string }>(await db.execute(sql`select id, name from admins order by id limit 1`));
  const base = systemCtx(db);
  const ctx: Ctx = owner ? actingAs(base, { kind: 'admin', id: Number(owner.id), name: owner.name }) : base;
  const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
  const month = today.slice(0, 7);
  const bank = await accountIdFor(db, 'bank');
  const purpose = async (name: string) =>
    Number(
      rowsOf<{ id: number }>(await db.execute(sql`select id from ledger_accounts where role = 'purpose' and name = ${name} limit 1`))[0]
        ?.id ?? (await accountIdFor(db, 'rent_bills')),
    );
  const bills = [
    {
      body: { name: 'Warehouse rent', payee: 'Habibur Rahman (landlord)', purpose: 'Rent', usual: 12_000_00, due_day: 5 },
      amounts: [12_000_00, 12_000_00, 12_000_00],
    },
    {
      body: { name: 'Warehouse electricity', payee: 'DPDC, account 41-22-0913', purpose: 'Electricity', usual: 3_000_00, due_day: 15 },
      amounts: [2_850_00, 3_120_00, 3_410_00],
    },
    {
      body: { name: 'Office internet', payee: 'Amber IT', purpose: 'Internet', usual: 1_200_00, due_day: 10 },
      amounts: [1_200_00, 1_200_00, 1_200_00],
    },
  ];
  for (const bill of bills) {
    const saved = (await billResource.save(
      ctx,
      {
        name: bill.body.name,
        payee: bill.body.payee,
        purpose_id: await purpose(bill.body.purpose),
        usual_amount: bill.body.usual,
        recurrence: 'monthly',
        due_day: bill.body.due_day,
        start_date: `${addPeriodMonths(month, -2)}-01`,
      },
      null,
    )) as { id: number };
    for (const [index, amount] of bill.amounts.entries()) {
      const period = addPeriodMonths(month, index - 2);
      const due = periodDueDate(period, bill.body.due_day);
      const recorded = await recordBillPeriod(ctx, saved.id, { period, amount, due_date: due });
      const unpaid = bill.body.name === 'Warehouse electricity' && index === 1;
      if (unpaid || due > today) continue;
      await payBillPeriod(ctx, recorded.id, { date: due, balance_id: bank, amount, reference: `Bank transfer ${period}` });
    }
  }
}
