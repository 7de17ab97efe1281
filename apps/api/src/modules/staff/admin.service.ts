import type { AdminView } from '@haat/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { HttpError, invalid } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { diffChanges, recordAudit } from '../audit';
import { type AccountProvider, deleteSessionsOf, passwordCheckSucceeded, takePasswordCheck } from '../auth';
import { admins } from './admin.table';

/** An admin's permissions: those of their roles and their own; a super admin has `*`. */
export async function loadAdminView(db: Db, id: number): Promise<AdminView | null> {
  const [row] = await db
    .select({
      id: admins.id,
      name: admins.name,
      email: admins.email,
      phone: admins.phone,
      image: admins.image,
      isSuper: admins.isSuper,
      status: admins.status,
      // Column references are spelt out: inside a sub-select Drizzle leaves them unqualified.
      permissions: sql<string[]>`array(
        select rp.permission from admin_roles ar
          join role_permissions rp on rp.role_id = ar.role_id
          where ar.admin_id = ${admins.id}
        union
        select ap.permission from admin_permissions ap where ap.admin_id = ${admins.id}
      )`,
    })
    .from(admins)
    .where(eq(admins.id, id));
  if (row?.status !== 'active') return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    image: row.image,
    is_super: row.isSuper,
    permissions: row.isSuper ? ['*'] : [...row.permissions].sort(),
  };
}

export const adminAccounts: AccountProvider<AdminView> = {
  kind: 'admin',
  async findForLogin(db, login) {
    const [row] = await db
      .select({ id: admins.id, passwordHash: admins.passwordHash, status: admins.status })
      .from(admins)
      .where(eq(admins.email, login.trim().toLowerCase()));
    return row ? { id: row.id, passwordHash: row.passwordHash, active: row.status === 'active' } : null;
  },
  load: loadAdminView,
  inactiveMessage: 'This admin account is deactivated. Ask a super admin to reactivate it.',
};

export async function createAdmin(
  db: Db,
  input: { name: string; email: string; password: string; isSuper?: boolean; phone?: string | null },
): Promise<number> {
  const [row] = await db
    .insert(admins)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone ?? null,
      passwordHash: await hashPassword(input.password),
      isSuper: input.isSuper ?? false,
    })
    .returning({ id: admins.id });
  if (!row) throw new Error('admin insert returned nothing');
  return row.id;
}

/** The id, name and e-mail of one admin, or null when there is none. */
export async function findAdmin(db: Db, id: number): Promise<{ id: number; name: string; email: string } | null> {
  const [admin] = await db.select({ id: admins.id, name: admins.name, email: admins.email }).from(admins).where(eq(admins.id, id));
  return admin ?? null;
}

/** The names of some admins by id, in one query (other modules show who did what). */
export async function adminNames(db: Db, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: admins.id, name: admins.name }).from(admins).where(inArray(admins.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The signed-in admin's id, or 401. */
function selfOf(ctx: Ctx): number {
  const id = adminIdOf(ctx);
  if (!id) throw new HttpError(401, 'Your admin session has expired. Please sign in again.');
  return id;
}

/** The signed-in admin's own row, locked for a change of their profile. */
async function ownRow(ctx: Ctx) {
  const [row] = await ctx.db
    .select()
    .from(admins)
    .where(eq(admins.id, selfOf(ctx)))
    .for('update');
  if (!row) throw new HttpError(401, 'Your admin session has expired. Please sign in again.');
  return row;
}

/** The profile form (header dropdown): one's own name, e-mail and phone, audited before → after. */
export async function updateOwnProfile(ctx: Ctx, input: { name: string; email: string; phone?: string | null }): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await ownRow(tx);
    const [taken] = await tx.db
      .select({ id: admins.id })
      .from(admins)
      .where(and(eq(admins.email, input.email), ne(admins.id, row.id)));
    if (taken) throw invalid('email', 'Another admin already uses this email address.');
    const next = { name: input.name, email: input.email, phone: input.phone || null };
    await tx.db
      .update(admins)
      .set({ ...next, updatedAt: tx.now })
      .where(eq(admins.id, row.id));
    const changes = diffChanges({ name: row.name, email: row.email, phone: row.phone }, next);
    if (Object.keys(changes).length) await recordAudit(tx, { action: 'profile.update', entity: 'admin', entityId: row.id, changes });
  });
}

/** Sets one's own picture (already stored); answers the previous one for the caller to remove. */
export async function setOwnImage(ctx: Ctx, image: string): Promise<string | null> {
  return inTransaction(ctx, async (tx) => {
    const row = await ownRow(tx);
    await tx.db.update(admins).set({ image, updatedAt: tx.now }).where(eq(admins.id, row.id));
    const changes = diffChanges({ image: row.image }, { image });
    if (Object.keys(changes).length) await recordAudit(tx, { action: 'profile.update', entity: 'admin', entityId: row.id, changes });
    return row.image;
  });
}

/**
 * `/admin/admin/password/{id}`: one's own password, with the current one. Every other session of
 * theirs ends (`keepSessionId` is this browser's); the log shows only that it changed.
 */
export async function changeOwnPassword(
  ctx: Ctx,
  input: { current_password: string; password: string },
  keepSessionId?: string,
): Promise<void> {
  const subject = `admin:${selfOf(ctx)}`;
  await takePasswordCheck(ctx, subject, 'current_password');
  await inTransaction(ctx, async (tx) => {
    const row = await ownRow(tx);
    if (!(await verifyPassword(row.passwordHash, input.current_password))) {
      throw invalid('current_password', 'The current password is not right.');
    }
    await passwordCheckSucceeded(tx, subject);
    if (input.current_password === input.password) {
      throw invalid('password', 'Choose a password different from the current one.');
    }
    const passwordHash = await hashPassword(input.password);
    await tx.db.update(admins).set({ passwordHash, updatedAt: tx.now }).where(eq(admins.id, row.id));
    await deleteSessionsOf(tx.db, 'admin', row.id, keepSessionId);
    await recordAudit(tx, {
      action: 'password.change',
      entity: 'admin',
      entityId: row.id,
      changes: diffChanges({ password_hash: row.passwordHash }, { password_hash: passwordHash }),
    });
  });
}
