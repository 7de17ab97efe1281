// The admin shell's first-load JavaScript, gzipped (zlib level 9), before any lazily loaded chunk such as
// the dashboard: the entry <script> of dist/index.html plus every <link rel="modulepreload"> it lists, plus
// any chunk those statically import that the page forgot to preload. Works on any Vite build output.
// Usage: node bench/admin-bundle.mjs [--dist DIR] [--json FILE]
// Without --dist (or BENCH_WEB_DIST) it reads apps/web/dist and, when that is missing, runs
// `npm run build -w @haat/web` first (BENCH_NO_BUILD=1 skips the build). 1 kB = 1000 bytes, as Vite prints.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, REPO_ROOT, runBenchmark, statusOf, tail, WEB_BUILD_TIMEOUT_MS } from './lib.mjs';

const BUDGET_BYTES = 250_000;
const DEFAULT_DIST = path.join(REPO_ROOT, 'apps/web/dist');

function distArgument() {
  const index = process.argv.indexOf('--dist');
  const given = index !== -1 ? process.argv[index + 1] : process.argv.find((arg) => arg.startsWith('--dist='))?.slice(7);
  return given ?? process.env.BENCH_WEB_DIST;
}

/** A path relative to the repository when inside it. */
const shown = (file) => (file.startsWith(`${REPO_ROOT}${path.sep}`) ? path.relative(REPO_ROOT, file) : file);
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

// ── Reading the HTML ──────────────────────────────────────────────────────────

