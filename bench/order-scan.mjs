// The dispatch desk's scan (issue 20's budget: a dispatch scan to the next scan ready < 100 ms): on a fresh
// server with the demo shop, RUNS packed (processing) orders are each handed to a courier by
// POST /api/admin/order-scan/dispatch, one after another as a desk scans them; each call is timed from
// the request to its answer (the status move, its history, audit and the running list's row). The returns
// check-in's scan (POST /api/admin/order-scan/return, which moves the order to returned and restocks it) is
// timed the same way over the same orders. The screen itself never waits on these calls (decision 059):
// the field is ready for the next scan as soon as Enter is read; this is how soon each row turns green.
// Usage: node bench/order-scan.mjs [--json FILE]; BENCH_DATABASE_URL=postgres://… also runs it on
// PostgreSQL in a fresh database. BENCH_SCAN_RUNS changes the number of measured scans (default 60).
import { randomUUID } from 'node:crypto';
import {
  adminCall,
  assertLocalDatabase,
  benchAdmin,
  createBenchDatabase,
  describeExit,
  freePort,
  importProductsCsv,
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

const RUNS = Number(process.env.BENCH_SCAN_RUNS ?? 60);
const WARMUP = 5;
const BUDGET_MS = 100;
const ADMIN = benchAdmin();

const CSV = `sku,name,category,brand,purchase_cost,wholesale_price,retail_price,status,stock
OSB-001,Bench parcel item,panjabi,Urban Deshi,400.00,600.00,850.00,published,99999
`;

const summary = (times) => ({
  medianMs: Math.round(median(times) * 10) / 10,
  p95Ms: Math.round(percentile(times, 95) * 10) / 10,
  runs: times.length,
});

async function run(label, extraEnv) {
  const port = await freePort();
  const dataDir = makeTempDir('order-scan');
  const server = startHaat(
    { PORT: String(port), DATA_DIR: dataDir, DEMO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...extraEnv },
    { label: `haat (${label})`, guard: true },
  );
  try {
    const base = `http://${LOOPBACK}:${port}`;
    await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 180_000 });
    const session = await signInAsAdmin(base, ADMIN);
    await importProductsCsv(base, session, CSV);
    const variants = await adminCall(base, session, 'GET', '/api/admin/order-entry/variants?q=OSB-001');
    const variant = variants.data.find((row) => row.sku === 'OSB-001');
    const { cities } = await adminCall(base, session, 'GET', '/_public/cities');
    const city = cities.find((row) => row.name === 'Dhaka') ?? cities[0];
    const { data: couriers } = await adminCall(base, session, 'GET', '/api/admin/order-scan/couriers');
    // Booked by hand (no courier API to call): what is measured is the shop's own work.
    const courier = couriers.find((row) => row.name === 'Sundarban Courier') ?? couriers[0];

    const orders = [];
    for (let index = 0; index < RUNS + WARMUP; index++) {
      const placed = await adminCall(base, session, 'POST', '/api/admin/orders/phone', {
        name: `Bench Parcel ${index}`,
        phone: `0171${String(5_000_000 + index).padStart(7, '0')}`,
        address: `House ${index + 1}, Road 4, Dhanmondi`,
        city_id: city.id,
        lines: [{ variant_id: variant.variant_id, quantity: 1 }],
        source: 'Phone',
        idempotency_key: randomUUID(),
      });
      orders.push(placed.data);
    }
    const ids = orders.map((order) => order.id);
    for (const to of [2, 3]) {
      const moved = await adminCall(base, session, 'POST', '/api/admin/orders/status', { ids, to });
      if (moved.refused.length) throw new Error(`orders were not moved to ${to}: ${moved.refused[0].message}`);
    }

    const dispatch = [];
    for (const [index, order] of orders.entries()) {
      const started = performance.now();
      const answer = await adminCall(base, session, 'POST', '/api/admin/order-scan/dispatch', {
        code: order.number,
        courier_id: courier.id,
      });
      const ms = performance.now() - started;
      if (answer.result !== 'handed_over' || answer.order.status !== 4) throw new Error(`${order.number} was not handed over`);
      if (index >= WARMUP) dispatch.push(ms);
    }
    const returns = [];
    for (const [index, order] of orders.entries()) {
      const started = performance.now();
      const answer = await adminCall(base, session, 'POST', '/api/admin/order-scan/return', { code: order.number });
      const ms = performance.now() - started;
      if (answer.result !== 'received' || answer.order.status !== 6) throw new Error(`${order.number} was not received`);
      if (index >= WARMUP) returns.push(ms);
    }
    if (server.exitInfo) throw new Error(`the server ${describeExit(server.exitInfo)} during the run`);
    const result = { dispatch: summary(dispatch), returns: summary(returns) };
    console.log(
      `${label}: dispatch scan median ${result.dispatch.medianMs} ms (p95 ${result.dispatch.p95Ms} ms); ` +
        `return check-in median ${result.returns.medianMs} ms (p95 ${result.returns.p95Ms} ms); ${RUNS} scans each`,
    );
    return result;
  } catch (error) {
    const exited = server.exitInfo ? `the server ${describeExit(server.exitInfo)}; ` : '';
    throw new Error(`${label}: ${error.message}\n${exited}server output:\n${tail(server.output())}`);
  } finally {
    await server.stop();
    removeTempDir(dataDir);
  }
}

const rowsFor = (label, result) => [
  {
    metric: `Dispatch scan (order handed to a courier), ${label}`,
    budget: `median < ${BUDGET_MS} ms`,
    measured: `${result.dispatch.medianMs} ms (p95 ${result.dispatch.p95Ms} ms)`,
    pass: result.dispatch.medianMs < BUDGET_MS,
  },
  {
    metric: `Returns check-in scan (returned and restocked), ${label}`,
    budget: `median < ${BUDGET_MS} ms`,
    measured: `${result.returns.medianMs} ms (p95 ${result.returns.p95Ms} ms)`,
    pass: result.returns.medianMs < BUDGET_MS,
  },
];

async function main() {
  if (process.env.BENCH_DATABASE_URL) assertLocalDatabase(process.env.BENCH_DATABASE_URL);
  const pglite = await run('PGlite', {});
  const rows = rowsFor('PGlite', pglite);
  let postgres = null;
  if (process.env.BENCH_DATABASE_URL) {
    const database = await createBenchDatabase(process.env.BENCH_DATABASE_URL);
    try {
      postgres = await run('PostgreSQL', { DATABASE_URL: database.url });
      rows.push(...rowsFor('PostgreSQL', postgres));
    } finally {
      await database.drop();
    }
  }
  return { status: statusOf(rows), rows, details: { runs: RUNS, pglite, postgres } };
}

await runBenchmark('order-scan', main, { timeLimitMs: (process.env.BENCH_DATABASE_URL ? 2 : 1) * 6 * 60_000 });
