import type { Permission } from '@haat/contracts';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminPermissions, adminRoles, admins, rolePermissions } from './admin.table';

export interface AdminHolder {
  id: number;
  name: string;
  email: string;
}

/**
 * The active admins holding `permission` (their own, through a role, or as a super admin), by name;
 * only among `among` when given. One statement: other modules ask it who may be given work (the
 * order assignment's staff).
 */
export async function adminsHolding(db: Db, permission: Permission, among?: readonly number[]): Promise<AdminHolder[]> {
  if (among && among.length === 0) return [];
  return db
    .select({ id: admins.id, name: admins.name, email: admins.email })
    .from(admins)
    .where(
      and(
        eq(admins.status, 'active'),
        among ? inArray(admins.id, [...among]) : undefined,
        or(
          eq(admins.isSuper, true),
          sql`exists (select 1 from ${adminPermissions} where ${adminPermissions.adminId} = ${admins.id} and ${adminPermissions.permission} = ${permission})`,
          sql`exists (select 1 from ${adminRoles} join ${rolePermissions} on ${rolePermissions.roleId} = ${adminRoles.roleId}
            where ${adminRoles.adminId} = ${admins.id} and ${rolePermissions.permission} = ${permission})`,
        ),
      ),
    )
    .orderBy(asc(admins.name), asc(admins.id));
}

/**
 * The same question inside another module's statement: `array(…)` of the ids in `ids` (an int[] SQL
 * expression) that are active admins holding `permission`, in the order `ids` gives them. The order
 * assignment reads its settings and who of its rotation may still take orders in one statement.
 */
export function adminsHoldingSql(permission: Permission, ids: SQL): SQL {
  return sql`array(
    select a.id from ${admins} a join unnest(${ids}) with ordinality as wanted(id, position) on wanted.id = a.id
    where a.status = 'active' and (a.is_super
      or exists (select 1 from ${adminPermissions} ap where ap.admin_id = a.id and ap.permission = ${permission})
      or exists (select 1 from ${adminRoles} ar join ${rolePermissions} rp on rp.role_id = ar.role_id
        where ar.admin_id = a.id and rp.permission = ${permission}))
    order by wanted.position)`;
}
