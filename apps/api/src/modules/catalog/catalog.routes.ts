import type { FastifyInstance } from 'fastify';
import { CATALOG_RESOURCES } from './catalog.resources';

export async function catalogRoutes(app: FastifyInstance) {
  for (const resource of CATALOG_RESOURCES) resource.register(app);
}
