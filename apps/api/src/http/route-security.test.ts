import { PERMISSIONS, type Permission } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { DEMO_PHONES } from '../db/seed';
import { hashPassword } from '../lib/password';
import { adminPermissions } from '../modules/staff/admin.table';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestBrowser } from '../test/harness';
import { staffWith } from '../test/staff';

/**
 * Security tests generated from the route table (issue 16): every route the app declares is
 * classified by area, and each area's rule is checked on every route of it, so a route added
 * tomorrow is covered the day it is added, or fails the coverage test until it is classified.
 *
 * - admin: no session → 401; a staff member with no permissions → 403; one holding every
 *   permission except the route's own (read from the 403's message) → 403. A route that checks
 *   no permission must be on ANY_STAFF below.
 * - reseller, reseller API, merchant, customer: no session (no key) → 401; every route taking an
 *   owner's record id (path or body), asked by another owner for the first one's real record → 404,
 *   and the record is unchanged.
 * - public and sign-in routes: open by purpose, listed by prefix below.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Route {
  method: Method;
  url: string;
}
type Area = 'public' | 'sign-in' | 'admin' | 'any-staff' | 'reseller' | 'reseller-api' | 'merchant' | 'customer';

const key = (route: Route) => `${route.method} ${route.url}`;

/** Open to anyone by prefix: the storefront and what every page reads. */
const PUBLIC_PREFIXES = [
  '/_public/', // the storefront's calls (seed §6); the shopper's own account is /_public/account/ below
  '/api/get/', // site and configuration info: never a secret (setting.service publicSiteInfo)
  '/api/csrf-token', // the token every form sends
  '/api/courier/api', // which couriers are connected, never how
  '/api/webhooks/', // couriers' callbacks, checked by their own signature
  '/api/courier/webhook/', // couriers' status pushes, checked by each courier's shared secret (decision 058)
  '/api/payments/', // payment gateways' returns and IPNs: confirmed with the gateway's own API (decision 062)
  '/payment-standin/', // the fake gateways of the demo and tests (decision 062): no shop data behind them
  '/auth/', // Google and Facebook sign-in
  '/storage/', // uploaded images
  '/public/storage/',
  '/sitemap',
  '/robots.txt',
  '/feed/', // the product catalogue feeds for Meta and Google (decision 060)
  '/api/v1/reseller/openapi.json', // the reseller API's description
  '/healthz', // the load balancer's checks: the process answers, and says nothing more
  '/readyz', // … the database answers and its migrations are applied
];

/** Sign-in, sign-out and session probes (a probe answers its status in the body, never 401). */
const SIGN_IN = new Set([
  'POST /api/admin/login',
  'GET /check/session/admin',
  'GET /logout/admin',
  'POST /logout/admin',
  'GET /api/check/authenticate',
  'GET /api/admin/auth/check',
  'GET /api/admin/authenticate/check',
  'POST /api/reseller/login',
  'GET /api/reseller/login/session/check',
  'POST /api/reseller/logout',
  'POST /api/reseller/password/reset',
  'POST /api/reseller/code/verify/:phone',
  'POST /api/reseller/set/new/password/:phone',
  'POST /api/merchant/login',
  'GET /api/merchant/login/session/check',
  'POST /api/merchant/logout',
  'POST /api/merchant/password/reset',
  'POST /api/merchant/code/verify/:phone',
  'POST /api/merchant/set/new/password/:phone',
  'POST /_public/login',
  'POST /_public/logout',
  'POST /_public/register',
  'GET /_public/userToCheck',
]);

/** Admin routes any signed-in staff member may use: they check no permission, on purpose. */
const ANY_STAFF = new Set([
  'GET /api/admin/profile', // the admin's own profile
  'PUT /api/admin/profile',
  'POST /api/admin/profile/image',
  'PUT /api/admin/password/:id', // the admin's own password: another admin's id is 403 (profile.routes.ts)
]);

