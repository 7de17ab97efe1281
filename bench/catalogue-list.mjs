// Admin product list latency with 100,000 products and 300,000 variants (made by catalogue-data.mjs): page 1,
// page 2,000, a search by name and a category filter, each measured over sequential requests after a warm-up.
// Usage: node bench/catalogue-list.mjs [--json FILE]
// BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres also runs it on PostgreSQL, in a fresh
// database created there and dropped afterwards. BENCH_PRODUCTS, BENCH_LIST_REQUESTS, BENCH_LIST_WARMUP override.
import http from 'node:http';
import { DEFAULT_PRODUCTS, FILTER_CATEGORY_SLUG, prepareCatalogue, SEARCH_WORD } from './catalogue-data.mjs';
import {
  assertLocalDatabase,
  benchAdmin,
  describeExit,
  freePort,
  LOOPBACK,
  measureListCases,
  removeTempDir,
  runBenchmark,
  signInAsAdmin,
  startHaat,
  statusOf,
  tail,
  waitFor200,
} from './lib.mjs';

const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
const WARMUP = Number(process.env.BENCH_LIST_WARMUP ?? 30);
const PER_PAGE = 20;
const BUDGET = { medianMs: 50, p99Ms: 150 };
const ADMIN = benchAdmin();

function cases(loaded) {
  const list = (query) => `/api/admin/products?per_page=${PER_PAGE}&${query}`;
  return [
    { name: 'page 1', path: list('page=1') },
    { name: 'page 2,000', path: list('page=2000') },
    { name: `search "${SEARCH_WORD}"`, path: list(`page=1&q=${encodeURIComponent(SEARCH_WORD)}`) },
    {
      name: `filter category "${FILTER_CATEGORY_SLUG}"`,
      path: list(`page=1&${encodeURIComponent('filter[category_id]')}=${loaded.counts.filter_category_id}`),
    },
  ];
}

/** One request; checks it is a plain paginator page and returns its milliseconds and the page. */

async function measure(label, prepared) {
  const port = await freePort();
  const server = startHaat(
    { PORT: String(port), DEMO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...prepared.env },
    { label: `haat (${label})`, guard: true },
  );
  // Keep-alive, as a browser does: the figures are the server's, not TCP handshakes'.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const base = `http://${LOOPBACK}:${port}`;
    await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 120_000 });
    const { cookie } = await signInAsAdmin(base, ADMIN);
    const headers = { cookie, accept: 'application/json' };
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
    metric: `Admin product list, ${result.name}, ${label}`,
    budget: `median < ${BUDGET.medianMs} ms, p99 < ${BUDGET.p99Ms} ms`,
    measured: `median ${result.medianMs} ms, p99 ${result.p99Ms} ms`,
    pass: result.medianMs < BUDGET.medianMs && result.p99Ms < BUDGET.p99Ms,
  }));
}

async function run(kind, label) {
  const prepared = await prepareCatalogue({ kind, admin: ADMIN, products: DEFAULT_PRODUCTS, baseUrl: process.env.BENCH_DATABASE_URL });
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
    details: { requests: REQUESTS, warmup: WARMUP, perPage: PER_PAGE, products: DEFAULT_PRODUCTS, pglite, postgres },
  };
}

// Loading 100,000 products takes minutes on PGlite; the limit leaves room for both databases.
await runBenchmark('catalogue-list', main, { timeLimitMs: (process.env.BENCH_DATABASE_URL ? 2 : 1) * 20 * 60_000 + 60_000 });
