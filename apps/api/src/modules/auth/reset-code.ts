import { randomInt } from 'node:crypto';
import { RESET_CODE } from '@haat/contracts';
import { and, count, desc, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { randomToken, safeEqual, sha256 } from '../../lib/tokens';
import { tooManyAttempts } from './login-limit';
import { hitWindow } from './rate-counter';

/**
 * Password reset codes by SMS, one mechanism for every kind of account (PRODUCT.md §4, RESET_CODE):
 * a 6-digit code valid 10 minutes, 5 tries counted on the code's row under its lock, at most 3 codes
 * an hour per phone (counted under a lock on the phone), and per address a number of requests (and,
 * where the kind says so, of tries) an hour. Every answer is the same whether the phone is an active
 * account's or not: an unknown or inactive phone gets a row too, with a code nobody knows, and counts
 * against the same limits.
 *
 * A kind of account brings its table of codes (columns `id`, `phone`, `codeHash`, `attempts`,
 * `expiresAt`, `usedAt`, `createdAt` and the account's id), its name (which ties the codes' hashes,
 * the lock and the counters to it) and how to find the active account a phone belongs to. What the
 * right code then does (set the password at once, or hand out a one-time token) stays with the kind.
 */

export const RESET_CODE_WRONG = 'This code is not right or has expired. Check the SMS or ask for a new code.';
export const RESET_CODE_TOO_MANY_TRIES = 'Too many wrong codes. Ask for a new code.';

type ResetCodeColumn = 'id' | 'phone' | 'codeHash' | 'attempts' | 'expiresAt' | 'usedAt' | 'createdAt';
export type ResetCodeTable = PgTable & Record<ResetCodeColumn, PgColumn>;
type ColumnKey<T> = { [K in keyof T]: T[K] extends PgColumn ? K : never }[keyof T] & string;

export interface ResetCodeKind<T extends ResetCodeTable> {
  /** 'customer-reset', 'reseller-reset': the prefix of the codes' hashes, the phone's lock and the address counters. */
  name: string;
  table: T;
  /** The column holding the account's id (null on a row whose code was never sent). */
  account: ColumnKey<T>;
  /** A column that, once set, closes the code to further tries (the reseller's one-time token). */
  closedBy?: ColumnKey<T>;
  /** The id of the active account the phone belongs to, or null (unknown, blocked, pending…). */
  activeAccount(db: Db, phone: string): Promise<number | null>;
  /** Codes one address may ask for in an hour, across phones (a script texting many numbers). */
  requestsPerAddressHour: number;
  /** Codes one address may try in an hour, across phones; none when the kind does not limit it. */
  triesPerAddressHour?: number;
}

/** The open code a right answer matched, locked for the caller's writes in the same transaction. */
export interface MatchedResetCode {
  id: number;
  accountId: number;
  attempts: number;
}

const HOUR_MS = 3600_000;

/** Tied to the row's phone, so a leaked table cannot be read back by trying 10^6 codes per row unseen. */
function codeHash(kind: { name: string }, phone: string, code: string): string {
  return sha256(`${kind.name}:${phone}:${code}`);
}

const column = <T extends ResetCodeTable>(kind: ResetCodeKind<T>, key: string) => kind.table[key as keyof T] as PgColumn;

/**
 * Writes a code for the phone (under a lock on it, so requests at once cannot all see room for one
 * more) and answers the code to send by SMS, or null when the phone is no active account's (nothing
 * is sent then). Refuses with 429 (naming `phone`) past the address's or the phone's hourly limit.
 */
export async function issueResetCode<T extends ResetCodeTable>(
  ctx: Ctx,
  reply: FastifyReply,
  kind: ResetCodeKind<T>,
  phone: string,
): Promise<string | null> {
  const { now } = ctx;
  const { table } = kind;
  const fromAddress = await hitWindow(ctx, `${kind.name}:address:${ctx.ip ?? ''}`, {
    limit: kind.requestsPerAddressHour,
    windowMs: HOUR_MS,
  });
  if (!fromAddress.allowed) throw tooManyAttempts(reply, fromAddress, 'Too many reset codes were asked for from this address.', 'phone');
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const code = String(randomInt(0, 10 ** RESET_CODE.digits)).padStart(RESET_CODE.digits, '0');
  return inTransaction(ctx, async ({ db: tx }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${kind.name}:${phone}`}))`);
    const [sent] = await tx
      .select({ n: count(), first: min(table.createdAt) })
      .from(table as PgTable)
      .where(and(eq(table.phone, phone), gt(table.createdAt, hourAgo)));
    const sentCount = sent?.n ?? 0;
    if (sentCount >= RESET_CODE.sendsPerHour) {
      const first = sent?.first instanceof Date ? sent.first.getTime() : now.getTime();
      throw tooManyAttempts(
        reply,
        { allowed: false, count: sentCount, retryAfterMs: first + HOUR_MS - now.getTime() },
        'Three codes were sent to this number in the last hour.',
        'phone',
      );
    }
    // Only an active account gets a real code; anyone else gets a row whose code was never sent.
    const accountId = await kind.activeAccount(tx, phone);
    const row = {
      phone,
      [kind.account]: accountId,
      codeHash: accountId !== null ? codeHash(kind, phone, code) : codeHash(kind, phone, randomToken(16)),
      expiresAt: new Date(now.getTime() + RESET_CODE.ttlMs),
      createdAt: now,
    };
    await tx.insert(table as PgTable).values(row);
    return accountId !== null ? code : null;
  });
}

