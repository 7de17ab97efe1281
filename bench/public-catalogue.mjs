// Public catalogue throughput and the server's memory: the storefront's cached answers (GET /_public/product/{id},
// GET /_public/products/ and, for information, the other public calls) on the demo shop, against a bare Fastify
// server answering GET /bare, all under autocannon (50 connections; a 2 s warm-up checks every body, then 10 s measured per call asking with
// Accept-Encoding: gzip, as browsers do), in BENCH_ROUNDS rounds (2) alternating Haat and bare; the best round of each counts. Every answer is checked: 200 and
// the call's own fields. After the runs, a stock change made through the admin API must show in the very next answer.
// Memory: the server is started once to make the demo shop, then again on that data folder (as a shop restarts);
// its resident memory 3 s after it answers is "after start", and the highest of its samples (every 100 ms, from
// /proc) during the load is the peak.
// Usage: node bench/public-catalogue.mjs [--json FILE]
// BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres also runs the budgeted calls on PostgreSQL, in a
// fresh database created there and dropped afterwards. BENCH_DURATION / BENCH_WARMUP / BENCH_CONNECTIONS override;
// BENCH_BUDGET_ONLY=1 measures only the two budgeted calls.
import fs from 'node:fs';
import autocannon from 'autocannon';
import {
  assertLocalDatabase,
  benchAdmin,
  createBenchDatabase,
  describeExit,
  freePort,
  httpRequest,
  LOOPBACK,
  makeTempDir,
  removeTempDir,
  runBenchmark,
  signInAsAdmin,
  spawnNode,
  startHaat,
  statusOf,
  tail,
  waitFor200,
} from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BUDGET_ONLY = process.env.BENCH_BUDGET_ONLY === '1';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** Each budgeted public call answers at least this share of a bare Fastify route's requests per second. */
const BUDGET_RATIO = 0.5;
/** Resident memory budgets, in MB: PGlite after start and peak under this load; PostgreSQL after start. */
const MEMORY_BUDGET = { pgliteAfterStart: 250, pglitePeak: 300, postgresAfterStart: 150 };

const ADMIN = benchAdmin();

/**
 * The calls measured: a path (made once the demo shop's ids are known), the markers every answer body must
 * hold, and whether the 5,000 req/s budget applies.
 */
const CALLS = [
  {
    name: 'product',
    path: (shop) => `/_public/product/${shop.productId}`,
    markers: ['"product":{', '"rating_stars":{', '"variants":['],
    budget: true,
  },
  { name: 'products', path: () => '/_public/products/', markers: ['"home_page_products":[', '"featured":['], budget: true },
  { name: 'category', path: () => '/_public/category', markers: ['"categories":[', '"services":['] },
  { name: 'slider', path: () => '/_public/slider', markers: ['"sliders":[', '"slider_banner":[', '"best_seller":['] },
  {
    name: 'listing',
    path: (shop) => `/_public/sub/sub/category/product?category=${shop.categorySlug}&sort=price_asc`,
    markers: ['"data":[', '"current_page":1', '"facets":{'],
  },
  { name: 'suggest', path: () => '/_public/search/suggest?q=sa', markers: ['"products":[', '"categories":['] },
];

/**
 * The warm-up checks every answer's body for the call's markers; the measured run asks as a browser
 * does (Accept-Encoding: gzip) and counts non-2xx answers, so the load tool's own work on each body
 * (parsing 16 KB bodies to look for markers) does not become what is measured on this 2-core machine.
 */
async function load(url, markers) {
  const options = { url, connections: CONNECTIONS, pipelining: 1, timeout: 10 };
  let warmupMismatches = 0;
  if (WARMUP_S > 0) {
    const warmup = await autocannon({
      ...options,
      duration: WARMUP_S,
      verifyBody: (body) => markers.every((marker) => body.includes(marker)),
    });
    warmupMismatches = warmup.mismatches + warmup.non2xx;
  }
  const result = await autocannon({ ...options, headers: { 'accept-encoding': 'gzip' }, duration: DURATION_S });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    total: result.requests.total,
    duration: result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches + warmupMismatches,
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
  };
}

