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
const failedTests = [];
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
    // Named again at the very end, where a CI log's tail shows them.
    for (const file of summary.testResults ?? []) {
      const where = path.relative(root, file.name);
      const broken = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of broken)
        failedTests.push(`${name}: ${where} › ${test.fullName}\n    ${(test.failureMessages ?? [])[0]?.split('\n')[0] ?? ''}`);
      if (!broken.length && file.status === 'failed') failedTests.push(`${name}: ${where}\n    ${file.message?.split('\n')[0] ?? ''}`);
    }
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
  // The API bundle the browser parts start, built once before they run side by side.
  () => step('API build', 'node', ['--input-type=module', '-e', "await (await import('./scripts/build-api.mjs')).buildApi()"]),
]);
console.log(`  (types, lint, boundaries and the web build: ${seconds(started)})`);

/**
 * The browser journeys split in two parts by their expected time: the time each file took in the last
 * run on this checkout when there is one (.tmp/test-results), else its size. `share` of the expected
 * time goes to the first part.
 */
function splitBrowserFiles(share) {
  const dir = path.join(root, 'e2e');
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.e2e.ts'))
    .map((name) => `e2e/${name}`);
  const took = new Map();
  for (const report of fs.readdirSync(results).filter((name) => name.startsWith('browser-tests'))) {
    try {
      for (const file of JSON.parse(fs.readFileSync(path.join(results, report), 'utf8')).testResults ?? []) {
        took.set(path.relative(root, file.name), file.endTime - file.startTime);
      }
    } catch {
      // an unfinished report: sizes stand in
    }
  }
  const size = (file) => fs.statSync(path.join(root, file)).size;
  const weight = (file) => (took.size ? (took.get(file) ?? 10_000) : size(file));
  const ordered = files.sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  const total = ordered.reduce((sum, file) => sum + weight(file), 0);
  const parts = [[], []];
  const loads = [0, 0];
  // Largest first, each to the part furthest below its target.
  for (const file of ordered) {
    const part = loads[0] / share - loads[1] / (1 - share) <= 0 ? 0 : 1;
    parts[part].push(file);
    loads[part] += weight(file);
  }
  return parts.map((part) => part.sort()).filter((part) => part.length && total > 0);
}

/**
 * Two lanes, one per core (decision 043): each test step runs one file at a time in one worker,
 * so on its own it keeps one core busy. With PostgreSQL, one lane runs the PGlite tests then a third of
 * the browser journeys, the other the PostgreSQL API tests (shorter) then the other two thirds, so that
 * both lanes end together; each browser part starts its own built app and chromium.
 */
const testsStarted = Date.now();
const browserTests = async (name, files = []) => {
  if (built) await vitest(name, ['--config', 'vitest.e2e.config.ts', ...files]);
  else failed += 1;
};
if (process.env.TEST_DATABASE_URL) {
  const [first, second] = splitBrowserFiles(0.6);
  await Promise.all([
    (async () => {
      await vitest('unit and API tests on PGlite', [], { TEST_DB: 'pglite' });
      if (second) await browserTests('browser tests (part 2)', second);
    })(),
    (async () => {
      await vitest('API tests on PostgreSQL', ['--project', 'api'], { TEST_DB: 'postgres' });
      await browserTests('browser tests (part 1)', first);
    })(),
  ]);
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API tests run on PGlite only.)');
  await Promise.all([vitest('unit and API tests on PGlite', [], { TEST_DB: 'pglite' }), browserTests('browser tests')]);
}
console.log(`  (tests: ${seconds(testsStarted)}; all: ${seconds(started)})`);

console.log('');
if (failedTests.length) console.log(`Failed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}\n`);
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
