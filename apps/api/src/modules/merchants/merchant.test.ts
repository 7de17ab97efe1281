import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';

let t: TestApp;
let admin: TestBrowser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
});
afterAll(() => t.close());

describe('merchants in the back office', () => {
  it('creates a merchant who can then sign in, and names invalid fields', async () => {
    const bad = await admin.post('/api/admin/merchants', { name: 'K', phone: '12345' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'phone']);
    const noPassword = await admin.post('/api/admin/merchants', { name: 'Karim Textiles', phone: '01811223344' });
    expect(noPassword.json().errors.password).toBeDefined();
    const created = await admin.post('/api/admin/merchants', {
      name: 'Karim Uddin',
      phone: '+880 1811-223344',
      company_name: 'Karim Textiles',
      password: 'karim-password-1',
      password_confirmation: 'karim-password-1',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ phone: '01811223344', company_name: 'Karim Textiles', status: 1, products_count: 0 });
    expect(created.json().data).not.toHaveProperty('password_hash');
    const duplicate = await admin.post('/api/admin/merchants', {
      name: 'Other',
      phone: '01811223344',
      password: 'other-pass-1',
      password_confirmation: 'other-pass-1',
    });
    expect(duplicate.json().errors.phone).toEqual(['Another merchant already uses this phone number.']);

    const merchant = await t.browser();
    const login = await merchant.post('/api/merchant/login', { login: '01811223344', password: 'karim-password-1' });
    expect(login.json()).toMatchObject({ session: 'RUNNING', merchant: { name: 'Karim Uddin' } });
  });

  it('suspending a merchant ends their session at once', async () => {
    const created = (
      await admin.post('/api/admin/merchants', {
        name: 'Salma Begum',
        phone: '01911223344',
        password: 'salma-password-1',
        password_confirmation: 'salma-password-1',
      })
    ).json().data;
    const merchant = await t.browser();
    await merchant.post('/api/merchant/login', { login: '01911223344', password: 'salma-password-1' });
    expect((await merchant.get('/api/merchant/login/session/check')).json().session).toBe('RUNNING');
    const suspended = await admin.put(`/api/admin/merchants/${created.id}`, { ...created, status: 0 });
    expect(suspended.statusCode).toBe(200);
    expect((await merchant.get('/api/merchant/login/session/check')).json()).toEqual({ session: 'EXPIRED' });
    expect((await merchant.post('/api/merchant/login', { login: '01911223344', password: 'salma-password-1' })).statusCode).toBe(403);
    expect((await admin.get('/api/admin/merchants?filter[status]=0')).json().data.map((row: { id: number }) => row.id)).toEqual([
      created.id,
    ]);
  });
});
