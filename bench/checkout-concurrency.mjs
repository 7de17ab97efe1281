// Concurrent checkout: 200 shoppers, each with their own cart cookie holding one unit of the same variant,
// check out at once against 50 units of stock. Budget (issue 5): exactly 50 orders, no oversell, no 500s.
// Usage: node bench/checkout-concurrency.mjs [--json FILE]
// BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres also runs Haat on PostgreSQL, in a fresh
// database created there and dropped afterwards. BENCH_BUYERS / BENCH_STOCK change the numbers.
import { randomUUID } from 'node:crypto';
import {
  assertLocalDatabase,
  benchAdmin,
  createBenchDatabase,
  describeExit,
  freePort,
  LOOPBACK,
  makeTempDir,
  median,
  percentile,
  removeTempDir,
  runBenchmark,
  startHaat,
  statusOf,
  tail,
  waitFor200,
} from './lib.mjs';
import { adminClient, expectStatus, newShopper, prepareShop } from './shop-client.mjs';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 200);
const STOCK = Number(process.env.BENCH_STOCK ?? 50);
const ADMIN = benchAdmin();

async function benchHaat(label, extraEnv) {
  const port = await freePort();
  const dataDir = makeTempDir('checkout');
  const server = startHaat(
    { PORT: String(port), DATA_DIR: dataDir, DEMO: '0', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...extraEnv },
    { label: `haat (${label})`, guard: true },
  );
  try {
    const base = `http://${LOOPBACK}:${port}`;
    await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 120_000 });
    const admin = await adminClient(base, ADMIN);
    const shop = await prepareShop(base, admin, STOCK);

    // Every shopper gets a cart of their own with one unit (not timed).
    const shoppers = [];
    for (let start = 0; start < BUYERS; start += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, BUYERS - start) }, async () => {
          const shopper = await newShopper(base);
          expectStatus(await shopper.post('/_public/cart', { variant_id: shop.variantId, quantity: 1 }), 200, 'POST /_public/cart');
          return shopper;
        }),
      );
      shoppers.push(...batch);
    }

    // All at once: each its own connection, its own cookie, its own idempotency key and phone.
    const started = performance.now();
    const answers = await Promise.all(
      shoppers.map(async (shopper, index) => {
        const sent = performance.now();
        try {
          const response = await shopper.post('/_public/checkout', {
            name: `Bench Buyer ${index + 1}`,
            phone: `017${String(10_000_000 + index).slice(-8)}`,
            address: 'House 1, Road 1, Dhanmondi',
            ...shop.place,
            payment_method: 'cod',
            idempotency_key: randomUUID(),
          });
          return { status: response.status, body: response.body, ms: performance.now() - sent };
        } catch (error) {
          return { status: 0, body: String(error?.message ?? error), ms: performance.now() - sent };
        }
      }),
    );
    const wallMs = performance.now() - started;
    if (server.exitInfo) throw new Error(`the server ${describeExit(server.exitInfo)} during the run`);

    const created = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 422);
    const outOfStock = refused.filter((answer) => /is out of stock/.test(answer.body));
    const serverErrors = answers.filter((answer) => answer.status >= 500);
    const failed = answers.filter((answer) => answer.status === 0);
    const other = answers.filter((answer) => ![0, 201, 422].includes(answer.status) && answer.status < 500);
    const numbers = new Set(created.map((answer) => JSON.parse(answer.body).order.number));

    // What the database says afterwards, through the back office.
    const product = expectStatus(await admin.get(`/api/admin/products/${shop.productId}`), 200, 'GET product').data;
    const ledger = expectStatus(
      await admin.get(`/api/admin/products/${shop.productId}/stock?per_page=100&filter[kind]=reservation`),
      200,
      'GET stock ledger',
    );
    const reserved = -ledger.data.reduce((sum, row) => sum + row.quantity, 0);
    const orders = expectStatus(await admin.get('/api/admin/orders?per_page=1&filter[type]=website'), 200, 'GET /api/admin/orders');
    const variantStock = product.variants[0].stock;
    const latencies = answers.map((answer) => answer.ms);
    const run = {
      buyers: BUYERS,
      stock: STOCK,
      created: created.length,
      distinctOrderNumbers: numbers.size,
      outOfStock: outOfStock.length,
      refusedOtherwise: refused.length - outOfStock.length,
      serverErrors: serverErrors.length,
      connectionFailures: failed.length,
      otherStatuses: other.map((answer) => answer.status),
      ordersInBackOffice: orders.total,
      stockAfter: variantStock,
      productStockAfter: product.stock,
      reservedInLedger: reserved,
      reservationRows: ledger.total,
      wallMs: Math.round(wallMs),
      latencyMs: {
        p50: Math.round(median(latencies)),
        p99: Math.round(percentile(latencies, 99)),
        max: Math.round(Math.max(...latencies)),
        createdP50: created.length ? Math.round(median(created.map((answer) => answer.ms))) : null,
      },
      sampleRefusal: outOfStock[0]?.body.slice(0, 200) ?? refused[0]?.body.slice(0, 200) ?? null,
      sampleError: (serverErrors[0] ?? failed[0])?.body.slice(0, 300) ?? null,
    };
    console.log(
      `Haat (${label}): ${run.created} orders of ${BUYERS} checkouts for ${STOCK} units; ${run.outOfStock} told "out of stock"; ` +
        `${run.serverErrors} 5xx, ${run.connectionFailures} failed; stock after ${run.stockAfter}, reserved in the ledger ${run.reservedInLedger}; ` +
        `all answered in ${run.wallMs} ms (p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms)`,
    );
    return run;
  } catch (error) {
    const exited = server.exitInfo ? `the server ${describeExit(server.exitInfo)}; ` : '';
    throw new Error(`Haat (${label}): ${error.message}\n${exited}server output:\n${tail(server.output())}`);
  } finally {
    await server.stop();
    removeTempDir(dataDir);
  }
}

