import type { Db } from '../db/client';

/** The SQL statements Drizzle sends while recording is on (transaction control left out: the drivers differ). */
export interface StatementLog {
  statements: string[];
  /** Runs `work` and answers the statements it sent. */
  during(work: () => Promise<unknown>): Promise<string[]>;
}

const CONTROL = /^(begin|commit|rollback|savepoint|release savepoint|rollback to savepoint)\b/i;

/**
 * Records every statement `db` and its transactions send through Drizzle (its logger), on PGlite and
 * PostgreSQL alike. Raw driver calls outside Drizzle (the PostgreSQL epoch reads) are not seen.
 */
export function recordStatements(db: Db): StatementLog {
  const session = (db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
  let recording = false;
  const log: StatementLog = {
    statements: [],
    async during(work) {
      log.statements = [];
      recording = true;
      try {
        await work();
      } finally {
        recording = false;
      }
      return log.statements;
    },
  };
  const logger = {
    logQuery(query: string) {
      if (recording && !CONTROL.test(query.trim())) log.statements.push(query);
    },
  };
  session.logger = logger;
  session.options.logger = logger;
  return log;
}
