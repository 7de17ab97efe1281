// What `npm run backup` and `npm run restore` share: where the shop's data is, the archive's layout,
// and the PGlite lock check. See docs/decisions/029-backups-and-route-security.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The archive's format; restore refuses a newer one. */
export const BACKUP_FORMAT = 1;
export const MANIFEST = 'manifest.json';
/** PGlite's data folder as its own tarball (PGlite's dumpDataDir). */
export const PGLITE_DUMP = 'database.tar.gz';
/** PostgreSQL's custom-format dump (pg_dump -Fc). */
export const POSTGRES_DUMP = 'database.dump';
export const SECRET_KEY_FILE = 'secret.key';

export class BackupError extends Error {}

/** The same settings the server reads (apps/api/src/config.ts): DATA_DIR and DATABASE_URL. */
export function shopPlaces(environment = process.env) {
  const dataDir = path.resolve(environment.DATA_DIR || './data');
  const databaseUrl = environment.DATABASE_URL || undefined;
  return {
    dataDir,
    databaseUrl,
    kind: databaseUrl ? 'postgres' : 'pglite',
    pgliteDir: path.join(dataDir, 'db'),
    storageDir: path.join(dataDir, 'storage'),
    secretKey: path.join(dataDir, SECRET_KEY_FILE),
  };
}

/**
 * PGlite is one process's database: while a server has the folder open it holds
 * `postmaster.pid` there (PGlite removes it when it closes). Reading or replacing the folder then
 * would copy a half-written database or pull it from under the server.
 */
export function assertPgliteStopped(pgliteDir, doing) {
  const lock = path.join(pgliteDir, 'postmaster.pid');
  if (fs.existsSync(lock)) {
    throw new BackupError(
      `The database in ${pgliteDir} is in use (${lock} exists): stop the Haat server before ${doing}.\n` +
        'If no server is running (it was killed), start it once and stop it with Ctrl+C, then try again.',
    );
  }
}

/** A private working folder (mode 700), removed by `done`. */
export function workFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-backup-'));
  fs.chmodSync(dir, 0o700);
  return { dir, done: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Runs a program, failing with its own error output. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error) {
    if (result.error.code === 'ENOENT') throw new BackupError(`${command} was not found: install it (see README "Backups").`);
    throw result.error;
  }
  if (result.status !== 0) throw new BackupError(`${command} failed:\n${(result.stderr || result.stdout || '').trim()}`);
  return result.stdout;
}

/**
 * pg_dump and pg_restore of the server's own major version when they are installed
 * (/usr/lib/postgresql/<major>/bin on Debian and Ubuntu), else the ones on PATH; PG_BIN overrides.
 */
export async function postgresTool(tool, databaseUrl) {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, tool);
  const major = Math.floor(Number(await postgresQuery(databaseUrl, 'show server_version_num')) / 10000);
  const own = path.join('/usr/lib/postgresql', String(major), 'bin', tool);
  return fs.existsSync(own) ? own : tool;
}

/**
 * The URL for pg_dump and pg_restore without its password, which goes in PGPASSWORD instead: a
 * command line is visible to every user of the machine (ps), the environment is not.
 */
export function postgresConnection(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** One value from PostgreSQL. */
export async function postgresQuery(databaseUrl, text) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(text);
    const row = result.rows[0];
    return row ? Object.values(row)[0] : undefined;
  } finally {
    await client.end();
  }
}

/** The applied migrations as drizzle records them: how many, and when the last was made. */
export const MIGRATIONS_QUERY =
  "select json_build_object('count', count(*), 'last', max(created_at)) as m from drizzle.__drizzle_migrations";

export async function openPglite(dataDir, loadDataDir) {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
}

/** Copies a folder's tree, keeping each file's mode. */
export function copyTree(from, to) {
  if (!fs.existsSync(from)) return false;
  fs.cpSync(from, to, { recursive: true, preserveTimestamps: true });
  return true;
}

export function writeSecretFile(file, content) {
  fs.writeFileSync(file, content, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

/** Runs a script's main, printing a BackupError's message without a stack. */
export function main(body) {
  body().catch((error) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exit(1);
  });
}