function areaOf(route: Route): Area | undefined {
  const k = key(route);
  if (SIGN_IN.has(k)) return 'sign-in';
  if (ANY_STAFF.has(k)) return 'any-staff';
  if (route.url.startsWith('/api/admin/')) return 'admin';
  if (route.url.startsWith('/api/reseller/')) return 'reseller';
  if (route.url.startsWith('/api/merchant/')) return 'merchant';
  if (route.url.startsWith('/_public/account/')) return 'customer';
  if (PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return 'public';
  if (route.url.startsWith('/api/v1/')) return 'reseller-api';
  return undefined;
}

/**
 * Owners' routes with a path parameter that is not an owner's record, each with why. Any other
 * parameter must be in OWNED below.
 */
const NOT_OWNED_PARAMS = new Set([
  'GET /api/reseller/orders/status/:status', // a status name, filtering the reseller's own orders
  'GET /api/reseller/products/:id', // the shop's catalogue, shared by every reseller
  'PUT /api/reseller/products/:id', // sets this reseller's own price of a shared product (a row of their own)
  'GET /api/v1/reseller/products/:id', // the shop's catalogue, shared by every reseller
  'DELETE /_public/account/sign-in-methods/:provider', // google or facebook: the shopper's own link
]);

const routes: Route[] = [];
let t: TestApp;
let db: TestApp['database']['db'];
const reseller = { a: 0, b: 0 };
const customer = { a: 0, b: 0 };
let resellerA: TestBrowser;
let resellerB: TestBrowser;
const merchant = { a: 0, b: 0 };
let merchantA: TestBrowser;
let merchantB: TestBrowser;
let customerA: TestBrowser;
let customerB: TestBrowser;
let apiKeyB = '';
/** A real city and area, for valid addresses. */
let place: { city: number; sub: number };
let anonymous: TestBrowser;

async function one<Row = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<Row | undefined> {
  return rowsOf<Row>(await db.execute(query))[0];
}

async function idOf(query: ReturnType<typeof sql>, what: string): Promise<number | string> {
  const row = await one<{ id: number | string }>(query);
  if (row?.id === undefined) throw new Error(`the first owner has no ${what} to ask for`);
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({
    demo: true,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') routes.push({ method: method as Method, url: route.url as string });
    },
  });
  db = t.database.db;
  anonymous = await t.browser();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // Reseller A is the demo reseller, with the demo's records; B is a second one with records of their own.
  reseller.a = Number((await one<{ id: number }>(sql`select id from resellers where phone = ${DEMO_PHONES.reseller}`))?.id);
  const b = await one<{ id: number }>(sql`insert into resellers (name, phone, password_hash, status, slug, referral_code)
    values ('Second Reseller', '01799999991', ${passwordHash}, 'active', 'second-reseller', 'SECOND1') returning id`);
  reseller.b = Number(b?.id);
  await db.execute(sql`insert into reseller_shop_sliders (reseller_id, image, title) values
    (${reseller.a}, 'storage/sliders/a.jpg', 'A''s slider'), (${reseller.b}, 'storage/sliders/b.jpg', 'B''s slider')`);
  await db.execute(
    sql`insert into reseller_shop_pages (reseller_id, title, slug, content) values (${reseller.b}, 'B''s page', 'b-page', 'B')`,
  );
  resellerA = await t.browser();
  resellerB = await t.browser();
  for (const [browser, phone] of [
    [resellerA, DEMO_PHONES.reseller],
    [resellerB, '01799999991'],
  ] as const) {
    const response = await browser.post('/api/reseller/login', { login: phone, password: DEMO_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
  }
  expect((await resellerA.post('/api/reseller/security/api-keys', { name: 'A key' })).statusCode).toBe(201);
  const keyB = await resellerB.post('/api/reseller/security/api-keys', { name: 'B key' });
  expect(keyB.statusCode).toBe(201);
  apiKeyB = keyB.json().data.key;

  // Merchant A is the demo merchant (products, delivered lines, accounts, withdrawals); B is a second one.
  merchant.a = Number((await one<{ id: number }>(sql`select id from merchants where phone = ${DEMO_PHONES.merchant}`))?.id);
  const m = await one<{ id: number }>(sql`insert into merchants (name, phone, password_hash, status)
    values ('Second Merchant', '01799999995', ${passwordHash}, 'active') returning id`);
  merchant.b = Number(m?.id);
  merchantA = await t.browser();
  merchantB = await t.browser();
  for (const [browser, phone] of [
    [merchantA, DEMO_PHONES.merchant],
    [merchantB, '01799999995'],
  ] as const) {
    const response = await browser.post('/api/merchant/login', { login: phone, password: DEMO_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
  }

  // Customer A is the demo customer (orders of their own); B is a second shopper with an address.
  customer.a = Number((await one<{ id: number }>(sql`select id from customers where phone = ${DEMO_PHONES.customer}`))?.id);
  const c = await one<{ id: number }>(sql`insert into customers (name, phone, password_hash, status)
    values ('Second Shopper', '01799999992', ${passwordHash}, 'active') returning id`);
  customer.b = Number(c?.id);
  place = (await one<{ city: number; sub: number }>(
    sql`select city_id as city, id as sub from sub_cities order by id limit 1`,
  )) as typeof place;
  await db.execute(sql`insert into customer_addresses (customer_id, name, phone, address, city_id, sub_city_id) values
    (${customer.a}, 'A home', ${DEMO_PHONES.customer}, 'House 1, Road 2', ${place.city}, ${place.sub}),
    (${customer.b}, 'B home', '01799999992', 'House 9, Road 9', ${place.city}, ${place.sub})`);
  customerA = await t.browser();
  customerB = await t.browser();
  for (const [browser, phone] of [
    [customerA, DEMO_PHONES.customer],
    [customerB, '01799999992'],
  ] as const) {
    const response = await browser.post('/_public/login', { login: phone, password: DEMO_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
  }
}, 300_000);
afterAll(() => t.close());

/**
 * Path parameters of admin routes: real-looking values (the permission check comes first anyway);
 * `ownId` is the signed-in staff member's, for the routes about oneself.
 */
function fillAdmin(url: string, ownId = 1): string {
  const filled = url.replace(/:([a-z_]+)/gi, (_match, name: string) =>
    name === 'group' ? 'general' : name === 'slug' ? 'home' : name === 'provider' ? 'steadfast' : String(ownId),
  );
  return filled === '/api/admin/uploads' ? `${filled}?folder=products` : filled;
}

/** Bodies an admin route's own in-handler check needs before it can refuse (bulk actions). */
function adminBody(route: Route): unknown {
  if (route.method === 'GET' || route.method === 'DELETE') return undefined;
  if (route.url.endsWith('/bulk')) return { action: 'delete', ids: [1] };
  return {};
}

describe('the route table', () => {
  it('classifies every route: admin, reseller, reseller API, merchant, customer, or public/sign-in by an explicit list', () => {
    expect(routes.length).toBeGreaterThan(400);
    expect(routes.filter((route) => !areaOf(route)).map(key)).toEqual([]);
    // The exemption lists name only routes that exist: a renamed route does not leave a stale entry.
    const declared = new Set(routes.map(key));
    expect([...SIGN_IN, ...ANY_STAFF, ...NOT_OWNED_PARAMS].filter((entry) => !declared.has(entry))).toEqual([]);
  });

  it("covers every owner's route with a path parameter: an ownership case below, or a listed reason", () => {
    const owners: Area[] = ['reseller', 'reseller-api', 'merchant', 'customer'];
    const withParam = routes.filter((route) => owners.includes(areaOf(route) as Area) && route.url.includes(':'));
    expect(withParam.length).toBeGreaterThan(20);
    expect(withParam.map(key).filter((k) => !OWNED[k] && !NOT_OWNED_PARAMS.has(k))).toEqual([]);
    expect(Object.keys(OWNED).filter((k) => !withParam.some((route) => key(route) === k))).toEqual([]);
  });
});

describe('admin routes', () => {
  const adminRoutes = () => routes.filter((route) => areaOf(route) === 'admin' || areaOf(route) === 'any-staff');

  it('answer 401 without a session', async () => {
    const wrong: string[] = [];
    for (const route of adminRoutes()) {
      const response = await anonymous.request(route.method, fillAdmin(route.url), adminBody(route));
      if (response.statusCode !== 401) wrong.push(`${key(route)} → ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it("answer 403 to a staff member with no permissions, and to one with every permission but the route's own", async () => {
    const nobody = await staffWith(t, []);
    const ownId = (await nobody.get('/api/admin/profile')).json().admin.id as number;
    const wrong: string[] = [];
    const checks = new Map<string, Permission[]>();
    for (const route of adminRoutes()) {
      const anyStaff = areaOf(route) === 'any-staff';
      const response = await nobody.request(route.method, fillAdmin(route.url, anyStaff ? ownId : 1), adminBody(route));
      if (anyStaff) {
        if (response.statusCode === 401 || response.statusCode === 403) wrong.push(`${key(route)} (any staff) → ${response.statusCode}`);
        continue;
      }
      if (response.statusCode !== 403) {
        wrong.push(`${key(route)} → ${response.statusCode} ${response.body.slice(0, 120)}`);
        continue;
      }
      // "You do not have the "x" permission." or "You need one of these permissions: "x", "y"."
      const named = [...(response.json().message as string).matchAll(/"([a-z.]+)"/g)].map((match) => match[1] as Permission);
      if (!named.length || named.some((permission) => !PERMISSIONS.includes(permission))) {
        wrong.push(`${key(route)}: its 403 names no known permission (${response.body.slice(0, 120)})`);
        continue;
      }
      checks.set(key(route), named);
    }
    expect(wrong).toEqual([]);

    // Every permission but the route's: still refused, so it is that permission that opens it. One
    // staff member, whose permissions are set for each group of routes checking the same ones.
    const almost = await staffWith(t, []);
    const almostId = (await almost.get('/api/admin/profile')).json().admin.id as number;
    const byLacking = new Map<string, Route[]>();
    for (const route of adminRoutes().filter((route) => checks.has(key(route)))) {
      const id = [...(checks.get(key(route)) as Permission[])].sort().join(',');
      byLacking.set(id, [...(byLacking.get(id) ?? []), route]);
    }
    for (const [id, group] of byLacking) {
      const lacking = id.split(',');
      await db.execute(sql`delete from admin_permissions where admin_id = ${almostId}`);
      await db
        .insert(adminPermissions)
        .values(PERMISSIONS.filter((permission) => !lacking.includes(permission)).map((permission) => ({ adminId: almostId, permission })));
      for (const route of group) {
        const response = await almost.request(route.method, fillAdmin(route.url), adminBody(route));
        if (response.statusCode !== 403) wrong.push(`${key(route)} without ${id} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(byLacking.size).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe("owners' routes", () => {
  it('answer 401 without a session (the reseller API: without a key)', async () => {
    const wrong: string[] = [];
    const owners = routes.filter((route) => ['reseller', 'reseller-api', 'merchant', 'customer'].includes(areaOf(route) as Area));
    expect(owners.length).toBeGreaterThan(60);
    for (const route of owners) {
      const url = route.url.replace(/:([a-z_]+)/gi, (_match, name: string) =>
        name === 'status' ? '1' : name === 'provider' ? 'google' : '1',
      );
      const response = await anonymous.request(route.method, url, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      if (response.statusCode !== 401) wrong.push(`${key(route)} → ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});

interface OwnedCase {
  /** The first owner's real record: its id for the path, and the row compared before and after. */
  id(): Promise<number | string>;
  row(id: number | string): ReturnType<typeof sql>;
  /** A body valid but for whose record it names, so a 422 cannot stand in for the ownership check. */
  body?: () => unknown;
  as: 'reseller' | 'reseller-api' | 'customer' | 'merchant';
}

const rowById = (table: string) => (id: number | string) => sql`select * from ${sql.identifier(table)} where id = ${id}`;
const firstOfA =
  (table: string, extra = sql``) =>
  () =>
    idOf(sql`select id from ${sql.identifier(table)} where reseller_id = ${reseller.a} ${extra} order by id limit 1`, table);

const payout = (kind: 'bank' | 'mobile'): Omit<OwnedCase, 'body'> => ({
  as: 'reseller',
  id: firstOfA('reseller_payout_accounts', sql`and kind = ${kind}`),
  row: rowById('reseller_payout_accounts'),
});
const resellerOrder = (): Promise<number | string> => firstOfA('orders')();
const resellerCustomer = () =>
  idOf(
    sql`select customer_id as id from orders where reseller_id = ${reseller.a} and customer_id is not null order by id limit 1`,
    "reseller's customer",
  );
const customerAddress = () => idOf(sql`select id from customer_addresses where customer_id = ${customer.a} limit 1`, 'address');

const firstOfMerchantA =
  (table: string, extra = sql``) =>
  () =>
    idOf(sql`select id from ${sql.identifier(table)} where merchant_id = ${merchant.a} ${extra} order by id limit 1`, table);
const merchantPayout = (kind: 'bank' | 'mobile'): Omit<OwnedCase, 'body'> => ({
  as: 'merchant',
  id: firstOfMerchantA('merchant_payout_accounts', sql`and kind = ${kind}`),
  row: rowById('merchant_payout_accounts'),
});

/** Every owner's route taking a record id in its path, with how to find the first owner's record. */
const OWNED: Record<string, OwnedCase> = {
  'PUT /api/reseller/bank-accounts/:id': {
    ...payout('bank'),
    body: () => ({
      bank_name: 'Other Bank',
      branch_name: 'Other',
      account_name: 'Someone',
      account_number: '1234567890123',
      routing_number: '',
    }),
  },
  'DELETE /api/reseller/bank-accounts/:id': payout('bank'),
  'PUT /api/reseller/mobile-banking/:id': {
    ...payout('mobile'),
    body: () => ({ provider: 'bkash', account_number: '01799999991', account_type: 'personal' }),
  },
  'DELETE /api/reseller/mobile-banking/:id': payout('mobile'),
  'PUT /api/reseller/delivery-charges/:id': {
    as: 'reseller',
    id: firstOfA('reseller_delivery_charges'),
    row: rowById('reseller_delivery_charges'),
    body: () => ({ city_id: null, sub_city_id: null, charge: 100 }),
  },
  'DELETE /api/reseller/delivery-charges/:id': {
    as: 'reseller',
    id: firstOfA('reseller_delivery_charges'),
    row: rowById('reseller_delivery_charges'),
  },
  'GET /api/reseller/orders/:id': { as: 'reseller', id: resellerOrder, row: rowById('orders') },
  'PUT /api/reseller/orders/:id': {
    as: 'reseller',
    id: resellerOrder,
    row: rowById('orders'),
    body: () => ({
      customer_name: 'Taken Over',
      customer_phone: '01799999994',
      customer_address: 'House 9, Road 9, Dhanmondi',
      city_id: place.city,
      sub_city_id: place.sub,
      lines: [{ variant_id: 1, quantity: 1, unit_price: 10_000_000 }],
      note: 'changed by another reseller',
    }),
  },
  'GET /api/reseller/customers/:id': { as: 'reseller', id: resellerCustomer, row: rowById('customers') },
  'GET /api/reseller/refer/list/:id': {
    as: 'reseller',
    id: async () => {
      const referred = await one<{ id: number }>(sql`select id from resellers where referred_by = ${reseller.a} order by id limit 1`);
      if (referred) return referred.id;
      const made = await one<{
        id: number;
      }>(sql`insert into resellers (name, phone, password_hash, status, slug, referral_code, referred_by)
        values ('Referred by A', '01799999993', 'x', 'active', 'referred-by-a', 'REFA1', ${reseller.a}) returning id`);
      return Number(made?.id);
    },
    row: rowById('resellers'),
  },
  'DELETE /api/reseller/security/api-keys/:id': {
    as: 'reseller',
    id: firstOfA('reseller_api_keys'),
    row: rowById('reseller_api_keys'),
  },
  'DELETE /api/reseller/security/sessions/:id': {
    as: 'reseller',
    id: () => idOf(sql`select public_id as id from sessions where kind = 'reseller' and subject_id = ${reseller.a} limit 1`, 'session'),
    row: (id) => sql`select id, public_id, subject_id, expires_at from sessions where public_id = ${id}`,
  },
  'GET /api/reseller/shop/coupons/:id': {
    as: 'reseller',
    id: firstOfA('reseller_shop_coupons'),
    row: rowById('reseller_shop_coupons'),
  },
  'PUT /api/reseller/shop/coupons/:id': {
    as: 'reseller',
    id: firstOfA('reseller_shop_coupons'),
    row: rowById('reseller_shop_coupons'),
    body: () => ({ code: 'STOLEN1', kind: 'amount', value: 100, minimum_order: 0, status: 1 }),
  },
  'GET /api/reseller/shop/pages/:id': { as: 'reseller', id: firstOfA('reseller_shop_pages'), row: rowById('reseller_shop_pages') },
  'PUT /api/reseller/shop/pages/:id': {
    as: 'reseller',
    id: firstOfA('reseller_shop_pages'),
    row: rowById('reseller_shop_pages'),
    body: () => ({ title: 'Taken over', slug: 'taken-over', content: 'Taken over by another reseller.' }),
  },
  'GET /api/reseller/shop/sliders/:id': {
    as: 'reseller',
    id: firstOfA('reseller_shop_sliders'),
    row: rowById('reseller_shop_sliders'),
  },
  'PUT /api/reseller/shop/sliders/:id': {
    as: 'reseller',
    id: firstOfA('reseller_shop_sliders'),
    row: rowById('reseller_shop_sliders'),
    body: () => ({ image: 'storage/sliders/b.jpg', title: 'Taken over', link: '', sort_order: 1, status: 1 }),
  },
  'GET /api/reseller/sms/campaigns/:id': { as: 'reseller', id: firstOfA('sms_campaigns'), row: rowById('sms_campaigns') },
  'GET /api/reseller/withdrawals/:id': { as: 'reseller', id: firstOfA('reseller_withdrawals'), row: rowById('reseller_withdrawals') },
  'GET /api/v1/reseller/orders/:id': { as: 'reseller-api', id: resellerOrder, row: rowById('orders') },
  'GET /api/merchant/order-lines/:id': {
    as: 'merchant',
    id: () =>
      idOf(
        sql`select id from order_lines where product_id in (select id from products where merchant_id = ${merchant.a}) order by id limit 1`,
        "merchant's order line",
      ),
    row: rowById('order_lines'),
  },
  'GET /api/merchant/withdrawals/:id': {
    as: 'merchant',
    id: firstOfMerchantA('merchant_withdrawals'),
    row: rowById('merchant_withdrawals'),
  },
  'PUT /api/merchant/bank-accounts/:id': {
    ...merchantPayout('bank'),
    body: () => ({
      bank_name: 'Other Bank',
      branch_name: 'Other',
      account_name: 'Someone',
      account_number: '9234567890123',
      routing_number: '',
    }),
  },
  'DELETE /api/merchant/bank-accounts/:id': merchantPayout('bank'),
  'PUT /api/merchant/mobile-banking/:id': {
    ...merchantPayout('mobile'),
    body: () => ({ provider: 'nagad', account_number: '01799999995', account_type: 'personal' }),
  },
  'DELETE /api/merchant/mobile-banking/:id': merchantPayout('mobile'),
  'PUT /_public/account/addresses/:id': {
    as: 'customer',
    id: customerAddress,
    row: rowById('customer_addresses'),
    body: () => ({ name: 'Taken', phone: '01799999992', address: 'Elsewhere 1, Road 1', city_id: place.city, sub_city_id: place.sub }),
  },
  'DELETE /_public/account/addresses/:id': { as: 'customer', id: customerAddress, row: rowById('customer_addresses') },
  'GET /_public/account/orders/:number': {
    as: 'customer',
    id: () => idOf(sql`select number as id from orders where customer_id = ${customer.a} order by id limit 1`, 'order'),
    row: (id) => sql`select * from orders where number = ${id}`,
  },
  'POST /_public/account/orders/:number/cancel': {
    as: 'customer',
    id: () => idOf(sql`select number as id from orders where customer_id = ${customer.a} order by id limit 1`, 'order'),
    row: (id) => sql`select * from orders where number = ${id}`,
    body: () => ({ reason: 'Not my order to cancel' }),
  },
};

describe("owners' records", () => {
  it.each(Object.entries(OWNED))(
    "%s: another owner asking for the first one's record gets 404 and changes nothing",
    async (name, owned) => {
      const [method, url] = name.split(' ') as [Method, string];
      const id = await owned.id();
      const before = rowsOf(await db.execute(owned.row(id)));
      expect(before, 'the record exists, so a 404 is about whose it is').toHaveLength(1);
      const path = url.replace(/:[a-z_]+/i, encodeURIComponent(String(id)));
      const body = method === 'GET' || method === 'DELETE' ? undefined : (owned.body?.() ?? {});
      const other =
        owned.as === 'reseller' ? resellerB : owned.as === 'customer' ? customerB : owned.as === 'merchant' ? merchantB : anonymous;
      const headers: Record<string, string> = owned.as === 'reseller-api' ? { authorization: `Bearer ${apiKeyB}` } : {};
      const response = await other.request(method, path, body, headers);
      expect(response.statusCode, response.body).toBe(404);
      expect(rowsOf(await db.execute(owned.row(id)))).toEqual(before);
      if (method === 'GET') {
        // The owner does get it: the id is real and readable.
        const owner =
          owned.as === 'reseller' ? resellerA : owned.as === 'customer' ? customerA : owned.as === 'merchant' ? merchantA : undefined;
        if (owner) expect((await owner.get(path)).statusCode).toBe(200);
      }
    },
  );
});

/**
 * Owners' routes naming another record in their body: the first owner's record, named by another
 * owner, is refused and nothing is written. (Body ids are not in the route table, so this list is
 * kept by hand: the ids of the shared catalogue, cities and categories are not owned.)
 */
describe("owners' records named in a body", () => {
  it("a withdrawal to another reseller's bank account is refused and not written", async () => {
    // B has money to withdraw, so only whose account it is can refuse it.
    await db.execute(sql`insert into reseller_ledger (reseller_id, kind, debit_account, credit_account, amount, note)
      select ${reseller.b}, kind, debit_account, credit_account, 500000, 'Route security test'
      from reseller_ledger where kind = 'order_profit' limit 1`);
    const account = await firstOfA('reseller_payout_accounts')();
    const before = rowsOf(await db.execute(sql`select id from reseller_withdrawals order by id`));
    const response = await resellerB.post('/api/reseller/withdrawals', { amount: 10_000, payout_account_id: account, note: '' });
    expect([404, 422], response.body).toContain(response.statusCode);
    if (response.statusCode === 422) expect(Object.keys(response.json().errors)).toEqual(['payout_account_id']);
    expect(rowsOf(await db.execute(sql`select id from reseller_withdrawals order by id`))).toEqual(before);
  });

  it("a withdrawal to another merchant's bank account is refused and not written", async () => {
    await db.execute(sql`insert into merchant_ledger (merchant_id, kind, debit_account, credit_account, amount, note)
      values (${merchant.b}, 'earning', 'shop.merchant_cost', 'merchant.balance', 500000, 'Route security test')`);
    const account = await firstOfMerchantA('merchant_payout_accounts')();
    const before = rowsOf(await db.execute(sql`select id from merchant_withdrawals order by id`));
    const response = await merchantB.post('/api/merchant/withdrawals', { amount: 10_000, payout_account_id: account, note: '' });
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['payout_account_id']);
    expect(rowsOf(await db.execute(sql`select id from merchant_withdrawals order by id`))).toEqual(before);
  });

  it("an SMS campaign to another reseller's customers is refused and not written", async () => {
    await db.execute(sql`update resellers set sms_quota = 1000 where id = ${reseller.b}`);
    const theirs = await resellerCustomer();
    const before = rowsOf(await db.execute(sql`select id from sms_campaigns order by id`));
    const response = await resellerB.post('/api/reseller/sms/campaigns', {
      message: 'Hello',
      audience: 'selected',
      customer_ids: [theirs],
    });
    expect([404, 422], response.body).toContain(response.statusCode);
    if (response.statusCode === 422) expect(Object.keys(response.json().errors)).toEqual(['customer_ids']);
    expect(rowsOf(await db.execute(sql`select id from sms_campaigns order by id`))).toEqual(before);
  });
});

describe('POST /api/admin/uploads', () => {
  async function upload(browser: TestBrowser, folder: string) {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#2b2e8c' } })
      .png()
      .toBuffer();
    const boundary = '----haat-test-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return browser.request('POST', `/api/admin/uploads?folder=${folder}`, body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
  }

  it('takes an image only from staff who may save one in that folder', async () => {
    const brands = await staffWith(t, ['brand.create']);
    expect((await upload(brands, 'brands')).statusCode).toBe(201);
    const refused = await upload(brands, 'products');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('"product.create", "product.update"');
    expect((await upload(await staffWith(t, []), 'settings')).statusCode).toBe(403);
  });
});
