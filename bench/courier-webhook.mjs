// Courier webhooks (issue 20, decision 058): how long Haat takes to handle a courier's status push, over
// HTTP on one keep-alive connection, one after another, on the demo shop (whose seed sets the couriers'
// webhook secrets and books shipped orders with them). Three kinds of push, each timed from send to answer:
//  - new: a Pathao `order.in-transit` and a Steadfast `pending` for a shipped order, each with its own
//    `updated_at` (the signature check, the claim, the order's courier status written, the mapping read);
//  - repeat: the same push again (the claim is taken: a `duplicate` row, nothing else changes);
//  - refused: a wrong secret (401, kept in the history).
// Budget (issue 20): handling a push < 10 ms, median and p95, on PGlite and on PostgreSQL.
// Usage: node bench/courier-webhook.mjs [--json FILE]
// BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres also runs Haat on PostgreSQL, in a fresh
// database created there and dropped afterwards. BENCH_WEBHOOKS (400) pushes of each kind after 40 untimed ones.
import fs from 'node:fs';
import http from 'node:http';
import {
  assertLocalDatabase,
  benchAdmin,
  createBenchDatabase,
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

const PUSHES = Number(process.env.BENCH_WEBHOOKS ?? 400);
const WARMUP = 40;
const BUDGET_MS = 10;
const ADMIN = benchAdmin();
// What the demo seed (courier-webhook.seed.ts) sets up.
const PATHAO = { secret: 'demo-pathao-webhook-secret', consignment: 'DL271126ABCD1' };
const STEADFAST = { token: 'demo-steadfast-webhook-token', consignment: 1834201 };

function post(agent, base, path, headers, body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function benchHaat(label, extraEnv) {
  const port = await freePort();
  const dataDir = makeTempDir('courier-webhook');
  const server = startHaat(
    { PORT: String(port), DATA_DIR: dataDir, DEMO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...extraEnv },
    { label: `haat (${label})`, guard: true },
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const base = `http://${LOOPBACK}:${port}`;
    await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 300_000 });
    let sequence = 0;
    const at = () => new Date(Date.UTC(2026, 0, 1) + ++sequence * 1000).toISOString();
    const kinds = {
      pathao: () => ({
        path: '/api/courier/webhook/pathao',
        headers: { 'x-pathao-signature': PATHAO.secret },
        body: { event: 'order.in-transit', consignment_id: PATHAO.consignment, updated_at: at() },
        expect: 202,
      }),
      steadfast: () => ({
        path: '/api/courier/webhook/steadfast',
        headers: { authorization: `Bearer ${STEADFAST.token}` },
        body: {
          notification_type: 'delivery_status',
          consignment_id: STEADFAST.consignment,
          status: 'pending',
          cod_amount: 1,
          updated_at: at(),
        },
        expect: 200,
      }),
    };
    const timeOne = async (push, expectStatus, mustSay) => {
      const started = performance.now();
      const answer = await post(agent, base, push.path, push.headers, push.body);
      const ms = performance.now() - started;
      if (answer.status !== expectStatus)
        throw new Error(`${push.path} answered ${answer.status}, expected ${expectStatus}: ${answer.body.slice(0, 200)}`);
      if (mustSay && !answer.body.includes(mustSay)) throw new Error(`${push.path} answered ${answer.body.slice(0, 200)}`);
      return ms;
    };
    const runs = { new: [], repeat: [], refused: [] };
    const cpu = {};
    const sent = [];
    const forge = (push) => ({
      ...push,
      headers: push.path.endsWith('pathao') ? { 'x-pathao-signature': 'wrong' } : { authorization: 'Bearer wrong' },
    });
    // Each kind: WARMUP untimed, then PUSHES timed, with the server's CPU time over the timed ones.
    const series = async (kind, next, expectStatus, mustSay) => {
      let cpuBefore = 0;
      for (let i = 0; i < WARMUP + PUSHES; i += 1) {
        if (i === WARMUP) cpuBefore = serverCpuMs(server.pid);
        const push = next(i);
        const ms = await timeOne(push, expectStatus ?? push.expect, mustSay);
        if (i >= WARMUP) runs[kind].push(ms);
      }
      cpu[kind] = (serverCpuMs(server.pid) - cpuBefore) / PUSHES;
    };
    await series(
      'new',
      () => {
        const push = sent.length % 2 ? kinds.pathao() : kinds.steadfast();
        sent.push(push);
        return push;
      },
      null,
      'kept',
    );
    await series('repeat', (i) => sent[i % sent.length], null, 'Already received');
    await series('refused', (i) => forge(i % 2 ? kinds.pathao() : kinds.steadfast()), 401);
    const round = (ms) => Math.round(ms * 100) / 100;
    const figures = Object.fromEntries(
      Object.entries(runs).map(([kind, times]) => [
        kind,
        { p50: round(median(times)), p95: round(percentile(times, 95)), max: round(Math.max(...times)), serverCpuMs: round(cpu[kind]) },
      ]),
    );
    for (const [kind, figure] of Object.entries(figures)) {
      console.log(
        `${label} ${kind}: ${PUSHES} pushes, p50 ${figure.p50} ms, p95 ${figure.p95} ms, max ${figure.max} ms; Haat's CPU ${figure.serverCpuMs} ms a push`,
      );
    }
    return { pushes: PUSHES, ...figures };
  } catch (error) {
    console.error(tail(server.output?.() ?? ''));
    throw error;
  } finally {
    agent.destroy();
    await server.stop();
    removeTempDir(dataDir);
  }
}

function rowsFor(label, run) {
  return ['new', 'repeat', 'refused'].map((kind) => ({
    metric: `courier webhook, ${kind} push (p50 / p95), ${label}`,
    budget: `< ${BUDGET_MS} ms each`,
    measured: `${run[kind].p50} / ${run[kind].p95} ms (Haat's CPU ${run[kind].serverCpuMs} ms a push)`,
    pass: run[kind].p50 < BUDGET_MS && run[kind].p95 < BUDGET_MS,
  }));
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

/** The server's CPU time so far (user + system), from /proc: what a push costs Haat, whatever else the machine runs. */
function serverCpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

await runBenchmark('courier-webhook', main, { timeLimitMs: (process.env.BENCH_DATABASE_URL ? 2 : 1) * 8 * 60_000 });
