import { COURIER_PROVIDERS, type CourierConnection } from '@haat/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { settings } from '../settings/setting.table';

/** Stored credentials per courier, keyed by provider code; the orders issue adds the screen that writes them. */
export const COURIER_API_SETTING = 'courier_api';

export async function courierRoutes(app: FastifyInstance) {
  /** Open without sign-in (seed §6): only whether each courier is connected. */
  app.get('/api/courier/api', async (request) => {
    const [row] = await request.server.db.select({ value: settings.value }).from(settings).where(eq(settings.key, COURIER_API_SETTING));
    const stored = (row?.value ?? {}) as Record<string, { enabled?: boolean } | undefined>;
    const couriers: CourierConnection[] = COURIER_PROVIDERS.map((provider) => ({
      code: provider.code,
      name: provider.name,
      connected: Boolean(stored[provider.code]?.enabled),
    }));
    return { couriers };
  });
}
