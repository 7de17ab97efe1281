// The large catalogue the catalogue benchmarks run on: 100,000 products with 300,000 variants, spread over the
// demo shop's categories and brands, named from word lists, each with a main image path and opening stock in
// the ledger. Everything is made with set-based SQL (generate_series, INSERT … SELECT) in a few batches.
//
// As a module: prepareCatalogue() makes a data set for a benchmark (PGlite data folder or a fresh PostgreSQL
// database, both removed at cleanup). As a script, it fills a data set you keep:
//   node bench/catalogue-data.mjs --data-dir ./data-big            PGlite; then DATA_DIR=./data-big npm start
//   node bench/catalogue-data.mjs --data-dir ./data-big-pg --database-url postgres://…/big
//                                                                   an empty PostgreSQL database (local only)
//   --products N changes the number of products (BENCH_PRODUCTS does too); variants are 3 per product.
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

export const DEFAULT_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
export const VARIANTS_PER_PRODUCT = 3;
const BATCH = 25_000;

/** Name parts: `<adjective> <material> <noun> <model>`, e.g. "Festive Jamdani Saree K417". */
const ADJECTIVES = [
  'Classic',
  'Premium',
  'Everyday',
  'Festive',
  'Royal',
  'Urban',
  'Comfort',
  'Slim',
  'Heritage',
  'Modern',
  'Soft',
  'Elegant',
  'Smart',
  'Pro',
  'Mini',
  'Deluxe',
  'Essential',
  'Eid',
  'Winter',
  'Summer',
];
const MATERIALS = [
  'Cotton',
  'Silk',
  'Linen',
  'Khadi',
  'Denim',
  'Jamdani',
  'Muslin',
  'Georgette',
  'Chiffon',
  'Jute',
  'Leather',
  'Bamboo',
  'Steel',
  'Ceramic',
  'Wireless',
  'Magnetic',
  'Braided',
  'Printed',
  'Embroidered',
  'Handloom',
];
const NOUNS = [
  'Saree',
  'Panjabi',
  'Kurti',
  'Three-piece',
  'T-shirt',
  'Shirt',
  'Frock',
  'Polo',
  'Kameez',
  'Lehenga',
  'Charger',
  'Cable',
  'Power Bank',
  'Earbuds',
  'Headphone',
  'Smart Watch',
  'Phone Case',
  'Bedsheet',
  'Cushion Cover',
  'Table Mat',
  'Lunch Box',
  'Lamp',
  'Wall Hanging',
  'Comforter',
  'Tote Bag',
  'Wallet',
  'Sandals',
  'Backpack',
  'Scarf',
  'Cap',
];
/** The word the search benchmark looks for: one material in 20, so about 5,000 of 100,000 names. */
export const SEARCH_WORD = 'Jamdani';
/** The category the filter benchmark uses (a top-level one, so its whole subtree counts). */
export const FILTER_CATEGORY_SLUG = 'women';

/** The name the SQL below gives product number `g`, for scripts that make the same kind of names in JS. */
export function benchProductName(g) {
  const model = `${String.fromCharCode(65 + (g % 26))}${100 + (Math.floor(g / 26) % 900)}`;
  return `${ADJECTIVES[g % 20]} ${MATERIALS[Math.floor(g / 20) % 20]} ${NOUNS[Math.floor(g / 400) % 30]} ${model}`;
}

const sqlArray = (words) => `array[${words.map((word) => `'${word.replaceAll("'", "''")}'`).join(',')}]`;

