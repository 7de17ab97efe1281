// Online payment (issue 21, decision 062): Haat's own time to start a payment and to handle the gateway's
// return, on the demo shop whose bKash is in mode `standin` (the stand-in gateway mounted in the same process).
// Each round, untimed: add a unit to the cart and check out paying in full by bKash (an order awaiting its
// payment, with its pay link). Timed:
//  - start: POST /_public/orders/{number}/pay {key, gateway: bkash} → the stand-in's page address;
//  - the shopper clicks "Pay" on the stand-in's page (untimed), which sends them back to our return address;
//  - return: GET /api/payments/bkash/return/{id}?paymentID&status=success → bKash's execute, the payment and the
//    order settled in one transaction, the books entry, the redirect to the thanks page.
// Each timing is split into the gateway's part (the calls Haat made to bKash, as its payment log times them:
// create; execute) and Haat's own part (the rest). Budgets (issue 21), Haat's part at the median: start < 30 ms,
// return < 20 ms.
// Usage: node bench/online-payment.mjs [--json FILE]
// BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres also runs Haat on PostgreSQL (a fresh database,
// dropped afterwards). BENCH_PAYMENTS (200) timed rounds after BENCH_PAYMENT_WARMUP (20) untimed ones.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import {
  assertLocalDatabase,
  benchAdmin,
  createBenchDatabase,
  freePort,
  httpRequest,
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

const ROUNDS = Number(process.env.BENCH_PAYMENTS ?? 200);
const WARMUP = Number(process.env.BENCH_PAYMENT_WARMUP ?? 20);
const BUDGET = { startMs: 30, returnMs: 20 };
const ADMIN = benchAdmin();

async function benchHaat(label, extraEnv) {
  const port = await freePort();
  const dataDir = makeTempDir('online-payment');
  const server = startHaat(
    { PORT: String(port), DATA_DIR: dataDir, DEMO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...extraEnv },
    { label: `haat (${label})`, guard: true },
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const base = `http://${LOOPBACK}:${port}`;
    await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 300_000 });
    const admin = await adminClient(base, ADMIN);
    const shop = await prepareShop(base, admin, 1_000_000);
    const shopper = await newShopper(base, { agent });
    const gatewayMs = async (paymentId, operations) => {
      const answer = expectStatus(await admin.get(`/api/admin/payments/${paymentId}/calls`), 200, 'GET payment calls');
      const calls = answer.data ?? answer;
      return calls.filter((call) => operations.includes(call.operation)).reduce((sum, call) => sum + call.ms, 0);
    };

    let phone = 20_000_000;
    const round = async () => {
      expectStatus(await shopper.post('/_public/cart', { variant_id: shop.variantId, quantity: 1 }), 200, 'POST /_public/cart');
      phone += 1;
      const placed = expectStatus(
        await shopper.post('/_public/checkout', {
          name: 'Bench Shopper',
          phone: `018${String(phone).slice(-8)}`,
          address: 'House 1, Road 1, Dhanmondi',
          ...shop.place,
          payment_method: 'bkash',
          payment_purpose: 'full',
          idempotency_key: randomUUID(),
        }),
        201,
        'POST /_public/checkout',
      );
      const payUrl = new URL(placed.pay_url, base);
      const number = placed.order.number;

      let started = performance.now();
      const payment = expectStatus(
        await shopper.post(`/_public/orders/${encodeURIComponent(number)}/pay`, { key: payUrl.searchParams.get('key'), gateway: 'bkash' }),
        200,
        'POST /_public/orders/:number/pay',
      );
      const startMs = performance.now() - started;

      // The shopper pays on the stand-in's page: its form posts their choice and redirects to our return address.
      const page = new URL(payment.redirect_url, base);
      const paid = await httpRequest(page.href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'choice=pay',
      });
      const back = paid.headers?.location;
      if (paid.status !== 303 || !back) throw new Error(`the stand-in's page answered ${paid.status}: ${paid.body.slice(0, 200)}`);

      started = performance.now();
      const returned = await httpRequest(new URL(back, base).href, { agent });
      const returnMs = performance.now() - started;
      if (returned.status !== 303 || !String(returned.headers?.location).includes('paid=1'))
        throw new Error(`the return answered ${returned.status} to ${returned.headers?.location}: ${returned.body.slice(0, 200)}`);

      const startGateway = await gatewayMs(payment.payment_id, ['create', 'token.grant', 'token.refresh']);
      const returnGateway = await gatewayMs(payment.payment_id, ['execute', 'query']);
      return { startMs, startOwn: startMs - startGateway, returnMs, returnOwn: returnMs - returnGateway };
    };

    for (let i = 0; i < WARMUP; i += 1) await round();
    const runs = [];
    for (let i = 0; i < ROUNDS; i += 1) runs.push(await round());
    if (server.exitInfo) throw new Error(`the server stopped during the run`);
    const r = (ms) => Math.round(ms * 100) / 100;
    const figures = {};
    for (const key of ['startMs', 'startOwn', 'returnMs', 'returnOwn']) {
      const values = runs.map((run) => run[key]);
      figures[key] = { p50: r(median(values)), p95: r(percentile(values, 95)) };
    }
    console.log(
      `${label}: ${ROUNDS} payments; start p50 ${figures.startMs.p50} ms (Haat's part ${figures.startOwn.p50} ms), ` +
        `return p50 ${figures.returnMs.p50} ms (Haat's part ${figures.returnOwn.p50} ms); load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
    );
    return { rounds: ROUNDS, ...figures, loadAverage: os.loadavg() };
  } catch (error) {
    throw new Error(`${error.message}\nserver output:\n${tail(server.output?.() ?? '')}`);
  } finally {
    agent.destroy();
    await server.stop();
    removeTempDir(dataDir);
  }
}

function rowsFor(label, run) {
  return [
    {
      metric: `online payment start, Haat's part (p50 / p95), ${label}`,
      budget: `< ${BUDGET.startMs} ms p50`,
      measured: `${run.startOwn.p50} / ${run.startOwn.p95} ms (with the stand-in's bKash create: ${run.startMs.p50} ms)`,
      pass: run.startOwn.p50 < BUDGET.startMs,
    },
    {
      metric: `online payment return handled, Haat's part (p50 / p95), ${label}`,
      budget: `< ${BUDGET.returnMs} ms p50`,
      measured: `${run.returnOwn.p50} / ${run.returnOwn.p95} ms (with the stand-in's bKash execute: ${run.returnMs.p50} ms)`,
      pass: run.returnOwn.p50 < BUDGET.returnMs,
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

await runBenchmark('online-payment', main, { timeLimitMs: (process.env.BENCH_DATABASE_URL ? 2 : 1) * 10 * 60_000 });
