import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PHONES } from '../../db/seed';
import { ADMIN, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness';
import { resellers } from '../resellers/reseller.table';
import { LOGIN_LIMIT } from './login-limit';
import { rateCounters } from './session.table';

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
    const response = await browser.post('/logout/admin');
    expect(response.json()).toMatchObject({ status: 'SUCCESS' });
    expect((await browser.get('/check/session/admin')).json()).toEqual({ status: 'EXPIRED' });
    const replay = await t.app.inject({ method: 'GET', url: '/check/session/admin', cookies: { haat_admin: secret ?? '' } });
    expect(replay.json()).toEqual({ status: 'EXPIRED' });
  });

  it('signs out only by POST with the CSRF token: a GET from a link or another site signs nobody out', async () => {
    const browser = await t.browser();
    await browser.loginAdmin();
    const byGet = await browser.get('/logout/admin');
    expect(byGet.statusCode).toBe(405);
    expect(byGet.headers.allow).toBe('POST');
    const withoutToken = await browser.request('POST', '/logout/admin', {}, { 'x-csrf-token': '' });
    expect(withoutToken.statusCode).toBe(419);
    expect((await browser.get('/check/session/admin')).json().status).toBe('RUNNING');
  });

  it('gives a new CSRF token and a new session id on every sign-in; the old token is refused afterwards', async () => {
    const signIns = [
      { url: '/api/admin/login', body: { email: ADMIN.email, password: ADMIN.password }, cookie: 'haat_admin' },
      { url: '/api/reseller/login', body: { login: DEMO_PHONES.reseller, password: DEMO_PASSWORD }, cookie: 'haat_reseller' },
      { url: '/api/merchant/login', body: { login: DEMO_PHONES.merchant, password: DEMO_PASSWORD }, cookie: 'haat_merchant' },
      { url: '/_public/login', body: { login: DEMO_PHONES.customer, password: DEMO_PASSWORD }, cookie: 'haat_user' },
    ];
    for (const signIn of signIns) {
      const browser = await t.browser();
      const first = await browser.post(signIn.url, signIn.body);
      expect(first.statusCode, signIn.url).toBe(200);
      const before = { csrf: browser.csrf, session: browser.cookie(signIn.cookie) };
      const again = await browser.post(signIn.url, signIn.body);
      expect(again.statusCode, signIn.url).toBe(200);
      expect(again.headers['x-csrf-token'], signIn.url).toBe(browser.cookie('haat_csrf'));
      expect(browser.csrf, signIn.url).not.toBe(before.csrf);
      expect(browser.cookie(signIn.cookie), signIn.url).not.toBe(before.session);
      // A token read before the sign-in (by a script, a cached page) no longer passes.
      const stale = await browser.request('POST', signIn.url, signIn.body, { 'x-csrf-token': before.csrf });
      expect(stale.statusCode, signIn.url).toBe(419);
    }
  });

  it('keeps the session cookie exactly as long as the server keeps the session, and renews it when the session slides', async () => {
    const browser = await t.browser();
    const login = await browser.post('/api/admin/login', { email: ADMIN.email, password: ADMIN.password });
    const ttlSeconds = t.config.sessionTtlMs / 1000;
    expect(ttlSeconds).toBe(336 * 3600);
    const cookie = (login.cookies as { name: string; maxAge?: number }[]).find((each) => each.name === 'haat_admin');
    expect(cookie?.maxAge).toBe(ttlSeconds);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000);
      const later = await browser.get('/check/session/admin');
      expect(later.json().status).toBe('RUNNING');
      const renewed = (later.cookies as { name: string; maxAge?: number }[]).find((each) => each.name === 'haat_admin');
      expect(renewed).toMatchObject({ value: browser.cookie('haat_admin'), maxAge: ttlSeconds });
    } finally {
      vi.useRealTimers();
    }
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

  it('checks a call with a session cookie even when it also sends a bearer header', async () => {
    const browser = await t.browser();
    await browser.loginAdmin();
    const forged = await browser.request(
      'POST',
      '/api/admin/roles',
      { name: 'Forged by another site', permissions: [] },
      { authorization: 'Bearer anything', 'x-csrf-token': '' },
    );
    expect(forged.statusCode).toBe(419);
    // Outside the bearer API (/api/v1/…) a bearer header alone is no exemption either.
    const cookieless = await t.app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: { authorization: 'Bearer anything' },
      payload: { name: 'No cookie', permissions: [] },
    });
    expect(cookieless.statusCode).toBe(419);
    const roles = (await browser.get('/api/admin/roles?q=Forged')).json();
    expect(roles.total).toBe(0);
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

