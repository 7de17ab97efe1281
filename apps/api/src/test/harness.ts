import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { seedFirstStart } from '../db/seed';
import { type AppOptions, buildApp } from '../http/app';
import { randomToken } from '../lib/tokens';
import { expectBooksBalanced } from '../modules/accounts/accounts.fixture';

export const ADMIN = { email: 'owner@test.haat', password: 'owner-password-1' } as const;
export const DEMO_PASSWORD = 'demo-password-1';

/** Which database the API tests run on: PGlite unless TEST_DB=postgres and TEST_DATABASE_URL are set. */
export const TEST_DB_KIND: 'pglite' | 'postgres' =
  process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** A browser: keeps cookies and sends the CSRF headers like the web app does. */
  browser(): Promise<TestBrowser>;
  close(): Promise<void>;
}

/** The migrated database built once per run by global-setup.ts, when the run has one. */
function template(name: 'pgliteTemplate' | 'postgresTemplate'): string | undefined {
  try {
    return inject(name);
  } catch {
    return undefined; // outside a vitest run
  }
}

let pgliteTemplate: Promise<Blob | undefined> | undefined;

/**
 * A fresh database (PGlite in memory, or a new PostgreSQL database) with the migrations applied and
 * nothing seeded; `drop` throws it away. It starts as a copy of the run's migrated template
 * (global-setup.ts); `migrate()` then finds nothing left to apply (and on PGlite starts listening).
 */
export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (TEST_DB_KIND === 'pglite') {
    pgliteTemplate ??= (async () => {
      const file = template('pgliteTemplate');
      return file ? new Blob([await fs.promises.readFile(file)]) : undefined;
    })();
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate });
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const baseUrl = process.env.TEST_DATABASE_URL as string;
  const name = `haat_test_${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const copied = template('postgresTemplate');
  await admin.query(copied ? `create database ${name} template ${copied}` : `create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 20 });
  await database.migrate();
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function createTestApp(
  options: { demo?: boolean; env?: Record<string, string>; onRoute?: AppOptions['onRoute'] } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO: options.demo ? '1' : '0',
    DEMO_PASSWORD,
    LOG_LEVEL: process.env.TEST_LOG ? 'error' : 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...options.env,
  });
  const { database, drop } = await createTestDatabase();
  await seedFirstStart(database.db, config);
  const app = await buildApp({
    config,
    db: database.db,
    authEpoch: database.authEpoch,
    catalogEpoch: database.catalogEpoch,
    settingsEpoch: database.settingsEpoch,
    logger: Boolean(process.env.TEST_LOG),
    onRoute: options.onRoute,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    browser: () => TestBrowser.open(app),
    /**
     * Closes the app and drops its database — after the shared assertion of the books (issue 19): whatever
     * the file's tests did, every entry balances, the trial balance is zero and every kept balance and daily
     * total equals its lines.
     */
    async close() {
      try {
        await app.close();
        await expectBooksBalanced(database.db);
      } finally {
        await database.close();
        await drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class TestBrowser {
  private cookies = new Map<string, string>();
  csrf = '';

  private constructor(private readonly app: FastifyInstance) {}

  static async open(app: FastifyInstance): Promise<TestBrowser> {
    const browser = new TestBrowser(app);
    const response = await browser.get('/api/csrf-token');
    browser.csrf = response.json().token;
    return browser;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The `cookie` header this browser sends, for requests made by hand (raw bodies). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const unsafe = method !== 'GET';
    const response = await this.app.inject({
      method,
      url,
      payload: body === undefined ? undefined : (body as object),
      headers: {
        cookie: this.cookieHeader(),
        ...(unsafe ? { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': this.csrf } : {}),
        ...headers,
      },
    });
    for (const cookie of response.cookies as { name: string; value: string; expires?: Date }[]) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now())) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    // A sign-in rotates the CSRF token; the web app takes the new one from this header.
    const rotated = response.headers['x-csrf-token'];
    if (typeof rotated === 'string') this.csrf = rotated;
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body ?? {}, headers);
  }
  put(url: string, body?: unknown) {
    return this.request('PUT', url, body ?? {});
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }

  async loginAdmin(email: string = ADMIN.email, password: string = ADMIN.password) {
    const response = await this.post('/api/admin/login', { email, password });
    if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.statusCode} ${response.body}`);
    return response.json();
  }
}
