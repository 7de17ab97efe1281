import { customerDescriptor, userDescriptor } from '@haat/contracts';
import type { Db } from '../../../db/client';
import { createResource } from '../../../http/resource';
import { customerListBinding } from '../../customers';
import { orderFiguresByCustomer } from '../../orders';

type Row = Record<string, unknown>;

/** Each customer's orders: how many, how much was delivered (status 5), the last order's time. */
async function customerViews(db: Db, rows: Row[]) {
  const figures = await orderFiguresByCustomer(
    db,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => {
    const own = figures.get(Number(row.id));
    return {
      id: row.id,
      name: row.name,
      phone: row.phone ?? '',
      email: row.email ?? '',
      has_account: row.passwordHash !== null && row.passwordHash !== undefined,
      status: row.status,
      orders_count: own?.orders ?? 0,
      delivered_total: own?.delivered ?? 0,
      last_order_at: own?.lastPlacedAt ?? null,
      created_at: row.createdAt,
    };
  });
}

/** Customers are made by orders and sign-ups, not typed in here: lists, CSV and detail only. */
const readOnly = (descriptor: typeof customerDescriptor, registeredOnly: boolean) =>
  createResource(descriptor, {
    ...customerListBinding({ registeredOnly }),
    toValues: () => ({}),
    toViews: ({ db }, rows) => customerViews(db, rows),
  });

/** `/admin/customer/list`: everyone who ordered or signed up, with their orders and delivered spend. */
export const customerList = readOnly(customerDescriptor, false);

/** `/admin/user/list`: the storefront's registered users (those who can sign in with a password). */
export const userList = readOnly(userDescriptor, true);
