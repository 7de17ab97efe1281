// The product catalogue feeds (decision 060): how long `GET /feed/google.xml` and `/feed/facebook.xml` take to
// make on the demo shop and on a large catalogue made by catalogue-data.mjs (BENCH_FEED_PRODUCTS products, 3
// variants each; 20,000 by default), then how long a cached answer takes, with the feed's size and items. PGlite,
// and PostgreSQL too when BENCH_DATABASE_URL is set (local only).
import http from 'node:http';
import zlib from 'node:zlib';
import { prepareCatalogue } from './catalogue-data.mjs';
import {
  assertLocalDatabase,
  benchAdmin,
  describeExit,
  freePort,
  httpRequest,
  LOOPBACK,
  makeTempDir,
  median,
  removeTempDir,
  runBenchmark,
  startHaat,
  statusOf,
  tail,
  waitFor200,
} from './lib.mjs';

const PRODUCTS = Number(process.env.BENCH_FEED_PRODUCTS ?? 20_000);
const CACHED_REQUESTS = 20;
/** The budgets: the demo shop's feed made in under half a second; the large one in under 20 s; a cached answer under 100 ms. */
const BUDGET = { demoMs: 500, largeMs: 20_000, cachedMs: 100 };
const ADMIN = benchAdmin();
const round = (value) => Math.round(value * 10) / 10;

/** One feed request as Meta's and Google's fetchers make it (gzip accepted): its time, sizes and items. */
function timedFeed(base, kind) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/feed/${kind}.xml`, { headers: { 'accept-encoding': 'gzip' }, timeout: 300_000 }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const ms = performance.now() - started;
        const raw = Buffer.concat(chunks);
        if (response.statusCode !== 200) return reject(new Error(`/feed/${kind}.xml answered ${response.statusCode}`));
        const text = response.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw).toString('utf8') : raw.toString('utf8');
        resolve({ ms, gzipBytes: raw.length, bytes: Buffer.byteLength(text), items: text.split('<item>').length - 1 });
      });
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
  });
}

/** Starts the server on a data set, makes each feed once (cold), then asks for it again (cached). */
async function measure(label, env) {
  const port = await freePort();
  const server = startHaat(
    { PORT: String(port), DEMO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env },
    {
      label: `haat (${label})`,
      guard: true,
    },
  );
  try {
    const base = `http://${LOOPBACK}:${port}`;
    await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 180_000 });
    // The storefront's own first calls warm what every public answer shares (the catalogue snapshot, settings).
    await httpRequest(`${base}/_public/category`, { timeoutMs: 60_000 });
    await httpRequest(`${base}/_public/products/`, { timeoutMs: 60_000 });
    const results = {};
    for (const kind of ['google', 'facebook']) {
      const cold = await timedFeed(base, kind);
      const cached = [];
      for (let index = 0; index < CACHED_REQUESTS; index += 1) cached.push((await timedFeed(base, kind)).ms);
      results[kind] = {
        coldMs: round(cold.ms),
        cachedMedianMs: round(median(cached)),
        bytes: cold.bytes,
        gzipBytes: cold.gzipBytes,
        items: cold.items,
      };
      console.log(
        `${label}, ${kind}: made in ${round(cold.ms)} ms, cached ${round(median(cached))} ms; ${cold.items} items, ${cold.bytes} bytes (${cold.gzipBytes} gzipped)`,
      );
    }
    if (server.exitInfo) throw new Error(`the server ${describeExit(server.exitInfo)} during the run`);
    return results;
  } catch (error) {
    throw new Error(`${label}: ${error.message}\nserver output:\n${tail(server.output())}`);
  } finally {
    await server.stop();
  }
}

function rowsFor(label, results, budgetMs) {
  return Object.entries(results).flatMap(([kind, result]) => [
    {
      metric: `Product feed ${kind}, ${label}: made (${result.items} items, ${Math.round(result.bytes / 1024)} kB, ${Math.round(result.gzipBytes / 1024)} kB gzipped)`,
      budget: `< ${budgetMs} ms`,
      measured: `${result.coldMs} ms`,
      pass: result.coldMs < budgetMs,
    },
    {
      metric: `Product feed ${kind}, ${label}: cached`,
      budget: `median < ${BUDGET.cachedMs} ms`,
      measured: `median ${result.cachedMedianMs} ms`,
      pass: result.cachedMedianMs < BUDGET.cachedMs,
    },
  ]);
}

async function run(kind, label) {
  const prepared = await prepareCatalogue({ kind, admin: ADMIN, products: PRODUCTS, baseUrl: process.env.BENCH_DATABASE_URL });
  try {
    return await measure(label, prepared.env);
  } finally {
    if (prepared.database) await prepared.database.drop();
    removeTempDir(prepared.dataDir);
  }
}

async function main() {
  if (process.env.BENCH_DATABASE_URL) assertLocalDatabase(process.env.BENCH_DATABASE_URL);
  // The demo shop: a fresh data folder, whose first start (DEMO=1) makes it.
  const rows = [];
  const details = { products: PRODUCTS };
  const demoDir = makeTempDir('feeds-demo');
  try {
    details.demo = await measure('demo shop, PGlite', { DATA_DIR: demoDir });
    rows.push(...rowsFor('demo shop, PGlite', details.demo, BUDGET.demoMs));
  } finally {
    removeTempDir(demoDir);
  }
  details.pglite = await run('pglite', `${PRODUCTS.toLocaleString('en')} products, PGlite`);
  rows.push(...rowsFor(`${PRODUCTS.toLocaleString('en')} products, PGlite`, details.pglite, BUDGET.largeMs));
  if (process.env.BENCH_DATABASE_URL) {
    details.postgres = await run('postgres', `${PRODUCTS.toLocaleString('en')} products, PostgreSQL`);
    rows.push(...rowsFor(`${PRODUCTS.toLocaleString('en')} products, PostgreSQL`, details.postgres, BUDGET.largeMs));
  }
  return { status: statusOf(rows), rows, details };
}

await runBenchmark('product-feeds', main, { timeLimitMs: 30 * 60_000 });
