// Reseller REST API place-order (`POST /api/v1/reseller/orders` with a bearer API key and an Idempotency-Key):
// the demo shop, signed in as the demo reseller to make an API key, with a few products given large stock.
// 1) latency: sequential orders over one keep-alive connection after a warm-up (budget: median < 30 ms);
// 2) throughput: autocannon at a fixed 300 orders/s for BENCH_API_DURATION seconds (budget: 300 orders/s
//    sustained without errors), every answer checked (201, a new order) and the orders counted afterwards;
// 3) headroom: the same clients without a rate limit for BENCH_API_CAPACITY_DURATION seconds (reported, no budget).
// The server runs with RESELLER_API_RATE_LIMIT raised: the per-key limit (120 a minute) is a policy, not the path measured.
// Usage: node bench/reseller-api.mjs [--json FILE]
// BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres also runs it on PostgreSQL, in a fresh database
// created there and dropped afterwards. BENCH_API_REQUESTS, BENCH_API_WARMUP, BENCH_API_RATE, BENCH_API_DURATION override.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  assertLocalDatabase,
  benchAdmin,
  cookiesFrom,
  createBenchDatabase,
  describeExit,
  freePort,
  httpRequest,
  LOOPBACK,
  makeTempDir,
  median,
  percentile,
  removeTempDir,
  runBenchmark,
  signInAsAdmin,
  startHaat,
  statusOf,
  tail,
  waitFor200,
} from './lib.mjs';

const REQUESTS = Number(process.env.BENCH_API_REQUESTS ?? 300);
const WARMUP = Number(process.env.BENCH_API_WARMUP ?? 30);
const RATE = Number(process.env.BENCH_API_RATE ?? 300);
const DURATION_S = Number(process.env.BENCH_API_DURATION ?? 20);
const CONNECTIONS = 30;
const CAPACITY_S = Number(process.env.BENCH_API_CAPACITY_DURATION ?? 10);
const PRODUCTS = 10;
const STOCK = 1_000_000;
const BUDGET = { medianMs: 30, rate: 300 };
const ADMIN = benchAdmin();
const RESELLER_PHONE = '01700000001';

const round = (value) => Math.round(value * 10) / 10;

function expectStatus(response, status, what) {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${response.body.slice(0, 300)}`);
  return JSON.parse(response.body);
}

/** The demo reseller's password, from the logins the first start wrote into the data folder. */
function demoResellerPassword(dataDir) {
  const text = fs.readFileSync(path.join(dataDir, 'first-start-logins.txt'), 'utf8');
  const line = text.split('\n').find((each) => each.includes(RESELLER_PHONE));
  const password = line?.split(`${RESELLER_PHONE} / `)[1]?.trim().split(/\s+/)[0];
  if (!password) throw new Error('the first start wrote no demo reseller login');
  return password;
}

/** A session client (cookie + CSRF) for the portal and back-office calls that prepare the run. */
function sessionClient(base, { cookie, csrfToken }) {
  const headers = { cookie, 'x-csrf-token': csrfToken, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
  return {
    get: (requestPath) => httpRequest(`${base}${requestPath}`, { headers: { cookie }, timeoutMs: 60_000 }),
    post: (requestPath, body) =>
      httpRequest(`${base}${requestPath}`, { method: 'POST', headers, body: JSON.stringify(body), timeoutMs: 60_000 }),
  };
}

async function signInAsReseller(base, password) {
  const tokenResponse = await httpRequest(`${base}/api/csrf-token`);
  const { token } = JSON.parse(tokenResponse.body);
  const csrf = cookiesFrom(tokenResponse).haat_csrf;
  const login = await httpRequest(`${base}/api/reseller/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `haat_csrf=${csrf}`,
      'x-csrf-token': token,
      'x-requested-with': 'XMLHttpRequest',
    },
    body: JSON.stringify({ login: RESELLER_PHONE, password }),
  });
  expectStatus(login, 200, 'POST /api/reseller/login');
  return { cookie: `haat_csrf=${csrf}; haat_reseller=${cookiesFrom(login).haat_reseller}`, csrfToken: token };
}

