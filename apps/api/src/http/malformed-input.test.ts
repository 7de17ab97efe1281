import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PHONES } from '../db/seed';
import { settleAfterCommitWork } from '../modules/orders';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestBrowser } from '../test/harness';
import { routesOf } from './input';

/**
 * Every route of the demo shop, signed in as the super admin, a reseller (with an API key), a
 * merchant and a customer at once, gets malformed path parameters, queries and JSON bodies. None
 * may answer 5xx, a refusal is JSON `{message, errors}`, and a route whose every answer is a
 * refusal changes no row of any table. A route added tomorrow is walked the day it is added
 * (the route table is recorded as the app is built, see input.ts).
 */

let t: TestApp;
let browser: TestBrowser;
let apiKey = '';

/** Routes that end the sessions the walk needs; their own tests cover them. */
const SKIPPED = new Set([
  'POST /logout/admin',
  'GET /logout/admin',
  'POST /api/reseller/logout',
  'POST /api/merchant/logout',
  'POST /_public/logout',
]);

const BAD_PARAMS = ['%00', 'a%00b', '%ED%A0%80', '2147483648', '99999999999999999999', '-1', '0', '1e309', '__proto__', 'constructor'];

const BAD_QUERIES = [
  'q=%00',
  'q=a%00b',
  'q=%ED%A0%80',
  'sort=__proto__',
  'sort=constructor',
  'sort=-__proto__',
  'page=-1',
  'page=2147483648',
  'per_page=1e9',
  'per_page=1e309',
  'filter[__proto__]=1',
  'filter[constructor]=1',
  'filter[id]=2147483648',
  'id=2147483648',
  'status=%00',
  'from=%00&to=%00',
];

/** Keys most bodies read; the route's own required keys are learnt from its answer to `{}`. */
const GENERIC_KEYS = ['id', 'ids', 'variant_id', 'product_id', 'quantity', 'name', 'items', 'status', 'action', 'q', 'amount', 'price'];

const isIdKey = (key: string) => key === 'id' || key === 'ids' || /_ids?$/.test(key);
const isCountKey = (key: string) => /quantity|qty|amount|price|paisa|total|count|stock|charge|cost|limit/.test(key);

/** A value the key plausibly takes, so a malformed neighbour is what the route trips on. */
function plausible(key: string): unknown {
  if (key === 'ids' || key.endsWith('_ids')) return [1];
  if (isIdKey(key) || isCountKey(key)) return 1;
  if (key === 'items') return [{ variant_id: 1, quantity: 1 }];
  if (key.includes('phone')) return '01711111111';
  if (key.includes('email')) return 'probe@example.com';
  return 'Probe value';
}

const json = (value: unknown) => JSON.stringify(value);
const keyed = (keys: string[], value: (key: string) => string) => `{${keys.map((key) => `${json(key)}:${value(key)}`).join(',')}}`;

/** Raw JSON bodies (some cannot be made by JSON.stringify: 1e309, lone surrogates as sent). */
function badBodies(keys: string[]): string[] {
  const nested = (depth: number) => `{"a":${'['.repeat(depth)}1${']'.repeat(depth)}}`;
  const bad = (key: string) => (key === 'ids' || key.endsWith('_ids') ? '[2147483648]' : '2147483648');
  const withItems = (item: string) => keyed(keys, (key) => (key === 'items' ? `[${item}]` : json(plausible(key))));
  return [
    keyed(keys, () => json('a\u0000b')),
    keyed(keys, () => '"\\ud800"'),
    keyed(keys, () => '"a\\udc00b"'),
    keyed(keys, () => '2147483648'),
    keyed(keys, () => '-1'),
    keyed(keys, () => '1e309'),
    keyed(keys, () => '-1e309'),
    keyed(keys, () => '1.5'),
    keyed(keys, () => 'true'),
    keyed(keys, () => '[]'),
    keyed(keys, () => '{"a":1}'),
    keyed(keys, () => '[{"a":"\\u0000"}]'),
    // The ids past int4, everything else plausible: what the cart and bulk routes tripped on.
    keyed(keys, (key) => (isIdKey(key) ? bad(key) : json(plausible(key)))),
    // Quantities and prices past the integer columns, ids plausible.
    keyed(keys, (key) => (isCountKey(key) ? '1000000000000000' : json(plausible(key)))),
    withItems('{"variant_id":2147483648,"quantity":1}'),
    withItems('{"variant_id":1,"quantity":1e15}'),
    withItems('{"variant_id":"a\\u0000b","quantity":1}'),
    '[]',
    '[{"id":2147483648}]',
    '"text"',
    '12',
    'null',
    nested(40),
    nested(5000),
    `{"a":"${'\\u0000'.repeat(3)}","__proto__":{"x":1}}`,
    '{"constructor":{"prototype":{"x":1}}}',
  ];
}

