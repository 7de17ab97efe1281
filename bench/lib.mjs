// Shared helpers for the benchmark scripts: child processes, temp folders, cleanup on any exit,
// time limits, a tiny HTTP client that only talks to 127.0.0.1, and the result format run.mjs reads.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API_NODE_ARGS, API_NODE_ENV, buildApi } from '../scripts/build-api.mjs';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
/** Every request of every benchmark goes to this address, and every server listens only on it. */
export const LOOPBACK = '127.0.0.1';
/** Resolves packages the way the API does (fastify, pg), wherever npm hoisted them. */
export const requireFromApi = createRequire(path.join(REPO_ROOT, 'apps/api/package.json'));

// ── Cleanup registry ──────────────────────────────────────────────────────────

const liveChildren = new Set();
const tempDirs = new Set();
const cleanupTasks = new Set();
let cleaningUp = null;

/** Runs every registered cleanup once: stops child process groups, runs tasks, removes temp folders. */
export function cleanupAll() {
  cleaningUp ??= (async () => {
    await Promise.allSettled([...liveChildren].map((child) => child.stop(5000)));
    for (const task of [...cleanupTasks].reverse()) {
      try {
        await task();
      } catch (error) {
        console.error(`cleanup: ${error?.message ?? error}`);
      }
    }
    cleanupTasks.clear();
    for (const dir of [...tempDirs]) removeTempDir(dir);
  })();
  return cleaningUp;
}

/** Last-chance cleanup when the process exits without having awaited cleanupAll (synchronous only). */
process.on('exit', () => {
  for (const child of liveChildren) killGroup(child.pid, 'SIGKILL');
  for (const dir of tempDirs) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {}
  }
});

/** Registers an async cleanup step (e.g. dropping a database); returns a function that unregisters it. */
export function onCleanup(task) {
  cleanupTasks.add(task);
  return () => cleanupTasks.delete(task);
}

const TEMP_PREFIX = 'haat-bench-';
const OWNER_FILE = '.haat-bench-owner';

