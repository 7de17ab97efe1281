import { DEFAULT_ORDER_SOURCES, orderSourceDescriptor } from '@haat/contracts';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invalid } from '../../http/errors';
import { createResource, snakeRow } from '../../http/resource';
import { orders } from './order.table';
import { orderSources } from './order-source.table';

const _MANAGE = 'order.source.manage' as const;

/**
 * Order sources (`/admin/order/source`, `/admin/add/source`, `/admin/edit/source/{id}`). Orders
 * keep the source's name; renaming a source renames it on its orders too, so reports by source
 * keep them together.
 */
export const orderSourceResource = createResource(orderSourceDescriptor, {
  table: orderSources,
  id: orderSources.id,
  search: [orderSources.name],
  sort: { id: orderSources.id, name: orderSources.name, sort_order: orderSources.sortOrder, created_at: orderSources.createdAt },
  filters: { status: { column: orderSources.status } },
  statusColumn: orderSources.status,
  async toValues({ db }, input, existing) {
    const [taken] = await db
      .select({ id: orderSources.id })
      .from(orderSources)
      .where(and(sql`lower(${orderSources.name}) = lower(${input.name})`, ne(orderSources.id, existing ? Number(existing.id) : 0)))
      .limit(1);
    if (taken) throw invalid('name', 'There is already an order source with this name.');
    if (existing && existing.name !== input.name) {
      await db
        .update(orders)
        .set({ source: input.name })
        .where(eq(orders.source, existing.name as string));
    }
    return { name: input.name, sortOrder: input.sort_order, status: input.status };
  },
  async toViews({ db }, rows) {
    const names = rows.map((row) => String(row.name));
    const counts = names.length
      ? await db.select({ source: orders.source, n: count() }).from(orders).where(inArray(orders.source, names)).groupBy(orders.source)
      : [];
    return rows.map((row) => ({ ...snakeRow(row), orders_count: counts.find((entry) => entry.source === row.name)?.n ?? 0 }));
  },
});

/** The active sources, in their order, for the order forms. */
export async function activeOrderSources(db: Db): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: orderSources.id, name: orderSources.name })
    .from(orderSources)
    .where(eq(orderSources.status, 1))
    .orderBy(asc(orderSources.sortOrder), asc(orderSources.name));
}

/** The source of a staff order: empty for none, otherwise one of the active sources (its stored spelling). */
export async function checkedSource(db: Db, name: string): Promise<string | null> {
  if (!name) return null;
  const [row] = await db
    .select({ name: orderSources.name })
    .from(orderSources)
    .where(and(sql`lower(${orderSources.name}) = lower(${name})`, eq(orderSources.status, 1)));
  if (!row) throw invalid('source', 'Choose one of the order sources.');
  return row.name;
}

/**
 * How an order's source is written: trimmed, and a shop's starting source in its one spelling whatever the
 * caller's case ("website" from the checkout is "Website"), so lists and the report by source never show
 * one source twice. Other names (a reseller's, `landing:{slug}`) are kept as given.
 */
export function canonicalOrderSource(source: string | null | undefined): string | null {
  const trimmed = source?.trim();
  if (!trimmed) return null;
  return DEFAULT_ORDER_SOURCES.find((name) => name.toLowerCase() === trimmed.toLowerCase()) ?? trimmed;
}

/** The sources every shop starts with (first start, demo or not). */
export async function seedOrderSources(db: Db): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(orderSources);
  if ((existing?.n ?? 0) > 0) return;
  await db.insert(orderSources).values(DEFAULT_ORDER_SOURCES.map((name, index) => ({ name, sortOrder: (index + 1) * 10 })));
}