function rowsFor(label, run) {
  const exact = run.created === run.stock && run.distinctOrderNumbers === run.stock && run.ordersInBackOffice === run.stock;
  const noOversell = run.stockAfter === 0 && run.productStockAfter === 0 && run.reservedInLedger === run.stock;
  return [
    {
      metric: `${run.buyers} concurrent checkouts for ${run.stock} units, ${label}: orders placed`,
      budget: `exactly ${run.stock}`,
      measured: `${run.created} (back office lists ${run.ordersInBackOffice})`,
      pass: exact,
    },
    {
      metric: `… ${label}: stock after, reserved in the ledger`,
      budget: `0, ${run.stock} (no oversell)`,
      measured: `${run.stockAfter}, ${run.reservedInLedger}`,
      pass: noOversell,
    },
    {
      metric: `… ${label}: the others told "out of stock"; 5xx or failed`,
      budget: `${run.buyers - run.stock}; 0`,
      measured: `${run.outOfStock}; ${run.serverErrors + run.connectionFailures}`,
      pass: run.outOfStock === run.buyers - run.stock && run.serverErrors + run.connectionFailures === 0 && run.otherStatuses.length === 0,
    },
    {
      metric: `… ${label}: all answered in (p50 / p99 per checkout)`,
      budget: null,
      measured: `${run.wallMs} ms (${run.latencyMs.p50} / ${run.latencyMs.p99} ms)`,
      pass: null,
    },
  ];
}

async function main() {
  if (process.env.BENCH_DATABASE_URL) assertLocalDatabase(process.env.BENCH_DATABASE_URL);
  const pglite = await benchHaat('PGlite', {});
  let postgres = null;
  if (process.env.BENCH_DATABASE_URL) {
    const database = await createBenchDatabase(process.env.BENCH_DATABASE_URL);
    console.log(`PostgreSQL: created database ${database.name}`);
    try {
      postgres = await benchHaat('PostgreSQL', { DATABASE_URL: database.url });
    } finally {
      await database.drop();
      console.log(`PostgreSQL: dropped database ${database.name}`);
    }
  }
  const rows = [...rowsFor('PGlite', pglite), ...(postgres ? rowsFor('PostgreSQL', postgres) : [])];
  return { status: statusOf(rows), rows, details: { pglite, postgres } };
}

await runBenchmark('checkout-concurrency', main, { timeLimitMs: (process.env.BENCH_DATABASE_URL ? 2 : 1) * 6 * 60_000 + 30_000 });
