// Reseller product list (`GET /api/reseller/products`, the page /dropshipper/products/show) with 100,000
// products and 300,000 variants (made by catalogue-data.mjs), signed in as the demo reseller who has set their
// own price on some products: page 1, page 2,000, a search by name and a category filter, each measured over
// sequential requests after a warm-up.
// Usage: node bench/reseller-products.mjs [--json FILE]
// BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres also runs it on PostgreSQL, in a fresh
// database created there and dropped afterwards. BENCH_PRODUCTS, BENCH_LIST_REQUESTS, BENCH_LIST_WARMUP override.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { DEFAULT_PRODUCTS, FILTER_CATEGORY_SLUG, prepareCatalogue, SEARCH_WORD } from './catalogue-data.mjs';
import {
  assertLocalDatabase,
  benchAdmin,
  cookiesFrom,
  describeExit,
  freePort,
  httpRequest,
  LOOPBACK,
  measureListCases,
  removeTempDir,
  runBenchmark,
  startHaat,
  statusOf,
  tail,
  timedPageGet,
  waitFor200,
} from './lib.mjs';

const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
const WARMUP = Number(process.env.BENCH_LIST_WARMUP ?? 30);
const PER_PAGE = 20;
const PRICED = 200;
const BUDGET = { medianMs: 50, p99Ms: 150 };
const ADMIN = benchAdmin();
const RESELLER_PHONE = '01700000001';

function cases(loaded) {
  const list = (query) => `/api/reseller/products?per_page=${PER_PAGE}&${query}`;
  return [
    { name: 'page 1', path: list('page=1') },
    { name: 'page 2,000', path: list('page=2000') },
    { name: `search "${SEARCH_WORD}"`, path: list(`page=1&q=${encodeURIComponent(SEARCH_WORD)}`) },
    { name: `category "${FILTER_CATEGORY_SLUG}"`, path: list(`page=1&category_id=${loaded.counts.filter_category_id}`) },
  ];
}

/** The demo reseller's password, from the logins the first start wrote into the data folder. */
function demoResellerPassword(dataDir) {
  const text = fs.readFileSync(path.join(dataDir, 'first-start-logins.txt'), 'utf8');
  const line = text.split('\n').find((each) => each.includes(RESELLER_PHONE));
  // "Reseller: 01700000001 / <password>  (/dropshipper/login)"
  const password = line?.split(`${RESELLER_PHONE} / `)[1]?.trim().split(/\s+/)[0];
  if (!password) throw new Error('the first start wrote no demo reseller login');
  return password;
}

/** Signs in on the reseller portal's login call; returns the Cookie header and the CSRF token. */
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
  if (login.status !== 200) throw new Error(`POST /api/reseller/login answered ${login.status}: ${login.body.slice(0, 300)}`);
  const session = cookiesFrom(login).haat_reseller;
  if (!session) throw new Error('POST /api/reseller/login set no haat_reseller cookie');
  return { cookie: `haat_csrf=${csrf}; haat_reseller=${session}`, csrfToken: token };
}

async function measure(label, prepared) {
  const port = await freePort();
  const server = startHaat(
    { PORT: String(port), DEMO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...prepared.env },
    { label: `haat (${label})`, guard: true },
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const base = `http://${LOOPBACK}:${port}`;
    await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 120_000 });
    const { cookie, csrfToken } = await signInAsReseller(base, demoResellerPassword(prepared.dataDir));
    const headers = { cookie, accept: 'application/json' };
    // The reseller's own prices on the products of the first pages, so the list joins real rows.
    const first = await timedPageGet(base, `/api/reseller/products?per_page=100&page=1`, headers, agent);
    const second = await timedPageGet(base, `/api/reseller/products?per_page=100&page=2`, headers, agent);
    for (const product of [...first.page.data, ...second.page.data].slice(0, PRICED)) {
      const saved = await httpRequest(`${base}/api/reseller/products/${product.id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json', 'x-csrf-token': csrfToken, 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ price: product.wholesale_price + 5000, description: 'Bench price' }),
        agent,
      });
      if (saved.status !== 200)
        throw new Error(`PUT /api/reseller/products/${product.id} answered ${saved.status}: ${saved.body.slice(0, 300)}`);
    }
    const results = await measureListCases({
      label,
      base,
      cases: cases(prepared),
      headers,
      agent,
      warmup: WARMUP,
      requests: REQUESTS,
    });
    if (server.exitInfo) throw new Error(`the server ${describeExit(server.exitInfo)} during the run`);
    return results;
  } catch (error) {
    const exited = server.exitInfo ? `the server ${describeExit(server.exitInfo)}; ` : '';
    throw new Error(`${label}: ${error.message}\n${exited}server output:\n${tail(server.output())}`);
  } finally {
    agent.destroy();
    await server.stop();
  }
}

function rowsFor(label, results) {
  return results.map((result) => ({
    metric: `Reseller product list, ${result.name}, ${label}`,
    budget: `median < ${BUDGET.medianMs} ms, p99 < ${BUDGET.p99Ms} ms`,
    measured: `median ${result.medianMs} ms, p99 ${result.p99Ms} ms`,
    pass: result.medianMs < BUDGET.medianMs && result.p99Ms < BUDGET.p99Ms,
  }));
}

async function run(kind, label) {
  const prepared = await prepareCatalogue({ kind, admin: ADMIN, products: DEFAULT_PRODUCTS, baseUrl: process.env.BENCH_DATABASE_URL });
  try {
    return { results: await measure(label, prepared), counts: prepared.counts };
  } finally {
    if (prepared.database) await prepared.database.drop();
    removeTempDir(prepared.dataDir);
  }
}

async function main() {
  if (!Number.isInteger(REQUESTS) || REQUESTS < 1) throw new Error('BENCH_LIST_REQUESTS must be a positive integer');
  if (process.env.BENCH_DATABASE_URL) assertLocalDatabase(process.env.BENCH_DATABASE_URL);
  const pglite = await run('pglite', 'PGlite');
  const rows = rowsFor('PGlite', pglite.results);
  let postgres = null;
  if (process.env.BENCH_DATABASE_URL) {
    postgres = await run('postgres', 'PostgreSQL');
    rows.push(...rowsFor('PostgreSQL', postgres.results));
  }
  return {
    status: statusOf(rows),
    rows,
    details: { requests: REQUESTS, warmup: WARMUP, perPage: PER_PAGE, priced: PRICED, pglite, postgres },
  };
}

await runBenchmark('reseller-products', main, { timeLimitMs: (process.env.BENCH_DATABASE_URL ? 2 : 1) * 20 * 60_000 + 60_000 });
