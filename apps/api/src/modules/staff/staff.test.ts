import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { admins } from './admin.table';

let t: TestApp;
let owner: TestBrowser;
let ownerId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.browser();
  ownerId = (await owner.loginAdmin()).admin.id;
});
afterAll(() => t.close());

async function signIn(email: string, password: string) {
  const browser = await t.browser();
  await browser.loginAdmin(email, password);
  return browser;
}

describe('roles', () => {
  it('creates a role with permissions from the list only, and names bad fields', async () => {
    const bad = await owner.post('/api/admin/roles', { name: 'x', permissions: ['order.view', 'root.everything'] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'permissions']);
    const role = await owner.post('/api/admin/roles', {
      name: 'Packers',
      description: 'Pack parcels',
      permissions: ['order.view', 'order.status.update', 'order.view'],
    });
    expect(role.statusCode).toBe(201);
    expect(role.json().data).toMatchObject({ name: 'Packers', permissions: ['order.status.update', 'order.view'], admins_count: 0 });
    expect((await owner.post('/api/admin/roles', { name: 'Packers' })).json().errors.name).toBeDefined();
  });
});

describe('admins and the staff rules', () => {
  let packerRole: number;
  let staffId: number;

  beforeAll(async () => {
    packerRole = (await owner.post('/api/admin/roles', { name: 'Order desk', permissions: ['dashboard.view', 'order.view'] })).json().data
      .id;
  });

  it('needs a password for a new admin and keeps emails unique', async () => {
    const noPassword = await owner.post('/api/admin/admins', { name: 'Mitu Akter', email: 'mitu@test.haat' });
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json().errors.password).toBeDefined();
    const mismatch = await owner.post('/api/admin/admins', {
      name: 'Mitu Akter',
      email: 'mitu@test.haat',
      password: 'mitu-password-1',
      password_confirmation: 'other',
    });
    expect(mismatch.json().errors.password_confirmation).toEqual(['The two passwords do not match']);
    const created = await owner.post('/api/admin/admins', {
      name: 'Mitu Akter',
      email: 'mitu@test.haat',
      phone: '01712-345678',
      password: 'mitu-password-1',
      password_confirmation: 'mitu-password-1',
      role_ids: [packerRole],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ email: 'mitu@test.haat', phone: '01712345678', role_ids: [packerRole], status: 1 });
    expect(created.json().data).not.toHaveProperty('password_hash');
    staffId = created.json().data.id;
    const taken = await owner.post('/api/admin/admins', {
      name: 'Other',
      email: 'MITU@test.haat',
      password: 'other-password',
      password_confirmation: 'other-password',
    });
    expect(taken.json().errors.email).toEqual(['Another admin already uses this email address.']);
  });

  it('lets the new admin in with the role, and a role change applies to the live session', async () => {
    const staff = await signIn('mitu@test.haat', 'mitu-password-1');
    expect((await staff.get('/api/admin/dashboard')).statusCode).toBe(200);
    expect((await staff.get('/api/admin/categories')).statusCode).toBe(403);
    await owner.put(`/api/admin/admins/${staffId}/permissions`, { permissions: ['category.view'] });
    expect((await staff.get('/api/admin/categories')).statusCode).toBe(200);
    await owner.put(`/api/admin/admins/${staffId}/roles`, { role_ids: [] });
    expect((await staff.get('/api/admin/dashboard')).statusCode).toBe(403);
    await owner.put(`/api/admin/admins/${staffId}/roles`, { role_ids: [packerRole] });
  });

  it('stops an admin from raising their own rights or granting what they do not hold', async () => {
    // Mitu may manage admins and roles, but holds no product permissions.
    await owner.put(`/api/admin/admins/${staffId}/permissions`, {
      permissions: ['admin.view', 'admin.update', 'role.view', 'role.create', 'role.update'],
    });
    const staff = await signIn('mitu@test.haat', 'mitu-password-1');
    const ownRoles = await staff.put(`/api/admin/admins/${staffId}/roles`, { role_ids: [] });
    expect(ownRoles.statusCode).toBe(403);
    expect(ownRoles.json().message).toBe('You cannot change your own roles.');
    const ownPermissions = await staff.put(`/api/admin/admins/${staffId}/permissions`, { permissions: ['product.delete'] });
    expect(ownPermissions.statusCode).toBe(403);
    const grant = await staff.post('/api/admin/roles', { name: 'Sneaky', permissions: ['product.delete'] });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toContain('product.delete');
    expect((await owner.get('/api/admin/roles?q=Sneaky')).json().total).toBe(0);
    const ownRole = await staff.put(`/api/admin/roles/${packerRole}`, {
      name: 'Order desk',
      permissions: ['dashboard.view', 'order.view', 'role.delete'],
    });
    expect(ownRole.statusCode).toBe(403);
    const superAdmin = await staff.put(`/api/admin/admins/${ownerId}/roles`, { role_ids: [] });
    expect(superAdmin.statusCode).toBe(403);
  });

  it("refuses to delete a role in use, one's own account, or the last super admin", async () => {
    const inUse = await owner.delete(`/api/admin/roles/${packerRole}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('This role cannot be deleted: it is used by 1 admin.');
    const self = await owner.delete(`/api/admin/admins/${ownerId}`);
    expect(self.statusCode).toBe(403);
    const demote = await owner.put(`/api/admin/admins/${ownerId}`, { name: 'Owner', email: ADMIN.email, is_super: false, status: 1 });
    expect(demote.statusCode).toBe(403);
    const [still] = await t.database.db.select({ isSuper: admins.isSuper }).from(admins).where(eq(admins.id, ownerId));
    expect(still?.isSuper).toBe(true);
  });

  it('ends every session of an admin who is deactivated or whose password is reset', async () => {
    const staff = await signIn('mitu@test.haat', 'mitu-password-1');
    const reset = await owner.put(`/api/admin/admins/${staffId}/password`, {
      password: 'new-mitu-pass-2',
      password_confirmation: 'new-mitu-pass-2',
    });
    expect(reset.statusCode).toBe(200);
    expect((await staff.get('/check/session/admin')).json().status).toBe('EXPIRED');
    const again = await signIn('mitu@test.haat', 'new-mitu-pass-2');
    const current = (await owner.get(`/api/admin/admins/${staffId}`)).json().data;
    const deactivated = await owner.put(`/api/admin/admins/${staffId}`, { ...current, status: 0, password: '', password_confirmation: '' });
    expect(deactivated.statusCode).toBe(200);
    expect((await again.get('/check/session/admin')).json().status).toBe('EXPIRED');
    const refused = await t
      .browser()
      .then((browser) => browser.post('/api/admin/login', { email: 'mitu@test.haat', password: 'new-mitu-pass-2' }));
    expect(refused.statusCode).toBe(403);
  });

  it("lets only a super admin reset another admin's password", async () => {
    await owner.post('/api/admin/admins', {
      name: 'Rana Das',
      email: 'rana@test.haat',
      password: 'rana-password-1',
      password_confirmation: 'rana-password-1',
      permissions: ['admin.view', 'admin.password.reset'],
    });
    const rana = await signIn('rana@test.haat', 'rana-password-1');
    const refused = await rana.put(`/api/admin/admins/${ownerId}/password`, {
      password: 'hijacked-pass',
      password_confirmation: 'hijacked-pass',
    });
    expect(refused.statusCode).toBe(403);
    const list = (await rana.get('/api/admin/admins?q=rana')).json();
    expect(list.data[0]).toMatchObject({ name: 'Rana Das', permissions: ['admin.password.reset', 'admin.view'] });
  });

  it("refuses a password in the admin edit: not another admin's (admin.update is not admin.password.reset), not one's own without the current one", async () => {
    const hashOf = async (id: number) =>
      (await t.database.db.select({ hash: admins.passwordHash }).from(admins).where(eq(admins.id, id)))[0]?.hash;
    await owner.post('/api/admin/admins', {
      name: 'Editor Shila',
      email: 'shila@test.haat',
      password: 'shila-password-1',
      password_confirmation: 'shila-password-1',
      permissions: ['admin.view', 'admin.update'],
    });
    await owner.post('/api/admin/admins', {
      name: 'Tanu Roy',
      email: 'tanu@test.haat',
      password: 'tanu-password-1',
      password_confirmation: 'tanu-password-1',
    });
    const shila = await signIn('shila@test.haat', 'shila-password-1');
    const [tanu] = (await shila.get('/api/admin/admins?q=tanu')).json().data;
    const shilaRow = (await shila.get('/api/admin/admins?q=shila')).json().data[0];
    for (const [who, row] of [
      ['another admin', tanu],
      ['oneself', shilaRow],
    ] as const) {
      const before = await hashOf(row.id);
      const answer = await shila.put(`/api/admin/admins/${row.id}`, {
        ...row,
        password: 'taken-over-pass-9',
        password_confirmation: 'taken-over-pass-9',
      });
      expect(answer.statusCode, who).toBe(422);
      expect(Object.keys(answer.json().errors), who).toEqual(['password']);
      expect(await hashOf(row.id), who).toBe(before);
    }
    // Without a password the same edit still saves.
    const renamed = await shila.put(`/api/admin/admins/${tanu.id}`, { ...tanu, name: 'Tanu R.', password: '', password_confirmation: '' });
    expect(renamed.statusCode).toBe(200);
    expect(
      (await t.browser().then((browser) => browser.post('/api/admin/login', { email: 'tanu@test.haat', password: 'tanu-password-1' })))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.browser().then((browser) => browser.post('/api/admin/login', { email: 'shila@test.haat', password: 'shila-password-1' })))
        .statusCode,
    ).toBe(200);
  });
});