const failures = (run) => run.non2xx + run.errors + run.timeouts + run.mismatches;
const describe = (label, run) =>
  `${label}: ${run.requestsPerSecond} req/s (${run.total} requests in ${run.duration} s, ~${run.bytesPerRequest} B each; ` +
  `p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms; non-2xx ${run.non2xx}, errors ${run.errors}, ` +
  `timeouts ${run.timeouts}, body mismatches ${run.mismatches})`;

/** A bare Fastify server answering GET /bare with a small constant JSON: the baseline, kept up across rounds. */
async function startBare() {
  const port = await freePort();
  const server = spawnNode(['bench/bare-server.mjs'], { env: { PORT: String(port), HOST: LOOPBACK }, label: 'bare server' });
  const url = `http://${LOOPBACK}:${port}/bare`;
  await waitFor200(url, { child: server, timeoutMs: 30_000 });
  return {
    async measure(round) {
      const run = await load(url, ['"status":"RUNNING"']);
      console.log(describe(`round ${round}: bare Fastify GET /bare`, run));
      return run;
    },
    stop: () => server.stop(),
  };
}

/** Resident memory of a process in MB, from /proc (Linux). */
function residentMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** Samples a process's resident memory every 100 ms until stopped; answers the highest sample. */
function sampleResident(pid) {
  let peak = residentMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMb(pid));
  }, 100);
  return () => {
    clearInterval(timer);
    return Math.max(peak, residentMb(pid));
  };
}

/** The better of two runs of one call: more requests per second. */
const better = (a, b) => (!a || b.requestsPerSecond > a.requestsPerSecond ? b : a);

async function getJson(url, what) {
  const response = await httpRequest(url);
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${response.body.slice(0, 300)}`);
  return JSON.parse(response.body);
}

/** One answer of each call, checked field by field before the load: 200, the call's fields, sane values. */
async function checkShapes(base, shop, calls) {
  for (const call of calls) {
    const url = `${base}${call.path(shop)}`;
    const response = await httpRequest(url);
    if (response.status !== 200) throw new Error(`GET ${call.path(shop)} answered ${response.status}: ${response.body.slice(0, 300)}`);
    const missing = call.markers.filter((marker) => !response.body.includes(marker));
    if (missing.length) throw new Error(`GET ${call.path(shop)} lacks ${missing.join(', ')}: ${response.body.slice(0, 300)}`);
    if (!response.headers.etag) throw new Error(`GET ${call.path(shop)} sent no ETag`);
    const revalidated = await httpRequest(url, { headers: { 'if-none-match': response.headers.etag } });
    if (revalidated.status !== 304) throw new Error(`GET ${call.path(shop)} with its ETag answered ${revalidated.status}, not 304`);
  }
  const { product, rating_stars } = await getJson(`${base}/_public/product/${shop.productId}`, 'the product');
  for (const field of ['id', 'name', 'slug', 'status', 'price', 'retail_price', 'images', 'variants', 'related']) {
    if (!(field in product)) throw new Error(`the product answer lacks product.${field}`);
  }
  if (product.status !== 1 || !Number.isInteger(product.price) || !rating_stars?.breakdown) {
    throw new Error(`the product answer is not right: ${JSON.stringify({ status: product.status, price: product.price, rating_stars })}`);
  }
}

/** The demo shop's first featured product (with a variant) and a category with products. */
async function demoShop(base) {
  const home = await getJson(`${base}/_public/products/`, '/_public/products/');
  const productId = home.featured[0]?.id ?? home.home_page_products[0]?.products[0]?.id;
  const categorySlug = home.home_page_products[0]?.category.slug;
  if (!productId || !categorySlug) throw new Error('the demo shop has no products on the home page');
  return { productId, categorySlug };
}

/** A stock change through the admin API must show in the next public answer: the cache is invalidated at once. */
async function checkInvalidation(base, shop) {
  const url = `${base}/_public/product/${shop.productId}`;
  const before = await getJson(url, 'the product');
  const variant = before.product.variants[0];
  const { cookie, csrfToken } = await signInAsAdmin(base, ADMIN);
  const adjusted = await httpRequest(`${base}/api/admin/products/${shop.productId}/stock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken, 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ variant_id: variant.id, quantity: 7, reason: 'Benchmark: cache invalidation check' }),
  });
  if (adjusted.status !== 200) throw new Error(`the stock adjustment answered ${adjusted.status}: ${adjusted.body.slice(0, 300)}`);
  const after = await getJson(url, 'the product after the change');
  const stockAfter = after.product.variants.find((each) => each.id === variant.id)?.stock;
  if (stockAfter !== variant.stock + 7) {
    throw new Error(
      `the product answer after a stock change shows ${stockAfter}, expected ${variant.stock + 7}: the cache was not invalidated`,
    );
  }
  return { variantId: variant.id, before: variant.stock, after: stockAfter };
}