/** The statements that load `count` products after the ones already there. */
function loadStatements({ productBase, variantBase, count }) {
  const statements = [];
  statements.push(`
    create temp table bench_leaf as
    select (row_number() over (order by c.id) - 1)::int as n,
      coalesce(gp.id, p.id, c.id) as c1,
      case when c.level = 2 then c.id when c.level = 3 then p.id end as c2,
      case when c.level = 3 then c.id end as c3
    from categories c
    left join categories p on p.id = c.parent_id
    left join categories gp on gp.id = p.parent_id
    where not exists (select 1 from categories k where k.parent_id = c.id)`);
  statements.push(`
    create temp table bench_refs as
    select ${sqlArray(ADJECTIVES)} as adjectives, ${sqlArray(MATERIALS)} as materials, ${sqlArray(NOUNS)} as nouns,
      (select count(*) from bench_leaf)::int as leaves,
      (select coalesce(array_agg(id order by id), array[]::int[]) from brands) as brands,
      (select id from merchants order by id limit 1) as merchant,
      (select coalesce(array_agg(path order by id), array['products/bench.webp']) from product_images) as paths,
      (select coalesce(array_agg(thumbnail order by id), array['products/bench-thumb.webp']) from product_images) as thumbs`);
  for (let first = 1; first <= count; first += BATCH) {
    const last = Math.min(count, first + BATCH - 1);
    // Variant v of product g has stock (g·13 + v·7) mod 41: 0 to 40, now and then 0; the product has their sum.
    const variantStock = (v) => `((g * 13 + ${v} * 7) % 41)`;
    statements.push(`
      insert into products (id, name, slug, sku, category_id, subcategory_id, sub_subcategory_id, brand_id, merchant_id,
        description, purchase_cost, wholesale_price, retail_price, discount_price, low_stock_threshold, weight_grams,
        status, is_featured, is_best_seller, show_on_home, stock, created_at, updated_at)
      select ${productBase} + s.g, s.name,
        trim(both '-' from lower(regexp_replace(s.name, '[^A-Za-z0-9]+', '-', 'g'))) || '-' || s.g,
        'BX-' || lpad(s.g::text, 6, '0'),
        l.c1, l.c2, l.c3,
        case when cardinality(r.brands) > 0 then r.brands[1 + (s.g * 11) % cardinality(r.brands)] end,
        case when s.g % 10 = 0 then r.merchant end,
        '<p>' || s.name || ' from the bench catalogue.</p>',
        s.retail * 65 / 100000 * 1000, s.retail * 82 / 100000 * 1000, s.retail,
        case when s.g % 8 = 0 then s.retail * 90 / 100000 * 1000 end,
        5, 150 + (s.g * 29) % 1200,
        case when s.g % 20 = 0 then 0 else 1 end, s.g % 50 = 0, s.g % 40 = 0, s.g % 30 = 0,
        ${variantStock(1)} + ${variantStock(2)} + ${variantStock(3)},
        s.created, s.created
      from (
        select g,
          r.adjectives[1 + g % 20] || ' ' || r.materials[1 + (g / 20) % 20] || ' ' || r.nouns[1 + (g / 400) % 30]
            || ' ' || chr(65 + g % 26) || (100 + (g / 26) % 900) as name,
          (30 + (g * 37) % 970)::bigint * 1000 as retail,
          now() - ((g * 17) % 720) * interval '12 hours' as created
        from generate_series(${first}, ${last}) as g, bench_refs r
      ) s
      cross join bench_refs r
      join bench_leaf l on l.n = (s.g * 7) % r.leaves`);
    statements.push(`
      insert into product_variants (id, product_id, sku, label, stock, sort_order, created_at, updated_at)
      select ${variantBase} + (g - 1) * ${VARIANTS_PER_PRODUCT} + v, ${productBase} + g,
        'BX-' || lpad(g::text, 6, '0') || '-' || (array['M','L','XL'])[v], (array['M','L','XL'])[v],
        (g * 13 + v * 7) % 41, v, now(), now()
      from generate_series(${first}, ${last}) as g, generate_series(1, ${VARIANTS_PER_PRODUCT}) as v`);
    statements.push(`
      insert into stock_movements (variant_id, quantity, kind, reason, created_at)
      select id, stock, 'opening', 'Opening stock', created_at from product_variants
      where id > ${variantBase} + (${first} - 1) * ${VARIANTS_PER_PRODUCT} and id <= ${variantBase} + ${last} * ${VARIANTS_PER_PRODUCT}
        and stock > 0`);
    statements.push(`
      insert into product_images (product_id, path, thumbnail, sort_order, is_main)
      select ${productBase} + g, r.paths[1 + g % cardinality(r.paths)], r.thumbs[1 + g % cardinality(r.thumbs)], 1, true
      from generate_series(${first}, ${last}) as g, bench_refs r`);
  }
  // Explicit ids were given above, so the serial sequences move on past them.
  for (const table of ['products', 'product_variants', 'product_images']) {
    statements.push(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
  statements.push('drop table bench_leaf', 'drop table bench_refs');
  return statements;
}

/** Loads through `query(sql) → rows`, then VACUUM ANALYZE. Returns the seconds taken and the counts afterwards. */
async function load(query, count) {
  const started = performance.now();
  const [base] = await query(
    'select (select coalesce(max(id), 0) from products)::int as products, (select coalesce(max(id), 0) from product_variants)::int as variants',
  );
  for (const statement of loadStatements({ productBase: base.products, variantBase: base.variants, count })) await query(statement);
  const loadedAt = performance.now();
  // VACUUM as well as ANALYZE: it sets the visibility map as autovacuum would in a while on PostgreSQL (index-only
  // scans then skip the heap), and autovacuum then has nothing left to start in the middle of a measurement.
  await query('vacuum analyze');
  const [counts] = await query(`select (select count(*) from products)::int as products,
    (select count(*) from product_variants)::int as variants,
    (select count(*) from stock_movements)::int as stock_movements,
    (select count(*) from products where name ilike '%${SEARCH_WORD}%')::int as search_matches,
    (select id from categories where slug = '${FILTER_CATEGORY_SLUG}') as filter_category_id,
    (select count(*) from products p join categories c on c.id in (p.category_id, p.subcategory_id, p.sub_subcategory_id)
      where c.slug = '${FILTER_CATEGORY_SLUG}')::int as filter_matches`);
  return {
    loadSeconds: round((loadedAt - started) / 1000),
    analyzeSeconds: round((performance.now() - loadedAt) / 1000),
    counts,
  };
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
    return await load(async (sql) => (await client.query(sql)).rows, count);
  } finally {
    await client.close();
  }
}

export async function loadPostgres(url, count) {
  const { Client } = requireFromApi('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await load(async (sql) => (await client.query(sql)).rows, count);
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
export async function prepareCatalogue({ kind, admin, products = DEFAULT_PRODUCTS, baseUrl }) {
  const dataDir = makeTempDir(`catalogue-${kind}`);
  let database = null;
  const env = { DATA_DIR: dataDir };
  if (kind === 'postgres') {
    database = await createBenchDatabase(baseUrl);
    env.DATABASE_URL = database.url;
  }
  const firstStartSeconds = await firstStart(env, admin);
  const loaded = kind === 'postgres' ? await loadPostgres(database.url, products) : await loadPglite(path.join(dataDir, 'db'), products);
  console.log(
    `${kind}: first start ${firstStartSeconds} s; loaded ${loaded.counts.products} products, ${loaded.counts.variants} variants, ` +
      `${loaded.counts.stock_movements} stock movements in ${loaded.loadSeconds} s (+ VACUUM ANALYZE ${loaded.analyzeSeconds} s)`,
  );
  return { env, dataDir, database, firstStartSeconds, ...loaded };
}

// ── As a script: fill a data set that is kept ─────────────────────────────────

function option(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function main() {
  const products = Number(option('--products') ?? DEFAULT_PRODUCTS);
  if (!Number.isInteger(products) || products < 1) throw new Error('--products must be a positive integer');
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
  const loaded = databaseUrl ? await loadPostgres(databaseUrl, products) : await loadPglite(path.join(dataDir, 'db'), products);
  const where = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : dataDir;
  console.log(
    `\nLoaded into ${where}: ${JSON.stringify(loaded.counts)} in ${loaded.loadSeconds} s (VACUUM ANALYZE ${loaded.analyzeSeconds} s).`,
  );
  console.log(`Admin login for this data set: ${admin.email} / ${admin.password}`);
  return {
    status: 'pass',
    rows: [],
    details: { firstStartSeconds, ...loaded },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runBenchmark('catalogue-data', main, { timeLimitMs: 30 * 60_000 });
}
