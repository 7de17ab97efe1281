// The back office's order handling with 1,000,000 orders (made by orders-data.mjs): every status list's first page,
// a status list searched by phone and by name, the status tabs' counts, and a bulk move of 500 orders — each
// measured at the median over sequential requests after a warm-up, on PGlite and (with BENCH_DATABASE_URL) PostgreSQL.
// Usage: node bench/orders-lists.mjs [--json FILE]
// BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres also runs it on PostgreSQL, in a fresh database
// created there and dropped afterwards. BENCH_ORDERS, BENCH_LIST_REQUESTS, BENCH_LIST_WARMUP, BENCH_MOVES, BENCH_CANCELS override;
// BENCH_ORDERS_DB=pglite or postgres runs one database only.
import http from 'node:http';
import {
  assertLocalDatabase,
  benchAdmin,
  describeExit,
  freePort,
  httpRequest,
  LOOPBACK,
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
import { benchPhone, DEFAULT_ORDERS, prepareOrders } from './orders-data.mjs';

const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 60);
const WARMUP = Number(process.env.BENCH_LIST_WARMUP ?? 10);
/** Bulk moves measured (alternately 500 pending orders to on hold and back). */
const MOVES = Number(process.env.BENCH_MOVES ?? 6);
/** Bulk cancels measured (500 confirmed orders each; a million orders hold about 1,370 confirmed ones). */
const CANCELS = Number(process.env.BENCH_CANCELS ?? 2);
const BULK = 500;
const PER_PAGE = 20;
const BUDGET = { listMs: 80, countsMs: 50, bulkMs: 2000 };
const ADMIN = benchAdmin();
const STATUS_NAMES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'returned', 'cancelled', 'on hold'];

const list = (query) => `/api/admin/orders?per_page=${PER_PAGE}&page=1&${query}`;
const status = (code) => `${encodeURIComponent('filter[status]')}=${code}`;

/**
 * The cases. The searches take their words from the data set itself, so each finds orders: a regular customer's
 * phone (about five orders), a common name (about one order in 120), an order number, and within the pending list
 * the first 8 digits of a pending order's phone (a prefix, as staff type it).
 */
async function cases(base, headers, agent) {
  const first = async (query, page = 1) => {
    const { body } = await timedRequest(base, `/api/admin/orders?per_page=1&page=${page}&${query}`, { headers, agent });
    if (!body.data[0]) throw new Error(`no order for ${query}: the data set is too small`);
    return body.data[0];
  };
  const pendingPhone = (await first(status(1))).phone;
  const deliveredNumber = (await first(status(5), 100)).number;
  return [
    ...STATUS_NAMES.map((name, index) => ({ name: `status list ${index + 1} (${name})`, kind: 'list', path: list(status(index + 1)) })),
    { name: 'status list 5, page 500', kind: 'list', path: `/api/admin/orders?per_page=${PER_PAGE}&page=500&${status(5)}` },
    { name: 'status list 5, search by phone', kind: 'list', path: list(`${status(5)}&q=${benchPhone(4242)}`) },
    { name: 'status list 5, search by name', kind: 'list', path: list(`${status(5)}&q=${encodeURIComponent('Sadia Islam')}`) },
    { name: 'status list 5, search by order number', kind: 'list', path: list(`${status(5)}&q=${encodeURIComponent(deliveredNumber)}`) },
    { name: 'status list 1, search by phone prefix', kind: 'list', path: list(`${status(1)}&q=${pendingPhone.slice(0, 8)}`) },
    { name: 'status tab counts', kind: 'counts', path: '/api/admin/orders/counts' },
    { name: 'status tab counts, type website', kind: 'counts', path: '/api/admin/orders/counts?type=website' },
  ];
}

