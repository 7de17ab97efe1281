import { adminDescriptor, type adminInput, roleDescriptor } from '@haat/contracts';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { adminIdOf, type Ctx } from '../../context';
import { forbidden, invalid } from '../../http/errors';
import { createResource } from '../../http/resource';
import { hashPassword } from '../../lib/password';
import { deleteSessionsOf } from '../auth';
import { adminPermissions, adminRoles, admins, rolePermissions, roles } from './admin.table';
import { actorOf, assertCanGrant, assertSuperAdminRemains, setAdminPermissions, setAdminRoles } from './staff.service';

type Row = Record<string, unknown>;

export const roleResource = createResource(roleDescriptor, {
  table: roles,
  id: roles.id,
  search: [roles.name, roles.description],
  sort: { id: roles.id, name: roles.name, created_at: roles.createdAt },
  unique: [{ column: roles.name, field: 'name', message: 'There is already a role with this name.' }],
  usedBy: [{ table: adminRoles, column: adminRoles.roleId, label: 'admins' }],
  toValues: (_ctx, input) => ({ name: input.name, description: input.description }),
  audit: {
    // A role is its name, description and the permissions it grants.
    async snapshot({ db }, rows) {
      const ids = rows.map((row) => Number(row.id));
      const grants = ids.length ? await db.select().from(rolePermissions).where(inArray(rolePermissions.roleId, ids)) : [];
      return rows.map((row) => ({
        name: row.name,
        description: row.description,
        permissions: grants
          .filter((grant) => grant.roleId === row.id)
          .map((grant) => grant.permission)
          .sort(),
      }));
    },
  },
  async afterSave(ctx, { row, input, existing }) {
    const tx = ctx.db;
    const actor = await actorOf(ctx);
    const roleId = Number(row.id);
    if (existing && !actor.is_super) {
      // Changing a role one holds would change one's own rights.
      const [held] = await tx
        .select({ n: count() })
        .from(adminRoles)
        .where(sql`${adminRoles.roleId} = ${roleId} and ${adminRoles.adminId} = ${actor.id}`);
      if (held?.n) throw forbidden('You cannot change the permissions of a role you hold.');
    }
    assertCanGrant(actor.permissions, input.permissions, 'permissions');
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    if (input.permissions.length) await tx.insert(rolePermissions).values(input.permissions.map((permission) => ({ roleId, permission })));
  },
  async toViews({ db }, rows) {
    const ids = rows.map((row) => Number(row.id));
    const [grants, holders] = ids.length
      ? await Promise.all([
          db.select().from(rolePermissions).where(inArray(rolePermissions.roleId, ids)),
          db
            .select({ roleId: adminRoles.roleId, n: count() })
            .from(adminRoles)
            .where(inArray(adminRoles.roleId, ids))
            .groupBy(adminRoles.roleId),
        ])
      : [[], []];
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      permissions: grants
        .filter((grant) => grant.roleId === row.id)
        .map((grant) => grant.permission)
        .sort(),
      admins_count: holders.find((holder) => holder.roleId === row.id)?.n ?? 0,
      created_at: row.createdAt,
      updated_at: row.updatedAt,
    }));
  },
});

/** What the back office sees of an admin: never the password hash. Also read inside a save's transaction: one query at a time. */
async function adminViews({ db }: Ctx, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((row) => Number(row.id));
  const held = ids.length
    ? await db
        .select({ adminId: adminRoles.adminId, roleId: roles.id, name: roles.name })
        .from(adminRoles)
        .innerJoin(roles, eq(roles.id, adminRoles.roleId))
        .where(inArray(adminRoles.adminId, ids))
    : [];
  const direct = ids.length ? await db.select().from(adminPermissions).where(inArray(adminPermissions.adminId, ids)) : [];
  return rows.map((row) => {
    const mine = held.filter((entry) => entry.adminId === row.id);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone ?? '',
      image: row.image,
      is_super: row.isSuper,
      status: row.status === 'active' ? 1 : 0,
      role_ids: mine.map((entry) => entry.roleId),
      roles: mine.map((entry) => entry.name).join(', '),
      permissions: direct
        .filter((entry) => entry.adminId === row.id)
        .map((entry) => entry.permission)
        .sort(),
      created_at: row.createdAt,
    };
  });
}

