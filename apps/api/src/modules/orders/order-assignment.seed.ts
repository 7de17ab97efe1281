import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashPassword } from '../../lib/password';
import { adminRoles, admins, roles } from '../staff/admin.table';
import { orderAssignmentSettings } from './order-assignment.table';

/** The demo's order staff besides Nusrat (the demo's order manager): three people take orders, so turns show. */
const MORE_ORDER_STAFF = [
  { name: 'Rakib Hossain', email: 'rakib@haatbazar.com.bd', phone: '01711000204' },
  { name: 'Mim Chowdhury', email: 'mim@haatbazar.com.bd', phone: '01511000205' },
] as const;

/**
 * The demo's order assignment (decision 057), before the demo orders are placed so each is assigned as a
 * real order would be: two more order managers with logins (the demo password), and assignment on — sticky
 * by phone over Nusrat, Rakib and Mim for website, landing-page and reseller orders; a staff member's phone
 * orders stay theirs. Answers the new logins. Runs in the first start's transaction, after the demo staff.
 */
export async function seedDemoOrderAssignment(db: Db, password: string): Promise<{ who: string; login: string }[]> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Order manager'));
  const [nusrat] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, 'nusrat@haatbazar.com.bd'));
  if (!role || !nusrat) return [];
  const passwordHash = await hashPassword(password);
  const made = await db
    .insert(admins)
    .values(MORE_ORDER_STAFF.map((person) => ({ ...person, passwordHash, createdAt: new Date(Date.now() - 30 * 86_400_000) })))
    .returning({ id: admins.id, email: admins.email });
  await db.insert(adminRoles).values(made.map((admin) => ({ adminId: admin.id, roleId: role.id })));
  const ids = [nusrat.id, ...MORE_ORDER_STAFF.map((person) => made.find((admin) => admin.email === person.email)?.id ?? 0)];
  await db.insert(orderAssignmentSettings).values({
    id: 1,
    enabled: true,
    mode: 'sticky_phone',
    adminIds: ids.filter((id) => id > 0),
    orderTypes: ['website', 'landing', 'reseller'],
    staffOrdersToCreator: true,
    updatedAt: new Date(),
  });
  return MORE_ORDER_STAFF.map((person) => ({ who: `Staff (order manager, ${person.name})`, login: person.email }));
}
