import type { Permission } from '@haat/contracts';
import { expect } from 'vitest';
import type { TestApp, TestBrowser } from '../../test/harness';

let staffCount = 0;

/** A new admin holding only `permissions` (through a role of their own), signed in. */
export async function staffWith(t: TestApp, owner: TestBrowser, permissions: Permission[]): Promise<TestBrowser> {
  staffCount += 1;
  const role = await owner.post('/api/admin/roles', { name: `Marketing test role ${staffCount}`, permissions });
  expect(role.statusCode, role.body).toBe(201);
  const email = `marketing${staffCount}@test.haat`;
  const password = 'marketing-password-1';
  const admin = await owner.post('/api/admin/admins', {
    name: `Marketing Staff ${staffCount}`,
    email,
    password,
    password_confirmation: password,
    role_ids: [role.json().data.id],
  });
  expect(admin.statusCode, admin.body).toBe(201);
  const browser = await t.browser();
  await browser.loginAdmin(email, password);
  return browser;
}

/** An ISO instant `days` from now (negative: in the past). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();
