import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { couriers } from './courier.table';

/** A courier as other modules need it: its name, whether it is active, how it is booked. */
export interface CourierSummary {
  id: number;
  name: string;
  /** 1: active. */
  status: number;
  provider: string;
}

/** One courier, or null (the dispatch scan's chosen courier, an order's own courier). */
export async function courierSummary(db: Db, courierId: number | null): Promise<CourierSummary | null> {
  if (!courierId) return null;
  const [row] = await db
    .select({ id: couriers.id, name: couriers.name, status: couriers.status, provider: couriers.provider })
    .from(couriers)
    .where(eq(couriers.id, courierId));
  return row ?? null;
}
