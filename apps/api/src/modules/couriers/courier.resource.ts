import { courierDescriptor } from '@haat/contracts';
import { and, ne, sql } from 'drizzle-orm';
import { invalid } from '../../http/errors';
import { createResource, snakeRow } from '../../http/resource';
import { courierOrderCount } from '../orders';
import { couriers } from './courier.table';
import { courierConnections } from './courier-credentials.service';

/** `/admin/courier`: the couriers orders can be handed to. One used by orders cannot be deleted. */
export const courierResource = createResource(courierDescriptor, {
  table: couriers,
  id: couriers.id,
  search: [couriers.name, couriers.phone],
  sort: { id: couriers.id, name: couriers.name, provider: couriers.provider, created_at: couriers.createdAt },
  filters: {
    status: { column: couriers.status },
    provider: { column: couriers.provider },
  },
  usedBy: [{ label: 'orders', count: courierOrderCount }],
  statusColumn: couriers.status,
  async toValues({ db }, input, existing) {
    const [taken] = await db
      .select({ id: couriers.id })
      .from(couriers)
      .where(and(sql`lower(${couriers.name}) = lower(${input.name})`, ne(couriers.id, existing ? Number(existing.id) : 0)))
      .limit(1);
    if (taken) throw invalid('name', 'There is already a courier with this name.');
    return { name: input.name, provider: input.provider, phone: input.phone, trackingUrl: input.tracking_url, status: input.status };
  },
  async toViews(ctx, rows) {
    const connected = new Map((await courierConnections(ctx)).map((connection) => [connection.code, connection.connected]));
    return rows.map((row) => ({
      ...snakeRow(row),
      /** Booked through its API: its provider is connected at /admin/courier/api. */
      api_connected: row.provider !== 'none' && connected.get(row.provider as 'steadfast' | 'pathao') === true,
    }));
  },
});
