import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { API_NODE_ARGS, API_NODE_ENV, buildApi } from '../scripts/build-api.mjs';
import { E2E_ACCOUNTS } from './accounts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** One built app for every browser test: a fresh data folder with the demo shop. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  }
  // The compiled API, as `npm start` runs it (built here when its sources changed).
  await buildApi();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-e2e-'));
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, API_NODE_ARGS, {
    cwd: root,
    env: {
      ...API_NODE_ENV,
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: '1',
      ADMIN_EMAIL: E2E_ACCOUNTS.admin.login,
      ADMIN_PASSWORD: E2E_ACCOUNTS.admin.password,
      DEMO_PASSWORD: E2E_ACCOUNTS.reseller.password,
      LOG_LEVEL: 'warn',
      // Browser tests never reach Meta: queued Conversions API events stay in the delivery log (decision 060).
      CONVERSIONS_SEND_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  // A first start seeds the demo shop: about 10 s on a quiet machine, a minute on a busy one, over three
  // minutes on a shared machine at a load average of 17 (decision 043).
  const deadline = Date.now() + 300_000;
  for (;;) {
    const answer = await fetch(`${baseUrl}/api/get/site/info`).catch(() => null);
    if (answer?.ok) break;
    if (server.exitCode !== null || Date.now() > deadline) {
      server.kill('SIGKILL'); // not left running when the run ends here
      throw new Error(`The app did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  project.provide('baseUrl', baseUrl);
  // One chromium for every file (they run one at a time), each file in contexts of its own.
  const chromiumServer = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', chromiumServer.wsEndpoint());
  return async () => {
    await chromiumServer.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The shared chromium's address (playwright's `connect`). */
    chromiumEndpoint?: string;
  }
}
