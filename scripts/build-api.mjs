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
 * server's short-lived allocations; decision 023).
 */
export const API_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=8', API_BUNDLE];
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
  console.log(`Built the API (apps/api/dist/main.js) in ${Date.now() - started} ms.`);
  return true;
}

if (process.argv[1] === import.meta.filename) {
  await buildApi({ force: process.argv.includes('--force') });
}
