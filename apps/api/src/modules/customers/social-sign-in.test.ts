import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthProviderError, oauthClient } from '../../integrations/oauth/oauth-provider';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { cities, subCities } from '../locations/location.table';
import { addToCart, checkoutBody, stockedProduct } from '../orders/order.fixture';
import { makeCatalogue } from '../products/catalogue.fixture';
import { customers } from './customer.table';
import { customerIdentities } from './customer-identity.table';

/** Someone the fake provider knows; the test says who signs in at the consent step. */
interface Person {
  sub: string;
  name: string;
  email?: string;
  email_verified?: boolean;
}

interface FakeProvider {
  base: string;
  /** Who approves the next consent; `null` makes the provider answer `error=access_denied`. */
  nextPerson: Person | null;
  /** Makes the token call fail with HTTP 500 (the provider is down). */
  tokenBroken: boolean;
  /** Every token call's fields, to check the client secret and PKCE. */
  tokenCalls: Record<string, string>[];
  authorizeCalls: URLSearchParams[];
  close(): Promise<void>;
}

const GOOGLE = { id: '1234-haat.apps.googleusercontent.com', secret: 'google-secret-abcdef123456' };
const FACEBOOK = { id: '987654321012', secret: 'facebook-secret-abcdef123456' };

/**
 * A local stand-in for Google's and Facebook's OAuth endpoints: `/{provider}/authorize` approves at
 * once as `nextPerson` (redirecting back with a code and the state), `/{provider}/token` trades the
 * code (checking the client secret and, for Google, the PKCE verifier), and `/google/userinfo` /
 * `/facebook/me` answer the person for the token.
 */
function startFakeProvider(): Promise<FakeProvider> {
  const codes = new Map<string, { person: Person; challenge: string | null; redirectUri: string; clientId: string }>();
  const tokens = new Map<string, Person>();
  let counter = 0;
  const fake: FakeProvider = {
    base: '',
    nextPerson: null,
    tokenBroken: false,
    tokenCalls: [],
    authorizeCalls: [],
    close: async () => {},
  };
  const json = (response: http.ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const [, provider, endpoint] = url.pathname.split('/');
      if (endpoint === 'authorize') {
        fake.authorizeCalls.push(url.searchParams);
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        if (!fake.nextPerson) {
          back.searchParams.set('error', 'access_denied');
        } else {
          const code = `code-${++counter}`;
          codes.set(code, {
            person: fake.nextPerson,
            challenge: url.searchParams.get('code_challenge'),
            redirectUri: url.searchParams.get('redirect_uri') ?? '',
            clientId: url.searchParams.get('client_id') ?? '',
          });
          back.searchParams.set('code', code);
        }
        response.writeHead(302, { location: back.toString() }).end();
        return;
      }
      if (endpoint === 'token') {
        const fields = Object.fromEntries(provider === 'google' ? new URLSearchParams(raw) : url.searchParams);
        fake.tokenCalls.push(fields);
        if (fake.tokenBroken) return json(response, 500, { error: 'internal' });
        const grant = codes.get(fields.code ?? '');
        const secret = provider === 'google' ? GOOGLE.secret : FACEBOOK.secret;
        if (!grant || fields.client_secret !== secret || fields.client_id !== grant.clientId || fields.redirect_uri !== grant.redirectUri) {
          return json(response, 400, { error: 'invalid_grant' });
        }
        if (provider === 'google') {
          const challenge = createHash('sha256')
            .update(fields.code_verifier ?? '')
            .digest('base64url');
          if (fields.grant_type !== 'authorization_code' || challenge !== grant.challenge)
            return json(response, 400, { error: 'invalid_grant' });
        }
        codes.delete(fields.code ?? '');
        const token = `token-${++counter}`;
        tokens.set(token, grant.person);
        return json(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      const person = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!person) return json(response, 401, { error: 'invalid_token' });
      if (provider === 'google' && endpoint === 'userinfo') {
        return json(response, 200, {
          sub: person.sub,
          name: person.name,
          email: person.email,
          email_verified: person.email_verified ?? false,
        });
      }
      if (provider === 'facebook' && endpoint === 'me' && url.searchParams.get('fields') === 'id,name,email') {
        return json(response, 200, { id: person.sub, name: person.name, ...(person.email ? { email: person.email } : {}) });
      }
      json(response, 404, { error: 'not found' });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      fake.close = () =>
        new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        });
      resolve(fake);
    });
  });
}

