import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PHONES } from '../../db/seed';
import { ADMIN, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness';
import { resellers } from '../resellers/reseller.table';
import { LOGIN_LIMIT } from './login-limit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

describe('admin sign-in and the session calls of seed §4 and §7', () => {
  it('answers EXPIRED / UNAUTHORIZED / unauthenticate to a visitor', async () => {
    const browser = await t.browser();
    expect((await browser.get('/check/session/admin')).json()).toEqual({ status: 'EXPIRED' });
    expect((await browser.get('/api/admin/auth/check')).json()).toEqual({ status: 'UNAUTHORIZED' });
    expect((await browser.get('/api/admin/authenticate/check')).json()).toEqual({ status: 'UNAUTHORIZED' });
    expect((await browser.get('/api/check/authenticate')).json()).toEqual({ status: 'unauthenticate' });
  });

  it('signs an admin in with an httpOnly SameSite cookie and a token that is not a credential', async () => {
    const browser = await t.browser();
    const response = await browser.post('/api/admin/login', { email: ADMIN.email.toUpperCase(), password: ADMIN.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('AUTHORIZED');
    expect(body.admin).toMatchObject({ email: ADMIN.email, is_super: true, permissions: ['*'] });
    expect(body.admin).not.toHaveProperty('passwordHash');
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/haat_admin=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(body.token).not.toBe(browser.cookie('haat_admin'));

    const running = (await browser.get('/check/session/admin')).json();
    expect(running.status).toBe('RUNNING');
    expect(running.admin.id).toBe(body.admin.id);
    const authorized = (await browser.get('/api/admin/auth/check')).json();
    expect(authorized).toMatchObject({ status: 'AUTHORIZED', token: body.token, admin: { id: body.admin.id } });
    expect((await browser.get('/api/admin/authenticate/check')).json()).toEqual({ status: 'AUTHORIZED' });
    expect((await browser.get('/api/check/authenticate')).json()).toEqual({ status: 'authenticate' });

    // The local-storage token cannot act for the admin.
    const forged = await t.app.inject({ method: 'GET', url: '/check/session/admin', cookies: { haat_admin: body.token } });
    expect(forged.json()).toEqual({ status: 'EXPIRED' });
  });

  it('logs out with SUCCESS and the old cookie no longer works', async () => {
    const browser = await t.browser();
    await browser.loginAdmin();
    const secret = browser.cookie('haat_admin');
    const response = await browser.get('/logout/admin');
    expect(response.json()).toMatchObject({ status: 'SUCCESS' });
    expect((await browser.get('/check/session/admin')).json()).toEqual({ status: 'EXPIRED' });
    const replay = await t.app.inject({ method: 'GET', url: '/check/session/admin', cookies: { haat_admin: secret ?? '' } });
    expect(replay.json()).toEqual({ status: 'EXPIRED' });
  });

  it('names the field when the credentials are wrong or missing', async () => {
    const browser = await t.browser();
    const wrong = await browser.post('/api/admin/login', { email: ADMIN.email, password: 'not-it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.email).toEqual(['These credentials do not match our records.']);
    const empty = await browser.post('/api/admin/login', { email: 'not-an-email' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'password']);
    const garbage = await browser.request('POST', '/api/admin/login', '{not json', { 'content-type': 'application/json' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBeTruthy();
  });
});

describe('CSRF (seed §7)', () => {
  it('refuses a state-changing call without the token or the script header', async () => {
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: ADMIN.email, password: ADMIN.password },
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(noToken.statusCode).toBe(419);
    expect(noToken.json().message).toMatch(/CSRF/);

    const browser = await t.browser();
    const withoutScriptHeader = await browser.request(
      'POST',
      '/api/admin/login',
      { email: ADMIN.email, password: ADMIN.password },
      {
        'x-requested-with': '',
      },
    );
    expect(withoutScriptHeader.statusCode).toBe(419);
    const wrongToken = await browser.request(
      'POST',
      '/api/admin/login',
      { email: ADMIN.email, password: ADMIN.password },
      {
        'x-csrf-token': 'x'.repeat(43),
      },
    );
    expect(wrongToken.statusCode).toBe(419);
    expect(browser.cookie('haat_admin')).toBeUndefined();
  });
});

describe('resellers, merchants and shoppers', () => {
  it('signs a reseller in by phone, reports the session and logs out', async () => {
    const browser = await t.browser();
    expect((await browser.get('/api/reseller/login/session/check')).json()).toEqual({ session: 'EXPIRED' });
    const login = await browser.post('/api/reseller/login', { login: `+88${DEMO_PHONES.reseller}`, password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ session: 'RUNNING', reseller: { phone: DEMO_PHONES.reseller, name: 'Sadia Islam' } });
    const check = (await browser.get('/api/reseller/login/session/check')).json();
    expect(check).toMatchObject({ session: 'RUNNING', reseller: { phone: DEMO_PHONES.reseller } });
    // A reseller session is not an admin session.
    expect((await browser.get('/check/session/admin')).json()).toEqual({ status: 'EXPIRED' });
    await browser.post('/api/reseller/logout');
    expect((await browser.get('/api/reseller/login/session/check')).json()).toEqual({ session: 'EXPIRED' });
  });

  it('signs a merchant in by email and a shopper by phone', async () => {
    const browser = await t.browser();
    const merchant = await browser.post('/api/merchant/login', { login: 'KAMAL@deshitextiles.com.bd', password: DEMO_PASSWORD });
    expect(merchant.json()).toMatchObject({ session: 'RUNNING', merchant: { phone: DEMO_PHONES.merchant } });
    expect((await browser.get('/api/merchant/login/session/check')).json()).toMatchObject({ session: 'RUNNING' });

    expect((await browser.get('/_public/userToCheck')).json()).toEqual({ status: 'UNAUTHORIZED' });
    const user = await browser.post('/_public/login', { login: DEMO_PHONES.customer, password: DEMO_PASSWORD });
    expect(user.json()).toMatchObject({ status: 'AUTHORIZED', user: { name: 'Fahim Ahmed' } });
    expect((await browser.get('/_public/userToCheck')).json()).toMatchObject({
      status: 'AUTHORIZED',
      user: { phone: DEMO_PHONES.customer },
    });
    await browser.post('/_public/logout');
    expect((await browser.get('/_public/userToCheck')).json()).toEqual({ status: 'UNAUTHORIZED' });
  });

  it('refuses a suspended reseller even with the right password, and ends a live session when suspended', async () => {
    const browser = await t.browser();
    const suspended = await browser.post('/api/reseller/login', { login: '01511000114', password: DEMO_PASSWORD });
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().message).toMatch(/not active/);

    await browser.post('/api/reseller/login', { login: '01711000111', password: DEMO_PASSWORD });
    expect((await browser.get('/api/reseller/login/session/check')).json().session).toBe('RUNNING');
    await t.database.db.update(resellers).set({ status: 'suspended' }).where(eq(resellers.phone, '01711000111'));
    expect((await browser.get('/api/reseller/login/session/check')).json()).toEqual({ session: 'EXPIRED' });
  });
});

describe('sign-in rate limits', () => {
  it('refuses the sixth wrong password for one account within 15 minutes with 429', async () => {
    const browser = await t.browser();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await browser.post('/api/merchant/login', { login: '01611000222', password: `wrong-${attempt}` });
      expect(response.statusCode).toBe(422);
    }
    const sixth = await browser.post('/api/merchant/login', { login: '01611000222', password: DEMO_PASSWORD });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Too many failed sign-in attempts/);
  });

  it('limits one address across accounts too', async () => {
    const fromAddress = async (login: string) =>
      t.app.inject({
        method: 'POST',
        url: '/_public/login',
        remoteAddress: '203.0.113.9',
        cookies: { haat_csrf: 'c'.repeat(43) },
        headers: { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': 'c'.repeat(43) },
        payload: { login, password: 'wrong-password' },
      });
    // Two failures per account, so only the address limit (20) can stop the 21st.
    for (let index = 0; index < LOGIN_LIMIT.perAddress; index++) {
      expect((await fromAddress(`017190000${String(index >> 1).padStart(2, '0')}`)).statusCode).toBe(422);
    }
    const refused = await fromAddress('01719000099');
    expect(refused.statusCode).toBe(429);
  });
});
