import { hasPermission, SETTING_PAGES, settingPage } from '@haat/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { declarePermissionChecks, requireAdmin } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { secretBoxFor } from '../../lib/secret-box';
import {
  findSettingGroup,
  publicSiteInfo,
  readMaskedSetting,
  readSetting,
  SETTING_GROUPS,
  secretsIn,
  updateSetting,
} from './setting.service';

type GroupRequest = FastifyRequest<{ Params: { group: string } }>;

/** The group named in the path, after checking the admin may read it (`view`) or change it (`update`). */
function groupFor(request: GroupRequest, need: 'view' | 'update') {
  const group = findSettingGroup(request.params.group);
  const page = settingPage(request.params.group);
  if (!group || !page) throw notFound('The settings group');
  const permission = page[need];
  if (!hasPermission(request.admin.permissions, permission)) throw forbidden(`You do not have the "${permission}" permission.`);
  return group;
}

export async function settingRoutes(app: FastifyInstance) {
  // Made (or read) at start: a data folder that cannot hold the key stops the start, not a save.
  secretBoxFor(app.config);
  // Each group's page names the permissions that read and change it (checked in groupFor).
  declarePermissionChecks(SETTING_PAGES.flatMap((page) => [page.view, page.update]));

  /** Read by every area's pages: the general settings, and what the storefront shows (never a secret). */
  app.get('/api/get/site/info', async (request) => publicSiteInfo(request.server.db));

  /** Open without sign-in (seed §6). */
  app.get('/api/get/configuration/info', async (request) => ({
    setting: {
      ...(await readSetting(request.server.db, SETTING_GROUPS.configuration)),
      production_host: request.server.config.productionHost ?? null,
    },
  }));

  /** One group of settings, secrets masked ("••••" and the last 4 characters). */
  app.get<{ Params: { group: string } }>('/api/admin/settings/:group', { preHandler: requireAdmin() }, async (request) => {
    const group = groupFor(request, 'view');
    return { group: group.key, data: await readMaskedSetting(secretsIn(requestCtx(request), request.server.config), group) };
  });

  /** Saves a group; fields left out keep their value, a masked secret keeps the stored one. */
  app.put<{ Params: { group: string } }>('/api/admin/settings/:group', { preHandler: requireAdmin() }, async (request) => {
    const group = groupFor(request, 'update');
    const data = await updateSetting(requestCtx(request), request.server.config, group, request.body);
    return { group: group.key, data, message: `${group.title} saved.` };
  });
}
