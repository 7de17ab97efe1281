import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf } from '../../test/audit';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';

let t: TestApp;
let admin: TestBrowser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
});
afterAll(() => t.close());

describe('the audit of merchant accounts', () => {
  it('records the admin’s create and edit, the password masked; a refused edit writes nothing', async () => {
    const created = await admin.post('/api/admin/merchants', {
      name: 'Audit Merchant',
      phone: '01811229988',
      company_name: 'Audit Textiles',
      password: 'merchant-password-1',
      password_confirmation: 'merchant-password-1',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const saved = await admin.put(`/api/admin/merchants/${id}`, {
      name: 'Audit Merchant',
      phone: '01811229988',
      company_name: 'Audit Textiles Ltd',
      password: 'merchant-password-2',
      password_confirmation: 'merchant-password-2',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await admin.put(`/api/admin/merchants/${id}`, { name: 'A', phone: '123' });
    expect(refused.statusCode).toBe(422);
    const rows = await auditOf(t.database.db, 'merchant', id);
    expect(rows.map((row) => row.action)).toEqual(['create', 'update']);
    expect(rows[0]).toMatchObject({ actorKind: 'admin', ip: '127.0.0.1' });
    expect(rows[0]?.changes).toMatchObject({ company_name: { before: null, after: 'Audit Textiles' }, password_hash: 'changed' });
    expect(rows[1]?.changes).toEqual({
      company_name: { before: 'Audit Textiles', after: 'Audit Textiles Ltd' },
      password_hash: 'changed',
    });
  });
});
