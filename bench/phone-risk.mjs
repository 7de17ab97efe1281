// Phone history and the checkout's fraud checks (decision 055) with 1,000,000 orders (made by orders-data.mjs), one
// phone holding 500 of them: the order screen's phone history (`GET /api/admin/risk/phone/{phone}`) and a list page's
// badges for 20 phones (`GET /api/admin/risk/phones`), each the median of sequential requests after a warm-up; and
// what the fraud checks add to a checkout: the statements the guard runs (blocklist by phone and IP, the phone's
// orders by status for its badge, then inside the order's transaction the two advisory locks, the caps' count and
// the mark), timed on the same data with the database's own client, median of BENCH_RISK_CHECKS.
// Usage: node bench/phone-risk.mjs [--json FILE]
// BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres also runs it on PostgreSQL (a fresh database, dropped
// afterwards). BENCH_ORDERS, BENCH_RISK_REQUESTS, BENCH_RISK_WARMUP, BENCH_RISK_CHECKS override; BENCH_RISK_DB=pglite or
// postgres runs one database only.
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
  requireFromApi,
  runBenchmark,
  signInAsAdmin,
  startHaat,
  statusOf,
  tail,
  waitFor200,
} from './lib.mjs';
import { benchPhone, DEFAULT_ORDERS, prepareOrders } from './orders-data.mjs';

const REQUESTS = Number(process.env.BENCH_RISK_REQUESTS ?? 60);
const WARMUP = Number(process.env.BENCH_RISK_WARMUP ?? 10);
const CHECKS = Number(process.env.BENCH_RISK_CHECKS ?? 300);
const BUDGET = { historyMs: 20, checksMs: 3 };
const ADMIN = benchAdmin();
/** The phone given 500 of the million orders, spread over every status and the two years. */
const BUSY_PHONE = '01899990500';
const BUSY_ORDERS = 500;
/** Every STEP-th order is the busy phone's (every 1,990th of a million). */
const STEP = Math.max(2, Math.floor(DEFAULT_ORDERS / (BUSY_ORDERS + 2)));
const round = (value) => Math.round(value * 100) / 100;

async function importFromApi(specifier) {
  return import(pathToFileURL(requireFromApi.resolve(specifier)).href);
}

/** A query function on the data set with the server stopped: PGlite's folder or the PostgreSQL database. */
async function openDatabase(prepared) {
  if (prepared.database) {
    const { Client } = requireFromApi('pg');
    const client = new Client({ connectionString: prepared.database.url });
    await client.connect();
    return { query: async (sql, params = []) => (await client.query(sql, params)).rows, close: () => client.end() };
  }
  const { PGlite } = await importFromApi('@electric-sql/pglite');
  const { pg_trgm } = await importFromApi('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create({ dataDir: path.join(prepared.dataDir, 'db'), extensions: { pg_trgm } });
  return { query: async (sql, params = []) => (await client.query(sql, params)).rows, close: () => client.close() };
}

/**
 * Gives BUSY_PHONE 500 orders, then times the guard's statements as the checkout runs them (the settings are read
 * from the app's cache, no statement): before the order's transaction the blocklist and the phone's badge; inside it
 * the locks, the count and the mark (rolled back, as a refused order would be, so every round counts the same rows).
 */
async function measureChecks(label, prepared) {
  const db = await openDatabase(prepared);
  try {
    await db.query(
      `update orders set customer_phone = '${BUSY_PHONE}' where id in (select id from orders where id % ${STEP} = 7 order by id limit ${BUSY_ORDERS})`,
    );
    await db.query('vacuum analyze orders');
    const ip = '103.91.140.23';
    // The database's own time for the busy phone's counts (no client, no HTTP): what the index gives, whatever the load.
    const plan = await db.query(
      `explain (analyze, buffers) select customer_phone, status, count(*)::int from orders where customer_phone = '${BUSY_PHONE}' group by customer_phone, status`,
    );
    const planText = plan.map((row) => Object.values(row)[0]).join('\n');
    const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(planText)?.[1] ?? Number.NaN);
    console.log(`${label} the busy phone's counts in the database:\n${planText}`);
    const times = [];
    for (let index = 0; index < CHECKS + 20; index++) {
      const phone = index % 2 === 0 ? BUSY_PHONE : benchPhone(index * 31);
      const now = new Date();
      const started = performance.now();
      await db.query(
        `select kind, value, reason, expires_at from blocklist_entries
         where ((kind = 'phone' and value in ($1)) or (kind = 'ip' and value = $2)) and (expires_at is null or expires_at > $3)`,
        [phone, ip, now],
      );
      await db.query('select customer_phone, status, count(*)::int from orders where customer_phone = $1 group by customer_phone, status', [
        phone,
      ]);
      const before = performance.now() - started;
      // The order's transaction is there anyway: what the guard adds inside it is timed apart from its BEGIN.
      await db.query('begin');
      const inside = performance.now();
      await db.query(
        `select pg_advisory_xact_lock(k) from (select hashtextextended(v.key, 0) as k from (values ($1), ($2)) as v(key) order by 1) as locks`,
        [`risk:phone:${phone}`, `risk:ip:${ip}`],
      );
      await db.query(
        `select count(*) filter (where phone = $1 and at > $3)::int, count(*) filter (where phone = $1)::int,
                count(*) filter (where ip = $2 and at > $3)::int, count(*) filter (where ip = $2)::int
         from checkout_marks where at > $4 and (phone = $1 or ip = $2)`,
        [phone, ip, new Date(now.getTime() - 3_600_000), new Date(now.getTime() - 86_400_000)],
      );
      await db.query(`insert into checkout_marks (phone, ip, channel, order_id, at) values ($1, $2, 'website', 1, $3)`, [phone, ip, now]);
      const elapsed = before + (performance.now() - inside);
      await db.query('rollback');
      if (index >= 20) times.push(elapsed);
    }
    const result = {
      countsExecutionMs: executionMs,
      name: 'checkout fraud checks (blocklist, badge, locks, caps, mark)',
      medianMs: round(median(times)),
      p99Ms: round(percentile(times, 99)),
    };
    console.log(
      `${label} ${result.name}: median ${result.medianMs} ms, p99 ${result.p99Ms} ms (${CHECKS} checkouts, half of them the 500-order phone)`,
    );
    return result;
  } finally {
    await db.close();
  }
}

