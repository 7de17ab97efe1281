// A purchase of 200 lines saved (POST /api/admin/purchases) and received whole (POST …/receive) on a fresh
// server with the demo shop: the time from sending the purchase to the receipt's answer, median of several
// runs (issue 18's budget: < 300 ms). The 200 variants come from a CSV import of 200 products first.
// Usage: node bench/purchase-receive.mjs [--json FILE]; BENCH_DATABASE_URL=postgres://… also runs it on
// PostgreSQL in a fresh database. BENCH_PURCHASE_RUNS changes the number of measured runs (default 7).
import { randomBytes } from 'node:crypto';
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
  removeTempDir,
  runBenchmark,
  signInAsAdmin,
  startHaat,
  statusOf,
  tail,
  waitFor200,
} from './lib.mjs';

const LINES = 200;
const RUNS = Number(process.env.BENCH_PURCHASE_RUNS ?? 7);
const BUDGET_MS = 300;
const ADMIN = benchAdmin();

function csv() {
  const lines = ['sku,name,category,brand,purchase_cost,wholesale_price,retail_price,status,stock'];
  for (let g = 1; g <= LINES; g++)
    lines.push(`PRB-${String(g).padStart(4, '0')},Bench cotton panjabi ${g},panjabi,Urban Deshi,400.00,600.00,850.00,published,${g % 7}`);
  return `${lines.join('\n')}\n`;
}

async function benchVariants(base, session) {
  const ids = [];
  for (let page = 1; ids.length < LINES && page <= 5; page++) {
    const list = await adminCall(base, session, 'GET', `/api/admin/products?q=PRB-&per_page=100&page=${page}`);
    for (const product of list.data) {
      const detail = await adminCall(base, session, 'GET', `/api/admin/products/${product.id}`);
      ids.push(detail.data.variants[0].id);
    }
    if (list.data.length < 100) break;
  }
  if (ids.length < LINES) throw new Error(`found ${ids.length} bench variants, not ${LINES}`);
  return ids.slice(0, LINES);
}

async function run(label, extraEnv) {
  const port = await freePort();
  const dataDir = makeTempDir('purchase');
  const server = startHaat(
    { PORT: String(port), DATA_DIR: dataDir, DEMO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...extraEnv },
    { label: `haat (${label})`, guard: true },
  );
  try {
    const base = `http://${LOOPBACK}:${port}`;
    await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 180_000 });
    const session = await signInAsAdmin(base, ADMIN);
    await importProductsCsv(base, session, csv());
    const variants = await benchVariants(base, session);
    const supplier = await adminCall(base, session, 'POST', '/api/admin/suppliers', {
      name: `Bench supplier ${randomBytes(3).toString('hex')}`,
    });
    const times = [];
    for (let round = 0; round < RUNS + 2; round++) {
      const body = {
        supplier_id: supplier.data.id,
        purchased_on: new Date().toISOString().slice(0, 10),
        reference: `BENCH-${round}`,
        discount: 1_000_00,
        shipping_cost: 2_500_00,
        lines: variants.map((id, index) => ({ variant_id: id, quantity: 5 + (index % 20), unit_cost: 300_00 + index * 10 + round * 100 })),
      };
      const started = performance.now();
      const created = await adminCall(base, session, 'POST', '/api/admin/purchases', body);
      const received = await adminCall(base, session, 'POST', `/api/admin/purchases/${created.data.id}/receive`, { all: true });
      const ms = performance.now() - started;
      if (received.data.status !== 'received') throw new Error(`the purchase is ${received.data.status}, not received`);
      if (round >= 2) times.push(ms); // two warm-up rounds
    }
    if (server.exitInfo) throw new Error(`the server ${describeExit(server.exitInfo)} during the run`);
    const result = { medianMs: Math.round(median(times) * 10) / 10, maxMs: Math.round(Math.max(...times) * 10) / 10, runs: times.length };
    console.log(
      `${label}: ${LINES}-line purchase saved and received, median ${result.medianMs} ms (max ${result.maxMs} ms, ${result.runs} runs)`,
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

const rowFor = (label, result) => ({
  metric: `Purchase of ${LINES} lines saved and received, ${label}`,
  budget: `median < ${BUDGET_MS} ms`,
  measured: `${result.medianMs} ms (max ${result.maxMs} ms)`,
  pass: result.medianMs < BUDGET_MS,
});

async function main() {
  if (process.env.BENCH_DATABASE_URL) assertLocalDatabase(process.env.BENCH_DATABASE_URL);
  const pglite = await run('PGlite', {});
  const rows = [rowFor('PGlite', pglite)];
  let postgres = null;
  if (process.env.BENCH_DATABASE_URL) {
    const database = await createBenchDatabase(process.env.BENCH_DATABASE_URL);
    try {
      postgres = await run('PostgreSQL', { DATABASE_URL: database.url });
      rows.push(rowFor('PostgreSQL', postgres));
    } finally {
      await database.drop();
    }
  }
  return { status: statusOf(rows), rows, details: { lines: LINES, pglite, postgres } };
}

await runBenchmark('purchase-receive', main, { timeLimitMs: (process.env.BENCH_DATABASE_URL ? 2 : 1) * 6 * 60_000 });
