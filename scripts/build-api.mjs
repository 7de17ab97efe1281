#!/usr/bin/env node
// Compiles the API for production: apps/api/src (and the shared contracts) → apps/api/dist/main.js,
// one ES module run with plain `node`. Packages from node_modules stay outside the bundle (sharp,
// PGlite and argon2 carry native or WebAssembly parts and are loaded as they are). A build newer
// than every source is kept: `npm start` calls this on every start and it costs ~50 ms then.
// `--force` builds anyway. Types are checked by `npm test` (tsc), not here.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const api = path.join(root, 'apps/api');
export const API_BUNDLE = path.join(api, 'dist/main.js');
/**
 * How production runs the bundle: source maps for stack traces, and V8's young generation capped at
 * 8 MB per semi-space (Node's default grows it to 16 MB: ~30 MB more resident for no gain on this
 * server's short-lived allocations). `--optimize-for-size` (≈15 MB less) and `--v8-pool-size=1`
 * (≈10 MB less) were measured and left out: a slower checkout tail, rare minute-long start-ups
 * (decision 023).
 */
export const API_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=8', API_BUNDLE];
/**
 * The environment production runs the bundle with, under the caller's own (which wins). glibc's
 * malloc raises its mmap threshold after a large block is freed, so start-up's big temporary blocks
 * (compiling PGlite's WebAssembly, the migrations) then come from its heaps and stay resident when
 * freed; a fixed threshold of 128 kB gives them back (decision 023). Other C libraries ignore it.
 */
export const API_NODE_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };
const sources = [path.join(api, 'src'), path.join(root, 'packages/contracts/src'), path.join(api, 'package.json'), import.meta.filename];

function newestChange(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

/** Builds when a source is newer than the bundle; answers whether it built. */
export async function buildApi({ force = false } = {}) {
  const built = fs.existsSync(API_BUNDLE) ? fs.statSync(API_BUNDLE).mtimeMs : 0;
  if (!force && built >= Math.max(...sources.map(newestChange))) return false;
  const started = Date.now();
  const { dependencies = {} } = JSON.parse(fs.readFileSync(path.join(api, 'package.json'), 'utf8'));
  const contracts = JSON.parse(fs.readFileSync(path.join(root, 'packages/contracts/package.json'), 'utf8'));
  await build({
    entryPoints: [path.join(api, 'src/main.ts')],
    outfile: API_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    // The map only has to place a stack frame: the sources are beside it (the map is 0.8 MB, not 2.3).
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    // Every package stays a run-time import (sub-paths too: drizzle-orm/pglite…); the contracts,
    // a workspace package of TypeScript sources, are compiled into the bundle.
    external: [
      ...Object.keys(dependencies).flatMap((name) => [name, `${name}/*`]),
      ...Object.keys(contracts.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]),
      ...builtinModules.flatMap((name) => [name, `node:${name}`]),
    ],
  });
  asciiOnly(API_BUNDLE);
  console.log(`Built the API (apps/api/dist/main.js) in ${Date.now() - started} ms.`);
  return true;
}

/**
 * esbuild escapes non-ASCII characters in strings but leaves them in regular expression literals
 * (`/[,\s৳]/`); one such character makes V8 hold the whole bundle as two bytes per character
 * (2 MB instead of 1). Each is written as its \u escape, which means the same in a literal; a stack
 * frame on such a line (a few one-line regular expressions) may be a few columns off, never a line.
 */
function asciiOnly(file) {
  const text = fs.readFileSync(file, 'utf8');
  const unicodeEscapes = (char) =>
    [...Array(char.length).keys()].map((i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
  // One escape per UTF-16 unit: a character beyond U+FFFF becomes its surrogate pair, as it is in the string.
  const ascii = text.replace(/[^\p{ASCII}]/gu, unicodeEscapes);
  if (ascii !== text) fs.writeFileSync(file, ascii);
}

if (process.argv[1] === import.meta.filename) {
  await buildApi({ force: process.argv.includes('--force') });
}
