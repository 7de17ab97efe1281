#!/usr/bin/env node
// `npm run backup [-- FILE]`: one .tar.gz (mode 600) with the database, the uploaded files
// (DATA_DIR/storage), the settings key (DATA_DIR/secret.key) and a manifest. PGlite: the data folder
// as PGlite's own tarball, so the server must be stopped; PostgreSQL: pg_dump -Fc, a consistent
// snapshot while the server runs. `npm run restore FILE` brings it back. See docs/decisions/029-backups-and-route-security.md.
import fs from 'node:fs';
import path from 'node:path';
import {
  assertPgliteStopped,
  BACKUP_FORMAT,
  BackupError,
  copyTree,
  MANIFEST,
  MIGRATIONS_QUERY,
  main,
  openPglite,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  postgresConnection,
  postgresQuery,
  postgresTool,
  run,
  SECRET_KEY_FILE,
  shopPlaces,
  workFolder,
  writeSecretFile,
} from './backup-common.mjs';

const root = path.resolve(import.meta.dirname, '..');

main(async () => {
  const places = shopPlaces();
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  const out = path.resolve(process.argv[2] ?? path.join('backups', `haat-${places.kind}-${stamp}.tar.gz`));
  const work = workFolder();
  try {
    let migrations;
    if (places.kind === 'pglite') {
      if (!fs.existsSync(path.join(places.pgliteDir, 'PG_VERSION'))) throw new BackupError(`There is no database in ${places.pgliteDir}.`);
      assertPgliteStopped(places.pgliteDir, 'a backup');
      const client = await openPglite(places.pgliteDir);
      try {
        migrations = (await client.query(MIGRATIONS_QUERY)).rows[0].m;
        const tarball = await client.dumpDataDir('gzip');
        fs.writeFileSync(path.join(work.dir, PGLITE_DUMP), Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
      } finally {
        await client.close();
      }
    } else {
      migrations = await postgresQuery(places.databaseUrl, MIGRATIONS_QUERY);
      const pgDump = await postgresTool('pg_dump', places.databaseUrl);
      const { url, env } = postgresConnection(places.databaseUrl);
      run(pgDump, ['--format=custom', '--no-owner', '--file', path.join(work.dir, POSTGRES_DUMP), '--dbname', url], { env });
    }
    const storage = copyTree(places.storageDir, path.join(work.dir, 'storage'));
    const key = fs.existsSync(places.secretKey);
    if (key) writeSecretFile(path.join(work.dir, SECRET_KEY_FILE), fs.readFileSync(places.secretKey));
    const manifest = {
      format: BACKUP_FORMAT,
      app: 'haat',
      version: JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version,
      database: places.kind,
      migrations: { count: Number(migrations.count), last: migrations.last === null ? null : Number(migrations.last) },
      storage,
      // Without it, settings secrets (SMTP, SMS, courier keys) cannot be read: SETTINGS_KEY must be kept instead.
      settingsKey: key ? SECRET_KEY_FILE : process.env.SETTINGS_KEY ? 'SETTINGS_KEY (not in the backup: keep it)' : null,
      createdAt: new Date().toISOString(),
    };
    fs.writeFileSync(path.join(work.dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    // Made empty with mode 600 first: the archive holds the settings key, as secret as the data.
    fs.rmSync(out, { force: true });
    fs.writeFileSync(out, '', { mode: 0o600 });
    run('tar', ['-czf', out, '-C', work.dir, '.']);
    fs.chmodSync(out, 0o600);
    const size = (fs.statSync(out).size / 1024 / 1024).toFixed(1);
    console.log(`Backup written: ${out} (${size} MB; ${places.kind}, ${manifest.migrations.count} migrations). Keep it secret.`);
  } finally {
    work.done();
  }
});