export function makeTempDir(label) {
  sweepStaleTempDirs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${TEMP_PREFIX}${label}-`));
  fs.writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  tempDirs.add(dir);
  return dir;
}

/** Removes folders left by a benchmark that was killed with SIGKILL (their owner process is gone). */
function sweepStaleTempDirs() {
  let names = [];
  try {
    names = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(TEMP_PREFIX));
  } catch {}
  for (const name of names) {
    const dir = path.join(os.tmpdir(), name);
    let owner;
    try {
      owner = Number(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
    } catch {
      continue; // not ours, or not readable: leave it
    }
    if (!owner || owner === process.pid) continue;
    try {
      process.kill(owner, 0);
    } catch (error) {
      if (error.code === 'ESRCH') fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

export function removeTempDir(dir) {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  tempDirs.delete(dir);
}

// ── Child processes ───────────────────────────────────────────────────────────

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts `node ...args` from the repository root in its own process group (so helpers it starts,
 * such as esbuild's service, are stopped with it). Output is kept (last 64 KB) for error messages.
 */
export function spawnNode(args, { env = {}, label = 'child' } = {}) {
  // A key set to undefined removes that variable from the inherited environment.
  const fullEnv = { ...process.env, BENCH_PARENT_PID: String(process.pid), ...env };
  for (const [key, value] of Object.entries(fullEnv)) if (value === undefined) delete fullEnv[key];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-65536);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  let exitInfo = null;
  let stopRequested = false;
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      // A server that stops without being asked was killed from outside (or crashed): say so in errors.
      exitInfo = stopRequested ? { code, signal } : { code, signal, unexpected: true };
      liveChildren.delete(handle);
      resolve(exitInfo);
    });
    child.once('error', (error) => {
      keep(`\n[spawn error] ${error.message}\n`);
      exitInfo = { code: null, signal: null, error };
      liveChildren.delete(handle);
      resolve(exitInfo);
    });
  });

  const handle = {
    label,
    pid: child.pid,
    child,
    exited,
    get exitInfo() {
      return exitInfo;
    },
    output: () => output,
    /** SIGTERM to the group, wait up to timeoutMs, then SIGKILL; resolves with the exit info. */
    async stop(timeoutMs = 10_000) {
      stopRequested = true;
      if (!exitInfo) {
        killGroup(child.pid, 'SIGTERM');
        const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), timeoutMs);
        await exited;
        clearTimeout(timer);
      }
      // Anything left in the group after the leader is gone (normally nothing).
      killGroup(child.pid, 'SIGKILL');
      return exitInfo;
    },
  };
  liveChildren.add(handle);
  return handle;
}

/** The environment variables Haat reads, removed so the caller's shell cannot leak into a benchmark. */
const HAAT_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'DEMO',
  'DEMO_PASSWORD',
  'PRODUCTION_HOST',
  'SESSION_TTL_HOURS',
  'COOKIE_SECURE',
  'LOG_LEVEL',
  'WEB_DIST',
  'TRUST_PROXY',
];

/** An environment for the Haat server: the caller's, minus Haat's own variables, plus `values`. */
export function haatEnv(values) {
  const env = {};
  for (const name of HAAT_VARIABLES) env[name] = undefined;
  // How production runs it (malloc's settings, decision 023), unless the caller's shell says otherwise.
  for (const [name, value] of Object.entries(API_NODE_ENV)) env[name] = process.env[name] ?? value;
  return { ...env, HOST: LOOPBACK, LOG_LEVEL: 'warn', ...values };
}

// The compiled API, what `npm start` runs; built here when its sources changed.
await buildApi();

/** `node --enable-source-maps … apps/api/dist/main.js` with API_NODE_ENV, what `npm start` runs. */
export const HAAT_ARGS = API_NODE_ARGS;

/** The guard that stops a server when the benchmark that started it dies (see parent-guard.mjs). */
export const PARENT_GUARD = path.join(REPO_ROOT, 'bench/parent-guard.mjs');

export function startHaat(values, { label = 'haat', guard = false } = {}) {
  const args = guard ? ['--import', PARENT_GUARD, ...HAAT_ARGS] : HAAT_ARGS;
  return spawnNode(args, { env: haatEnv(values), label });
}

// ── Networking ────────────────────────────────────────────────────────────────

/** A port that is free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function assertLoopback(url) {
  const { hostname } = new URL(url);
  if (hostname !== LOOPBACK) throw new Error(`refusing to send benchmark traffic to ${hostname}: only ${LOOPBACK} is allowed`);
}

/**
 * One HTTP request, without keep-alive unless an `agent` is given; resolves with status, headers and the
 * body as text. `body` may be a string or a Buffer.
 */
export function httpRequest(url, { method = 'GET', headers = {}, body, timeoutMs = 5000, agent = false } = {}) {
  assertLoopback(url);
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent, timeout: timeoutMs }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`timed out after ${timeoutMs} ms: ${method} ${url}`)));
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

export function cookiesFrom(response) {
  const list = response.headers['set-cookie'] ?? [];
  return Object.fromEntries(
    list.map((line) => {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
    }),
  );
}

/**
 * Signs in like the admin page: CSRF cookie and token first, then the JSON login. Returns the Cookie header
 * and the CSRF token, which unsafe requests (POST, PUT, DELETE) send as X-CSRF-TOKEN.
 */
export async function signInAsAdmin(base, { email, password }) {
  const tokenResponse = await httpRequest(`${base}/api/csrf-token`);
  if (tokenResponse.status !== 200) throw new Error(`GET /api/csrf-token answered ${tokenResponse.status}`);
  const { token } = JSON.parse(tokenResponse.body);
  const csrf = cookiesFrom(tokenResponse).haat_csrf;
  if (!csrf) throw new Error('GET /api/csrf-token set no haat_csrf cookie');

  const login = await httpRequest(`${base}/api/admin/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `haat_csrf=${csrf}`,
      'x-csrf-token': token,
      'x-requested-with': 'XMLHttpRequest',
    },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`POST /api/admin/login answered ${login.status}: ${login.body.slice(0, 300)}`);
  const session = cookiesFrom(login).haat_admin;
  if (!session) throw new Error('POST /api/admin/login set no haat_admin cookie');
  return { cookie: `haat_csrf=${csrf}; haat_admin=${session}`, csrfToken: token };
}

