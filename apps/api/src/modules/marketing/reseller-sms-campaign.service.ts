import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsCampaigns } from './sms-campaign.table';

/** A reseller's SMS campaigns as their portal reads them (startResellerSmsCampaign writes them). */

export type SmsCampaignRow = typeof smsCampaigns.$inferSelect;

/** SMS parts of the reseller's campaigns since the start of this calendar month in the shop's time zone. */
export async function resellerSmsUsedThisMonth(db: Db, resellerId: number, timeZone: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${smsCampaigns.parts} * ${smsCampaigns.total}), 0)` })
    .from(smsCampaigns)
    .where(
      and(
        eq(smsCampaigns.resellerId, resellerId),
        sql`${smsCampaigns.createdAt} >= (date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})`,
      ),
    );
  return Number(row?.used ?? 0);
}

/** A page of the reseller's campaigns, newest first, and how many they have. */
export async function resellerSmsCampaignPage(
  db: Db,
  resellerId: number,
  page: number,
  perPage: number,
): Promise<{ rows: SmsCampaignRow[]; total: number }> {
  const where = eq(smsCampaigns.resellerId, resellerId);
  const rows = await db
    .select()
    .from(smsCampaigns)
    .where(where)
    .orderBy(desc(smsCampaigns.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(smsCampaigns).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One of the reseller's campaigns, or null (another reseller's too). */
export async function resellerSmsCampaignOf(db: Db, resellerId: number, campaignId: number): Promise<SmsCampaignRow | null> {
  const [row] = await db
    .select()
    .from(smsCampaigns)
    .where(and(eq(smsCampaigns.id, campaignId), eq(smsCampaigns.resellerId, resellerId)));
  return row ?? null;
}
