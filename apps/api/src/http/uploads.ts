import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { storeImage } from '../lib/images';
import { readSetting, SETTING_GROUPS } from '../modules/settings/setting.service';
import { requireAdmin } from './auth';
import { HttpError, invalid } from './errors';

/** Where each kind of upload goes, and how large its stored sizes are. */
const FOLDERS = {
  categories: { large: 800, thumbnail: 240 },
  brands: { large: 400, thumbnail: 160 },
  banners: { large: 1600, thumbnail: 400 },
  sliders: { large: 1920, thumbnail: 480 },
  products: { large: 1200, thumbnail: 360 },
  combos: { large: 1200, thumbnail: 360 },
  settings: { large: 800, thumbnail: 200 },
  /** Pages' sections and testimonials, customer comments. */
  content: { large: 1200, thumbnail: 240 },
} as const;

/** What a multipart body may carry besides the file itself: its boundaries and headers. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The one image of a multipart upload (field `image`), read only up to the shop's upload limit
 * (Settings → general, `upload_limit_mb`): a larger file is refused (413) as soon as its declared
 * length or its bytes pass the limit, never held whole in memory first.
 */
export async function readImageUpload(request: FastifyRequest): Promise<{ data: Buffer; limitBytes: number }> {
  const general = await readSetting(request.server.db, SETTING_GROUPS.general);
  const limitBytes = general.upload_limit_mb * 1024 * 1024;
  const tooLarge = () =>
    new HttpError(413, `The image must be at most ${general.upload_limit_mb} MB.`, {
      image: [`The image must be at most ${general.upload_limit_mb} MB.`],
    });
  if (Number(request.headers['content-length'] ?? 0) > limitBytes + MULTIPART_OVERHEAD) throw tooLarge();
  const file = await request.file({ limits: { fileSize: limitBytes, files: 1 } }).catch(() => undefined);
  if (!file) throw invalid('image', 'Choose an image to upload.');
  const data = await file.toBuffer().catch(() => {
    throw tooLarge();
  });
  // toBuffer misses a truncation when the stream ends right after the chunk that reached the limit.
  if (file.file.truncated) throw tooLarge();
  return { data, limitBytes };
}

const uploadQuery = z.object({ folder: z.enum(Object.keys(FOLDERS) as [keyof typeof FOLDERS, ...(keyof typeof FOLDERS)[]]) });

/**
 * One image upload for every back-office form: checked by content, resized, stored under
 * `storage/<folder>/`. The form then saves the returned path on its record.
 */
export async function uploadRoutes(app: FastifyInstance) {
  app.post('/api/admin/uploads', { preHandler: requireAdmin() }, async (request, reply) => {
    const { folder } = uploadQuery.parse(request.query);
    const { data, limitBytes } = await readImageUpload(request);
    const stored = await storeImage(request.server.config.storageDir, folder, data, {
      field: 'image',
      limitBytes,
      sizes: FOLDERS[folder],
    });
    return reply.status(201).send({ path: stored.path, thumbnail: stored.thumbnail, width: stored.width, height: stored.height });
  });
}
