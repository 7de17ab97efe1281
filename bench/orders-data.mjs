// The large order book the order benchmarks run on: 1,000,000 orders (BENCH_ORDERS changes it) over the last two
// years, with 1–3 lines each from the demo catalogue and their status history (placement, then every move to the
// status they are in now, by the demo shop's admins), spread over the six order types and the eight statuses as a
// running shop has them: recent orders still pending, confirmed, processing or on hold, last week's shipped, older
// ones mostly delivered, some returned or cancelled. Phone numbers and names repeat as regular customers do.
// Everything is set-based SQL (generate_series, INSERT … SELECT) in batches, straight into the tables, with the
// triggers off and the secondary indexes built after the load; the status tabs' counts (order_status_counts) are
// recomputed at the end.
//
// As a module: prepareOrders() makes a data set for a benchmark (a PGlite data folder or a fresh PostgreSQL
// database, both removed at cleanup). As a script, it fills a data set you keep:
//   node bench/orders-data.mjs --data-dir ./data-orders                 PGlite; then DATA_DIR=./data-orders npm start
//   node bench/orders-data.mjs --data-dir ./data-orders-pg --database-url postgres://…/orders   (local only)
//   --orders N changes the number of orders.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  assertLocalDatabase,
  benchAdmin,
  createBenchDatabase,
  freePort,
  LOOPBACK,
  makeTempDir,
  requireFromApi,
  runBenchmark,
  startHaat,
  waitFor200,
} from './lib.mjs';

export const DEFAULT_ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const BATCH = 100_000;
/** Order numbers of the bench start here, far above the demo shop's (HB-100001…). */
export const NUMBER_BASE = 10_000_000;

const FIRST_NAMES = ['Rahim', 'Karim', 'Sadia', 'Nusrat', 'Fahim', 'Tania', 'Jamal', 'Ayesha', 'Rafiq', 'Mitu', 'Shakib', 'Farzana'];
const LAST_NAMES = ['Uddin', 'Islam', 'Hossain', 'Ahmed', 'Akter', 'Rahman', 'Khan', 'Chowdhury', 'Begum', 'Sarkar'];
const SOURCES = ['Facebook', 'Website', 'Phone call', 'Instagram', 'WhatsApp', 'Referral'];
const sqlArray = (words) => `array[${words.map((word) => `'${word.replaceAll("'", "''")}'`).join(',')}]`;

/**
 * The customer of order `g`: one of 200,000 regular customers (each orders about five times). The modulus is the prime
 * 200,003, not 200,000: a plain `g · 7919 mod 200,000` fixes the customer modulo 40 by `g` modulo 40, and with it
 * the name and the status (which follows `g` modulo 20), so a name's orders would all be in one or two statuses.
 */
export function benchCustomer(g) {
  return ((g * 7919) % 200_003) % 200_000;
}

export function benchPhone(g) {
  return `017${String(10_000_000 + benchCustomer(g) * 37).slice(-8)}`;
}

/**
 * The statuses of order g by its age in days (SQL, over `g` and `age`): the last 3 days are still being handled,
 * the last 10 days mostly shipped, older ones finished.
 */
const STATUS_SQL = `case
  when age < 3 then (array[1,1,1,1,2,2,2,3,3,8])[1 + (g * 13) % 10]
  when age < 10 then (array[4,4,4,4,4,5,5,5,5,8])[1 + (g * 13) % 10]
  else (array[5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,6,6,7,7,7])[1 + (g * 13) % 20] end`;

/** Order type: 60% website, 15% phone, 10% reseller, 5% each landing, wholesale; 5% exchange. */
const TYPE_SQL = `(array['website','website','website','website','website','website','website','website','website','website',
  'website','website','phone','phone','phone','reseller','reseller','landing','wholesale','exchange'])[1 + (g * 7) % 20]`;

