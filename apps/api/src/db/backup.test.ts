import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { resolveSettingsKey } from '../lib/secret-box';
import { randomToken } from '../lib/tokens';
import { ADMIN, TEST_DB_KIND } from '../test/harness';
import { type Database, openDatabase, rowsOf } from './client';
import { seedFirstStart } from './seed';

// `npm run backup` and `npm run restore` (scripts/backup.mjs, scripts/restore.mjs) on a demo shop:
// back up, change rows and files, restore, and find everything as it was at backup time.
const ROOT = path.resolve(import.meta.dirname, '../../../..');
let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};

function script(name: 'backup' | 'restore', ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.SETTINGS_KEY;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts', `${name}.mjs`), ...args], { cwd: ROOT, env, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function open(): Promise<Database> {
  return databaseUrl ? openDatabase({ url: databaseUrl, poolSize: 2 }) : openDatabase({ dataDir: path.join(dataDir, 'db') });
}

async function withDatabase<T>(body: (database: Database) => Promise<T>): Promise<T> {
  const database = await open();
  try {
    return await body(database);
  } finally {
    await database.close();
  }
}

/** Every table's rows (as text, in order) hashed, every sequence's value, and every stored file's hash. */
async function snapshot() {
  const tables = await withDatabase(async ({ db }) => {
    const found = rowsOf<{ name: string }>(
      await db.execute(sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname in ('public', 'drizzle') order by 1`),
    );
    const sums: Record<string, string> = {};
    for (const { name } of found) {
      const [row] = rowsOf<{ sum: string }>(
        await db.execute(sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${name} t`)),
      );
      sums[name] = row?.sum ?? '';
    }
    for (const row of rowsOf<{ name: string; value: string | null }>(
      await db.execute(sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`),
    )) {
      sums[`sequence ${row.name}`] = String(row.value);
    }
    return sums;
  });
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(dataDir, full)] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
    }
  };
  walk(path.join(dataDir, 'storage'));
  files['secret.key'] = fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8');
  return { tables, files };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-backup-test-'));
  if (TEST_DB_KIND === 'postgres') {
    const base = process.env.TEST_DATABASE_URL as string;
    const name = `haat_backup_${randomToken(6)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO: '1',
    LOG_LEVEL: 'silent',
  });
  resolveSettingsKey(undefined, dataDir);
  await withDatabase(async (database) => {
    await database.migrate();
    await seedFirstStart(database.db, config);
  });
}, 240_000);

afterAll(async () => {
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`npm run backup and npm run restore (${TEST_DB_KIND})`, () => {
  it('brings back the rows, the uploaded images and the settings key as they were at backup time', async () => {
    const before = await snapshot();
    expect(Object.keys(before.files).filter((file) => file.startsWith('storage/')).length).toBeGreaterThan(0);
    const archive = path.join(dataDir, '..', `${path.basename(dataDir)}.tar.gz`);

    const backup = script('backup', archive);
    expect(backup.output).toContain('Backup written');
    expect(backup.status).toBe(0);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    const listing = spawnSync('tar', ['-tzf', archive], { encoding: 'utf8' }).stdout;
    expect(listing).toContain('manifest.json');
    expect(listing).toContain('secret.key');
    expect(listing).toContain(TEST_DB_KIND === 'pglite' ? 'database.tar.gz' : 'database.dump');
    const manifest = JSON.parse(spawnSync('tar', ['-xzOf', archive, './manifest.json'], { encoding: 'utf8' }).stdout);
    expect(manifest).toMatchObject({ format: 1, app: 'haat', database: TEST_DB_KIND, storage: true, settingsKey: 'secret.key' });
    expect(manifest.migrations.count).toBeGreaterThan(10);

    // The shop goes on: a product added, one renamed, an image deleted, a file uploaded, a new key.
    await withDatabase(async ({ db }) => {
      const [first] = rowsOf<{ row: Record<string, unknown> }>(
        await db.execute(sql`select to_jsonb(p) as row from products p order by id limit 1`),
      );
      const copy = { ...first?.row };
      delete copy.id;
      for (const column of ['slug', 'sku', 'code', 'name'])
        if (typeof copy[column] === 'string') copy[column] = `${copy[column]}-after-backup`;
      await db.execute(
        sql`insert into products select * from jsonb_populate_record(null::products, ${JSON.stringify({ ...copy, id: 999_999 })}::jsonb)`,
      );
      await db.execute(sql`update products set name = 'Renamed after the backup' where id = ${first?.row.id as number}`);
      await db.execute(sql`delete from sessions`);
    });
    const image = Object.keys(before.files).find((file) => file.startsWith('storage/')) as string;
    fs.rmSync(path.join(dataDir, image));
    fs.writeFileSync(path.join(dataDir, 'storage', 'added-after-backup.txt'), 'new');
    fs.writeFileSync(path.join(dataDir, 'secret.key'), `${'0'.repeat(64)}\n`);
    const changed = await snapshot();
    expect(changed.tables['public.products']).not.toBe(before.tables['public.products']);
    expect(changed.files).not.toEqual(before.files);

    const restore = script('restore', archive);
    expect(restore.output).toContain('Restored');
    expect(restore.status).toBe(0);
    const after = await snapshot();
    expect(after.tables).toEqual(before.tables);
    expect(after.files).toEqual(before.files);
    expect(fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    // What the restore replaced is kept beside the data until the owner deletes it.
    const replaced = fs.readdirSync(dataDir).filter((entry) => entry.startsWith('replaced-'));
    expect(replaced).toHaveLength(1);
    expect(fs.existsSync(path.join(dataDir, replaced[0] as string, 'storage', 'added-after-backup.txt'))).toBe(true);
  }, 240_000);

  it.runIf(TEST_DB_KIND === 'pglite')(
    'refuses to back up or restore PGlite while a server has the database open',
    async () => {
      const archive = path.join(dataDir, '..', `${path.basename(dataDir)}-refused.tar.gz`);
      const running = await open();
      try {
        const backup = script('backup', archive);
        expect(backup.status).toBe(1);
        expect(backup.output).toContain('is in use');
        expect(backup.output).toContain('stop the Haat server before a backup');
        expect(fs.existsSync(archive)).toBe(false);
        const restore = script('restore', `${path.join(dataDir, '..', path.basename(dataDir))}.tar.gz`);
        expect(restore.status).toBe(1);
        expect(restore.output).toContain('stop the Haat server before a restore');
      } finally {
        await running.close();
      }
    },
    60_000,
  );

  it('refuses a file that is not a backup, and a backup of the other database kind', () => {
    const notBackup = path.join(dataDir, '..', `${path.basename(dataDir)}-other.tar.gz`);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-not-backup-'));
    fs.writeFileSync(path.join(folder, 'hello.txt'), 'hi');
    spawnSync('tar', ['-czf', notBackup, '-C', folder, '.']);
    expect(script('restore', notBackup)).toMatchObject({ status: 1, output: expect.stringContaining('is not a Haat backup') });
    const other = TEST_DB_KIND === 'pglite' ? 'postgres' : 'pglite';
    fs.writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify({ format: 1, app: 'haat', database: other }));
    spawnSync('tar', ['-czf', notBackup, '-C', folder, '.']);
    expect(script('restore', notBackup)).toMatchObject({ status: 1, output: expect.stringContaining(`holds a ${other} database`) });
    fs.rmSync(folder, { recursive: true, force: true });
    fs.rmSync(notBackup, { force: true });
  });
});
