#!/usr/bin/env node
// `npm test`: types, lint, module boundaries and the web build, then the unit and API tests on PGlite
// side by side with the API tests on PostgreSQL (when TEST_DATABASE_URL is set) followed by the
// browser journeys against that build. Ends with "N passed, N failed". See decisions 033 and 043.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, '.tmp/test-results');
fs.mkdirSync(results, { recursive: true });
let passed = 0;
let failed = 0;
const failures = [];
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Runs one step; its output is kept and printed whole when it ends, so that steps running side by side
 * do not interleave their lines. Answers whether it passed.
 */
async function step(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`▷ ${name} started`);
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const status = await new Promise((resolve) => child.on('close', resolve));
  console.log(`\n▶ ${name}`);
  if (output) process.stdout.write(output);
  console.log(`  ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds(started)}`);
  if (status !== 0) failures.push(name);
  return status === 0;
}

async function vitest(name, args, env = {}) {
  const report = path.join(results, `${name.replace(/\W+/g, '-')}.json`);
  fs.rmSync(report, { force: true });
  await step(name, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  if (fs.existsSync(report)) {
    const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
  } else {
    failed += 1;
  }
}

/**
 * Steps that only read the sources run side by side, as many at a time as the machine has cores: the
 * four type checks are separate projects (their own libraries: the API has no DOM, the contracts no
 * Node), so none of them can stand in for another; the web build writes only apps/web/dist.
 */
async function together(steps) {
  const queue = [...steps];
  const width = Math.max(1, Math.min(os.availableParallelism?.() ?? os.cpus().length, steps.length));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await next();
  };
  await Promise.all(Array.from({ length: width }, worker));
}

const started = Date.now();
let built = false;
const tsconfigs = ['apps/web', '.', 'apps/api', 'packages/contracts'];
await together([
  async () => {
    built = await step('web build', 'npm', ['run', 'build', '--silent', '-w', '@haat/web']);
  },
  ...tsconfigs.map((project) => () => step(`types (${project})`, 'npx', ['tsc', '--noEmit', '-p', project])),
  () => step('lint', 'npx', ['biome', 'check', '.']),
  () => step('module boundaries', 'node', ['scripts/check-boundaries.mjs']),
]);
console.log(`  (types, lint, boundaries and the web build: ${seconds(started)})`);

/**
 * Two lanes, one per core (decision 043): each test step runs one file at a time in one worker, so on
 * its own it keeps one core busy. The PGlite run is the longest; the PostgreSQL run and then the
 * browser journeys fill the other core.
 */
const testsStarted = Date.now();
const browserTests = async () => {
  if (built) await vitest('browser tests', ['--config', 'vitest.e2e.config.ts']);
  else failed += 1;
};
await Promise.all([
  vitest('unit and API tests on PGlite', [], { TEST_DB: 'pglite' }),
  (async () => {
    if (process.env.TEST_DATABASE_URL) await vitest('API tests on PostgreSQL', ['--project', 'api'], { TEST_DB: 'postgres' });
    else console.log('\n(TEST_DATABASE_URL is not set: the API tests run on PGlite only.)');
    await browserTests();
  })(),
]);
console.log(`  (tests: ${seconds(testsStarted)}; all: ${seconds(started)})`);

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
