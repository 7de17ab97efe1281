import type { FastifyInstance } from 'fastify';
import { readSetting, SETTING_GROUPS } from './setting.service';

export async function settingRoutes(app: FastifyInstance) {
  /** Read by every area's pages: name, logo, currency, contact. */
  app.get('/api/get/site/info', async (request) => ({
    general_setting: await readSetting(request.server.db, SETTING_GROUPS.general),
  }));

  app.get('/api/get/configuration/info', async (request) => ({
    setting: {
      ...(await readSetting(request.server.db, SETTING_GROUPS.configuration)),
      production_host: request.server.config.productionHost ?? null,
    },
  }));
}
