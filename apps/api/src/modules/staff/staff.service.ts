import { hasPermission, type Permission } from '@haat/contracts';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { forbidden, HttpError, invalid, notFound } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { diffChanges, recordAudit } from '../audit';
import { deleteSessionsOf } from '../auth';
import { loadAdminView } from './admin.service';
import { adminPermissions, adminRoles, admins, rolePermissions, roles } from './admin.table';

/** The staff rules of issue 4: nobody raises their own rights or grants what they do not hold. */

/** The acting admin with their permissions, read in the context's transaction. */
export async function actorOf(ctx: Ctx) {
  const adminId = adminIdOf(ctx);
  const actor = adminId ? await loadAdminView(ctx.db, adminId) : null;
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

export async function rolePermissionsOf({ db }: Ctx, roleIds: number[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, roleIds));
  return [...new Set(rows.map((row) => row.permission))];
}

export async function existingRoleIds({ db }: Ctx, roleIds: number[]): Promise<number[]> {
  if (roleIds.length === 0) return [];
  const rows = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds));
  const found = rows.map((row) => row.id);
  const unknown = roleIds.filter((id) => !found.includes(id));
  if (unknown.length) throw invalid('role_ids', 'Choose roles from the list.');
  return found;
}

type Actor = { id: number; permissions: string[] };

/** Replaces an admin's roles, checking the actor may hand out everything those roles hold. */
export async function setAdminRoles(ctx: Ctx, actor: Actor, targetId: number, roleIds: number[]) {
  if (actor.id === targetId) throw forbidden('You cannot change your own roles.');
  const ids = await existingRoleIds(ctx, [...new Set(roleIds)]);
  assertCanGrant(actor.permissions, await rolePermissionsOf(ctx, ids), 'role_ids');
  await ctx.db.delete(adminRoles).where(eq(adminRoles.adminId, targetId));
  if (ids.length) await ctx.db.insert(adminRoles).values(ids.map((roleId) => ({ adminId: targetId, roleId })));
}

export async function setAdminPermissions(ctx: Ctx, actor: Actor, targetId: number, permissions: string[]) {
  if (actor.id === targetId) throw forbidden('You cannot change your own permissions.');
  assertCanGrant(actor.permissions, permissions, 'permissions');
  await ctx.db.delete(adminPermissions).where(eq(adminPermissions.adminId, targetId));
  if (permissions.length)
    await ctx.db.insert(adminPermissions).values(permissions.map((permission) => ({ adminId: targetId, permission })));
}

/** An admin's roles and direct permissions, sorted: what the audit log compares of their rights. */
async function rightsOf({ db }: Ctx, targetId: number) {
  const held = await db.select({ roleId: adminRoles.roleId }).from(adminRoles).where(eq(adminRoles.adminId, targetId));
  const direct = await db
    .select({ permission: adminPermissions.permission })
    .from(adminPermissions)
    .where(eq(adminPermissions.adminId, targetId));
  return {
    role_ids: held.map((row) => row.roleId).sort((a, b) => a - b),
    permissions: direct.map((row) => row.permission).sort(),
  };
}

/** The admin a staff screen names by id, locked for the change. */
async function targetOf({ db }: Ctx, targetId: number) {
  const [row] = await db
    .select({ id: admins.id, isSuper: admins.isSuper, passwordHash: admins.passwordHash })
    .from(admins)
    .where(eq(admins.id, targetId))
    .for('update');
  if (!row) throw notFound('The admin');
  return row;
}

/**
 * `/admin/assign/role/admin/{id}` or `/admin/assign/admin/permission/{id}`: replaces one admin's
 * roles or direct permissions, with the audit row of before → after in the same transaction.
 */
export async function assignAdminRights(ctx: Ctx, targetId: number, change: { role_ids: number[] } | { permissions: string[] }) {
  await inTransaction(ctx, async (tx) => {
    const target = await targetOf(tx, targetId);
    const actor = await actorOf(tx);
    if (target.isSuper && !actor.is_super) throw forbidden('Only a super admin can change a super admin.');
    const before = await rightsOf(tx, targetId);
    if ('role_ids' in change) await setAdminRoles(tx, actor, targetId, change.role_ids);
    else await setAdminPermissions(tx, actor, targetId, change.permissions);
    const changes = diffChanges(before, await rightsOf(tx, targetId));
    if (Object.keys(changes).length) await recordAudit(tx, { action: 'update', entity: 'admin', entityId: targetId, changes });
  });
}

/** Refuses any change that would leave the shop without an active super admin. */
export async function assertSuperAdminRemains({ db }: Ctx, leavingId: number) {
  const [others] = await db
    .select({ n: count() })
    .from(admins)
    .where(and(eq(admins.isSuper, true), eq(admins.status, 'active'), ne(admins.id, leavingId)));
  if (!others?.n) throw new HttpError(409, 'The shop must keep at least one active super admin.');
}

/**
 * `/admin/admin/password/reset/{id}`: a super admin sets another admin's password; whoever knew
 * the old one is signed out everywhere. The log shows only that the password changed.
 */
export async function resetPassword(ctx: Ctx, targetId: number, password: string) {
  if (targetId === adminIdOf(ctx)) throw forbidden('Change your own password from your profile, with your current password.');
  await inTransaction(ctx, async (tx) => {
    const target = await targetOf(tx, targetId);
    const actor = await actorOf(tx);
    if (!actor.is_super) throw forbidden("Only a super admin can reset another admin's password.");
    const passwordHash = await hashPassword(password);
    await tx.db.update(admins).set({ passwordHash, updatedAt: tx.now }).where(eq(admins.id, targetId));
    await deleteSessionsOf(tx.db, 'admin', targetId);
    await recordAudit(tx, {
      action: 'password.reset',
      entity: 'admin',
      entityId: targetId,
      changes: diffChanges({ password_hash: target.passwordHash }, { password_hash: passwordHash }),
    });
  });
}
