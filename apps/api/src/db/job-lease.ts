import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from './client';

/** This process, as a lease holder: unique across processes and restarts. */
export const LEASE_HOLDER = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * Claims the current period of a periodic job for this process: true for exactly one caller per
 * period (the database's clock cut into `periodMs` slices) across every process on the database,
 * and never while a run that claimed an earlier period still holds the lease (at most `periodMs`).
 * Call `finishPeriodicRun` after the run.
 */
export async function claimPeriodicRun(db: Db, name: string, periodMs: number, holder = LEASE_HOLDER): Promise<boolean> {
  const period = Math.max(1, Math.round(periodMs));
  const slot = sql`floor(extract(epoch from clock_timestamp()) * 1000 / ${period})::bigint`;
  const rows = rowsOf<{ runs: number }>(
    await db.execute(sql`
      insert into job_leases (name, holder, lease_until, last_slot, runs, last_run_at)
      values (${name}, ${holder}, clock_timestamp() + ${`${period} milliseconds`}::interval, ${slot}, 1, clock_timestamp())
      on conflict (name) do update
        set holder = excluded.holder, lease_until = excluded.lease_until, last_slot = excluded.last_slot,
            runs = job_leases.runs + 1, last_run_at = excluded.last_run_at
        where job_leases.last_slot < excluded.last_slot and job_leases.lease_until <= clock_timestamp()
      returning runs`),
  );
  return rows.length === 1;
}

/** Ends this process's run of a periodic job: the next period may be claimed as soon as it begins. */
export async function finishPeriodicRun(db: Db, name: string, holder = LEASE_HOLDER): Promise<void> {
  await db.execute(sql`update job_leases set lease_until = clock_timestamp() where name = ${name} and holder = ${holder}`);
}

/**
 * Takes or renews a lease for `ttlMs`: true when this process holds it now (it was free, expired, or
 * already this process's). A holder that dies without `releaseLease` loses it when it expires.
 */
export async function holdLease(db: Db, name: string, ttlMs: number, holder = LEASE_HOLDER): Promise<boolean> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      insert into job_leases (name, holder, lease_until)
      values (${name}, ${holder}, clock_timestamp() + ${`${Math.round(ttlMs)} milliseconds`}::interval)
      on conflict (name) do update set holder = excluded.holder, lease_until = excluded.lease_until
        where job_leases.holder = excluded.holder or job_leases.lease_until <= clock_timestamp()
      returning name`),
  );
  return rows.length === 1;
}

/** Gives a lease back (when this process holds it). */
export async function releaseLease(db: Db, name: string, holder = LEASE_HOLDER): Promise<void> {
  await db.execute(sql`delete from job_leases where name = ${name} and holder = ${holder}`);
}

/** Milliseconds from `now` to the start of the next period of `periodMs` (periods counted from 1970). */
export function untilNextPeriod(periodMs: number, now = Date.now()): number {
  return periodMs - (now % periodMs);
}
