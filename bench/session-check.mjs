// Session check throughput: GET /check/session/admin with a signed-in admin cookie, against a bare Fastify
// server answering GET /bare, both under autocannon (50 connections, 2 s warm-up, 10 s measured).
// Usage: node bench/session-check.mjs [--json FILE]
// BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres also runs Haat on PostgreSQL, in a fresh
// database created there and dropped afterwards. BENCH_DURATION / BENCH_WARMUP / BENCH_CONNECTIONS override.
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
const BUDGET_RPS = 3000;
const AIM_RATIO = 0.4;
const RUNNING = '"status":"RUNNING"';

const ADMIN = benchAdmin();

/** Warm-up then measured autocannon runs; every response body is checked for status RUNNING. */
async function load(url, headers) {
  const options = {
    url,
    headers,
    connections: CONNECTIONS,
    pipelining: 1,
    timeout: 10,
    verifyBody: (body) => body.includes(RUNNING),
  };
  if (WARMUP_S > 0) await autocannon({ ...options, duration: WARMUP_S });
  const result = await autocannon({ ...options, duration: DURATION_S });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    total: result.requests.total,
    duration: result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
  };
}

const clean = (run) => run.non2xx === 0 && run.errors === 0 && run.timeouts === 0 && run.mismatches === 0;
const describe = (label, run) =>
  `${label}: ${run.requestsPerSecond} req/s (${run.total} requests in ${run.duration} s; p50 ${run.latencyMs.p50} ms, ` +
  `p99 ${run.latencyMs.p99} ms; non-2xx ${run.non2xx}, errors ${run.errors}, timeouts ${run.timeouts}, body mismatches ${run.mismatches})`;

async function benchBare() {
  const port = await freePort();
  const server = spawnNode(['bench/bare-server.mjs'], { env: { PORT: String(port), HOST: LOOPBACK }, label: 'bare server' });
  try {
    const url = `http://${LOOPBACK}:${port}/bare`;
    await waitFor200(url, { child: server, timeoutMs: 30_000 });
    const sample = await httpRequest(url);
    if (!sample.body.includes(RUNNING)) throw new Error(`bare server answered ${sample.status} ${sample.body}`);
    const run = await load(url, {});
    console.log(describe('bare Fastify GET /bare', run));
    return run;
  } finally {
    await server.stop();
  }
}

async function checkSessionOnce(url, cookie, when) {
  const response = await httpRequest(url, { headers: { cookie } });
  let status;
  try {
    status = JSON.parse(response.body).status;
  } catch {}
  if (response.status !== 200 || status !== 'RUNNING') {
    throw new Error(`session check ${when} answered ${response.status} ${response.body.slice(0, 300)} (expected status RUNNING)`);
  }
}

async function benchHaat(label, extraEnv) {
  const port = await freePort();
  const dataDir = makeTempDir('session');
  const server = startHaat(
    { PORT: String(port), DATA_DIR: dataDir, DEMO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...extraEnv },
    { label: `haat (${label})`, guard: true },
  );
  try {
    const base = `http://${LOOPBACK}:${port}`;
    // A fresh folder means a first start: migrations plus the demo shop.
    await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 120_000 });
    const { cookie } = await signInAsAdmin(base, ADMIN);
    const url = `${base}/check/session/admin`;
    await checkSessionOnce(url, cookie, 'before the run');
    const run = await load(url, { cookie });
    await checkSessionOnce(url, cookie, 'after the run');
    console.log(describe(`Haat (${label}) GET /check/session/admin`, run));
    if (server.exitInfo) throw new Error(`the server ${describeExit(server.exitInfo)} during the run`);
    return run;
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
  const haat = await benchHaat('PGlite', {});
  const bare = await benchBare();

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

  const ratio = haat.requestsPerSecond / bare.requestsPerSecond;
  const percent = (value) => `${(value * 100).toFixed(1)}%`;
  console.log(`\nratio Haat (PGlite) / bare: ${percent(ratio)}`);

  const rows = [
    {
      metric: 'Session check GET /check/session/admin, PGlite',
      budget: `≥ ${BUDGET_RPS} req/s`,
      measured: `${haat.requestsPerSecond} req/s`,
      pass: haat.requestsPerSecond >= BUDGET_RPS,
    },
    {
      metric: 'Session check answers all 2xx with status RUNNING',
      budget: '0 failures',
      measured: `${haat.non2xx + haat.errors + haat.timeouts + haat.mismatches} of ${haat.total}`,
      pass: clean(haat),
    },
    {
      metric: 'Bare Fastify GET /bare (baseline)',
      budget: null,
      measured: `${bare.requestsPerSecond} req/s`,
      pass: clean(bare) ? null : false,
    },
    {
      metric: 'Session check / bare Fastify',
      budget: `aim ≥ ${percent(AIM_RATIO)}`,
      measured: percent(ratio),
      pass: ratio >= AIM_RATIO ? 'aim-met' : 'aim-missed',
    },
  ];
  if (postgres) {
    rows.push({
      metric: 'Session check GET /check/session/admin, PostgreSQL',
      budget: `≥ ${BUDGET_RPS} req/s`,
      measured: `${postgres.requestsPerSecond} req/s (${percent(postgres.requestsPerSecond / bare.requestsPerSecond)} of bare)`,
      pass: clean(postgres) ? postgres.requestsPerSecond >= BUDGET_RPS : false,
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
      ratio: Math.round(ratio * 1000) / 1000,
      postgres,
    },
  };
}

const perServer = (WARMUP_S + DURATION_S) * 1000 + 180_000;
await runBenchmark('session-check', main, { timeLimitMs: perServer * (process.env.BENCH_DATABASE_URL ? 3 : 2) + 30_000 });
