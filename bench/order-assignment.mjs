// Order assignment (issue 20 item 4, decision 057): what assigning adds to placing orders, and how evenly concurrent
// orders are spread. In-process on the API's own database layer (through tsx), on the demo shop (DEMO=1), PGlite and
// (with BENCH_DATABASE_URL) PostgreSQL in a database of its own that is dropped after:
//   1. a lone order (placeOrder, website): assignment off, round-robin and sticky by phone, alternating, median of each
//      and (PGlite, which runs in this process) the median CPU time; budget: assignment adds < 3 ms at the median;
//   2. a batch of 64 orders (placeOrders, the group commit of decision 017): off and sticky by phone, median per batch;
//      budget: adds < 15 ms a batch (a fixed number of statements, not one per order).
//   On PGlite the budgets are judged on the CPU time the process spent (the database runs inside it, so a machine
//   busy with other work does not inflate it); on PostgreSQL on the wall time.
//   3. 300 orders placed at once through the placement queue (placeOrderInBatch) over 3 staff, round-robin: the counts
//      must differ by at most 1.
// Usage: node bench/order-assignment.mjs [--json FILE]. BENCH_ASSIGN_DB=pglite|postgres runs one database;
// BENCH_ASSIGN_RUNS (lone orders per mode, default 150), BENCH_ASSIGN_BATCHES (default 15). Not part of npm test.
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { assertLocalDatabase, createBenchDatabase, makeTempDir, median, REPO_ROOT, runBenchmark, statusOf } from './lib.mjs';

register();

const RUNS = Number(process.env.BENCH_ASSIGN_RUNS ?? 150);
const BATCHES = Number(process.env.BENCH_ASSIGN_BATCHES ?? 15);
const round = (value) => Math.round(value * 100) / 100;

const api = (file) => import(pathToFileURL(path.join(REPO_ROOT, 'apps/api/src', file)).href);
const { openDatabase } = await api('db/client.ts');
const { loadConfig } = await api('config.ts');
const { seedFirstStart } = await api('db/seed.ts');
const { systemCtx } = await api('context.ts');
const { placeOrder, placeOrders, placeOrderInBatch } = await api('modules/orders/index.ts');
const { sql } = await import(pathToFileURL(path.join(REPO_ROOT, 'node_modules/drizzle-orm/index.js')).href);
const rowsOf = (result) => (Array.isArray(result) ? result : result.rows);

let phoneCounter = 0;
const freshPhone = () => `019${String(10_000_000 + phoneCounter++).padStart(8, '0')}`;

