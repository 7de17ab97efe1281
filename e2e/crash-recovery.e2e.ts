// `kill -9` of the server during a stream of orders, on PGlite and on PostgreSQL: after a restart every
// order that was acknowledged (201) is there, and the variant's stock equals its ledger and the units
// the orders present hold. PostgreSQL's part needs TEST_DATABASE_URL; skipped with a message otherwise.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../scripts/build-api.mjs';
import {
  type Answer,
  checkout,
  expectStatus,
  freshDatabase,
  postgresUrl,
  prepareProduct,
  signedInAdmin,
  sleep,
  startServer,
  stockAndLedger,
} from './processes';

const STOCK = 10_000;
/** Concurrent shoppers in the stream. */
const STREAMS = 4;
/** The kill comes this long after the first acknowledged order. */
const KILL_AFTER_MS = 1500;
/** …and once at least this many are acknowledged (unless 20 s have passed). */
const MIN_ACKNOWLEDGED = 10;

const pgUrl = await postgresUrl();
if (!pgUrl) console.warn('kill -9 test on PostgreSQL skipped: PostgreSQL (TEST_DATABASE_URL) is not available');

let folder = '';
beforeAll(async () => {
  await buildApi();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-crash-'));
});
afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

async function crashDuringOrders(env: Record<string, string>) {
  let server = await startServer(env);
  try {
    const admin = await signedInAdmin(server.base);
    const shop = await prepareProduct(admin, STOCK);
    const acknowledged: string[] = [];
    let firstAt = 0;
    let stopped = false;
    let index = 0;
    const stream = async () => {
      while (!stopped) {
        let answer: Answer;
        try {
          answer = await checkout(server.base, shop, index++);
        } catch {
          return; // the server is gone
        }
        if (answer.status === 201) {
          acknowledged.push(answer.json().order.number);
          firstAt ||= Date.now();
        } else if (answer.status >= 500) {
          throw new Error(`a checkout answered ${answer.status}: ${answer.body.slice(0, 300)}`);
        }
      }
    };
    const streams = Array.from({ length: STREAMS }, stream);
    // Mid-stream: some orders acknowledged and more on their way (sooner on a slow machine).
    const started = Date.now();
    while (!(firstAt && Date.now() - firstAt >= KILL_AFTER_MS && acknowledged.length >= MIN_ACKNOWLEDGED)) {
      if (firstAt && Date.now() - firstAt > 20_000) break;
      if (Date.now() - started > 60_000) throw new Error(`no order acknowledged within a minute:\n${server.output()}`);
      await sleep(50);
    }
    await server.kill();
    stopped = true;
    await Promise.all(streams);
    expect(acknowledged.length).toBeGreaterThan(0);

    server = await startServer(env);
    const after = await signedInAdmin(server.base);
    const present = new Set<string>();
    for (let page = 1; ; page++) {
      const list = expectStatus(await after.get(`/api/admin/orders?per_page=100&page=${page}`), 200, 'GET orders');
      for (const order of list.data as { number: string }[]) present.add(order.number);
      if (list.data.length < 100) break;
    }
    expect(acknowledged.filter((number) => !present.has(number))).toEqual([]);
    // Each order holds one unit: the stock is what the orders present left, and the ledger agrees.
    const { stock, ledger } = await stockAndLedger(after, shop);
    expect(stock).toBe(ledger);
    expect(stock).toBe(STOCK - present.size);
    return { acknowledged: acknowledged.length, present: present.size };
  } finally {
    await server.kill();
  }
}

describe('kill -9 during a stream of orders', () => {
  it('keeps every acknowledged order on PGlite, with stock equal to the ledger', async () => {
    const result = await crashDuringOrders({ DATABASE_URL: '', DATA_DIR: path.join(folder, 'pglite') });
    console.log(`PGlite: ${result.acknowledged} orders acknowledged before kill -9, ${result.present} present after the restart`);
  }, 180_000);

  it.skipIf(!pgUrl)(
    'keeps every acknowledged order on PostgreSQL, with stock equal to the ledger',
    async () => {
      const database = await freshDatabase(pgUrl as string, 'crash');
      try {
        const result = await crashDuringOrders({ DATABASE_URL: database.url, DATA_DIR: path.join(folder, 'postgres') });
        console.log(`PostgreSQL: ${result.acknowledged} orders acknowledged before kill -9, ${result.present} present after the restart`);
      } finally {
        await database.drop();
      }
    },
    120_000,
  );
});
