import { customerDescriptor, userDescriptor } from '@haat/contracts';
import { count, inArray, isNotNull, max, sql } from 'drizzle-orm';
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
const readOnly = (descriptor: typeof customerDescriptor, scope?: () => ReturnType<typeof isNotNull>) =>
  createResource(descriptor, {
    table: customers,
    id: customers.id,
    scope,
    search: [customers.name, customers.phone, customers.email],
    sort: { id: customers.id, name: customers.name, created_at: customers.createdAt },
    filters: { status: { column: customers.status } },
    toValues: () => ({}),
    toViews: ({ db }, rows) => customerViews(db, rows),
  });

/** `/admin/customer/list`: everyone who ordered or signed up, with their orders and delivered spend. */
export const customerList = readOnly(customerDescriptor);

/** `/admin/user/list`: the storefront's registered users (those who can sign in with a password). */
export const userList = readOnly(userDescriptor, () => isNotNull(customers.passwordHash));
