// Lighthouse on the storefront's home page, as a phone on a slow network sees it: the production build
// served by Haat itself on the demo shop, Lighthouse's mobile profile with its simulated throttling
// "Fast 3G / 4× CPU" (150 ms RTT, 1.6 Mbit/s down, CPU 4× slower; Lighthouse's `mobileSlow4G`, which it
// documents as WebPageTest's Fast 3G). Reports the performance, accessibility, best-practices and SEO
// scores, Largest Contentful Paint and the JavaScript the page transferred (and the same files gzipped).
// Usage: node bench/storefront-lighthouse.mjs [--json FILE]
//   BENCH_LIGHTHOUSE_RUNS=3     runs per page; the median run (by performance score, then LCP) is reported
//   BENCH_LIGHTHOUSE_PATHS=/,/product/khadi-cotton-panjabi   pages to measure (the budgets apply to the first)
//   CHROME_PATH=/usr/bin/chromium   the browser (Debian's Chromium by default)
//   BENCH_LIGHTHOUSE_REPORT=DIR  also writes each median run's report there (HTML and JSON)
//   BENCH_WEB_DIST=DIR           measures that build of the web app instead of apps/web/dist
//   BENCH_LIGHTHOUSE_GZIP=1      a what-if: measures through a small local proxy that gzips the app's text
//                                answers, as the server would if it compressed them (it does not yet)
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  buildWebIfMissing,
  freePort,
  httpRequest,
  LOOPBACK,
  makeTempDir,
  onCleanup,
  REPO_ROOT,
  runBenchmark,
  startHaat,
  statusOf,
  waitFor200,
} from './lib.mjs';

const BUDGET = { scores: 95, lcpMs: 1500, jsBytes: 120_000 };
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

async function loadLighthouse() {
  try {
    const [{ default: lighthouse }, chromeLauncher, { throttling }] = await Promise.all([
      import('lighthouse'),
      import('chrome-launcher'),
      import('lighthouse/core/config/constants.js'),
    ]);
    return { lighthouse, chromeLauncher, throttling };
  } catch (error) {
    throw new Error(`Lighthouse is not installed (npm install at the repository root): ${error.message}`);
  }
}

/** The JavaScript a run transferred, from Lighthouse's own network records, with each file gzipped as a check. */
async function javascriptOf(lhr, base) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script' && item.url.startsWith(base));
  let transferred = 0;
  let gzipped = 0;
  const files = [];
  for (const item of scripts) {
    const body = Buffer.from(await httpRequest(item.url, { timeoutMs: 10_000 }).then((answer) => answer.body));
    const gzip = gzipSync(body, { level: 9 }).length;
    transferred += item.transferSize;
    gzipped += gzip;
    files.push({ url: item.url.slice(base.length), transfer_bytes: item.transferSize, raw_bytes: body.length, gzip_bytes: gzip });
  }
  files.sort((a, b) => b.gzip_bytes - a.gzip_bytes);
  return { transferred, gzipped, files };
}

function summary(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    best_practices: score('best-practices'),
    seo: score('seo'),
    lcp_ms: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    fcp_ms: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN),
    tbt_ms: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
    lcp_element: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    // What kept a category below 100: the failing audits that count, by id.
    failing: Object.fromEntries(
      CATEGORIES.map((id) => [
        id,
        (lhr.categories[id]?.auditRefs ?? [])
          .filter(
            (ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9 && lhr.audits[ref.id]?.scoreDisplayMode !== 'notApplicable',
          )
          .map((ref) => ref.id),
      ]),
    ),
  };
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;

/** A what-if proxy on 127.0.0.1: forwards to the app and gzips text answers for clients that accept gzip. */
async function startGzipProxy(target) {
  const port = await freePort();
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      `${target}${request.url}`,
      { method: request.method, headers: { ...request.headers, 'accept-encoding': 'identity' } },
      (answer) => {
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          let body = Buffer.concat(chunks);
          const headers = { ...answer.headers };
          const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
          if (accepts && body.length > 1024 && COMPRESSIBLE.test(String(headers['content-type'] ?? ''))) {
            body = gzipSync(body, { level: 9 });
            headers['content-encoding'] = 'gzip';
            headers.vary = 'accept-encoding';
          }
          headers['content-length'] = String(body.length);
          delete headers['transfer-encoding'];
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(body);
        });
      },
    );
    upstream.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(port, LOOPBACK, resolve));
  onCleanup(() => new Promise((resolve) => server.close(resolve)));
  return `http://${LOOPBACK}:${port}`;
}

