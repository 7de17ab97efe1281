import { assignPermissionsInput, assignRolesInput, passwordResetInput } from '@haat/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import { admins } from './admin.table';
import { adminResource, roleResource } from './staff.resources';
import { actorOf, resetPassword, setAdminPermissions, setAdminRoles } from './staff.service';

type WithId = { Params: { id: string } };

/** Roles, admins, and the seed's assign-role, assign-permission and password-reset screens. */
export async function staffRoutes(app: FastifyInstance) {
  roleResource.register(app);
  adminResource.register(app);

  const target = async (app: FastifyInstance, id: string) => {
    const [row] = await app.db
      .select({ id: admins.id, isSuper: admins.isSuper })
      .from(admins)
      .where(eq(admins.id, Number(id) || 0));
    if (!row) throw notFound('The admin');
    return row;
  };

  /** `/admin/assign/role/admin/{id}` */
  app.put<WithId>('/api/admin/admins/:id/roles', { preHandler: requireAdmin('admin.update') }, async (request) => {
    const input = assignRolesInput.parse(request.body);
    const admin = await target(request.server, request.params.id);
    await request.server.db.transaction(async (tx) => {
      const actor = await actorOf(tx as never, request.admin.id);
      if (admin.isSuper && !actor.is_super) throw forbidden('Only a super admin can change a super admin.');
      await setAdminRoles(tx as never, actor, admin.id, input.role_ids);
    });
    return { message: 'Roles saved.' };
  });

  /** `/admin/assign/admin/permission/{id}` */
  app.put<WithId>('/api/admin/admins/:id/permissions', { preHandler: requireAdmin('admin.update') }, async (request) => {
    const input = assignPermissionsInput.parse(request.body);
    const admin = await target(request.server, request.params.id);
    await request.server.db.transaction(async (tx) => {
      const actor = await actorOf(tx as never, request.admin.id);
      if (admin.isSuper && !actor.is_super) throw forbidden('Only a super admin can change a super admin.');
      await setAdminPermissions(tx as never, actor, admin.id, input.permissions);
    });
    return { message: 'Permissions saved.' };
  });

  /** `/admin/admin/password/reset/{id}`: a super admin sets another admin's password. */
  app.put<WithId>('/api/admin/admins/:id/password', { preHandler: requireAdmin('admin.password.reset') }, async (request) => {
    const input = passwordResetInput.parse(request.body);
    const admin = await target(request.server, request.params.id);
    if (admin.id === request.admin.id) throw forbidden('Change your own password from your profile, with your current password.');
    if (!request.admin.is_super) throw forbidden("Only a super admin can reset another admin's password.");
    await resetPassword(request.server.db, admin.id, input.password);
    return { message: 'Password reset. The admin was signed out everywhere.' };
  });
}