export const adminResource = createResource(adminDescriptor, {
  table: admins,
  id: admins.id,
  search: [admins.name, admins.email, admins.phone],
  sort: { id: admins.id, name: admins.name, email: admins.email, created_at: admins.createdAt },
  filters: {
    status: {
      where: (value) => eq(admins.status, value === 1 ? 'active' : 'inactive'),
    },
    role_id: {
      where: (value) => sql`${admins.id} in (select ${adminRoles.adminId} from ${adminRoles} where ${adminRoles.roleId} = ${value})`,
    },
  },
  unique: [{ column: admins.email, field: 'email', message: 'Another admin already uses this email address.' }],
  audit: {
    // An admin's rights are their roles and direct permissions; the password shows only as "changed".
    async snapshot({ db }, rows) {
      const ids = rows.map((row) => Number(row.id));
      const held = ids.length ? await db.select().from(adminRoles).where(inArray(adminRoles.adminId, ids)) : [];
      const direct = ids.length ? await db.select().from(adminPermissions).where(inArray(adminPermissions.adminId, ids)) : [];
      return rows.map((row) => ({
        name: row.name,
        email: row.email,
        phone: row.phone,
        image: row.image,
        status: row.status,
        is_super: row.isSuper,
        password_hash: row.passwordHash,
        role_ids: held
          .filter((entry) => entry.adminId === row.id)
          .map((entry) => entry.roleId)
          .sort((a, b) => a - b),
        permissions: direct
          .filter((entry) => entry.adminId === row.id)
          .map((entry) => entry.permission)
          .sort(),
      }));
    },
  },
  async toValues(_ctx, input: z.output<typeof adminInput>, existing) {
    if (!existing && !input.password) throw invalid('password', 'Give the new admin a password of at least 8 characters.');
    // A password changes only on its own screens: one's own with the current password, another's by a
    // super admin's reset (admin.password.reset). An edit that sends one is refused, not half-applied.
    if (existing && (input.password || input.password_confirmation)) {
      throw invalid(
        'password',
        "An admin's password is not changed here: use Change password (your own) or the Password link in the admin list (a super admin resets another's).",
      );
    }
    return {
      name: input.name,
      email: input.email,
      phone: input.phone,
      status: input.status === 1 ? 'active' : 'inactive',
      isSuper: input.is_super,
      ...(existing ? {} : { passwordHash: await hashPassword(input.password) }),
    };
  },
  async afterSave(ctx, { row, input, existing }) {
    const actor = await actorOf(ctx);
    const targetId = Number(row.id);
    const self = targetId === actor.id;
    if (!actor.is_super && (input.is_super || existing?.isSuper)) throw forbidden('Only a super admin can make or change a super admin.');
    if (self) {
      const before = await adminViews(ctx, [existing as Row]);
      const mine = before[0] as { role_ids: number[]; permissions: string[]; is_super: boolean; status: number };
      const sameRoles = [...mine.role_ids].sort().join() === [...new Set(input.role_ids)].sort().join();
      const samePermissions = mine.permissions.join() === input.permissions.join();
      if (!sameRoles || !samePermissions || mine.is_super !== input.is_super || mine.status !== input.status) {
        throw forbidden('You cannot change your own roles, permissions or status. Ask another super admin.');
      }
    } else {
      await setAdminRoles(ctx, actor, targetId, input.role_ids);
      await setAdminPermissions(ctx, actor, targetId, input.permissions);
    }
    if (existing?.isSuper && existing.status === 'active' && !(input.is_super && input.status === 1)) {
      await assertSuperAdminRemains(ctx, targetId);
    }
    // Deactivated: every session of theirs ends.
    if (existing && !self && input.status === 0) await deleteSessionsOf(ctx.db, 'admin', targetId);
  },
  async beforeDelete(ctx, row) {
    if (Number(row.id) === adminIdOf(ctx)) throw forbidden('You cannot delete your own account.');
    const actor = await actorOf(ctx);
    if (row.isSuper && !actor.is_super) throw forbidden('Only a super admin can delete a super admin.');
    if (row.isSuper) await assertSuperAdminRemains(ctx, Number(row.id));
  },
  toViews: adminViews,
});
