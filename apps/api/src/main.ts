import cluster from 'node:cluster';
import { sql } from 'drizzle-orm';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { saveLogins, seedFirstStart } from './db/seed';
import { buildApp } from './http/app';

const MAINTENANCE_INTERVAL_MS = 6 * 3600_000;

/** A worker that dies is started again after this long (not in a loop faster than that). */
const RESTART_DELAY_MS = 1000;

/**
 * WORKERS=n (n > 1, PostgreSQL only; docs/decisions/028): this process forks n server processes
 * that share the port (node:cluster hands connections round robin), starts again any that dies,
 * and stops them all on SIGTERM or SIGINT.
 */
function superviseWorkers(config: Config) {
  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Server process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another.`);
    setTimeout(fork, RESTART_DELAY_MS);
  });
  const stop = () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`Starting ${config.workers} server processes on port ${config.port} (WORKERS=${config.workers}, PostgreSQL).`);
  for (let i = 0; i < config.workers; i++) fork();
}

async function main() {
  const started = performance.now();
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return superviseWorkers(config);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
    sharedBuffers: config.pgliteSharedBuffers,
  });
  // Processes starting together on one PostgreSQL migrate and seed one after another.
  const seed = await database.exclusive(async () => {
    await database.migrate();
    return seedFirstStart(database.db, config);
  });
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
  const which = cluster.isWorker ? `, process ${process.pid}` : '';
  console.log(`\nHaat is running at ${url} (${where}${which}), ready in ${Math.round(performance.now() - started)} ms`);
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
