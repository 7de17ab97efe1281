import type { Db } from './db/client';

/**
 * Who is acting. Every service learns it from its context, never from a loose `adminId`; audit rows
 * record it as it was at the time (a removed admin's name stays in their history).
 */
export type ActorKind = 'admin' | 'reseller' | 'merchant' | 'customer' | 'system';

export interface Actor {
  kind: ActorKind;
  /** The person's row id; null for the system and for a shopper who has not signed in. */
  id: number | null;
  name: string | null;
}

/**
 * A request context, first argument of every service (STYLE.md §3, Vendure's RequestContext):
 * the database or the transaction the work runs in, who acts, the moment the work is done at, and
 * the address it came from. Routes build it once per request (`requestCtx`); background work uses
 * `systemCtx`; a transaction hands on `inTransaction`'s ctx, so callees join it.
 */
export interface Ctx {
  readonly db: Db;
  readonly actor: Actor;
  /** The time the work is done at: one value for every row one change writes. */
  readonly now: Date;
  readonly ip: string | null;
}

export const SYSTEM_ACTOR: Actor = Object.freeze({ kind: 'system', id: null, name: null });

/** A context for work nobody asked for in a request: start-up, seeds, jobs, timers. */
export function systemCtx(db: Db, now: Date = new Date()): Ctx {
  return { db, actor: SYSTEM_ACTOR, now, ip: null };
}

/** The same context with another actor (a job acting for an admin, a test acting as someone). */
export function actingAs(ctx: Ctx, actor: Actor): Ctx {
  return { ...ctx, actor };
}

/**
 * Runs `work` in one database transaction with a context whose `db` is the transaction, so every
 * service it calls joins the transaction (and its audit rows are kept or lost with the change).
 * Inside a transaction already, it opens a savepoint.
 */
export function inTransaction<T>(ctx: Ctx, work: (ctx: Ctx) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => work({ ...ctx, db: tx }));
}

/** The same context on another connection (the pool after a transaction, a read replica). */
export function onDb(ctx: Ctx, db: Db): Ctx {
  return db === ctx.db ? ctx : { ...ctx, db };
}

/** `actor.id` of an admin actor, or null: for columns that name the admin who did something. */
export function adminIdOf(ctx: Ctx): number | null {
  return ctx.actor.kind === 'admin' ? ctx.actor.id : null;
}
