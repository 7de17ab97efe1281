import type { FastifyInstance } from 'fastify';
import { merchantResource } from './merchant.resource';

export async function merchantRoutes(app: FastifyInstance) {
  merchantResource.register(app);
}
