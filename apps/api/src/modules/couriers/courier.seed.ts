import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { couriers } from './courier.table';

/** The demo shop's couriers: two with an API to connect at /admin/courier/api, one booked by hand. */
export const DEMO_COURIERS = [
  { name: 'Steadfast', provider: 'steadfast', phone: '09678045045', trackingUrl: 'https://steadfast.com.bd/t/{code}' },
  { name: 'Pathao', provider: 'pathao', phone: '09610003030', trackingUrl: 'https://merchant.pathao.com/tracking?consignment_id={code}' },
  { name: 'Sundarban Courier', provider: 'none', phone: '01713199222', trackingUrl: '' },
] as const;

export async function seedCouriers(db: Db, options: { demo: boolean }): Promise<void> {
  if (!options.demo) return;
  const [existing] = await db.select({ n: count() }).from(couriers);
  if ((existing?.n ?? 0) > 0) return;
  await db.insert(couriers).values(DEMO_COURIERS.map((courier) => ({ ...courier, status: 1 })));
}
