import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf, TEXT_PARSERS } from './client';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database.close());

const QUERY = sql`select
  timestamptz '2026-11-24 08:00:00+06' as at, timestamp '2026-11-24 08:00:00' as local, date '2026-11-24' as day,
  interval '2 hours' as span, array[1.5, 2]::numeric[] as amounts, array[timestamptz '2026-11-24 08:00:00+06'] as moments,
  array[1, 2]::int[] as numbers, 12::int as n, true as yes, '{"a":1}'::jsonb as doc`;

describe('the PGlite client drizzle uses', () => {
  it('answers every type as drizzle asks PGlite for it per query, inside and outside a transaction', async () => {
    const client = database.pglite;
    if (!client) throw new Error('PGlite expected');
    const text = new PgDialect().sqlToQuery(QUERY).sql;
    // What drizzle's own PGlite session asks for: its parser table on the query.
    const expected = (await client.query(text, [], { parsers: TEXT_PARSERS })).rows[0];
    const outside = rowsOf(await database.db.execute(QUERY))[0];
    const inside = await database.db.transaction(async (tx) => rowsOf(await tx.execute(QUERY))[0]);
    expect(outside).toEqual(expected);
    expect(inside).toEqual(expected);
    expect(outside).toMatchObject({
      day: '2026-11-24',
      span: '02:00:00',
      amounts: '{1.5,2}',
      numbers: [1, 2],
      n: 12,
      yes: true,
      doc: { a: 1 },
    });
  });
});
