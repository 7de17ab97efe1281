import { desc, eq } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { customers } from './customer.table';
import { customerAddresses } from './customer-address.table';

/** The customer with this phone (staff look them up when taking an order), or null. */
export async function customerByPhone(
  { db }: Ctx,
  phone: string,
): Promise<{ id: number; name: string; phone: string | null; status: 'active' | 'blocked' } | null> {
  const [customer] = await db
    .select({ id: customers.id, name: customers.name, phone: customers.phone, status: customers.status })
    .from(customers)
    .where(eq(customers.phone, phone));
  return customer ?? null;
}

/** The customer's default address, else their newest one; null when they saved none. */
export async function preferredAddress({ db }: Ctx, customerId: number): Promise<typeof customerAddresses.$inferSelect | null> {
  const [address] = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.isDefault), desc(customerAddresses.id))
    .limit(1);
  return address ?? null;
}
