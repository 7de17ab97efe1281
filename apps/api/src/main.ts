import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { saveLogins, seedFirstStart } from './db/seed';
import { buildApp } from './http/app';

const MAINTENANCE_INTERVAL_MS = 6 * 3600_000;

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
    sharedBuffers: config.pgliteSharedBuffers,
  });
  await database.migrate();
  const seed = await seedFirstStart(database.db, config);
  const app = await buildApp({
    config,
    db: database.db,
    authEpoch: database.authEpoch,
    catalogEpoch: database.catalogEpoch,
    settingsEpoch: database.settingsEpoch,
  });

  // PGlite has no autovacuum: tidy dead rows and refresh planner statistics now and then, and once
  // after a first start that loaded the demo shop.
  const maintenance =
    database.kind === 'pglite'
      ? setInterval(() => void database.db.execute(sql`vacuum analyze`).catch((error) => app.log.error(error)), MAINTENANCE_INTERVAL_MS)
      : undefined;
  maintenance?.unref();
  if (database.kind === 'pglite' && seed.created) await database.db.execute(sql`analyze`);

  const shutdown = async () => {
    clearInterval(maintenance);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/db` : 'PostgreSQL';
  console.log(`\nHaat is running at ${url} (${where}), ready in ${Math.round(performance.now() - started)} ms`);
  if (seed.created) {
    const file = saveLogins(config, seed.logins);
    console.log(`\nFirst start: these logins were created (also saved in ${file}):`);
    for (const login of seed.logins) console.log(`  ${login.who.padEnd(22)} ${url}${login.url}  ${login.login} / ${login.password}`);
    console.log('');
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
