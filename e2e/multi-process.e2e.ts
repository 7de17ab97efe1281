// Several processes on one PostgreSQL behind Debian's nginx (round robin), as README "Deployment" runs a
// shop: 4 compiled servers on a fresh database, nginx run as this user from a temporary folder. Needs
// PostgreSQL (TEST_DATABASE_URL) and nginx (`.ci/run` installs it); skipped with a message otherwise.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../scripts/build-api.mjs';
import {
  Client,
  checkout,
  freePort,
  freshDatabase,
  nginxBinary,
  postgresUrl,
  prepareProduct,
  type Server,
  type Shop,
  signedInAdmin,
  sleep,
  startServer,
  stockAndLedger,
} from './processes';

const PROCESSES = 4;
/** The courier tracking period the processes run with (COURIER_TRACKING_MINUTES=0.05). */
const TRACKING_PERIOD_MS = 3000;

const pgUrl = await postgresUrl();
const nginx = nginxBinary();
const missing = [pgUrl ? null : 'PostgreSQL (TEST_DATABASE_URL)', nginx ? null : 'nginx (apt-get install nginx-light)'].filter(Boolean);
if (missing.length) console.warn(`multi-process test skipped: ${missing.join(' and ')} not available`);

describe.skipIf(missing.length > 0)(`${PROCESSES} processes on one PostgreSQL behind nginx`, () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let servers: Server[] = [];
  let proxy: ChildProcess | undefined;
  let proxyBase = '';
  let folder = '';
  let admin: Client;

  beforeAll(async () => {
    await buildApi();
    database = await freshDatabase(pgUrl as string, 'multi');
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-multi-'));
    // Started together on an empty database: they migrate and seed one after another.
    servers = await Promise.all(
      Array.from({ length: PROCESSES }, (_, index) =>
        startServer({
          DATABASE_URL: database.url,
          DATA_DIR: path.join(folder, `data-${index}`),
          TRUST_PROXY: '1',
          COURIER_TRACKING_MINUTES: String(TRACKING_PERIOD_MS / 60_000),
        }),
      ),
    );
    const port = await freePort();
    for (const dir of ['logs', 'temp']) fs.mkdirSync(path.join(folder, dir), { mode: 0o777 });
    fs.chmodSync(folder, 0o755);
    fs.chmodSync(path.join(folder, 'temp'), 0o777);
    fs.writeFileSync(
      path.join(folder, 'nginx.conf'),
      `worker_processes 1;
daemon off;
pid ${folder}/nginx.pid;
error_log ${folder}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${folder}/temp/body;
  proxy_temp_path ${folder}/temp/proxy;
  fastcgi_temp_path ${folder}/temp/fastcgi;
  uwsgi_temp_path ${folder}/temp/uwsgi;
  scgi_temp_path ${folder}/temp/scgi;
  upstream haat {
${servers.map((server) => `    server 127.0.0.1:${server.port};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://haat;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
    }
  }
}
`,
    );
    proxy = spawn(nginx as string, ['-p', folder, '-c', path.join(folder, 'nginx.conf'), '-e', path.join(folder, 'logs/error.log')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proxyBase = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answer = await fetch(`${proxyBase}/readyz`).catch(() => null);
      if (answer?.status === 200) break;
      if (proxy.exitCode !== null || Date.now() > deadline) {
        throw new Error(`nginx did not start: ${fs.readFileSync(path.join(folder, 'logs/error.log'), 'utf8').slice(-2000)}`);
      }
      await sleep(100);
    }
    admin = await signedInAdmin(proxyBase);
  }, 180_000);

  afterAll(async () => {
    if (proxy && proxy.exitCode === null) {
      proxy.kill('SIGTERM');
      await new Promise((resolve) => proxy?.once('exit', resolve));
    }
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('answers health checks through the proxy, with the proxy’s request id', async () => {
    const ready = await fetch(`${proxyBase}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    // Migrated once: every process sees every migration applied.
    const migrations = await database.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    for (const server of servers) {
      expect((await (await fetch(`${server.base}/readyz`)).json()).migrations).toBe(migrations.rows[0].n);
    }
    // Seeded once: one first admin.
    const admins = await database.query('select count(*)::int as n from admins');
    expect(admins.rows[0].n).toBe(1);
  });

  it('places exactly 50 orders from 200 concurrent checkouts for 50 units', async () => {
    const shop = await prepareProduct(admin, 50);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, index) => checkout(proxyBase, shop, index)));
    const statuses = answers.map((answer) => answer.status);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created, answers.find((answer) => answer.status !== 201 && answer.status !== 422)?.body ?? answers[0]?.body).toHaveLength(50);
    expect(statuses.filter((status) => status === 422)).toHaveLength(150);
    expect(answers.filter((answer) => answer.status === 422).every((answer) => /out of stock/.test(answer.body))).toBe(true);
    const numbers = new Set(created.map((answer) => answer.json().order.number));
    expect(numbers.size).toBe(50);
    const orders = await database.query('select count(*)::int as n from orders');
    expect(orders.rows[0].n).toBe(50);
    expect(await stockAndLedger(admin, shop)).toMatchObject({ stock: 0, ledger: 0 });
  }, 120_000);

  it('checks at most 5 of 40 concurrent wrong passwords spread over the processes', async () => {
    // Five wrong passwords for one account: the rest are refused unchecked (429). Atomic once the
    // login limit is decided in one statement (issue 16, the login-limit change).
    const answers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const browser = new Client(proxyBase);
        return browser.post('/api/admin/login', { email: 'owner@multi.haat', password: 'not-the-password' });
      }),
    );
    const checked = answers.filter((answer) => answer.status !== 429);
    expect(answers.every((answer) => answer.status === 429 || answer.status === 401 || answer.status === 422)).toBe(true);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(35);
  }, 30_000);

  it('serves a price change made on one process from every process within 1 s', async () => {
    const shop: Shop = await prepareProduct(admin, 5, 120000);
    const path = `/_public/product/${shop.productId}`;
    // Every process has the old answer cached.
    for (const server of servers) {
      const body = await (await fetch(`${server.base}${path}`)).text();
      expect(body).toContain('120000');
      expect(body).not.toContain('137700');
    }
    const changed = await admin.put(`/api/admin/products/${shop.productId}`, { ...shop.product, retail_price: 137700 });
    expect(changed.status, changed.body).toBe(200);
    const started = Date.now();
    const seenAfter = await Promise.all(
      servers.map(async (server) => {
        for (;;) {
          const body = await (await fetch(`${server.base}${path}`)).text();
          if (body.includes('137700')) return Date.now() - started;
          if (Date.now() - started > 5000) return Number.POSITIVE_INFINITY;
          await sleep(20);
        }
      }),
    );
    console.log(`price change served by the ${PROCESSES} processes after ${seenAfter.join(', ')} ms`);
    for (const ms of seenAfter) expect(ms).toBeLessThanOrEqual(1000);
    // And through the proxy, on whichever process answers.
    for (let i = 0; i < PROCESSES; i++) expect(await (await fetch(`${proxyBase}${path}`)).text()).toContain('137700');
  }, 30_000);

  it('runs the courier tracking job once per period across the processes', async () => {
    const runs = async () =>
      Number((await database.query("select runs from job_leases where name = 'courier-tracking'")).rows[0]?.runs ?? 0);
    // Wait for a period to begin, then count the runs over three whole periods.
    await sleep(TRACKING_PERIOD_MS - (Date.now() % TRACKING_PERIOD_MS) + 1500);
    const before = await runs();
    await sleep(3 * TRACKING_PERIOD_MS);
    const after = await runs();
    // Once per period: 3 (a process's timer may wake a little late: never 4 processes × 3).
    expect(after - before).toBeGreaterThanOrEqual(2);
    expect(after - before).toBeLessThanOrEqual(3);
    for (const server of servers) expect(server.output()).not.toMatch(/courier tracking failed/);
  }, 30_000);
});
