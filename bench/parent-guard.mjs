// Loaded with `--import` into servers the benchmarks start: when the benchmark process goes away
// (even by SIGKILL), the server's stdin pipe closes and the server shuts itself down instead of lingering.
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), 5000).unref();
  process.kill(process.pid, 'SIGTERM');
};
process.stdin.once('end', stop);
process.stdin.once('close', stop);
process.stdin.once('error', stop);
process.stdin.resume();
