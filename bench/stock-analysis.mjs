// The stock and create analysis (`/admin/stock/and/create/analysis`, issue 18) over 100,000 variants and 1,000,000 order
// lines: the first page in each of its sorts and filters (cover, stock value, units sold, only low cover, only dead,
// a search, a category), the reorder suggestions, and the CSV of the low-cover variants — each the median of sequential
// requests after a warm-up, on PGlite and (with BENCH_DATABASE_URL) PostgreSQL. Budget: < 1 s.
//
// Its own data: catalogue-data.mjs's products (33,334 products × 3 variants = 100,002 variants), then 400,000 orders
// of 2–3 lines (1,000,000 lines) over the last 365 days, made here with set-based SQL: sales lean on the first
// variants (a few sell every day, most now and then, the last 30% never: dead stock), 8% of orders cancelled.
// Usage: node bench/stock-analysis.mjs [--json FILE]. BENCH_SA_DB=pglite|postgres runs one database;
// BENCH_SA_REQUESTS, BENCH_SA_WARMUP, BENCH_SA_PRODUCTS, BENCH_SA_ORDERS override; BENCH_SA_KEEP=DIR keeps
// the loaded PGlite data for the next run; BENCH_SA_CASES=text runs the cases whose name holds it. Not part of npm test.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { prepareCatalogue } from './catalogue-data.mjs';
import {
  assertLocalDatabase,
  benchAdmin,
  freePort,
  httpRequest,
  LOOPBACK,
  makeTempDir,
  median,
  percentile,
  requireFromApi,
  runBenchmark,
  signInAsAdmin,
  startHaat,
  statusOf,
  waitFor200,
} from './lib.mjs';

const REQUESTS = Number(process.env.BENCH_SA_REQUESTS ?? 15);
const WARMUP = Number(process.env.BENCH_SA_WARMUP ?? 3);
const PRODUCTS = Number(process.env.BENCH_SA_PRODUCTS ?? 33_334);
const ORDERS = Number(process.env.BENCH_SA_ORDERS ?? 400_000);
const BATCH = 100_000;
const BUDGET_MS = 1000;
let ADMIN = benchAdmin();
const round = (value) => Math.round(value * 10) / 10;

/** Orders g = 1…count: 2 or 3 lines (2.5 on average), placed over 365 days; the variants lean to the low ids. */
function orderStatements(count) {
  const statements = [];
  statements.push(`
    create temp table sa_refs as
    select (select min(id) from cities) as city, (select count(*) from product_variants)::int as n`);
  // The variants numbered 1…n in a table joined by number (a subscript of 100,000-element arrays read the
  // whole array for every line: the load took many minutes).
  statements.push(`create temp table sa_variants as
    select (row_number() over (order by id))::int as i, id, product_id, sku from product_variants`);
  statements.push('alter table sa_variants add primary key (i)');
  statements.push('analyze sa_variants');
  for (let first = 1; first <= count; first += BATCH) {
    const last = Math.min(count, first + BATCH - 1);
    statements.push(`
      create temp table sa_batch as
      select g, (select coalesce(max(id), 0) from orders) + g - ${first - 1} as id,
        now() - (((g::bigint * 7919) % 365) * interval '1 day') - ((g::bigint * 7907) % 86400) * interval '1 second' as placed_at,
        case when g % 25 < 2 then 7 else 5 end as status, 2 + (g % 2) as line_count
      from generate_series(${first}, ${last}) as g`);
    statements.push(`
      insert into orders (id, number, type, status, customer_name, customer_phone, customer_address, city_id, subtotal,
        delivery_charge, discount, advance_paid, total, payment_method, payment_status, source, note, placed_at, created_at, updated_at)
      select b.id, 'SA-' || b.id, 'website', b.status, 'Bench Customer', '01700000000', 'Dhaka', r.city, 100000, 7000, 0, 0,
        107000, 'cod', 'unpaid', 'Website', '', b.placed_at, b.placed_at, b.placed_at
      from sa_batch b cross join sa_refs r`);
    // Line k of order g: a variant among the first 70% of the catalogue, the square of a uniform number leaning low.
    statements.push(`
      insert into order_lines (order_id, product_id, variant_id, product_name, variant_label, sku, quantity, unit_price,
        wholesale_price, purchase_cost)
      select b.id, sv.product_id, sv.id, 'Bench', '', sv.sku, 1 + (b.g + k) % 2, 100000, 70000, 50000
      from sa_batch b cross join sa_refs r
      cross join lateral generate_series(1, b.line_count) as k
      cross join lateral (select 1 + floor(power(((b.g::bigint * 2654435761 + k * 40503) % 1000003) / 1000003.0, 2)
        * (r.n * 0.7))::int as i) v
      join sa_variants sv on sv.i = v.i`);
    statements.push('drop table sa_batch');
  }
  statements.push(`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`);
  statements.push('delete from order_status_counts');
  statements.push(
    'insert into order_status_counts (type, status, slot, count) select type, status, 0, count(*) from orders group by type, status',
  );
  statements.push('drop table sa_refs');
  statements.push('drop table sa_variants');
  return statements;
}