async function benchHaat(label, extraEnv, calls, bare) {
  const dataDir = makeTempDir('catalogue');
  const env = { DATA_DIR: dataDir, DEMO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...extraEnv };
  // A fresh folder means a first start: migrations plus the demo shop (pictures made with sharp).
  let port = await freePort();
  const first = startHaat({ PORT: String(port), ...env }, { label: `haat (${label}, first start)`, guard: true });
  try {
    await waitFor200(`http://${LOOPBACK}:${port}/api/get/site/info`, { child: first, intervalMs: 50, timeoutMs: 180_000 });
  } finally {
    await first.stop();
  }
  port = await freePort();
  const server = startHaat({ PORT: String(port), ...env }, { label: `haat (${label})`, guard: true });
  try {
    const base = `http://${LOOPBACK}:${port}`;
    await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const memory = { afterStartMb: residentMb(server.pid) };
    console.log(`Haat (${label}): ${memory.afterStartMb} MB resident 3 s after the restart on the demo shop`);
    const stopSampling = sampleResident(server.pid);
    const shop = await demoShop(base);
    await checkShapes(base, shop, calls);
    const runs = {};
    const bareRuns = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const call of calls) {
        const path = call.path(shop);
        const run = { path, ...(await load(`${base}${path}`, call.markers)) };
        console.log(describe(`round ${round}: Haat (${label}) GET ${path}`, run));
        if (server.exitInfo) throw new Error(`the server ${describeExit(server.exitInfo)} during the run`);
        runs[call.name] = better(runs[call.name], run);
      }
      if (bare) bareRuns.push(await bare.measure(round));
    }
    memory.peakMb = stopSampling();
    console.log(`Haat (${label}): peak ${memory.peakMb} MB resident under the load`);
    const invalidation = await checkInvalidation(base, shop);
    console.log(`Haat (${label}): a stock change showed in the next answer (${invalidation.before} → ${invalidation.after})`);
    return { runs, invalidation, memory, bare: bareRuns.reduce(better, null) };
  } catch (error) {
    const exited = server.exitInfo ? `the server ${describeExit(server.exitInfo)}; ` : '';
    throw new Error(`Haat (${label}): ${error.message}\n${exited}server output:\n${tail(server.output())}`);
  } finally {
    await server.stop();
    removeTempDir(dataDir);
  }
}

