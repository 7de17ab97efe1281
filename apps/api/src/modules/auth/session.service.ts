import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { randomToken, sha256 } from '../../lib/tokens';
import { type SessionKind, sessions } from './session.table';

/** Sliding expiry is refreshed at most this often, so a busy session is not written on every request. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

export interface NewSession {
  /** The secret that goes into the httpOnly cookie; never stored. */
  secret: string;
  publicId: string;
  expiresAt: Date;
}

/** Opens a session for someone already proven, from the context's address at the context's time. */
export async function createSession(
  { db, ip, now }: Ctx,
  input: { kind: SessionKind; subjectId: number; userAgent?: string; ttlMs: number },
): Promise<NewSession> {
  const secret = randomToken(32);
  const publicId = randomToken(12);
  const expiresAt = new Date(now.getTime() + input.ttlMs);
  await db.insert(sessions).values({
    id: sha256(secret),
    publicId,
    kind: input.kind,
    subjectId: input.subjectId,
    ip,
    userAgent: input.userAgent?.slice(0, 400) ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { secret, publicId, expiresAt };
}

export interface SessionRow {
  id: string;
  publicId: string;
  subjectId: number;
  lastSeenAt: Date;
  expiresAt: Date;
}

export async function findSession({ db, now }: Ctx, kind: SessionKind, secret: string): Promise<SessionRow | null> {
  const [row] = await db
    .select({
      id: sessions.id,
      publicId: sessions.publicId,
      subjectId: sessions.subjectId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.id, sha256(secret)), eq(sessions.kind, kind), gt(sessions.expiresAt, now)));
  return row ?? null;
}

/** Extends a live session's expiry, at most once per TOUCH_INTERVAL_MS; updates `session` in place. */
export async function touchSession({ db, now }: Ctx, session: SessionRow, ttlMs: number): Promise<boolean> {
  if (now.getTime() - session.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return false;
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, session.id));
  session.lastSeenAt = now;
  session.expiresAt = expiresAt;
  return true;
}

export async function deleteSession({ db }: Ctx, kind: SessionKind, secret: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.id, sha256(secret)), eq(sessions.kind, kind)));
}

/**
 * Ends every session of one person (deactivation, password change elsewhere). Takes the database
 * (or transaction) of the change it belongs to: other modules call it inside their own.
 */
export async function deleteSessionsOf(db: Db, kind: SessionKind, subjectId: number, exceptId?: string): Promise<void> {
  const condition = and(eq(sessions.kind, kind), eq(sessions.subjectId, subjectId));
  await db.delete(sessions).where(exceptId ? and(condition, sql`${sessions.id} <> ${exceptId}`) : condition);
}

/** The live sessions of one person, the most recently seen first (the portal lists them). */
export async function liveSessionsOf(db: Db, kind: SessionKind, subjectId: number, now = new Date()) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.kind, kind), eq(sessions.subjectId, subjectId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Ends one session of a person, named by its public id, unless it is `exceptId`; false when there is none. */
export async function deleteSessionByPublicId(
  db: Db,
  kind: SessionKind,
  subjectId: number,
  publicId: string,
  exceptId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(
      and(eq(sessions.kind, kind), eq(sessions.subjectId, subjectId), eq(sessions.publicId, publicId), sql`${sessions.id} <> ${exceptId}`),
    )
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

export async function deleteExpiredSessions({ db, now }: Ctx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
