import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { customers } from './customer.table';

/** A customer's id and name, or undefined when there is no such customer. */
export async function customerName(ctx: Ctx, customerId: number): Promise<{ id: number; name: string } | undefined> {
  const [customer] = await ctx.db.select({ id: customers.id, name: customers.name }).from(customers).where(eq(customers.id, customerId));
  return customer;
}