let t: TestApp;
let admin: TestBrowser;
let fake: FakeProvider;

beforeAll(async () => {
  fake = await startFakeProvider();
  const env: Record<string, string> = {};
  for (const provider of ['google', 'facebook'] as const) {
    env[`OAUTH_${provider.toUpperCase()}_AUTHORIZE_URL`] = `${fake.base}/${provider}/authorize`;
    env[`OAUTH_${provider.toUpperCase()}_TOKEN_URL`] = `${fake.base}/${provider}/token`;
    env[`OAUTH_${provider.toUpperCase()}_USERINFO_URL`] = `${fake.base}/${provider}/${provider === 'google' ? 'userinfo' : 'me'}`;
  }
  t = await createTestApp({ env });
  admin = await t.browser();
  await admin.loginAdmin();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** The whole round trip as a browser makes it: start → provider's consent → callback. Answers the callback's response. */
async function socialSignIn(browser: TestBrowser, provider: 'google' | 'facebook', person: Person | null, next?: string) {
  fake.nextPerson = person;
  const start = await browser.get(`/auth/${provider}/start${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  expect(start.statusCode, start.body).toBe(302);
  const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') as string);
  return browser.get(`${back.pathname}${back.search}`);
}

async function identitiesOf(customerId: number) {
  return t.database.db.select().from(customerIdentities).where(eq(customerIdentities.customerId, customerId));
}

describe('while a provider is off', () => {
  it('shows no button and answers 404 on its sign-in pages', async () => {
    const visitor = await t.browser();
    expect((await visitor.get('/api/get/site/info')).json().social_login).toEqual([]);
    expect((await visitor.get('/auth/google/start')).statusCode).toBe(404);
    expect((await visitor.get('/auth/facebook/callback?code=x&state=y')).statusCode).toBe(404);
    expect((await visitor.get('/auth/twitter/start')).statusCode).toBe(404);
  });

  it('needs both the id and the secret before a provider can be switched on', async () => {
    const missing = await admin.put('/api/admin/settings/social', { google_enabled: true, google_client_id: GOOGLE.id });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.google_client_secret).toEqual(['Enter the Google client secret to turn Google sign-in on']);

    // Saved but switched off: still no button.
    await admin.put('/api/admin/settings/social', { google_client_id: GOOGLE.id, google_client_secret: GOOGLE.secret });
    const visitor = await t.browser();
    expect((await visitor.get('/api/get/site/info')).json().social_login).toEqual([]);
    expect((await visitor.get('/auth/google/start')).statusCode).toBe(404);
  });
});

describe('Google sign-in', () => {
  beforeAll(async () => {
    const saved = await admin.put('/api/admin/settings/social', { google_enabled: true, google_client_secret: GOOGLE.secret });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.google_client_secret).toBe('••••3456');
  });

  it('shows the Google button to every visitor, never the secret', async () => {
    const info = await (await t.browser()).get('/api/get/site/info');
    expect(info.json().social_login).toEqual([{ provider: 'google', client_id: GOOGLE.id, start_url: '/auth/google/start' }]);
    expect(info.body).not.toContain(GOOGLE.secret);
    expect((await admin.get('/api/admin/settings/social')).body).not.toContain(GOOGLE.secret);
  });

  it('sends the visitor to Google with the client id, redirect URI, scope, state cookie and PKCE', async () => {
    const visitor = await t.browser();
    const start = await visitor.get('/auth/google/start?next=/checkout');
    expect(start.statusCode).toBe(302);
    const location = new URL(start.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${fake.base}/google/authorize`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: GOOGLE.id,
      redirect_uri: 'http://localhost:80/auth/google/callback',
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(location.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const cookie = String(start.headers['set-cookie']);
    expect(cookie).toMatch(/haat_oauth=[^;]+; Max-Age=600; Path=\/auth; HttpOnly; SameSite=Lax/);
    // The state is not in the cookie in a form another site could guess: it is random for each start.
    const again = new URL((await visitor.get('/auth/google/start')).headers.location as string);
    expect(again.searchParams.get('state')).not.toBe(location.searchParams.get('state'));
  });

  let nadiaId: number;
  it('creates a new customer without a phone, signs them in and sends them where they were going', async () => {
    const visitor = await t.browser();
    const callback = await socialSignIn(
      visitor,
      'google',
      { sub: 'google-nadia', name: 'Nadia Islam', email: 'Nadia.Islam@gmail.com', email_verified: true },
      '/checkout',
    );
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).toBe('/checkout');
    expect(visitor.cookie('haat_user')).toBeTruthy();
    expect(visitor.cookie('haat_oauth')).toBeUndefined();
    // The server proved the code with the secret and the PKCE verifier.
    expect(fake.tokenCalls.at(-1)).toMatchObject({ client_id: GOOGLE.id, client_secret: GOOGLE.secret, grant_type: 'authorization_code' });

    const session = (await visitor.get('/_public/userToCheck')).json();
    expect(session).toMatchObject({ status: 'AUTHORIZED', user: { name: 'Nadia Islam', email: 'nadia.islam@gmail.com', phone: null } });
    nadiaId = session.user.id;
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, nadiaId));
    expect(row).toMatchObject({ phone: null, passwordHash: null, status: 'active' });
    expect(await identitiesOf(nadiaId)).toMatchObject([{ provider: 'google', subject: 'google-nadia', email: 'nadia.islam@gmail.com' }]);

    // Her profile and orders work without a phone.
    expect((await visitor.get('/_public/account/profile')).json().user).toMatchObject({ phone: null });
    expect((await visitor.get('/_public/account/orders')).statusCode).toBe(200);
    expect((await visitor.get('/_public/account/sign-in-methods')).json()).toMatchObject({
      password: false,
      identities: [{ provider: 'google', email: 'nadia.islam@gmail.com' }],
    });
    // She may save her profile without a phone (she has an e-mail), or add one.
    const saved = await visitor.put('/_public/account/profile', { name: 'Nadia Islam', phone: '', email: 'nadia.islam@gmail.com' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user.phone).toBeNull();
    const noWay = await visitor.put('/_public/account/profile', { name: 'Nadia Islam', phone: '', email: '' });
    expect(noWay.json().errors.phone).toEqual(['Enter a mobile number or an email address']);
    // Google is her only way in: it cannot be unlinked.
    expect((await visitor.delete('/_public/account/sign-in-methods/google')).statusCode).toBe(409);
  });

  it('finds the same customer on the next sign-in', async () => {
    const before = (await t.database.db.select({ id: customers.id }).from(customers)).length;
    const visitor = await t.browser();
    const callback = await socialSignIn(visitor, 'google', {
      sub: 'google-nadia',
      name: 'Nadia I.',
      email: 'nadia.islam@gmail.com',
      email_verified: true,
    });
    expect(callback.headers.location).toBe('/account');
    expect((await visitor.get('/_public/userToCheck')).json().user.id).toBe(nadiaId);
    expect((await t.database.db.select({ id: customers.id }).from(customers)).length).toBe(before);
  });

  it('links an existing customer by their verified e-mail, and they may unlink it as they have a password', async () => {
    const shopper = await t.browser();
    const registered = await shopper.post('/_public/register', {
      name: 'Rafiq Hasan',
      phone: '01712000777',
      email: 'rafiq@example.com',
      password: 'rafiq-password-1',
      password_confirmation: 'rafiq-password-1',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const rafiqId = registered.json().user.id;

    const visitor = await t.browser();
    const callback = await socialSignIn(visitor, 'google', {
      sub: 'google-rafiq',
      name: 'Rafiq',
      email: 'rafiq@example.com',
      email_verified: true,
    });
    expect(callback.headers.location).toBe('/account');
    expect((await visitor.get('/_public/userToCheck')).json().user).toMatchObject({ id: rafiqId, phone: '01712000777' });
    expect(await identitiesOf(rafiqId)).toMatchObject([{ provider: 'google', subject: 'google-rafiq' }]);

    const methods = (await visitor.get('/_public/account/sign-in-methods')).json();
    expect(methods).toMatchObject({ password: true, identities: [{ provider: 'google' }] });
    const unlinked = await visitor.delete('/_public/account/sign-in-methods/google');
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().identities).toEqual([]);
  });

  it('does not hand over an account for an e-mail the provider has not verified', async () => {
    const shopper = await t.browser();
    await shopper.post('/_public/register', {
      name: 'Sumi Akter',
      phone: '01712000888',
      email: 'sumi@example.com',
      password: 'sumi-password-1',
      password_confirmation: 'sumi-password-1',
    });
    const visitor = await t.browser();
    await socialSignIn(visitor, 'google', { sub: 'google-impostor', name: 'Not Sumi', email: 'sumi@example.com', email_verified: false });
    const user = (await visitor.get('/_public/userToCheck')).json().user;
    expect(user).toMatchObject({ name: 'Not Sumi', email: null, phone: null });
  });

  it('refuses a callback whose state does not match the cookie, or without the cookie', async () => {
    const visitor = await t.browser();
    fake.nextPerson = { sub: 'google-nadia', name: 'Nadia', email: 'nadia.islam@gmail.com', email_verified: true };
    const start = await visitor.get('/auth/google/start');
    const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') as string);
    back.searchParams.set('state', 'forged-state-value');
    const forged = await visitor.get(`${back.pathname}${back.search}`);
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/login?social_error=state');
    expect((await visitor.get('/_public/userToCheck')).json().status).toBe('UNAUTHORIZED');

    // Another browser replaying a real callback has no state cookie.
    const callbackUrl = new URL(consent.headers.get('location') as string);
    const stranger = await t.browser();
    const replay = await stranger.get(`${callbackUrl.pathname}${callbackUrl.search}`);
    expect(replay.headers.location).toBe('/login?social_error=state');
    expect((await stranger.get('/_public/userToCheck')).json().status).toBe('UNAUTHORIZED');
  });

  it('lands on the sign-in page when consent is denied or the provider fails, never a 500', async () => {
    const visitor = await t.browser();
    const denied = await socialSignIn(visitor, 'google', null, '/checkout');
    expect(denied.statusCode).toBe(302);
    expect(denied.headers.location).toBe('/login?social_error=denied&next=%2Fcheckout');

    fake.tokenBroken = true;
    const broken = await socialSignIn(visitor, 'google', { sub: 'google-x', name: 'X', email_verified: false });
    fake.tokenBroken = false;
    expect(broken.headers.location).toBe('/login?social_error=provider');
    expect((await visitor.get('/_public/userToCheck')).json().status).toBe('UNAUTHORIZED');
  });

  it('keeps a blocked customer out', async () => {
    await t.database.db.update(customers).set({ status: 'blocked' }).where(eq(customers.email, 'sumi@example.com'));
    await admin.put('/api/admin/settings/social', {});
    const visitor = await t.browser();
    // Sumi's own (verified) Google account finds her by e-mail; she is blocked.
    const callback = await socialSignIn(visitor, 'google', {
      sub: 'google-sumi',
      name: 'Sumi',
      email: 'sumi@example.com',
      email_verified: true,
    });
    expect(callback.headers.location).toBe('/login?social_error=blocked');
    expect((await visitor.get('/_public/userToCheck')).json().status).toBe('UNAUTHORIZED');
  });

  it('never redirects outside the shop', async () => {
    const visitor = await t.browser();
    const callback = await socialSignIn(
      visitor,
      'google',
      { sub: 'google-nadia', name: 'Nadia', email: 'nadia.islam@gmail.com', email_verified: true },
      'https://evil.example/steal',
    );
    expect(callback.headers.location).toBe('/account');
  });
});

