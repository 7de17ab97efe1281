// Loaded with `--import` into servers the benchmarks start: when the benchmark process that started the
// server goes away (even by SIGKILL), the server is re-parented, notices within a second and shuts down
// instead of lingering. The benchmark passes its pid in BENCH_PARENT_PID.
const parent = Number(process.env.BENCH_PARENT_PID);
if (parent) {
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    process.stderr.write(`parent-guard: benchmark process ${parent} is gone, stopping\n`);
    setTimeout(() => process.exit(1), 5000).unref();
    process.kill(process.pid, 'SIGTERM');
  }, 1000);
  timer.unref();
}
