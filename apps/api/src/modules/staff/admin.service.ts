import type { AdminView } from '@haat/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashPassword } from '../../lib/password';
import type { AccountProvider } from '../auth';
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
