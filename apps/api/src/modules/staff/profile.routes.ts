import { adminProfileSchema, changePasswordSchema } from '@haat/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAdmin, SESSION_COOKIE } from '../../http/auth';
import { forbidden } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { readImageUpload } from '../../http/uploads';
import { removeImage, storeImage } from '../../lib/images';
import { sha256 } from '../../lib/tokens';
import { changeOwnPassword, loadAdminView, setOwnImage, updateOwnProfile } from './admin.service';

/** The signed-in admin's own profile and password (the header dropdown of seed §2.2). */
export async function profileRoutes(app: FastifyInstance) {
  app.get('/api/admin/profile', { preHandler: requireAdmin() }, async (request) => ({ admin: request.admin }));

  app.put('/api/admin/profile', { preHandler: requireAdmin() }, async (request) => {
    const input = adminProfileSchema.parse(request.body);
    const ctx = requestCtx(request);
    await updateOwnProfile(ctx, input);
    return { admin: await loadAdminView(ctx.db, request.admin.id), message: 'Profile updated.' };
  });

  app.post('/api/admin/profile/image', { preHandler: requireAdmin() }, async (request) => {
    const { db, config } = request.server;
    const { data, limitBytes } = await readImageUpload(request);
    const stored = await storeImage(config.storageDir, 'admins', data, {
      field: 'image',
      limitBytes,
      sizes: { large: 512, thumbnail: 96, square: true },
    });
    const previous = await setOwnImage(requestCtx(request), stored.path);
    await removeImage(config.storageDir, previous);
    return { admin: await loadAdminView(db, request.admin.id), message: 'Profile image updated.' };
  });

  /** `/admin/admin/password/{id}`: an admin changes their own password (old + new). */
  app.put<{ Params: { id: string } }>('/api/admin/password/:id', { preHandler: requireAdmin() }, async (request) => {
    if (Number(request.params.id) !== request.admin.id) {
      throw forbidden('You can only change your own password here.');
    }
    const input = changePasswordSchema.parse(request.body);
    // Every other browser signed in as this admin is signed out; this one stays.
    const secret = request.cookies[SESSION_COOKIE.admin];
    await changeOwnPassword(requestCtx(request), input, secret ? sha256(secret) : undefined);
    return { message: 'Password changed. Other devices were signed out.' };
  });
}
