#!/usr/bin/env node
// `npm test`: types, lint, module boundaries, unit and API tests (PGlite, then PostgreSQL when TEST_DATABASE_URL is set),
// the web build, then the browser journeys against that build. Ends with "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, '.tmp/test-results');
fs.mkdirSync(results, { recursive: true });
let passed = 0;
let failed = 0;
const failures = [];

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`  ${name}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (run.status !== 0) failures.push(name);
  return run.status === 0;
}

function vitest(name, args, env = {}) {
  const report = path.join(results, `${name.replace(/\W+/g, '-')}.json`);
  fs.rmSync(report, { force: true });
  step(name, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  if (fs.existsSync(report)) {
    const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
  } else {
    failed += 1;
  }
}

/**
 * Steps that only read the sources, run side by side (as many as the machine has cores), each one's
 * output printed whole when it ends: the four type checks are separate projects (their own libraries:
 * the API has no DOM, the contracts no Node), so none of them can stand in for another.
 */
async function together(steps) {
  const queue = [...steps];
  const width = Math.max(1, Math.min(os.availableParallelism?.() ?? os.cpus().length, steps.length));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, command, args] = next;
      const started = Date.now();
      const child = spawn(command, args, { cwd: root, env: process.env });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const status = await new Promise((resolve) => child.on('close', resolve));
      console.log(`\n▶ ${name}`);
      if (output) process.stdout.write(output);
      console.log(`  ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (status !== 0) failures.push(name);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
}

const checksStarted = Date.now();
const tsconfigs = ['apps/web', '.', 'apps/api', 'packages/contracts'];
await together([
  ...tsconfigs.map((project) => [`types (${project})`, 'npx', ['tsc', '--noEmit', '-p', project]]),
  ['lint', 'npx', ['biome', 'check', '.']],
  ['module boundaries', 'node', ['scripts/check-boundaries.mjs']],
]);
console.log(`  (types, lint and boundaries: ${((Date.now() - checksStarted) / 1000).toFixed(1)} s)`);

vitest('unit and API tests on PGlite', [], { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('API tests on PostgreSQL', ['apps/api'], { TEST_DB: 'postgres' });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on PGlite only.)');
}

if (step('web build', 'npm', ['run', 'build', '--silent', '-w', '@haat/web'])) {
  vitest('browser tests', ['--config', 'vitest.e2e.config.ts']);
} else {
  failed += 1;
}

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
