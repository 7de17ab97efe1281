import type { CreditDuePart } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { rowsOf } from '../../db/client';

/**
 * What each borrower still owes on loans given, for the credit-due screen: the principal not yet repaid,
 * as the books hold it (interest is income when received, so it is not owed in the books until then); the accounts module calls it through `addReceivableSource` (registered in http/app.ts).
 */
export async function loanReceivables(ctx: Ctx): Promise<CreditDuePart[]> {
  const rows = rowsOf<{ id: number; name: string; due: string; overdue: boolean }>(
    await ctx.db.execute(sql`
      select p.id, p.name, sum(i.principal - greatest(0, least(i.principal, i.paid - i.interest))) as due,
        bool_or(i.due_date < haat_shop_day(${ctx.now.toISOString()}::timestamptz)) as overdue
      from loans l join loaners p on p.id = l.loaner_id join loan_instalments i on i.loan_id = l.id
      where l.direction = 'given' and i.paid < i.principal + i.interest
      group by p.id, p.name order by p.name`),
  );
  return rows.map((row) => ({
    name: row.name,
    due: Number(row.due),
    overdue: Boolean(row.overdue),
    link: `/admin/loaner/details/${row.id}`,
  }));
}