/** A category and PRODUCTS published products of one variant each, STOCK units apiece; a place to deliver to. */
async function prepareShop(base, admin) {
  const stamp = Date.now();
  const category = expectStatus(
    await admin.post('/api/admin/categories', { name: `API Bench ${stamp}` }),
    201,
    'POST /api/admin/categories',
  );
  const variants = [];
  for (let index = 0; index < PRODUCTS; index++) {
    const sku = `APIB-${stamp}-${index}`;
    const product = expectStatus(
      await admin.post('/api/admin/products', {
        name: `API Bench Kurti ${index + 1}`,
        sku,
        category_id: category.data.id,
        wholesale_price: 80000,
        retail_price: 120000,
        variants: [{ sku, attribute_value_ids: [], opening_stock: STOCK }],
      }),
      201,
      'POST /api/admin/products',
    ).data;
    variants.push(product.variants[0].id);
  }
  const { cities } = expectStatus(await httpRequest(`${base}/_public/cities`), 200, 'GET /_public/cities');
  const dhaka = cities.find((city) => city.is_main_city) ?? cities[0];
  const subCities = expectStatus(await httpRequest(`${base}/_public/cities/${dhaka.id}/sub-cities`), 200, 'GET sub cities');
  const list = subCities.sub_cities ?? subCities.data ?? [];
  return { variants, place: { city_id: dhaka.id, sub_city_id: list[0]?.id ?? null } };
}

function orderBody(shop, index) {
  const variantId = shop.variants[index % shop.variants.length];
  return JSON.stringify({
    customer_name: `API Buyer ${index % 500}`,
    customer_phone: `019${String(10_000_000 + (index % 500)).slice(-8)}`,
    customer_address: 'House 7, Road 3, Dhanmondi',
    ...shop.place,
    lines: [{ variant_id: variantId, quantity: 1, unit_price: 99000 }],
  });
}

async function measure(label, extraEnv) {
  const port = await freePort();
  const dataDir = makeTempDir('reseller-api');
  const server = startHaat(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RESELLER_API_RATE_LIMIT: '100000000',
      ...extraEnv,
    },
    { label: `haat (${label})`, guard: true },
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const base = `http://${LOOPBACK}:${port}`;
    await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 180_000 });
    const admin = sessionClient(base, await signInAsAdmin(base, ADMIN));
    const shop = await prepareShop(base, admin);
    const reseller = sessionClient(base, await signInAsReseller(base, demoResellerPassword(dataDir)));
    const { key } = expectStatus(await reseller.post('/api/reseller/security/api-keys', { name: 'Bench' }), 201, 'POST api-keys').data;
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const before = expectStatus(
      await httpRequest(`${base}/api/v1/reseller/orders?per_page=1`, { headers }),
      200,
      'GET /api/v1/reseller/orders',
    ).total;

    /** autocannon's requests: each a new order with its own idempotency key; `refused` hears every answer but 201. */
    const orderRequests = (refused) => [
      {
        method: 'POST',
        path: '/api/v1/reseller/orders',
        setupRequest: (request) => ({
          ...request,
          headers: { ...headers, 'idempotency-key': randomUUID() },
          body: orderBody(shop, sent++),
        }),
        onResponse: (status, body) => {
          if (status !== 201) refused(status, body);
        },
      },
    ];

    // 1) Latency, one order after another.
    let sent = 0;
    const place = async () => {
      const body = orderBody(shop, sent++);
      const started = performance.now();
      const response = await httpRequest(`${base}/api/v1/reseller/orders`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        body,
        agent,
        timeoutMs: 30_000,
      });
      const elapsed = performance.now() - started;
      expectStatus(response, 201, 'POST /api/v1/reseller/orders');
      return elapsed;
    };
    for (let index = 0; index < WARMUP; index++) await place();
    const times = [];
    for (let index = 0; index < REQUESTS; index++) times.push(await place());
    const latency = { medianMs: round(median(times)), p99Ms: round(percentile(times, 99)), maxMs: round(Math.max(...times)) };
    console.log(
      `${label} place order: median ${latency.medianMs} ms, p99 ${latency.p99Ms} ms, max ${latency.maxMs} ms (${REQUESTS} sequential)`,
    );

    // 2) Sustained rate: autocannon sends RATE orders a second, each with its own idempotency key.
    let bad = 0;
    let firstBad = '';
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      overallRate: RATE,
      duration: DURATION_S,
      timeout: 30,
      requests: orderRequests((status, body) => {
        bad += 1;
        if (!firstBad) firstBad = `${status} ${String(body).slice(0, 200)}`;
      }),
    });
    const after = expectStatus(
      await httpRequest(`${base}/api/v1/reseller/orders?per_page=1`, { headers, timeoutMs: 30_000 }),
      200,
      'GET /api/v1/reseller/orders',
    ).total;
    const ok = result['2xx'];
    const throughput = {
      rate: round(ok / DURATION_S),
      ok,
      errors: result.errors + result.timeouts + result.non2xx + bad,
      firstBad,
      latencyMedianMs: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      ordersWritten: after - before - WARMUP - REQUESTS,
    };
    console.log(
      `${label} sustained: ${throughput.rate} orders/s over ${DURATION_S} s (${ok} answered 201, ${throughput.errors} errors` +
        `${firstBad ? `, first: ${firstBad}` : ''}); latency under load p50 ${throughput.latencyMedianMs} ms, p99 ${throughput.latencyP99Ms} ms; ` +
        `${throughput.ordersWritten} orders written`,
    );
    // Requests still in flight when autocannon stops are written but not counted: at most one a connection.
    if (throughput.ordersWritten < ok || throughput.ordersWritten > ok + CONNECTIONS) {
      throw new Error(`${ok} orders answered 201 but ${throughput.ordersWritten} were written`);
    }
    // 3) Headroom: as many orders as CONNECTIONS clients get answered, for CAPACITY_S seconds.
    let capacityErrors = 0;
    const flat = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: CAPACITY_S,
      timeout: 30,
      requests: orderRequests(() => {
        capacityErrors += 1;
      }),
    });
    const capacity = {
      rate: round(flat['2xx'] / CAPACITY_S),
      errors: flat.errors + flat.timeouts + flat.non2xx + capacityErrors,
      latencyP99Ms: flat.latency.p99,
    };
    console.log(
      `${label} capacity: ${capacity.rate} orders/s with ${CONNECTIONS} clients unthrottled (${capacity.errors} errors, p99 ${capacity.latencyP99Ms} ms)`,
    );
    if (server.exitInfo) throw new Error(`the server ${describeExit(server.exitInfo)} during the run`);
    return { latency, throughput, capacity };
  } catch (error) {
    const exited = server.exitInfo ? `the server ${describeExit(server.exitInfo)}; ` : '';
    throw new Error(`${label}: ${error.message}\n${exited}server output:\n${tail(server.output())}`);
  } finally {
    agent.destroy();
    await server.stop();
    removeTempDir(dataDir);
  }
}

