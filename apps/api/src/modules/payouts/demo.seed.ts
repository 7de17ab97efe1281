import type { BankAccountInput, PayoutAccount, WithdrawalPayInput, WithdrawRequestInput } from '@haat/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { actingAs, type Ctx, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { cities, subCities } from '../locations/location.table';
import { admins } from '../staff/admin.table';
import type { PayoutKind } from './payout-account';

const DAY = 24 * 60 * 60 * 1000;

/** `daysAgo(days, hour)`: a demo moment that many days back at hour:minute UTC, never in the future. */
export const demoDaysAgo =
  (minute: number) =>
  (days: number, hour = 11): Date => {
    const date = new Date(Date.now() - days * DAY);
    date.setUTCHours(hour, minute, 0, 0);
    return date.getTime() > Date.now() ? new Date() : date;
  };

/** The main city's first areas, where the demo payees' customers live; null when there is none. */
export async function demoDhakaAreas(db: Db, limit: number): Promise<{ cityId: number; areas: { id: number; name: string }[] } | null> {
  const [dhaka] = await db.select({ id: cities.id }).from(cities).where(eq(cities.isMainCity, true)).limit(1);
  if (!dhaka) return null;
  const areas = await db
    .select({ id: subCities.id, name: subCities.name })
    .from(subCities)
    .where(eq(subCities.cityId, dhaka.id))
    .orderBy(asc(subCities.id))
    .limit(limit);
  return { cityId: dhaka.id, areas };
}

/**
 * A demo payee (the demo reseller or merchant) and their own money services, so the demo's payout
 * accounts and withdrawals go through the real rules (balance, lock, journal, audit).
 */
export interface DemoPayee {
  db: Db;
  kind: 'reseller' | 'merchant';
  id: number;
  name: string;
  savePayoutAccount(ctx: Ctx, payeeId: number, kind: PayoutKind, body: unknown, id: number | null): Promise<PayoutAccount>;
  requestWithdrawal(ctx: Ctx, payeeId: number, body: WithdrawRequestInput): Promise<{ id: number }>;
  payWithdrawal(ctx: Ctx, id: number, body: WithdrawalPayInput): Promise<unknown>;
}

/** The payee acting at `at` (now when left out). */
export const asDemoPayee = (payee: DemoPayee, at = new Date()): Ctx =>
  actingAs(systemCtx(payee.db, at), { kind: payee.kind, id: payee.id, name: payee.name });

/** The payee's bKash number (their phone) and a bank account, saved as the payee. */
export async function seedDemoPayoutAccounts(payee: DemoPayee, phone: string, bank: BankAccountInput) {
  const bkash = await payee.savePayoutAccount(
    asDemoPayee(payee),
    payee.id,
    'mobile',
    { provider: 'bkash', account_number: phone, account_type: 'personal' },
    null,
  );
  return { bkash, bank: await payee.savePayoutAccount(asDemoPayee(payee), payee.id, 'bank', bank, null) };
}

/**
 * A withdraw request the payee made at `requestedAt`; with `paid`, paid by the accountant (or the
 * first admin when there is none) at `paid.at` with the method and transaction id. Nothing when
 * there is no admin to pay it.
 */
export async function seedDemoWithdrawal(
  payee: DemoPayee,
  request: WithdrawRequestInput & { at: Date },
  paid?: { at: Date; method: WithdrawalPayInput['method']; transaction_id: string },
): Promise<void> {
  const { db } = payee;
  let payer: { id: number; name: string } | undefined;
  if (paid) {
    const [accountant] = await db
      .select({ id: admins.id, name: admins.name })
      .from(admins)
      .where(inArray(admins.email, ['farzana@haatbazar.com.bd']))
      .limit(1);
    const [owner] = await db.select({ id: admins.id, name: admins.name }).from(admins).orderBy(asc(admins.id)).limit(1);
    payer = accountant ?? owner;
    if (!payer) return;
  }
  const { at, ...body } = request;
  const asked = await payee.requestWithdrawal(asDemoPayee(payee, at), payee.id, body);
  if (!paid || !payer) return;
  await payee.payWithdrawal(actingAs(systemCtx(db, paid.at), { kind: 'admin', id: payer.id, name: payer.name }), asked.id, {
    method: paid.method,
    transaction_id: paid.transaction_id,
  });
}
