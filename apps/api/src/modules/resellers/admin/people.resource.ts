import type { Permission } from '@haat/contracts';
import { count, inArray, isNotNull, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { createResource } from '../../../http/resource';
import { customers } from '../../customers';
import { orders } from '../../orders';

type Row = Record<string, unknown>;

/** Each customer's orders: how many, how much was delivered (status 5), the last order's time. */
async function customerViews(db: Db, rows: Row[]) {
  const ids = rows.map((row) => Number(row.id));
  const figures = ids.length
    ? await db
        .select({
          customerId: orders.customerId,
          n: count(),
          delivered: sql<string>`coalesce(sum(case when ${orders.status} = 5 then ${orders.total} else 0 end), 0)`,
          last: max(orders.placedAt),
        })
        .from(orders)
        .where(inArray(orders.customerId, ids))
        .groupBy(orders.customerId)
    : [];
  return rows.map((row) => {
    const own = figures.find((each) => each.customerId === row.id);
    return {
      id: row.id,
      name: row.name,
      phone: row.phone ?? '',
      email: row.email ?? '',
      has_account: row.passwordHash !== null && row.passwordHash !== undefined,
      status: row.status,
      orders_count: own?.n ?? 0,
      delivered_total: Number(own?.delivered ?? 0),
      last_order_at: own?.last ?? null,
      created_at: row.createdAt,
    };
  });
}

/** Customers are made by orders and sign-ups, not typed in here: lists, CSV and detail only. */
const readOnly = (path: string, label: string, view: Permission, scope?: () => ReturnType<typeof isNotNull>) =>
  createResource({
    label,
    path,
    permission: view.replace(/\.view$/, ''),
    permissions: { view },
    table: customers,
    id: customers.id,
    input: z.object({}),
    scope,
    search: [customers.name, customers.phone, customers.email],
    sort: { id: customers.id, name: customers.name, created_at: customers.createdAt },
    defaultSort: '-created_at',
    filters: { status: { column: customers.status, schema: z.enum(['active', 'blocked']) } },
    readOnly: true,
    toValues: () => ({}),
    toViews: ({ db }, rows) => customerViews(db, rows),
  });

/** `/admin/customer/list`: everyone who ordered or signed up, with their orders and delivered spend. */
export const customerList = readOnly('/api/admin/customers', 'customer', 'customer.view');

/** `/admin/user/list`: the storefront's registered users (those who can sign in with a password). */
export const userList = readOnly('/api/admin/users', 'user', 'user.view', () => isNotNull(customers.passwordHash));