/** A fresh admin login for one benchmark run. */
export function benchAdmin() {
  return { email: 'bench.admin@example.com', password: `bench-${randomBytes(12).toString('hex')}` };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `url` every `intervalMs` until it answers 200. Fails early if `child` exits, and after `timeoutMs`.
 * Resolves with performance.now() at the moment the 200 arrived.
 */
export async function waitFor200(url, { child, intervalMs = 20, timeoutMs = 60_000 } = {}) {
  const deadline = performance.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (performance.now() < deadline) {
    const attemptStarted = performance.now();
    if (child?.exitInfo) {
      throw new Error(`${child.label} ${describeExit(child.exitInfo)} before answering ${url}\n${tail(child.output())}`);
    }
    try {
      const response = await httpRequest(url, { timeoutMs: Math.max(100, Math.min(5000, deadline - performance.now())) });
      if (response.status === 200) return performance.now();
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error.code ?? error.message;
    }
    const wait = intervalMs - (performance.now() - attemptStarted);
    if (wait > 0) await sleep(wait);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${lastProblem})${child ? `\n${tail(child.output())}` : ''}`);
}

/** "exited with code 1", or "was killed by SIGTERM, not sent by the benchmark" for an outside kill. */
export function describeExit(info) {
  if (!info) return 'is running';
  const how = info.error
    ? `failed to start (${info.error.message})`
    : info.signal
      ? `was killed by ${info.signal}`
      : `exited with code ${info.code}`;
  return info.unexpected && !info.error ? `${how}, not sent by the benchmark` : how;
}

export function tail(text, lines = 25) {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

// ── Results ───────────────────────────────────────────────────────────────────

/**
 * A benchmark result: { name, status: 'pass' | 'fail' | 'skipped' | 'error', rows, details, error? }.
 * A row: { metric, budget, measured, pass } where pass is true/false for a budget, 'aim-met'/'aim-missed'
 * for a goal that does not fail the run, and null for information only.
 */
export function statusOf(rows) {
  return rows.some((row) => row.pass === false) ? 'fail' : 'pass';
}

export function formatRows(rows) {
  const verdict = (pass) =>
    pass === true ? 'pass' : pass === false ? 'FAIL' : pass === 'aim-met' ? 'aim met' : pass === 'aim-missed' ? 'aim missed' : '—';
  const header = ['Metric', 'Budget', 'Measured', 'Result'];
  const body = rows.map((row) => [row.metric, row.budget ?? '—', row.measured, verdict(row.pass)]);
  const escapeCell = (cell) => String(cell).replaceAll('|', '\\|');
  return [header, header.map(() => '---'), ...body].map((cells) => `| ${cells.map(escapeCell).join(' | ')} |`).join('\n');
}

function jsonTarget() {
  const index = process.argv.indexOf('--json');
  if (index !== -1) return process.argv[index + 1];
  const inline = process.argv.find((arg) => arg.startsWith('--json='));
  return inline?.slice('--json='.length);
}

/**
 * Runs a benchmark's main function with cleanup on every path (success, error, signal, time limit).
 * `main` returns a result object; it is printed, written to --json FILE if given, and sets the exit code.
 */
export async function runBenchmark(name, main, { timeLimitMs }) {
  const jsonFile = jsonTarget();
  const write = (result) => {
    if (!jsonFile) return;
    fs.mkdirSync(path.dirname(path.resolve(jsonFile)), { recursive: true });
    fs.writeFileSync(jsonFile, `${JSON.stringify(result, null, 2)}\n`);
  };
  let failing = false;
  const fail = async (message, exitCode) => {
    // Ctrl-C reaches both run.mjs and this script, and run.mjs forwards it: act on the first signal only.
    if (failing) return;
    failing = true;
    console.error(`\n${name}: ${message}`);
    write({ name, status: 'error', rows: [], error: message });
    await cleanupAll();
    process.exit(exitCode);
  };

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => fail(`stopped by ${signal}`, 130));
  }
  const limit = setTimeout(() => fail(`time limit of ${Math.round(timeLimitMs / 1000)} s reached`, 1), timeLimitMs);
  limit.unref();

  let result;
  try {
    result = await main();
  } catch (error) {
    clearTimeout(limit);
    await fail(process.env.BENCH_DEBUG ? (error?.stack ?? String(error)) : (error?.message ?? String(error)), 1);
    return;
  }
  clearTimeout(limit);
  await cleanupAll();
  result = { name, ...result };
  write(result);
  if (result.rows?.length) console.log(`\n${formatRows(result.rows)}\n`);
  console.log(`${name}: ${result.status}${result.note ? ` (${result.note})` : ''}`);
  process.exitCode = result.status === 'fail' || result.status === 'error' ? 1 : 0;
}

// ── PostgreSQL ────────────────────────────────────────────────────────────────

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]', '']);

/** BENCH_DATABASE_URL must be a postgres:// URL on this machine: benchmarks create and drop databases there. */
export function assertLocalDatabase(baseUrl) {
  let parsed;
  try {
    parsed = new URL(baseUrl);
  } catch {
    throw new Error('BENCH_DATABASE_URL is not a URL (expected postgres://user:password@127.0.0.1:5432/postgres)');
  }
  if (!/^postgres(ql)?:$/.test(parsed.protocol)) throw new Error('BENCH_DATABASE_URL must start with postgres:// or postgresql://');
  const socketHost = parsed.searchParams.get('host');
  if (!LOCAL_HOSTS.has(parsed.hostname) && !socketHost?.startsWith('/')) {
    throw new Error(`BENCH_DATABASE_URL must point at this machine (127.0.0.1, localhost or a socket), not ${parsed.hostname}`);
  }
}

/**
 * Creates a fresh database (`haat_bench_<time>_<random>`) next to BENCH_DATABASE_URL's and returns its URL;
 * it is dropped by `drop()` or, failing that, at cleanup (also on errors and Ctrl-C).
 */
export async function createBenchDatabase(baseUrl) {
  assertLocalDatabase(baseUrl);
  const { Client } = requireFromApi('pg');
  const name = `haat_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: baseUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    throw new Error(`could not create a database through BENCH_DATABASE_URL: ${error.message}`);
  } finally {
    await admin.end().catch(() => {});
  }
  const drop = async () => {
    const client = new Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => client.query(`DROP DATABASE IF EXISTS "${name}"`));
    } finally {
      await client.end();
    }
  };
  const unregister = onCleanup(drop);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      unregister();
      await drop();
    },
  };
}

