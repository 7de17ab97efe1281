import { adminProfileSchema, changePasswordSchema } from '@haat/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireAdmin, SESSION_COOKIE } from '../../http/auth';
import { forbidden, invalid } from '../../http/errors';
import { removeImage, storeImage } from '../../lib/images';
import { hashPassword, verifyPassword } from '../../lib/password';
import { sha256 } from '../../lib/tokens';
import { deleteSessionsOf } from '../auth';
import { readSetting, SETTING_GROUPS } from '../settings';
import { loadAdminView } from './admin.service';
import { admins } from './admin.table';

/** The signed-in admin's own profile and password (the header dropdown of seed §2.2). */
export async function profileRoutes(app: FastifyInstance) {
  app.get('/api/admin/profile', { preHandler: requireAdmin() }, async (request) => ({ admin: request.admin }));

  app.put('/api/admin/profile', { preHandler: requireAdmin() }, async (request) => {
    const input = adminProfileSchema.parse(request.body);
    const { db } = request.server;
    const [taken] = await db
      .select({ id: admins.id })
      .from(admins)
      .where(and(eq(admins.email, input.email), ne(admins.id, request.admin.id)));
    if (taken) throw invalid('email', 'Another admin already uses this email address.');
    await db
      .update(admins)
      .set({ name: input.name, email: input.email, phone: input.phone || null, updatedAt: new Date() })
      .where(eq(admins.id, request.admin.id));
    return { admin: await loadAdminView(db, request.admin.id), message: 'Profile updated.' };
  });

  app.post('/api/admin/profile/image', { preHandler: requireAdmin() }, async (request) => {
    const { db, config } = request.server;
    const file = await request.file().catch(() => undefined);
    if (!file) throw invalid('image', 'Choose an image to upload.');
    const general = await readSetting(db, SETTING_GROUPS.general);
    const limitBytes = general.upload_limit_mb * 1024 * 1024;
    const data = await file.toBuffer().catch(() => {
      throw invalid('image', `The image must be at most ${general.upload_limit_mb} MB.`);
    });
    const stored = await storeImage(config.storageDir, 'admins', data, {
      field: 'image',
      limitBytes,
      sizes: { large: 512, thumbnail: 96, square: true },
    });
    const previous = request.admin.image;
    await db.update(admins).set({ image: stored.path, updatedAt: new Date() }).where(eq(admins.id, request.admin.id));
    await removeImage(config.storageDir, previous);
    return { admin: await loadAdminView(db, request.admin.id), message: 'Profile image updated.' };
  });

  /** `/admin/admin/password/{id}`: an admin changes their own password (old + new). */
  app.put<{ Params: { id: string } }>('/api/admin/password/:id', { preHandler: requireAdmin() }, async (request) => {
    if (Number(request.params.id) !== request.admin.id) {
      throw forbidden('You can only change your own password here.');
    }
    const input = changePasswordSchema.parse(request.body);
    const { db } = request.server;
    const [row] = await db.select({ passwordHash: admins.passwordHash }).from(admins).where(eq(admins.id, request.admin.id));
    if (!(await verifyPassword(row?.passwordHash, input.current_password))) {
      throw invalid('current_password', 'The current password is not right.');
    }
    if (input.current_password === input.password) {
      throw invalid('password', 'Choose a password different from the current one.');
    }
    await db
      .update(admins)
      .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
      .where(eq(admins.id, request.admin.id));
    // Every other browser signed in as this admin is signed out; this one stays.
    const secret = request.cookies[SESSION_COOKIE.admin];
    await deleteSessionsOf(db, 'admin', request.admin.id, secret ? sha256(secret) : undefined);
    return { message: 'Password changed. Other devices were signed out.' };
  });
}
