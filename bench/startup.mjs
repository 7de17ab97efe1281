// Start-up time on an existing data folder: from spawning `node apps/api/dist/main.js` (compiled, as `npm start` runs it)
// to the first 200 from GET /api/get/site/info (polled every 20 ms). Usage: node bench/startup.mjs [--json FILE]
// BENCH_STARTUP_RUNS overrides the number of timed starts (default 5).
import { freePort, LOOPBACK, makeTempDir, median, runBenchmark, startHaat, statusOf, waitFor200 } from './lib.mjs';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const BUDGET_MS = 3000;
const POLL_MS = 20;
/** One start may take this long before the run counts as broken rather than slow. */
const START_TIMEOUT_MS = 30_000;
/** The first start migrates and seeds the demo shop (password hashing included), so it gets longer. */
const PREPARE_TIMEOUT_MS = 120_000;

async function startOnce(dataDir, { timeoutMs }) {
  const port = await freePort();
  const url = `http://${LOOPBACK}:${port}/api/get/site/info`;
  const started = performance.now();
  const server = startHaat({ PORT: String(port), DATA_DIR: dataDir, DEMO: '1' }, { label: 'haat' });
  try {
    const answered = await waitFor200(url, { child: server, intervalMs: POLL_MS, timeoutMs });
    const elapsed = answered - started;
    const selfReported = Number(/ready in (\d+) ms/.exec(server.output())?.[1] ?? Number.NaN);
    return { elapsed, selfReported, server };
  } finally {
    const stopped = performance.now();
    const exit = await server.stop(10_000);
    server.stopMs = performance.now() - stopped;
    server.cleanExit = exit.code === 0;
  }
}

async function main() {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('BENCH_STARTUP_RUNS must be a positive integer');
  const dataDir = makeTempDir('startup');

  process.stdout.write(`Preparing a data folder (first start with DEMO=1) in ${dataDir} ... `);
  const first = await startOnce(dataDir, { timeoutMs: PREPARE_TIMEOUT_MS });
  console.log(`done in ${Math.round(first.elapsed)} ms`);

  const runs = [];
  for (let index = 1; index <= RUNS; index++) {
    const run = await startOnce(dataDir, { timeoutMs: START_TIMEOUT_MS });
    runs.push({
      elapsedMs: Math.round(run.elapsed),
      serverReadyMs: Number.isNaN(run.selfReported) ? null : run.selfReported,
      stopMs: Math.round(run.server.stopMs),
      cleanExit: run.server.cleanExit,
    });
    const ready = Number.isNaN(run.selfReported) ? '' : ` (server's own "ready in": ${run.selfReported} ms)`;
    console.log(`start ${index}/${RUNS}: first 200 after ${Math.round(run.elapsed)} ms${ready}`);
  }

  const elapsed = runs.map((run) => run.elapsedMs);
  const med = Math.round(median(elapsed));
  const max = Math.max(...elapsed);
  console.log(`\nmedian ${med} ms, max ${max} ms, min ${Math.min(...elapsed)} ms over ${RUNS} starts`);
  const unclean = runs.filter((run) => !run.cleanExit).length;
  if (unclean) console.warn(`warning: ${unclean} start(s) did not exit with code 0 after SIGTERM`);

  const rows = [
    {
      metric: 'Start-up to first answer, existing data (median)',
      budget: `< ${BUDGET_MS} ms`,
      measured: `${med} ms`,
      pass: med < BUDGET_MS,
    },
    { metric: 'Start-up to first answer, existing data (max)', budget: `< ${BUDGET_MS} ms`, measured: `${max} ms`, pass: max < BUDGET_MS },
  ];
  return {
    status: statusOf(rows),
    rows,
    details: { runs, medianMs: med, maxMs: max, firstStartMs: Math.round(first.elapsed), pollIntervalMs: POLL_MS },
  };
}

await runBenchmark('startup', main, { timeLimitMs: PREPARE_TIMEOUT_MS + RUNS * (START_TIMEOUT_MS + 15_000) + 30_000 });
