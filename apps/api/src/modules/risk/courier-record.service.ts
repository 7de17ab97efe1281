import { COURIER_PROVIDERS, type CourierPhoneFigure, type CourierPhoneRecord } from '@haat/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { connectedProvider } from '../couriers';
import type { SettingsConfig } from '../settings';
import { courierPhoneRecords } from './risk.table';

const DAY = 24 * 3_600_000;
/** The page asks after it has drawn: a courier gets 5 seconds to answer. */
const TIMEOUT_MS = 5_000;

const ratio = (delivered: number, total: number) => (total > 0 ? Math.round((delivered * 100) / total) : null);

/**
 * `GET /api/admin/risk/phone/{phone}/courier`: what each connected courier that offers it says of
 * the phone — from the day's cache, else asked now and kept a day (decision 055). The order screen
 * asks for it apart from the history, so a slow courier never holds the page.
 */
export async function courierPhoneRecord(ctx: Ctx, config: SettingsConfig, phone: string): Promise<CourierPhoneRecord> {
  const { db, now } = ctx;
  const cached = await db
    .select()
    .from(courierPhoneRecords)
    .where(and(eq(courierPhoneRecords.phone, phone), gt(courierPhoneRecords.fetchedAt, new Date(now.getTime() - DAY))));
  const couriers: CourierPhoneFigure[] = [];
  const problems: string[] = [];
  await Promise.all(
    COURIER_PROVIDERS.map(async ({ code, name }) => {
      const kept = cached.find((row) => row.provider === code);
      if (kept) {
        couriers.push(figure(code, name, kept.delivered, kept.returned, kept.total, kept.fetchedAt));
        return;
      }
      const provider = await connectedProvider(ctx, config, code, TIMEOUT_MS);
      if (!provider?.customerRecord) return;
      try {
        const record = await provider.customerRecord(phone);
        const row = { phone, provider: code, ...record, fetchedAt: now };
        await db
          .insert(courierPhoneRecords)
          .values(row)
          .onConflictDoUpdate({
            target: [courierPhoneRecords.phone, courierPhoneRecords.provider],
            set: { delivered: record.delivered, returned: record.returned, total: record.total, fetchedAt: now },
          });
        couriers.push(figure(code, name, record.delivered, record.returned, record.total, now));
      } catch (error) {
        if ((error as Error).name !== 'CourierError') throw error;
        problems.push((error as Error).message);
      }
    }),
  );
  couriers.sort((a, b) => a.provider.localeCompare(b.provider));
  return { phone, couriers, problems };
}

function figure(
  provider: 'steadfast' | 'pathao',
  courier: string,
  delivered: number,
  returned: number,
  total: number,
  at: Date,
): CourierPhoneFigure {
  return { provider, courier, delivered, returned, total, success_ratio: ratio(delivered, total), fetched_at: at.toISOString() };
}
