import type { customerDescriptor } from '@haat/contracts';
import { isNotNull } from 'drizzle-orm';
import type { ResourceBinding } from '../../http/resource';
import { customers } from './customer.table';

/** What a back-office list of customers binds to their table; the rest (views, values) is the list's own. */
export type CustomerListBinding = Pick<
  ResourceBinding<typeof customerDescriptor>,
  'table' | 'id' | 'scope' | 'search' | 'sort' | 'filters'
>;

/**
 * The customers' table as the admin's customer and user lists read it: searched by name, phone
 * or email, sorted, filtered by status; `registeredOnly` keeps those who can sign in with a password.
 */
export function customerListBinding({ registeredOnly }: { registeredOnly: boolean }): CustomerListBinding {
  return {
    table: customers,
    id: customers.id,
    scope: registeredOnly ? () => isNotNull(customers.passwordHash) : undefined,
    search: [customers.name, customers.phone, customers.email],
    sort: { id: customers.id, name: customers.name, created_at: customers.createdAt },
    filters: { status: { column: customers.status } },
  };
}