async function main() {
  if (process.env.BENCH_DATABASE_URL) assertLocalDatabase(process.env.BENCH_DATABASE_URL);
  const calls = BUDGET_ONLY ? CALLS.filter((call) => call.budget) : CALLS;
  const bareServer = await startBare();
  let haat;
  try {
    haat = await benchHaat('PGlite', {}, calls, bareServer);
  } finally {
    await bareServer.stop();
  }
  const { bare } = haat;

  let postgres = null;
  if (process.env.BENCH_DATABASE_URL) {
    const database = await createBenchDatabase(process.env.BENCH_DATABASE_URL);
    console.log(`PostgreSQL: created database ${database.name}`);
    try {
      postgres = await benchHaat(
        'PostgreSQL',
        { DATABASE_URL: database.url },
        CALLS.filter((call) => call.budget),
        null,
      );
    } finally {
      await database.drop();
      console.log(`PostgreSQL: dropped database ${database.name}`);
    }
  }

  const percent = (value) => `${(value * 100).toFixed(1)}%`;
  const ratio = (run) => run.requestsPerSecond / bare.requestsPerSecond;
  const rows = [];
  for (const call of calls) {
    const run = haat.runs[call.name];
    const measured = `${run.requestsPerSecond} req/s = ${percent(ratio(run))} of bare`;
    const clean = failures(run) === 0;
    rows.push({
      metric: `Public ${call.name} GET ${call.budget ? run.path.replace(/\d+$/, '{id}') : run.path}, PGlite${clean ? '' : ` (${failures(run)} bad answers)`}`,
      budget: call.budget ? `≥ ${BUDGET_RATIO} of bare` : null,
      measured,
      pass: call.budget ? clean && ratio(run) >= BUDGET_RATIO : clean ? null : false,
    });
  }
  rows.push({
    metric: 'Resident memory after start on the demo shop, PGlite',
    budget: `< ${MEMORY_BUDGET.pgliteAfterStart} MB`,
    measured: `${haat.memory.afterStartMb} MB`,
    pass: haat.memory.afterStartMb < MEMORY_BUDGET.pgliteAfterStart,
  });
  rows.push({
    metric: 'Resident memory, peak under this load, PGlite',
    budget: `< ${MEMORY_BUDGET.pglitePeak} MB`,
    measured: `${haat.memory.peakMb} MB`,
    pass: haat.memory.peakMb < MEMORY_BUDGET.pglitePeak,
  });
  rows.push({
    metric: 'Bare Fastify GET /bare (baseline)',
    budget: null,
    measured: `${bare.requestsPerSecond} req/s`,
    pass: failures(bare) === 0 ? null : false,
  });
  rows.push({ metric: 'A stock change shows in the next public answer', budget: 'at once', measured: 'yes', pass: true });
  if (postgres) {
    for (const [name, run] of Object.entries(postgres.runs)) {
      rows.push({
        metric: `Public ${name} GET ${run.path.replace(/\d+$/, '{id}')}, PostgreSQL`,
        budget: null,
        measured: `${run.requestsPerSecond} req/s = ${percent(ratio(run))} of bare`,
        pass: failures(run) === 0 ? null : false,
      });
    }
    rows.push({
      metric: 'Resident memory after start, PostgreSQL',
      budget: `< ${MEMORY_BUDGET.postgresAfterStart} MB`,
      measured: `${postgres.memory.afterStartMb} MB (peak ${postgres.memory.peakMb} MB)`,
      pass: postgres.memory.afterStartMb < MEMORY_BUDGET.postgresAfterStart,
    });
  }
  return {
    status: statusOf(rows),
    rows,
    details: {
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_S,
      durationSeconds: DURATION_S,
      pglite: haat,
      bare,
      ratios: Object.fromEntries(Object.entries(haat.runs).map(([name, run]) => [name, Math.round(ratio(run) * 1000) / 1000])),
      postgres,
    },
  };
}

const perServer = (WARMUP_S + DURATION_S) * 1000 * (CALLS.length + 1) * ROUNDS + 300_000;
await runBenchmark('public-catalogue', main, { timeLimitMs: perServer * (process.env.BENCH_DATABASE_URL ? 3 : 2) + 30_000 });