// ── Statistics ────────────────────────────────────────────────────────────────

// ── Signed-in admin calls ────────────────────────────────────────────────────

/** A JSON call as the signed-in admin (cookie, CSRF token); a 3xx–5xx answer throws with its body. */
export async function adminCall(base, session, method, path, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const response = await httpRequest(`${base}${path}`, {
    method,
    headers: {
      cookie: session.cookie,
      accept: 'application/json',
      'x-csrf-token': session.csrfToken,
      'x-requested-with': 'XMLHttpRequest',
      ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
    },
    body: payload,
    timeoutMs: 60_000,
  });
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${response.body.slice(0, 500)}`);
  return JSON.parse(response.body);
}

/** Imports a products CSV through the admin's import, as the back office's import dialog does. */
export async function importProductsCsv(base, session, csvText) {
  const boundary = `----haat-bench-${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csvText),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await httpRequest(`${base}/api/admin/products/import`, {
    method: 'POST',
    headers: {
      cookie: session.cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
      'x-csrf-token': session.csrfToken,
      'x-requested-with': 'XMLHttpRequest',
    },
    body,
    timeoutMs: 120_000,
  });
  if (response.status !== 200) throw new Error(`the product import answered ${response.status}: ${response.body.slice(0, 500)}`);
}

/** The p-th percentile (0–100) by the nearest-rank method. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

// ── The web app ───────────────────────────────────────────────────────────────

export const WEB_BUILD_TIMEOUT_MS = 10 * 60_000;
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

/** `npm run build -w @haat/web`, stopped past WEB_BUILD_TIMEOUT_MS: { ok, output }. */
export function buildWeb() {
  return new Promise((resolve) => {
    console.log('apps/web/dist is missing: running `npm run build -w @haat/web` ...');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const child = spawn(npm, ['run', 'build', '-w', '@haat/web'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk).slice(-32768);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const kill = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    };
    const unregister = onCleanup(kill);
    const timer = setTimeout(() => {
      keep(`\n[build stopped after ${WEB_BUILD_TIMEOUT_MS / 1000} s]`);
      kill();
    }, WEB_BUILD_TIMEOUT_MS);
    child.once('error', (error) => keep(`\n${error.message}`));
    child.once('close', (code) => {
      clearTimeout(timer);
      unregister();
      resolve({ ok: code === 0, output });
    });
  });
}

