import { assignPermissionsInput, assignRolesInput, passwordResetInput } from '@haat/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { adminResource, roleResource } from './staff.resources';
import { assignAdminRights, resetPassword } from './staff.service';

type WithId = { Params: { id: string } };

/** Roles, admins, and the seed's assign-role, assign-permission and password-reset screens. */
export async function staffRoutes(app: FastifyInstance) {
  roleResource.register(app);
  adminResource.register(app);

  /** `/admin/assign/role/admin/{id}` */
  app.put<WithId>('/api/admin/admins/:id/roles', { preHandler: requireAdmin('admin.update') }, async (request) => {
    const input = assignRolesInput.parse(request.body);
    await assignAdminRights(requestCtx(request), pathId(request.params.id, 'The admin'), { role_ids: input.role_ids });
    return { message: 'Roles saved.' };
  });

  /** `/admin/assign/admin/permission/{id}` */
  app.put<WithId>('/api/admin/admins/:id/permissions', { preHandler: requireAdmin('admin.update') }, async (request) => {
    const input = assignPermissionsInput.parse(request.body);
    await assignAdminRights(requestCtx(request), pathId(request.params.id, 'The admin'), { permissions: input.permissions });
    return { message: 'Permissions saved.' };
  });

  /** `/admin/admin/password/reset/{id}`: a super admin sets another admin's password. */
  app.put<WithId>('/api/admin/admins/:id/password', { preHandler: requireAdmin('admin.password.reset') }, async (request) => {
    const input = passwordResetInput.parse(request.body);
    await resetPassword(requestCtx(request), pathId(request.params.id, 'The admin'), input.password);
    return { message: 'Password reset. The admin was signed out everywhere.' };
  });
}
