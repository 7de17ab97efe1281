// Servers as production runs them (the compiled API with plain node), for the multi-process and crash
// tests: start, wait until ready, stop or kill -9; a fresh PostgreSQL database; HTTP clients with cookies.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { API_NODE_ARGS } from '../scripts/build-api.mjs';

export const root = path.resolve(import.meta.dirname, '..');
export const ADMIN = { email: 'owner@multi.haat', password: 'owner-multi-password' } as const;
/** One settings key for every process of a shop (README: SETTINGS_KEY). */
const SETTINGS_KEY = randomBytes(32).toString('hex');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The PostgreSQL the API tests use (TEST_DATABASE_URL), when it answers; else null. */
export async function postgresUrl(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return null;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A new, empty database next to `baseUrl`'s; `drop` removes it. */
export async function freshDatabase(
  baseUrl: string,
  label: string,
): Promise<{ url: string; query: pg.Pool['query']; drop(): Promise<void> }> {
  const name = `haat_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    url: url.toString(),
    query: pool.query.bind(pool) as pg.Pool['query'],
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The nginx binary from Debian's package, when installed. */
export function nginxBinary(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (fs.existsSync(candidate) && spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return null;
}

export interface Server {
  port: number;
  base: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL (kill -9), and waits for the exit. */
  kill(): Promise<void>;
}

/** Starts the compiled server with `env` on a free port; resolves once GET /readyz answers 200. */
export async function startServer(env: Record<string, string>, { timeoutMs = 150_000 } = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, API_NODE_ARGS, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SETTINGS_KEY,
      LOG_LEVEL: 'warn',
      WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(`${base}/readyz`).catch(() => null);
    if (answer?.status === 200) break;
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not start:\n${output}`);
    }
    await sleep(100);
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { port, base, child, output: () => output, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}

/** A JSON answer as the tests read it: any shape, checked by the assertions. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read answers of many shapes.
type Json = any;

export interface Answer {
  status: number;
  body: string;
  json(): Json;
}

/** A browser against `base`: keeps cookies, sends the CSRF cookie and token on unsafe requests, takes a rotated token. */
export class Client {
  private cookies = new Map<string, string>();
  private csrf = '';

  constructor(readonly base: string) {}

  async request(method: string, url: string, body?: unknown, timeoutMs = 60_000): Promise<Answer> {
    if (method !== 'GET' && !this.csrf) {
      this.csrf = (await this.request('GET', '/api/csrf-token')).json().token;
    }
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(method !== 'GET'
          ? { 'content-type': 'application/json', 'x-csrf-token': this.csrf, 'x-requested-with': 'XMLHttpRequest' }
          : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    // A sign-in rotates the CSRF token and sends the new one back, as the web app's client reads it.
    const rotated = response.headers.get('x-csrf-token');
    if (rotated) this.csrf = rotated;
    const text = await response.text();
    return {
      status: response.status,
      body: text,
      json: () => JSON.parse(text),
    };
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body: unknown = {}) {
    return this.request('POST', url, body);
  }
  put(url: string, body: unknown) {
    return this.request('PUT', url, body);
  }
}

export function expectStatus(answer: Answer, status: number, what: string): Json {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  return answer.json();
}

export async function signedInAdmin(base: string): Promise<Client> {
  const admin = new Client(base);
  expectStatus(await admin.post('/api/admin/login', { email: ADMIN.email, password: ADMIN.password }), 200, 'admin login');
  return admin;
}

export interface Shop {
  productId: number;
  variantId: number;
  product: Record<string, unknown>;
  place: { city_id: number; sub_city_id: number };
}

/** A category and one published product whose one variant holds `stock` units, and a place to deliver to. */
export async function prepareProduct(admin: Client, stock: number, retailPrice = 120000): Promise<Shop> {
  const stamp = `${Date.now()}${randomBytes(2).toString('hex')}`;
  const category = expectStatus(await admin.post('/api/admin/categories', { name: `Multi ${stamp}` }), 201, 'POST category').data;
  const sku = `MULTI-${stamp}`;
  const product = {
    name: `Last Units Kurti ${sku}`,
    sku,
    category_id: category.id,
    wholesale_price: 80000,
    retail_price: retailPrice,
  };
  const created = expectStatus(
    await admin.post('/api/admin/products', { ...product, variants: [{ sku, attribute_value_ids: [], opening_stock: stock }] }),
    201,
    'POST product',
  ).data;
  const { cities } = expectStatus(await admin.get('/_public/cities'), 200, 'GET cities');
  const city = cities.find((row: { is_main_city: boolean }) => row.is_main_city) ?? cities[0];
  const subCities = expectStatus(await admin.get(`/_public/cities/${city.id}/sub-cities`), 200, 'GET sub cities');
  const list = subCities.sub_cities ?? subCities.data ?? [];
  return {
    productId: created.id,
    variantId: created.variants[0].id,
    product: { ...product, variants: [{ id: created.variants[0].id, sku, attribute_value_ids: [] }] },
    place: { city_id: city.id, sub_city_id: list[0].id },
  };
}

/** One shopper's order of one unit: a cart of their own, then the checkout. */
export async function checkout(base: string, shop: Shop, index: number): Promise<Answer> {
  const shopper = new Client(base);
  const added = await shopper.post('/_public/cart', { variant_id: shop.variantId, quantity: 1 });
  if (added.status !== 200) return added;
  return shopper.post('/_public/checkout', {
    name: `Buyer ${index + 1}`,
    phone: `017${String(10_000_000 + index).slice(-8)}`,
    address: 'House 1, Road 1, Dhanmondi',
    ...shop.place,
    payment_method: 'cod',
    idempotency_key: randomUUID(),
  });
}

/** The variant's stock and the sum of its stock ledger, as the back office shows them. */
export async function stockAndLedger(admin: Client, shop: Shop): Promise<{ stock: number; ledger: number; rows: number }> {
  const product = expectStatus(await admin.get(`/api/admin/products/${shop.productId}`), 200, 'GET product').data;
  let ledger = 0;
  let rows = 0;
  for (let page = 1; ; page++) {
    const answer = expectStatus(
      await admin.get(`/api/admin/products/${shop.productId}/stock?per_page=100&page=${page}`),
      200,
      'GET ledger',
    );
    for (const row of answer.data as { quantity: number }[]) ledger += row.quantity;
    rows += answer.data.length;
    if (answer.data.length < 100) break;
  }
  return { stock: product.variants[0].stock, ledger, rows };
}
