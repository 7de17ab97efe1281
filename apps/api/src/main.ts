import { fork } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { needsFirstStart, type SeedResult, saveLogins, seedFirstStart } from './db/seed';
import { buildApp } from './http/app';
import { fillSearchKeys } from './modules/products';

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

/** Set in the child process that makes a PGlite shop's first start (see main). */
const FIRST_START_CHILD = 'HAAT_FIRST_START_CHILD';

/**
 * Runs this same program in a child process that makes the first admin and the demo shop, and
 * answers what it made. Loading the shop (its pictures drawn by sharp, thousands of rows) grows the
 * memory of whichever process does it for good — PGlite's WebAssembly memory never shrinks and
 * malloc's heap stays fragmented: ≈350 MB resident instead of ≈200 MB after a restart
 * (docs/decisions/023). The child ends with that memory; the server opens the shop afresh.
 */
function firstStartInChild(): Promise<SeedResult> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1] as string, process.argv.slice(2), {
      env: { ...process.env, [FIRST_START_CHILD]: '1' },
      // The same flags (the loader in development), but not a watcher of its own.
      execArgv: process.execArgv.filter((flag) => !flag.startsWith('--watch')),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: SeedResult | undefined;
    child.on('message', (message) => {
      result = message as SeedResult;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0 && result) resolve(result);
      else reject(new Error(`The first start's set-up ended with ${signal ?? `exit code ${code}`}.`));
    });
  });
}

async function main() {
  const started = performance.now();
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return superviseWorkers(config);
  const open = () =>
    openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
      sharedBuffers: config.pgliteSharedBuffers,
    });
  let seed: SeedResult = { created: false, logins: [] };
  // A new PGlite data folder: the child makes it, and this process opens it only once it is made.
  const firstStartAhead =
    !config.databaseUrl && !process.env[FIRST_START_CHILD] && !fs.existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'));
  if (firstStartAhead) seed = await firstStartInChild();
  let database = await open();
  if (database.kind === 'pglite') {
    await database.migrate();
    if (process.env[FIRST_START_CHILD]) {
      seed = await seedFirstStart(database.db, config);
      if (seed.created) await database.db.execute(sql`analyze`);
      await database.close();
      process.send?.(seed);
      return;
    }
    if (await needsFirstStart(database.db)) {
      // A first start that was cut short. PGlite is one process's database: the child opens it while
      // this process has it closed.
      await database.close();
      seed = await firstStartInChild();
      database = await open();
      await database.migrate();
    }
  } else {
    // Processes starting together on one PostgreSQL migrate and seed one after another.
    seed = await database.exclusive(async () => {
      await database.migrate();
      return seedFirstStart(database.db, config);
    });
  }
  // Products written before search keys existed get theirs (a no-op read once they all have one).
  await fillSearchKeys(database.db);
  const app = await buildApp({
    config,
    db: database.db,
    authEpoch: database.authEpoch,
    catalogEpoch: database.catalogEpoch,
    settingsEpoch: database.settingsEpoch,
  });

  // PGlite has no autovacuum: tidy dead rows and refresh planner statistics now and then (and the
  // first start's child analysed the demo shop it loaded).
  const maintenance =
    database.kind === 'pglite'
      ? setInterval(() => void database.db.execute(sql`vacuum analyze`).catch((error) => app.log.error(error)), MAINTENANCE_INTERVAL_MS)
      : undefined;
  maintenance?.unref();

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