describe('Facebook sign-in', () => {
  it('is offered once switched on with app id and secret, and signs a new customer in through Graph /me', async () => {
    const saved = await admin.put('/api/admin/settings/social', {
      facebook_enabled: true,
      facebook_app_id: FACEBOOK.id,
      facebook_app_secret: FACEBOOK.secret,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const providers = (await (await t.browser()).get('/api/get/site/info'))
      .json()
      .social_login.map((entry: { provider: string }) => entry.provider);
    expect(providers).toEqual(['google', 'facebook']);

    const visitor = await t.browser();
    const start = await visitor.get('/auth/facebook/start');
    const authorize = new URL(start.headers.location as string);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: FACEBOOK.id,
      redirect_uri: 'http://localhost:80/auth/facebook/callback',
      scope: 'email,public_profile',
    });
    expect(authorize.searchParams.has('code_challenge')).toBe(false);

    const callback = await socialSignIn(visitor, 'facebook', { sub: '10229384756', name: 'Karim Uddin', email: 'karim@example.net' });
    expect(callback.headers.location).toBe('/account');
    const user = (await visitor.get('/_public/userToCheck')).json().user;
    expect(user).toMatchObject({ name: 'Karim Uddin', email: 'karim@example.net', phone: null });
    expect(await identitiesOf(user.id)).toMatchObject([{ provider: 'facebook', subject: '10229384756' }]);
    expect(fake.tokenCalls.at(-1)).toMatchObject({ client_id: FACEBOOK.id, client_secret: FACEBOOK.secret });
  });

  it('lets a signed-in customer link Facebook from their profile, and refuses one that belongs to someone else', async () => {
    const shopper = await t.browser();
    await shopper.post('/_public/register', {
      name: 'Mitu Das',
      phone: '01712000999',
      password: 'mitu-password-1',
      password_confirmation: 'mitu-password-1',
    });
    const mitu = (await shopper.get('/_public/userToCheck')).json().user;
    const linked = await socialSignIn(shopper, 'facebook', { sub: '55501', name: 'Mitu D', email: 'mitu@fb.example' }, '/account');
    expect(linked.headers.location).toBe('/account');
    expect((await shopper.get('/_public/userToCheck')).json().user.id).toBe(mitu.id);
    expect(await identitiesOf(mitu.id)).toMatchObject([{ provider: 'facebook', subject: '55501' }]);

    const elsewhere = await socialSignIn(shopper, 'facebook', { sub: '10229384756', name: 'Karim Uddin' }, '/account');
    expect(elsewhere.headers.location).toBe('/account?social_error=linked_elsewhere');
  });

  it('switching a provider off takes its pages away', async () => {
    await admin.put('/api/admin/settings/social', { facebook_enabled: false });
    expect((await (await t.browser()).get('/auth/facebook/start')).statusCode).toBe(404);
  });
});

