// Loaded with `--import` into servers the benchmarks start: when the benchmark process that started the
// server goes away (even by SIGKILL), the server is re-parented, notices within a second and shuts down
// instead of lingering. The benchmark passes its pid in BENCH_PARENT_PID.
const parent = Number(process.env.BENCH_PARENT_PID);
// Only the server the benchmark started: a process it forks (the first start's set-up, apps/api/src/main.ts)
// inherits the flag and the variable, but its parent is the server.
if (parent && process.ppid === parent) {
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    process.stderr.write(`parent-guard: benchmark process ${parent} is gone, stopping\n`);
    setTimeout(() => process.exit(1), 5000).unref();
    process.kill(process.pid, 'SIGTERM');
  }, 1000);
  timer.unref();
}
