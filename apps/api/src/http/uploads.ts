import { type Permission, PICTURE_FOLDERS } from '@haat/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { storeImage } from '../lib/images';
import { readSetting, SETTING_GROUPS } from '../modules/settings/setting.service';
import { permissionGate, requireAdmin } from './auth';
import { HttpError, invalid } from './errors';

/**
 * Where each kind of back-office upload goes, and how large its stored sizes are (@haat/contracts' PICTURE_FOLDERS:
 * the storefront's `srcset`s are made from the same table). A reseller's pictures come through their portal.
 */
const { resellers: _resellers, ...FOLDERS } = PICTURE_FOLDERS;

/**
 * Who may upload into each folder: whoever may create or change what the image belongs to. Without
 * it any signed-in staff member, even one allowed nothing, could fill the disk.
 */
const FOLDER_PERMISSIONS: Record<keyof typeof FOLDERS, Permission[]> = {
  categories: [
    'category.create',
    'category.update',
    'subcategory.create',
    'subcategory.update',
    'subsubcategory.create',
    'subsubcategory.update',
  ],
  brands: ['brand.create', 'brand.update'],
  banners: ['banner.create', 'banner.update', 'campaign.create', 'campaign.update'],
  sliders: ['slider.create', 'slider.update'],
  products: ['product.create', 'product.update'],
  combos: ['combo.create', 'combo.update'],
  settings: ['setting.update', 'payment.setup.manage', 'sms.api.manage'],
  content: [
    'page.create',
    'page.update',
    'comment.create',
    'comment.update',
    'landing.page.create',
    'landing.page.update',
    'campaign.create',
    'campaign.update',
  ],
};

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
  const gates = Object.fromEntries(Object.entries(FOLDER_PERMISSIONS).map(([folder, anyOf]) => [folder, permissionGate(anyOf)])) as Record<
    keyof typeof FOLDERS,
    ReturnType<typeof permissionGate>
  >;
  app.post('/api/admin/uploads', { preHandler: requireAdmin() }, async (request, reply) => {
    const { folder } = uploadQuery.parse(request.query);
    gates[folder](request);
    const { data, limitBytes } = await readImageUpload(request);
    const stored = await storeImage(request.server.config.storageDir, folder, data, {
      field: 'image',
      limitBytes,
      sizes: FOLDERS[folder],
    });
    return reply.status(201).send({ path: stored.path, thumbnail: stored.thumbnail, width: stored.width, height: stored.height });
  });
}
