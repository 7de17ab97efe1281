import type { FraudSetting, PhoneHistory, PhoneRisk, RiskBadge } from '@haat/contracts';
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { type PhoneStatusCounts, phoneRecentOrders, phoneStatusCounts } from '../orders';
import { readSetting, SETTING_GROUPS } from '../settings';
import { blocklistEntries } from './risk.table';

const DELIVERED = 5;
const RETURNED = 6;
const CANCELLED = 7;

/** What the shop's rules make of a phone's orders (decision 055). Blocked wins; then risky, new, good. */
export function phoneRiskOf(
  phone: string,
  counts: PhoneStatusCounts | undefined,
  setting: FraudSetting,
  blocked: PhoneRisk['blocked'],
): PhoneRisk {
  const of = (status: number) => counts?.get(status) ?? 0;
  const orders = [...(counts?.values() ?? [])].reduce((sum, n) => sum + n, 0);
  const delivered = of(DELIVERED);
  const returned = of(RETURNED);
  const cancelled = of(CANCELLED);
  const finished = delivered + returned + cancelled;
  const successRatio = finished > 0 ? Math.round((delivered * 100) / finished) : null;
  let badge: RiskBadge;
  let reason: string;
  if (blocked) {
    badge = 'blocked';
    reason = `On the blocklist: ${blocked.reason}`;
  } else if (successRatio !== null && finished >= Math.max(1, setting.risky_min_finished) && successRatio < setting.risky_below_percent) {
    badge = 'risky';
    reason = `${successRatio}% delivered of ${finished} finished orders (below ${setting.risky_below_percent}%).`;
  } else if (delivered === 0) {
    badge = 'new';
    reason = orders === 0 ? 'No earlier order.' : 'No delivered order yet.';
  } else {
    badge = 'good';
    reason = `${delivered} delivered of ${finished} finished orders.`;
  }
  return { phone, orders, delivered, returned, cancelled, open: orders - finished, success_ratio: successRatio, badge, reason, blocked };
}

/** The blocklist rows blocking these phones and this IP address at `now`, one statement. */
export async function activeBlocks(db: Db, now: Date, phones: string[], ip = '') {
  const conditions = [];
  if (phones.length > 0) conditions.push(and(eq(blocklistEntries.kind, 'phone'), inArray(blocklistEntries.value, phones)));
  if (ip) conditions.push(and(eq(blocklistEntries.kind, 'ip'), eq(blocklistEntries.value, ip)));
  if (conditions.length === 0) return [];
  return db
    .select({
      kind: blocklistEntries.kind,
      value: blocklistEntries.value,
      reason: blocklistEntries.reason,
      expiresAt: blocklistEntries.expiresAt,
    })
    .from(blocklistEntries)
    .where(and(or(...conditions), or(isNull(blocklistEntries.expiresAt), gt(blocklistEntries.expiresAt, now))));
}

/** Each phone's risk, for a list's page: two statements whatever the number of phones. */
export async function phoneRisks(ctx: Ctx, phones: string[]): Promise<Map<string, PhoneRisk>> {
  const { db, now } = ctx;
  const unique = [...new Set(phones)];
  const answer = new Map<string, PhoneRisk>();
  if (unique.length === 0) return answer;
  const [setting, counts, blocks] = await Promise.all([
    readSetting(db, SETTING_GROUPS.fraud),
    phoneStatusCounts(db, unique),
    activeBlocks(db, now, unique),
  ]);
  const blocked = new Map(blocks.map((row) => [row.value, { reason: row.reason, expires_at: row.expiresAt?.toISOString() ?? null }]));
  for (const phone of unique) answer.set(phone, phoneRiskOf(phone, counts.get(phone), setting, blocked.get(phone) ?? null));
  return answer;
}

const RECENT_ORDERS = 10;

/** `GET /api/admin/risk/phone/{phone}`: the phone's figures, badge and latest orders. */
export async function phoneHistory(ctx: Ctx, phone: string): Promise<PhoneHistory> {
  const [risks, recent] = await Promise.all([phoneRisks(ctx, [phone]), phoneRecentOrders(ctx.db, phone, RECENT_ORDERS)]);
  return {
    ...(risks.get(phone) as PhoneRisk),
    recent: recent.map((row) => ({
      id: row.id,
      number: row.number,
      type: row.type,
      status: row.status,
      total: row.total,
      placed_at: row.placedAt.toISOString(),
    })),
  };
}