async function measure(kind, url) {
  const dataDir = makeTempDir('assignment');
  const database = await openDatabase(url ? { url, poolSize: 8 } : { dataDir: path.join(dataDir, 'db') });
  const rows = [];
  try {
    await database.migrate();
    const { db } = database;
    const config = loadConfig({ DATA_DIR: dataDir, DEMO: '1', DEMO_PASSWORD: 'bench-demo-password', LOG_LEVEL: 'silent' });
    await seedFirstStart(db, config);
    const one = async (text) => rowsOf(await db.execute(sql.raw(text)))[0];
    const { id: variantId } = await one(
      `select v.id from product_variants v join products p on p.id = v.product_id where p.status = 1 order by v.stock desc limit 1`,
    );
    // Enough stock for every order of the bench, through the stock ledger as a purchase would.
    await db.execute(sql.raw(`update product_variants set stock = stock + 1000000 where id = ${variantId}`));
    await db.execute(
      sql.raw(`update products set stock = stock + 1000000 where id = (select product_id from product_variants where id = ${variantId})`),
    );
    const { id: cityId } = await one(`select id from cities where name = 'Dhaka'`);
    const input = (phone = freshPhone()) => ({
      type: 'website',
      customer: { name: 'Bench Buyer', phone, address: 'House 1, Road 1', cityId },
      lines: [{ variantId, quantity: 1 }],
    });
    const setMode = (enabled, mode = 'round_robin') =>
      db.execute(sql.raw(`update order_assignment_settings set enabled = ${enabled}, mode = '${mode}' where id = 1`));
    const staff = rowsOf(await db.execute(sql.raw(`select admin_ids from order_assignment_settings where id = 1`)))[0].admin_ids;

    // 1. Lone orders, the three modes alternating (a returning phone every third sticky order).
    const modes = [
      ['off', () => setMode(false)],
      ['round-robin', () => setMode(true, 'round_robin')],
      ['sticky by phone', () => setMode(true, 'sticky_phone')],
    ];
    const times = Object.fromEntries(modes.map(([name]) => [name, { wall: [], cpu: [] }]));
    const returning = freshPhone();
    for (let index = 0; index < RUNS + 10; index++) {
      for (const [name, set] of index % 2 ? [...modes].reverse() : modes) {
        await set();
        const phone = name === 'sticky by phone' && index % 3 === 0 ? returning : freshPhone();
        const used = process.cpuUsage();
        const started = performance.now();
        await placeOrder(systemCtx(db), input(phone));
        const elapsed = performance.now() - started;
        const spent = process.cpuUsage(used);
        if (index >= 10) {
          times[name].wall.push(elapsed);
          times[name].cpu.push((spent.user + spent.system) / 1000);
        }
      }
    }
    const off = median(times.off.wall);
    for (const [name] of modes) {
      const wall = round(median(times[name].wall));
      const cpu = round(median(times[name].cpu));
      console.log(`${kind} lone order, assignment ${name}: median ${wall} ms (CPU ${cpu} ms)`);
    }
    for (const name of ['round-robin', 'sticky by phone']) {
      const added = round(median(times[name].wall) - off);
      const cpuAdded = round(median(times[name].cpu) - median(times.off.cpu));
      const judged = kind === 'pglite' ? cpuAdded : added;
      rows.push({
        metric: `${kind}: a lone order, what ${name} assignment adds (${kind === 'pglite' ? 'CPU' : 'wall'})`,
        budget: '< 3 ms',
        measured: `${judged} ms at the median (wall ${round(off)} → ${round(median(times[name].wall))} ms${kind === 'pglite' ? `; CPU ${round(median(times.off.cpu))} → ${round(median(times[name].cpu))} ms` : ''}; load average ${os.loadavg()[0].toFixed(1)})`,
        pass: judged < 3,
      });
    }

    // 2. Batches of 64.
    const batch = { off: [], sticky: [] };
    const batchCpu = { off: [], sticky: [] };
    for (let index = 0; index < BATCHES + 2; index++) {
      for (const name of index % 2 ? ['sticky', 'off'] : ['off', 'sticky']) {
        await setMode(name === 'sticky', 'sticky_phone');
        const requests = Array.from({ length: 64 }, (_, n) => ({ input: input(n % 4 === 0 ? returning : freshPhone()) }));
        const used = process.cpuUsage();
        const started = performance.now();
        const results = await placeOrders(systemCtx(db), requests);
        const elapsed = performance.now() - started;
        const spent = process.cpuUsage(used);
        if (results.some((result) => result.status !== 'fulfilled')) throw new Error('a batch order was refused');
        if (index >= 2) {
          batch[name].push(elapsed);
          batchCpu[name].push((spent.user + spent.system) / 1000);
        }
      }
    }
    const batchAdded = round(median(batch.sticky) - median(batch.off));
    const batchCpuAdded = round(median(batchCpu.sticky) - median(batchCpu.off));
    console.log(
      `${kind} batch of 64: off ${round(median(batch.off))} ms (CPU ${round(median(batchCpu.off))}), sticky ${round(median(batch.sticky))} ms (CPU ${round(median(batchCpu.sticky))})`,
    );
    const batchJudged = kind === 'pglite' ? batchCpuAdded : batchAdded;
    rows.push({
      metric: `${kind}: a batch of 64 orders, what sticky-by-phone assignment adds (${kind === 'pglite' ? 'CPU' : 'wall'})`,
      budget: '< 15 ms',
      measured: `${batchJudged} ms at the median (wall ${round(median(batch.off))} → ${round(median(batch.sticky))} ms${kind === 'pglite' ? `; CPU ${round(median(batchCpu.off))} → ${round(median(batchCpu.sticky))} ms` : ''})`,
      pass: batchJudged < 15,
    });

    // 3. 300 at once, round-robin.
    await setMode(true, 'round_robin');
    const started = performance.now();
    const placed = await Promise.all(Array.from({ length: 300 }, () => placeOrderInBatch(systemCtx(db), input())));
    const seconds = (performance.now() - started) / 1000;
    const ids = placed.map((result) => result.order.id).join(',');
    const counts = rowsOf(
      await db.execute(
        sql.raw(`select assigned_admin_id as id, count(*)::int as n from orders where id in (${ids}) group by 1 order by 1`),
      ),
    );
    const spread = counts.map((row) => Number(row.n));
    const fair = counts.length === staff.length && counts.every((row) => row.id !== null) && Math.max(...spread) - Math.min(...spread) <= 1;
    console.log(`${kind} 300 at once over ${staff.length} staff: ${spread.join(' / ')} (${Math.round(300 / seconds)} orders/s)`);
    rows.push({
      metric: `${kind}: 300 orders at once over ${staff.length} staff, round-robin`,
      budget: 'counts differ by ≤ 1',
      measured: `${spread.join(' / ')} (${Math.round(300 / seconds)} orders/s through the placement queue)`,
      pass: fair,
    });
  } finally {
    await database.close();
  }
  return rows;
}

async function main() {
  const only = process.env.BENCH_ASSIGN_DB;
  const rows = [];
  if (!only || only === 'pglite') rows.push(...(await measure('pglite')));
  const baseUrl = process.env.BENCH_DATABASE_URL;
  if (baseUrl && (!only || only === 'postgres')) {
    assertLocalDatabase(baseUrl);
    const database = await createBenchDatabase(baseUrl);
    try {
      rows.push(...(await measure('postgres', database.url)));
    } finally {
      await database.drop();
    }
  }
  return { status: statusOf(rows), rows, details: { runs: RUNS, batches: BATCHES, loadAverage: os.loadavg() } };
}

await runBenchmark('order-assignment', main, { timeLimitMs: 30 * 60_000 });