function rowsFor(label, { latency, throughput, capacity }) {
  return [
    {
      metric: `Reseller API place order, ${label}`,
      budget: `median < ${BUDGET.medianMs} ms`,
      measured: `median ${latency.medianMs} ms, p99 ${latency.p99Ms} ms`,
      pass: latency.medianMs < BUDGET.medianMs,
    },
    {
      metric: `Reseller API orders sustained, ${label}`,
      budget: `${BUDGET.rate} orders/s, no errors`,
      measured: `${throughput.rate} orders/s for ${DURATION_S} s, ${throughput.errors} errors (p99 ${throughput.latencyP99Ms} ms); unthrottled ${capacity.rate} orders/s`,
      // autocannon's fixed rate counts whole seconds: allow 2% for the last partial second.
      pass: throughput.errors === 0 && throughput.rate >= BUDGET.rate * 0.98,
    },
  ];
}

async function main() {
  if (process.env.BENCH_DATABASE_URL) assertLocalDatabase(process.env.BENCH_DATABASE_URL);
  const pglite = await measure('PGlite', {});
  const rows = rowsFor('PGlite', pglite);
  let postgres = null;
  if (process.env.BENCH_DATABASE_URL) {
    const database = await createBenchDatabase(process.env.BENCH_DATABASE_URL);
    try {
      postgres = await measure('PostgreSQL', { DATABASE_URL: database.url });
      rows.push(...rowsFor('PostgreSQL', postgres));
    } finally {
      await database.drop();
    }
  }
  return {
    status: statusOf(rows),
    rows,
    details: { requests: REQUESTS, warmup: WARMUP, rate: RATE, durationS: DURATION_S, pglite, postgres },
  };
}

await runBenchmark('reseller-api', main, { timeLimitMs: (process.env.BENCH_DATABASE_URL ? 2 : 1) * 8 * 60_000 });