function loadStatements({ orderBase, count }) {
  const statements = [];
  statements.push(`
    create temp table bench_refs as
    select
      (select array_agg(v.id order by v.id) from (select id from product_variants order by id limit 200) v) as variants,
      (select array_agg(p.id order by v.id) from (select id, product_id from product_variants order by id limit 200) v
        join products p on p.id = v.product_id) as products,
      (select array_agg(p.name order by v.id) from (select id, product_id from product_variants order by id limit 200) v
        join products p on p.id = v.product_id) as names,
      (select array_agg(v.sku order by v.id) from (select id, sku from product_variants order by id limit 200) v) as skus,
      (select array_agg(greatest(p.retail_price, 10000) order by v.id) from (select id, product_id from product_variants order by id limit 200) v
        join products p on p.id = v.product_id) as prices,
      (select array_agg(p.wholesale_price order by v.id) from (select id, product_id from product_variants order by id limit 200) v
        join products p on p.id = v.product_id) as wholesale,
      (select array_agg(p.purchase_cost order by v.id) from (select id, product_id from product_variants order by id limit 200) v
        join products p on p.id = v.product_id) as costs,
      (select array_agg(s.city_id order by s.id) from (select id, city_id from sub_cities order by id limit 300) s) as cities,
      (select array_agg(s.id order by s.id) from (select id from sub_cities order by id limit 300) s) as sub_cities,
      (select array_agg(id order by id) from admins) as admins,
      ${sqlArray(FIRST_NAMES)} as first_names, ${sqlArray(LAST_NAMES)} as last_names, ${sqlArray(SOURCES)} as sources`);
  statements.push(`alter table bench_refs add column variant_count int, add column place_count int`);
  statements.push(`update bench_refs set variant_count = cardinality(variants), place_count = cardinality(sub_cities)`);
  // The path of statuses an order took to where it is now (placement first).
  statements.push(`
    create temp table bench_paths (status int, alternative int, path int[]);
    insert into bench_paths values (1, 0, '{1}'), (1, 1, '{1}'), (2, 0, '{1,2}'), (2, 1, '{1,8,2}'), (3, 0, '{1,2,3}'), (3, 1, '{1,2,3}'),
      (4, 0, '{1,2,3,4}'), (4, 1, '{1,2,3,4}'), (5, 0, '{1,2,3,4,5}'), (5, 1, '{1,8,2,3,4,5}'), (6, 0, '{1,2,3,4,6}'),
      (6, 1, '{1,2,3,4,5,6}'), (7, 0, '{1,7}'), (7, 1, '{1,2,7}'), (8, 0, '{1,8}'), (8, 1, '{1,2,8}')`);
  for (let first = 1; first <= count; first += BATCH) {
    const last = Math.min(count, first + BATCH - 1);
    // Order g: 1–3 lines; line k is variant (g·31 + k·17) mod n, 1 or 2 units.
    const line = (k) => `(1 + ((g * 31 + ${k} * 17) % r.variant_count))`;
    statements.push(`
      create temp table bench_batch as
      select g, ${orderBase} + g as id, age, ${STATUS_SQL} as status, ${TYPE_SQL} as type,
        now() - age * interval '1 day' - ((g::bigint * 7907) % 86400)::int * interval '1 second' as placed_at,
        1 + g % 3 as line_count
      from (select g, ((g::bigint * 7919) % 730)::int as age from generate_series(${first}, ${last}) as g) s`);
    statements.push(
      `
      insert into orders (id, number, type, status, customer_name, customer_phone, customer_address, city_id, sub_city_id,
        subtotal, delivery_charge, discount, advance_paid, total, payment_method, payment_status, source, note,
        placed_at, created_at, updated_at)
      select b.id, 'HB-' || (${NUMBER_BASE} + b.id), b.type, b.status,
        r.first_names[1 + (c.customer % 12)] || ' ' || r.last_names[1 + (c.customer / 12) % 10],
        '017' || right((10000000 + c.customer * 37)::text, 8),
        'House ' || (1 + b.g % 90) || ', Road ' || (1 + b.g % 27),
        r.cities[1 + b.g % r.place_count], r.sub_cities[1 + b.g % r.place_count],
        m.subtotal, m.delivery, m.discount, 0, m.subtotal + m.delivery - m.discount,
        'cod', case when b.status = 5 then 'paid' else 'unpaid' end,
        r.sources[1 + b.g % 6], '', b.placed_at, b.placed_at, b.placed_at
      from bench_batch b
      cross join bench_refs r
      cross join lateral (select ((b.g::bigint * 7919) % 200003 % 200000)::int as customer) c
      cross join lateral (
        select sum(r.prices[${line('k')}] * (1 + (b.g + k) % 2))::bigint as subtotal,
          case when b.g % 3 = 0 then 13000 else 7000 end as delivery,
          case when b.g % 10 = 0 then 5000 else 0 end as discount
        from generate_series(1, b.line_count) as k
      ) m`.replaceAll('(g * 31', '(b.g * 31'),
    );
    statements.push(
      `
      insert into order_lines (order_id, product_id, variant_id, product_name, variant_label, sku, quantity, unit_price,
        wholesale_price, purchase_cost)
      select b.id, r.products[v], r.variants[v], r.names[v], '', r.skus[v], 1 + (b.g + k) % 2, r.prices[v], r.wholesale[v], r.costs[v]
      from bench_batch b cross join bench_refs r
      cross join lateral generate_series(1, b.line_count) as k
      cross join lateral (select ${line('k')} as v) l`.replaceAll('(g * 31', '(b.g * 31'),
    );
    // Placement (no admin), then each move: an admin of the shop, 20 minutes to 6 hours apart, never after now.
    statements.push(`
      insert into order_status_history (order_id, from_status, to_status, admin_id, note, at)
      select b.id, case when step.n = 1 then null else p.path[step.n - 1] end, step.status,
        case when step.n = 1 then null else r.admins[1 + (b.g + step.n) % cardinality(r.admins)] end,
        '', least(now(), b.placed_at + (step.n - 1) * ((20 + (b.g * 11) % 340) * interval '1 minute'))
      from bench_batch b cross join bench_refs r
      join bench_paths p on p.status = b.status and p.alternative = b.g % 2
      cross join lateral unnest(p.path) with ordinality as step(status, n)`);
    statements.push('drop table bench_batch');
  }
  statements.push(`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`);
  // The status tabs' counts (kept by triggers, which were off for the load): recomputed whole.
  statements.push('delete from order_status_counts');
  statements.push(
    'insert into order_status_counts (type, status, slot, count) select type, status, 0, count(*) from orders group by type, status',
  );
  statements.push('drop table bench_refs', 'drop table bench_paths');
  return statements;
}