function attributesOf(source) {
  const attributes = {};
  for (const match of source.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attributes[match[1].toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attributes;
}

/** The page's scripts (with src), module preloads and stylesheets, in document order. */
function parseHtml(html) {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  const scripts = [];
  const preloads = [];
  const stylesheets = [];
  for (const match of withoutComments.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attributes = attributesOf(match[2]);
    if (match[1].toLowerCase() === 'script') {
      if (attributes.src) scripts.push(attributes.src);
    } else {
      const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('modulepreload') && attributes.href) preloads.push(attributes.href);
      if (rel.includes('stylesheet') && attributes.href) stylesheets.push(attributes.href);
    }
  }
  return { scripts, preloads, stylesheets };
}

/**
 * Maps a URL from the page to a file in dist. Handles any Vite `base`: '/', './', '/admin/' or a CDN-less
 * absolute path, by dropping leading path segments until a file matches. Returns null for other origins.
 */
function resolveAsset(dist, reference) {
  if (/^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(reference) || reference.startsWith('data:')) return null;
  const clean = decodeURIComponent(reference.split(/[?#]/)[0]);
  if (!clean.startsWith('/')) {
    const file = path.resolve(dist, clean);
    return fs.existsSync(file) ? file : null;
  }
  const segments = clean.split('/').filter(Boolean);
  for (let start = 0; start < segments.length; start++) {
    const file = path.join(dist, ...segments.slice(start));
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/** Static `import ... from "./x.js"` and `import "./x.js"` between chunks (not dynamic `import()`). */
function staticImportsOf(file) {
  const code = fs.readFileSync(file, 'utf8');
  const found = new Set();
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;
  for (const match of code.matchAll(pattern)) {
    if (match[1].startsWith('.') || match[1].startsWith('/')) {
      const target = match[1].startsWith('/') ? null : path.resolve(path.dirname(file), match[1]);
      if (target && fs.existsSync(target)) found.add(target);
    }
  }
  return [...found];
}

function sizes(file) {
  const content = fs.readFileSync(file);
  return { bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

// ── The manifest ──────────────────────────────────────────────────────────────

function readManifest(dist) {
  for (const candidate of ['.vite/manifest.json', 'manifest.json']) {
    const file = path.join(dist, candidate);
    if (fs.existsSync(file)) {
      try {
        return { file, entries: JSON.parse(fs.readFileSync(file, 'utf8')) };
      } catch (error) {
        console.warn(`warning: could not read ${file}: ${error.message}`);
      }
    }
  }
  return null;
}

/** Chunks matching this (manifest key, source or name) are the admin shell's own lazily loaded chunks. */
// The Mantine frame (Mantine's provider and styles, ui/MantineFrame.tsx) loads with the shell: it counts with it.
const SHELL_PATTERN = new RegExp(process.env.BENCH_SHELL_PATTERN ?? 'admin[\\\\/]shell|AdminShell|MantineFrame', 'i');
/** And these are what the shell loads next: the chunks the budget is measured before. */
const DASHBOARD_PATTERN = /dashboard/i;

/**
 * From the manifest: the HTML entry with its static imports (what the page loads first), the admin shell
 * chunks (dynamic entries matching SHELL_PATTERN with their static imports not already loaded), and the
 * admin dashboard chunks, for the per-chunk report.
 */
function chunksFromManifest(dist, manifest) {
  const entries = manifest.entries;
  const closure = (roots, already = new Set()) => {
    const found = new Set();
    const visit = (key) => {
      if (found.has(key) || already.has(key) || !entries[key]) return;
      found.add(key);
      for (const next of entries[key].imports ?? []) visit(next);
    };
    for (const key of roots) visit(key);
    return found;
  };
  const entryKeys = Object.keys(entries).filter((key) => entries[key].isEntry);
  const htmlEntries = entryKeys.filter((key) => key.endsWith('.html'));
  const roots = htmlEntries.length ? htmlEntries : entryKeys;
  const entry = closure(roots);

  const matches = (key, pattern) => pattern.test(key) || pattern.test(entries[key].src ?? '') || pattern.test(entries[key].name ?? '');
  const dynamicKeys = Object.keys(entries).filter((key) => entries[key].isDynamicEntry);
  const shellRoots = dynamicKeys.filter((key) => matches(key, SHELL_PATTERN));
  const shell = closure(shellRoots, entry);
  const dashboardRoots = dynamicKeys.filter((key) => matches(key, DASHBOARD_PATTERN) && /admin/i.test(entries[key].src ?? key));
  const dashboard = closure(dashboardRoots, new Set([...entry, ...shell]));

  const describe = (key) => {
    const chunk = entries[key];
    const file = path.join(dist, chunk.file);
    if (!/\.m?js$/.test(chunk.file) || !fs.existsSync(file)) return null;
    return { key, file: chunk.file, name: chunk.name ?? null, ...sizes(file) };
  };
  const list = (keys) => [...keys].map(describe).filter(Boolean);
  return { roots, shellRoots, entry: list(entry), shell: list(shell), dashboard: list(dashboard) };
}

// ── Main ──────────────────────────────────────────────────────────────────────

async function main() {
  const given = distArgument();
  const dist = path.resolve(given ?? DEFAULT_DIST);
  const htmlFile = path.join(dist, 'index.html');

  if (!fs.existsSync(htmlFile) && !given && process.env.BENCH_NO_BUILD !== '1') {
    const build = await buildWeb();
    if (!build.ok) console.log(`the web build failed:\n${tail(build.output, 15)}`);
  }
  if (!fs.existsSync(htmlFile)) {
    const note = 'web not built yet';
    console.log(`${shown(htmlFile)} does not exist: ${note}`);
    return {
      status: 'skipped',
      note,
      rows: [{ metric: 'Admin shell first-load JS (gzip)', budget: `< ${kB(BUDGET_BYTES)}`, measured: note, pass: null }],
      details: { dist },
    };
  }

  const html = fs.readFileSync(htmlFile, 'utf8');
  const page = parseHtml(html);
  const firstLoad = new Map(); // absolute path -> why it is counted
  const missing = [];
  for (const [list, reason] of [
    [page.scripts, 'entry script'],
    [page.preloads, 'modulepreload'],
  ]) {
    for (const reference of list) {
      const file = resolveAsset(dist, reference);
      if (!file) missing.push(reference);
      else if (!firstLoad.has(file)) firstLoad.set(file, reason);
    }
  }
  if (firstLoad.size === 0) throw new Error(`${htmlFile} references no local script (scripts: ${page.scripts.join(', ') || 'none'})`);

  // Static imports the page did not preload still load before the app starts: count them too.
  const queue = [...firstLoad.keys()];
  while (queue.length) {
    for (const next of staticImportsOf(queue.shift())) {
      if (!firstLoad.has(next)) {
        firstLoad.set(next, 'static import');
        queue.push(next);
      }
    }
  }

  const files = [...firstLoad].map(([file, reason]) => ({ file: path.relative(dist, file), reason, ...sizes(file) }));
  const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const raw = files.reduce((sum, file) => sum + file.bytes, 0);

  console.log(`First-load JavaScript of ${shown(htmlFile)}:`);
  for (const file of files)
    console.log(`  ${file.file.padEnd(48)} ${kB(file.bytes).padStart(10)}  gzip ${kB(file.gzipBytes).padStart(9)}  (${file.reason})`);
  console.log(`  ${'total'.padEnd(48)} ${kB(raw).padStart(10)}  gzip ${kB(total).padStart(9)}`);
  for (const reference of missing) console.warn(`warning: ${reference} is referenced by index.html but is not a local file; not counted`);

  const css = page.stylesheets
    .map((reference) => resolveAsset(dist, reference))
    .filter(Boolean)
    .map((file) => sizes(file).gzipBytes)
    .reduce((sum, bytes) => sum + bytes, 0);

  const manifest = readManifest(dist);
  let chunks = null;
  const line = (chunk) => `  ${chunk.file.padEnd(48)} ${kB(chunk.bytes).padStart(10)}  gzip ${kB(chunk.gzipBytes).padStart(9)}`;
  const gzipOf = (list) => list.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  if (manifest) {
    chunks = chunksFromManifest(dist, manifest);
    console.log(`\nFrom ${path.relative(dist, manifest.file)}:`);
    console.log(`entry chunks (${chunks.roots.join(', ')} and its static imports): gzip ${kB(gzipOf(chunks.entry))}`);
    for (const chunk of chunks.entry) console.log(line(chunk));
    if (chunks.shellRoots.length) {
      console.log(
        `admin shell chunks (${chunks.shellRoots.join(', ')} and imports not in the entry; lazily loaded): gzip ${kB(gzipOf(chunks.shell))}`,
      );
      for (const chunk of chunks.shell) console.log(line(chunk));
    } else {
      console.log(`admin shell chunks: none match ${SHELL_PATTERN} (the shell is in the entry chunks, or set BENCH_SHELL_PATTERN)`);
    }
    if (chunks.dashboard.length) {
      console.log(`admin dashboard chunks (loaded after the shell, not counted): gzip ${kB(gzipOf(chunks.dashboard))}`);
      for (const chunk of chunks.dashboard) console.log(line(chunk));
    }
    const counted = new Set(files.map((file) => path.normalize(file.file)));
    const uncounted = chunks.entry.filter((chunk) => !counted.has(path.normalize(chunk.file)));
    if (uncounted.length)
      console.warn(`warning: the manifest's entry has chunks the page does not load: ${uncounted.map((c) => c.file).join(', ')}`);
  } else {
    console.log('\n(no .vite/manifest.json: build with `build.manifest: true` for a per-chunk report)');
  }

  const rows = [
    {
      metric: 'Admin shell first-load JS (gzip)',
      budget: `< ${kB(BUDGET_BYTES)}`,
      measured: `${kB(total)} (${files.length} file${files.length === 1 ? '' : 's'})`,
      pass: total < BUDGET_BYTES,
    },
  ];
  if (chunks?.shell.length) {
    const shell = gzipOf(chunks.shell);
    rows.push({
      metric: 'Admin shell chunks loaded lazily after the entry (gzip, info)',
      budget: null,
      measured: `${kB(shell)} (${chunks.shell.length} file${chunks.shell.length === 1 ? '' : 's'}); with first load ${kB(total + shell)}`,
      pass: null,
    });
  }
  if (css) rows.push({ metric: 'Admin shell first-load CSS (gzip, not counted)', budget: null, measured: kB(css), pass: null });
  return {
    status: statusOf(rows),
    rows,
    details: { dist, gzipBytes: total, rawBytes: raw, cssGzipBytes: css, files, missing, manifest: chunks },
  };
}

await runBenchmark('admin-bundle', main, { timeLimitMs: WEB_BUILD_TIMEOUT_MS + 120_000 });