async function campaignsSending(): Promise<boolean> {
  const result = (await t.database.db.execute(sql`select count(*)::int as n from sms_campaigns where status = 'sending'`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0) > 0;
}

async function checksums(): Promise<Map<string, string>> {
  const db = t.database.db;
  const tables = (
    (await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as {
      rows: { name: string }[];
    }
  ).rows.map((row) => row.name);
  const union = tables
    .map((name) => `select '${name}' as name, md5(coalesce(string_agg(x::text, '' order by x::text), '')) as sum from "${name}" x`)
    .join(' union all ');
  const result = (await db.execute(sql.raw(union))) as unknown as { rows: { name: string; sum: string }[] };
  return new Map(result.rows.map((row) => [row.name, row.sum]));
}

/**
 * Writes a refusal may make: a refused sign-in or current-password check counts towards its limit
 * (`rate_counters`), and `auth_epoch` is a counter that any statement on the session tables bumps
 * (even one that deletes nothing) so the session caches re-read; it holds no data. A product page's
 * view is written just after its answer, so one counted by the reads may land during the next batch.
 */
function mayChange(route: { url: string }): Set<string> {
  const counted = route.url.endsWith('/login') || route.url.includes('password');
  // A courier's refused push is kept in its webhook history (decision 058), as a refused sign-in is counted.
  const webhook = route.url.startsWith('/api/courier/webhook/') || route.url.startsWith('/api/webhooks/courier/');
  // `job_leases`: a periodic job (courier tracking) claims its run at a clock boundary, whichever route is probed then.
  return new Set([
    'auth_epoch',
    'product_views',
    'product_popularity',
    'job_leases',
    ...(counted ? ['rate_counters'] : []),
    ...(webhook ? ['courier_webhook_deliveries'] : []),
  ]);
}

/**
 * What the reads may write when they answer (many ignore a stray parameter and answer 200): a product
 * page counts its view (and the popularity made from views), an API key notes when it was last used
 * and counts the call towards its per-minute limit.
 */
const READ_MAY_CHANGE = new Set(['auth_epoch', 'product_views', 'product_popularity', 'reseller_api_keys', 'rate_counters', 'job_leases']);

function changed(before: Map<string, string>, after: Map<string, string>, allowed: Set<string>): string[] {
  return [...after].filter(([name, sum]) => before.get(name) !== sum && !allowed.has(name)).map(([name]) => name);
}

async function send(method: string, url: string, body?: string): Promise<LightMyRequestResponse> {
  const unsafe = method !== 'GET';
  return t.app.inject({
    method: method as 'GET',
    url,
    payload: unsafe ? (body ?? '{}') : undefined,
    headers: {
      cookie: browser.cookieHeader(),
      authorization: `Bearer ${apiKey}`,
      ...(unsafe ? { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': browser.csrf } : {}),
    },
  });
}

/** What is wrong with an answer to malformed input, or null. */
function problemOf(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400) return null;
  let body: { message?: unknown; errors?: unknown };
  try {
    body = response.json();
  } catch {
    return `${response.statusCode} is not JSON: ${response.body.slice(0, 100)}`;
  }
  if (typeof body.message !== 'string') return `${response.statusCode} without a message: ${response.body.slice(0, 200)}`;
  if (response.statusCode === 422 && (typeof body.errors !== 'object' || !body.errors || Object.keys(body.errors).length === 0)) {
    return `422 without field errors: ${response.body.slice(0, 200)}`;
  }
  return null;
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  browser = await t.browser();
  await browser.loginAdmin();
  for (const [path, login] of [
    ['/api/reseller/login', DEMO_PHONES.reseller],
    ['/api/merchant/login', DEMO_PHONES.merchant],
    ['/_public/login', DEMO_PHONES.customer],
  ]) {
    const response = await browser.post(path as string, { login, password: DEMO_PASSWORD });
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  }
  const key = await browser.post('/api/reseller/security/api-keys', { name: 'Malformed input probe' });
  if (key.statusCode !== 201) throw new Error(`API key: ${key.statusCode} ${key.body}`);
  apiKey = key.json().data.key;
  // What the demo's seed queued after its commits (its orders' SMS) has run before the reads are checked: that work
  // starts on a later turn of the event loop (runAfterCommit) and would otherwise write sms_log during the GETs.
  await settleAfterCommitWork();
}, 120_000);
afterAll(() => t?.close());

describe('malformed input on every route', () => {
  it('is refused with a 4xx {message, errors}, never a 5xx, and writes nothing', async () => {
    // Reads first, as one batch: they are checked together (a table sum per route would double the time).
    const routes = routesOf(t.app)
      .filter((route) => !SKIPPED.has(`${route.method} ${route.url}`) && route.url !== '*')
      .sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
    const beforeReads = await checksums();
    let readsChecked = false;
    expect(routes.length).toBeGreaterThan(300);
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      if (route.method !== 'GET' && !readsChecked) {
        readsChecked = true;
        const touched = changed(beforeReads, await checksums(), READ_MAY_CHANGE);
        if (touched.length) failures.push(`the GET routes changed ${touched.join(', ')}`);
      }
      const urls =
        route.url.includes(':') || route.url.includes('*') ? BAD_PARAMS.map((value) => route.url.replace(/:\w+|\*/g, value)) : [];
      // A plausible path for the query and body probes: ids 1, words for slugs.
      const plain = route.url.replace(/:(\w+)/g, (_, name: string) => (/id$/i.test(name) ? '1' : 'probe')).replace('*', 'probe');
      const attempts: { url: string; body?: string }[] = urls.map((url) => ({ url }));
      if (route.method === 'GET') {
        attempts.push(...BAD_QUERIES.map((query) => ({ url: `${plain}${plain.includes('?') ? '&' : '?'}${query}` })));
      } else {
        const learnt = await send(route.method, plain, '{}');
        requests += 1;
        const errors = learnt.statusCode === 422 ? Object.keys((learnt.json() as { errors?: object }).errors ?? {}) : [];
        const keys = [...new Set([...GENERIC_KEYS, ...errors.map((key) => key.split('.')[0] as string).filter((key) => key !== '_')])];
        attempts.push(...badBodies(keys).map((body) => ({ url: plain, body })));
      }
      // An SMS campaign an earlier probe started sends in the background, batch after batch (SmsCampaignRunner):
      // while one is sending, its tables change whichever route is probed. Asked before and after the snapshot:
      // a campaign that finishes between the two changed its row after the snapshot, yet is no longer sending.
      const sendingBefore = route.method === 'GET' ? false : await campaignsSending();
      const before = route.method === 'GET' ? null : await checksums();
      const sending = sendingBefore || (before ? await campaignsSending() : false);
      let allRefused = true;
      for (const attempt of attempts) {
        const response = await send(route.method, attempt.url, attempt.body);
        requests += 1;
        if (response.statusCode < 400) allRefused = false;
        const problem = problemOf(response);
        if (problem) failures.push(`${route.method} ${attempt.url}${attempt.body ? ` ${attempt.body.slice(0, 80)}` : ''} → ${problem}`);
      }
      if (before && allRefused) {
        const allowed = mayChange(route);
        if (sending) for (const table of ['sms_campaigns', 'sms_campaign_recipients', 'sms_log']) allowed.add(table);
        const touched = changed(before, await checksums(), allowed);
        if (touched.length) failures.push(`${route.method} ${route.url}: refused, yet changed ${touched.join(', ')}`);
      }
    }
    console.log(`malformed input: ${routes.length} routes, ${requests} requests, ${failures.length} failures`);
    if (failures.length) console.log(failures.join('\n'));
    expect(failures).toEqual([]);
  }, 600_000);
});