describe('sign-in rate limits (decision 026)', () => {
  const csrf = 'c'.repeat(43);
  const attempt = (url: string, body: object, address: string) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: address,
      cookies: { haat_csrf: csrf },
      headers: { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': csrf },
      payload: body,
    });

  it('refuses the sixth wrong password for one account from one address with 429 and Retry-After', async () => {
    const browser = await t.browser();
    for (let attempt = 1; attempt <= LOGIN_LIMIT.perAccount; attempt++) {
      const response = await browser.post('/api/merchant/login', { login: '01611000222', password: `wrong-${attempt}` });
      expect(response.statusCode).toBe(422);
    }
    const sixth = await browser.post('/api/merchant/login', { login: '01611000222', password: DEMO_PASSWORD });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Too many failed sign-in attempts/);
    expect(Number(sixth.headers['retry-after'])).toBe(LOGIN_LIMIT.firstDelayMs / 1000);
    expect(sixth.json().errors.login).toBeDefined();
  });

  it('checks at most the limit of 50 wrong passwords sent at once, and a stranger cannot lock the owner out', async () => {
    const attacker = '198.51.100.7';
    const tries = await Promise.all(
      Array.from({ length: 50 }, (_, index) => attempt('/api/admin/login', { email: ADMIN.email, password: `guess-${index}` }, attacker)),
    );
    const statuses = tries.map((response) => response.statusCode);
    // Each 422 is a password that was hashed and checked; every other attempt was refused before that.
    expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(LOGIN_LIMIT.perAccount);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(50 - LOGIN_LIMIT.perAccount);
    expect(statuses.every((status) => status === 422 || status === 429)).toBe(true);
    // The right password from the attacking address waits too…
    expect((await attempt('/api/admin/login', ADMIN, attacker)).statusCode).toBe(429);
    // …but the owner at their own address signs in at once,
    const owner = await attempt('/api/admin/login', ADMIN, '192.0.2.44');
    expect(owner.statusCode).toBe(200);
    // and after the short delay even from the attacking address.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + LOGIN_LIMIT.firstDelayMs + 1000);
      expect((await attempt('/api/admin/login', ADMIN, attacker)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes the wait grow after each further wrong password from the same address', async () => {
    const address = '198.51.100.8';
    const login = { login: DEMO_PHONES.customer, password: 'not-the-password' };
    for (let index = 0; index < LOGIN_LIMIT.perAccount; index++) {
      expect((await attempt('/_public/login', login, address)).statusCode).toBe(422);
    }
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const waits: number[] = [];
      let elapsed = 0;
      for (let round = 0; round < 3; round++) {
        const refused = await attempt('/_public/login', login, address);
        expect(refused.statusCode).toBe(429);
        const wait = Number(refused.headers['retry-after']);
        waits.push(wait);
        elapsed += wait * 1000 + 1000;
        vi.setSystemTime(start + elapsed);
        expect((await attempt('/_public/login', login, address)).statusCode).toBe(422);
      }
      expect(waits).toEqual([5, 10, 20]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('limits one address across accounts too', async () => {
    const address = '203.0.113.9';
    // Two failures per account, so only the address limit (20) can stop the 21st.
    for (let index = 0; index < LOGIN_LIMIT.perAddress; index++) {
      const login = `017190000${String(index >> 1).padStart(2, '0')}`;
      expect((await attempt('/_public/login', { login, password: 'wrong-password' }, address)).statusCode).toBe(422);
    }
    const refused = await attempt('/_public/login', { login: '01719000099', password: 'wrong-password' }, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps the counters in one row per key and sweeps the old ones', async () => {
    const rows = await t.database.db.select({ key: rateCounters.key }).from(rateCounters);
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
    await t.database.db.insert(rateCounters).values({
      key: 'login:address:old',
      n: 3,
      windowStart: new Date('2020-01-01'),
      expiresAt: new Date('2020-01-01T00:15:00Z'),
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // The sweep runs at most once a minute per process.
      vi.setSystemTime(Date.now() + 2 * 60_000);
      await attempt('/_public/login', { login: '01719000098', password: 'wrong-password' }, '192.0.2.99');
    } finally {
      vi.useRealTimers();
    }
    const old = await t.database.db.select().from(rateCounters).where(eq(rateCounters.key, 'login:address:old'));
    expect(old).toEqual([]);
  });
});
