import { formatMoney, type SmsGatewayAccountView, type SmsTopUpView, smsTopUpInput } from '@haat/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { rowsOf } from '../../db/client';
import { invalid } from '../../http/errors';
import { accountBalance, accountIdFor, accountNames, activeBalance, postEntry, shopDay } from '../accounts';
import { diffChanges, recordAudit } from '../audit';
import { readSetting, SETTING_GROUPS } from '../settings';
import { smsTopUps } from './sms-log.table';

/**
 * `GET /api/admin/sms/gateway-account` (decision 054): the money the shop holds at its SMS gateway as the books
 * have it (top-ups less what the sent messages cost), this month's SMS cost, and the latest top-ups.
 */
export async function smsGatewayAccount(ctx: Ctx): Promise<SmsGatewayAccountView> {
  const { db } = ctx;
  const [setting, prepaidId, costId, today] = await Promise.all([
    readSetting(db, SETTING_GROUPS.sms),
    accountIdFor(db, 'sms_prepaid'),
    accountIdFor(db, 'sms_cost'),
    shopDay(ctx),
  ]);
  const [prepaid, month, rows] = await Promise.all([
    accountBalance(db, prepaidId),
    db.execute(
      sql`select coalesce(sum(debit), 0) as cost from ledger_daily where account_id = ${costId} and day >= ${`${today.slice(0, 8)}01`}::date`,
    ),
    db.select().from(smsTopUps).orderBy(desc(smsTopUps.date), desc(smsTopUps.id)).limit(20),
  ]);
  const names = await accountNames(
    db,
    rows.map((row) => row.balanceAccountId),
  );
  return {
    cost_per_sms: setting.cost_per_sms,
    prepaid_balance: prepaid,
    cost_this_month: Number(rowsOf<{ cost: string | number }>(month)[0]?.cost ?? 0),
    top_ups: rows.map((row) => topUpView(row, names.get(row.balanceAccountId) ?? '')),
  };
}

function topUpView(row: typeof smsTopUps.$inferSelect, balanceName: string): SmsTopUpView {
  return {
    id: row.id,
    date: row.date,
    balance_id: row.balanceAccountId,
    balance_name: balanceName,
    amount: row.amount,
    reference: row.reference,
    entry_id: Number(row.entryId),
    admin_name: row.actorName,
  };
}

/**
 * Pays the SMS gateway out of a balance (`POST /api/admin/sms/top-ups`): the prepaid SMS balance goes up, the
 * balance down — a 422 on `balance_id` when it holds too little (postEntry's rule, decided under the balance's
 * row lock). Recorded once, audited, never edited.
 */
export async function topUpSmsGateway(ctx: Ctx, body: unknown): Promise<SmsTopUpView> {
  const input = smsTopUpInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const balance = await activeBalance(tx.db, input.balance_id);
    if (!balance) throw invalid('balance_id', 'Choose an active balance to pay from.');
    const [made] = await tx.db
      .insert(smsTopUps)
      .values({
        date: input.date,
        balanceAccountId: balance.id,
        amount: input.amount,
        reference: input.reference,
        adminId: adminIdOf(tx),
        actorName: tx.actor.name,
      })
      .returning();
    if (!made) throw new Error('the top-up was not written');
    const entry = await postEntry(tx, {
      date: input.date,
      source: 'sms.top_up',
      sourceType: 'sms_top_up',
      sourceId: made.id,
      memo: `SMS gateway topped up from ${balance.name}: ${formatMoney(input.amount)}${input.reference ? ` (${input.reference})` : ''}`,
      lines: [
        { account: 'sms_prepaid', debit: input.amount },
        { account: balance.id, credit: input.amount, field: 'balance_id' },
      ],
    });
    await tx.db.update(smsTopUps).set({ entryId: entry.id }).where(eq(smsTopUps.id, made.id));
    await recordAudit(tx, {
      action: 'create',
      entity: 'sms.top_up',
      entityId: made.id,
      changes: diffChanges(null, {
        date: input.date,
        balance: balance.name,
        amount: input.amount,
        reference: input.reference,
        entry_id: entry.id,
      }),
    });
    return topUpView({ ...made, entryId: entry.id }, balance.name);
  });
}
