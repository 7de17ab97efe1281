import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildApp } from '../http/app';
import { verifyPassword } from '../lib/password';
import { customers } from '../modules/customers';
import { merchants } from '../modules/merchants';
import { resellers } from '../modules/resellers';
import { settings } from '../modules/settings/setting.table';
import { adminPermissions, adminRoles, admins, rolePermissions, roles } from '../modules/staff/admin.table';
import { ADMIN, createTestApp, createTestDatabase, DEMO_PASSWORD, type TestApp } from '../test/harness';
import type { Db } from './client';
import { DEMO_PHONES, seedFirstStart } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const TABLES = { admins, roles, rolePermissions, adminRoles, adminPermissions, resellers, merchants, customers, settings };

async function rowCounts(db: Db): Promise<Record<keyof typeof TABLES, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<keyof typeof TABLES, number>;
}

describe('first start with DEMO=1', () => {
  it('creates the super admin from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const rows = await t.database.db.select().from(admins).where(eq(admins.email, ADMIN.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isSuper: true, status: 'active' });
    // The password is stored hashed, never as typed.
    expect(rows[0]?.passwordHash).not.toContain(ADMIN.password);

    const browser = await t.browser();
    const body = await browser.loginAdmin(ADMIN.email, ADMIN.password);
    expect(body.admin).toMatchObject({ email: ADMIN.email, is_super: true, permissions: ['*'] });
    const wrong = await browser.post('/api/admin/login', { email: ADMIN.email, password: DEMO_PASSWORD });
    expect(wrong.statusCode).toBe(422);
  });

  it('creates the demo reseller, merchant and customer, who sign in with DEMO_PASSWORD', async () => {
    const browser = await t.browser();
    const reseller = await browser.post('/api/reseller/login', { login: DEMO_PHONES.reseller, password: DEMO_PASSWORD });
    expect(reseller.statusCode).toBe(200);
    expect(reseller.json()).toMatchObject({ session: 'RUNNING', reseller: { phone: '01700000001' } });

    const merchant = await browser.post('/api/merchant/login', { login: DEMO_PHONES.merchant, password: DEMO_PASSWORD });
    expect(merchant.statusCode).toBe(200);
    expect(merchant.json()).toMatchObject({ session: 'RUNNING', merchant: { phone: '01700000002' } });

    const customer = await browser.post('/_public/login', { login: DEMO_PHONES.customer, password: DEMO_PASSWORD });
    expect(customer.statusCode).toBe(200);
    expect(customer.json()).toMatchObject({ status: 'AUTHORIZED', user: { phone: '01700000003' } });

    // The demo password is theirs, not the admin's.
    const other = await t.browser();
    const refused = await other.post('/api/reseller/login', { login: DEMO_PHONES.reseller, password: ADMIN.password });
    expect(refused.statusCode).toBe(422);
  });

  it('creates demo staff with roles, who see the dashboard but are not super admins', async () => {
    const browser = await t.browser();
    const body = await browser.loginAdmin('nusrat@haatbazar.com.bd', DEMO_PASSWORD);
    expect(body.admin.is_super).toBe(false);
    expect(body.admin.permissions).toContain('dashboard.view');
    expect(body.admin.permissions).not.toContain('*');
    expect((await browser.get('/api/admin/dashboard')).statusCode).toBe(200);
  });

  it('a second seedFirstStart changes nothing', async () => {
    const db = t.database.db;
    const before = await rowCounts(db);
    expect(before.resellers).toBeGreaterThan(0);
    const [adminBefore] = await db.select().from(admins).where(eq(admins.email, ADMIN.email));

    const again = await seedFirstStart(db, {
      ...t.config,
      admin: { email: 'someone.else@test.haat', password: 'another-password-1' },
      demoPassword: 'another-demo-password',
    });
    expect(again).toEqual({ created: false, logins: [] });
    expect(await rowCounts(db)).toEqual(before);
    const [adminAfter] = await db.select().from(admins).where(eq(admins.email, ADMIN.email));
    expect(adminAfter?.passwordHash).toBe(adminBefore?.passwordHash);

    const browser = await t.browser();
    await browser.loginAdmin(ADMIN.email, ADMIN.password);
    const reseller = await browser.post('/api/reseller/login', { login: DEMO_PHONES.reseller, password: DEMO_PASSWORD });
    expect(reseller.statusCode).toBe(200);
    const newcomer = await browser.post('/api/admin/login', { email: 'someone.else@test.haat', password: 'another-password-1' });
    expect(newcomer.statusCode).toBe(422);
  });
});

describe('first start with DEMO=0', () => {
  it('creates only the first admin, who can sign in, and a second start changes nothing', async () => {
    const { database, drop } = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-seed-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DEMO: '0',
      ADMIN_EMAIL: 'Boss@Shop.Example.com',
      ADMIN_PASSWORD: 'boss-password-1',
      DEMO_PASSWORD,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    const app = await buildApp({ config, db: database.db, logger: false });
    try {
      const result = await seedFirstStart(database.db, config);
      expect(result.created).toBe(true);
      expect(result.logins).toEqual([
        { who: 'Super admin', login: 'boss@shop.example.com', password: 'boss-password-1', url: '/admin/login' },
      ]);

      const counts = await rowCounts(database.db);
      expect(counts).toMatchObject({ admins: 1, resellers: 0, merchants: 0, customers: 0, roles: 0, adminRoles: 0 });
      const [admin] = await database.db.select().from(admins);
      expect(admin).toMatchObject({ email: 'boss@shop.example.com', isSuper: true, status: 'active' });
      expect(await verifyPassword(admin?.passwordHash, 'boss-password-1')).toBe(true);

      await app.ready();
      const csrf = 'c'.repeat(43);
      const login = (email: string, password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/login',
          cookies: { haat_csrf: csrf },
          headers: { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': csrf },
          payload: { email, password },
        });
      const signedIn = await login('boss@shop.example.com', 'boss-password-1');
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().admin).toMatchObject({ is_super: true, permissions: ['*'] });
      expect((await login(ADMIN.email, ADMIN.password)).statusCode).toBe(422);

      const again = await seedFirstStart(database.db, { ...config, demo: true, admin: { email: 'x@y.z', password: 'xyz-password' } });
      expect(again).toEqual({ created: false, logins: [] });
      expect(await rowCounts(database.db)).toEqual(counts);
    } finally {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
