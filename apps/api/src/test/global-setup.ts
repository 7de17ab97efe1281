import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { randomToken } from '../lib/tokens';

/**
 * Migrates one database before the test files run, which every file's database then starts from
 * (decision 033): a PGlite data folder dumped to a tarball (loaded with `loadDataDir`), or a
 * PostgreSQL TEMPLATE database (`create database … template …`). Each file's database is still its
 * own: only the 36 migrations are not replayed for each of them.
 */
export default async function setup(project: TestProject) {
  const postgres = process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL;
  if (postgres) {
    const baseUrl = process.env.TEST_DATABASE_URL as string;
    const name = `haat_template_${randomToken(6)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 1 });
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', name);
    return async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const tarball = await database.pglite?.dumpDataDir('none');
  await database.close();
  if (!tarball) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-template-'));
  const file = path.join(dir, 'pglite.tar');
  fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data folder, as a tarball's path. */
    pgliteTemplate?: string;
    /** The migrated PostgreSQL database that each file's database copies. */
    postgresTemplate?: string;
  }
}