/** Loads through `query(sql) → rows`, then VACUUM ANALYZE. Returns the seconds taken and the counts afterwards. */
async function load(query, count) {
  const started = performance.now();
  const [base] = await query('select coalesce(max(id), 0)::int as orders from orders');
  // A bulk load: no per-row foreign-key or count triggers (the rows point at real products, places and admins, and
  // the counts are recomputed below), and the secondary indexes are built once at the end instead of row by row.
  await query('set session_replication_role = replica');
  const indexes = await query(`select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename in ('orders', 'order_lines', 'order_status_history') and indexname not like '%_pkey'`);
  for (const index of indexes) await query(`drop index "${index.indexname}"`);
  for (const statement of loadStatements({ orderBase: base.orders, count })) await query(statement);
  for (const index of indexes) await query(index.indexdef);
  await query('set session_replication_role = origin');
  const loadedAt = performance.now();
  await query('vacuum analyze');
  const [counts] = await query(`select (select count(*) from orders)::int as orders,
    (select count(*) from order_lines)::int as order_lines,
    (select count(*) from order_status_history)::int as history,
    (select coalesce(sum(count), 0) from order_status_counts)::int as counted,
    (select json_object_agg(status, n) from (select status, count(*)::int as n from orders group by status) s) as by_status`);
  return { loadSeconds: round((loadedAt - started) / 1000), analyzeSeconds: round((performance.now() - loadedAt) / 1000), counts };
}

const round = (value) => Math.round(value * 10) / 10;

async function importFromApi(specifier) {
  return import(pathToFileURL(requireFromApi.resolve(specifier)).href);
}

