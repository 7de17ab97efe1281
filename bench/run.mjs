// `npm run bench`: runs the benchmarks one after another (each in its own process), writes
// bench/results/latest.json and prints a markdown table for the README.
// Usage: node bench/run.mjs [--all] [startup] [session-check] [admin-bundle] [catalogue-import] [storefront-lighthouse] [catalogue-list] [reseller-products] [orders-lists] [checkout-concurrency] [storefront-checkout] [reseller-api] [public-catalogue] [courier-webhook] [online-payment]
// Without names it runs every benchmark but the optional ones (catalogue-list, reseller-products, orders-lists, product-feeds: minutes of data loading);
// --all runs those too.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatRows, REPO_ROOT } from './lib.mjs';

const BENCHMARKS = [
  { name: 'startup', script: 'bench/startup.mjs', timeLimitMs: 8 * 60_000 },
  { name: 'session-check', script: 'bench/session-check.mjs', timeLimitMs: 15 * 60_000 },
  { name: 'admin-bundle', script: 'bench/admin-bundle.mjs', timeLimitMs: 13 * 60_000 },
  { name: 'catalogue-import', script: 'bench/catalogue-import.mjs', timeLimitMs: 18 * 60_000 },
  { name: 'storefront-lighthouse', script: 'bench/storefront-lighthouse.mjs', timeLimitMs: 16 * 60_000 },
  { name: 'catalogue-list', script: 'bench/catalogue-list.mjs', timeLimitMs: 45 * 60_000, optional: true },
  { name: 'reseller-products', script: 'bench/reseller-products.mjs', timeLimitMs: 45 * 60_000, optional: true },
  { name: 'orders-lists', script: 'bench/orders-lists.mjs', timeLimitMs: 65 * 60_000, optional: true },
  { name: 'checkout-concurrency', script: 'bench/checkout-concurrency.mjs', timeLimitMs: 13 * 60_000 },
  { name: 'storefront-checkout', script: 'bench/storefront-checkout.mjs', timeLimitMs: 10 * 60_000 },
  { name: 'reseller-api', script: 'bench/reseller-api.mjs', timeLimitMs: 17 * 60_000 },
  { name: 'public-catalogue', script: 'bench/public-catalogue.mjs', timeLimitMs: 20 * 60_000 },
  { name: 'purchase-receive', script: 'bench/purchase-receive.mjs', timeLimitMs: 13 * 60_000 },
  { name: 'counter-sale', script: 'bench/counter-sale.mjs', timeLimitMs: 11 * 60_000 },
  { name: 'order-scan', script: 'bench/order-scan.mjs', timeLimitMs: 13 * 60_000 },
  { name: 'product-feeds', script: 'bench/product-feeds.mjs', timeLimitMs: 31 * 60_000, optional: true },
  { name: 'courier-webhook', script: 'bench/courier-webhook.mjs', timeLimitMs: 17 * 60_000 },
  { name: 'online-payment', script: 'bench/online-payment.mjs', timeLimitMs: 21 * 60_000 },
];

const RESULTS_DIR = path.join(REPO_ROOT, 'bench/results');

const all = process.argv.includes('--all');
const wanted = process.argv.slice(2).filter((arg) => arg !== '--all');
const unknown = wanted.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.name === name));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; choose from ${BENCHMARKS.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
const selected = wanted.length
  ? BENCHMARKS.filter((benchmark) => wanted.includes(benchmark.name))
  : BENCHMARKS.filter((benchmark) => all || !benchmark.optional);

let current = null;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // The running benchmark cleans up its own servers and folders when it gets the signal.
    stopping = true;
    if (current && current.exitCode === null) current.kill(signal);
  });
}

/** Runs one benchmark script; it writes its result to `jsonFile`. Killed (SIGTERM, then SIGKILL) past its limit. */
function runScript(benchmark, jsonFile) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [benchmark.script, '--json', jsonFile], { cwd: REPO_ROOT, stdio: 'inherit' });
    current = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
    }, benchmark.timeLimitMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      current = null;
      resolve({ code, signal, timedOut });
    });
  });
}

function gitCommit() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${commit}+changes` : commit;
  } catch {
    return null;
  }
}

const startedAt = new Date();
const results = [];
fs.mkdirSync(RESULTS_DIR, { recursive: true });
for (const benchmark of selected) {
  if (stopping) break;
  console.log(`\n━━ ${benchmark.name} ━━`);
  const jsonFile = path.join(RESULTS_DIR, `.${benchmark.name}.json`);
  fs.rmSync(jsonFile, { force: true });
  const started = performance.now();
  const outcome = await runScript(benchmark, jsonFile);
  let result;
  try {
    result = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
  } catch {
    const why = outcome.timedOut
      ? `stopped after its ${benchmark.timeLimitMs / 60_000} min limit`
      : `exited with ${outcome.signal ?? `code ${outcome.code}`} without a result`;
    result = { name: benchmark.name, status: 'error', rows: [], error: why };
  }
  fs.rmSync(jsonFile, { force: true });
  result.seconds = Math.round((performance.now() - started) / 100) / 10;
  results.push(result);
}

const summary = {
  date: startedAt.toISOString(),
  commit: gitCommit(),
  machine: {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
  },
  status: results.some((result) => result.status === 'fail' || result.status === 'error') || stopping ? 'fail' : 'pass',
  results,
};
const latest = path.join(RESULTS_DIR, 'latest.json');
fs.writeFileSync(latest, `${JSON.stringify(summary, null, 2)}\n`);

const rows = results.flatMap((result) =>
  result.status === 'error'
    ? [{ metric: `${result.name}: did not finish`, budget: null, measured: (result.error ?? '').split('\n')[0], pass: false }]
    : result.rows,
);
console.log(`\n## Benchmarks\n`);
console.log(
  `Measured ${startedAt.toISOString().slice(0, 10)} on ${summary.machine.cpus} × ${summary.machine.cpuModel ?? 'CPU'}, Node ${process.version}${summary.commit ? `, commit ${summary.commit}` : ''}.\n`,
);
console.log(formatRows(rows));
console.log(`\nWrote ${path.relative(REPO_ROOT, latest)}. Overall: ${summary.status}${stopping ? ' (stopped)' : ''}.`);
process.exitCode = summary.status === 'pass' ? 0 : 1;