async function main() {
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
  const paths = (process.env.BENCH_LIGHTHOUSE_PATHS ?? '/')
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean);
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromePath)) throw new Error(`no browser at ${chromePath} (set CHROME_PATH)`);
  process.env.CHROME_PATH = chromePath;
  const { lighthouse, chromeLauncher, throttling } = await loadLighthouse();

  const webDist = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : null;
  if (webDist && !fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`no web build in ${webDist}`);
  const built = webDist ? { ok: true } : await buildWebIfMissing();
  if (!built.ok) throw new Error(`the web app could not be built:\n${built.output}`);

  const dataDir = makeTempDir('lighthouse');
  const port = await freePort();
  const server = startHaat(
    { PORT: String(port), DATA_DIR: dataDir, DEMO: '1', DATABASE_URL: '', ...(webDist ? { WEB_DIST: webDist } : {}) },
    { label: 'haat', guard: true },
  );
  const app = `http://${LOOPBACK}:${port}`;
  await waitFor200(`${app}/api/get/site/info`, { child: server, timeoutMs: 120_000 });
  const proxied = process.env.BENCH_LIGHTHOUSE_GZIP === '1';
  const base = proxied ? await startGzipProxy(app) : app;
  if (proxied) console.log('what-if: measuring through a local proxy that gzips the app’s text answers (level 9)');
  // Warm the server's caches the way earlier visitors would have.
  for (const url of [
    '/',
    '/api/get/site/info',
    '/_public/slider',
    '/_public/category',
    '/_public/products/',
    '/_public/offers',
    '/_public/campaigns',
  ]) {
    await httpRequest(`${base}${url}`, { timeoutMs: 30_000 });
  }

  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  onCleanup(() => chrome.kill());
  const config = {
    extends: 'lighthouse:default',
    settings: {
      onlyCategories: CATEGORIES,
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      throttling: throttling.mobileSlow4G,
      screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
      emulatedUserAgent:
        'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    },
  };

  const pages = [];
  for (const pagePath of paths) {
    const measured = [];
    for (let run = 1; run <= runs; run += 1) {
      const answer = await lighthouse(`${base}${pagePath}`, { port: chrome.port, output: ['html', 'json'], logLevel: 'error' }, config);
      if (!answer?.lhr) throw new Error(`Lighthouse gave no result for ${pagePath}`);
      if (answer.lhr.runtimeError) throw new Error(`Lighthouse failed on ${pagePath}: ${answer.lhr.runtimeError.message}`);
      const result = { ...summary(answer.lhr), javascript: await javascriptOf(answer.lhr, base), report: answer.report };
      console.log(
        `${pagePath} run ${run}: performance ${result.performance}, accessibility ${result.accessibility}, best practices ${result.best_practices}, ` +
          `SEO ${result.seo}, LCP ${result.lcp_ms} ms, JS ${kB(result.javascript.transferred)} transferred (${kB(result.javascript.gzipped)} gzipped)`,
      );
      measured.push(result);
    }
    measured.sort((a, b) => a.performance - b.performance || b.lcp_ms - a.lcp_ms);
    const median = measured[Math.floor((measured.length - 1) / 2)];
    if (process.env.BENCH_LIGHTHOUSE_REPORT) {
      const directory = path.resolve(REPO_ROOT, process.env.BENCH_LIGHTHOUSE_REPORT);
      fs.mkdirSync(directory, { recursive: true });
      const name = `lighthouse${pagePath.replace(/[^a-z0-9]+/gi, '-')}`;
      fs.writeFileSync(path.join(directory, `${name}.html`), median.report[0]);
      fs.writeFileSync(path.join(directory, `${name}.json`), median.report[1]);
    }
    pages.push({ path: pagePath, median: { ...median, report: undefined }, runs: measured.map(({ report: _, ...rest }) => rest) });
  }

  const home = pages[0].median;
  const rows = [
    ...['performance', 'accessibility', 'best_practices', 'seo'].map((key) => ({
      metric: `Storefront ${paths[0]}: Lighthouse ${key.replace('_', ' ')} (mobile, Fast 3G / 4× CPU, median of ${runs})`,
      budget: `≥ ${BUDGET.scores}`,
      measured: String(home[key]),
      pass: home[key] >= BUDGET.scores,
    })),
    {
      metric: `Storefront ${paths[0]}: Largest Contentful Paint`,
      budget: `< ${BUDGET.lcpMs} ms`,
      measured: `${home.lcp_ms} ms`,
      pass: home.lcp_ms < BUDGET.lcpMs,
    },
    {
      metric: `Storefront ${paths[0]}: JavaScript transferred on first load`,
      budget: `< ${kB(BUDGET.jsBytes)} gzipped`,
      measured: `${kB(home.javascript.transferred)} (${home.javascript.files.length} files; ${kB(home.javascript.gzipped)} if gzipped at level 9)`,
      pass: home.javascript.transferred < BUDGET.jsBytes,
    },
  ];
  for (const page of pages.slice(1)) {
    rows.push({
      metric: `Storefront ${page.path}: Lighthouse performance / accessibility / best practices / SEO, LCP`,
      budget: null,
      measured: `${page.median.performance} / ${page.median.accessibility} / ${page.median.best_practices} / ${page.median.seo}, ${page.median.lcp_ms} ms`,
      pass: null,
    });
  }
  for (const page of pages) {
    const failing = Object.entries(page.median.failing).filter(([, ids]) => ids.length);
    if (failing.length) console.log(`${page.path}: audits below 0.9: ${failing.map(([id, ids]) => `${id}: ${ids.join(', ')}`).join('; ')}`);
    console.log(`${page.path}: LCP element ${page.median.lcp_element ?? '(none)'}`);
  }
  if (proxied) for (const row of rows) row.metric += ' [what-if: gzip proxy]';
  return {
    status: statusOf(rows),
    rows,
    details: { gzip_proxy: proxied, throttling: 'mobileSlow4G (Fast 3G / 4× CPU), simulated', chrome_flags: CHROME_FLAGS, pages },
  };
}

await runBenchmark('storefront-lighthouse', main, { timeLimitMs: 15 * 60_000 });