async function loadOrders(query, count) {
  const started = performance.now();
  await query('set session_replication_role = replica');
  const indexes = await query(`select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename in ('orders', 'order_lines') and indexname not like '%_pkey'`);
  for (const index of indexes) await query(`drop index "${index.indexname}"`);
  for (const statement of orderStatements(count)) await query(statement);
  for (const index of indexes) await query(index.indexdef);
  await query('set session_replication_role = origin');
  // Loaded with the triggers off: the daily sales are filled as migration 0041 back-fills them.
  await query('delete from variant_sales_daily');
  await query(`insert into variant_sales_daily (variant_id, day, units)
    select l.variant_id, haat_shop_day(o.placed_at), sum(l.quantity)::int
    from order_lines l join orders o on o.id = l.order_id where o.status <> 7 group by 1, 2`);
  await query('vacuum analyze');
  const [counts] = await query(`select (select count(*) from orders)::int as orders, (select count(*) from order_lines)::int as lines,
    (select count(*) from product_variants)::int as variants, (select count(*) from variant_sales_daily)::int as daily_rows`);
  return { seconds: round((performance.now() - started) / 1000), counts };
}

async function importFromApi(specifier) {
  return import(pathToFileURL(requireFromApi.resolve(specifier)).href);
}

async function loadInto(prepared) {
  if (prepared.database) {
    const { Client } = requireFromApi('pg');
    const client = new Client({ connectionString: prepared.database.url });
    await client.connect();
    try {
      return await loadOrders(async (sql) => (await client.query(sql)).rows, ORDERS);
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await importFromApi('@electric-sql/pglite');
  const { pg_trgm } = await importFromApi('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create({ dataDir: `${prepared.dataDir}/db`, extensions: { pg_trgm } });
  try {
    return await loadOrders(async (sql) => (await client.query(sql)).rows, ORDERS);
  } finally {
    await client.close();
  }
}

async function timed(base, path, options) {
  const started = performance.now();
  const response = await httpRequest(`${base}${path}`, { timeoutMs: 120_000, ...options });
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${response.body.slice(0, 300)}`);
  return { elapsed, body: response.body };
}

const CASES = [
  { name: 'first page, by days of cover', path: '/api/admin/stock-analysis?per_page=25' },
  { name: 'by stock value, largest first', path: '/api/admin/stock-analysis?per_page=25&sort=-stock_value' },
  { name: 'by units sold in 30 days', path: '/api/admin/stock-analysis?per_page=25&sort=-sold_30' },
  { name: 'only low cover', path: '/api/admin/stock-analysis?per_page=25&low_cover=1' },
  { name: 'only dead stock, page 40', path: '/api/admin/stock-analysis?per_page=25&dead=1&page=40' },
  { name: 'search "Jamdani"', path: '/api/admin/stock-analysis?per_page=25&q=Jamdani' },
  { name: 'reorder suggestions (30 days)', path: '/api/admin/stock-analysis/reorder?cover_days=30' },
  { name: 'CSV of the low-cover variants', path: '/api/admin/stock-analysis/export.csv?low_cover=1', csv: true },
];

/**
 * With BENCH_SA_KEEP=DIR (PGlite only) the loaded data folder is copied to DIR, and a later run with the same
 * DIR starts from that copy instead of loading again (minutes saved while a query is being tuned).
 */
async function preparedData(kind, baseUrl) {
  const keep = kind === 'pglite' ? process.env.BENCH_SA_KEEP : undefined;
  if (keep && fs.existsSync(path.join(keep, 'db'))) {
    const dataDir = makeTempDir('stock-analysis-kept');
    fs.cpSync(keep, dataDir, { recursive: true });
    ADMIN = JSON.parse(fs.readFileSync(path.join(keep, 'bench-admin.json'), 'utf8'));
    console.log(`${kind}: the data kept in ${keep}`);
    return { env: { DATA_DIR: dataDir }, dataDir };
  }
  const prepared = await prepareCatalogue({ kind, admin: ADMIN, products: PRODUCTS, baseUrl });
  const loaded = await loadInto(prepared);
  console.log(`${kind}: ${JSON.stringify(loaded.counts)} (orders loaded in ${loaded.seconds} s)`);
  if (keep) {
    fs.cpSync(prepared.dataDir, keep, { recursive: true });
    fs.writeFileSync(path.join(keep, 'bench-admin.json'), JSON.stringify(ADMIN));
  }
  return { ...prepared, counts: loaded.counts };
}

async function measure(kind, baseUrl) {
  const prepared = await preparedData(kind, baseUrl);
  const port = await freePort();
  const server = startHaat(
    { PORT: String(port), DEMO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...prepared.env },
    { label: `haat (${kind})`, guard: true },
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const rows = [];
  try {
    const base = `http://${LOOPBACK}:${port}`;
    await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 180_000 });
    const { cookie } = await signInAsAdmin(base, ADMIN);
    const headers = { cookie, accept: 'application/json' };
    for (const item of CASES.filter((each) => !process.env.BENCH_SA_CASES || each.name.includes(process.env.BENCH_SA_CASES))) {
      for (let index = 0; index < WARMUP; index++) await timed(base, item.path, { headers, agent });
      const times = [];
      let body = '';
      for (let index = 0; index < REQUESTS; index++) {
        const result = await timed(base, item.path, { headers, agent });
        times.push(result.elapsed);
        body = result.body;
      }
      const shown = item.csv
        ? `${body.split('\n').length - 1} CSV lines`
        : item.path.includes('reorder')
          ? `${JSON.parse(body).groups.reduce((sum, group) => sum + group.lines.length, 0)} lines`
          : `${JSON.parse(body).data.length} rows of ${JSON.parse(body).total}`;
      const medianMs = round(median(times));
      console.log(`${kind} ${item.name}: median ${medianMs} ms, p99 ${round(percentile(times, 99))} ms (${shown})`);
      rows.push({
        metric: `${kind}: ${item.name} (${shown})`,
        budget: `< ${BUDGET_MS} ms`,
        measured: `${medianMs} ms median, p99 ${round(percentile(times, 99))} ms`,
        pass: medianMs < BUDGET_MS,
      });
    }
  } finally {
    agent.destroy();
    await server.stop();
  }
  return { rows, counts: prepared.counts };
}

async function main() {
  const only = process.env.BENCH_SA_DB;
  const rows = [];
  const details = {};
  if (!only || only === 'pglite') {
    const result = await measure('pglite');
    rows.push(...result.rows);
    details.pglite = result.counts;
  }
  const baseUrl = process.env.BENCH_DATABASE_URL;
  if (baseUrl && (!only || only === 'postgres')) {
    assertLocalDatabase(baseUrl);
    const result = await measure('postgres', baseUrl);
    rows.push(...result.rows);
    details.postgres = result.counts;
  }
  return { status: statusOf(rows), rows, details };
}

await runBenchmark('stock-analysis', main, { timeLimitMs: 90 * 60_000 });