async function timedRequest(base, path, options) {
  const started = performance.now();
  const response = await httpRequest(`${base}${path}`, { timeoutMs: 60_000, ...options });
  const elapsed = performance.now() - started;
  if (response.status === 404) throw new Error(`${options.method ?? 'GET'} ${path} answered 404: not there (yet)`);
  if (response.status !== 200)
    throw new Error(`${options.method ?? 'GET'} ${path} answered ${response.status}: ${response.body.slice(0, 300)}`);
  return { elapsed, body: JSON.parse(response.body) };
}

/** The ids of `count` orders in a status, newest first, read through the list. */
async function idsInStatus(base, headers, agent, status, count) {
  const ids = [];
  for (let page = 1; ids.length < count; page++) {
    const { body } = await timedRequest(
      base,
      `/api/admin/orders?per_page=100&page=${page}&${encodeURIComponent('filter[status]')}=${status}`,
      {
        headers,
        agent,
      },
    );
    ids.push(...body.data.map((row) => row.id));
    if (body.data.length < 100) break;
  }
  return ids.slice(0, count);
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
    await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 180_000 });
    const { cookie, csrfToken } = await signInAsAdmin(base, ADMIN);
    const headers = { cookie, accept: 'application/json' };
    const results = [];
    for (const item of await cases(base, headers, agent)) {
      for (let index = 0; index < WARMUP; index++) await timedRequest(base, item.path, { headers, agent });
      const times = [];
      let body;
      for (let index = 0; index < REQUESTS; index++) {
        const result = await timedRequest(base, item.path, { headers, agent });
        times.push(result.elapsed);
        body = result.body;
      }
      const shown = item.kind === 'list' ? `${body.data.length} rows of ${body.total}` : JSON.stringify(body).slice(0, 120);
      const result = {
        name: item.name,
        kind: item.kind,
        path: item.path,
        medianMs: round(median(times)),
        p99Ms: round(percentile(times, 99)),
        shown,
      };
      console.log(`${label} ${item.name}: median ${result.medianMs} ms, p99 ${result.p99Ms} ms (${REQUESTS} requests; ${shown})`);
      if (item.kind === 'list' && body.data.length === 0)
        throw new Error(`${item.name} answered no rows: the data set or the query is wrong`);
      results.push(result);
    }

    // Bulk moves: the same 500 pending orders to on hold (1 → 8) and back (8 → 1), alternately.
    const ids = await idsInStatus(base, headers, agent, 1, BULK);
    if (ids.length < BULK) throw new Error(`only ${ids.length} pending orders to move; the data set is too small`);
    const moveHeaders = { ...headers, 'content-type': 'application/json', 'x-csrf-token': csrfToken, 'x-requested-with': 'XMLHttpRequest' };
    const times = [];
    for (let round = 0; round < MOVES; round++) {
      const to = round % 2 === 0 ? 8 : 1;
      const { elapsed, body } = await timedRequest(base, '/api/admin/orders/status', {
        method: 'POST',
        headers: moveHeaders,
        agent,
        body: JSON.stringify({ ids, to, note: `bench round ${round + 1}` }),
      });
      if (body.moved?.length !== BULK)
        throw new Error(`bulk move to ${to} moved ${body.moved?.length} of ${BULK}: ${JSON.stringify(body.refused?.slice(0, 3))}`);
      times.push(elapsed);
    }
    const bulk = {
      name: `bulk move of ${BULK} orders, pending ⇄ on hold`,
      kind: 'bulk',
      medianMs: round(median(times)),
      p99Ms: round(Math.max(...times)),
    };
    console.log(`${label} ${bulk.name}: median ${bulk.medianMs} ms, max ${bulk.p99Ms} ms (${MOVES} moves, 1 → 8 and back)`);
    results.push(bulk);

    // Bulk cancels: 500 confirmed orders at a time to cancelled (2 → 7), each releasing its reserved stock (a ledger
    // row per line). Each round cancels other orders, so the data set runs out of confirmed ones after a few.
    const cancelIds = await idsInStatus(base, headers, agent, 2, BULK * CANCELS);
    if (cancelIds.length < BULK * CANCELS)
      throw new Error(`only ${cancelIds.length} confirmed orders to cancel; the data set is too small`);
    const cancelTimes = [];
    for (let round = 0; round < CANCELS; round++) {
      const ids = cancelIds.slice(round * BULK, (round + 1) * BULK);
      const { elapsed, body } = await timedRequest(base, '/api/admin/orders/status', {
        method: 'POST',
        headers: moveHeaders,
        agent,
        body: JSON.stringify({ ids, to: 7, note: `bench cancel ${round + 1}` }),
      });
      if (body.moved?.length !== BULK)
        throw new Error(`bulk cancel moved ${body.moved?.length} of ${BULK}: ${JSON.stringify(body.refused?.slice(0, 3))}`);
      cancelTimes.push(elapsed);
    }
    const cancel = {
      name: `bulk cancel of ${BULK} orders with stock release`,
      kind: 'bulk',
      medianMs: round(median(cancelTimes)),
      p99Ms: round(Math.max(...cancelTimes)),
    };
    console.log(`${label} ${cancel.name}: median ${cancel.medianMs} ms, max ${cancel.p99Ms} ms (${CANCELS} cancels, 2 → 7)`);
    results.push(cancel);
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

