import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MIGRATIONS_FOLDER, rowsOf } from '../db/client';

/** How long /readyz waits for the database before it answers 503. */
const READY_TIMEOUT_MS = 2000;

/** The number of committed migrations (drizzle's journal), read once. */
function committedMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * For load balancers and supervisors (docs/decisions/028), outside sessions and CSRF:
 * `GET /healthz` answers 200 while the process answers at all (no database work);
 * `GET /readyz` answers 200 when the database answers and every committed migration is applied,
 * else 503 with the reason. Neither is cached.
 */
export async function healthRoutes(app: FastifyInstance) {
  const expected = committedMigrations();
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS);
    });
    const applied = app.db
      .execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
      .then((result) => Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0))
      .catch(() => 'unreachable' as const);
    const outcome = await Promise.race([applied, timeout]).finally(() => clearTimeout(timer));
    if (outcome === 'timeout' || outcome === 'unreachable') {
      return reply.status(503).send({ status: 'unavailable', message: 'The database does not answer.' });
    }
    if (outcome < expected) {
      return reply.status(503).send({ status: 'unavailable', message: `Migrations are not all applied (${outcome} of ${expected}).` });
    }
    return { status: 'ready', migrations: outcome };
  });
}
