// A counter sale (issue 18's budget: < 100 ms at the median, from the last scanned item to the saved sale
// and its receipt): on a fresh server with the demo shop, the cashier's last scan (GET
// /api/admin/sales/counter/items?code=SKU), the sale paid in cash and bKash (POST /api/admin/sales/counter)
// and the receipt's data (GET /api/admin/sales/counter/{id}), timed together, median of many sales.
// Usage: node bench/counter-sale.mjs [--json FILE]; BENCH_DATABASE_URL=postgres://… also runs it on
// PostgreSQL in a fresh database. BENCH_COUNTER_RUNS changes the number of measured sales (default 40).
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
  percentile,
  removeTempDir,
  runBenchmark,
  signInAsAdmin,
  startHaat,
  statusOf,
  tail,
  waitFor200,
} from './lib.mjs';

const ITEMS = 5;
const RUNS = Number(process.env.BENCH_COUNTER_RUNS ?? 40);
const BUDGET_MS = 100;
const ADMIN = benchAdmin();

function csv() {
  const lines = ['sku,name,category,brand,purchase_cost,wholesale_price,retail_price,status,stock'];
  for (let g = 1; g <= ITEMS; g++)
    lines.push(`CSB-${String(g).padStart(3, '0')},Bench counter item ${g},panjabi,Urban Deshi,400.00,600.00,850.00,published,9999`);
  return `${lines.join('\n')}\n`;
}

async function run(label, extraEnv) {
  const port = await freePort();
  const dataDir = makeTempDir('counter');
  const server = startHaat(
    { PORT: String(port), DATA_DIR: dataDir, DEMO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...extraEnv },
    { label: `haat (${label})`, guard: true },
  );
  try {
    const base = `http://${LOOPBACK}:${port}`;
    await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 180_000 });
    const session = await signInAsAdmin(base, ADMIN);
    await importProductsCsv(base, session, csv());
    const items = [];
    for (let g = 1; g <= ITEMS; g++) {
      const found = await adminCall(base, session, 'GET', `/api/admin/sales/counter/items?code=CSB-${String(g).padStart(3, '0')}`);
      if (!found.exact) throw new Error(`CSB-${g} was not found by its SKU`);
      items.push(found.data[0]);
    }
    const times = [];
    for (let round = 0; round < RUNS + 3; round++) {
      const lines = items.map((item, index) => ({
        variant_id: item.variant_id,
        quantity: 1 + (index % 2),
        unit_price: item.unit_price,
        discount: 0,
      }));
      const total = lines.reduce((sum, line) => sum + line.quantity * line.unit_price, 0);
      const started = performance.now();
      const last = await adminCall(base, session, 'GET', `/api/admin/sales/counter/items?code=${encodeURIComponent(items[ITEMS - 1].sku)}`);
      if (!last.exact) throw new Error('the last scan found nothing');
      const sale = await adminCall(base, session, 'POST', '/api/admin/sales/counter', {
        customer_name: `Bench ${randomBytes(2).toString('hex')}`,
        lines,
        payments: [
          { method: 'bkash', amount: 500_00, reference: `BENCH${round}` },
          { method: 'cash', amount: total },
        ],
      });
      const receipt = await adminCall(base, session, 'GET', `/api/admin/sales/counter/${sale.data.id}`);
      const ms = performance.now() - started;
      if (receipt.data.lines.length !== ITEMS || receipt.data.change_given !== 500_00) throw new Error('the receipt does not add up');
      if (round >= 3) times.push(ms); // three warm-up sales
    }
    if (server.exitInfo) throw new Error(`the server ${describeExit(server.exitInfo)} during the run`);
    const result = {
      medianMs: Math.round(median(times) * 10) / 10,
      p95Ms: Math.round(percentile(times, 95) * 10) / 10,
      runs: times.length,
    };
    console.log(`${label}: last scan → sale saved → receipt, median ${result.medianMs} ms (p95 ${result.p95Ms} ms, ${result.runs} sales)`);
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
  metric: `Counter sale of ${ITEMS} items, last scan to saved sale and receipt, ${label}`,
  budget: `median < ${BUDGET_MS} ms`,
  measured: `${result.medianMs} ms (p95 ${result.p95Ms} ms)`,
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
  return { status: statusOf(rows), rows, details: { items: ITEMS, pglite, postgres } };
}

await runBenchmark('counter-sale', main, { timeLimitMs: (process.env.BENCH_DATABASE_URL ? 2 : 1) * 5 * 60_000 });
