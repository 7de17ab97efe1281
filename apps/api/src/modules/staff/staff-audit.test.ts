import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, auditSince, lastAuditId } from '../../test/audit';
import { ADMIN, createTestApp, type TestApp, type TestBrowser } from '../../test/harness';

/**
 * Every change of an admin, a role or a permission reaches the audit log in its transaction, by the
 * admin who made it, before → after; passwords only as "changed". A refused change writes nothing.
 */

let t: TestApp;
let owner: TestBrowser;
let ownerId: number;
let ownerName: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.browser();
  const signedIn = await owner.loginAdmin();
  ownerId = signedIn.admin.id;
  ownerName = signedIn.admin.name;
});
afterAll(() => t.close());

const PASSWORD = 'staff-password-1';
let made = 0;
/** A new admin made through the API (email `audit<made>@test.haat`); answers their id. */
async function newAdmin(body: Record<string, unknown> = {}): Promise<number> {
  made += 1;
  const created = await owner.post('/api/admin/admins', {
    name: `Audit Staff ${made}`,
    email: `audit${made}@test.haat`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    ...body,
  });
  expect(created.statusCode).toBe(201);
  return created.json().data.id;
}

async function signIn(id: number, password = PASSWORD) {
  const browser = await t.browser();
  await browser.loginAdmin(`audit${id}@test.haat`, password);
  return browser;
}

describe('roles and permissions', () => {
  it("a role's permission change shows the permissions before and after", async () => {
    const role = (await owner.post('/api/admin/roles', { name: 'Audit desk', permissions: ['order.view'] })).json().data;
    const created = (await auditOf(t.database.db, 'role', role.id))[0];
    expect(created).toMatchObject({ action: 'create', actorKind: 'admin', actorId: ownerId, actorName: ownerName });
    expect(created?.changes).toMatchObject({ permissions: { before: null, after: ['order.view'] } });

    const mark = await lastAuditId(t.database.db);
    const saved = await owner.put(`/api/admin/roles/${role.id}`, {
      name: 'Audit desk',
      permissions: ['order.view', 'order.status.update'],
    });
    expect(saved.statusCode).toBe(200);
    const rows = await auditSince(t.database.db, mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'update', entity: 'role', entityId: String(role.id), actorId: ownerId });
    expect(rows[0]?.ip).toBeTruthy();
    expect(rows[0]?.changes).toEqual({
      permissions: { before: ['order.view'], after: ['order.status.update', 'order.view'] },
    });
  });

  it('a refused role change (granting what one does not hold) writes no row', async () => {
    const role = (await owner.post('/api/admin/roles', { name: 'Audit refused', permissions: ['order.view'] })).json().data;
    await newAdmin({ permissions: ['role.update', 'role.view', 'order.view'] });
    const browser = await signIn(made);
    const mark = await lastAuditId(t.database.db);
    const refused = await browser.put(`/api/admin/roles/${role.id}`, {
      name: 'Audit refused',
      permissions: ['order.view', 'setting.view'],
    });
    expect(refused.statusCode).toBe(403);
    expect(await auditSince(t.database.db, mark)).toHaveLength(0);
  });

  it('assigning roles to an admin (the assign-role screen) is recorded as role_ids before → after', async () => {
    const role = (await owner.post('/api/admin/roles', { name: 'Audit packers', permissions: ['order.view'] })).json().data;
    const staff = await newAdmin();
    const mark = await lastAuditId(t.database.db);
    const assigned = await owner.put(`/api/admin/admins/${staff}/roles`, { role_ids: [role.id] });
    expect(assigned.statusCode).toBe(200);
    const rows = await auditSince(t.database.db, mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorKind: 'admin',
      actorId: ownerId,
      actorName: ownerName,
      action: 'update',
      entity: 'admin',
      entityId: String(staff),
    });
    expect(rows[0]?.ip).toBeTruthy();
    expect(rows[0]?.changes).toEqual({ role_ids: { before: [], after: [role.id] } });
  });

  it('assigning permissions to an admin (the assign-permission screen) is recorded as permissions before → after', async () => {
    const staff = await newAdmin({ permissions: ['order.view'] });
    const mark = await lastAuditId(t.database.db);
    const assigned = await owner.put(`/api/admin/admins/${staff}/permissions`, { permissions: ['order.view', 'product.view'] });
    expect(assigned.statusCode).toBe(200);
    const rows = await auditSince(t.database.db, mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'update', entity: 'admin', entityId: String(staff), actorId: ownerId });
    expect(rows[0]?.changes).toEqual({ permissions: { before: ['order.view'], after: ['order.view', 'product.view'] } });
  });

  it('refused assignments (own rights, rights one does not hold) write no row', async () => {
    const lead = await newAdmin({ permissions: ['admin.update', 'admin.view', 'order.view'] });
    const browser = await signIn(made);
    const other = await newAdmin();
    const mark = await lastAuditId(t.database.db);
    expect((await browser.put(`/api/admin/admins/${lead}/permissions`, { permissions: ['order.view'] })).statusCode).toBe(403);
    expect((await browser.put(`/api/admin/admins/${other}/permissions`, { permissions: ['setting.update'] })).statusCode).toBe(403);
    expect((await owner.put(`/api/admin/admins/${other}/roles`, { role_ids: [999999] })).statusCode).toBe(422);
    expect(await auditSince(t.database.db, mark)).toHaveLength(0);
  });
});