const round = (value) => Math.round(value * 10) / 10;

function rowsFor(label, results) {
  return results.map((result) => {
    const budget = result.kind === 'list' ? BUDGET.listMs : result.kind === 'counts' ? BUDGET.countsMs : BUDGET.bulkMs;
    return {
      metric: `Orders, ${result.name}, ${label}`,
      budget: `median < ${budget} ms`,
      measured: `median ${result.medianMs} ms, ${result.kind === 'bulk' ? 'max' : 'p99'} ${result.p99Ms} ms`,
      pass: result.medianMs < budget,
    };
  });
}

async function run(kind, label) {
  const prepared = await prepareOrders({ kind, admin: ADMIN, orders: DEFAULT_ORDERS, baseUrl: process.env.BENCH_DATABASE_URL });
  try {
    const results = await measure(label, prepared);
    return {
      results,
      data: {
        firstStartSeconds: prepared.firstStartSeconds,
        loadSeconds: prepared.loadSeconds,
        analyzeSeconds: prepared.analyzeSeconds,
        counts: prepared.counts,
      },
    };
  } finally {
    if (prepared.database) await prepared.database.drop();
    removeTempDir(prepared.dataDir);
  }
}

async function main() {
  if (!Number.isInteger(REQUESTS) || REQUESTS < 1) throw new Error('BENCH_LIST_REQUESTS must be a positive integer');
  if (process.env.BENCH_DATABASE_URL) assertLocalDatabase(process.env.BENCH_DATABASE_URL);
  const only = process.env.BENCH_ORDERS_DB;
  const rows = [];
  let pglite = null;
  let postgres = null;
  if (only !== 'postgres') {
    pglite = await run('pglite', 'PGlite');
    rows.push(...rowsFor('PGlite', pglite.results));
  }
  if (process.env.BENCH_DATABASE_URL && only !== 'pglite') {
    postgres = await run('postgres', 'PostgreSQL');
    rows.push(...rowsFor('PostgreSQL', postgres.results));
  }
  return {
    status: statusOf(rows),
    rows,
    details: {
      requests: REQUESTS,
      warmup: WARMUP,
      perPage: PER_PAGE,
      orders: DEFAULT_ORDERS,
      bulk: BULK,
      moves: MOVES,
      cancels: CANCELS,
      pglite,
      postgres,
    },
  };
}

// Loading 1,000,000 orders takes minutes on PGlite; the limit leaves room for both databases.
await runBenchmark('orders-lists', main, { timeLimitMs: (process.env.BENCH_DATABASE_URL ? 2 : 1) * 30 * 60_000 + 60_000 });