/** Builds the web app when apps/web/dist has no index.html yet (BENCH_NO_BUILD=1: never). */
export async function buildWebIfMissing() {
  if (fs.existsSync(path.join(WEB_DIST, 'index.html'))) return { ok: true, output: '' };
  if (process.env.BENCH_NO_BUILD === '1') return { ok: false, output: 'web not built yet (BENCH_NO_BUILD=1)' };
  return buildWeb();
}

const roundMs = (value) => Math.round(value * 10) / 10;

/** One GET of a paginated list: how long it took and the page it answered (`{data, total}`), or throws. */
export async function timedPageGet(base, requestPath, headers, agent) {
  const started = performance.now();
  const response = await httpRequest(`${base}${requestPath}`, { headers, agent, timeoutMs: 30_000 });
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${requestPath} answered ${response.status}: ${response.body.slice(0, 300)}`);
  const page = JSON.parse(response.body);
  if (!Array.isArray(page.data) || typeof page.total !== 'number') {
    throw new Error(`GET ${requestPath} did not answer a paginator page: ${response.body.slice(0, 300)}`);
  }
  return { elapsed, page };
}

/**
 * Each list case (`{name, path}`) timed `requests` times after `warmup`, one request at a time on
 * the caller's keep-alive agent: median, p99 and max in ms, with the rows and total of its page. A
 * case answering no rows throws: the data set or the query is wrong.
 */
export async function measureListCases({ label, base, cases, headers, agent, warmup, requests }) {
  const results = [];
  for (const item of cases) {
    for (let index = 0; index < warmup; index++) await timedPageGet(base, item.path, headers, agent);
    const times = [];
    let page;
    for (let index = 0; index < requests; index++) {
      const result = await timedPageGet(base, item.path, headers, agent);
      times.push(result.elapsed);
      page = result.page;
    }
    const result = {
      name: item.name,
      path: item.path,
      medianMs: roundMs(median(times)),
      p99Ms: roundMs(percentile(times, 99)),
      maxMs: roundMs(Math.max(...times)),
      rows: page.data.length,
      total: page.total,
    };
    console.log(
      `${label} ${item.name}: median ${result.medianMs} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms ` +
        `(${requests} requests; ${result.rows} rows of ${result.total})`,
    );
    if (result.rows === 0) throw new Error(`${item.name} answered no rows: the data set or the query is wrong`);
    results.push(result);
  }
  return results;
}