describe('passwords', () => {
  it('an admin form that sends a password is refused (passwords change on their own screens) and writes no row', async () => {
    const staff = await newAdmin();
    const edit = (await owner.get(`/api/admin/admins/${staff}`)).json().data;
    const mark = await lastAuditId(t.database.db);
    const saved = await owner.put(`/api/admin/admins/${staff}`, {
      ...edit,
      password: 'a-new-password-2',
      password_confirmation: 'a-new-password-2',
    });
    expect(saved.statusCode).toBe(422);
    expect(saved.json().errors.password).toBeDefined();
    expect(await auditSince(t.database.db, mark)).toHaveLength(0);
  });

  it("a super admin's reset of another admin's password is masked; a reset by someone else is refused and not recorded", async () => {
    const staff = await newAdmin();
    const mark = await lastAuditId(t.database.db);
    const reset = await owner.put(`/api/admin/admins/${staff}/password`, {
      password: 'reset-password-3',
      password_confirmation: 'reset-password-3',
    });
    expect(reset.statusCode).toBe(200);
    const rows = await auditSince(t.database.db, mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorKind: 'admin',
      actorId: ownerId,
      actorName: ownerName,
      action: 'password.reset',
      entity: 'admin',
      entityId: String(staff),
    });
    expect(rows[0]?.ip).toBeTruthy();
    expect(rows[0]?.changes).toEqual({ password_hash: 'changed' });
    expect(JSON.stringify(rows[0])).not.toContain('reset-password-3');

    // Someone with the permission but not a super admin: refused, nothing recorded.
    await newAdmin({ permissions: ['admin.password.reset'] });
    const resetter = await signIn(made);
    const before = await lastAuditId(t.database.db);
    const refused = await resetter.put(`/api/admin/admins/${staff}/password`, {
      password: 'other-password-4',
      password_confirmation: 'other-password-4',
    });
    expect(refused.statusCode).toBe(403);
    expect(await auditSince(t.database.db, before)).toHaveLength(0);
  });

  it("one's own password change is masked; a wrong current password writes no row", async () => {
    const staff = await newAdmin();
    const browser = await signIn(made);
    const mark = await lastAuditId(t.database.db);
    const wrong = await browser.put(`/api/admin/password/${staff}`, {
      current_password: 'not-my-password',
      password: 'my-new-password-5',
      password_confirmation: 'my-new-password-5',
    });
    expect(wrong.statusCode).toBe(422);
    expect(await auditSince(t.database.db, mark)).toHaveLength(0);

    const changed = await browser.put(`/api/admin/password/${staff}`, {
      current_password: PASSWORD,
      password: 'my-new-password-5',
      password_confirmation: 'my-new-password-5',
    });
    expect(changed.statusCode).toBe(200);
    const rows = await auditSince(t.database.db, mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorKind: 'admin',
      actorId: staff,
      actorName: `Audit Staff ${made}`,
      action: 'password.change',
      entity: 'admin',
      entityId: String(staff),
    });
    expect(rows[0]?.changes).toEqual({ password_hash: 'changed' });
    expect(JSON.stringify(rows[0])).not.toContain('my-new-password-5');
  });
});

describe('profile', () => {
  it('a profile edit shows the fields before → after, by the admin themself; a taken e-mail writes no row', async () => {
    const staff = await newAdmin();
    const browser = await signIn(made);
    const mark = await lastAuditId(t.database.db);
    const taken = await browser.put('/api/admin/profile', { name: 'Renamed Staff', email: ADMIN.email });
    expect(taken.statusCode).toBe(422);
    expect(await auditSince(t.database.db, mark)).toHaveLength(0);

    const saved = await browser.put('/api/admin/profile', { name: 'Renamed Staff', email: `audit${made}@test.haat`, phone: '01712345678' });
    expect(saved.statusCode).toBe(200);
    const rows = await auditSince(t.database.db, mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorKind: 'admin',
      actorId: staff,
      action: 'profile.update',
      entity: 'admin',
      entityId: String(staff),
    });
    expect(rows[0]?.ip).toBeTruthy();
    expect(rows[0]?.changes).toEqual({
      name: { before: `Audit Staff ${made}`, after: 'Renamed Staff' },
      phone: { before: null, after: '01712345678' },
    });
  });
});
