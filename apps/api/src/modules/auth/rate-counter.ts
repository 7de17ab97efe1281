import { eq, lt, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { rateCounters } from './session.table';

/**
 * Atomic counters in the database (decision 026): each hit is one `insert … on conflict do update …
 * returning`, so concurrent requests and several processes see one count, and a hit past the limit
 * is refused before any costly work (a password hash, an SMS) is done.
 */

export interface Hit {
  allowed: boolean;
  /** Hits counted in the current window or streak, this one included. */
  count: number;
  /** When a refused caller may try again; for a window, when it ends (allowed or not). */
  retryAfterMs: number;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * A fixed window starting at the key's first hit: at most `limit` hits in it, every later one is
 * refused until the window ends (the reseller API's per-key limit, an address's sign-ins, reset codes
 * asked from one address).
 */
export async function hitWindow(ctx: Ctx, key: string, rule: { limit: number; windowMs: number }): Promise<Hit> {
  const { db, now } = ctx;
  const since = new Date(now.getTime() - rule.windowMs);
  const end = new Date(now.getTime() + rule.windowMs);
  const open = sql`${rateCounters.windowStart} > ${at(since)}`;
  const [row] = await db
    .insert(rateCounters)
    .values({ key, n: 1, windowStart: now, expiresAt: end })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        n: sql`case when ${open} then ${rateCounters.n} + 1 else 1 end`,
        windowStart: sql`case when ${open} then ${rateCounters.windowStart} else ${at(now)} end`,
        expiresAt: sql`case when ${open} then ${rateCounters.expiresAt} else ${at(end)} end`,
      },
    })
    .returning({ n: rateCounters.n, expiresAt: rateCounters.expiresAt });
  await sweep(ctx);
  const count = row?.n ?? 1;
  return { allowed: count <= rule.limit, count, retryAfterMs: Math.max(0, (row?.expiresAt.getTime() ?? end.getTime()) - now.getTime()) };
}

/**
 * A streak of attempts that slows down instead of locking: the first `free` go through at once; from
 * then on each attempt must wait `baseMs`, doubling each time up to `capMs`. An attempt made before
 * its time is refused and does not lengthen the wait. The streak is forgotten `forgetMs` after its
 * last attempt, or when the caller `clear`s it (a right password).
 */
export async function hitBackoff(
  ctx: Ctx,
  key: string,
  rule: { free: number; baseMs: number; capMs: number; forgetMs: number },
): Promise<Hit> {
  const { db, now } = ctx;
  const forget = new Date(now.getTime() + rule.forgetMs);
  const stale = sql`${rateCounters.expiresAt} <= ${at(now)}`;
  const waiting = sql`(not ${stale} and ${rateCounters.blockedUntil} > ${at(now)})`;
  const next = sql`case when ${stale} then 1 else ${rateCounters.n} + 1 end`;
  // The wait after this attempt: none below the free ones, then base · 2^(attempts past them), capped.
  const wait = sql`case when ${next} >= ${rule.free}
      then ${at(now)} + make_interval(secs => least(${rule.capMs / 1000}::float8, ${rule.baseMs / 1000}::float8 * power(2::float8, (${next} - ${rule.free})::float8)))
      else null end`;
  const [row] = await db
    .insert(rateCounters)
    .values({
      key,
      n: 1,
      windowStart: now,
      blockedUntil: rule.free <= 1 ? new Date(now.getTime() + rule.baseMs) : null,
      expiresAt: forget,
    })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        seq: sql`${rateCounters.seq} + 1`,
        n: sql`case when ${waiting} then ${rateCounters.n} else ${next} end`,
        allowedSeq: sql`case when ${waiting} then ${rateCounters.allowedSeq} else ${rateCounters.seq} + 1 end`,
        windowStart: sql`case when ${stale} then ${at(now)} else ${rateCounters.windowStart} end`,
        blockedUntil: sql`case when ${waiting} then ${rateCounters.blockedUntil} else ${wait} end`,
        expiresAt: sql`case when ${waiting} then ${rateCounters.expiresAt} else ${at(forget)} end`,
      },
    })
    .returning({
      n: rateCounters.n,
      seq: rateCounters.seq,
      allowedSeq: rateCounters.allowedSeq,
      blockedUntil: rateCounters.blockedUntil,
    });
  await sweep(ctx);
  const allowed = !row || row.seq === row.allowedSeq;
  const retryAfterMs = allowed || !row?.blockedUntil ? 0 : Math.max(0, row.blockedUntil.getTime() - now.getTime());
  return { allowed, count: row?.n ?? 1, retryAfterMs };
}

/** Takes one hit back from a window (an attempt that turned out right). */
export async function refundHit({ db }: Ctx, key: string): Promise<void> {
  await db
    .update(rateCounters)
    .set({ n: sql`greatest(${rateCounters.n} - 1, 0)` })
    .where(eq(rateCounters.key, key));
}

/** Forgets a key's count (a right password ends its address's streak). */
export async function clearCounter({ db }: Ctx, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}

const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<Db, number>();

/** Deletes counters past their time, at most once a minute per process and database. */
async function sweep({ db, now }: Ctx): Promise<void> {
  const last = lastSweep.get(db) ?? 0;
  if (now.getTime() - last < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now.getTime());
  await db.delete(rateCounters).where(lt(rateCounters.expiresAt, now));
}
