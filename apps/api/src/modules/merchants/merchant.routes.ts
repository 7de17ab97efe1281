import type { FastifyInstance } from 'fastify';
import { merchantResource } from './merchant.resource';
import { merchantMoneyAdminRoutes } from './money/admin.routes';
import { merchantPortalRoutes } from './portal/portal.routes';

export async function merchantRoutes(app: FastifyInstance) {
  merchantResource.register(app);
  await merchantMoneyAdminRoutes(app);
  await merchantPortalRoutes(app);
}
