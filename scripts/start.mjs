#!/usr/bin/env node
// `npm start`: builds the web app and the API when their sources are newer than their builds, then
// serves the shop with plain `node` running the compiled API (apps/api/dist/main.js).
// `npm run dev`: the API with reload on change, and Vite's dev server (http://localhost:5173) in front.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { API_NODE_ARGS, API_NODE_ENV, buildApi } from './build-api.mjs';

const root = path.resolve(import.meta.dirname, '..');
/** The build's two pages: the back office's and the portals' (index.html), the storefront's (shop.html). */
const webPages = ['apps/web/dist/index.html', 'apps/web/dist/shop.html'].map((page) => path.join(root, page));
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/shop.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/vite.base.ts',
  'apps/web/vite.shop.config.ts',
  'packages/contracts/src',
];

function newestChange(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

function run(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
  return child;
}

const dev = process.argv.includes('--dev');
if (dev) {
  run(process.execPath, ['--import', 'tsx', '--watch', 'apps/api/src/main.ts'], { env: { ...process.env, NODE_ENV: 'development' } });
  run('npx', ['vite', '--config', 'apps/web/vite.config.ts', 'apps/web']);
} else {
  const built = Math.min(...webPages.map((page) => (fs.existsSync(page) ? fs.statSync(page).mtimeMs : 0)));
  if (webSources.some((source) => newestChange(source) > built)) {
    console.log('Building the web app…');
    const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@haat/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  await buildApi();
  run(process.execPath, API_NODE_ARGS, { env: { ...API_NODE_ENV, ...process.env } });
}