describe('a shopper from Google sign-in', () => {
  it('keeps the cart they filled as a guest, and their first order’s phone becomes theirs', async () => {
    const [city] = await t.database.db.select({ id: cities.id }).from(cities).where(eq(cities.name, 'Dhaka'));
    const [subCity] = await t.database.db
      .select({ id: subCities.id })
      .from(subCities)
      .where(and(eq(subCities.cityId, city?.id ?? 0), eq(subCities.name, 'Dhanmondi')));
    const dhaka = { city_id: city?.id ?? 0, sub_city_id: subCity?.id ?? 0 };
    const shop = { t, admin, catalogue: await makeCatalogue(admin), dhaka, sylhet: dhaka };
    const { variantId } = await stockedProduct(shop, 5);

    const visitor = await t.browser();
    await addToCart(visitor, variantId, 2);
    await socialSignIn(
      visitor,
      'google',
      { sub: 'google-runa', name: 'Runa Begum', email: 'runa@gmail.com', email_verified: true },
      '/checkout',
    );
    expect((await visitor.get('/_public/userToCheck')).json().user).toMatchObject({ name: 'Runa Begum', phone: null });
    expect((await visitor.get('/_public/cartToContent')).json().item_count).toBe(2);

    // Checkout asks for the phone; the order carries it, and the customer keeps it.
    const noPhone = await visitor.post('/_public/checkout', checkoutBody(dhaka, { phone: '' }));
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json().errors).toHaveProperty('phone');
    const placed = await visitor.post('/_public/checkout', checkoutBody(dhaka, { name: 'Runa Begum', phone: '01911000222' }));
    expect(placed.statusCode, placed.body).toBe(201);
    const orders = (await visitor.get('/_public/account/orders')).json();
    expect(orders.total).toBe(1);
    expect((await visitor.get('/_public/account/profile')).json().user).toMatchObject({ phone: '01911000222' });
    expect((await visitor.get('/_public/userToCheck')).json().user.phone).toBe('01911000222');
  });
});

describe('the OAuth client', () => {
  it('reports a provider that cannot be reached, or refuses the code, as a provider error', async () => {
    const down = oauthClient(
      'google',
      { clientId: GOOGLE.id, clientSecret: GOOGLE.secret },
      { token: 'http://127.0.0.1:9/token', userinfo: 'http://127.0.0.1:9/userinfo' },
      2000,
    );
    await expect(
      down.profile({ code: 'x', redirectUri: 'http://localhost/auth/google/callback', codeVerifier: 'v' }),
    ).rejects.toBeInstanceOf(OAuthProviderError);
    const garbage = oauthClient('facebook', { clientId: FACEBOOK.id, clientSecret: FACEBOOK.secret }, { token: `${fake.base}/nowhere` });
    await expect(garbage.profile({ code: 'x', redirectUri: 'http://localhost/auth/facebook/callback' })).rejects.toThrow(/facebook token/);
  });
});
