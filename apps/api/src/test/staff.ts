import type { Permission } from '@haat/contracts';
import { hashPassword } from '../lib/password';
import { adminPermissions, admins } from '../modules/staff/admin.table';
import type { TestApp, TestBrowser } from './harness';

let made = 0;

/** A signed-in staff member holding exactly `permissions` (none: signed in, allowed nothing). */
export async function staffWith(t: TestApp, permissions: Permission[]): Promise<TestBrowser> {
  made += 1;
  const email = `staff${made}.${Date.now()}@test.haat`;
  const password = 'staff-password-1';
  const [admin] = await t.database.db
    .insert(admins)
    .values({ name: `Staff ${made}`, email, passwordHash: await hashPassword(password) })
    .returning({ id: admins.id });
  if (!admin) throw new Error('staff member not created');
  if (permissions.length) {
    await t.database.db.insert(adminPermissions).values(permissions.map((permission) => ({ adminId: admin.id, permission })));
  }
  const browser = await t.browser();
  await browser.loginAdmin(email, password);
  return browser;
}