async function timedGet(base, path, options) {
  const started = performance.now();
  const response = await httpRequest(`${base}${path}`, { timeoutMs: 60_000, ...options });
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${response.body.slice(0, 300)}`);
  return { elapsed, body: JSON.parse(response.body) };
}

async function measureHistory(label, prepared) {
  const port = await freePort();
  const server = startHaat(
    { PORT: String(port), DEMO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...prepared.env },
    { label: `haat (${label})`, guard: true },
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const base = `http://${LOOPBACK}:${port}`;
    await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 180_000 });
    const { cookie } = await signInAsAdmin(base, ADMIN);
    const headers = { cookie, accept: 'application/json' };
    const page = Array.from({ length: 20 }, (_, index) => (index === 0 ? BUSY_PHONE : benchPhone(index * 977)));
    const cases = [
      {
        name: `phone history, a phone with ${BUSY_ORDERS} orders`,
        path: `/api/admin/risk/phone/${BUSY_PHONE}`,
        check: (body) => body.data.orders === BUSY_ORDERS,
      },
      {
        name: 'phone history, a regular customer (about 5 orders)',
        path: `/api/admin/risk/phone/${benchPhone(4242)}`,
        check: (body) => body.data.orders > 0,
      },
      {
        name: "a list page's badges (20 phones, one of them the busy one)",
        path: `/api/admin/risk/phones?phones=${page.join(',')}`,
        check: (body) => Object.keys(body.data).length === 20,
      },
    ];
    const results = [];
    for (const item of cases) {
      for (let index = 0; index < WARMUP; index++) await timedGet(base, item.path, { headers, agent });
      const times = [];
      let last = null;
      for (let index = 0; index < REQUESTS; index++) {
        const { elapsed, body } = await timedGet(base, item.path, { headers, agent });
        times.push(elapsed);
        last = body;
      }
      if (!item.check(last)) throw new Error(`${item.name}: unexpected answer ${JSON.stringify(last).slice(0, 300)}`);
      const result = { name: item.name, medianMs: round(median(times)), p99Ms: round(percentile(times, 99)) };
      console.log(`${label} ${result.name}: median ${result.medianMs} ms, p99 ${result.p99Ms} ms`);
      results.push(result);
    }
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

async function run(kind, label) {
  const prepared = await prepareOrders({ kind, admin: ADMIN, orders: DEFAULT_ORDERS, baseUrl: process.env.BENCH_DATABASE_URL });
  try {
    const checks = await measureChecks(label, prepared);
    const history = await measureHistory(label, prepared);
    return { checks, history, data: { loadSeconds: prepared.loadSeconds, counts: prepared.counts } };
  } finally {
    if (prepared.database) await prepared.database.drop();
    removeTempDir(prepared.dataDir);
  }
}

function rowsFor(label, result) {
  return [
    ...result.history.map((each) => ({
      metric: `${label}: ${each.name}`,
      budget: `median < ${BUDGET.historyMs} ms`,
      measured: `median ${each.medianMs} ms, p99 ${each.p99Ms} ms`,
      pass: each.medianMs < BUDGET.historyMs,
    })),
    {
      metric: `${label}: ${result.checks.name}`,
      budget: `median < ${BUDGET.checksMs} ms`,
      measured: `median ${result.checks.medianMs} ms, p99 ${result.checks.p99Ms} ms`,
      pass: result.checks.medianMs < BUDGET.checksMs,
    },
  ];
}

async function main() {
  if (process.env.BENCH_DATABASE_URL) assertLocalDatabase(process.env.BENCH_DATABASE_URL);
  const only = process.env.BENCH_RISK_DB;
  const rows = [];
  const details = { orders: DEFAULT_ORDERS, requests: REQUESTS, warmup: WARMUP, checks: CHECKS };
  if (only !== 'postgres') {
    details.pglite = await run('pglite', 'PGlite');
    rows.push(...rowsFor('PGlite', details.pglite));
  }
  if (process.env.BENCH_DATABASE_URL && only !== 'pglite') {
    details.postgres = await run('postgres', 'PostgreSQL');
    rows.push(...rowsFor('PostgreSQL', details.postgres));
  }
  return { status: statusOf(rows), rows, details };
}

await runBenchmark('phone-risk', main, { timeLimitMs: (process.env.BENCH_DATABASE_URL ? 2 : 1) * 30 * 60_000 + 60_000 });
