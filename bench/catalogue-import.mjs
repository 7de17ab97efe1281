// CSV import of 10,000 products (POST /api/admin/products/import) into a fresh server with the demo shop:
// the time from sending the file to the answer, then the same file again (10,000 updates by SKU), for
// information. Usage: node bench/catalogue-import.mjs [--json FILE]
// BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres also runs it on PostgreSQL, in a fresh
// database created there and dropped afterwards. BENCH_IMPORT_ROWS changes the number of rows.
import { randomBytes } from 'node:crypto';
import { benchProductName } from './catalogue-data.mjs';
import {
  assertLocalDatabase,
  benchAdmin,
  createBenchDatabase,
  describeExit,
  freePort,
  httpRequest,
  LOOPBACK,
  makeTempDir,
  removeTempDir,
  runBenchmark,
  signInAsAdmin,
  startHaat,
  statusOf,
  tail,
  waitFor200,
} from './lib.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const BUDGET_S = 30;
const ADMIN = benchAdmin();

/** Leaf categories and brands of the demo shop (apps/api/src/db/demo-catalogue.ts), by slug and by name. */
const CATEGORIES = [
  'jamdani-saree',
  'tangail-saree',
  'katan-silk-saree',
  'three-piece',
  'kurti',
  'panjabi',
  't-shirt',
  'shirt',
  'boys-wear',
  'girls-wear',
  'chargers-cables',
  'power-banks',
  'earphones',
  'smart-watches',
  'bedding',
  'kitchen-dining',
  'home-decor',
];
const BRANDS = [
  'Padma Loom',
  'Shapla Weaves',
  'Rongdhonu',
  'Bunon',
  'Urban Deshi',
  'Chhotto Tara',
  'Gati Tech',
  'Shakti Power',
  'Tarang Audio',
  'Somoy Wear',
  'Nokshi Home',
];
const HEADER = [
  'sku',
  'name',
  'category',
  'brand',
  'purchase_cost',
  'wholesale_price',
  'retail_price',
  'discount_price',
  'status',
  'stock',
  'description',
  'low_stock_threshold',
  'weight_grams',
];

