#!/usr/bin/env node
// `npm run restore FILE`: brings back a backup made by `npm run backup` (database, uploaded files,
// settings key). Stop the server first: PGlite refuses while it is running. What it replaces is
// kept in DATA_DIR/replaced-<time>/ (PGlite) until you delete it. See docs/decisions/029-backups-and-route-security.md.
import fs from 'node:fs';
import path from 'node:path';
import {
  assertPgliteStopped,
  BACKUP_FORMAT,
  BackupError,
  copyTree,
  MANIFEST,
  main,
  openPglite,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  postgresConnection,
  postgresTool,
  run,
  SECRET_KEY_FILE,
  shopPlaces,
  workFolder,
  writeSecretFile,
} from './backup-common.mjs';

main(async () => {
  const file = process.argv[2];
  if (!file) throw new BackupError('Usage: npm run restore -- FILE (a .tar.gz made by npm run backup)');
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const places = shopPlaces();
  const work = workFolder();
  try {
    run('tar', ['-xzf', path.resolve(file), '-C', work.dir]);
    const manifestFile = path.join(work.dir, MANIFEST);
    if (!fs.existsSync(manifestFile)) throw new BackupError(`${file} is not a Haat backup (it has no ${MANIFEST}).`);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    if (manifest.app !== 'haat' || !(manifest.format <= BACKUP_FORMAT)) {
      throw new BackupError(`${file} is a backup this version cannot read (format ${manifest.format}).`);
    }
    if (manifest.database !== places.kind) {
      throw new BackupError(
        `${file} holds a ${manifest.database} database but this shop runs on ${places.kind} ` +
          `(${places.kind === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'}).`,
      );
    }

    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
    const replaced = path.join(places.dataDir, `replaced-${stamp}`);
    const setAside = (from) => {
      if (!fs.existsSync(from)) return;
      fs.mkdirSync(replaced, { recursive: true, mode: 0o700 });
      fs.renameSync(from, path.join(replaced, path.basename(from)));
    };

    if (places.kind === 'pglite') {
      assertPgliteStopped(places.pgliteDir, 'a restore');
      setAside(places.pgliteDir);
      fs.mkdirSync(places.pgliteDir, { recursive: true });
      try {
        const tarball = fs.readFileSync(path.join(work.dir, PGLITE_DUMP));
        const client = await openPglite(places.pgliteDir, new Blob([tarball]));
        await client.close();
      } catch (error) {
        // The shop keeps the database it had.
        fs.rmSync(places.pgliteDir, { recursive: true, force: true });
        const previous = path.join(replaced, path.basename(places.pgliteDir));
        if (fs.existsSync(previous)) fs.renameSync(previous, places.pgliteDir);
        throw error;
      }
    } else {
      const pgRestore = await postgresTool('pg_restore', places.databaseUrl);
      const { url, env } = postgresConnection(places.databaseUrl);
      run(
        pgRestore,
        [
          '--clean',
          '--if-exists',
          '--no-owner',
          '--single-transaction',
          '--exit-on-error',
          '--dbname',
          url,
          path.join(work.dir, POSTGRES_DUMP),
        ],
        { env },
      );
    }

    setAside(places.storageDir);
    copyTree(path.join(work.dir, 'storage'), places.storageDir);
    const key = path.join(work.dir, SECRET_KEY_FILE);
    if (fs.existsSync(key)) {
      if (fs.existsSync(places.secretKey)) {
        fs.mkdirSync(replaced, { recursive: true, mode: 0o700 });
        fs.copyFileSync(places.secretKey, path.join(replaced, SECRET_KEY_FILE));
      }
      writeSecretFile(places.secretKey, fs.readFileSync(key));
    }
    console.log(
      `Restored ${file} (${manifest.database}, ${manifest.migrations.count} migrations, made ${manifest.createdAt}).` +
        (fs.existsSync(replaced) ? `\nWhat it replaced is in ${replaced}: delete it once the restored shop works.` : ''),
    );
    if (!fs.existsSync(key) && manifest.settingsKey) console.log(`This backup has no settings key: keep ${manifest.settingsKey}.`);
  } finally {
    work.done();
  }
});