/** Loads into a PGlite data folder (`DATA_DIR/db`) that no server has open. */
export async function loadPglite(databaseDir, count) {
  const { PGlite } = await importFromApi('@electric-sql/pglite');
  const { pg_trgm } = await importFromApi('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create({ dataDir: databaseDir, extensions: { pg_trgm } });
  try {
    return await load(async (sql) => (await client.exec(sql)).at(-1)?.rows ?? [], count);
  } finally {
    await client.close();
  }
}

export async function loadPostgres(url, count) {
  const { Client } = requireFromApi('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await load(async (sql) => {
      const result = await client.query(sql);
      return (Array.isArray(result) ? result.at(-1) : result).rows;
    }, count);
  } finally {
    await client.end();
  }
}

/** Starts Haat once on the data set (migrations and the demo shop, with `admin` as the first admin) and stops it. */
async function firstStart(env, admin) {
  const port = await freePort();
  const started = performance.now();
  const server = startHaat(
    { PORT: String(port), DEMO: '1', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...env },
    { label: 'haat (first start)', guard: true },
  );
  try {
    await waitFor200(`http://${LOOPBACK}:${port}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 180_000 });
    return round((performance.now() - started) / 1000);
  } finally {
    await server.stop();
  }
}

/**
 * A benchmark data set: `kind` 'pglite' (a temporary data folder) or 'postgres' (a fresh database next to
 * `baseUrl`). Returns the environment a server needs to open it, and how long making it took.
 */
export async function prepareOrders({ kind, admin, orders = DEFAULT_ORDERS, baseUrl }) {
  const dataDir = makeTempDir(`orders-${kind}`);
  let database = null;
  const env = { DATA_DIR: dataDir };
  if (kind === 'postgres') {
    database = await createBenchDatabase(baseUrl);
    env.DATABASE_URL = database.url;
  }
  const firstStartSeconds = await firstStart(env, admin);
  const loaded = kind === 'postgres' ? await loadPostgres(database.url, orders) : await loadPglite(path.join(dataDir, 'db'), orders);
  console.log(
    `${kind}: first start ${firstStartSeconds} s; loaded ${loaded.counts.orders} orders, ${loaded.counts.order_lines} lines, ` +
      `${loaded.counts.history} history rows in ${loaded.loadSeconds} s (+ VACUUM ANALYZE ${loaded.analyzeSeconds} s); ` +
      `by status ${JSON.stringify(loaded.counts.by_status)}`,
  );
  return { env, dataDir, database, firstStartSeconds, ...loaded };
}

// ── As a script: fill a data set that is kept ─────────────────────────────────

function option(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function main() {
  const count = Number(option('--orders') ?? DEFAULT_ORDERS);
  if (!Number.isInteger(count) || count < 1) throw new Error('--orders must be a positive integer');
  const dataDirOption = option('--data-dir');
  const databaseUrl = option('--database-url');
  if (!dataDirOption) throw new Error('give --data-dir DIR (the data folder; with --database-url it holds the pictures only)');
  const admin = benchAdmin();
  const dataDir = path.resolve(dataDirOption);
  if (fs.existsSync(path.join(dataDir, 'db'))) throw new Error(`${dataDir} already holds a database; choose a new folder`);
  const env = { DATA_DIR: dataDir };
  if (databaseUrl) {
    assertLocalDatabase(databaseUrl);
    env.DATABASE_URL = databaseUrl;
  }
  const firstStartSeconds = await firstStart(env, admin);
  const loaded = databaseUrl ? await loadPostgres(databaseUrl, count) : await loadPglite(path.join(dataDir, 'db'), count);
  const where = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : dataDir;
  console.log(
    `\nLoaded into ${where}: ${JSON.stringify(loaded.counts)} in ${loaded.loadSeconds} s (VACUUM ANALYZE ${loaded.analyzeSeconds} s).`,
  );
  console.log(`Admin login for this data set: ${admin.email} / ${admin.password}`);
  return { status: 'pass', rows: [], details: { firstStartSeconds, ...loaded } };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runBenchmark('orders-data', main, { timeLimitMs: 60 * 60_000 });
}