const csvCell = (value) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** A shop's product sheet: money in taka with paisa now and then, some discounts, quoted descriptions. */
export function buildCsv(rows) {
  const lines = [HEADER.join(',')];
  for (let g = 1; g <= rows; g++) {
    const retailPaisa = (300 + ((g * 37) % 9700)) * 100 + (g % 4 === 0 ? 50 : 0);
    const taka = (paisa) => (paisa / 100).toFixed(2);
    const name = benchProductName(g + 500_000);
    lines.push(
      [
        `IMP-${String(g).padStart(6, '0')}`,
        name,
        CATEGORIES[g % CATEGORIES.length],
        BRANDS[(g * 7) % BRANDS.length],
        taka(Math.floor((retailPaisa * 0.62) / 100) * 100),
        taka(Math.floor((retailPaisa * 0.8) / 100) * 100),
        taka(retailPaisa),
        g % 6 === 0 ? taka(Math.floor((retailPaisa * 0.9) / 100) * 100) : '',
        g % 25 === 0 ? 'draft' : 'published',
        (g * 13) % 60,
        `${name}, imported from the supplier's sheet. Size and colour as photographed.`,
        5,
        150 + ((g * 29) % 1200),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

function multipart(fieldName, fileName, contentType, content) {
  const boundary = `----haat-bench-${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function importOnce(base, session, csv) {
  const { body, contentType } = multipart('file', 'products.csv', 'text/csv', csv);
  const started = performance.now();
  const response = await httpRequest(`${base}/api/admin/products/import`, {
    method: 'POST',
    headers: {
      cookie: session.cookie,
      'content-type': contentType,
      'content-length': String(body.length),
      'x-csrf-token': session.csrfToken,
      'x-requested-with': 'XMLHttpRequest',
      accept: 'application/json',
    },
    body,
    timeoutMs: 10 * 60_000,
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  if (response.status === 404) throw new Error('POST /api/admin/products/import answered 404: the import is not there (yet)');
  if (response.status !== 200)
    throw new Error(`POST /api/admin/products/import answered ${response.status}: ${response.body.slice(0, 1000)}`);
  return { seconds, answer: JSON.parse(response.body) };
}

async function run(label, extraEnv) {
  const port = await freePort();
  const dataDir = makeTempDir('import');
  const server = startHaat(
    { PORT: String(port), DATA_DIR: dataDir, DEMO: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...extraEnv },
    { label: `haat (${label})`, guard: true },
  );
  try {
    const base = `http://${LOOPBACK}:${port}`;
    await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 120_000 });
    const session = await signInAsAdmin(base, ADMIN);
    const csv = buildCsv(ROWS);
    const before = await productTotal(base, session);

    const created = await importOnce(base, session, csv);
    console.log(`${label}: ${ROWS} new products imported in ${created.seconds} s → ${JSON.stringify(created.answer).slice(0, 200)}`);
    if (created.answer.created !== ROWS) throw new Error(`expected ${ROWS} created, the import says ${created.answer.created}`);
    const after = await productTotal(base, session);
    if (after - before !== ROWS) throw new Error(`the product list grew by ${after - before}, not ${ROWS}`);

    const updated = await importOnce(base, session, csv);
    console.log(`${label}: the same ${ROWS} rows again (updates by SKU) in ${updated.seconds} s`);
    if (updated.answer.updated !== ROWS) throw new Error(`expected ${ROWS} updated, the import says ${updated.answer.updated}`);
    if (server.exitInfo) throw new Error(`the server ${describeExit(server.exitInfo)} during the run`);
    return { createSeconds: created.seconds, updateSeconds: updated.seconds, csvBytes: Buffer.byteLength(csv) };
  } catch (error) {
    const exited = server.exitInfo ? `the server ${describeExit(server.exitInfo)}; ` : '';
    throw new Error(`${label}: ${error.message}\n${exited}server output:\n${tail(server.output())}`);
  } finally {
    await server.stop();
    removeTempDir(dataDir);
  }
}

async function productTotal(base, session) {
  const response = await httpRequest(`${base}/api/admin/products?per_page=1`, { headers: { cookie: session.cookie } });
  if (response.status !== 200) throw new Error(`GET /api/admin/products answered ${response.status}: ${response.body.slice(0, 300)}`);
  return JSON.parse(response.body).total;
}

function rowsFor(label, result) {
  return [
    {
      metric: `CSV import, ${ROWS.toLocaleString('en')} new products, ${label}`,
      budget: `< ${BUDGET_S} s`,
      measured: `${result.createSeconds} s`,
      pass: result.createSeconds < BUDGET_S,
    },
    {
      metric: `CSV import, the same ${ROWS.toLocaleString('en')} rows again (updates), ${label}`,
      budget: null,
      measured: `${result.updateSeconds} s`,
      pass: null,
    },
  ];
}

async function main() {
  if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error('BENCH_IMPORT_ROWS must be a positive integer');
  if (process.env.BENCH_DATABASE_URL) assertLocalDatabase(process.env.BENCH_DATABASE_URL);
  const pglite = await run('PGlite', {});
  const rows = rowsFor('PGlite', pglite);
  let postgres = null;
  if (process.env.BENCH_DATABASE_URL) {
    const database = await createBenchDatabase(process.env.BENCH_DATABASE_URL);
    try {
      postgres = await run('PostgreSQL', { DATABASE_URL: database.url });
      rows.push(...rowsFor('PostgreSQL', postgres));
    } finally {
      await database.drop();
    }
  }
  return { status: statusOf(rows), rows, details: { rows: ROWS, pglite, postgres } };
}

await runBenchmark('catalogue-import', main, { timeLimitMs: (process.env.BENCH_DATABASE_URL ? 2 : 1) * 8 * 60_000 + 30_000 });