/** Counts a try from the caller's address when the kind limits them; past the limit, 429 naming `code`. */
export async function countTriesFromAddress<T extends ResetCodeTable>(
  ctx: Ctx,
  reply: FastifyReply,
  kind: ResetCodeKind<T>,
): Promise<void> {
  if (kind.triesPerAddressHour === undefined) return;
  const fromAddress = await hitWindow(ctx, `${kind.name}-try:address:${ctx.ip ?? ''}`, {
    limit: kind.triesPerAddressHour,
    windowMs: HOUR_MS,
  });
  if (!fromAddress.allowed) throw tooManyAttempts(reply, fromAddress, 'Too many codes were tried from this address.', 'code');
}

/**
 * Tries a code against the latest open one sent to the phone, inside the caller's transaction: the
 * row is locked (two guesses at once cannot both take the fifth try), a wrong code is counted on it,
 * and the answer is the refusal to show (the caller commits the count, then refuses) or the matched
 * row, still open and locked, for the caller to use up. (`countTriesFromAddress` comes
 * first, outside the transaction.)
 */
export async function tryResetCode<T extends ResetCodeTable>(
  tx: Db,
  now: Date,
  kind: ResetCodeKind<T>,
  phone: string,
  code: string,
): Promise<{ refused: string } | { matched: MatchedResetCode }> {
  const { table } = kind;
  const [latest] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.phone, phone), isNull(table.usedAt), gt(table.expiresAt, now)))
    .orderBy(desc(table.id))
    .limit(1);
  if (!latest) return { refused: RESET_CODE_WRONG };
  const [locked] = await tx
    .select({
      id: table.id,
      accountId: column(kind, kind.account),
      codeHash: table.codeHash,
      attempts: table.attempts,
      expiresAt: table.expiresAt,
      usedAt: table.usedAt,
      closed: kind.closedBy ? column(kind, kind.closedBy) : sql`null`,
    })
    .from(table as PgTable)
    .where(eq(table.id, latest.id))
    .for('update');
  const row = locked as
    | { id: number; accountId: number | null; codeHash: string; attempts: number; expiresAt: Date; usedAt: Date | null; closed: unknown }
    | undefined;
  if (!row || row.usedAt || row.closed !== null || row.expiresAt <= now) return { refused: RESET_CODE_WRONG };
  if (row.attempts >= RESET_CODE.maxAttempts) return { refused: RESET_CODE_TOO_MANY_TRIES };
  if (!safeEqual(row.codeHash, codeHash(kind, phone, code)) || row.accountId === null) {
    const attempts = row.attempts + 1;
    await tx
      .update(table as PgTable)
      .set({ attempts })
      .where(eq(table.id, row.id));
    return { refused: attempts >= RESET_CODE.maxAttempts ? RESET_CODE_TOO_MANY_TRIES : RESET_CODE_WRONG };
  }
  return { matched: { id: row.id, accountId: row.accountId, attempts: row.attempts } };
}
