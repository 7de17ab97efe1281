import { hasPermission, type Permission } from '@haat/contracts';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { forbidden, HttpError, invalid } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { deleteSessionsOf } from '../auth';
import { loadAdminView } from './admin.service';
import { adminPermissions, adminRoles, admins, rolePermissions, roles } from './admin.table';

/** The staff rules of issue 4: nobody raises their own rights or grants what they do not hold. */

export async function actorOf(db: Db, adminId: number | null) {
  const actor = adminId ? await loadAdminView(db, adminId) : null;
  if (!actor) throw new HttpError(401, 'Your admin session has expired. Please sign in again.');
  return actor;
}

/** A staff member can only hand out permissions they hold themselves; a super admin holds all. */
export function assertCanGrant(granted: readonly string[], permissions: readonly string[], field: string) {
  const missing = permissions.filter((permission) => !hasPermission(granted, permission as Permission));
  if (missing.length) {
    throw new HttpError(403, `You cannot grant permissions you do not hold: ${missing.join(', ')}.`, {
      [field]: [`You do not hold: ${missing.join(', ')}`],
    });
  }
}

export async function rolePermissionsOf(db: Db, roleIds: number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, roleIds));
  return [...new Set(rows.map((row) => row.permission))];
}

export async function existingRoleIds(db: Db, roleIds: number[]): Promise<number[]> {
  if (roleIds.length === 0) return [];
  const rows = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds));
  const found = rows.map((row) => row.id);
  const unknown = roleIds.filter((id) => !found.includes(id));
  if (unknown.length) throw invalid('role_ids', 'Choose roles from the list.');
  return found;
}

/** Replaces an admin's roles, checking the actor may hand out everything those roles hold. */
export async function setAdminRoles(db: Db, actor: { id: number; permissions: string[] }, adminId: number, roleIds: number[]) {
  if (actor.id === adminId) throw forbidden('You cannot change your own roles.');
  const ids = await existingRoleIds(db, [...new Set(roleIds)]);
  assertCanGrant(actor.permissions, await rolePermissionsOf(db, ids), 'role_ids');
  await db.delete(adminRoles).where(eq(adminRoles.adminId, adminId));
  if (ids.length) await db.insert(adminRoles).values(ids.map((roleId) => ({ adminId, roleId })));
}

export async function setAdminPermissions(db: Db, actor: { id: number; permissions: string[] }, adminId: number, permissions: string[]) {
  if (actor.id === adminId) throw forbidden('You cannot change your own permissions.');
  assertCanGrant(actor.permissions, permissions, 'permissions');
  await db.delete(adminPermissions).where(eq(adminPermissions.adminId, adminId));
  if (permissions.length) await db.insert(adminPermissions).values(permissions.map((permission) => ({ adminId, permission })));
}

/** Refuses any change that would leave the shop without an active super admin. */
export async function assertSuperAdminRemains(db: Db, leavingId: number) {
  const [others] = await db
    .select({ n: count() })
    .from(admins)
    .where(and(eq(admins.isSuper, true), eq(admins.status, 'active'), ne(admins.id, leavingId)));
  if (!others?.n) throw new HttpError(409, 'The shop must keep at least one active super admin.');
}

export async function resetPassword(db: Db, adminId: number, password: string) {
  await db
    .update(admins)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(admins.id, adminId));
  // Whoever knew the old password is signed out everywhere.
  await deleteSessionsOf(db, 'admin', adminId);
}
