import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { API_ROOT } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type services see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction is a Db too: services take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  /** The embedded client, when the database is PGlite. */
  pglite?: PGlite;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process on this database runs its own (PostgreSQL: a session
   * advisory lock; PGlite has one process): processes starting together migrate and seed in turn.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * A number that changes whenever anything a session check reads changes (people, roles,
   * permissions, ended sessions), bumped by triggers. Call after migrate().
   */
  authEpoch(): number | Promise<number>;
  /**
   * The same for what the storefront's public calls read (products, categories, marketing,
   * settings…): the storefront's answer cache is valid while it is unchanged. Call after migrate().
   */
  catalogEpoch(): number | Promise<number>;
  /**
   * PGlite only: a number that changes whenever the settings table does (migration 0027 notifies
   * haat_settings), counted in this process at no cost; the settings module keeps what it read while
   * it is unchanged. Call after migrate().
   */
  settingsEpoch?: () => number;
}

/** The advisory lock key under which a starting process migrates and seeds (any constant number). */
const STARTUP_LOCK = 728_028;

export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');

/** PGlite's shared buffers unless PGLITE_SHARED_BUFFERS says otherwise (decision 023). */
export const PGLITE_SHARED_BUFFERS = '16MB';

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite. */
  url?: string;
  /** PGlite's data folder; `memory://` or undefined keeps it in memory. */
  dataDir?: string;
  /** PGlite only: start from a data folder tarball (used by the tests). */
  loadDataDir?: Blob | File;
  /**
   * PGlite only: PostgreSQL's shared buffers, inside this process's memory (PostgreSQL's default,
   * 128MB, is most of the server's resident memory; pages it does not hold are read from the OS's
   * file cache). See docs/decisions/023.
   */
  sharedBuffers?: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    // The PostgreSQL driver is loaded only for PostgreSQL: a PGlite shop never holds it (decision 023).
    const [{ default: pg }, { drizzle: drizzleNodePostgres }, { migrate: migrateNodePostgres }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that loses its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db: Db = drizzleNodePostgres(pool, { schema });
    return {
      db,
      kind: 'postgres',
      // Several processes may share the database, so each check reads the counter: one indexed row.
      authEpoch: async () => {
        const result = await pool.query<{ n: string }>('select n from auth_epoch where id = 1');
        return Number(result.rows[0]?.n ?? 0);
      },
      catalogEpoch: async () => {
        const result = await pool.query<{ n: string }>('select n from catalog_epoch where id = 1');
        return Number(result.rows[0]?.n ?? 0);
      },
      migrate: () => migrateNodePostgres(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
      exclusive: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir && !options.dataDir.startsWith('memory://')) {
    fs.mkdirSync(options.dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`],
  });
  const db: Db = drizzlePglite({ client: leanPgliteClient(client), schema });
  // PGlite is this process's own database: the triggers' NOTIFY reaches it before the writing
  // query returns, so a local counter is exact and costs no query.
  let epoch = 0;
  let catalogEpoch = 0;
  let settingsEpoch = 0;
  return {
    db,
    kind: 'pglite',
    authEpoch: () => epoch,
    catalogEpoch: () => catalogEpoch,
    settingsEpoch: () => settingsEpoch,
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      await client.listen('haat_auth', () => {
        epoch++;
      });
      await client.listen('haat_catalog', () => {
        catalogEpoch++;
      });
      await client.listen('haat_settings', () => {
        settingsEpoch++;
      });
    },
    exclusive: (work) => work(),
    close: () => client.close(),
    pglite: client,
  };
}

/**
 * Drizzle leaves dates, times and intervals (and their arrays) as PostgreSQL's text; it asks PGlite
 * for that with a parser table passed on every query (drizzle-orm/pglite/session.js), and PGlite
 * then copies its whole table of ~320 parsers into a new object for each query (~60 µs, a tenth of
 * an order's placement). The same parsers are set on the client once instead.
 */
export const TEXT_PARSERS: Record<number, (value: string) => string> = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    (value: string) => value,
  ]),
);

type Queryable = Pick<PGlite, 'query'>;

/** `client` as drizzle sees it: queries go without a per-query parser table; transactions too. */
export function leanPgliteClient(client: PGlite) {
  Object.assign(client.parsers, TEXT_PARSERS);
  const lean = (target: Queryable) => ({
    query: ((text, params, options) => target.query(text, params, options && { ...options, parsers: undefined })) as PGlite['query'],
  });
  return Object.assign(Object.create(client) as PGlite, {
    ...lean(client),
    transaction: ((callback) => client.transaction((tx) => callback(Object.assign(Object.create(tx), lean(tx))))) as PGlite['transaction'],
  });
}

/** The rows of a raw `db.execute()` result, which both drivers return as `{ rows }`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
